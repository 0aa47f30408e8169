// Summary statistics of a sample of per-run values (the final gaps of R runs, ...).
#pragma once

#include <cstdint>
#include <map>
#include <span>

#include "stats/interval.hpp"

namespace gapcheck::stats {

struct Summary {
  std::uint64_t count = 0;
  double mean = 0;
  double sd = 0;  // sample standard deviation (n - 1)
  double min = 0;
  double max = 0;
  double ci95_lo = 0;  // Student-t 95 % confidence interval of the mean
  double ci95_hi = 0;
};

Summary summarize(std::span<const double> values);

// The same summary computed one value at a time, in O(1) memory: what a streamed batch uses.
// Adding the values of a span in order gives exactly summarize(span).
class OnlineSummary {
 public:
  void add(double value);
  Summary summary() const;
  std::uint64_t count() const { return count_; }

 private:
  std::uint64_t count_ = 0;
  double min_ = 0, max_ = 0;
  double mean_ = 0, m2_ = 0;           // Welford's running mean and squared deviations (the sd)
  double sum_ = 0, compensation_ = 0;  // the values' sum, compensated (the mean)
};

// Student-t interval for the mean at `level` (e.g. 0.95); needs at least 2 values.
Interval t_mean_ci(std::span<const double> values, double level);

// Percentile bootstrap interval for the mean at `level`: `resamples` resamples with replacement
// drawn from `seed`. Same inputs, same interval.
Interval bootstrap_mean_ci(std::span<const double> values, double level, std::uint64_t resamples,
                           std::uint64_t seed);

// value -> number of runs with that value (for integer gaps; real gaps are binned to 1e-9).
std::map<double, std::uint64_t> distribution(std::span<const double> values);

}  // namespace gapcheck::stats
