// Each process on hand-made loads with scripted samples and coins: which bin, how many samples.
#include <algorithm>
#include <array>
#include <type_traits>

#include <gtest/gtest.h>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/levels.hpp"
#include "processes/core/loads.hpp"
#include "processes/core/oracle.hpp"
#include "processes/core/spec.hpp"
#include "processes/d_choice.hpp"
#include "processes/first_diff.hpp"
#include "processes/left.hpp"
#include "processes/memory.hpp"
#include "processes/mixed_quantile.hpp"
#include "processes/one_choice.hpp"
#include "processes/one_plus_beta.hpp"
#include "processes/packing.hpp"
#include "processes/quantile.hpp"
#include "processes/schedule_param.hpp"
#include "processes/settings/exact.hpp"
#include "processes/tests/same_run.hpp"
#include "processes/tests/sample_words.hpp"
#include "processes/tests/scripted_oracle.hpp"
#include "processes/thinning.hpp"
#include "processes/twinning.hpp"

namespace gapcheck {
namespace {

using testing::ScriptedOracle;

TEST(OneChoice, PlacesInItsOnlySample) {
  ScriptedOracle o({5, 0, 3}, {0});
  OneChoice p;
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.probes(), 1u);
}

TEST(DChoice, TwoChoicePicksTheLighterSample) {
  ScriptedOracle o({5, 0, 3}, {0, 2, 2, 1});
  DChoice p{2, TieRule::random};
  EXPECT_EQ(p.choose(o).bin, 2u);
  EXPECT_EQ(p.choose(o).bin, 1u);
  EXPECT_EQ(o.probes(), 4u);
}

TEST(DChoice, RandomTiesGoToTheEarlierSample) {
  ScriptedOracle o({1, 1, 1}, {2, 0});
  DChoice p{2, TieRule::random};
  EXPECT_EQ(p.choose(o).bin, 2u);
}

TEST(DChoice, IndexTiesGoToTheLowestBin) {
  ScriptedOracle o({1, 1, 1}, {2, 0});
  DChoice p{2, TieRule::index};
  EXPECT_EQ(p.choose(o).bin, 0u);
}

TEST(DChoice, ThreeChoiceDrawsThreeSamplesAndTakesTheLightest) {
  ScriptedOracle o({4, 2, 3, 1}, {0, 2, 1});
  DChoice p{3, TieRule::random};
  EXPECT_EQ(p.choose(o).bin, 1u);
  EXPECT_EQ(o.probes(), 3u);
  EXPECT_EQ(o.unused_samples(), 0u);
}

TEST(DChoice, OneChoiceIsDEqualsOne) {
  ScriptedOracle o({4, 2}, {0});
  DChoice p{1, TieRule::random};
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.probes(), 1u);
}

TEST(OnePlusBeta, OneChoiceStepDrawsOneSample) {
  ScriptedOracle o({4, 0}, {0}, {false});
  OnePlusBeta p{0.5, TieRule::random};
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.probes(), 1u);
}

TEST(OnePlusBeta, TwoChoiceStepDrawsTwoSamplesAndTakesTheLighter) {
  ScriptedOracle o({4, 0}, {0, 1}, {true});
  OnePlusBeta p{0.5, TieRule::random};
  EXPECT_EQ(p.choose(o).bin, 1u);
  EXPECT_EQ(o.probes(), 2u);
}

// --- Left[d] ----------------------------------------------------------------------------------

TEST(Left, GroupsSplitNEvenlyWhenDDividesN) {
  for (std::uint64_t k = 0; k <= 4; ++k) EXPECT_EQ(Left::group_start(k, 4, 8), 2 * k);
}

TEST(Left, GroupSizesDifferByAtMostOneWhenDDoesNotDivideN) {
  // n = 10, d = 3: groups [0,3), [3,6), [6,10).
  EXPECT_EQ(Left::group_start(0, 3, 10), 0u);
  EXPECT_EQ(Left::group_start(1, 3, 10), 3u);
  EXPECT_EQ(Left::group_start(2, 3, 10), 6u);
  EXPECT_EQ(Left::group_start(3, 3, 10), 10u);
  // d = n: every group is one bin.
  for (std::uint64_t k = 0; k <= 5; ++k) EXPECT_EQ(Left::group_start(k, 5, 5), k);
}

TEST(Left, OneSamplePerGroupAndTheLightestWins) {
  //                 group 0 | group 1 | group 2
  ScriptedOracle o({3, 3, 3, 4, 4, 1, 2, 2, 2, 2}, {1, 5, 7});
  Left p{3};
  EXPECT_EQ(p.choose(o).bin, 5u);
  EXPECT_EQ(o.probes(), 3u);
  EXPECT_EQ(o.unused_samples(), 0u);
}

TEST(Left, TiesGoToTheLeftmostGroup) {
  ScriptedOracle o({2, 1, 1, 1, 1, 1}, {1, 2, 4});  // three groups of two, samples all load 1
  Left p{3};
  EXPECT_EQ(p.choose(o).bin, 1u);
}

TEST(Left, AStrictlyLighterRightGroupWins) {
  ScriptedOracle o({1, 1, 1, 0}, {0, 3});
  Left p{2};
  EXPECT_EQ(p.choose(o).bin, 3u);
}

// --- FirstDiff[d] -----------------------------------------------------------------------------

TEST(FirstDiff, StopsAtTheFirstDifferentLoadAndTakesTheLesser) {
  ScriptedOracle o({2, 2, 2, 1, 3}, {0, 1, 2, 3});
  FirstDiff p{10};
  EXPECT_EQ(p.choose(o).bin, 3u);  // 3 is lighter than the first probe
  EXPECT_EQ(o.probes(), 4u);
  EXPECT_EQ(o.unused_samples(), 0u);
}

TEST(FirstDiff, KeepsTheFirstProbeWhenTheDifferentOneIsHeavier) {
  ScriptedOracle o({2, 2, 2, 1, 3}, {0, 4});
  FirstDiff p{10};
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.probes(), 2u);
}

TEST(FirstDiff, AtTheCapPlacesInTheFirstProbe) {
  ScriptedOracle o({2, 2, 2, 1}, {1, 0, 2});
  FirstDiff p{3};
  EXPECT_EQ(p.choose(o).bin, 1u);
  EXPECT_EQ(o.probes(), 3u);  // exactly cap probes, none after
  EXPECT_EQ(o.unused_samples(), 0u);
}

TEST(FirstDiff, RepeatedProbeOfTheSameBinCountsAsEqual) {
  ScriptedOracle o({2, 1}, {0, 0, 1});
  FirstDiff p{5};
  EXPECT_EQ(p.choose(o).bin, 1u);
  EXPECT_EQ(o.probes(), 3u);
}

// --- Quantile(delta) and the mixed process ------------------------------------------------

TEST(Quantile, ALightSampleIsKeptWithoutASecondProbe) {
  ScriptedOracle o({5, 4, 1, 0}, {2});
  Quantile p{0.5};  // top ceil(0.5*4) = 2 bins: 0 and 1
  EXPECT_EQ(p.choose(o).bin, 2u);
  EXPECT_EQ(o.probes(), 1u);
  EXPECT_EQ(o.rank_queries(), 1u);
}

