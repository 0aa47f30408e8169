// Each setting's rule on hand-made load vectors, with its randomness drawn from a fixed seed's
// setting stream: which answer the oracle gives, and what it counts.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "processes/settings/batch.hpp"
#include "processes/settings/delay.hpp"
#include "processes/settings/g_bounded.hpp"
#include "processes/settings/g_myopic.hpp"
#include "processes/settings/sigma_noisy.hpp"

namespace gapcheck {
namespace {

// Loads with the given integer values, built by placing unit balls.
Loads<std::uint32_t> loads_of(std::initializer_list<std::uint32_t> values, bool levels = false) {
  Loads<std::uint32_t> loads(values.size(), levels);
  Bin i = 0;
  for (const std::uint32_t v : values) {
    for (std::uint32_t k = 0; k < v; ++k) loads.add(i, 1);
    ++i;
  }
  return loads;
}

std::uint64_t count(const SettingCounts& counts, const std::string& name) {
  for (const auto& [key, value] : counts)
    if (key == name) return value;
  ADD_FAILURE() << "no count named " << name;
  return 0;
}

// --- g-Bounded -----------------------------------------------------------------------------

TEST(GBounded, HeavierReversesComparisonsWithinGAndOnlyThose) {
  auto loads = loads_of({5, 3, 3, 9, 8});
  Streams streams(1, 0);
  auto o = GBoundedSetting<HeavierAdversary>{2}.oracle(loads, streams);
  EXPECT_EQ(o.compare(0, 1), Order::less);     // 5 vs 3: |2| <= g, reversed
  EXPECT_EQ(o.compare(1, 0), Order::greater);
  EXPECT_EQ(o.compare(0, 3), Order::less);     // 5 vs 9: |4| > g, true
  EXPECT_EQ(o.compare(1, 2), Order::equal);    // equal loads: no heavier bin, "equal"
  EXPECT_EQ(o.compare(4, 3), Order::greater);  // 8 vs 9, reversed
  EXPECT_EQ(count(o.counts(), "decidable"), 4u);
  EXPECT_EQ(count(o.counts(), "flipped"), 3u);
}

TEST(GBounded, AnAdversaryActingAtGPlusOneIsNotAllowed) {
  auto loads = loads_of({5, 2});
  Streams streams(1, 0);
  auto o = GBoundedSetting<HeavierAdversary>{2}.oracle(loads, streams);
  EXPECT_EQ(o.compare(0, 1), Order::greater);  // |3| = g + 1: true
  EXPECT_EQ(count(o.counts(), "decidable"), 0u);
}

TEST(GBounded, HeavierBendsThresholdsRanksAndReads) {
  auto loads = loads_of({0, 1, 2, 3, 4}, true);
  Streams streams(1, 0);
  auto o = GBoundedSetting<HeavierAdversary>{1}.oracle(loads, streams);
  EXPECT_EQ(o.compare_to(2, 2.5), Order::greater);  // 2 < 2.5 within g: reversed
  EXPECT_EQ(o.compare_to(4, 3.5), Order::less);     // 4 > 3.5 within g: reversed
  EXPECT_EQ(o.compare_to(0, 2.5), Order::less);     // |2.5| > g: true
  // k = 2: q = 3 (the loads 4 and 3 are the two heaviest).
  EXPECT_TRUE(o.in_top(2, 2));    // x = 2 < q, within g: reversed to "in the top"
  EXPECT_FALSE(o.in_top(4, 2));   // x = 4 > q, within g: reversed
  EXPECT_FALSE(o.in_top(1, 2));   // x = 1, |1 - 3| > g: true
  EXPECT_TRUE(o.in_top(3, 2));    // x = q: the exact tie ranking (bin 3 is alone at level 3)
  EXPECT_DOUBLE_EQ(o.load(3), 2.0);  // read as x - g
  EXPECT_EQ(count(o.counts(), "bent_reads"), 1u);
}

TEST(GBounded, ZeroGIsTheExactOracle) {
  auto loads = loads_of({2, 2, 3, 1}, true);
  Streams streams(1, 0);
  auto o = GBoundedSetting<HeavierAdversary>{0}.oracle(loads, streams);
  EXPECT_EQ(o.compare(0, 1), Order::equal);
  EXPECT_EQ(o.compare(0, 2), Order::less);
  EXPECT_EQ(o.compare_to(2, 3.0), Order::equal);
  EXPECT_DOUBLE_EQ(o.load(0), 2.0);
  EXPECT_EQ(count(o.counts(), "flipped"), 0u);
}

TEST(GBounded, NearMaxReversesOnlyInFavourOfBinsNearTheMaximum) {
  auto loads = loads_of({5, 4, 9, 8});
  Streams streams(1, 0);
  auto o = GBoundedSetting<NearMaxAdversary>{1}.oracle(loads, streams);
  EXPECT_EQ(o.compare(2, 3), Order::less);      // 9 is the maximum: reversed
  EXPECT_EQ(o.compare(0, 1), Order::greater);   // 5 is far below 9: true
  EXPECT_EQ(o.compare_to(3, 7.5), Order::less); // 8 >= max - g: reversed
  EXPECT_EQ(o.compare_to(1, 4.5), Order::less); // x below the level: a flip favours no bin
  EXPECT_DOUBLE_EQ(o.load(3), 7.0);
  EXPECT_DOUBLE_EQ(o.load(0), 5.0);
}

// The oracle asks the adversary's answer of every comparison and keeps it only for a decidable
// one, so an adversary must draw only for those: comparisons, thresholds and rank questions of
// values further apart than g leave the setting stream where it was.
template <class Adversary>
void expect_no_draw_beyond_g() {
  auto loads = loads_of({0, 10, 4}, true);  // tracking levels: the rank question's q
  Streams streams(1, 0), fresh(1, 0);
  auto o = GBoundedSetting<Adversary>{2}.oracle(loads, streams);
  for (int k = 0; k < 50; ++k) {
    EXPECT_EQ(o.compare(0, 1), Order::less);
    EXPECT_EQ(o.compare(1, 2), Order::greater);
    EXPECT_EQ(o.compare_to(1, 5.5), Order::greater);
    EXPECT_FALSE(o.in_top(0, 1));  // q = 10
  }
  EXPECT_EQ(count(o.counts(), "decidable"), 0u);
  EXPECT_EQ(streams.setting(), fresh.setting());
}
TEST(GBounded, NoAdversaryDrawsForAComparisonBeyondG) {
  expect_no_draw_beyond_g<HeavierAdversary>();
  expect_no_draw_beyond_g<RandomAdversary>();
  expect_no_draw_beyond_g<NearMaxAdversary>();
}

// The fair coin (g-Myopic): decidable comparisons come out either way about half the time, the
// others never; the coin is the setting stream's, so the answers are fixed for a seed.
TEST(GMyopic, DecidesCloseComparisonsByAFairCoin) {
  auto loads = loads_of({5, 4, 1});
  Streams streams(7, 0);
  auto o = GMyopicSetting{1}.oracle(loads, streams);
  const int trials = 20000;
  int less = 0;
  for (int k = 0; k < trials; ++k) less += o.compare(0, 1) == Order::less;
  // Binomial(20000, 1/2): sd 70.7; 6 sd bounds a false alarm at ~2e-9.
  EXPECT_NEAR(less, trials / 2, 6 * 70.7);
  EXPECT_GT(less, 0);
  for (int k = 0; k < 100; ++k) ASSERT_EQ(o.compare(0, 2), Order::greater);
  for (int k = 0; k < 100; ++k) ASSERT_EQ(o.compare(1, 1), Order::equal);  // one bin: no comparison
  EXPECT_EQ(count(o.counts(), "decidable"), static_cast<std::uint64_t>(trials));
  const double read = o.load(2);
  EXPECT_TRUE(read >= 0.0 && read <= 2.0);
}

// The definition's coin covers equal loads too (|x_i1 - x_i2| = 0 <= g): two bins of equal load
// are reported in either order, never "equal", so no process's tie rule decides; at g = 0 too.
TEST(GMyopic, EqualLoadsGetTheCoinToo) {
  for (const double g : {0.0, 1.0}) {
    auto loads = loads_of({3, 3, 3});
    Streams streams(3, 0);
    auto o = GMyopicSetting{g}.oracle(loads, streams);
    const int trials = 20000;
    int less = 0;
    for (int k = 0; k < trials; ++k) {
      const Order answer = o.compare(0, 1);
      ASSERT_NE(answer, Order::equal) << "g = " << g;
      less += answer == Order::less;
    }
    EXPECT_NEAR(less, trials / 2, 6 * 70.7) << "g = " << g;  // Binomial(20000, 1/2), 6 sd
    int below = 0;
    for (int k = 0; k < trials; ++k) {
      const Order answer = o.compare_to(2, 3.0);  // a threshold equal to the load
      ASSERT_NE(answer, Order::equal) << "g = " << g;
      below += answer == Order::less;
    }
    EXPECT_NEAR(below, trials / 2, 6 * 70.7) << "g = " << g;
  }
}

// --- sigma-Noisy-Load ----------------------------------------------------------------------

TEST(SigmaNoisy, ZeroSigmaReadsTheTruth) {
  auto loads = loads_of({3, 2, 2});
  Streams streams(1, 0);
  auto o = SigmaNoisySetting{0}.oracle(loads, streams);
  EXPECT_EQ(o.compare(0, 1), Order::greater);
  EXPECT_EQ(o.compare(1, 2), Order::equal);
  EXPECT_DOUBLE_EQ(o.load(0), 3.0);
  EXPECT_EQ(count(o.counts(), "noisy_reads"), 5u);
  EXPECT_EQ(count(o.counts(), "flipped"), 0u);
}

// x_0 - x_1 = 1 and sigma = 1: the noisy difference is N(1, 2), so the comparison comes out
// reversed with probability Phi(-1/sqrt 2) = 0.23975.
TEST(SigmaNoisy, FlipsAtTheNormalRate) {
  auto loads = loads_of({3, 2});
  Streams streams(3, 0);
  auto o = SigmaNoisySetting{1}.oracle(loads, streams);
  const int trials = 20000;
  int flipped = 0;
  for (int k = 0; k < trials; ++k) flipped += o.compare(0, 1) == Order::less;
  const double p = 0.5 * std::erfc(1.0 / 2.0);  // Phi(-1/sqrt 2)
  const double sd = std::sqrt(trials * p * (1 - p));
  EXPECT_NEAR(flipped, trials * p, 6 * sd);  // false alarm ~2e-9
  EXPECT_EQ(count(o.counts(), "flipped"), static_cast<std::uint64_t>(flipped));
}

// The rank question through a noisy read: x_i + N against q, the k-th heaviest level.
TEST(SigmaNoisy, RankQuestionsReadTheBinNoisily) {
  auto loads = loads_of({0, 1, 2, 3, 4}, true);  // k = 2: q = 3
  Streams streams(1, 0);
  auto exact = SigmaNoisySetting{0}.oracle(loads, streams);
  EXPECT_TRUE(exact.in_top(4, 2));
  EXPECT_TRUE(exact.in_top(3, 2));
  EXPECT_FALSE(exact.in_top(2, 2));
  auto noisy = SigmaNoisySetting{1}.oracle(loads, streams);
  int yes = 0;
  for (int k = 0; k < 10000; ++k) yes += noisy.in_top(2, 2);
  // P(2 + N(0,1) > 3) = Phi(-1) = 0.158655; Binomial sd 36.5; 6 sd.
  EXPECT_NEAR(yes, 1586.55, 6 * 36.5);
}

// --- b-Batched -----------------------------------------------------------------------------

TEST(Batch, TheProcessReadsTheSnapshotUntilTheBatchEnds) {
  auto loads = loads_of({0, 0, 0, 0}, true);
  Streams streams(1, 0);
  auto o = BatchSetting{3}.oracle(loads, streams);
  o.place(0, 1);
  EXPECT_FALSE(o.visible());
  o.place(0, 1);
  EXPECT_FALSE(o.visible());
  EXPECT_EQ(o.compare(0, 1), Order::equal);  // two balls in bin 0, not yet visible
  EXPECT_DOUBLE_EQ(o.load(0), 0.0);
  EXPECT_DOUBLE_EQ(o.average(), 0.0);
  EXPECT_EQ(loads[0], 2u);                   // the truth has them
  o.place(2, 1);
  EXPECT_TRUE(o.visible());                  // batch end
  EXPECT_FALSE(o.visible());
  EXPECT_EQ(o.compare(0, 1), Order::greater);
  EXPECT_DOUBLE_EQ(o.load(0), 2.0);
  EXPECT_DOUBLE_EQ(o.average(), 0.75);
  EXPECT_TRUE(o.in_top(0, 1));
  EXPECT_FALSE(o.in_top(2, 1));
  EXPECT_EQ(count(o.counts(), "batches"), 1u);
  EXPECT_EQ(count(o.counts(), "stale_reads"), 2u);  // x_0 read as 0 twice while it was 2
}

// The clock is part of the snapshot: every ball of a batch is chosen as its first ball would be,
// so balls() answers the count at the batch start (as average() answers the batch start's W/n).
TEST(Batch, TheClockIsTheBatchStart) {
  auto loads = loads_of({0, 0});
  Streams streams(1, 0);
  auto o = BatchSetting{3}.oracle(loads, streams);
  for (const std::uint64_t expected : {0, 0, 0, 3, 3, 3, 6}) {
    EXPECT_EQ(o.balls(), expected) << "after " << loads.balls() << " balls";
    o.place(0, 1);
  }
}

TEST(Batch, SizeOneIsSequential) {
  auto loads = loads_of({0, 0});
  Streams streams(1, 0);
  auto o = BatchSetting{1}.oracle(loads, streams);
  o.place(1, 1);
  EXPECT_TRUE(o.visible());
  EXPECT_EQ(o.compare(0, 1), Order::less);
  EXPECT_EQ(count(o.counts(), "stale_reads"), 0u);
}

// --- tau-Delay -----------------------------------------------------------------------------

// After balls to bins 0, 0, 0, 1 (T = 4) with tau = 3 the window is x^2, x^3, x^4:
// bin 0 had 2, 3, 3 and bin 1 had 0, 0, 1.
template <class Adversary>
auto delayed(Loads<std::uint32_t>& loads, Streams& streams, std::uint64_t tau) {
  auto o = DelaySetting<Adversary>{tau}.oracle(loads, streams);
  for (const Bin i : {0, 0, 0, 1}) o.place(i, 1);
  return o;
}

TEST(Delay, AdversarialReportsTheWindowEndThatCouldFlip) {
  auto loads = loads_of({0, 0, 0}, true);
  Streams streams(1, 0);
  auto o = delayed<AdversarialDelay>(loads, streams, 3);
  EXPECT_DOUBLE_EQ(o.load(0), 2.0);  // x_0^{T+1-tau} = x_0^2
  EXPECT_DOUBLE_EQ(o.load(1), 0.0);
  EXPECT_DOUBLE_EQ(o.load(2), 0.0);
  EXPECT_EQ(o.compare(0, 1), Order::greater);     // 2 (oldest of the heavier) vs 1 (newest)
  EXPECT_EQ(o.compare(1, 2), Order::equal);       // 0 (oldest of bin 1) vs 0: flipped to equal
  EXPECT_EQ(o.compare_to(0, 2.5), Order::less);   // 3 > 2.5, read as 2: flipped
  EXPECT_EQ(o.compare_to(2, 0.5), Order::less);   // lighter than the level: read as is
  EXPECT_EQ(count(o.counts(), "flipped"), 2u);
}

TEST(Delay, AdversarialRankQuestionsReadTheHeavyBinOld) {
  auto loads = loads_of({0, 0, 0}, true);
  Streams streams(1, 0);
  auto o = delayed<AdversarialDelay>(loads, streams, 5);  // x = (3, 1, 0); window x^0..x^4
  // k = 2: q = 1. Bin 0 is above q, so it is read at its oldest value 0: "not in the top".
  EXPECT_FALSE(o.in_top(0, 2));
  EXPECT_TRUE(o.in_top(1, 2));   // x_1 = q: read as is, the exact tie ranking (alone at level 1)
  EXPECT_FALSE(o.in_top(2, 2));  // below q: read as is
  EXPECT_EQ(count(o.counts(), "flipped"), 1u);
}

TEST(Delay, TauOneReadsTheCurrentLoads) {
  auto loads = loads_of({0, 0});
  Streams streams(1, 0);
  auto o = delayed<AdversarialDelay>(loads, streams, 1);
  EXPECT_DOUBLE_EQ(o.load(0), 3.0);
  EXPECT_EQ(count(o.counts(), "stale_reads"), 0u);
}

TEST(Delay, RandomReportsAUniformStepOfTheWindow) {
  auto loads = loads_of({0, 0});
  Streams streams(5, 0);
  auto o = delayed<RandomDelay>(loads, streams, 3);
  const int trials = 30000;
  int old = 0;
  for (int k = 0; k < trials; ++k) {
    const double v = o.load(0);
    ASSERT_TRUE(v == 2.0 || v == 3.0) << v;
    old += v == 2.0;
  }
  // x^2 at one of the three steps: Binomial(30000, 1/3), sd 81.6; 6 sd.
  EXPECT_NEAR(old, trials / 3, 6 * 81.6);
}

// One random step per question: both bins of a comparison are read at the same step. After balls
// to bins 0, 1, 0, 1 (tau = 4, window x^1..x^4: (1,0), (1,1), (2,1), (2,2)) bin 0 is never lighter
// than bin 1 at any one step; reading each bin at its own step (random-per-read) it sometimes is.
TEST(Delay, RandomReadsBothBinsOfAComparisonAtOneStep) {
  auto run = [](RandomDelay adversary) {
    auto loads = loads_of({0, 0});
    Streams streams(9, 0);
    auto o = DelaySetting<RandomDelay>{4, adversary}.oracle(loads, streams);
    for (const Bin i : {0, 1, 0, 1}) o.place(i, 1);
    int less = 0;
    for (int k = 0; k < 4000; ++k) less += o.compare(0, 1) == Order::less;
    return less;
  };
  EXPECT_EQ(run(RandomDelay{}), 0);
  // Per read: x_0 = 1 (read at x^1 or x^2: 1/2) against x_1 = 2 (at x^4: 1/4): probability 1/8.
  EXPECT_NEAR(run(RandomDelay{true}), 500, 6 * 20.9);  // Binomial(4000, 1/8), sd 20.9
}

// The window against a brute-force history: every value of every bin at every step of the last
// tau, after many placements (so the ring has wrapped and bins have left and re-entered it).
// `phases`: most balls go to one bin for a while, then to the next, so that a bin's placements
// in the window grow and shrink by hundreds (its ring grows, and shrinks again).
template <class Load>
void check_window_against_history(std::uint64_t tau, int steps = 300, bool phases = false) {
  const std::size_t n = 5;
  DelayWindow<Load> window(n, tau);
  std::vector<std::vector<Load>> history(1, std::vector<Load>(n, Load{0}));  // x^0, x^1, ...
  Rng rng(11);
  for (int t = 0; t < steps; ++t) {
    const Bin i = phases && bounded(rng, 10) < 8 ? static_cast<Bin>(t / 700) % n : bounded(rng, n);
    const Load w = std::is_integral_v<Load> ? Load{1} : static_cast<Load>(0.1 + uniform01(rng));
    std::vector<Load> x = history.back();
    window.push(i, x[i]);
    x[i] += w;
    history.push_back(x);
    const std::uint64_t T = window.placed();
    for (Bin b = 0; b < n; ++b) {
      const std::uint64_t oldest_step = T + 1 >= tau ? T + 1 - tau : 0;
      ASSERT_EQ(window.oldest(b, x[b]), history[oldest_step][b]) << "T=" << T << " bin " << b;
      for (std::uint64_t back = 0; back < tau; ++back) {
        const std::uint64_t step = back <= T ? T - back : 0;
        ASSERT_EQ(window.back_in_time(b, back, x[b]), history[step][b])
            << "T=" << T << " bin " << b << " back " << back;
      }
    }
  }
}

TEST(Delay, WindowMatchesTheHistory) {
  for (const std::uint64_t tau : {1, 2, 3, 7, 40}) {
    check_window_against_history<std::uint32_t>(tau);
    check_window_against_history<double>(tau);
  }
  // Windows of hundreds of placements per bin: the searches gallop, the bins' rings grow and
  // shrink.
  for (const std::uint64_t tau : {200, 1000}) {
    check_window_against_history<std::uint32_t>(tau, 3000, true);
    check_window_against_history<double>(tau, 3000, true);
  }
}

}  // namespace
}  // namespace gapcheck
