// t tests take their tails from Boost.Math's Student t; resampling tests draw from the
// project's engine (processes/core/random.hpp), so a seed fixes the p-value on every platform.
// Permutation p-values count the observed labelling among the resamples,
// p = (1 + #{T* at least as extreme as T})/(1 + B), which keeps them valid (Phipson & Smyth 2010).
#include "stats/tests.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "stats/resample.hpp"
#include "stats/summary.hpp"

namespace gapcheck::stats {
namespace {

void require_size(std::span<const double> values, std::size_t least, const char* what) {
  if (values.size() < least)
    throw std::invalid_argument(std::string(what) + ": " + std::to_string(values.size()) +
                                " values; needs at least " + std::to_string(least));
}

double t_p_value(double t, double dof, Alternative alt) {
  const boost::math::students_t dist(dof);
  switch (alt) {
    case Alternative::less: return boost::math::cdf(dist, t);
    case Alternative::greater: return boost::math::cdf(boost::math::complement(dist, t));
    case Alternative::two_sided: break;
  }
  return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(t))));
}

double mean(std::span<const double> values) {
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

// Is `resampled` at least as extreme as `observed` under `alt`? The slack absorbs the rounding
// of sums taken in a different order, so that relabellings equal to the observed one count.
bool as_extreme(double resampled, double observed, Alternative alt) {
  const double slack = 1e-12 * std::max(1.0, std::fabs(observed));
  switch (alt) {
    case Alternative::less: return resampled <= observed + slack;
    case Alternative::greater: return resampled >= observed - slack;
    case Alternative::two_sided: break;
  }
  return std::fabs(resampled) >= std::fabs(observed) - slack;
}

}  // namespace

TestResult one_sample_t_test(std::span<const double> values, double mu0, Alternative alt) {
  require_size(values, 2, "one_sample_t_test");
  const Summary s = summarize(values);
  const double dof = static_cast<double>(s.count - 1);
  const double t = (s.mean - mu0) / (s.sd / std::sqrt(static_cast<double>(s.count)));
  return {t, dof, t_p_value(t, dof, alt)};
}

// Welch (1947): unequal variances, Satterthwaite's degrees of freedom.
TestResult welch_t_test(std::span<const double> a, std::span<const double> b, Alternative alt) {
  require_size(a, 2, "welch_t_test (a)");
  require_size(b, 2, "welch_t_test (b)");
  const Summary sa = summarize(a), sb = summarize(b);
  const double va = sa.sd * sa.sd / static_cast<double>(sa.count);
  const double vb = sb.sd * sb.sd / static_cast<double>(sb.count);
  if (va + vb == 0) {  // both samples constant: no degrees of freedom; the means alone decide
    const double d = sa.mean - sb.mean;
    const double t = d == 0 ? 0.0 : std::copysign(INFINITY, d);
    const double p = alt == Alternative::two_sided ? (d == 0 ? 1.0 : 0.0)
                     : d == 0                      ? 0.5
                     : (alt == Alternative::less) == (d < 0) ? 0.0
                                                             : 1.0;
    return {t, 0, p};
  }
  const double t = (sa.mean - sb.mean) / std::sqrt(va + vb);
  const double dof = (va + vb) * (va + vb) /
                     (va * va / static_cast<double>(sa.count - 1) +
                      vb * vb / static_cast<double>(sb.count - 1));
  return {t, dof, t_p_value(t, dof, alt)};
}

TestResult paired_t_test(std::span<const double> a, std::span<const double> b, Alternative alt) {
  if (a.size() != b.size())
    throw std::invalid_argument("paired_t_test: " + std::to_string(a.size()) + " against " +
                                std::to_string(b.size()) + " values");
  std::vector<double> difference(a.size());
  std::transform(a.begin(), a.end(), b.begin(), difference.begin(), std::minus<>());
  return one_sample_t_test(difference, 0, alt);
}