TEST(Quantile, AHeavySampleIsReplacedByAFreshOneWithoutComparing) {
  ScriptedOracle o({5, 4, 1, 0}, {1, 0});
  Quantile p{0.5};
  EXPECT_EQ(p.choose(o).bin, 0u);  // the fresh sample is taken even though it is heavier
  EXPECT_EQ(o.probes(), 2u);
}

TEST(Quantile, TopSizeIsTheCeilingOfDeltaN) {
  ScriptedOracle o({5, 4, 3, 0}, {2, 3});
  Quantile p{0.51};  // ceil(2.04) = 3: bin 2 is in the top
  EXPECT_EQ(p.choose(o).bin, 3u);
}

TEST(Quantile, TiesAtTheBoundaryAreRankedByACoin) {
  // Bins 1, 2 tie at the boundary of the top 2: the scripted rank coin decides.
  ScriptedOracle in({5, 3, 3, 0}, {1, 3}, {true});
  Quantile p{0.5};
  EXPECT_EQ(p.choose(in).bin, 3u);
  ScriptedOracle out({5, 3, 3, 0}, {2}, {false});
  EXPECT_EQ(p.choose(out).bin, 2u);
  EXPECT_EQ(out.unused_coins(), 0u);
}

TEST(MixedQuantile, TailsIsAOneChoiceStep) {
  ScriptedOracle o({5, 0}, {0}, {false});
  MixedQuantile p{0.3, Quantile{0.5}};
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.probes(), 1u);
  EXPECT_EQ(o.rank_queries(), 0u);
}

TEST(MixedQuantile, HeadsIsAQuantileStep) {
  ScriptedOracle o({5, 0}, {0, 1}, {true});
  MixedQuantile p{0.3, Quantile{0.5}};
  EXPECT_EQ(p.choose(o).bin, 1u);  // bin 0 is the top ceil(0.5*2) = 1 bin
  EXPECT_EQ(o.probes(), 2u);
  EXPECT_EQ(o.rank_queries(), 1u);
}

// --- degenerate parameters ---------------------------------------------------------------

// One probe, and the ball goes to it even though another bin is lighter.
template <class Process>
void expect_one_choice_step(Process p) {
  ScriptedOracle o({5, 0}, {0});
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.probes(), 1u);
  EXPECT_EQ(o.unused_coins(), 0u);
}

TEST(DegenerateParameters, LeftOneFirstDiffCapOneQuantileZeroAreOneChoice) {
  expect_one_choice_step(Left{1});
  expect_one_choice_step(FirstDiff{1});
  expect_one_choice_step(Quantile{0});
}

// --- the sample words -----------------------------------------------------------------------

// Draws over `range` from the oracle and, independently, Lemire's way from the stream's words
// (`bits` each, multiplied in Product): the same bins, and a rejected word is no probe. The
// ranges below reject about half of the words, so the rejection path runs about 2000 times.
// On per-bin loads (4 bins: the oracle's draw does not look at n) or on the levels engine, n bins
// of ranks, where n = range may reach 2^32 and more.
template <class State, class Product, class Words>
void expect_rejected_words_skipped_and_not_probes(std::uint64_t range, unsigned bits,
                                                  std::uint64_t replicate) {
  State loads(std::is_same_v<State, LevelLoads> ? range : 4);
  Streams streams(2026, replicate);
  ExactOracle<typename State::value_type, State> oracle(loads, streams);
  Words words(2026, replicate);
  const Product limit = Product{1} << bits;
  const Product threshold = limit % range;
  std::uint64_t rejected = 0;
  for (int k = 0; k < 2000; ++k) {
    Product product = Product{words()} * range;
    while ((product & (limit - 1)) < threshold) {
      ++rejected;
      product = Product{words()} * range;
    }
    ASSERT_EQ(oracle.sample_in(0, range), static_cast<std::uint64_t>(product >> bits))
        << "sample " << k;
  }
  EXPECT_GT(rejected, 500u);
  EXPECT_EQ(oracle.probes(), 2000u);
}

// 2^32 mod (2^31 + 1) = 2^31 - 1: 32-bit words.
TEST(ExactOracleSamples, RejectedWordsAreSkippedAndNotCountedAsProbes) {
  expect_rejected_words_skipped_and_not_probes<Loads<std::uint32_t>, std::uint64_t, HalfWords>(
      (std::uint64_t{1} << 31) + 1, 32, 5);
  expect_rejected_words_skipped_and_not_probes<LevelLoads, std::uint64_t, HalfWords>(
      (std::uint64_t{1} << 31) + 1, 32, 5);
}

// 2^64 mod (2^63 + 1) = 2^63 - 1: a range of 2^32 or more draws 64-bit words (two 32-bit words
// each), and a rejected wide draw is no probe either.
TEST(ExactOracleSamples, RejectedWideDrawsAreNotCountedAsProbes) {
  expect_rejected_words_skipped_and_not_probes<LevelLoads, uint128, LaneWords>(
      (std::uint64_t{1} << 63) + 1, 64, 6);
}

// Stream layout 4: oracle.sample_if(wanted) on a random pattern of wants gives the bin sample()
// gives, wanted or not, and counts a probe only where wanted: a second oracle on the same stream,
// asked sample() every time, sees the same bins. n = 2^31 + 1 rejects about half of the words,
// 2^33 takes wide draws.
template <class State>
void expect_sample_if_reads_every_word_and_counts_wanted_probes(std::uint64_t n,
                                                                std::uint64_t replicate) {
  using Oracle = ExactOracle<typename State::value_type, State>;
  State state_a(n), state_b(n);
  Streams streams_a(2026, replicate), streams_b(2026, replicate);
  Oracle a(state_a, streams_a), b(state_b, streams_b);
  Rng wants(replicate);
  std::uint64_t wanted_count = 0;
  const int draws = 4000;
  for (int k = 0; k < draws; ++k) {
    const bool wanted = bernoulli(wants, 0.5);
    ASSERT_EQ(a.sample_if(wanted), b.sample()) << "draw " << k;
    wanted_count += wanted;
  }
  EXPECT_GT(wanted_count, 1800u);
  EXPECT_LT(wanted_count, 2200u);
  EXPECT_EQ(a.probes(), wanted_count);
  EXPECT_EQ(b.probes(), static_cast<std::uint64_t>(draws));
  EXPECT_EQ(a.sample(), b.sample());
}

