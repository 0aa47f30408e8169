#include "stats/summary.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "stats/resample.hpp"

namespace gapcheck::stats {

// The mean is the values' sum over their count, the sum compensated (Neumaier); the sd comes
// from the sums of the values' deviations from the first value and of their squares (the shifted
// data algorithm: Chan, Golub, LeVeque, Am. Stat. 37(3), 1983). For whole-number values, as
// unit-weight gaps are, every sum is exact, so the mean is exact and the sd is R's and numpy's
// to the last digit, where Welford's running mean drifts by an ulp (4.250000000000001 for the
// gaps 4, 4, 5, 5, 4, 4, 4, 4); with the first value as the shift, values far from zero but
// close to each other lose no digits.
void OnlineSummary::add(double value) {
  if (count_ == 0) min_ = max_ = shift_ = value;
  min_ = std::min(min_, value);
  max_ = std::max(max_, value);
  ++count_;
  const double sum = sum_ + value;
  compensation_ += std::abs(sum_) >= std::abs(value) ? (sum_ - sum) + value : (value - sum) + sum_;
  sum_ = sum;
  const double deviation = value - shift_;
  deviations_ += deviation;
  squares_ += deviation * deviation;
}

Summary OnlineSummary::summary() const {
  Summary s;
  s.count = count_;
  if (count_ == 0) return s;
  s.min = min_;
  s.max = max_;
  const auto count = static_cast<double>(count_);
  s.mean = (sum_ + compensation_) / count;
  s.ci95_lo = s.ci95_hi = s.mean;
  if (count_ < 2) return s;
  // The sum of squared deviations from the mean; rounding may take it below 0 at zero spread.
  const double m2 = std::max(0.0, squares_ - deviations_ * deviations_ / count);
  s.sd = std::sqrt(m2 / (count - 1));
  const double half = t_critical(static_cast<double>(count_ - 1), 0.95) * s.sd /
                      std::sqrt(static_cast<double>(count_));
  s.ci95_lo = s.mean - half;
  s.ci95_hi = s.mean + half;
  return s;
}

Summary summarize(std::span<const double> values) {
  OnlineSummary online;
  for (const double v : values) online.add(v);
  return online.summary();
}

Interval t_mean_ci(std::span<const double> values, double level) {
  if (values.size() < 2)
    throw std::invalid_argument("t_mean_ci: " + std::to_string(values.size()) +
                                " values; needs at least 2");
  const Summary s = summarize(values);
  const double half = t_critical(static_cast<double>(s.count - 1), level) * s.sd /
                      std::sqrt(static_cast<double>(s.count));
  return {s.mean - half, s.mean + half};
}

// Percentile bootstrap (Efron & Tibshirani 1993, §13.3); the quantiles of the resampled means
// interpolate linearly between order statistics (Hyndman & Fan type 7).
Interval bootstrap_mean_ci(std::span<const double> values, double level, std::uint64_t resamples,
                           std::uint64_t seed) {
  if (values.empty() || resamples < 2)
    throw std::invalid_argument("bootstrap_mean_ci: values=" + std::to_string(values.size()) +
                                " resamples=" + std::to_string(resamples));
  if (!(level > 0 && level < 1)) throw std::invalid_argument("level=" + std::to_string(level));
  Rng rng(seed);
  std::vector<double> means(resamples);
  for (double& mean : means) {
    double sum = 0;
    for (std::size_t i = 0; i < values.size(); ++i) sum += values[bounded(rng, values.size())];
    mean = sum / static_cast<double>(values.size());
  }
  std::sort(means.begin(), means.end());
  const auto quantile = [&](double p) {
    const double h = p * static_cast<double>(means.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(h));
    const std::size_t above = std::min(below + 1, means.size() - 1);
    return means[below] + (h - static_cast<double>(below)) * (means[above] - means[below]);
  };
  return {quantile((1 - level) / 2), quantile((1 + level) / 2)};
}

std::map<double, std::uint64_t> distribution(std::span<const double> values) {
  std::map<double, std::uint64_t> counts;
  for (const double v : values) ++counts[std::round(v * 1e9) / 1e9];
  return counts;
}

}  // namespace gapcheck::stats
