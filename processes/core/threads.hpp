// Independent tasks on several threads, under an address-space limit.
//
// Shared by run_replicates (processes/registry.cpp) and the store's executor (store/executor.cpp).
// Each thread takes the next task index in order. Two things a limit on the address space
// (ulimit -v, a cluster's memory cap) does are absorbed here:
//   - a thread that cannot be started (no room for its stack) leaves its share to the others,
//     and half of the threads started then stop, so that their stacks leave room to allocate;
//   - a task that runs out of memory while other threads run (their stacks can fill the limit)
//     stops its thread, and is run again by the calling thread after every other thread has
//     stopped and freed its stack, before the tasks no thread took. Out of memory there is real,
//     and is rethrown.
// A task is a function of its index alone, so running it later gives the same result.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

namespace gapcheck {

// Runs task(k) for k in [0, count) on up to `threads` threads, the calling one included, while
// go_on() holds (asked before each task). The first exception of a task stops the taking of
// new tasks and is rethrown once every thread has stopped. Returns the threads that ran tasks.
template <class Task, class GoOn>
unsigned for_each_on_threads(std::size_t count, unsigned threads, Task&& task, GoOn&& go_on) {
  threads = static_cast<unsigned>(
      std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards failure, deferred
  std::exception_ptr failure;
  // Ran out of memory beside other threads: at most one a thread, which then stops (its stack
  // freed once joined), so the room is reserved ahead and a handler never allocates.
  std::vector<std::size_t> deferred;
  deferred.reserve(threads);
  auto fail = [&](std::exception_ptr error) {
    const std::lock_guard lock(mutex);
    if (!failure) failure = error;
    failed = true;
  };
  // Threads with an index from `allowed` on stop taking tasks (see below); the calling thread is
  // index 0, the pool's threads 1, 2, ... `alone`: no other thread runs, so out of memory is real.
  std::atomic<std::size_t> allowed{static_cast<std::size_t>(-1)};
  auto worker = [&](std::size_t index, bool alone) {
    // A thread takes a task index only when it will run it: none is lost when one stops.
    while (index < allowed && !failed && go_on()) {
      const std::size_t k = next++;
      if (k >= count) break;
      try {
        task(k);
      } catch (const std::bad_alloc&) {
        if (alone) {
          fail(std::current_exception());
          break;
        }
        const std::lock_guard lock(mutex);
        deferred.push_back(k);
        break;
      } catch (...) {
        fail(std::current_exception());
      }
    }
  };
  std::vector<std::thread> pool;
  bool full = false;  // a thread could not be started: the address space is at its limit
  try {
    pool.reserve(threads - 1);
    for (unsigned k = 1; k < threads; ++k) pool.emplace_back(worker, pool.size() + 1, false);
  } catch (const std::system_error&) {  // the threads started take every task
    full = true;
  } catch (const std::bad_alloc&) {
    full = true;
  }
  const auto started = static_cast<unsigned>(pool.size() + 1);
  if (full && pool.size() > 1) {
    // Stacks filled the limit, leaving the tasks (and whoever commits their results) little room
    // to allocate: the second half of the threads stop after their task and free their stacks.
    const std::size_t kept = pool.size() / 2;
    allowed = kept + 1;
    for (std::size_t k = kept; k < pool.size(); ++k) pool[k].join();
    pool.resize(kept);
  }
  worker(0, pool.empty());
  for (auto& thread : pool) thread.join();
  // Alone now: the deferred tasks first, then whatever no thread took.
  for (const std::size_t k : deferred) {
    if (failed || !go_on()) break;
    try {
      task(k);
    } catch (...) {
      fail(std::current_exception());
    }
  }
  worker(0, true);
  if (failure) std::rethrow_exception(failure);
  return started;
}

}  // namespace gapcheck