TestResult permutation_test_mean(std::span<const double> a, std::span<const double> b,
                                 Alternative alt, std::uint64_t resamples, std::uint64_t seed) {
  require_size(a, 1, "permutation_test_mean (a)");
  require_size(b, 1, "permutation_test_mean (b)");
  if (resamples == 0) throw std::invalid_argument("permutation_test_mean: resamples=0");
  const double observed = mean(a) - mean(b);
  std::vector<double> pooled(a.begin(), a.end());
  pooled.insert(pooled.end(), b.begin(), b.end());
  const double total = std::accumulate(pooled.begin(), pooled.end(), 0.0);
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  Rng rng(seed);
  std::uint64_t extreme = 0;
  for (std::uint64_t r = 0; r < resamples; ++r) {
    detail::shuffle(rng, std::span<double>(pooled));
    const double sum_a = std::accumulate(pooled.begin(), pooled.begin() + a.size(), 0.0);
    if (as_extreme(sum_a / na - (total - sum_a) / nb, observed, alt)) ++extreme;
  }
  return {observed, 0,
          static_cast<double>(1 + extreme) / static_cast<double>(1 + resamples)};
}

// Pearson's chi-square on the 2×k table of pooled cells. A cell closes once both of its
// expected counts reach min_expected; what is left at the top joins the last closed cell.
TestResult chi_square_homogeneity(const std::map<double, std::uint64_t>& a,
                                  const std::map<double, std::uint64_t>& b, double min_expected) {
  std::map<double, std::pair<double, double>> table;
  for (const auto& [value, count] : a) table[value].first += static_cast<double>(count);
  for (const auto& [value, count] : b) table[value].second += static_cast<double>(count);
  double na = 0, nb = 0;
  for (const auto& [value, counts] : table) {
    na += counts.first;
    nb += counts.second;
  }
  if (na == 0 || nb == 0) throw std::invalid_argument("chi_square_homogeneity: an empty sample");
  const double n = na + nb;
  const double least_cell_total = min_expected * n / std::min(na, nb);
  std::vector<std::pair<double, double>> cells;
  std::pair<double, double> open{0, 0};
  for (const auto& [value, counts] : table) {
    open.first += counts.first;
    open.second += counts.second;
    if (open.first + open.second >= least_cell_total) {
      cells.push_back(open);
      open = {0, 0};
    }
  }
  if (open.first + open.second > 0) {
    if (cells.empty()) return {0, 0, 1};  // too few runs for even one cell
    cells.back().first += open.first;
    cells.back().second += open.second;
  }
  if (cells.size() < 2) return {0, 0, 1};
  double chi2 = 0;
  for (const auto& [oa, ob] : cells) {
    const double ea = na * (oa + ob) / n, eb = nb * (oa + ob) / n;
    chi2 += (oa - ea) * (oa - ea) / ea + (ob - eb) * (ob - eb) / eb;
  }
  const double dof = static_cast<double>(cells.size() - 1);
  return {chi2, dof,
          boost::math::cdf(boost::math::complement(boost::math::chi_squared(dof), chi2))};
}

TestResult permutation_homogeneity(const std::map<double, std::uint64_t>& a,
                                   const std::map<double, std::uint64_t>& b,
                                   std::uint64_t resamples, std::uint64_t seed) {
  if (resamples == 0) throw std::invalid_argument("permutation_homogeneity: resamples=0");
  std::map<double, std::pair<std::uint64_t, std::uint64_t>> table;
  for (const auto& [value, count] : a) table[value].first += count;
  for (const auto& [value, count] : b) table[value].second += count;
  std::vector<std::uint32_t> pooled;  // each run's cell
  std::vector<double> in_a, totals;   // per cell
  for (const auto& [value, counts] : table) {
    if (counts.first + counts.second == 0) continue;  // a published 0 %: no run, no cell
    const auto cell = static_cast<std::uint32_t>(totals.size());
    pooled.insert(pooled.end(), counts.first + counts.second, cell);
    in_a.push_back(static_cast<double>(counts.first));
    totals.push_back(static_cast<double>(counts.first + counts.second));
  }
  const auto na = static_cast<std::size_t>(std::accumulate(in_a.begin(), in_a.end(), 0.0));
  const double n = static_cast<double>(pooled.size());
  if (na == 0 || na == pooled.size())
    throw std::invalid_argument("permutation_homogeneity: an empty sample");
  // With the margins fixed, b's deviation in a cell is minus a's, so
  // χ² = Σ (a_j − e_j)² (1/e_j + 1/(t_j − e_j)) with e_j = n_a·t_j/n.
  const auto chi2 = [&](const std::vector<double>& counts) {
    double sum = 0;
    for (std::size_t j = 0; j < totals.size(); ++j) {
      const double e = static_cast<double>(na) * totals[j] / n, d = counts[j] - e;
      sum += d * d * (1 / e + 1 / (totals[j] - e));
    }
    return sum;
  };
  const double observed = chi2(in_a);
  Rng rng(seed);
  std::vector<double> counts(totals.size());
  std::uint64_t extreme = 0;
  for (std::uint64_t r = 0; r < resamples; ++r) {
    // A uniform na-subset of the runs: the first na places of a partial Fisher–Yates shuffle.
    std::fill(counts.begin(), counts.end(), 0.0);
    for (std::size_t i = 0; i < na; ++i) {
      std::swap(pooled[i], pooled[i + bounded(rng, pooled.size() - i)]);
      counts[pooled[i]] += 1;
    }
    if (chi2(counts) >= observed * (1 - 1e-12)) ++extreme;
  }
  return {observed, static_cast<double>(totals.size() - 1),
          static_cast<double>(1 + extreme) / static_cast<double>(1 + resamples)};
}

