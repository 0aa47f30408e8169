// Hypothesis tests: "A beats B", whole-distribution comparisons, multiplicity.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace gapcheck::stats {

struct TestResult {
  double statistic = 0;
  double dof = 0;  // 0 when the statistic has no degrees of freedom
  double p_value = 1;
};

// The alternative hypothesis about mean(a) − mean(b) (or mean − mu0).
enum class Alternative { two_sided, less, greater };

TestResult one_sample_t_test(std::span<const double> values, double mu0, Alternative alt);
// Welch's t-test; when both samples are constant it has no degrees of freedom (dof 0) and the
// means decide: p = 0 or 1 by the sign of their difference (0.5 one-sided, 1 two-sided, if equal).
TestResult welch_t_test(std::span<const double> a, std::span<const double> b, Alternative alt);
// a[i] and b[i] are paired (same seed, same replicate).
TestResult paired_t_test(std::span<const double> a, std::span<const double> b, Alternative alt);
// Difference of means, p-value from `resamples` random relabellings.
TestResult permutation_test_mean(std::span<const double> a, std::span<const double> b,
                                 Alternative alt, std::uint64_t resamples, std::uint64_t seed);

// Value -> count histograms of two samples; adjacent values are pooled until every expected
// count is at least min_expected, then Pearson's chi-square test of homogeneity.
TestResult chi_square_homogeneity(const std::map<double, std::uint64_t>& a,
                                  const std::map<double, std::uint64_t>& b,
                                  double min_expected = 10);

// Pearson's chi-square statistic of homogeneity on the unpooled table of two samples, its p-value
// from `resamples` random relabellings of the pooled runs: exact in law for any cell counts when
// the runs of both samples are exchangeable (i.i.d.), for tables whose expected counts are too
// small for chi_square_homogeneity to keep two cells. Values with no run make no cell; dof is
// the number of cells less one.
TestResult permutation_homogeneity(const std::map<double, std::uint64_t>& a,
                                   const std::map<double, std::uint64_t>& b,
                                   std::uint64_t resamples, std::uint64_t seed);

// Anderson–Darling k-sample test (Scholz & Stephens 1987) for two samples, with ties;
// the p-value is calibrated by `resamples` random relabellings drawn from `seed`.
TestResult anderson_darling_two_sample(std::span<const double> a, std::span<const double> b,
                                       std::uint64_t resamples = 999, std::uint64_t seed = 1);

// Holm's step-down adjusted p-values, in the input order.
std::vector<double> holm(std::span<const double> p_values);

}  // namespace gapcheck::stats
