// Broken-stick regression by profiling: for each candidate breakpoint ψ on a fine grid the
// model y = c + s₁x + δ·max(0, x − ψ) is linear, so weighted least squares gives RSS(ψ); the
// estimate minimises it. The breakpoint interval inverts the F test of ψ = ψ₀ on that profile
// (Seber & Wild, Nonlinear Regression, 1989, §5.9 and §9.3):
//   { ψ : (RSS(ψ) − RSS_min) / (RSS_min/(N − 4)) ≤ F_{1, N−4}(level) },
// reported as its hull within the search range. The test of one line against two is not an F
// test (ψ exists only under the alternative; Davies 1987), so the sup-F statistic is calibrated
// by a parametric bootstrap: Gaussian data from the fitted line with the residual variance.
#include "stats/segmented.hpp"

#include <algorithm>
#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "stats/regression.hpp"
#include "processes/core/random.hpp"

namespace gapcheck::stats {
namespace {

constexpr int grid_points = 100;

struct Data {
  Eigen::VectorXd x, y, w;
};

// The three-column fits are solved on their 3×3 normal equations by Eigen's LDLT: the bootstrap
// runs thousands of them.
double broken_stick_rss(const Data& d, const Eigen::VectorXd& y, double psi) {
  Eigen::Matrix3d normal = Eigen::Matrix3d::Zero();
  Eigen::Vector3d rhs = Eigen::Vector3d::Zero();
  for (Eigen::Index i = 0; i < d.x.size(); ++i) {
    const Eigen::Vector3d row(1, d.x[i], std::max(0.0, d.x[i] - psi));
    normal.noalias() += d.w[i] * row * row.transpose();
    rhs.noalias() += d.w[i] * y[i] * row;
  }
  const Eigen::Vector3d coef = normal.ldlt().solve(rhs);
  double rss = 0;
  for (Eigen::Index i = 0; i < d.x.size(); ++i) {
    const double r = y[i] - coef[0] - coef[1] * d.x[i] - coef[2] * std::max(0.0, d.x[i] - psi);
    rss += d.w[i] * r * r;
  }
  return rss;
}

Eigen::MatrixXd design(const Data& d, double psi) {
  Eigen::MatrixXd X(d.x.size(), psi == std::numeric_limits<double>::infinity() ? 2 : 3);
  for (Eigen::Index i = 0; i < d.x.size(); ++i) {
    X(i, 0) = 1;
    X(i, 1) = d.x[i];
    if (X.cols() == 3) X(i, 2) = std::max(0.0, d.x[i] - psi);
  }
  return X;
}

struct Profile {
  std::vector<double> psi, rss;
  std::size_t best = 0;
};

Profile profile(const Data& d, const Eigen::VectorXd& y, const std::vector<double>& candidates) {
  Profile p{candidates, std::vector<double>(candidates.size()), 0};
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    p.rss[k] = broken_stick_rss(d, y, candidates[k]);
    if (p.rss[k] < p.rss[p.best]) p.best = k;
  }
  return p;
}

double sup_f(double rss_line, double rss_bent, double dof) {
  return rss_bent > 0 ? (rss_line - rss_bent) / 2 / (rss_bent / dof)
                      : std::numeric_limits<double>::infinity();
}

}  // namespace

