// The threaded batch runner: a batch on several threads returns exactly the batch on one thread.
// This is also the test the TSan build runs (label `tsan`, scripts/sanitize.sh), so it keeps
// several workers busy on shared state (the run counter, the result slots) at once.
#include <gtest/gtest.h>

#include "processes/registry.hpp"
#include "processes/tests/same_run.hpp"

namespace gapcheck {
namespace {

Simulation small_batch(const char* setting) {
  RunConfig config;
  config.n = 64;
  config.m = 640;
  return make_simulation(Spec::parse("two-choice"), Spec::parse(setting), Spec::parse("unit"),
                         config);
}

TEST(BatchThreads, FourThreadsGiveTheOneThreadBatch) {
  for (const char* setting : {"exact", "g-bounded:g=2", "batch:b=8"}) {
    SCOPED_TRACE(setting);
    const Simulation sim = small_batch(setting);
    const auto one = run_replicates(sim, 7, 3, 40, 1);
    const auto four = run_replicates(sim, 7, 3, 40, 4);
    expect_same_runs(one, four);
    for (std::size_t k = 0; k < one.size(); ++k) EXPECT_EQ(one[k].replicate, 3 + k);
  }
}

TEST(BatchThreads, MoreThreadsThanRunsGiveTheOneThreadBatch) {
  const Simulation sim = small_batch("exact");
  expect_same_runs(run_replicates(sim, 11, 0, 3, 1), run_replicates(sim, 11, 0, 3, 8));
}

}  // namespace
}  // namespace gapcheck
