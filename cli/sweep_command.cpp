// `gapcheck sweep GRID [--db FILE] [--status] [--threads T] [--part K/N]`: run every missing run
// of a grid (or of part K of N of it) into a run store, on this machine's threads or, under mpirun/srun, on MPI ranks.
//
// The command is a thin layer over store/sweep.hpp: read the grid, open the store, plan, run,
// and print the status of the grid at the end (the same text as --status). Under MPI every rank
// reads the grid (a bad grid fails on all ranks alike, and only rank 0 says so), rank 0 opens the
// store and coordinates, the others work.
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/resources.hpp"
#include "cli/signals.hpp"
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
  std::string part;
  bool status = false;
};

// Refuses a sweep whose runs cannot fit before any of them starts: one run of the largest point
// left must fit (else the point is named), and so must the `workers` largest runs left at once
// (else the thread count that fits is named). Under MPI only rank 0 checks, against its own
// machine and one run at a time: each worker rank runs one run at once.
void check_sweep_memory(const store::Grid& grid, const store::SweepPlan& plan, unsigned workers,
                        bool mpi) {
  const AvailableMemory have = available_memory();
  if (!have.known || plan.missing.empty()) return;
  std::vector<std::uint64_t> bytes;
  for (const auto& task : plan.missing) bytes.push_back(grid.points[task.point].simulation.bytes_per_run);
  const std::size_t at_once = mpi ? 1 : std::min<std::size_t>(workers, bytes.size());
  const auto largest = std::max_element(plan.missing.begin(), plan.missing.end(),
                                        [&](const auto& a, const auto& b) {
                                          return grid.points[a.point].simulation.bytes_per_run <
                                                 grid.points[b.point].simulation.bytes_per_run;
                                        });
  const Simulation& point = grid.points[largest->point].simulation;
  const std::string which =
      fmt::format("the point {} {} {} engine = {} n = {} m = {}", point.process.str(),
                  point.setting.str(), point.weights.str(), engine_name(point.config.engine),
                  point.config.n, point.config.m);
  const auto [need, fit] = runs_at_once(std::move(bytes), at_once, 0, have);
  if (fit == 0) require_memory(point.bytes_per_run, "one run of " + which, have);
  if (fit < at_once)
    require_memory(need,
                   fmt::format("the {} largest runs left at once, the largest {} for {}; "
                               "--threads {} would fit",
                               at_once, human_bytes(point.bytes_per_run), which, fit),
                   have);
}

