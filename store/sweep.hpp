// Sweeping a grid into a run store: what is done, what is left, and running what is left.
//
// The store is the only state of a sweep: a sweep plans by asking the store which runs of the
// grid it holds, runs the others and commits each as it finishes. So stopping a sweep, killing
// it, or losing the machine costs only the runs in flight, and starting the same command again
// (on one machine or under MPI) takes up where the store stands.
//
// What is left runs longest first (cost = m + n per run: balls placed plus bins allocated),
// so that the expensive points start early and the short ones fill the gaps at the end, whether
// the runs go to threads or to MPI ranks.
#pragma once

#include <chrono>
#include <functional>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "store/executor.hpp"
#include "store/grid.hpp"
#include "store/run_store.hpp"

namespace gapcheck::store {

// Part k of `of` (1 <= k <= of): the replicates r with r mod `of` = k - 1, of every point. Parts
// split a grid between machines without MPI (each into its own store, merged afterwards), and
// every part gets its share of every point, so their costs are close.
struct Part {
  std::uint64_t k = 1;
  std::uint64_t of = 1;
  bool holds(std::uint64_t replicate) const { return replicate % of == k - 1; }
};

// "K/N" as a Part; throws InputError naming the value otherwise.
Part parse_part(const std::string& text);

struct SweepPlan {
  std::vector<PointKey> keys;         // one per grid point
  std::vector<std::uint64_t> done;    // stored runs per grid point
  std::vector<Task> missing;          // runs to do (of the part asked for), longest first
  std::uint64_t other_parts = 0;      // runs missing that belong to the other parts
  std::uint64_t done_other_parts = 0; // stored runs that belong to the other parts
  double cost_left = 0;               // sum of m + n over `missing`
  std::uint64_t other_versions = 0;   // rows of other results versions in the store
  // Wall time of `missing` on one worker, from the stored runs' rates (0: no run stored): each
  // run at the rate of the stored runs of its process, setting, weights, engine and n, else of
  // its process, setting, weights and engine at any n, else of the whole store.
  double seconds_left = 0;

  std::uint64_t done_runs() const;
};

SweepPlan plan_sweep(const Grid& grid, const RunStore& store, Part part = {});

double run_cost(const Simulation& point);

// `gapcheck sweep --status`, and the closing summary of a sweep: one line per grid point.
// `store_label` names the store when it is not store.path() (a store that does not exist yet).
std::string status_text(const Grid& grid, const RunStore& store, const SweepPlan& plan,
                        unsigned workers, const std::string& store_label = {});

// Done / left / estimated time and a bar, on stderr. On a terminal the bar is redrawn in place
// a few times a second; elsewhere (a batch job's log) a line is written every 10 % or minute.
class Progress {
 public:
  Progress(std::ostream& err, bool terminal, const SweepPlan& plan, unsigned workers);
  void advance(std::uint64_t runs, double cost);  // runs just committed
  void finish();

 private:
  void draw(bool final);
  std::ostream& err_;
  bool terminal_;
  std::uint64_t total_, done_ = 0;
  double cost_total_, cost_done_ = 0;
  double prior_seconds_;  // estimate of the whole from the stored rates (0: none stored)
  std::uint64_t measured_after_;  // runs finished before the measured rate is trusted: workers
  std::chrono::steady_clock::time_point start_, last_draw_;
  int last_decile_ = -1;
};

// Runs every missing run of `plan` on `threads` threads, committing to `store` as runs finish.
// When `stop` (if given) returns true, no new run starts; the runs in progress finish and are
// committed.
void sweep_local(const Grid& grid, RunStore& store, const SweepPlan& plan, unsigned threads,
                 Progress& progress, const std::function<bool()>& stop = {});

// "3 h 12 min", "41 s": a duration for people.
std::string human_duration(double seconds);

}  // namespace gapcheck::store