// peek_samples gives the bins the next samples will be, and take_samples draws the first few of
// them, across block refills: a second oracle on the same stream, asked sample() every time,
// sees the same bins and probes. n = 2^31 + 1 puts about half of the words in the zone where a
// word may be rejected: a peek over one is refused, and the samples are drawn one by one.
template <class State>
void expect_peeked_samples_drawn_next(std::uint64_t n, std::uint64_t replicate) {
  using Oracle = ExactOracle<typename State::value_type, State>;
  State state_a(n), state_b(n);
  Streams streams_a(2026, replicate), streams_b(2026, replicate);
  Oracle a(state_a, streams_a), b(state_b, streams_b);
  std::uint64_t peeked = 0, refused = 0;
  for (std::size_t k = 0; k < 3000; ++k) {
    const std::size_t count = 1 + k % 4;
    std::array<Bin, 4> bins{};
    if (a.peek_samples(bins)) {
      ++peeked;
      a.take_samples(count);
      for (std::size_t j = 0; j < count; ++j) ASSERT_EQ(bins[j], b.sample()) << "step " << k;
    } else {
      ++refused;
      for (std::size_t j = 0; j < count; ++j) ASSERT_EQ(a.sample(), b.sample()) << "step " << k;
    }
    ASSERT_EQ(a.probes(), b.probes());
  }
  EXPECT_EQ(a.sample(), b.sample());
  EXPECT_GT(peeked, 100u);
  if (n > (std::uint64_t{1} << 31)) EXPECT_GT(refused, 100u);
  else EXPECT_EQ(refused, 0u);
}

TEST(ExactOracleSamples, PeekedSamplesAreTheSamplesDrawnNext) {
  expect_peeked_samples_drawn_next<Loads<std::uint32_t>>(1000, 3);
  expect_peeked_samples_drawn_next<LevelLoads>(1000, 4);
  expect_peeked_samples_drawn_next<LevelLoads>((std::uint64_t{1} << 31) + 1, 5);
}

TEST(ExactOracleSamples, SampleIfReadsEveryWordAndCountsOnlyWantedProbes) {
  expect_sample_if_reads_every_word_and_counts_wanted_probes<Loads<std::uint32_t>>(1000, 7);
  expect_sample_if_reads_every_word_and_counts_wanted_probes<LevelLoads>(1000, 8);
  expect_sample_if_reads_every_word_and_counts_wanted_probes<LevelLoads>(
      (std::uint64_t{1} << 31) + 1, 9);
  expect_sample_if_reads_every_word_and_counts_wanted_probes<LevelLoads>(std::uint64_t{1} << 33,
                                                                         10);
}

// An oracle that answers comparisons itself, as a setting does (here truthfully, counting them).
class CountingCompares : public ExactOracle<std::uint32_t> {
 public:
  using ExactOracle::ExactOracle;
  Order compare(Bin i, Bin j) {
    ++compares;
    return ExactOracle::compare(i, j);
  }
  std::uint64_t compares = 0;
};

// Such an oracle is asked only the comparisons the definition makes: one per Two-Choice step
// (the coins replayed from the same stream), each with the step's second sample.
TEST(OnePlusBeta, AnOracleThatAnswersComparisonsIsAskedOnlyOnTwoChoiceSteps) {
  static_assert(!answers_exactly<CountingCompares, Question::compare>);
  static_assert(answers_exactly<ExactOracle<std::uint32_t>, Question::compare>);
  Loads<std::uint32_t> loads(64);
  Streams streams(2026, 11);
  CountingCompares oracle(loads, streams);
  Rng coins(stream_key(2026, 11, Stream::coins));
  OnePlusBeta p{0.3, TieRule::random};
  const std::uint64_t balls = 2000;
  std::uint64_t two_choice_steps = 0;
  for (std::uint64_t ball = 0; ball < balls; ++ball) {
    two_choice_steps += bernoulli(coins, 0.3);
    oracle.place(p.choose(oracle).bin, 1);
    ASSERT_EQ(oracle.compares, two_choice_steps) << "ball " << ball;
  }
  EXPECT_GT(two_choice_steps, 400u);
  EXPECT_EQ(oracle.probes(), balls + two_choice_steps);
}

// The exact oracle compares a load with the average in integers (x_i n against W): the order
// (and whether it is below) compare_to(i, average()) gives with the correctly rounded W/n, at
// every bin and step, where n does not divide W (49 * (1/49) is not 1 in doubles) and where it
// does (equality).
template <class State>
void expect_integer_average_order(std::uint64_t n, std::uint64_t replicate) {
  State state(n);
  Streams streams(2026, replicate);
  ExactOracle<typename State::value_type, State> oracle(state, streams);
  Rng placements(replicate);
  std::uint64_t equal = 0;
  for (std::uint64_t ball = 0; ball < 6 * n; ++ball) {
    for (Bin i = 0; i < std::min<std::uint64_t>(n, 64); ++i) {
      const Bin bin = static_cast<Bin>(bounded(placements, n));
      ASSERT_EQ(oracle.compare_to_exact_average(bin), oracle.compare_to(bin, oracle.average()))
          << "n " << n << ", W " << oracle.balls() << ", bin " << bin;
      ASSERT_EQ(oracle.below_exact_average(bin),
                oracle.compare_to(bin, oracle.average()) == Order::less);
      ASSERT_EQ(oracle.below_exact_average(bin, true),
                oracle.compare_to(bin, oracle.average()) != Order::greater);
      equal += oracle.compare_to_exact_average(bin) == Order::equal;
    }
    oracle.place(static_cast<Bin>(bounded(placements, (n + 1) / 2)), 1);  // loads spread out
  }
  EXPECT_GT(equal, 0u) << "n " << n;
}

TEST(ExactOracleAverage, IntegerComparisonGivesTheOrderOfTheRoundedMean) {
  for (const std::uint64_t n : {1, 3, 49, 1000, 12345}) {
    expect_integer_average_order<Loads<std::uint32_t>>(n, n);
    expect_integer_average_order<LevelLoads>(n, n + 1);
  }
}

// x_i n beyond 2^64 is above every W: a state of 2^33 bins, one holding 2^32 balls.
TEST(ExactOracleAverage, AProductBeyondSixtyFourBitsIsGreater) {
  struct State {
    std::uint64_t load;
    std::uint64_t balls_placed;
    std::uint64_t n() const { return std::uint64_t{1} << 33; }
    std::uint64_t operator[](Bin) const { return load; }
    std::uint64_t total() const { return balls_placed; }
    std::uint64_t balls() const { return balls_placed; }
    double average() const { return static_cast<double>(balls_placed) / static_cast<double>(n()); }
  };
  Streams streams(2026, 12);
  State above{std::uint64_t{1} << 32, std::uint64_t{1} << 63};  // x n = 2^65 > W: overflows
  EXPECT_EQ((ExactOracle<std::uint64_t, State>(above, streams).compare_to_exact_average(0)),
            Order::greater);
  State below{std::uint64_t{1} << 29, std::uint64_t{1} << 63};  // x n = 2^62 < W = 2^63
  EXPECT_EQ((ExactOracle<std::uint64_t, State>(below, streams).compare_to_exact_average(0)),
            Order::less);
  State equal{std::uint64_t{1} << 30, std::uint64_t{1} << 63};
  EXPECT_EQ((ExactOracle<std::uint64_t, State>(equal, streams).compare_to_exact_average(0)),
            Order::equal);
  EXPECT_FALSE((ExactOracle<std::uint64_t, State>(above, streams).below_exact_average(0)));
  EXPECT_TRUE((ExactOracle<std::uint64_t, State>(below, streams).below_exact_average(0)));
  EXPECT_FALSE((ExactOracle<std::uint64_t, State>(equal, streams).below_exact_average(0)));
  EXPECT_TRUE((ExactOracle<std::uint64_t, State>(equal, streams).below_exact_average(0, true)));
  EXPECT_FALSE((ExactOracle<std::uint64_t, State>(above, streams).below_exact_average(0, true)));
}

