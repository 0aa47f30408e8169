// The levels engine's state against a plain sorted load vector, at sizes where its block table
// steps (n > 1024 ranks), with the rank question's counts, and the oracle's wide draw (ranges of
// 2^32 ranks or more) against the sample stream it reads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "processes/core/levels.hpp"
#include "processes/tests/sample_words.hpp"
#include "processes/core/oracle.hpp"
#include "processes/core/random.hpp"

namespace gapcheck {
namespace {

// The sorted load vector the levels state stands for. A ball on rank r raises the last bin of
// r's level, which keeps the vector sorted; that bin's rank is what LevelLoads::add returns.
struct SortedShadow {
  std::vector<std::uint64_t> x;
  Bin add(Bin r) {
    const auto last = std::upper_bound(x.begin(), x.end(), x[r]) - x.begin() - 1;
    ++x[static_cast<std::size_t>(last)];
    return static_cast<Bin>(last);
  }
};

void expect_same_state(const LevelLoads& levels, const SortedShadow& shadow) {
  const std::uint64_t n = shadow.x.size();
  for (Bin r = 0; r < n; ++r) {
    ASSERT_EQ(levels[r], shadow.x[r]) << "rank " << r;
    // The rank question's counts, from the rank's place: the loads above and equal to its own.
    const auto [heavier, tied] = levels.rank_counts(r);
    ASSERT_EQ(heavier, static_cast<std::uint64_t>(std::count_if(
                           shadow.x.begin(), shadow.x.end(),
                           [&](std::uint64_t v) { return v > shadow.x[r]; })))
        << "rank " << r;
    ASSERT_EQ(tied, static_cast<std::uint64_t>(
                        std::count(shadow.x.begin(), shadow.x.end(), shadow.x[r])))
        << "rank " << r;
  }
  EXPECT_EQ(levels.max(), shadow.x.back());
  for (std::uint64_t q = 0; q <= shadow.x.back() + 1; ++q) {
    const auto at = std::count(shadow.x.begin(), shadow.x.end(), q);
    const auto above = std::count_if(shadow.x.begin(), shadow.x.end(),
                                     [q](std::uint64_t v) { return v > q; });
    EXPECT_EQ(levels.bins_at_level(q), static_cast<std::uint64_t>(at)) << "level " << q;
    EXPECT_EQ(levels.bins_above(q), static_cast<std::uint64_t>(above)) << "level " << q;
  }
  const LoadHistogram h = levels.histogram();
  std::uint64_t counted = 0;  // group k holds levels [first + k w, first + (k + 1) w)
  for (std::size_t k = 0; k < h.bins.size(); ++k) {
    const std::uint64_t lo = h.first_level + k * h.level_width, hi = lo + h.level_width;
    EXPECT_EQ(h.bins[k], static_cast<std::uint64_t>(std::count_if(
                             shadow.x.begin(), shadow.x.end(),
                             [&](std::uint64_t v) { return v >= lo && v < hi; })));
    counted += h.bins[k];
  }
  EXPECT_EQ(counted, n);
}

TEST(LevelLoads, EqualsTheSortedLoadVectorWhereTheBlockTableSteps) {
  // 5,000 ranks: blocks of 8 ranks, so lookups step over level boundaries inside a block. Ranks
  // are drawn uniformly and, every third ball, at the top or bottom, so levels empty and appear.
  for (const std::uint64_t n : {std::uint64_t{5000}, std::uint64_t{1025}, std::uint64_t{7}}) {
    LevelLoads levels(n);
    SortedShadow shadow{std::vector<std::uint64_t>(n, 0)};
    Rng rng(n);
    for (std::uint64_t ball = 1; ball <= 30000; ++ball) {
      Bin r = bounded(rng, n);
      if (ball % 3 == 0) r = ball % 2 == 0 ? 0 : n - 1;
      const Bin moved = levels.add(r, 1);
      ASSERT_EQ(moved, shadow.add(r)) << "n " << n << ", ball " << ball;
      ASSERT_EQ(levels.balls(), ball);
      if (ball % 5000 == 0) expect_same_state(levels, shadow);
    }
  }
}

TEST(Gap, IsExactWhereTheMeanIsWholeOnBothEngines) {
  // 49 * (1/49) is 0.9999999999999999 in doubles: a gap from W times 1/n would be 1.1e-16 here.
  for (const std::uint64_t n : {std::uint64_t{49}, std::uint64_t{12345}}) {
    Loads<std::uint32_t> bins(n);
    LevelLoads levels(n);
    for (std::uint64_t round = 0; round < 3; ++round)
      for (Bin i = 0; i < n; ++i) {
        bins.add(i, 1);
        levels.add(0, 1);  // rank 0 is a lightest bin
      }
    EXPECT_EQ(bins.gap(), 0.0) << "n " << n;
    EXPECT_EQ(levels.gap(), 0.0) << "n " << n;
  }
}

TEST(LevelOracle, RangesOf2To32RanksOrMoreDrawTwoWordsAsOneWideWord) {
  // n = 2^33 + 5 ranks: each sample reads the next two 32-bit words of the sample stream, low
  // half first, which are one 64-bit word of a lane, in lane order; Lemire's draw on it.
  const std::uint64_t n = (std::uint64_t{1} << 33) + 5;
  LevelLoads levels(n);
  Streams streams(2026, 3);
  ExactOracle<LevelLoads::Load, LevelLoads> oracle(levels, streams);
  LaneWords words(2026, 3);
  bool above_2_to_32 = false;
  for (int k = 0; k < 2000; ++k) {
    const Bin drawn = oracle.sample();
    ASSERT_EQ(drawn, bounded(words, n)) << "sample " << k;
    above_2_to_32 = above_2_to_32 || drawn >> 32 != 0;
  }
  EXPECT_TRUE(above_2_to_32);
  EXPECT_EQ(oracle.probes(), 2000u);
}

TEST(LevelOracle, APartOfTheRankRangeIsRefused) {
  // Ranks are not bins: a process that samples a group of bins cannot run on levels.
  LevelLoads levels(100);
  Streams streams(1, 0);
  ExactOracle<LevelLoads::Load, LevelLoads> oracle(levels, streams);
  EXPECT_THROW(oracle.sample_in(0, 50), std::logic_error);
  EXPECT_THROW(oracle.sample_in(50, 100), std::logic_error);
  EXPECT_LT(oracle.sample_in(0, 100), 100u);
}

}  // namespace
}  // namespace gapcheck
