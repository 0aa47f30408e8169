// The settings' own randomness, observed directly in the audit record, and the exact one-step
// laws against the engine on load vectors RapidCheck draws.
//
// The property tier proves what every path must satisfy; a coin's fairness is no property of a
// path. Here each setting's randomness is read from the record of the questions it answered and
// held against the law its definition states:
//  - g-Myopic: every comparison within g is a fair coin (Binomial(N, 1/2) "less" answers), and a
//    load read is uniform on [x − g, x + g];
//  - σ-Noisy: a load read minus the true load is N(0, σ²), and a comparison is decided by two
//    independent reads;
//  - random τ-Delay: a read is x_i after T − k balls with k uniform on {0, …, τ − 1} (clipped at 0);
//  - the process's coin(p), for every registered process that tosses one: Binomial(N, p) heads.
// (b-Batched's visible state is deterministic: the property tier's snapshot_reads checks that
// every read equals the loads after ⌊t/b⌋·b balls, i.e. that it changes exactly every b balls.)
//
// Continuous laws are tested through the probability integral transform: U = F(answer) is
// uniform on (0, 1) under the law; for a discrete law (the delay's values) the randomised
// transform U = F(answer−) + V·P(answer), V uniform from a fixed independent stream, is exactly
// uniform too. Each U sample is binned into 20 equal bins and held against the uniform law by
// Pearson's chi-square (oracle::chi_square); coins by Boost.Math's exact binomial tail.
//
// Statistics: α = oracle::family_alpha = 1e-6 for each family (the settings' randomness; the
// drawn load vectors), Holm's step-down over the family (stats::holm). Every check has a mutant
// that goes through the same code and must reach p < α/K, the strictest Holm level of a family of
// K, so that it is rejected whatever the other p-values. Seeds are fixed (oracle::test_seed).
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <variant>

#include "processes/d_choice.hpp"
#include "processes/registry.hpp"
#include "properties/audit.hpp"
#include "properties/enumerate.hpp"
#include "properties/mutants.hpp"
#include "properties/oracles.hpp"
#include "stats/tests.hpp"

