// The bulk engine's runs keep the accounts a run must keep (every ball and bin counted once, the
// maximum and gap that the histogram says, a histogram that starts at a level holding bins), replay
// from their seed, and reach n far beyond a per-bin array. Its law is checked against the levels
// engine in processes/tests/statistical/engines_agree.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "processes/core/bulk.hpp"
#include "processes/core/version.hpp"

namespace gapcheck {
namespace {

RunConfig config_of(std::uint64_t n, std::uint64_t m, double gap_level = 0) {
  RunConfig config;
  config.n = n;
  config.m = m;
  config.gap_level = gap_level;
  config.engine = Engine::bulk;
  return config;
}

void expect_accounts_kept(const RunResult& r, std::uint32_t d, const RunConfig& config,
                          const std::string& label) {
  std::uint64_t bins = 0, balls = 0;
  for (std::size_t k = 0; k < r.histogram.bins.size(); ++k) {
    bins += r.histogram.bins[k];
    balls += (r.histogram.first_level + k) * r.histogram.bins[k];
  }
  ASSERT_EQ(r.histogram.level_width, 1u) << label;
  EXPECT_EQ(bins, config.n) << label;
  EXPECT_EQ(balls, config.m) << label;
  EXPECT_GT(r.histogram.bins.front(), 0u) << label << ": the lowest level holds bins";
  EXPECT_GT(r.histogram.bins.back(), 0u) << label << ": the highest level holds bins";
  EXPECT_EQ(r.max_load, static_cast<double>(r.histogram.first_level + r.histogram.bins.size() - 1))
      << label;
  EXPECT_DOUBLE_EQ(r.gap, r.max_load - static_cast<double>(config.m) /
                                           static_cast<double>(config.n)) << label;
  EXPECT_GE(r.max_gap_over_time, r.gap) << label;
  EXPECT_EQ(r.balls, config.m) << label;
  EXPECT_EQ(r.steps, config.m) << label;
  EXPECT_EQ(r.probes, d * config.m) << label;
  EXPECT_GE(r.fraction_above_level, 0.0) << label;
  EXPECT_LE(r.fraction_above_level, 1.0) << label;
}

TEST(Bulk, KeepsTheAccountsOfEveryBallAndBin) {
  for (const std::uint32_t d : {1u, 2u, 3u, 8u})
    for (const std::uint64_t n : {1ull, 2ull, 7ull, 1000ull, 65537ull})
      for (const std::uint64_t zone : {0ull, 1ull, 5ull, 40ull}) {
        const RunConfig config = config_of(n, 20 * n + 3);
        const std::string label = "d=" + std::to_string(d) + " n=" + std::to_string(n) +
                                  " zone=" + std::to_string(zone);
        expect_accounts_kept(run_bulk(d, config, 1, 0, {.zone_ranks = zone}), d, config, label);
      }
}

// What a batch relies on, checked after every chunk, ball in a zone and batch against the counts
// with every pool split (BulkOptions::check_invariants), over d, n, zones (the engine's, and
// small ones whose rooms run out often) and m that ends inside a chunk; the checks leave the run
// as it is.
TEST(Bulk, KeepsWhatABatchReliesOnAtEveryStep) {
  constexpr double kNever = std::numeric_limits<double>::infinity();
  for (const std::uint32_t d : {1u, 2u, 3u, 12u})
    for (const std::uint64_t n : {1ull, 3ull, 8ull, 32ull, 1000ull, 20000ull})
      for (const std::uint64_t zone : {0ull, 2ull, 3ull, 40ull})
        for (const double alone_above : {0.1, kNever}) {
          const RunConfig config = config_of(n, 20 * n + 3);
          const std::string label = "d=" + std::to_string(d) + " n=" + std::to_string(n) +
                                    " zone=" + std::to_string(zone) +
                                    (alone_above == kNever ? " through zones" : "");
          const BulkOptions options{.zone_ranks = zone, .alone_above = alone_above};
          BulkOptions checked = options;
          checked.check_invariants = true;
          RunResult r;
          ASSERT_NO_THROW(r = run_bulk(d, config, 7, 0, checked)) << label;
          const RunResult unchecked = run_bulk(d, config, 7, 0, options);
          EXPECT_EQ(r.histogram.bins, unchecked.histogram.bins) << label;
          EXPECT_EQ(r.max_gap_over_time, unchecked.max_gap_over_time) << label;
        }
}

// The checks fail on the engines' mutants: a ball in a zone that reads a count missing the safe
// balls in pools, and safe balls that may move safe ranks.
TEST(Bulk, TheStepChecksCatchTheMutants) {
  constexpr double kNever = std::numeric_limits<double>::infinity();
  const RunConfig config = config_of(1000, 20000);
  EXPECT_THROW(run_bulk(2, config, 7, 0,
                        {.zone_ranks = 3, .alone_above = kNever, .zone_reads_unsplit_pools = true,
                         .check_invariants = true}),
               std::logic_error);
  EXPECT_THROW(run_bulk(2, config, 7, 0,
                        {.zone_ranks = 3, .alone_above = kNever, .room_past_zones = true,
                         .check_invariants = true}),
               std::logic_error);
}

// d = 1024: the masses of the top ranks round to 0, and a zone near the top is drawn from the
// lowest of d ranks above it, not by thinning uniform ranks (d^2 steps a ball).
TEST(Bulk, KeepsTheAccountsWithManySamples) {
  for (const std::uint64_t n : {std::uint64_t{3}, std::uint64_t{1000}, std::uint64_t{1} << 40}) {
    const RunConfig config = config_of(n, n < 1000000 ? 20 * n : std::uint64_t{1} << 30);
    expect_accounts_kept(run_bulk(1024, config, 1, 0), 1024, config,
                         "d=1024 n=" + std::to_string(n));
  }
}

TEST(Bulk, ReplaysFromItsSeed) {
  const RunConfig config = config_of(1 << 20, 1 << 24, 1.5);
  const RunResult a = run_bulk(2, config, 42, 3);
  const RunResult b = run_bulk(2, config, 42, 3);
  EXPECT_EQ(a.histogram.first_level, b.histogram.first_level);
  EXPECT_EQ(a.histogram.bins, b.histogram.bins);
  EXPECT_EQ(a.max_gap_over_time, b.max_gap_over_time);
  EXPECT_EQ(a.fraction_above_level, b.fraction_above_level);
  // Another replicate draws other variates: its histogram differs (2^20 bins, almost surely).
  EXPECT_NE(run_bulk(2, config, 42, 4).histogram.bins, a.histogram.bins);
}

// A run whose batches place many balls at a time (n = 2^20: zones of hundreds of ranks), pinned:
// a change that moves one of its draws (a binomial, the geometric, a rank in a zone) fails here
// until the bulk engine's draws version (kBulkDrawsVersion, core/version.hpp) is raised and the
// pin renewed with it, as the golden runs of cli/tests/golden_test.cpp pin the engines' smaller
// runs.
TEST(Bulk, PinnedManyBallRunReplaysExactly) {
  ASSERT_EQ(kBulkDrawsVersion, "bulk-3") << "renew the pin below with the draws version";
  const RunResult r = run_bulk(2, config_of(1 << 20, 1 << 24, 2.5), 2026, 0);
  EXPECT_EQ(r.histogram.first_level, 8u);
  EXPECT_EQ(r.histogram.bins, (std::vector<std::uint64_t>{3, 12, 84, 450, 2195, 10768, 50898,
                                                          202616, 458982, 296850, 25646, 72}));
  EXPECT_DOUBLE_EQ(r.max_gap_over_time, 3.6172580718994141);
  EXPECT_DOUBLE_EQ(r.fraction_above_level, 0.86924189329147339);
}

TEST(Bulk, NoBallsLeaveEveryBinEmpty) {
  const RunResult r = run_bulk(2, config_of(10, 0), 1, 0);
  EXPECT_EQ(r.histogram.first_level, 0u);
  EXPECT_EQ(r.histogram.bins, std::vector<std::uint64_t>{10});
  EXPECT_EQ(r.gap, 0.0);
  EXPECT_EQ(r.max_gap_over_time, 0.0);
  EXPECT_EQ(r.fraction_above_level, 0.0);
}

TEST(Bulk, OneBinHoldsEveryBallWithGapZero) {
  const RunResult r = run_bulk(2, config_of(1, 1000, -0.5), 1, 0);
  EXPECT_EQ(r.max_load, 1000.0);
  EXPECT_EQ(r.max_gap_over_time, 0.0);
  EXPECT_EQ(r.fraction_above_level, 1.0);  // every step's gap, 0, is above -0.5
}

// Every step of a run has a gap of at least 0 and at most its maximum gap over time.
TEST(Bulk, FractionAboveLevelIsAllOrNoneOutsideTheGapsRange) {
  const RunConfig below = config_of(1000, 100000, -0.01);
  EXPECT_EQ(run_bulk(2, below, 5, 0).fraction_above_level, 1.0);
  const RunResult r = run_bulk(2, config_of(1000, 100000), 5, 0);
  EXPECT_EQ(run_bulk(2, config_of(1000, 100000, r.max_gap_over_time), 5, 0).fraction_above_level,
            0.0);
}

// Far beyond a per-bin array (2^40 bins: 4 TiB of 32-bit loads) in a fraction of a second.
TEST(Bulk, RunsTwoToTheFortyBins) {
  const RunConfig config = config_of(std::uint64_t{1} << 40, std::uint64_t{1} << 28);
  const RunResult r = run_bulk(2, config, 1, 0);
  expect_accounts_kept(r, 2, config, "n=2^40");
  // A ball stacks on a bin only if both samples hold one: about m^3 / (3 n^2), five bins, end
  // with two balls, and a third ball on one of them is a 2^-20 event.
  EXPECT_LE(r.max_load, 2.0);
  EXPECT_LT(r.histogram.bins.back(), 64u);
}

}  // namespace
}  // namespace gapcheck