int sweep(const SweepOptions& o, std::ostream& out, std::ostream& err) {
  store::MpiSession mpi;
  const bool worker = mpi.rank() != 0;
  std::optional<store::Grid> grid;
  unsigned threads = 1;
  store::Part part;
  try {
    grid = store::load_grid(o.grid);
    threads = parse_threads(o.threads);
    if (!o.part.empty()) part = store::parse_part(o.part);
    std::uint64_t most_runs = 0;
    for (const auto& point : grid->points) most_runs = std::max(most_runs, point.runs);
    if (part.k > most_runs)
      throw InputError(fmt::format("--part {}: the grid has {} a point{}, so part {} holds none "
                                   "(part K of N holds the replicates r with r mod N = K-1)",
                                   o.part, counted(most_runs, "run"),
                                   grid->points.size() > 1 ? " at most" : "", part.k));
  } catch (const InputError&) {
    if (worker) return kExitBadInput;  // rank 0 reports it
    throw;
  }
  if (worker) {
    if (!o.status) store::work_sweep(*grid);
    return kExitOk;
  }
  const unsigned workers = mpi.size() > 1 ? static_cast<unsigned>(mpi.size() - 1) : threads;
  std::optional<store::RunStore> db;
  std::optional<store::SweepPlan> planned;
  try {
    if (o.db.empty()) throw InputError("--db '' names no run store: a sweep keeps its runs there");
    // Planned on the store as it is, only read: a missing file, or one with no store in it yet,
    // is an empty store in memory. --status stops there and never creates or changes a file; a
    // sweep that cannot fit is refused before its store is created.
    std::error_code fs_error;
    const bool exists = std::filesystem::exists(o.db, fs_error);
    const bool regular = std::filesystem::is_regular_file(o.db, fs_error);
    std::string label;  // how the status names a store that is not open on its file
    if (!exists) {
      label = o.db + " (not created yet)";
    } else if (regular || o.status) {
      db = store::read_existing_store(o.db);
      if (!db) label = o.db + " (empty)";
    } else {
      db = store::RunStore::open(o.db);  // a device: what writing to it does
    }
    if (!db) db = store::RunStore::open(":memory:");
    planned = store::plan_sweep(*grid, *db, part);
    if (o.status) {
      out << store::status_text(*grid, *db, *planned, workers, label) << std::flush;
      require_written(out);  // now: closing the store overwrites the cause of a failed write
      return kExitOk;
    }
    check_sweep_memory(*grid, *planned, workers, mpi.size() > 1);
    // Opened for writing before any run starts (a read-only store is refused here), and planned
    // again: another sweep may have stored runs meanwhile.
    db = store::RunStore::open(o.db);
    planned = store::plan_sweep(*grid, *db, part);
  } catch (...) {
    if (!o.status) store::stop_workers(mpi.size());
    throw;
  }
  const store::SweepPlan& plan = *planned;
  // Installed before the first line: a signal from then on stops the sweep cleanly.
  const SignalGuard signals;
  const auto stopped = [] { return SignalGuard::caught() != 0; };
  const auto say_interrupted = [&](int signal, std::uint64_t done, const char* in_flight) {
    err << "gapcheck sweep: interrupted by " << signal_name(signal) << ": " << done << " of "
        << grid->total_runs() << " runs are in the store (" << in_flight
        << "); the same command goes on from there" << std::endl;
  };
  err << "gapcheck sweep: " << plan.done_runs() << " of " << grid->total_runs()
      << " runs done, " << plan.missing.size() << " left"
      << (part.of > 1 ? fmt::format(" in part {}/{}", part.k, part.of) : "") << ", on "
      << counted(workers, mpi.size() > 1 ? "MPI worker" : "thread") << "\n";
  const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO);
  store::Progress progress(err, terminal, plan, workers);
  if (mpi.size() > 1) {
    const std::size_t stored =
        store::coordinate_sweep(*grid, *db, plan, progress, mpi.size(), stopped);
    if (const int signal = SignalGuard::caught(); signal != 0) {
      // The closing line first, from what is known: mpirun kills every rank a moment after it
      // passes a signal on, and the status re-reads the store.
      say_interrupted(signal, plan.done_runs() + stored,
                      "the runs the workers were simulating are lost");
      out << store::status_text(*grid, *db, store::plan_sweep(*grid, *db, part), workers)
          << std::flush;
      mpi.abort(128 + signal);
    }
  } else {
    store::sweep_local(*grid, *db, plan, threads, progress, stopped);
    if (const int signal = SignalGuard::caught(); signal != 0) {
      const store::SweepPlan now = store::plan_sweep(*grid, *db, part);
      out << store::status_text(*grid, *db, now, workers) << std::flush;
      say_interrupted(signal, now.done_runs(), "the runs in progress finished first");
      return 128 + signal;
    }
  }
  out << store::status_text(*grid, *db, store::plan_sweep(*grid, *db, part), workers) << std::flush;
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
  sub->add_option("--part", o->part,
                  "K/N: only part K of N of the grid's runs (replicates r with r mod N = K-1), "
                  "e.g. one part per machine, each into its own store, merged afterwards");
  sub->add_option("--threads", o->threads,
                  "threads (default: all cores; under MPI each worker rank runs one run at a time)");
  return {sub, [o](std::ostream& out, std::ostream& err) { return sweep(*o, out, err); }};
}

}  // namespace gapcheck::cli
