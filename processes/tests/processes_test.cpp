// Each process on hand-made loads with scripted samples and coins: which bin, how many samples.
#include <gtest/gtest.h>

#include "processes/d_choice.hpp"
#include "processes/one_choice.hpp"
#include "processes/one_plus_beta.hpp"
#include "processes/tests/scripted_oracle.hpp"

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

}  // namespace
}  // namespace gapcheck
