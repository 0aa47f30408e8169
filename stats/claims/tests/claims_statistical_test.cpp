// The statistical tier: the whole ci catalog on its fixed seeds, and the property suite's mutant
// Two-Choice run through the claim it breaks.
//
// CiTier asserts what `gapcheck check` promises: no true claim FAILs (outside documented
// findings) and no negative control PASSes. The mutant test swaps the simulator so that every
// "two-choice" point runs a Two-Choice that picks the heavier bin 5 % of the time
// (properties/mutants_test.cpp), and asserts that fluid-greedy, which passes on the real
// process with the same seeds, FAILs on the mutant. (two-choice-loglog only reaches
// INCONCLUSIVE on it in the ci tier: its slope on log₂ ln n rises to about 1.5, but n ≤ 2^18 is
// too short a range to exclude 1 at the FAIL level.)
#include <gtest/gtest.h>

#include <iostream>
#include <thread>

#include "processes/registry.hpp"
#include "properties/mutants.hpp"
#include "stats/claims/verdict.hpp"

namespace gapcheck::claims {
namespace {

unsigned threads() { return std::max(2u, std::thread::hardware_concurrency()); }

void print(const ClaimOutcome& o) {
  std::cerr << o.id << ": " << to_string(o.verdict) << (o.control ? " (control)" : "") << " | "
            << o.evidence << "\n";
}

TEST(Statistical, CiTierHasNoDefects) {
  CheckOptions options;
  options.threads = threads();
  options.progress = [](const std::string& line) { std::cerr << line << "\n"; };
  const auto outcomes = check_claims(options);
  std::size_t controls = 0;
  for (const auto& o : outcomes) {
    print(o);
    EXPECT_FALSE(o.is_defect()) << o.id << ": " << to_string(o.verdict) << " " << o.evidence;
    controls += o.control;
  }
  EXPECT_GT(controls, 0u);
}

std::vector<RunResult> mutant_simulator(const PointSpec& point, std::uint64_t seed,
                                        unsigned threads) {
  const bool two_choice =
      point.specs.process == "two-choice" || point.specs.process == "d-choice:d=2";
  if (!two_choice || point.specs.setting != "exact" || point.specs.weights != "unit")
    return simulate_point(point, seed, threads);
  RunConfig config;
  config.n = point.n;
  config.m = point.m;
  std::vector<RunResult> runs;
  for (std::uint64_t r = 0; r < point.runs; ++r)
    runs.push_back(run_once<std::uint32_t>(HeavierTwoChoice{}, ExactSetting{}, Weights{}, config,
                                           seed, r));
  return runs;
}

ClaimOutcome check_one(const std::string& id, Simulator simulator) {
  CheckOptions options;
  options.glob = id;
  options.threads = threads();
  options.simulator = std::move(simulator);
  const auto outcomes = check_claims(options);
  EXPECT_EQ(outcomes.size(), 1u);
  print(outcomes.at(0));
  return outcomes.at(0);
}

TEST(Statistical, HeavierTwoChoiceMutantFailsTheGreedyFluidLimit) {
  EXPECT_EQ(check_one("fluid-greedy", CheckOptions{}.simulator).verdict, Verdict::pass)
      << "control: the real Two-Choice must pass on the same seeds";
  EXPECT_EQ(check_one("fluid-greedy", mutant_simulator).verdict, Verdict::fail)
      << "mutant survived";
}

}  // namespace
}  // namespace gapcheck::claims
