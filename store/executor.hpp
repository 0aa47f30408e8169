// Runs a list of tasks on threads and commits their results in groups as they finish.
//
// Shared by run_or_reuse (the replicates of one point) and sweep (every missing run of a grid):
// threads take the next task of the list in order, so a list sorted longest first keeps all
// threads busy to the end. Committing is serialized: a thread that finishes while another is
// committing leaves its result to that committer, which takes everything pending before it stops.
// So each commit holds what finished during the previous one — one transaction per run when runs
// are slow, a few runs per transaction when they take microseconds — and nothing finished waits
// for a later run to be committed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "processes/core/engine.hpp"

namespace gapcheck::store {

struct Task {
  std::size_t point = 0;       // index into the caller's list of simulations
  std::uint64_t replicate = 0;
};

struct FinishedTask {
  Task task;
  RunResult result;
  double seconds = 0;  // wall time of the run
};

// Runs every task (run(task) -> result) on `threads` threads; `commit` is called with groups of
// finished tasks, never concurrently. The first exception of run or commit stops the taking of
// new tasks and is rethrown after every thread has stopped (what was committed stays committed).
// When `stop` (if given) returns true, no new task is taken; the runs in progress finish and
// everything finished is committed. A thread that cannot be started (no memory for its stack)
// leaves its share to the others, and a run that runs out of memory beside other threads is run
// again alone once they have stopped (processes/core/threads.hpp). Returns the number of threads
// that ran tasks.
unsigned execute(std::span<const Task> tasks, unsigned threads,
                 const std::function<RunResult(const Task&)>& run,
                 const std::function<void(std::span<const FinishedTask>)>& commit,
                 const std::function<bool()>& stop = {});

}  // namespace gapcheck::store