SegmentedFit segmented_regression(std::span<const double> x, std::span<const double> y,
                                  std::span<const double> w, double level,
                                  std::uint64_t resamples, std::uint64_t seed) {
  if (x.size() != y.size() || x.size() != w.size())
    throw std::invalid_argument("segmented_regression: sizes x=" + std::to_string(x.size()) +
                                " y=" + std::to_string(y.size()) + " w=" + std::to_string(w.size()));
  std::vector<double> distinct(x.begin(), x.end());
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  if (distinct.size() < 5)
    throw std::invalid_argument("segmented_regression: " + std::to_string(distinct.size()) +
                                " distinct x; needs at least 5");
  if (resamples == 0) throw std::invalid_argument("segmented_regression: resamples=0");
  const auto n = static_cast<Eigen::Index>(x.size());
  Data d{Eigen::VectorXd(n), Eigen::VectorXd(n), Eigen::VectorXd(n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    d.x[i] = x[k];
    d.y[i] = y[k];
    d.w[i] = w[k];
  }
  // ψ ranges over [second, second-to-last] distinct x, so each regime keeps two x values.
  const double from = distinct[1], to = distinct[distinct.size() - 2];
  std::vector<double> candidates(grid_points);
  for (int k = 0; k < grid_points; ++k)
    candidates[static_cast<std::size_t>(k)] = from + (to - from) * k / (grid_points - 1);

  const Eigen::MatrixXd straight = design(d, std::numeric_limits<double>::infinity());
  const LinearFit line = weighted_least_squares(straight, d.y, d.w);
  const Profile p = profile(d, d.y, candidates);
  const double dof = static_cast<double>(n) - 4;  // c, s₁, δ and ψ
  if (dof < 1) throw std::invalid_argument("segmented_regression: needs more than 4 points");

  // Refine the grid's best ψ between its neighbours by Brent's method; the test below keeps
  // the grid statistic, so that the observed and the bootstrap statistics are the same function.
  SegmentedFit fit;
  const std::size_t left = p.best == 0 ? 0 : p.best - 1;
  const std::size_t right = std::min(p.best + 1, p.psi.size() - 1);
  std::uintmax_t iterations = 100;
  const auto [psi, rss] = boost::math::tools::brent_find_minima(
      [&](double candidate) { return broken_stick_rss(d, d.y, candidate); }, p.psi[left],
      p.psi[right], 40, iterations);
  fit.breakpoint = rss < p.rss[p.best] ? psi : p.psi[p.best];
  fit.rss = std::min(rss, p.rss[p.best]);
  const double f_crit = boost::math::quantile(boost::math::fisher_f(1, dof), level);
  const double allowed = f_crit * fit.rss / dof;
  // The interval is the hull of ψ̂ and the accepted grid points; each end is then moved to
  // where the profile crosses the critical level between it and its rejected neighbour.
  const auto excess = [&](double candidate) {
    return broken_stick_rss(d, d.y, candidate) - fit.rss - allowed;
  };
  const auto crossing = [&](double inside, double outside) {
    boost::math::tools::eps_tolerance<double> tolerance(30);
    std::uintmax_t steps = 100;
    const auto [a, b] = boost::math::tools::bisect(excess, std::min(inside, outside),
                                                   std::max(inside, outside), tolerance, steps);
    return (a + b) / 2;
  };
  double lo = fit.breakpoint, hi = fit.breakpoint;
  for (std::size_t k = 0; k < p.psi.size(); ++k)
    if (p.rss[k] - fit.rss <= allowed) {
      lo = std::min(lo, p.psi[k]);
      hi = std::max(hi, p.psi[k]);
    }
  // The nearest grid points outside [lo, hi] are rejected, by construction of the hull.
  const auto below = std::lower_bound(p.psi.begin(), p.psi.end(), lo);
  const auto above = std::upper_bound(p.psi.begin(), p.psi.end(), hi);
  fit.breakpoint_ci.lo = below == p.psi.begin() ? lo : crossing(lo, *(below - 1));
  fit.breakpoint_ci.hi = above == p.psi.end() ? hi : crossing(hi, *above);

  // Slopes at the estimated ψ, treating ψ as known (conditional intervals), on N − 4 dof.
  const LinearFit bent = weighted_least_squares(design(d, fit.breakpoint), d.y, d.w);
  const double variance = bent.rss / dof;
  const Eigen::MatrixXd cov = bent.unscaled_cov * variance;
  const double t = t_critical(dof, level);
  fit.intercept = bent.coef[0];
  fit.slope_before = bent.coef[1];
  fit.slope_after = bent.coef[1] + bent.coef[2];
  fit.slope_change_se = std::sqrt(cov(2, 2));
  fit.residual_dof = static_cast<double>(dof);
  const double se_before = std::sqrt(cov(1, 1));
  const double se_after = std::sqrt(cov(1, 1) + cov(2, 2) + 2 * cov(1, 2));
  fit.slope_before_ci = {fit.slope_before - t * se_before, fit.slope_before + t * se_before};
  fit.slope_after_ci = {fit.slope_after - t * se_after, fit.slope_after + t * se_after};

  // Parametric bootstrap of sup-F (over the grid) under the straight line.
  const double observed = sup_f(line.rss, p.rss[p.best], dof);
  const double sigma = std::sqrt(line.rss / line.dof);
  const Eigen::VectorXd fitted = straight * line.coef;
  Rng rng(seed);
  std::uint64_t extreme = 0;
  Eigen::VectorXd simulated(n);
  for (std::uint64_t r = 0; r < resamples; ++r) {
    for (Eigen::Index i = 0; i < n; ++i)
      simulated[i] = fitted[i] + sigma / std::sqrt(d.w[i]) * standard_normal(rng);
    const LinearFit null_line = weighted_least_squares(straight, simulated, d.w);
    const Profile q = profile(d, simulated, candidates);
    if (sup_f(null_line.rss, q.rss[q.best], dof) >= observed) ++extreme;
  }
  fit.f_p_value = static_cast<double>(1 + extreme) / static_cast<double>(1 + resamples);
  return fit;
}

}  // namespace gapcheck::stats