// Under the exact setting on per-bin loads, a step's placement carries the load of the bin it
// chose, read with the samples (the placement does not read it again); under any other oracle it
// carries none. Both give the same bins.
TEST(ChosenPlacement, CarriesTheChosenBinsLoadOnlyUnderTheExactSetting) {
  static_assert(reads_loads_freely<ExactOracle<std::uint32_t>>);
  static_assert(carries_read_cells<ExactOracle<std::uint32_t>>);
  static_assert(!reads_loads_freely<CountingCompares>);
  Loads<std::uint32_t> loads(64), other_loads(64);
  Streams streams(2026, 13), other_streams(2026, 13);
  ExactOracle<std::uint32_t> oracle(loads, streams);
  CountingCompares counting(other_loads, other_streams);
  Thinning mean_thinning{{ThresholdStage{}}, true};
  OnePlusBeta one_plus_beta{0.5, TieRule::random};
  for (int ball = 0; ball < 4000; ++ball) {
    const Placement placement =
        ball % 2 == 0 ? one_plus_beta.choose(oracle) : mean_thinning.choose(oracle);
    const Placement plain =
        ball % 2 == 0 ? one_plus_beta.choose(counting) : mean_thinning.choose(counting);
    ASSERT_EQ(placement.bin, plain.bin) << "ball " << ball;
    ASSERT_TRUE(placement.read_load.has_value());
    ASSERT_EQ(*placement.read_load, loads[placement.bin]) << "ball " << ball;
    ASSERT_FALSE(plain.read_load.has_value());
    oracle.place_read(placement.bin, *placement.read_load, 1);
    counting.place(plain.bin, 1);
  }
  EXPECT_EQ(loads.vector(), other_loads.vector());
}

// The exact oracle on levels with compare() answered by the oracle itself: the process then
// compares the two levels, as under any setting.
class SelfComparingLevels : public ExactOracle<std::uint64_t, LevelLoads> {
 public:
  using ExactOracle::ExactOracle;
  Order compare(Bin i, Bin j) { return ExactOracle::compare(i, j); }
};

// On the levels engine under the exact setting, the lighter of two ranks is the lower one
// (ranks_order_loads): Two-Choice and (1+beta) read no level to compare. Where the two levels
// are equal it may be the other sample than the tie rule's, of the same level, so the placement
// moves the same rank: runs with and without the shortcut reach the same histogram, rank for
// rank, at every ball.
TEST(ChosenPlacement, TheLowerRankIsTheLighterOnTheLevelsEngine) {
  static_assert(ranks_order_loads<ExactOracle<std::uint64_t, LevelLoads>>);
  static_assert(!ranks_order_loads<ExactOracle<std::uint32_t>>);
  static_assert(!ranks_order_loads<SelfComparingLevels>);
  LevelLoads levels(64), other_levels(64);
  Streams streams(2026, 17), other_streams(2026, 17);
  ExactOracle<std::uint64_t, LevelLoads> oracle(levels, streams);
  SelfComparingLevels comparing(other_levels, other_streams);
  OnePlusBeta one_plus_beta{0.5, TieRule::random};
  DChoice two_choice{2, TieRule::random};
  std::uint64_t other_sample = 0;  // steps where the shortcut chose the other bin of the level
  for (int ball = 0; ball < 4000; ++ball) {
    const bool beta_step = ball % 2 == 0;
    const Placement placement =
        beta_step ? one_plus_beta.choose(oracle) : two_choice.choose(oracle);
    const Placement plain =
        beta_step ? one_plus_beta.choose(comparing) : two_choice.choose(comparing);
    ASSERT_EQ(levels[placement.bin], other_levels[plain.bin]) << "ball " << ball;
    other_sample += placement.bin != plain.bin;
    ASSERT_EQ(oracle.place(placement.bin, 1), comparing.place(plain.bin, 1)) << "ball " << ball;
  }
  EXPECT_EQ(levels.histogram().bins, other_levels.histogram().bins);
  EXPECT_EQ(levels.histogram().first_level, other_levels.histogram().first_level);
  EXPECT_GT(other_sample, 0u);  // ties were met, and broken the other way
}

// A run of m balls into n bins that keeps its final loads, steps above gap level 2 counted.
RunConfig run_keeping_loads(std::uint64_t n, std::uint64_t m) {
  RunConfig config{n, m, 2};
  config.keep_loads = true;
  return config;
}

// A run for with_constants: what with_constants_if_exact asks a process to call.
struct AnyForm {
  template <class Form>
  RunResult operator()(const Form&) const {
    return {};
  }
};

// A process with its parameters as run-time values, hiding the constant form it offers.
template <class Process>
struct AtRunTime {
  Process process;
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    return process.choose(oracle);
  }
};

// Whether `process` runs as its constant form Form (with_constants).
template <class Form, class Process>
bool runs_as(const Process& process) {
  static_assert(requires(AnyForm run) { process.with_constants(run); });
  return process.with_constants(
      [](const auto& form) { return std::is_same_v<std::decay_t<decltype(form)>, Form>; });
}

// The engine's dispatch, and the run: the constant form Form under the exact setting on integer
// loads (per bin or levels); the process itself under a setting that answers a question itself,
// or with weighted loads. The form gives the same run as the process with its parameters at run
// time, on both engines.
template <class Form, class Process>
void expect_constant_form_with_the_same_run(const Process& process, std::uint64_t n = 1000,
                                            std::uint64_t m = 50 * 1000) {
  const auto dispatched = [&](auto oracle_tag) {
    bool constant = false;
    with_constants_if_exact<typename decltype(oracle_tag)::type>(process, [&](const auto& form) {
      constant = std::is_same_v<std::decay_t<decltype(form)>, Form>;
      return RunResult{};
    });
    return constant;
  };
  EXPECT_TRUE(dispatched(std::type_identity<ExactOracle<std::uint32_t>>{}));
  EXPECT_TRUE((dispatched(std::type_identity<ExactOracle<std::uint64_t, LevelLoads>>{})));
  EXPECT_FALSE(dispatched(std::type_identity<CountingCompares>{}));
  EXPECT_FALSE(dispatched(std::type_identity<ExactOracle<double, Loads<double>>>{}));
  RunConfig config = run_keeping_loads(n, m);
  const AtRunTime<Process> at_run_time{process};
  expect_same_run(run_once<std::uint32_t>(process, ExactSetting{}, Weights{}, config, 11, 3),
                  run_once<std::uint32_t>(at_run_time, ExactSetting{}, Weights{}, config, 11, 3));
  if constexpr (requires { Process::on_levels; }) {
    config.keep_loads = false;
    expect_same_run(run_once_on_levels(process, ExactSetting{}, Weights{}, config, 11, 3),
                    run_once_on_levels(at_run_time, ExactSetting{}, Weights{}, config, 11, 3));
  }
}

