// What the machine can give a batch, asked before anything is allocated.
//
// A batch that cannot fit should be refused at once with the memory it needs, not fail after
// minutes of simulation (or be killed by the kernel). The memory a process may still take is the
// least of: MemAvailable in /proc/meminfo, the room left under the cgroup's limit (v2 memory.max,
// or v1 memory.limit_in_bytes), and the room left under the address-space limit (ulimit -v).
// Each is read when present; a machine that reports none of them is taken at its word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gapcheck::cli {

struct AvailableMemory {
  std::uint64_t bytes = 0;
  std::string source;  // where the figure comes from, e.g. "MemAvailable in /proc/meminfo"
  bool known = false;
};

AvailableMemory available_memory();

// The processor, as /proc/cpuinfo names it: "AMD EPYC (CPU family 25, 2 cores)"; "an unknown
// processor" where it says nothing. Printed with every estimate made from times measured here.
std::string processor_name();

// "3.2 GB", "640 MB", "12 kB": a size for people (powers of 1000).
std::string human_bytes(std::uint64_t bytes);

// The memory of runs at once: the `at_once` largest of `bytes_per_run` plus `extra` (an output
// kept beside them), and how many of those largest runs fit beside `extra` in `have` (a thread
// count that would fit). Sums saturate. A batch of `run` and a sweep both ask it.
struct RunsAtOnce {
  std::uint64_t need = 0;
  std::uint64_t fit = 0;
};
RunsAtOnce runs_at_once(std::vector<std::uint64_t> bytes_per_run, std::size_t at_once,
                        std::uint64_t extra, const AvailableMemory& have);

// Throws InputError (exit 2) naming the need, what it is made of, and what the machine has,
// when `need` bytes are more than the memory available.
void require_memory(std::uint64_t need, const std::string& made_of, const AvailableMemory& have);

}  // namespace gapcheck::cli
