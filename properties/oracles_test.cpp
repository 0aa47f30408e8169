// Exact oracles against simulation, with fixed seeds (GAPCHECK_FRESH_SEEDS=<k> moves every seed,
// to measure false alarms). Constants and their measured false-alarm rates: docs/properties.md.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <variant>

#include "processes/registry.hpp"
#include "properties/audit.hpp"
#include "properties/oracles.hpp"

namespace gapcheck::oracle {
namespace {

using LawOf = std::function<Law(const std::vector<double>&)>;

// t/n with unit balls: the relative thresholds' t/n is the mean load.
double mean(const std::vector<double>& x) {
  double w = 0;
  for (double v : x) w += v;
  return w / static_cast<double>(x.size());
}

// One-step laws by spec, computed from the definitions (oracles.hpp), never from the process.
struct LawCase {
  std::string process;
  std::string setting;
  LawOf law;
};

std::vector<LawCase> law_cases() {
  return {
      {"one-choice", "exact", [](const auto& x) { return d_choice_law(x, 1, false); }},
      {"two-choice", "exact", [](const auto& x) { return d_choice_law(x, 2, false); }},
      {"two-choice:ties=index", "exact", [](const auto& x) { return d_choice_law(x, 2, true); }},
      {"d-choice:d=3", "exact", [](const auto& x) { return d_choice_law(x, 3, false); }},
      {"d-choice:d=3,ties=index", "exact", [](const auto& x) { return d_choice_law(x, 3, true); }},
      {"one-plus-beta:beta=0.3", "exact", [](const auto& x) { return one_plus_beta_law(x, 0.3, false); }},
      {"one-plus-beta:beta=0.7,ties=index", "exact",
       [](const auto& x) { return one_plus_beta_law(x, 0.7, true); }},
      {"left:d=2", "exact", [](const auto& x) { return left_law(x, 2); }},
      {"left:d=3", "exact", [](const auto& x) { return left_law(x, 3); }},
      {"first-diff:d=2", "exact", [](const auto& x) { return first_diff_law(x, 4); }},
      {"first-diff:d=2,cap=2", "exact", [](const auto& x) { return first_diff_law(x, 2); }},
      {"thinning:threshold=absolute,l=2", "exact",
       [](const auto& x) { return threshold_law(x, 2, false); }},
      {"thinning:threshold=relative,L=0.5", "exact",
       [](const auto& x) { return threshold_law(x, mean(x) + 0.5, false); }},
      {"mean-thinning", "exact", [](const auto& x) { return threshold_law(x, mean(x), true); }},
      {"quantile:delta=0.25", "exact", [](const auto& x) { return quantile_law(x, 0.25); }},
      {"quantile:delta=0.5", "exact", [](const auto& x) { return quantile_law(x, 0.5); }},
      {"mixed-quantile:eta=0.4,delta=0.5", "exact",
       [](const auto& x) { return quantile_law(x, 0.5, 0.4); }},
  };
}

// Load vectors with distinct loads, ties at several levels, all equal, and n not divisible by d.
const std::vector<std::vector<std::uint32_t>>& load_vectors() {
  static const std::vector<std::vector<std::uint32_t>> xs = {
      {0, 1, 2, 3, 4, 5, 6, 7}, {2, 2, 1, 1, 1, 0, 3, 3}, {4, 4, 4, 4, 4}, {5, 1, 1, 4, 1, 2, 2}};
  return xs;
}

std::vector<double> as_doubles(const std::vector<std::uint32_t>& x) { return {x.begin(), x.end()}; }

TEST(OneStepLaw, EveryProcessPlacesTheNextBallWithItsExactLaw) {
  const auto cases = law_cases();
  const double alpha = sidak(family_alpha, cases.size() * load_vectors().size());
  int checked = 0;
  for (const LawCase& lc : cases) {
    for (const auto& x : load_vectors()) {
      Composition c;
      try {
        c = compose(Spec::parse(lc.process), Spec::parse(lc.setting), Spec{"unit", {}}, x.size());
      } catch (const InputError& e) {
        std::cout << "note: " << lc.process << " not checked: " << e.what() << "\n";
        continue;
      }
      const std::uint64_t seed = test_seed(lc.process + "|" + lc.setting, x.size());
      const auto result = std::visit(
          [&](const auto& process, const auto& setting) {
            return one_step_test(process, setting, x, lc.law(as_doubles(x)), 200000, seed);
          },
          c.process, c.setting);
      report_p_value(lc.process + "|" + lc.setting + "|" + describe(x), result);
      EXPECT_GE(result.p_value, alpha) << lc.process << " | " << lc.setting << " on x = "
                                       << describe(x) << ": chi2 = " << result.statistic
                                       << " on " << result.buckets << " buckets";
      ++checked;
    }
  }
  EXPECT_GE(checked, 60);
}

// The exact law of the final gap (DP over load vectors) against the gaps of many tiny runs.
struct GapCase {
  std::string process;
  std::uint64_t n, m;
  LawOf law;
};

TEST(ExactGapLaw, TinyRunsFollowTheExactGapDistribution) {
  const std::vector<GapCase> cases = {
      {"one-choice", 3, 6, [](const auto& x) { return d_choice_law(x, 1, false); }},
      {"two-choice", 3, 6, [](const auto& x) { return d_choice_law(x, 2, false); }},
      {"two-choice", 4, 8, [](const auto& x) { return d_choice_law(x, 2, false); }},
      {"d-choice:d=3", 4, 7, [](const auto& x) { return d_choice_law(x, 3, false); }},
      {"one-plus-beta:beta=0.5", 4, 8, [](const auto& x) { return one_plus_beta_law(x, 0.5, false); }},
      {"left:d=2", 4, 8, [](const auto& x) { return left_law(x, 2); }},
      {"first-diff:d=2", 4, 8, [](const auto& x) { return first_diff_law(x, 4); }},
      {"thinning:threshold=absolute,l=1", 4, 8, [](const auto& x) { return threshold_law(x, 1, false); }},
      {"mean-thinning", 4, 8, [](const auto& x) { return threshold_law(x, mean(x), true); }},
      {"quantile:delta=0.5", 4, 8, [](const auto& x) { return quantile_law(x, 0.5); }},
  };
  const double alpha = sidak(family_alpha, cases.size());
  for (const GapCase& gc : cases) {
    RunConfig config;
    config.n = gc.n;
    config.m = gc.m;
    const Simulation sim = make_simulation(Spec::parse(gc.process), {"exact", {}}, {"unit", {}}, config);
    const auto result = gap_law_test(exact_gap_law(gc.n, gc.m, gc.law), sim.run, 20000,
                                     test_seed(gc.process, gc.n * 100 + gc.m));
    report_p_value("gap|" + gc.process, result);
    EXPECT_GE(result.p_value, alpha) << gc.process << " n=" << gc.n << " m=" << gc.m
                                     << ": chi2 = " << result.statistic << " on "
                                     << result.buckets << " buckets";
  }
}

TEST(OneChoice, LoadsFollowTheBinomialLaw) {
  RunConfig config;
  config.n = 10;
  config.m = 30;
  const auto result = binomial_load_test(
      [&](std::uint64_t seed, std::uint64_t r) {
        return audit::final_loads<std::uint32_t>(OneChoice{}, ExactSetting{}, Weights{}, config,
                                                 seed, r);
      },
      config, 20000, test_seed("one-choice binomial", 0));
  report_p_value("binomial", result);
  EXPECT_GE(result.p_value, family_alpha) << "chi2 = " << result.statistic << " on "
                                          << result.buckets << " buckets";
}

TEST(Random, BoundedDrawsAreUniformOverAHugeRange) {
  const auto result = bounded_uniformity_test(
      [](Rng& engine, std::uint64_t range) { return bounded(engine, range); },
      test_seed("bounded", 0));
  report_p_value("bounded", result);
  EXPECT_GE(result.p_value, family_alpha) << "chi2 = " << result.statistic;
}

}  // namespace
}  // namespace gapcheck::oracle
