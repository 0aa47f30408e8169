#include "stats/summary.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "stats/resample.hpp"

namespace gapcheck::stats {

Summary summarize(std::span<const double> values) {
  Summary s;
  s.count = values.size();
  if (values.empty()) return s;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.min = *lo;
  s.max = *hi;
  // Welford's update: stable for long samples of similar values.
  double mean = 0, m2 = 0;
  std::uint64_t k = 0;
  for (const double v : values) {
    ++k;
    const double delta = v - mean;
    mean += delta / static_cast<double>(k);
    m2 += delta * (v - mean);
  }
  s.mean = mean;
  s.ci95_lo = s.ci95_hi = mean;
  if (s.count < 2) return s;
  s.sd = std::sqrt(m2 / static_cast<double>(s.count - 1));
  const double half = t_critical(static_cast<double>(s.count - 1), 0.95) * s.sd /
                      std::sqrt(static_cast<double>(s.count));
  s.ci95_lo = mean - half;
  s.ci95_hi = mean + half;
  return s;
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