namespace {

// Scholz & Stephens (1987), eq. (7): A²_akN, the version for samples with ties, for two
// samples given as counts per distinct pooled value (in increasing order).
double anderson_darling_statistic(const std::vector<double>& count_a,
                                  const std::vector<double>& count_b) {
  double na = 0, nb = 0;
  for (std::size_t j = 0; j < count_a.size(); ++j) {
    na += count_a[j];
    nb += count_b[j];
  }
  const double n = na + nb;
  double sum_a = 0, sum_b = 0;       // Σ over sample i of (1/n_i)·Σ_j ...
  double cum_a = 0, cum_b = 0, cum = 0;  // M_ij and B_j before value j
  for (std::size_t j = 0; j < count_a.size(); ++j) {
    const double l = count_a[j] + count_b[j];
    const double b_mid = cum + l / 2;
    const double m_a = cum_a + count_a[j] / 2, m_b = cum_b + count_b[j] / 2;
    const double denominator = b_mid * (n - b_mid) - n * l / 4;
    if (denominator > 0) {
      sum_a += l * (n * m_a - na * b_mid) * (n * m_a - na * b_mid) / denominator;
      sum_b += l * (n * m_b - nb * b_mid) * (n * m_b - nb * b_mid) / denominator;
    }
    cum += l;
    cum_a += count_a[j];
    cum_b += count_b[j];
  }
  return (n - 1) / (n * n) * (sum_a / na + sum_b / nb);
}

}  // namespace

TestResult anderson_darling_two_sample(std::span<const double> a, std::span<const double> b,
                                       std::uint64_t resamples, std::uint64_t seed) {
  require_size(a, 1, "anderson_darling_two_sample (a)");
  require_size(b, 1, "anderson_darling_two_sample (b)");
  if (resamples == 0) throw std::invalid_argument("anderson_darling_two_sample: resamples=0");
  // Ranks into the distinct pooled values, so each relabelling is a recount, not a re-sort.
  std::vector<double> pooled(a.begin(), a.end());
  pooled.insert(pooled.end(), b.begin(), b.end());
  std::vector<double> distinct = pooled;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<std::size_t> rank(pooled.size());
  for (std::size_t i = 0; i < pooled.size(); ++i)
    rank[i] = static_cast<std::size_t>(
        std::lower_bound(distinct.begin(), distinct.end(), pooled[i]) - distinct.begin());
  const auto statistic = [&](std::span<const std::size_t> ranks) {
    std::vector<double> count_a(distinct.size(), 0), count_b(distinct.size(), 0);
    for (std::size_t i = 0; i < ranks.size(); ++i)
      (i < a.size() ? count_a : count_b)[ranks[i]] += 1;
    return anderson_darling_statistic(count_a, count_b);
  };
  const double observed = statistic(rank);
  Rng rng(seed);
  std::uint64_t extreme = 0;
  for (std::uint64_t r = 0; r < resamples; ++r) {
    detail::shuffle(rng, std::span<std::size_t>(rank));
    if (as_extreme(statistic(rank), observed, Alternative::greater)) ++extreme;
  }
  return {observed, 0, static_cast<double>(1 + extreme) / static_cast<double>(1 + resamples)};
}

// Holm (1979): the i-th smallest of m p-values is multiplied by m − i + 1, capped at 1, and
// made monotone by a running maximum.
std::vector<double> holm(std::span<const double> p_values) {
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t l, std::size_t r) { return p_values[l] < p_values[r]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t i = 0; i < m; ++i) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) * p_values[order[i]]));
    adjusted[order[i]] = running;
  }
  return adjusted;
}

}  // namespace gapcheck::stats
