#include "stats/crossover.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "processes/core/random.hpp"

namespace gapcheck::stats {

std::string crossover_position(double x) {
  return x == 0 ? "below the grid" : std::isinf(x) ? "above the grid" : fmt::format("{:.3g}", x);
}
namespace {

constexpr double kAbove = std::numeric_limits<double>::infinity();

// The crossover of one curve: interpolated in ln x between the last point on the losing side
// (sign ≥ 0 after orienting) and the next point.
double read_crossover(std::span<const double> x, std::span<const double> d, bool falling) {
  const double sign = falling ? 1 : -1;
  std::ptrdiff_t last = -1;
  for (std::size_t i = 0; i < d.size(); ++i)
    if (sign * d[i] >= 0) last = static_cast<std::ptrdiff_t>(i);
  if (last < 0) return 0;  // on the winning side everywhere: below the grid
  const auto k = static_cast<std::size_t>(last);
  if (k + 1 == d.size()) return kAbove;
  const double y0 = sign * d[k], y1 = sign * d[k + 1];  // y0 ≥ 0 > y1
  const double share = y0 / (y0 - y1);
  return std::exp(std::log(x[k]) + share * (std::log(x[k + 1]) - std::log(x[k])));
}

double percentile(const std::vector<double>& sorted, double q) {  // type 1 (inverse ECDF)
  const auto n = sorted.size();
  const auto i = static_cast<std::size_t>(std::ceil(q * static_cast<double>(n)));
  return sorted[std::clamp<std::size_t>(i, 1, n) - 1];
}

}  // namespace

double Crossover::share_meeting(Interval range) const {
  std::size_t meeting = 0;
  for (double r : replicates) {
    const bool meets = r == 0        ? range.lo <= x_min
                       : r == kAbove ? range.hi >= x_max
                                     : range.lo <= r && r <= range.hi;
    meeting += meets;
  }
  return (static_cast<double>(meeting) + 1) / (static_cast<double>(replicates.size()) + 1);
}

Crossover crossover(std::span<const double> x, std::span<const double> d,
                    std::span<const double> se, bool falling, double level,
                    std::uint64_t resamples, std::uint64_t seed) {
  if (x.size() < 2 || d.size() != x.size() || se.size() != x.size() || resamples == 0)
    throw std::invalid_argument("crossover: needs ≥ 2 points with x, d, se of equal length");
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!(x[i] > 0) || (i > 0 && !(x[i] > x[i - 1])))
      throw std::invalid_argument("crossover: x must be positive and ascending");
  Crossover out;
  out.x_min = x.front();
  out.x_max = x.back();
  out.estimate = read_crossover(x, d, falling);
  Rng rng(seed);
  std::vector<double> drawn(d.size());
  out.replicates.reserve(resamples);
  for (std::uint64_t r = 0; r < resamples; ++r) {
    for (std::size_t i = 0; i < d.size(); ++i) drawn[i] = d[i] + se[i] * standard_normal(rng);
    out.replicates.push_back(read_crossover(x, drawn, falling));
  }
  std::sort(out.replicates.begin(), out.replicates.end());
  out.interval = {percentile(out.replicates, (1 - level) / 2),
                  percentile(out.replicates, (1 + level) / 2)};
  return out;
}

}  // namespace gapcheck::stats
