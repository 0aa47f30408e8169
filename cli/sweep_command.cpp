// `gapcheck sweep GRID [--db FILE] [--status] [--threads T]`: run every missing run of a grid
// into a run store, on this machine's threads or, under mpirun/srun, on MPI ranks.
//
// The command is a thin layer over store/sweep.hpp: read the grid, open the store, plan, run,
// and print the status of the grid at the end (the same text as --status). Under MPI every rank
// reads the grid (a bad grid fails on all ranks alike, and only rank 0 says so), rank 0 opens the
// store and coordinates, the others work.
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "processes/core/spec.hpp"
#include "store/grid.hpp"
#include "store/mpi_sweep.hpp"
#include "store/run_store.hpp"
#include "store/sweep.hpp"

namespace gapcheck::cli {
namespace {

struct SweepOptions {
  std::string grid;
  std::string db = store::kDefaultDb;
  std::string threads;
  bool status = false;
};

int sweep(const SweepOptions& o, std::ostream& out, std::ostream& err) {
  store::MpiSession mpi;
  const bool worker = mpi.rank() != 0;
  std::optional<store::Grid> grid;
  unsigned threads = 1;
  try {
    grid = store::load_grid(o.grid);
    threads = parse_threads(o.threads);
  } catch (const InputError&) {
    if (worker) return kExitBadInput;  // rank 0 reports it
    throw;
  }
  if (worker) {
    if (!o.status) store::work_sweep(*grid);
    return kExitOk;
  }
  std::optional<store::RunStore> db;
  std::optional<store::SweepPlan> planned;
  try {
    // --status never creates a store: a missing one is an empty one in memory.
    const bool missing = o.status && !std::filesystem::exists(o.db);
    db = store::RunStore::open(missing ? ":memory:" : o.db);
    planned = store::plan_sweep(*grid, *db);
  } catch (...) {
    if (!o.status) store::stop_workers(mpi.size());
    throw;
  }
  const store::SweepPlan& plan = *planned;
  const unsigned workers = mpi.size() > 1 ? static_cast<unsigned>(mpi.size() - 1) : threads;
  if (o.status) {
    out << store::status_text(*grid, *db, plan, workers,
                              db->path() == o.db ? "" : o.db + " (not created yet)")
        << std::flush;
    return kExitOk;
  }
  err << "gapcheck sweep: " << plan.done_runs() << " of " << grid->total_runs()
      << " runs done, " << plan.missing.size() << " left, on "
      << counted(workers, mpi.size() > 1 ? "MPI worker" : "thread") << "\n";
  const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO);
  store::Progress progress(err, terminal, plan, workers);
  if (mpi.size() > 1)
    store::coordinate_sweep(*grid, *db, plan, progress, mpi.size());
  else
    store::sweep_local(*grid, *db, plan, threads, progress);
  out << store::status_text(*grid, *db, store::plan_sweep(*grid, *db), workers) << std::flush;
  return kExitOk;
}

}  // namespace

Command add_sweep_command(CLI::App& app) {
  auto o = std::make_shared<SweepOptions>();
  auto* sub = app.add_subcommand(
      "sweep", "run every missing run of a grid (TOML) into a run store; resumable, MPI-aware");
  sub->add_option("grid", o->grid, "grid file (TOML; see docs/sweeps.md)")->required();
  sub->add_option("--db", o->db,
                  std::string("run store (SQLite file; default ") + store::kDefaultDb +
                      " in the working folder)");
  sub->add_flag("--status", o->status, "print what is done and what is left, run nothing");
  sub->add_option("--threads", o->threads,
                  "threads (default: all cores; under MPI each worker rank runs one run at a time)");
  return {sub, [o](std::ostream& out, std::ostream& err) { return sweep(*o, out, err); }};
}

}  // namespace gapcheck::cli
