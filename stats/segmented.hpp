// Two-regime (broken-stick) regression with an interval for the breakpoint.
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "stats/interval.hpp"

namespace gapcheck::stats {

struct SegmentedFit {
  double breakpoint = 0;
  Interval breakpoint_ci;
  double slope_before = 0;
  double slope_after = 0;
  Interval slope_before_ci;
  Interval slope_after_ci;
  // The change of slope s₂ − s₁ at the estimated ψ, its standard error treating ψ as known, and
  // the residual degrees of freedom (N − 4): a test of the bend's direction.
  double slope_change_se = std::numeric_limits<double>::quiet_NaN();
  double residual_dof = 0;
  double rss = 0;
  double f_p_value = 1;  // one line against two: small when a bend is present
  // The fitted line's value at x = 0 (c above), so that the two segments can be drawn; NaN when
  // not known.
  double intercept = std::numeric_limits<double>::quiet_NaN();
};

// y ≈ c + s₁·x + (s₂ − s₁)·max(0, x − ψ), continuous at ψ, weights w (1/Var). At least 5
// distinct x. The breakpoint interval inverts the F test of the profile RSS; f_p_value is the
// sup-F statistic calibrated by a parametric bootstrap under the straight line (`resamples`
// replicates drawn from `seed`).
SegmentedFit segmented_regression(std::span<const double> x, std::span<const double> y,
                                  std::span<const double> w, double level,
                                  std::uint64_t resamples = 999, std::uint64_t seed = 1);

}  // namespace gapcheck::stats