// Under the exact setting Two-Choice with random ties runs as DChoice::TwoChoice, d and the tie
// rule constants (with_constants_if_exact). Any other d or tie rule runs the process itself.
TEST(ConstantForm, TwoChoiceRunsAsItsConstantFormWithTheSameResult) {
  EXPECT_TRUE(runs_as<DChoice::TwoChoice>(DChoice{2, TieRule::random}));
  EXPECT_FALSE(runs_as<DChoice::TwoChoice>(DChoice{3, TieRule::random}));
  EXPECT_FALSE(runs_as<DChoice::TwoChoice>(DChoice{2, TieRule::index}));
  expect_constant_form_with_the_same_run<DChoice::TwoChoice>(DChoice{2, TieRule::random});
}

// Left[2] runs as Left::LeftTwo, its groups' bounds in the form; other d run the process itself.
// n = 2^20 + 3: two unequal groups, and loads large enough to be prefetched by the groups.
TEST(ConstantForm, LeftTwoRunsAsItsConstantFormWithTheSameResult) {
  EXPECT_TRUE(runs_as<Left::LeftTwo>(Left{2}));
  EXPECT_FALSE(runs_as<Left::LeftTwo>(Left{3}));
  EXPECT_FALSE(runs_as<Left::LeftTwo>(Left{1}));
  expect_constant_form_with_the_same_run<Left::LeftTwo>(Left{2});
  const std::uint64_t prefetched = (std::uint64_t{1} << 20) + 3;
  expect_constant_form_with_the_same_run<Left::LeftTwo>(Left{2}, prefetched, 4 * prefetched);
}

// FirstDiff with cap 4 runs as FirstDiff::Capped<4>, its samples peeked and read at once; other
// caps run the process itself. n = 2^20 + 3 is prefetched; on the levels engine n = 2^31 + 1
// refuses about half of the peeks (a word that may be rejected), which then draw one by one.
TEST(ConstantForm, FirstDiffOfCapFourRunsAsItsConstantFormWithTheSameResult) {
  EXPECT_TRUE(runs_as<FirstDiff::Capped<4>>(FirstDiff{4}));
  EXPECT_FALSE(runs_as<FirstDiff::Capped<4>>(FirstDiff{3}));
  expect_constant_form_with_the_same_run<FirstDiff::Capped<4>>(FirstDiff{4});
  const std::uint64_t prefetched = (std::uint64_t{1} << 20) + 3;
  expect_constant_form_with_the_same_run<FirstDiff::Capped<4>>(FirstDiff{4}, prefetched,
                                                               4 * prefetched);
  const RunConfig config{(std::uint64_t{1} << 31) + 1, 20000, 2};
  expect_same_run(
      run_once_on_levels(FirstDiff{4}, ExactSetting{}, Weights{}, config, 11, 3),
      run_once_on_levels(AtRunTime<FirstDiff>{{4}}, ExactSetting{}, Weights{}, config, 11, 3));
}

// Thinning against the mean in one stage runs as Thinning::AgainstTheMean, the acceptance rule a
// constant: Mean-Thinning (equality accepted) and Thinning's default (not). A threshold above the
// mean, an absolute one or a schedule runs the process itself.
TEST(ConstantForm, ThinningAgainstTheMeanRunsAsItsConstantFormWithTheSameResult) {
  Thinning thinning, mean_thinning;
  mean_thinning.accept_at_threshold = true;
  EXPECT_TRUE(runs_as<Thinning::AgainstTheMean<false>>(thinning));
  EXPECT_TRUE(runs_as<Thinning::AgainstTheMean<true>>(mean_thinning));
  Thinning above_mean, absolute, schedule;
  above_mean.stages = {{0, true, 1.0}};
  absolute.stages = {{0, false, 0.0}};
  schedule.stages = {{0, true, 0.0}, {5000, true, 1.0}};
  EXPECT_TRUE(runs_as<Thinning>(above_mean));
  EXPECT_TRUE(runs_as<Thinning>(absolute));
  EXPECT_TRUE(runs_as<Thinning>(schedule));
  expect_constant_form_with_the_same_run<Thinning::AgainstTheMean<false>>(thinning);
  expect_constant_form_with_the_same_run<Thinning::AgainstTheMean<true>>(mean_thinning);
}

// (1+beta) with random ties runs as OnePlusBeta::RandomTies, its coin an integer comparison with
// a bound worked out once (the same coin); with index ties it runs the process itself. beta = 0
// and 1 are the ends of the bound.
TEST(ConstantForm, OnePlusBetaWithRandomTiesRunsAsItsConstantFormWithTheSameResult) {
  EXPECT_TRUE(runs_as<OnePlusBeta::RandomTies>(OnePlusBeta{0.5, TieRule::random}));
  EXPECT_TRUE(runs_as<OnePlusBeta>(OnePlusBeta{0.5, TieRule::index}));
  for (const double beta : {0.0, 0.3, 0.5, 1.0})
    expect_constant_form_with_the_same_run<OnePlusBeta::RandomTies>(
        OnePlusBeta{beta, TieRule::random});
}

// The level counts that the rank question reads equal those of the load vector, after unit balls
// and after a snapshot catches up with a later state several levels at once.
TEST(LoadLevels, CountTheBinsAtAndAboveEveryLevel) {
  const std::size_t n = 37;
  Loads<std::uint32_t> loads(n, true), snapshot(n, true);
  Rng rng(5);
  const auto expect_counts = [&](const Loads<std::uint32_t>& state) {
    std::uint64_t top = 0;
    for (Bin i = 0; i < n; ++i) top = std::max<std::uint64_t>(top, state[i]);
    for (std::uint64_t q = 0; q <= top + 1; ++q) {
      std::uint64_t at = 0, above = 0;
      for (Bin i = 0; i < n; ++i) {
        at += state[i] == q;
        above += state[i] > q;
      }
      ASSERT_EQ(state.bins_at_level(q), at) << "level " << q;
      ASSERT_EQ(state.bins_above(q), above) << "level " << q;
    }
    EXPECT_EQ(state.top_level(), top);
  };
  for (int ball = 1; ball <= 2000; ++ball) {
    // Every fifth ball goes to bin 0, so the loads spread over many levels.
    loads.add(ball % 5 == 0 ? 0 : bounded(rng, n), 1);
    if (ball % 100 == 0) {
      expect_counts(loads);
      for (Bin i = 0; i < n; ++i) snapshot.catch_up(loads, i);
      expect_counts(snapshot);
    }
  }
  EXPECT_GT(loads.top_level(), 100u);
}

// A load vector of 2 MiB or more reuses the block the thread's previous run freed, and starts
// at zero all the same.
TEST(LoadVectorMemory, AReusedLargeBlockStartsAtZero) {
  const std::size_t n = std::size_t{1} << 20;  // 4 MiB of loads
  const std::uint32_t* block = nullptr;
  {
    Loads<std::uint32_t> loads(n);
    for (Bin i = 0; i < n; i += 4099) loads.add(i, 1);
    block = loads.vector().data();
  }
  Loads<std::uint32_t> again(n);
  EXPECT_EQ(again.vector().data(), block);
  EXPECT_EQ(static_cast<std::size_t>(
                std::count(again.vector().begin(), again.vector().end(), std::uint32_t{0})),
            n);
}

// --- narrow load cells ------------------------------------------------------------------------