namespace gapcheck {
namespace {

using oracle::family_alpha;

// A process that does nothing but read: one sample, one load read, the ball placed there. It
// makes a setting's read law visible in the record whatever the processes do with their reads.
struct LoadReader {
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin b = oracle.sample();
    oracle.load(b);
    return {b};
  }
};

// Audited runs 0..runs-1 of (process, setting), unit weights.
template <class Process, class Setting>
std::vector<audit::Log> audited_logs(const Process& process, const Setting& setting, std::uint64_t n,
                                     std::uint64_t m, std::uint64_t runs, const std::string& label,
                                     audit::Detail detail = audit::Detail::light) {
  RunConfig config;
  config.n = n;
  config.m = m;
  std::vector<audit::Log> logs;
  const std::uint64_t seed = oracle::test_seed(label, 0);
  for (std::uint64_t r = 0; r < runs; ++r)
    logs.push_back(audit::audited_run<std::uint32_t>(process, setting, Weights{}, config, seed, r, detail).log);
  return logs;
}

// Two-sided exact binomial p-value of `heads` in `tosses` tosses of probability p.
double binomial_p(std::uint64_t heads, std::uint64_t tosses, double p) {
  const boost::math::binomial law(static_cast<double>(tosses), p);
  const double k = static_cast<double>(heads);
  const double below = boost::math::cdf(law, k);
  const double above = k == 0 ? 1.0 : boost::math::cdf(boost::math::complement(law, k - 1));
  return std::min(1.0, 2 * std::min(below, above));
}

// Chi-square of probability-integral-transform values against Uniform(0, 1), in 20 equal bins;
// a value outside [0, 1] (an answer the law gives probability 0) is its own bucket of
// expectation 0, which rejects.
double uniformity_p(const std::vector<double>& u) {
  constexpr std::size_t kBins = 20;
  std::vector<std::uint64_t> counts(kBins + 1, 0);
  for (double v : u) {
    if (v < 0 || v > 1) ++counts[kBins];
    else ++counts[std::min(kBins - 1, static_cast<std::size_t>(v * kBins))];
  }
  std::vector<double> p(kBins, 1.0 / kBins);
  if (counts[kBins] == 0) counts.pop_back();
  else p.push_back(0);
  return oracle::chi_square(counts, p).p_value;
}

// The transformed load reads of a run's record: transform(question, log) for every load read.
using Transform = std::function<double(const audit::Question&, const audit::Log&)>;
double read_law_p(const std::vector<audit::Log>& logs, const Transform& transform) {
  std::vector<double> u;
  for (const auto& log : logs)
    for (const auto& q : log.questions)
      if (q.ask == audit::Ask::load) u.push_back(transform(q, log));
  return uniformity_p(u);
}

// --- the checks: each a p-value of the law its definition states, for a setting ---------------

// g-Myopic (g = 2) and Two-Choice, n = 16, 20 runs of 5,000 balls: "less" answers among the
// comparisons of two distinct bins within g are Binomial(N, 1/2).
template <class Setting>
double myopic_coin_p(const Setting& setting) {
  std::uint64_t tosses = 0, less = 0;
  for (const auto& log : audited_logs(DChoice{2, TieRule::random}, setting, 16, 5000, 20, "strength|myopic coin"))
    for (const auto& q : log.questions)
      if (q.ask == audit::Ask::compare && q.i != q.j && std::abs(q.true_i - q.true_j) <= 2) {
        ++tosses;
        less += q.answer < 0;
      }
  return binomial_p(less, tosses, 0.5);
}

// g-Myopic (g = 2): a load read is uniform on [x − g, x + g]. 10 runs of 5,000 reads.
template <class Setting>
double myopic_read_p(const Setting& setting) {
  return read_law_p(audited_logs(LoadReader{}, setting, 16, 5000, 10, "strength|myopic read"),
                    [](const audit::Question& q, const audit::Log&) { return (q.answer - q.true_i + 2) / 4; });
}

// σ-Noisy (σ = 0.8): a load read minus the true load is N(0, σ²). 10 runs of 5,000 reads.
double noisy_read_p(const SigmaNoisySetting& setting) {
  const boost::math::normal noise(0, 0.8);
  return read_law_p(audited_logs(LoadReader{}, setting, 16, 5000, 10, "strength|noisy read"),
                    [&](const audit::Question& q, const audit::Log&) {
                      return boost::math::cdf(noise, q.answer - q.true_i);
                    });
}

// σ-Noisy (σ = 0.8) and Two-Choice, n = 16, 10 runs of 5,000 balls: compare(i, j) answers
// "less" with probability Φ((x_j − x_i)/(σ√2)), as two fresh independent reads would, whether
// the answer is drawn at once (noise=per-comparison) or from the two reads (noise=per-read). Grouped by the
// true difference x_j − x_i (integer loads), each group's "less" count is Binomial(N_d, p_d):
// exact two-sided tails, Bonferroni over the groups with N_d ≥ 20.
template <class Setting>
double noisy_compare_p(const Setting& setting) {
  const double sigma = 0.8;
  std::map<double, std::pair<std::uint64_t, std::uint64_t>> groups;  // d -> (comparisons, less)
  for (const auto& log : audited_logs(DChoice{2, TieRule::random}, setting, 16, 5000, 10, "strength|noisy compare"))
    for (const auto& q : log.questions)
      if (q.ask == audit::Ask::compare && q.i != q.j) {
        auto& [count, less] = groups[q.true_j - q.true_i];
        ++count;
        less += q.answer < 0;
      }
  const boost::math::normal standard;
  double smallest = 1, tested = 0;
  for (const auto& [d, group] : groups) {
    if (group.first < 20) continue;
    const double p = boost::math::cdf(standard, d / (sigma * std::sqrt(2.0)));
    smallest = std::min(smallest, binomial_p(group.second, group.first, p));
    ++tested;
  }
  return std::min(1.0, smallest * tested);
}

// Random τ-Delay (τ = 5), n = 3 (so that a bin's window holds several values): a read at time T is
// x_i after max(0, T − k) balls, k uniform on {0, …, τ − 1}. Randomised transform, V from its
// own fixed stream. 5 runs of 6,000 reads, full record (the load vectors over time).
template <class Setting>
double delay_read_p(const Setting& setting) {
  constexpr std::uint64_t tau = 5;
  Rng jitter(oracle::test_seed("strength|delay jitter", 0));
  return read_law_p(
      audited_logs(LoadReader{}, setting, 3, 6000, 5, "strength|delay read", audit::Detail::full),
      [&](const audit::Question& q, const audit::Log& log) {
        double below = 0, at = 0;
        for (std::uint64_t k = 0; k < tau; ++k) {
          const double v = log.after[q.ball >= k ? q.ball - k : 0][q.i];
          below += v < q.answer;
          at += v == q.answer;
        }
        if (at == 0) return -1.0;  // a value no step of the window had
        return (below + uniform01(jitter) * at) / static_cast<double>(tau);
      });
}

// The process coin: for every registered process (defaults, n = 8, 10 runs of 4,000 balls) in
// `setting`, the heads among its coin(p) questions, for each p asked at least 100 times, are
// Binomial(N, p). One p-value per (process, p), named.
template <class Setting>
std::vector<std::pair<std::string, double>> coin_ps(const Setting& setting,
                                                    const std::vector<std::string>& processes) {
  std::vector<std::pair<std::string, double>> out;
  for (const std::string& name : processes) {
    const Composition c = compose(Spec::parse(name), {"exact", {}}, {"unit", {}}, 8);
    std::map<double, std::pair<std::uint64_t, std::uint64_t>> tosses;  // p -> (tosses, heads)
    for (const auto& log : audited_logs(c.process, setting, 8, 4000, 10, "strength|coin|" + name))
      for (const auto& q : log.questions)
        if (q.ask == audit::Ask::coin) {
          ++tosses[q.level].first;
          tosses[q.level].second += q.answer != 0;
        }
    for (const auto& [p, count] : tosses)
      if (count.first >= 100 && p > 0 && p < 1)
        out.emplace_back(name + " coin(" + std::to_string(p) + ")", binomial_p(count.second, count.first, p));
  }
  return out;
}

// Every registered process with its defaults, and the two coin-tossing ones at a second rate.
std::vector<std::string> coin_specs() {
  std::vector<std::string> specs;
  for (const Entry& e : process_entries()) specs.push_back(e.name);
  specs.push_back("one-plus-beta:beta=0.3");
  specs.push_back("mixed-quantile:eta=0.4");
  return specs;
}

struct Family {
  std::vector<std::string> names;
  std::vector<double> p_values;
  void add(const std::string& name, double p) {
    names.push_back(name);
    p_values.push_back(p);
  }
  // Every Holm-adjusted p-value is at least alpha; the table on stdout.
  void expect_passes(const std::string& title) const {
    const std::vector<double> adjusted = stats::holm(p_values);
    std::cout << title << ": " << names.size() << " tests, alpha " << family_alpha << " (Holm)\n";
    for (std::size_t k = 0; k < names.size(); ++k) {
      std::cout << "  p " << p_values[k] << "  Holm " << adjusted[k] << "  " << names[k] << "\n";
      EXPECT_GE(adjusted[k], family_alpha) << names[k] << ": p = " << p_values[k];
    }
  }
  // The strictest Holm level: a mutant below it is rejected whatever the family's other p-values.
  double strictest() const { return family_alpha / static_cast<double>(names.size()); }
};

// The family of the settings' randomness, on the correct code (computed once).
const Family& setting_family() {
  static const Family family = [] {
    Family f;
    f.add("g-myopic coin within g", myopic_coin_p(GMyopicSetting{2}));
    f.add("g-myopic read uniform on [x-g, x+g]", myopic_read_p(GMyopicSetting{2}));
    f.add("sigma-noisy read - x ~ N(0, sigma^2)", noisy_read_p(SigmaNoisySetting{0.8}));
    f.add("sigma-noisy compare: one draw per comparison", noisy_compare_p(SigmaNoisySetting{0.8}));
    f.add("sigma-noisy compare: two independent reads",
          noisy_compare_p(SigmaNoisySetting{0.8, /*per_read=*/true}));
    f.add("random delay uniform on the window", delay_read_p(DelaySetting<RandomDelay>{5}));
    for (const auto& [name, p] : coin_ps(ExactSetting{}, coin_specs())) f.add(name, p);
    return f;
  }();
  return family;
}

TEST(SettingRandomness, EveryStatedLawHoldsUnderHolm) {
  const Family& family = setting_family();
  // g-Myopic's two laws, σ-noise's three, the random delay, and the three process coins.
  EXPECT_GE(family.names.size(), 9u);
  family.expect_passes("settings' randomness");
}

// A mutant's p-value is below `level`; printed, for the record of the checks' power.
void expect_caught(const std::string& mutant, double p, double level) {
  std::cout << "  mutant p " << p << " (level " << level << ")  " << mutant << "\n";
  EXPECT_LT(p, level) << mutant << " survived";
}

TEST(SettingRandomness, EveryMutantIsCaughtByItsCheck) {
  const double level = setting_family().strictest();
  expect_caught("g-myopic coin biased to 0.55", myopic_coin_p(GBoundedSetting<BiasedMyopicCoin>{2}), level);
  expect_caught("g-myopic reads on [x-g/2, x+g/2]", myopic_read_p(GBoundedSetting<NarrowMyopicReads>{2}), level);
  expect_caught("sigma-noisy with sigma scaled by 1.2", noisy_read_p(SigmaNoisySetting{0.8 * 1.2}), level);
  expect_caught("sigma-noisy comparing one noisy read with a true load",
                noisy_compare_p(OneSidedNoiseSetting{0.8}), level);
  expect_caught("random delay, fresher of two steps", delay_read_p(DelaySetting<FreshBiasedDelay>{5}), level);
  expect_caught("adversarial delay where a random one is due", delay_read_p(DelaySetting<AdversarialDelay>{5}), level);
  const auto biased = coin_ps(BiasedCoinSetting{}, {"one-plus-beta", "one-plus-beta:beta=0.3", "mixed-quantile:eta=0.4"});
  ASSERT_EQ(biased.size(), 3u);
  for (const auto& [name, p] : biased) expect_caught(name + " tossed at 1.1 p", p, level);
}

// --- the exact one-step laws on drawn load vectors -------------------------------------------

constexpr double kExact = 1e-12;
constexpr std::uint64_t kDraws = 20000;  // next-ball choices per (load vector, process)
constexpr int kDrawnVectors = 40;

// The chi-square p-value of the engine's next-ball choices of `spec` in `setting` at x against
// `law` (nullopt if the process is refused at this n, e.g. Left[3] with n < 3).
template <class Setting>
std::optional<double> engine_p(const std::string& spec, const Setting& setting,
                               const std::vector<std::uint32_t>& x, const oracle::Law& law) {
  Composition c;
  try {
    c = compose(Spec::parse(spec), {"exact", {}}, {"unit", {}}, x.size());
  } catch (const InputError&) {
    return std::nullopt;
  }
  const std::uint64_t seed = oracle::test_seed("strength|drawn|" + spec, x.size());
  return oracle::one_step_test(c.process, setting, x, law, kDraws, seed).p_value;
}

// For load vectors RapidCheck draws (n ≤ 6, loads 0..4; a fixed seed) and every process with a
// hand-derived law: the law enumerated from the code equals it to 1e-12, and the engine's
// choices (the real ExactOracle) follow it by chi-square. Holm over every (vector, process).
TEST(DrawnLoadVectors, DefinedLawEqualsEnumeratedLawAndTheEngineFollowsIt) {
  Family family;
  rc::detail::TestParams params;
  params.seed = 20261201;
  params.maxSuccess = kDrawnVectors;
  params.maxSize = 100;
  const auto result = rc::detail::checkTestable(
      [&] {
        const auto n = *rc::gen::inRange<std::size_t>(1, 7);
        const auto x = *rc::gen::container<std::vector<std::uint32_t>>(n, rc::gen::inRange<std::uint32_t>(0, 5));
        const std::vector<double> xd(x.begin(), x.end());
        for (const oracle::DefinedLaw& defined : oracle::exact_setting_laws()) {
          const oracle::Law law = defined.law(xd);
          const auto p = engine_p(defined.process, ExactSetting{}, x, law);
          if (!p) continue;
          const Composition c = compose(Spec::parse(defined.process), {"exact", {}}, {"unit", {}}, n);
          const oracle::Law by_code = oracle::step_law(c.process, x).bins(n);
          for (std::size_t i = 0; i < n; ++i)
            if (std::abs(by_code[i] - law[i]) > kExact)
              RC_FAIL(defined.process + " at x = " + oracle::describe(x) + ": enumerated law of bin " +
                      std::to_string(i) + " is " + std::to_string(by_code[i]) + ", defined " +
                      std::to_string(law[i]));
          family.add(defined.process + " at x = " + oracle::describe(x), *p);
        }
      },
      rc::detail::TestMetadata{"DrawnLoadVectors", "DrawnLoadVectors"}, params);
  ASSERT_TRUE(result.template is<rc::detail::SuccessResult>()) << [&] {
    std::ostringstream message;
    rc::detail::printResultMessage(result, message);
    return message.str();
  }();
  EXPECT_GE(family.names.size(), static_cast<std::size_t>(kDrawnVectors));
  family.expect_passes("engine against the defined laws on drawn load vectors");
  // The mutant: samples that are not uniform, through the same comparison, at the strictest level.
  const std::vector<std::uint32_t> x = {0, 1, 2, 3, 4, 5};
  const oracle::Law law = oracle::d_choice_law({0, 1, 2, 3, 4, 5}, 2, false);
  expect_caught("two-choice with rerolled samples at x = (0,1,2,3,4,5)",
                *engine_p("two-choice", RerollingSampleSetting{}, x, law), family.strictest());
}

}  // namespace
}  // namespace gapcheck
