#include "stats/summary.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

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
  const boost::math::students_t t(static_cast<double>(s.count - 1));
  const double half = boost::math::quantile(boost::math::complement(t, 0.025)) * s.sd /
                      std::sqrt(static_cast<double>(s.count));
  s.ci95_lo = mean - half;
  s.ci95_hi = mean + half;
  return s;
}

std::map<double, std::uint64_t> distribution(std::span<const double> values) {
  std::map<double, std::uint64_t> counts;
  for (const double v : values) ++counts[std::round(v * 1e9) / 1e9];
  return counts;
}

}  // namespace gapcheck::stats
