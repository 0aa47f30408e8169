// Every simulation behind the report goes through Runner::run, and every run it makes is kept.
//
// One function simulates, so that switching to the run store (reuse rows already computed,
// write new ones as they finish) is a change in one place. The runner keeps each batch it ran,
// with its canonical specs and seed, for the per-run CSV and the list of commands that
// repeat the report, and prints a progress line per batch.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <deque>
#include <vector>

#include "processes/registry.hpp"
#include "store/run_store.hpp"

namespace gapcheck::reports {

enum class Tier { tiny, ci, paper };
Tier tier_named(const std::string& name);  // InputError naming the value and the accepted ones
std::string tier_name(Tier tier);
template <class T>
T by_tier(Tier tier, T tiny, T ci, T paper) {
  return tier == Tier::tiny ? tiny : tier == Tier::ci ? ci : paper;
}

struct Batch {
  std::string experiment;
  Simulation simulation;
  std::uint64_t seed = 0;
  std::vector<RunResult> results;
  double seconds = 0;
};

class Runner {
 public:
  // With a run store, runs already stored are read back and new ones are kept. When `stop`
  // returns true, run() throws store::Interrupted once the runs in progress have finished.
  Runner(std::uint64_t seed, unsigned threads, std::ostream* progress,
         store::RunStore* store = nullptr, std::function<bool()> stop = {})
      : seed_(seed), threads_(threads), progress_(progress), store_(store),
        stop_(std::move(stop)) {}

  // Runs replicates [0, runs) of (process, setting, weights) at n, m under the report's seed.
  const std::vector<RunResult>& run(const std::string& experiment, const std::string& process,
                                    const std::string& setting, const std::string& weights,
                                    std::uint64_t n, std::uint64_t m, std::uint64_t runs);

  // A runner that simulates nothing: run() keeps each batch it is asked for, with stand-in
  // results (every run's gap 0, every bin at m/n), so that the experiments can be walked through
  // to list the batches they need (`report --plan`). Their figures are meaningless.
  static Runner planning(std::uint64_t seed) {
    Runner runner(seed, 1, nullptr);
    runner.planning_ = true;
    return runner;
  }

  std::uint64_t seed() const { return seed_; }
  const std::deque<Batch>& batches() const { return batches_; }

 private:
  std::uint64_t seed_;
  unsigned threads_;
  std::ostream* progress_;
  store::RunStore* store_;
  std::function<bool()> stop_;
  std::deque<Batch> batches_;  // a deque: references returned by run() stay valid
  bool planning_ = false;
};

// Per-run values of one field, e.g. values(results, &RunResult::gap).
std::vector<double> values(const std::vector<RunResult>& results, double RunResult::*field);

}  // namespace gapcheck::reports