// One byte a bin gives the run that full-width cells give, through three moves of the base (the
// loads climb about 1000 levels, the byte holds 255).
TEST(NarrowCells, GiveTheSameRunAsFullWidthCells) {
  const RunConfig config = run_keeping_loads(1000, 1000 * 1000);
  const DChoice two{2, TieRule::random};
  const RunResult narrow =
      run_once_in<std::uint32_t, std::uint8_t>(two, ExactSetting{}, Weights{}, config, 7, 1);
  const RunResult wide =
      run_once_in<std::uint32_t, std::uint32_t>(two, ExactSetting{}, Weights{}, config, 7, 1);
  expect_same_run(narrow, wide);
  EXPECT_GE(wide.histogram.first_level, 990u);  // the base moved past the byte's range
}

// The histogram a run reports, against a count of every value into its group: byte cells (the
// count by value), full-width loads, groups wider than one level, and lengths that are not a
// multiple of the four tables.
template <class Value>
void expect_histogram_counts_every_value(const std::vector<Value>& x, std::uint64_t width) {
  const LoadHistogram h = histogram_of(x);
  std::vector<std::uint64_t> levels;
  for (const Value v : x) levels.push_back(static_cast<std::uint64_t>(v));
  const auto [lo, hi] = std::minmax_element(levels.begin(), levels.end());
  EXPECT_EQ(h.first_level, *lo);
  EXPECT_EQ(h.level_width, width);
  ASSERT_EQ(h.bins.size(), (*hi - *lo) / width + 1);
  std::vector<std::uint64_t> expected(h.bins.size(), 0);
  for (const std::uint64_t level : levels) ++expected[(level - *lo) / width];
  EXPECT_EQ(h.bins, expected);
}

TEST(LoadHistogram, OfCellsCountsEveryValueInItsGroup) {
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t i = 0; i < 1003; ++i) bytes.push_back(40 + (i * 37 % 11) * (i % 3));
  expect_histogram_counts_every_value(bytes, 1);
  expect_histogram_counts_every_value(std::vector<std::uint8_t>{255}, 1);
  expect_histogram_counts_every_value(std::vector<std::uint8_t>{0, 255}, 1);
  std::vector<std::uint32_t> wide;
  for (std::uint32_t i = 0; i < 1001; ++i) wide.push_back(7 + i * 2654435761u % 5000);
  expect_histogram_counts_every_value(wide, 8);  // 5000 levels: groups of 8 keep <= 1024
  expect_histogram_counts_every_value(std::vector<double>{2.5, 3.0, 3.75, 9.0}, 1);
}

// Several unit balls at once (a step of Packing or Twinning) may carry a byte cell past its top:
// the base moves to the least load, also where that bin was the least loaded before, and every
// load stays exact.
TEST(NarrowCells, SeveralBallsAtOncePastTheTopOfTheCell) {
  // bin 0's load and the other three's before balls take bin 0 to 260 in one addition
  for (const auto& [first, others] : {std::pair{150u, 150u}, std::pair{200u, 250u}}) {
    Loads<std::uint32_t, std::uint8_t> loads(4);
    loads.add(0, first);
    for (Bin i = 1; i < 4; ++i) loads.add(i, others);
    loads.add(0, 260 - first);
    EXPECT_EQ(loads[0], 260u) << first;
    EXPECT_EQ(loads[3], others) << first;
    EXPECT_EQ(loads.base(), others) << first;
    EXPECT_EQ(loads.max(), 260u) << first;
    EXPECT_EQ(loads.balls(), 260u + 3 * others) << first;
  }
}

// Packing fills a bin by many balls in one step, on byte cells as on full-width ones.
TEST(NarrowCells, GiveTheSameRunAsFullWidthCellsForPacking) {
  const RunConfig config = run_keeping_loads(1000, 1000 * 1000);
  const RunResult narrow =
      run_once_in<std::uint32_t, std::uint8_t>(Packing{}, ExactSetting{}, Weights{}, config, 7, 1);
  const RunResult wide =
      run_once_in<std::uint32_t, std::uint32_t>(Packing{}, ExactSetting{}, Weights{}, config, 7, 1);
  expect_same_run(narrow, wide);
  EXPECT_GT(wide.histogram.first_level, 255u);  // the base moved past the byte's range
}

// Every ball in bin 0: max - min grows without bound.
struct AllInFirstBin {
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    oracle.sample();
    return {0};
  }
};

// Loads that spread past half a byte end the narrow attempt; run_once replays the run from its
// seed with full-width cells, and the result is that run's.
TEST(NarrowCells, ASpreadTooWideForAByteIsReplayedAtFullWidth) {
  RunConfig config;
  config.n = std::uint64_t{1} << 21;  // 8 MiB of full-width loads: run_once tries a byte a bin
  config.m = 1000;
  EXPECT_THROW((run_once_in<std::uint32_t, std::uint8_t>(AllInFirstBin{}, ExactSetting{},
                                                          Weights{}, config, 3, 0)),
               NarrowWindowExceeded);
  const RunResult replayed =
      run_once<std::uint32_t>(AllInFirstBin{}, ExactSetting{}, Weights{}, config, 3, 0);
  EXPECT_EQ(replayed.max_load, 1000.0);
  EXPECT_EQ(replayed.probes, 1000u);
  EXPECT_EQ(replayed.histogram.bins.back(), 1u);
}

// --- the exact rank question --------------------------------------------------------------

// The exact oracle's in_top on true loads, against ranks counted by hand.
TEST(ExactOracleInTop, MatchesCountedRanksAndRandomisesOnlyTies) {
  Loads<std::uint32_t> loads(6, true);
  Streams streams(1, 0);
  ExactOracle<std::uint32_t> oracle(loads, streams);
  // loads 3, 2, 2, 1, 0, 0
  for (Bin i : {0, 0, 0, 1, 1, 2, 2, 3}) oracle.place(i, 1);
  EXPECT_EQ(loads.bins_above(0), 4u);
  EXPECT_EQ(loads.bins_above(1), 3u);
  EXPECT_EQ(loads.bins_above(2), 1u);
  EXPECT_EQ(loads.bins_above(3), 0u);
  EXPECT_EQ(loads.bins_above(7), 0u);
  EXPECT_TRUE(oracle.in_top(0, 1));
  EXPECT_FALSE(oracle.in_top(1, 1));
  EXPECT_TRUE(oracle.in_top(1, 3));
  EXPECT_FALSE(oracle.in_top(3, 3));
  EXPECT_TRUE(oracle.in_top(3, 4));
  EXPECT_FALSE(oracle.in_top(4, 4));
  EXPECT_TRUE(oracle.in_top(4, 6));
  EXPECT_FALSE(oracle.in_top(0, 0));
  // Bins 1 and 2 tie for rank 2-3: asking for the top 2 must answer both ways over many asks,
  // about half each (1000 asks: P(outside [400, 600]) < 1e-9).
  int inside = 0;
  for (int k = 0; k < 1000; ++k) inside += oracle.in_top(1, 2);
  EXPECT_GT(inside, 400);
  EXPECT_LT(inside, 600);
}

