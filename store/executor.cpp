#include "store/executor.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

namespace gapcheck::store {

unsigned execute(std::span<const Task> tasks, unsigned threads,
                 const std::function<RunResult(const Task&)>& run,
                 const std::function<void(std::span<const FinishedTask>)>& commit,
                 const std::function<bool()>& stop) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards pending, committing, failure
  std::vector<FinishedTask> pending;
  bool committing = false;
  std::exception_ptr failure;

  auto fail = [&](std::exception_ptr error) {
    const std::lock_guard lock(mutex);
    if (!failure) failure = error;
    failed = true;
  };
  // Called by a thread that has just added to `pending`: commits unless someone else is.
  auto commit_pending = [&] {
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
  auto worker = [&] {
    for (std::size_t k = next++; k < tasks.size() && !failed && !(stop && stop()); k = next++) {
      try {
        const auto start = std::chrono::steady_clock::now();
        RunResult result = run(tasks[k]);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        {
          const std::lock_guard lock(mutex);
          pending.push_back({tasks[k], std::move(result), seconds});
        }
        commit_pending();
      } catch (...) {
        fail(std::current_exception());
      }
    }
  };
  threads = static_cast<unsigned>(
      std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(tasks.size(), 1)));
  std::vector<std::thread> pool;
  try {
    pool.reserve(threads - 1);
    for (unsigned k = 1; k < threads; ++k) pool.emplace_back(worker);
  } catch (const std::system_error&) {  // the threads started take the whole list
  } catch (const std::bad_alloc&) {
  }
  worker();
  for (auto& thread : pool) thread.join();
  commit_pending();  // a result left by a committer that stopped between two checks
  if (failure) std::rethrow_exception(failure);
  return static_cast<unsigned>(pool.size() + 1);
}

}  // namespace gapcheck::store
