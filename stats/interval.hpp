// Confidence intervals shared by every statistic in stats/.
#pragma once

#include <cstdint>

namespace gapcheck::stats {

// A two-sided interval [lo, hi]; its meaning (confidence level, what it covers) is stated by the
// function that returns it.
struct Interval {
  double lo = 0;
  double hi = 0;
  bool contains(double value) const { return lo <= value && value <= hi; }
};

// The two-sided Student-t critical value: P(|T_dof| ≤ t) = level. dof = +inf gives the normal one.
double t_critical(double dof, double level);

// Exact (Clopper–Pearson) two-sided interval for a binomial proportion: covers the true success
// probability with probability at least `level` for every true value. successes <= trials.
Interval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double level);

}  // namespace gapcheck::stats