// The rank question draws a coin where the bin's level straddles the k-th place, and only there,
// as the rule reads: the answers and the coins left are those of the rule asked in that order.
TEST(ExactOracleInTop, DrawsACoinOnlyWhereTheLevelStraddles) {
  Loads<std::uint32_t> loads(6, true);
  Streams streams(4, 2);
  Rng reference = streams.coins;
  ExactOracle<std::uint32_t> oracle(loads, streams);
  for (Bin i : {0, 0, 0, 1, 1, 2, 2, 3}) oracle.place(i, 1);  // loads 3, 2, 2, 1, 0, 0
  auto by_the_rule = [&](Bin i, std::uint64_t k) {
    const std::uint64_t level = loads[i];
    const std::uint64_t heavier = loads.bins_above(level);
    const std::uint64_t tied = loads.bins_at_level(level);
    if (heavier >= k) return false;
    if (heavier + tied <= k) return true;
    return bounded(reference, tied) < k - heavier;
  };
  int coins = 0;
  for (int round = 0; round < 20; ++round)
    for (Bin i = 0; i < 6; ++i)
      for (std::uint64_t k = 0; k <= 7; ++k) {
        const std::uint64_t heavier = loads.bins_above(loads[i]);
        coins += heavier < k && heavier + loads.bins_at_level(loads[i]) > k;
        ASSERT_EQ(oracle.in_top(i, k), by_the_rule(i, k)) << "bin " << i << " k " << k;
      }
  EXPECT_EQ(coins, 20 * 4);  // bins 1, 2 at k = 2; bins 4, 5 at k = 5
  for (int k = 0; k < 64; ++k) ASSERT_EQ(oracle.coin(0.5), bernoulli(reference, 0.5));
}

// coin_under(bound) is the coin of the next word's top 53 bits below the bound: false at a bound
// equal to them, true one above, and coin(p) itself for bernoulli_bound(p).
TEST(ExactOracleCoins, CoinUnderABoundIsTheWordsTopBitsBelowIt) {
  Loads<std::uint32_t> loads(4);
  Streams streams(2026, 5);
  Rng reference = streams.coins;
  ExactOracle<std::uint32_t> oracle(loads, streams);
  for (int k = 0; k < 64; ++k) {
    Rng ahead = reference;
    const std::uint64_t top = ahead() >> 11;
    ASSERT_EQ(oracle.coin_under(top + (k % 2)), k % 2 == 1);
    reference();
  }
  for (int k = 0; k < 64; ++k)
    ASSERT_EQ(oracle.coin_under(bernoulli_bound(0.3)), bernoulli(reference, 0.3));
}

// --- two-thinning -------------------------------------------------------------------------

Thinning absolute(double l) { return Thinning{{{0, false, l}}}; }
Thinning relative(double L) { return Thinning{{{0, true, L}}}; }

TEST(Thinning, AcceptsAPrimaryBelowAnAbsoluteThreshold) {
  ScriptedOracle o({1, 3}, {0});
  Thinning p = absolute(2);
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.probes(), 1u);
}

TEST(Thinning, APrimaryAtTheThresholdIsRejectedAndTheSecondaryTakenUncompared) {
  ScriptedOracle o({2, 3}, {0, 1});
  Thinning p = absolute(2);
  EXPECT_EQ(p.choose(o).bin, 1u);  // the secondary, heavier still
  EXPECT_EQ(o.probes(), 2u);
}

TEST(Thinning, RelativeThresholdIsTheMeanPlusL) {
  ScriptedOracle o({3, 2, 1, 0}, {0, 3, 1, 2});
  o.set_balls(6);  // W/n = t/n = 1.5
  Thinning p = relative(1);  // threshold 2.5
  EXPECT_EQ(p.choose(o).bin, 3u);  // 3 >= 2.5: secondary
  EXPECT_EQ(p.choose(o).bin, 1u);  // 2 < 2.5: kept
  EXPECT_EQ(o.probes(), 3u);
  EXPECT_EQ(o.unused_samples(), 1u);
}

TEST(Thinning, MeanThinningAcceptsEqualityButRelativeZeroDoesNot) {
  ScriptedOracle strict({2, 2}, {0, 1});  // W/n = 2
  Thinning relative_zero = relative(0);
  EXPECT_EQ(relative_zero.choose(strict).bin, 1u);
  ScriptedOracle inclusive({2, 2}, {0});
  Thinning mean = relative(0);
  mean.accept_at_threshold = true;
  EXPECT_EQ(mean.choose(inclusive).bin, 0u);
  EXPECT_EQ(inclusive.probes(), 1u);
}

// With weights the mean is W/n, not t/n: two balls of total weight 4 in 2 bins have mean 2, and
// a primary of load 1.5 is below it (t/n = 1 would reject it and draw a secondary).
TEST(Thinning, RelativeThresholdIsTheMeanWeightNotBallsOverN) {
  ScriptedOracle o({2.5, 1.5}, {1});
  o.set_balls(2);
  Thinning mean = relative(0);
  mean.accept_at_threshold = true;
  EXPECT_EQ(mean.choose(o).bin, 1u);
  EXPECT_EQ(o.probes(), 1u);
}

TEST(Thinning, ScheduleSwitchesStagesAtTheirStartStep) {
  // n = 2: relative L = 0 (W/n = 1.5) until t = 4, then absolute 5.
  Thinning p{parse_schedule("0:r0/2n:a5", 2)};
  ScriptedOracle o({3, 0}, {0, 1, 0});
  o.set_balls(3);  // stage 0: threshold 1.5, load 3 rejected
  EXPECT_EQ(p.choose(o).bin, 1u);
  o.set_balls(4);  // stage 1: threshold 5, load 3 kept
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.unused_samples(), 0u);
}

TEST(Thinning, AClockThatJumpsPastSeveralStartsLandsInTheLatestStage) {
  // Absolute thresholds 1, 9, 3, 10 from t = 0, 2, 4, 6; the primary (bin 0) has load 5, so
  // stopping in stage 1 (threshold 9) would keep it where stage 2 rejects it.
  Thinning p{parse_schedule("0:a1/2:a9/4:a3/6:a10", 2)};
  ScriptedOracle o({5, 0}, {0, 1, 0, 1, 0});
  o.set_balls(1);  // stage 0: threshold 1, rejected
  EXPECT_EQ(p.choose(o).bin, 1u);
  o.set_balls(5);  // past the starts 2 and 4 at once: stage 2, threshold 3, rejected
  EXPECT_EQ(p.choose(o).bin, 1u);
  o.set_balls(6);  // stage 3: threshold 10, kept
  EXPECT_EQ(p.choose(o).bin, 0u);
  EXPECT_EQ(o.unused_samples(), 0u);
  EXPECT_EQ(o.probes(), 5u);
}

TEST(ThinningSchedule, ParsesStagesWithCounts) {
  const auto stages = parse_schedule("0:r2/5n:r-1/1e3:a12.5", 100);
  ASSERT_EQ(stages.size(), 3u);
  EXPECT_EQ(stages[0].start, 0u);
  EXPECT_TRUE(stages[0].relative);
  EXPECT_EQ(stages[0].value, 2);
  EXPECT_EQ(stages[1].start, 500u);
  EXPECT_EQ(stages[1].value, -1);
  EXPECT_EQ(stages[2].start, 1000u);
  EXPECT_FALSE(stages[2].relative);
  EXPECT_EQ(stages[2].value, 12.5);
}

