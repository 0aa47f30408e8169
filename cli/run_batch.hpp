// One `gapcheck run` batch from checked options to exit code: the memory it needs checked against
// what the machine has, the runs streamed to the output in replicate order, a progress line on a
// terminal, and SIGINT / SIGTERM turned into a clean stop.
//
// Why here and not in the runner: the runner (store::stream_runs) knows runs, threads and the
// store; what a person at a terminal sees, and what a signal means for the output, belong to the
// command. A signal only sets a flag: no new run starts, the runs in progress finish (and are
// stored with --db), the output is closed as visibly incomplete (see cli/output.hpp), and the exit
// code is 128 + the signal (130, 143). A second signal ends the process at once (the default
// action), losing the runs in progress but nothing stored.
#pragma once

#include <cstdint>
#include <ostream>

#include "cli/output.hpp"
#include "processes/registry.hpp"
#include "store/run_store.hpp"

namespace gapcheck::cli {

struct Batch {
  const Simulation& simulation;
  std::uint64_t seed = 1;
  std::uint64_t first_replicate = 0;
  std::uint64_t runs = 1;
  unsigned threads = 1;
  Format format = Format::table;
  store::RunStore* db = nullptr;  // none: nothing read or stored
  bool progress = false;          // draw a progress line on `err` (a terminal)
  bool estimate = true;           // say on `err` what a batch of more than a minute will take
};

// Runs the batch, writing its output to `out` and notes to `err` (among them, before a batch that
// will take more than a minute, its estimated time). Returns the exit code: 0, or
// 130 / 143 after SIGINT / SIGTERM. Throws InputError (before any run) when the batch cannot fit
// in memory, OutputError when the output cannot be written.
int run_batch(const Batch& batch, std::ostream& out, std::ostream& err);

}  // namespace gapcheck::cli
