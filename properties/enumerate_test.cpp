// Laws derived from the code (enumerate.hpp) against the laws of the definitions (oracles.hpp)
// and against simulation. Three independent routes to one law:
//  - the definition, derived by hand (exact_setting_laws);
//  - the code, enumerated exactly (step_law, enumerated_gap_law);
//  - the engine, sampled (next_ball_counts, gap_law_test).
// Definition = code is checked exactly (to 1e-12) on load vectors RapidCheck draws; code = engine
// is checked by chi-square for every registered process, with no law written for it.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cmath>
#include <numeric>
#include <optional>
#include <string>
#include <variant>

#include "processes/registry.hpp"
#include "properties/cases.hpp"
#include "properties/enumerate.hpp"
#include "properties/oracles.hpp"

namespace gapcheck::oracle {
namespace {

constexpr double kExact = 1e-12;  // rounding of sums of products of a few dozen terms

const Spec kExactSetting{"exact", {}};
const Spec kUnit{"unit", {}};

std::vector<double> as_doubles(const std::vector<std::uint32_t>& x) { return {x.begin(), x.end()}; }

// The largest |a_i - b_i|.
double distance(const Law& a, const Law& b) {
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
  return d;
}

// The enumerated bin law of a process given by its spec, at loads x (nullopt if refused at n).
std::optional<StepLaw> enumerated(const std::string& spec, const std::vector<std::uint32_t>& x) {
  Composition c;
  try {
    c = compose(Spec::parse(spec), kExactSetting, kUnit, x.size());
  } catch (const InputError&) {
    return std::nullopt;
  }
  return step_law(c.process, x);
}

// The enumerated gap law of a composed process, or nullopt for one that remembers (Memory).
std::optional<std::map<double, double>> gap_law_of(const AnyProcess& process, std::uint64_t n, std::uint64_t m) {
  if (process.remembers()) return std::nullopt;
  return enumerated_gap_law(process, n, m);
}

TEST(EnumeratedLaw, EqualsEveryDefinedLawOnDrawnLoadVectors) {
  if (!props::checks_every_process()) GTEST_SKIP() << "a law of the built-in processes";
  props::check_property("EnumeratedLaw/Defined", [] {
    const auto n = *rc::gen::inRange<std::size_t>(1, 8);
    const auto x = *rc::gen::container<std::vector<std::uint32_t>>(n, rc::gen::inRange<std::uint32_t>(0, 6));
    for (const DefinedLaw& defined : exact_setting_laws()) {
      const auto law = enumerated(defined.process, x);
      if (!law) continue;  // e.g. Left[3] with n < 3
      const Law by_code = law->bins(n);
      const Law by_definition = defined.law(as_doubles(x));
      RC_ASSERT(std::abs(std::accumulate(by_code.begin(), by_code.end(), 0.0) - 1) <= kExact);
      const double d = distance(by_code, by_definition);
      if (d > kExact)
        RC_FAIL(defined.process + " at x = " + describe(x) + ": the enumerated law differs from the "
                "defined law by " + std::to_string(d));
    }
  });
}

TEST(EnumeratedLaw, CountsEveryPathAndItsProbes) {
  if (!props::checks_every_process()) GTEST_SKIP() << "a law of the built-in processes";
  // Two-Choice at n = 3: 9 equally likely sample pairs, 2 probes each.
  const auto two = enumerated("two-choice", {0, 1, 2});
  ASSERT_TRUE(two);
  EXPECT_EQ(two->paths, 9u);
  EXPECT_NEAR(two->mean_probes, 2.0, kExact);
  // FirstDiff (cap 4) on all-equal loads: every probe ties, so every path takes all 4 probes and
  // the first sample takes the ball.
  const auto first_diff = enumerated("first-diff:cap=4", {1, 1, 1});
  ASSERT_TRUE(first_diff);
  EXPECT_EQ(first_diff->paths, 81u);
  EXPECT_NEAR(first_diff->mean_probes, 4.0, kExact);
  // Twinning at x = (0, 2): bin 0 is below the mean 1 and takes 2 balls, bin 1 takes 1.
  const auto twinning = enumerated("twinning", {0, 2});
  ASSERT_TRUE(twinning);
  EXPECT_NEAR((twinning->placements.at({0, 2})), 0.5, kExact);
  EXPECT_NEAR((twinning->placements.at({1, 1})), 0.5, kExact);
}

// Every registered process, with its default parameters, in the exact setting: its choices, as
// the engine makes them, follow the law enumerated from its code. No law is written here, so a
// process added to the registry is covered as it is.
TEST(EnumeratedLaw, EveryRegisteredProcessSimulatesItsEnumeratedLaw) {
  const std::vector<std::vector<std::uint32_t>> xs = {{0, 1, 2, 3, 4, 5}, {2, 2, 1, 1, 0, 3, 3}};
  const double alpha = sidak(family_alpha, props::checked_processes().size() * xs.size());
  int checked = 0;
  for (const Entry& entry : props::checked_processes()) {
    for (const auto& x : xs) {
      const Composition c = compose({entry.name, {}}, kExactSetting, kUnit, x.size());
      const std::uint64_t seed = test_seed("enumerated|" + entry.name, x.size());
      const ChiSquare result = std::visit(
          [&](const auto& setting) {
            return one_step_test(c.process, setting, x, step_law(c.process, x).bins(x.size()), 100000, seed);
          },
          c.setting);
      report_p_value("enumerated|" + entry.name + "|" + describe(x), result);
      EXPECT_GE(result.p_value, alpha) << entry.name << " on x = " << describe(x) << ": chi2 = "
                                       << result.statistic << " on " << result.buckets << " buckets";
      ++checked;
    }
  }
  EXPECT_EQ(checked, static_cast<int>(props::checked_processes().size() * xs.size()));
}

// The exact gap law by dynamic programming, once over the defined law and once over the
// enumerated one: equal to the last digit.
TEST(EnumeratedGapLaw, EqualsTheProgrammeOverEveryDefinedLaw) {
  if (!props::checks_every_process()) GTEST_SKIP() << "a law of the built-in processes";
  const std::uint64_t n = 3, m = 5;
  for (const DefinedLaw& defined : exact_setting_laws()) {
    const Composition c = compose(Spec::parse(defined.process), kExactSetting, kUnit, n);
    const auto by_code = *gap_law_of(c.process, n, m);
    const auto by_definition = exact_gap_law(n, m, defined.law);
    ASSERT_EQ(by_code.size(), by_definition.size()) << defined.process;
    for (const auto& [gap, p] : by_definition) {
      ASSERT_TRUE(by_code.count(gap)) << defined.process << ": gap " << gap;
      EXPECT_NEAR(by_code.at(gap), p, kExact) << defined.process << ": gap " << gap;
    }
  }
}

// Every registered process whose choice depends on the loads alone: tiny runs of the engine
// follow the gap law enumerated from its code (multi-ball steps included).
TEST(EnumeratedGapLaw, TinyRunsOfEveryLoadDrivenProcessFollowIt) {
  const std::uint64_t n = 4, m = 8;
  RunConfig config;
  config.n = n;
  config.m = m;
  const double alpha = sidak(family_alpha, props::checked_processes().size());
  int checked = 0;
  for (const Entry& entry : props::checked_processes()) {
    const Composition c = compose({entry.name, {}}, kExactSetting, kUnit, n);
    const auto law = gap_law_of(c.process, n, m);
    if (!law) continue;
    const Simulation sim = make_simulation({entry.name, {}}, kExactSetting, kUnit, config);
    const auto result = gap_law_test(*law, sim.run, 20000, test_seed("enumerated-gap|" + entry.name, n));
    report_p_value("enumerated-gap|" + entry.name, result);
    EXPECT_GE(result.p_value, alpha) << entry.name << ": chi2 = " << result.statistic << " on "
                                     << result.buckets << " buckets";
    ++checked;
  }
  EXPECT_GE(checked, static_cast<int>(props::checked_processes().size()) - 1);  // all but Memory
}

// Every registered process that treats bins as exchangeable (the levels engine runs it) and
// decides by the loads alone: what tiny runs report (the histogram, the maximum gap over time,
// the steps above a level and the steps) follows the joint law enumerated from its code, on the
// bins engine and on the levels engine (multi-ball steps included).
TEST(EnumeratedRunLaw, TinyRunsOfEveryExchangeableProcessFollowItOnBothEngines) {
  RunConfig config;
  config.n = 6;
  config.m = 12;
  config.gap_level = 1;
  const double alpha = sidak(family_alpha, 2 * props::checked_processes().size());
  int checked = 0;
  for (const Entry& entry : props::checked_processes()) {
    const Composition c = compose({entry.name, {}}, kExactSetting, kUnit, config.n);
    if (c.process.remembers()) continue;
    std::vector<Simulation> simulations;
    for (const Engine engine : {Engine::bins, Engine::levels}) {
      RunConfig on = config;
      on.engine = engine;
      try {
        simulations.push_back(make_simulation({entry.name, {}}, kExactSetting, kUnit, on));
      } catch (const InputError&) {  // not on the levels engine: bins may tell bins apart
        simulations.clear();
        break;
      }
    }
    if (simulations.empty()) continue;
    const auto law = enumerated_run_law(c.process, config);
    for (const Simulation& sim : simulations) {
      const std::string label =
          "enumerated-run|" + entry.name + "|" + engine_name(sim.config.engine);
      const auto result = run_law_test(law, sim.run, config, 20000, test_seed(label, config.n));
      report_p_value(label, result);
      EXPECT_GE(result.p_value, alpha) << label << ": chi2 = " << result.statistic << " on "
                                       << result.buckets << " buckets";
      ++checked;
    }
  }
  if (props::checks_every_process())
    EXPECT_EQ(checked, 22) << "eleven processes on two engines";  // all but Left, Memory
  else if (checked == 0)
    GTEST_SKIP() << "no process here that the levels engine runs";
}

}  // namespace
}  // namespace gapcheck::oracle
