// t, permutation, chi-square and Anderson–Darling tests and Holm's correction: reference values
// from R, and for every test a null run (false alarms at the nominal rate, not more) and a
// shifted run (it fires).
#include <gtest/gtest.h>

#include <boost/math/distributions/hypergeometric.hpp>
#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

#include "processes/core/random.hpp"
#include "stats/tests.hpp"

namespace gapcheck::stats {
namespace {

const std::vector<double> a{5.1, 4.9, 6.2, 5.8, 6.0, 5.5, 5.3, 6.1};
const std::vector<double> b{4.2, 4.8, 5.0, 4.6, 5.2, 4.4, 4.9};

TEST(OneSampleT, MatchesR) {
  // R: t.test(a, mu = 5); t.test(a, mu = 5, alternative = "greater")$p.value
  const TestResult r = one_sample_t_test(a, 5, Alternative::two_sided);
  EXPECT_NEAR(r.statistic, 3.5696258853463, 1e-12);
  EXPECT_EQ(r.dof, 7);
  EXPECT_NEAR(r.p_value, 0.00910147300882086, 1e-12);
  EXPECT_NEAR(one_sample_t_test(a, 5, Alternative::greater).p_value, 0.00455073650441043, 1e-12);
}

TEST(WelchT, MatchesR) {
  // R: t.test(a, b); t.test(a, b, alternative = "less")$p.value
  const TestResult r = welch_t_test(a, b, Alternative::two_sided);
  EXPECT_NEAR(r.statistic, 4.08051734297317, 1e-12);
  EXPECT_NEAR(r.dof, 12.5987604515234, 1e-10);
  EXPECT_NEAR(r.p_value, 0.00138312825666342, 1e-12);
  EXPECT_NEAR(welch_t_test(a, b, Alternative::less).p_value, 0.999308435871668, 1e-12);
}

// Both samples constant (runs of a whole-number statistic that all agree): no degrees of
// freedom, so the means alone decide, and nothing throws.
TEST(WelchT, ConstantSamplesAreDecidedByTheirMeans) {
  const std::vector<double> three(5, 3.0), four(4, 4.0);
  EXPECT_EQ(welch_t_test(three, four, Alternative::less).p_value, 0.0);
  EXPECT_EQ(welch_t_test(three, four, Alternative::greater).p_value, 1.0);
  EXPECT_EQ(welch_t_test(three, four, Alternative::two_sided).p_value, 0.0);
  EXPECT_EQ(welch_t_test(three, three, Alternative::less).p_value, 0.5);
  EXPECT_EQ(welch_t_test(three, three, Alternative::two_sided).p_value, 1.0);
}

TEST(PairedT, MatchesR) {
  // R: t.test(a[1:7], b, paired = TRUE)
  const std::vector<double> first7(a.begin(), a.begin() + 7);
  const TestResult r = paired_t_test(first7, b, Alternative::two_sided);
  EXPECT_NEAR(r.statistic, 5.10504626092685, 1e-12);
  EXPECT_EQ(r.dof, 6);
  EXPECT_NEAR(r.p_value, 0.00221041865344452, 1e-12);
  EXPECT_THROW(paired_t_test(a, b, Alternative::two_sided), std::invalid_argument);
}

TEST(PermutationMean, ApproachesTheExactPermutationPValue) {
  // R, all choose(11, 6) = 462 splits: d <- apply(combn(11, 6), 2, function(i)
  //   mean(pool[i]) - mean(pool[-i])); mean(d >= obs); mean(abs(d) >= abs(obs))
  // gives 0.0194805194805195 and 0.0432900432900433. With 20,000 resamples the standard error is
  // below 0.0015; allow 4 of them.
  const std::vector<double> x{3.1, 4.5, 2.8, 5.0, 4.2, 3.9}, y{2.2, 3.0, 2.5, 3.6, 2.9};
  const TestResult greater = permutation_test_mean(x, y, Alternative::greater, 20000, 11);
  EXPECT_NEAR(greater.statistic, 1.07666666666667, 1e-12);
  EXPECT_NEAR(greater.p_value, 0.0194805194805195, 0.006);
  const TestResult two = permutation_test_mean(x, y, Alternative::two_sided, 20000, 12);
  EXPECT_NEAR(two.p_value, 0.0432900432900433, 0.006);
  EXPECT_GT(permutation_test_mean(x, y, Alternative::less, 20000, 13).p_value, 0.95);
}

TEST(ChiSquareHomogeneity, PoolsSparseCellsThenMatchesR) {
  // 88 and 100 runs: a cell closes at 10·188/88 = 21.4 pooled runs. Values 0 and 1 pool into
  // (23, 11); 2, 3 and 4 stand alone; 5 and 6 (11 runs) join the last cell: (10, 24).
  // R: chisq.test(rbind(c(23, 30, 25, 10), c(11, 35, 30, 24)), correct = FALSE)
  const std::map<double, std::uint64_t> x{{0, 3}, {1, 20}, {2, 30}, {3, 25}, {4, 8}, {5, 2}};
  const std::map<double, std::uint64_t> y{{0, 1}, {1, 10}, {2, 35}, {3, 30},
                                          {4, 15}, {5, 6}, {6, 3}};
  const TestResult r = chi_square_homogeneity(x, y);
  EXPECT_NEAR(r.statistic, 10.1144119516847, 1e-10);
  EXPECT_EQ(r.dof, 3);
  EXPECT_NEAR(r.p_value, 0.0176182137786399, 1e-12);
}

TEST(ChiSquareHomogeneity, OneCellIsNoEvidence) {
  const TestResult r = chi_square_homogeneity({{1, 5}}, {{2, 5}});
  EXPECT_EQ(r.dof, 0);
  EXPECT_EQ(r.p_value, 1);
}

// For a 2×2 table with fixed margins Pearson's χ² grows with |a − E|, so the relabelling p-value
// is the two-sided hypergeometric tail P(|A − E| ≥ |a − E|), computed exactly with Boost.
double two_sided_hypergeometric(unsigned a, unsigned na, unsigned column, unsigned n) {
  const boost::math::hypergeometric_distribution<double> law(column, na, n);
  const double e = double(na) * column / n, d = std::abs(a - e);
  double p = 0;
  for (unsigned k = 0; k <= std::min(na, column); ++k)
    if (k + n >= na + column && std::abs(k - e) >= d * (1 - 1e-12)) p += boost::math::pdf(law, k);
  return p;
}

TEST(PermutationHomogeneity, MatchesTheExactTwoSidedTailOfATwoByTwoTable) {
  // 13 of 100 runs at gap 3 against 4 of 100: expected counts 8.5 a side, too few to pool into
  // two cells at ten. 99,999 relabellings: standard error about 6e−4 at p ≈ 0.04; allow 4.
  const auto r = permutation_homogeneity({{3, 13}, {4, 87}}, {{3, 4}, {4, 96}}, 99999, 7);
  const double exact = two_sided_hypergeometric(13, 100, 17, 200);
  EXPECT_GT(exact, 0.01);
  EXPECT_LT(exact, 0.1);
  EXPECT_NEAR(r.p_value, exact, 4 * std::sqrt(exact * (1 - exact) / 99999));
  EXPECT_EQ(r.dof, 1);
  EXPECT_EQ(permutation_homogeneity({{3, 13}, {4, 87}}, {{3, 4}, {4, 96}}, 99999, 7).p_value,
            r.p_value);  // a seed fixes it
}

TEST(PermutationHomogeneity, ResolvesPValuesBelowTheFailLevel) {
  // 15 runs at gap 3 against none: the exact two-sided tail (all 15 on one side or the other)
  // is 3.5e−5, below the rules' FAIL level 1e−4, and 99,999 relabellings find it below too.
  const double exact = two_sided_hypergeometric(15, 100, 15, 200);
  ASSERT_NEAR(exact, 3.46e-5, 1e-7);
  const auto r = permutation_homogeneity({{3, 15}, {4, 85}}, {{4, 100}}, 99999, 7);
  EXPECT_LT(r.p_value, 1e-4);
  EXPECT_NEAR(r.p_value, exact, 4 * std::sqrt(exact / 99999) + 1.0 / 100000);
}

TEST(PermutationHomogeneity, OneValueOnBothSidesIsNoEvidenceAndAnEmptyValueNoCell) {
  EXPECT_EQ(permutation_homogeneity({{4, 10}}, {{4, 20}}, 999, 7).p_value, 1);
  // A published 0 % is a value with no run: it makes no cell (no 0/0 in the statistic).
  const auto with_zero = permutation_homogeneity({{3, 13}, {4, 87}}, {{3, 4}, {4, 96}, {5, 0}},
                                                 9999, 7);
  const auto without = permutation_homogeneity({{3, 13}, {4, 87}}, {{3, 4}, {4, 96}}, 9999, 7);
  EXPECT_EQ(with_zero.dof, 1);
  EXPECT_EQ(with_zero.p_value, without.p_value);
  EXPECT_TRUE(std::isfinite(with_zero.statistic));
}

TEST(AndersonDarling, StatisticMatchesRAndPValueItsSimulation) {
  // R (kSamples 1.2-9): ad.test(u, v) "version 2" (A²akN, Scholz & Stephens eq. 7, midranks for
  // ties); ad.test prints it as signif(AakN2, 3) = 1.97, so the digits below come from ad.test
  // with that rounding removed. ad.test(u, v, method = "simulated", Nsim = 200000) gives
  // p = 0.09971. Our 1,999 relabellings have a standard error of 0.007; allow 4.
  const std::vector<double> u{1, 2, 2, 3, 5, 5, 7, 8, 9, 12};
  const std::vector<double> v{2, 4, 4, 6, 6, 10, 11, 13, 14, 15, 16};
  const TestResult r = anderson_darling_two_sample(u, v, 1999, 5);
  EXPECT_NEAR(r.statistic, 1.96758216095592, 1e-12);
  EXPECT_NEAR(r.p_value, 0.09971, 0.028);
}

TEST(Holm, MatchesR) {
  // R: p.adjust(c(0.01, 0.04, 0.03, 0.005, 0.2), "holm")
  const std::vector<double> p{0.01, 0.04, 0.03, 0.005, 0.2};
  const std::vector<double> expected{0.040, 0.090, 0.090, 0.025, 0.200};
  const std::vector<double> adjusted = holm(p);
  ASSERT_EQ(adjusted.size(), expected.size());
  for (std::size_t i = 0; i < p.size(); ++i) EXPECT_NEAR(adjusted[i], expected[i], 1e-15) << i;
}

// Draws `count` values N(shift, 1) (rounded to integers when `discrete`).
std::vector<double> normal_sample(Rng& rng, std::size_t count, double shift, bool discrete) {
  std::vector<double> out(count);
  for (double& x : out) {
    x = shift + standard_normal(rng);
    if (discrete) x = std::round(2 * x);
  }
  return out;
}

std::map<double, std::uint64_t> histogram(const std::vector<double>& values) {
  std::map<double, std::uint64_t> counts;
  for (const double v : values) ++counts[v];
  return counts;
}

// Rates of p < 0.05 over `trials` pairs of samples of size `size`, the second shifted by
// `shift`. Under the null the count of false alarms is Binomial(trials, ≤ 0.05).
template <class Test>
int alarms(Test test, int trials, std::size_t size, double shift, bool discrete, std::uint64_t seed) {
  Rng rng(seed);
  int fired = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const auto x = normal_sample(rng, size, 0, discrete);
    const auto y = normal_sample(rng, size, shift, discrete);
    if (test(x, y, static_cast<std::uint64_t>(trial)) < 0.05) ++fired;
  }
  return fired;
}

// 200 null trials: at the nominal 5 %, P(Binomial(200, 0.05) > 18) = 0.0058 (R: 1 -
// pbinom(18, 200, 0.05)); a test that fires more often is miscalibrated. With shift 1 (one
// standard deviation, 40 runs a side) every test should fire in at least 190 of 200 trials
// (the t test's power is 0.993, R: power.t.test(40, 1)$power; P(Binomial(200, 0.99) < 190) =
// 7e-6, R: pbinom(189, 200, 0.99)).
constexpr int trials = 200;
constexpr int null_limit = 18;
constexpr int power_floor = 190;

TEST(DecisionRates, WelchAndPairedFireAtTheNominalRateAndOnAShift) {
  const auto welch = [](const auto& x, const auto& y, std::uint64_t) {
    return welch_t_test(x, y, Alternative::two_sided).p_value;
  };
  const auto paired = [](const auto& x, const auto& y, std::uint64_t) {
    return paired_t_test(x, y, Alternative::two_sided).p_value;
  };
  EXPECT_LE(alarms(welch, trials, 40, 0, false, 1), null_limit);
  EXPECT_GE(alarms(welch, trials, 40, 1, false, 2), power_floor);
  EXPECT_LE(alarms(paired, trials, 40, 0, false, 3), null_limit);
  EXPECT_GE(alarms(paired, trials, 40, 1, false, 4), power_floor);
}

TEST(DecisionRates, PermutationFiresAtTheNominalRateAndOnAShift) {
  const auto permutation = [](const auto& x, const auto& y, std::uint64_t seed) {
    return permutation_test_mean(x, y, Alternative::two_sided, 199, seed).p_value;
  };
  EXPECT_LE(alarms(permutation, trials, 40, 0, false, 5), null_limit);
  EXPECT_GE(alarms(permutation, trials, 40, 1, false, 6), power_floor);
}

TEST(DecisionRates, DistributionTestsFireAtTheNominalRateAndOnAShift) {
  const auto chi2 = [](const auto& x, const auto& y, std::uint64_t) {
    return chi_square_homogeneity(histogram(x), histogram(y)).p_value;
  };
  const auto ad = [](const auto& x, const auto& y, std::uint64_t seed) {
    return anderson_darling_two_sample(x, y, 199, seed).p_value;
  };
  // Discrete samples (integers, as gaps are), so both tests meet ties.
  EXPECT_LE(alarms(chi2, trials, 100, 0, true, 7), null_limit);
  EXPECT_GE(alarms(chi2, trials, 100, 1, true, 8), power_floor);
  EXPECT_LE(alarms(ad, trials, 40, 0, true, 9), null_limit);
  EXPECT_GE(alarms(ad, trials, 40, 1, true, 10), power_floor);
}

TEST(DecisionRates, HolmControlsTheFamilyWiseRate) {
  // Five true nulls per family: Holm keeps P(any adjusted p < 0.05) <= 0.05; unadjusted
  // p-values would fire in about 1 − 0.95^5 = 23 % of families.
  Rng rng(21);
  int holm_fired = 0, raw_fired = 0;
  for (int family = 0; family < trials; ++family) {
    std::vector<double> p;
    for (int k = 0; k < 5; ++k)
      p.push_back(welch_t_test(normal_sample(rng, 20, 0, false), normal_sample(rng, 20, 0, false),
                               Alternative::two_sided).p_value);
    const auto adjusted = holm(p);
    holm_fired += *std::min_element(adjusted.begin(), adjusted.end()) < 0.05;
    raw_fired += *std::min_element(p.begin(), p.end()) < 0.05;
  }
  EXPECT_LE(holm_fired, null_limit);
  // The uncorrected family does fire, so the control is not vacuous:
  // P(Binomial(200, 1 − 0.95^5) <= 30) = 0.0048 (R: pbinom(30, 200, 1 - 0.95^5)).
  EXPECT_GT(raw_fired, 30);
}

}  // namespace
}  // namespace gapcheck::stats
