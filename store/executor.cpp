#include "store/executor.hpp"

#include "processes/core/threads.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <new>

namespace gapcheck::store {

unsigned execute(std::span<const Task> tasks, unsigned threads,
                 const std::function<RunResult(const Task&)>& run,
                 const std::function<void(std::span<const FinishedTask>)>& commit,
                 const std::function<bool()>& stop) {
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards pending, committing, failure
  std::vector<FinishedTask> pending;
  bool committing = false;
  std::exception_ptr failure;

  // Called by a thread that has just added to `pending`: commits unless someone else is. A
  // commit's failure stops the taking of new tasks and is rethrown at the end.
  auto commit_pending = [&]() noexcept {  // after a result is pending, nothing may throw
    std::unique_lock lock(mutex);
    if (committing) return;
    committing = true;
    while (!pending.empty() && !failure) {
      std::vector<FinishedTask> group;
      group.swap(pending);
      lock.unlock();
      try {
        commit(group);
      } catch (...) {
        lock.lock();
        if (!failure) failure = std::current_exception();
        failed = true;
        break;
      }
      lock.lock();
    }
    committing = false;
  };
  // A run out of memory is for_each_on_threads' to run again; its result is pending only once it
  // ran, and a commit never throws.
  std::exception_ptr run_failure;
  unsigned started = 1;
  try {
    started = for_each_on_threads(
        tasks.size(), threads,
        [&](std::size_t k) {
          const auto start = std::chrono::steady_clock::now();
          RunResult result;
          try {
            result = run(tasks[k]);
          } catch (const std::bad_alloc&) {
            throw;  // for_each_on_threads runs it again alone
          } catch (...) {  // the first failure of a run or a commit is the one rethrown
            const std::lock_guard lock(mutex);
            if (!failure) failure = std::current_exception();
            failed = true;
            return;
          }
          const double seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          {
            const std::lock_guard lock(mutex);
            pending.push_back({tasks[k], std::move(result), seconds});
          }
          commit_pending();
        },
        [&] { return !failed && !(stop && stop()); });
  } catch (...) {
    run_failure = std::current_exception();
  }
  commit_pending();  // a result left by a committer that stopped between two checks
  if (failure) std::rethrow_exception(failure);
  if (run_failure) std::rethrow_exception(run_failure);
  return started;
}

}  // namespace gapcheck::store
