#include "cli/resources.hpp"

#include <sys/resource.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>

#include "processes/core/spec.hpp"

namespace gapcheck::cli {
namespace {

// The first number in `path`, or nothing ("max", missing file).
bool read_number(const std::string& path, std::uint64_t& value) {
  std::ifstream in(path);
  return static_cast<bool>(in >> value);
}

// A field of a "Name: value kB" file such as /proc/meminfo or /proc/self/status, in bytes.
bool read_kb_field(const std::string& path, const std::string& name, std::uint64_t& bytes) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name + ":", 0) != 0) continue;
    std::istringstream fields(line.substr(name.size() + 1));
    std::uint64_t kb = 0;
    if (!(fields >> kb)) return false;
    bytes = kb * 1024;
    return true;
  }
  return false;
}

void consider(AvailableMemory& a, std::uint64_t bytes, const std::string& source) {
  if (!a.known || bytes < a.bytes) a = {bytes, source, true};
}

}  // namespace

AvailableMemory available_memory() {
  AvailableMemory a;
  std::uint64_t value = 0, used = 0;
  if (read_kb_field("/proc/meminfo", "MemAvailable", value))
    consider(a, value, "MemAvailable in /proc/meminfo");
  if (read_number("/sys/fs/cgroup/memory.max", value) &&
      read_number("/sys/fs/cgroup/memory.current", used))
    consider(a, value > used ? value - used : 0, "left under the cgroup limit memory.max");
  else if (read_number("/sys/fs/cgroup/memory/memory.limit_in_bytes", value) &&
           read_number("/sys/fs/cgroup/memory/memory.usage_in_bytes", used) &&
           value < (std::uint64_t{1} << 62))
    consider(a, value > used ? value - used : 0,
             "left under the cgroup limit memory.limit_in_bytes");
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      read_kb_field("/proc/self/status", "VmSize", used))
    consider(a, limit.rlim_cur > used ? limit.rlim_cur - used : 0,
             "left under the address-space limit (ulimit -v)");
  return a;
}

std::string human_bytes(std::uint64_t bytes) {
  const auto b = static_cast<double>(bytes);
  if (b >= 1e12) return fmt::format("{:.1f} TB", b / 1e12);
  if (b >= 1e9) return fmt::format("{:.1f} GB", b / 1e9);
  if (b >= 1e6) return fmt::format("{:.0f} MB", b / 1e6);
  if (b >= 1e3) return fmt::format("{:.0f} kB", b / 1e3);
  return fmt::format("{} bytes", bytes);
}

RunsAtOnce runs_at_once(std::vector<std::uint64_t> bytes_per_run, std::size_t at_once,
                        std::uint64_t extra, const AvailableMemory& have) {
  at_once = std::min(at_once, bytes_per_run.size());
  std::partial_sort(bytes_per_run.begin(),
                    bytes_per_run.begin() + static_cast<std::ptrdiff_t>(at_once),
                    bytes_per_run.end(), std::greater<>());
  RunsAtOnce r{extra, 0};
  for (std::size_t k = 0; k < at_once; ++k) {
    r.need = bytes_per_run[k] > UINT64_MAX - r.need ? UINT64_MAX : r.need + bytes_per_run[k];
    if (r.need <= have.bytes) r.fit = k + 1;
  }
  return r;
}

void require_memory(std::uint64_t need, const std::string& made_of, const AvailableMemory& a) {
  if (!a.known || need <= a.bytes) return;
  throw InputError(fmt::format("the batch needs about {} of memory ({}) but {} is available ({})",
                               human_bytes(need), made_of, human_bytes(a.bytes), a.source));
}

std::string processor_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string model, family;
  std::size_t cores = 0;
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    key.erase(key.find_last_not_of(" \t") + 1);
    const std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "processor") ++cores;
    if (key == "model name" && model.empty()) model = value;
    if (key == "cpu family" && family.empty()) family = value;
  }
  if (model.empty()) return "an unknown processor";
  return model + " (" + (family.empty() ? "" : "CPU family " + family + ", ") +
         std::to_string(cores) + (cores == 1 ? " core)" : " cores)");
}

}  // namespace gapcheck::cli