TEST(ThinningSchedule, RefusesBadText) {
  for (const char* bad : {"", "0", "0:", "0:x1", "0:r", "0:rx", "1:r0", "0:r0/0:r1",
                          "0:r0/5n:r1/4n:a2", "0:r0/", "-1:r0", "0:r0//3:r1"})
    EXPECT_THROW(parse_schedule(bad, 10), InputError) << bad;
}

// --- Twinning, Packing, Memory -----------------------------------------------------------

TEST(Twinning, TwoBallsBelowTheAverageOneAtOrAbove) {
  ScriptedOracle o({0, 2, 1}, {0, 2, 1});  // W/n = 1
  Twinning p;
  const Placement below = p.choose(o);
  EXPECT_EQ(below.bin, 0u);
  EXPECT_EQ(below.balls, 2u);
  EXPECT_EQ(p.choose(o).balls, 1u);  // equal to the average
  EXPECT_EQ(p.choose(o).balls, 1u);  // above
  EXPECT_EQ(o.probes(), 3u);
}

TEST(Packing, FillsABinBelowTheAverageToCeilingPlusOne) {
  ScriptedOracle o({0, 2, 2}, {0});  // W/n = 4/3, ceil = 2: fill bin 0 to 3
  Packing p;
  const Placement fill = p.choose(o);
  EXPECT_EQ(fill.bin, 0u);
  EXPECT_EQ(fill.balls, 3u);
  EXPECT_EQ(o.probes(), 1u);
}

TEST(Packing, IntegerAverageFillsToAveragePlusOneAndEqualityGetsOneBall) {
  ScriptedOracle o({0, 1, 2}, {0, 1});  // W/n = 1
  Packing p;
  EXPECT_EQ(p.choose(o).balls, 2u);  // 0 -> 2
  EXPECT_EQ(p.choose(o).balls, 1u);  // load 1 = W/n: one ball
}

// Every question answered truthfully, but by members of its own, as a setting answers them: a
// process takes on it the path it takes under any setting other than the exact one.
template <class Load, class State>
class TruthfulOracle : public ExactOracle<Load, State> {
  using Exact = ExactOracle<Load, State>;

 public:
  using hides = Hides<Question::average, Question::compare_to, Question::load>;
  using Exact::Exact;
  double average() const { return Exact::average(); }
  Order compare_to(Bin i, double level) { return Exact::compare_to(i, level); }
  double load(Bin i) { return Exact::load(i); }
};
struct TruthfulSetting {
  template <class Load = void, class State>
  TruthfulOracle<oracle_load_t<Load, State>, State> oracle(State& loads, Streams& streams) const {
    return {loads, streams};
  }
};

// Under the exact setting Packing compares x_i n with W and keeps ceil(W/n) as t grows, in
// integers; asked as the definition words it (W/n, its ceiling, x_i), it takes the same steps.
// n = 1 and 3 make the ceiling move every step or every few; m is not a whole number of steps.
TEST(Packing, IntegerStepsUnderTheExactSettingAreTheStepsAskedAsDefined) {
  static_assert(reads_loads_freely<ExactOracle<std::uint32_t>>);
  static_assert(!reads_loads_freely<TruthfulOracle<std::uint32_t, Loads<std::uint32_t>>>);
  for (const std::uint64_t n : {1u, 3u, 1000u}) {
    const RunConfig config = run_keeping_loads(n, 200 * n + 7);
    expect_same_run(run_once<std::uint32_t>(Packing{}, ExactSetting{}, Weights{}, config, 5, 2),
                    run_once<std::uint32_t>(Packing{}, TruthfulSetting{}, Weights{}, config, 5, 2));
  }
}

TEST(Packing, CeilingOfTheAverageFollowsTheClock) {
  for (const std::uint64_t n : {1u, 3u, 7u}) {
    Packing p;
    for (std::uint64_t t = 0; t < 60; t += 1 + t % 4)
      ASSERT_EQ(p.ceil_of_average(t, n), (t + n - 1) / n) << "t " << t << ", n " << n;
  }
}

TEST(Memory, FirstBallGoesToItsSampleThenTheLesserOfSampleAndCache) {
  ScriptedOracle o({1, 3, 2, 0}, {0, 1, 3, 2});
  Memory p;
  auto step = [&] {  // choose and place, as the engine does
    const Bin b = p.choose(o).bin;
    o.place(b, 1);
    return b;
  };
  EXPECT_EQ(step(), 0u);  // empty cache
  EXPECT_EQ(step(), 0u);  // cache 0 (load 2 now) < sample 1 (load 3)
  EXPECT_EQ(step(), 3u);  // sample 3 (load 0) < cache 0 (load 3): cache moves to 3
  EXPECT_EQ(step(), 3u);  // cache 3 (load 1) < sample 2 (load 2)
  EXPECT_EQ(o.probes(), 4u);
}

// MPS02: the cache holds the lesser loaded choice after placement. On a tie the ball goes to the
// fresh sample, which becomes the heavier: the cache keeps the other bin. (The "most recently
// used" reading would cache bin 2 and send the third ball to bin 3.)
TEST(Memory, AfterATieTheCacheKeepsTheBinNotUsed) {
  ScriptedOracle o({0, 1, 1, 1.5}, {0, 2, 3});
  Memory p;
  auto step = [&] {
    const Bin b = p.choose(o).bin;
    o.place(b, 1);
    return b;
  };
  EXPECT_EQ(step(), 0u);  // empty cache; loads 1, 1, 1, 1.5
  EXPECT_EQ(step(), 2u);  // cache 0 ties sample 2: the sample; loads 1, 1, 2, 1.5
  EXPECT_EQ(step(), 0u);  // cache 0 (load 1) < sample 3 (1.5)
}

// Under the exact setting on per-bin loads Memory carries the loads of its cache and other bin
// instead of asking them; asked as the definition words it, it takes the same steps. n = 1 and 3
// make the sample the cache or the other bin often; 2^20 + 3 runs on byte cells, prefetched.
TEST(Memory, CarriedLoadsUnderTheExactSettingAreTheLoadsAsked) {
  static_assert(carries_read_cells<ExactOracle<std::uint32_t>>);
  for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{1000},
                                (std::uint64_t{1} << 20) + 3}) {
    const RunConfig config = run_keeping_loads(n, std::max<std::uint64_t>(3 * n, 20000) + 7);
    expect_same_run(run_once<std::uint32_t>(Memory{}, ExactSetting{}, Weights{}, config, 5, 2),
                    run_once<std::uint32_t>(Memory{}, TruthfulSetting{}, Weights{}, config, 5, 2));
  }
}

TEST(Memory, TiesGoToTheFreshSample) {
  ScriptedOracle o({0, 1, 1}, {0, 2});
  Memory p;
  EXPECT_EQ(p.choose(o).bin, 0u);
  o.place(0, 1);  // the engine's placement: bins 0 and 2 now both have load 1
  EXPECT_EQ(p.choose(o).bin, 2u);
}

}  // namespace
}  // namespace gapcheck
