// Where two definitions coincide, one seed gives one load vector: g = 0 (the heavier and near-max
// adversaries), sigma = 0, b = 1 and tau = 1 are the exact setting for every registered process
// (g = 0 with Two-Choice is the paper's "g = 0 reduces to Two-Choice"), and uniform weights on
// [1, 1] are unit weights, in every setting. Settings draw only from the setting stream, which is
// what makes these exact. g-Myopic at g = 0 tosses its coin on exact ties: equal only in law.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "processes/registry.hpp"
#include "processes/tests/same_run.hpp"

namespace gapcheck {
namespace {

constexpr std::uint64_t n = 50;
constexpr std::uint64_t m = 3000;

// The final load vector of replicate 0, or nothing if the combination is refused.
std::optional<std::vector<double>> final_loads(const std::string& process, const std::string& setting,
                                               const std::string& weights, std::uint64_t seed) {
  RunConfig config{n, m, 0, true};
  try {
    const Simulation s =
        make_simulation(Spec::parse(process), Spec::parse(setting), Spec::parse(weights), config);
    return s.run(seed, 0).loads;
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::vector<std::string> process_names() {
  std::vector<std::string> names;
  for (const auto& entry : process_entries()) names.push_back(entry.name);
  return names;
}

// `same_refusals`: the two sides must both run or both be refused (not so across weights:
// rank-asking processes refuse weights other than unit, even uniform on [1, 1]).
void expect_same_loads(const std::string& process, const std::string& a, const std::string& wa,
                       const std::string& b, const std::string& wb, bool same_refusals = true) {
  for (const std::uint64_t seed : {1, 2}) {
    const auto x = final_loads(process, a, wa, seed);
    const auto y = final_loads(process, b, wb, seed);
    if (same_refusals) {
      ASSERT_EQ(x.has_value(), y.has_value()) << process << ": one of " << a << ", " << b << " refused";
    }
    if (x && y) {
      EXPECT_EQ(*x, *y) << process << " " << a << "/" << wa << " vs " << b << "/" << wb;
    }
  }
}

TEST(Couplings, DegenerateSettingsAreTheExactSetting) {
  for (const auto& process : process_names())
    for (const char* weights : {"unit", "exp"})
      for (const char* setting :
           {"g-bounded:g=0", "g-bounded:g=0,adversary=near-max", "sigma-noisy:sigma=0",
            "sigma-noisy:sigma=0,noise=per-read", "batch:b=1", "delay:tau=1", "delay:tau=1,adversary=random",
            "delay:tau=1,adversary=random-per-read"})
        expect_same_loads(process, "exact", weights, setting, weights);
}

TEST(Couplings, ZeroGIsTwoChoiceUnderEitherTieRule) {
  for (const char* process : {"two-choice", "two-choice:ties=index"})
    expect_same_loads(process, "exact", "unit", "g-bounded:g=0", "unit");
}

// Replicate 0 of `process` under the exact setting on `engine` (with the final loads on bins).
RunResult exact_run(const std::string& process, std::uint64_t seed, Engine engine) {
  RunConfig config{n, m, 0, engine == Engine::bins};
  config.engine = engine;
  return make_simulation(Spec::parse(process), Spec::parse("exact"), Spec::parse("unit"), config)
      .run(seed, 0);
}

// Stream layout 4: a (1+beta) step reads its second sample's word whatever its coin, so at
// beta = 0 it places every ball on the first of two words, as thinning that accepts every primary
// does (loads stay below l = 1e9); at beta = 1 it is Two-Choice. This runs the path `gapcheck run`
// takes (under the exact setting, a conditional move: lighter_if, core/choice.hpp); both engines,
// both tie rules.
TEST(Couplings, OnePlusBetaAtZeroIsThinningThatAcceptsAllAndAtOneTwoChoice) {
  for (const Engine engine : {Engine::bins, Engine::levels})
    for (const std::string ties : {"random", "index"}) {
      if (engine == Engine::levels && ties == "index") continue;  // index ties name bins
      for (const std::uint64_t seed : {1, 2}) {
        SCOPED_TRACE(std::string(engine_name(engine)) + ", ties=" + ties);
        const RunResult zero = exact_run("one-plus-beta:beta=0,ties=" + ties, seed, engine);
        const RunResult one = exact_run("one-plus-beta:beta=1,ties=" + ties, seed, engine);
        expect_same_run(zero, exact_run("thinning:threshold=absolute,l=1e9", seed, engine));
        expect_same_run(one, exact_run("two-choice:ties=" + ties, seed, engine));
        EXPECT_NE(zero.histogram.bins, one.histogram.bins);
      }
    }
}

TEST(Couplings, UniformWeightsOnOneAreUnitWeights) {
  for (const auto& process : process_names())
    for (const auto& setting : setting_entries())
      expect_same_loads(process, setting.name, "unit", setting.name, "uniform:lo=1,hi=1", false);
}

// Negative controls: the comparison above can tell settings apart.
// g-Myopic decides exact ties by its coin (the definition: |x_i1 - x_i2| <= g, equal included),
// so g = 0 is not the exact setting ball for ball; it is in law for Two-Choice with random ties
// (properties/oracles_test.cpp, one-step law), and not even in law for ties=index.
TEST(Couplings, ZeroGMyopicTossesItsCoinOnExactTies) {
  for (const char* setting : {"g-myopic:g=0", "g-bounded:g=0,adversary=random"}) {
    EXPECT_NE(final_loads("two-choice", "exact", "unit", 1), final_loads("two-choice", setting, "unit", 1))
        << setting;
    EXPECT_NE(final_loads("two-choice:ties=index", "exact", "unit", 1),
              final_loads("two-choice:ties=index", setting, "unit", 1))
        << setting;
  }
}

TEST(Couplings, NonDegenerateSettingsDiffer) {
  for (const char* setting : {"g-bounded:g=1", "g-myopic:g=1", "sigma-noisy:sigma=0.5",
                              "sigma-noisy:sigma=0.5,noise=per-read", "batch:b=2",
                              "delay:tau=2", "delay:tau=2,adversary=random",
                              "delay:tau=2,adversary=random-per-read"})
    EXPECT_NE(final_loads("two-choice", "exact", "unit", 1), final_loads("two-choice", setting, "unit", 1))
        << setting;
}

}  // namespace
}  // namespace gapcheck
