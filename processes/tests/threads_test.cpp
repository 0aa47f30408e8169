// for_each_on_threads (processes/core/threads.hpp): every task once, a task out of memory beside
// other threads run again alone, out of memory alone and other failures rethrown.
#include <gtest/gtest.h>

#include <atomic>
#include <new>
#include <stdexcept>
#include <vector>

#include "processes/core/threads.hpp"

namespace gapcheck {
namespace {

TEST(ForEachOnThreads, RunsEveryTaskOnceWithMoreThreadsThanTasks) {
  std::vector<std::atomic<int>> runs(100);
  const unsigned started =
      for_each_on_threads(runs.size(), 1000, [&](std::size_t k) { ++runs[k]; }, [] { return true; });
  EXPECT_LE(started, 100u);
  for (const auto& r : runs) EXPECT_EQ(r.load(), 1);
}

// Task 7 runs out of memory the first time (as beside other threads' stacks), not the second.
TEST(ForEachOnThreads, ATaskOutOfMemoryIsRunAgainAlone) {
  std::vector<std::atomic<int>> runs(50);
  std::atomic<int> attempts{0};
  for_each_on_threads(
      runs.size(), 4,
      [&](std::size_t k) {
        if (k == 7 && attempts++ == 0) throw std::bad_alloc();
        ++runs[k];
      },
      [] { return true; });
  EXPECT_EQ(attempts.load(), 2);
  for (const auto& r : runs) EXPECT_EQ(r.load(), 1);
}

TEST(ForEachOnThreads, OutOfMemoryAloneAndOtherFailuresAreRethrown) {
  const auto always_out = [](std::size_t k) {
    if (k == 3) throw std::bad_alloc();
  };
  EXPECT_THROW(for_each_on_threads(10, 3, always_out, [] { return true; }), std::bad_alloc);
  std::atomic<int> ran{0};
  EXPECT_THROW(for_each_on_threads(
                   1000, 1,
                   [&](std::size_t k) {
                     ++ran;
                     if (k == 5) throw std::runtime_error("broken");
                   },
                   [] { return true; }),
               std::runtime_error);
  EXPECT_EQ(ran.load(), 6);  // one thread: the failure stops the taking of new tasks
}

TEST(ForEachOnThreads, TakesNoTaskOnceToldToStop) {
  std::atomic<int> ran{0};
  for_each_on_threads(
      100, 1, [&](std::size_t) { ++ran; }, [&] { return ran < 10; });
  EXPECT_EQ(ran.load(), 10);
}

}  // namespace
}  // namespace gapcheck
