#include "stats/summary.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "stats/resample.hpp"

namespace gapcheck::stats {

// The mean is the values' sum over their count, the sum compensated (Neumaier): exact for
// whole-number values (unit-weight gaps) while their sum is below 2^53, where Welford's running
// mean drifts by an ulp (4.250000000000001 for the gaps 4, 4, 5, 5, 4, 4, 4, 4). The sd is
// Welford's update, stable for long samples and for a first value far from the rest.
void OnlineSummary::add(double value) {
  if (count_ == 0 || value < min_) min_ = value;
  if (count_ == 0 || value > max_) max_ = value;
  ++count_;
  const double delta = value - mean_;
  mean_ += delta / static_cast<double>(count_);
  m2_ += delta * (value - mean_);
  const double sum = sum_ + value;
  compensation_ += std::abs(sum_) >= std::abs(value) ? (sum_ - sum) + value : (value - sum) + sum_;
  sum_ = sum;
}

Summary OnlineSummary::summary() const {
  Summary s;
  s.count = count_;
  if (count_ == 0) return s;
  s.min = min_;
  s.max = max_;
  const auto count = static_cast<double>(count_);
  // An infinite value leaves the compensation NaN (inf - inf): the sum alone is the answer.
  s.mean = (std::isfinite(sum_) ? sum_ + compensation_ : sum_) / count;
  s.ci95_lo = s.ci95_hi = s.mean;
  if (count_ < 2) return s;
  s.sd = std::sqrt(m2_ / (count - 1));
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
