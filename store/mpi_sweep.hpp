// The same sweep over MPI ranks: rank 0 owns the store, the other ranks simulate.
//
// Run costs differ by orders of magnitude across a grid, so runs are handed out one at a time,
// longest first, to whichever worker asks: a worker sends its finished run (or, at the start, an
// empty message) and gets the next task or a stop. A run is the same function of (point, seed,
// replicate) on every rank, so the rows equal those of a sweep on one machine; results travel as
// JSON with round-trip doubles (store/result_json.hpp). Only rank 0 touches the store, so the
// store needs no shared file system and a killed MPI sweep resumes like any other.
//
// MPI is started only when a launcher (mpirun, srun) started this process: a plain
// `gapcheck sweep` never loads the MPI runtime's machinery.
#pragma once

#include <functional>

#include "store/grid.hpp"
#include "store/run_store.hpp"
#include "store/sweep.hpp"

namespace gapcheck::store {

// True when an MPI launcher started this process (its environment says so).
bool launched_by_mpi();

// MPI_Init at construction when launched_by_mpi() (an InputError when gapcheck was built without
// MPI), MPI_Finalize at destruction. Without a launcher: rank 0 of 1.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ends every rank of the job with `code` (MPI_Abort): after a signal, the workers may still be
  // waiting for a task (a signal sent to rank 0 alone) or gone (one sent to the launcher).
  [[noreturn]] void abort(int code);

 private:
  bool initialized_ = false;
  int rank_ = 0;
  int size_ = 1;
};

// Rank 0: hands out plan.missing to ranks 1..size-1 and stores what they send back, each run as
// it arrives; returns the number of runs stored. Once `stop` says so (a signal) it hands out no
// more runs and returns when no result is waiting: every run received is stored, and the runs the
// workers were simulating are lost (the caller then ends the job: MpiSession::abort).
std::size_t coordinate_sweep(const Grid& grid, RunStore& store, const SweepPlan& plan,
                             Progress& progress, int size, const std::function<bool()>& stop = {});
// Rank 0 when it cannot coordinate (the store was refused): tells every worker to stop.
void stop_workers(int size);
// Ranks 1..size-1: simulate what rank 0 hands out until it says stop.
void work_sweep(const Grid& grid);

}  // namespace gapcheck::store
