#include "store/mpi_sweep.hpp"

#include <chrono>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "store/result_json.hpp"

#ifdef GAPCHECK_MPI
#include <mpi.h>
#endif

namespace gapcheck::store {

bool launched_by_mpi() {
  // Open MPI's mpirun sets OMPI_COMM_WORLD_SIZE; srun (PMIx or PMI-2) and MPICH set the others.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

#ifndef GAPCHECK_MPI

MpiSession::MpiSession() {
  if (launched_by_mpi())
    throw InputError("gapcheck was built without MPI (install libopenmpi-dev and rebuild) but "
                     "was started by an MPI launcher");
}
MpiSession::~MpiSession() = default;
void MpiSession::abort(int code) { std::exit(code); }

std::size_t coordinate_sweep(const Grid&, RunStore&, const SweepPlan&, Progress&, int,
                             const std::function<bool()>&) {
  throw std::logic_error("coordinate_sweep without MPI");
}
void stop_workers(int) {}
void work_sweep(const Grid&) { throw std::logic_error("work_sweep without MPI"); }

#else

namespace {

// Worker -> rank 0: a finished run as JSON ({"point", "seconds", "result"}); empty: "ready".
constexpr int kTagResult = 1;
// Rank 0 -> worker: two uint64 (point, replicate).
constexpr int kTagTask = 2;
// Rank 0 -> worker: no more tasks.
constexpr int kTagStop = 3;

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// Receives the next message from any worker: its rank and its text; nothing when none has arrived
// and `stop` says so (polled: a blocking probe would not see a signal while no worker reports).
std::optional<std::pair<int, std::string>> receive_from_worker(const std::function<bool()>& stop) {
  MPI_Status status;
  for (int arrived = 0;;) {
    check(MPI_Iprobe(MPI_ANY_SOURCE, kTagResult, MPI_COMM_WORLD, &arrived, &status), "probe");
    if (arrived) break;
    if (stop && stop()) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::microseconds(100));  // a result waits 0.1 ms at most
  }
  int size = 0;
  check(MPI_Get_count(&status, MPI_CHAR, &size), "get count");
  std::string text(static_cast<std::size_t>(size), '\0');
  check(MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, kTagResult, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE),
        "receive");
  return std::pair{status.MPI_SOURCE, std::move(text)};
}

void send_stop(int worker) {
  check(MPI_Send(nullptr, 0, MPI_CHAR, worker, kTagStop, MPI_COMM_WORLD), "send stop");
}

}  // namespace

MpiSession::MpiSession() {
  if (!launched_by_mpi()) return;
  check(MPI_Init(nullptr, nullptr), "init");
  initialized_ = true;
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "size");
}

MpiSession::~MpiSession() {
  if (initialized_) MPI_Finalize();
}

void MpiSession::abort(int code) {
  if (initialized_) MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

std::size_t coordinate_sweep(const Grid& grid, RunStore& store, const SweepPlan& plan,
                             Progress& progress, int size, const std::function<bool()>& stop) {
  std::size_t next = 0, stored = 0;
  int working = size - 1;
  std::exception_ptr failure;  // after a failure, workers are stopped and results dropped
  const auto stopped = [&] { return stop && stop(); };
  while (working > 0) {
    // After a stop, the results already sent are still received and stored; none is handed out.
    auto message = receive_from_worker(stop);
    if (!message) break;
    auto& [worker, text] = *message;
    if (next < plan.missing.size() && !failure && !stopped()) {
      const Task& task = plan.missing[next++];
      const std::uint64_t assignment[2] = {task.point, task.replicate};
      check(MPI_Send(assignment, 2, MPI_UINT64_T, worker, kTagTask, MPI_COMM_WORLD), "send task");
    } else {
      send_stop(worker);
      --working;
    }
    if (text.empty() || failure) continue;
    try {
      const auto j = ordered_json::parse(text);
      const auto point = j.at("point").get<std::size_t>();
      const StoredRun row{plan.keys.at(point), result_from_json(j.at("result")),
                          j.at("seconds").get<double>()};
      store.write(std::span(&row, 1));
      ++stored;
      progress.advance(1, run_cost(grid.points[point].simulation));
    } catch (...) {
      failure = std::current_exception();
    }
  }
  progress.finish();
  if (failure) std::rethrow_exception(failure);
  return stored;
}

void stop_workers(int size) {
  for (int k = 1; k < size; ++k) send_stop(receive_from_worker({})->first);
}

void work_sweep(const Grid& grid) {
  std::string message;  // empty: ready for the first task
  while (true) {
    check(MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, kTagResult,
                   MPI_COMM_WORLD),
          "send result");
    std::uint64_t task[2] = {0, 0};
    MPI_Status status;
    check(MPI_Recv(task, 2, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status), "receive");
    if (status.MPI_TAG == kTagStop) return;
    const auto start = std::chrono::steady_clock::now();
    const GridPoint& point = grid.points.at(task[0]);
    const RunResult result = point.simulation.run(point.seed, task[1]);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    message = ordered_json{{"point", task[0]}, {"seconds", seconds},
                           {"result", result_to_json(result)}}
                  .dump();
  }
}

#endif

}  // namespace gapcheck::store
