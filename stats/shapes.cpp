// Shapes are data: a name and a function of the grid variables, so that a claim names its form
// and its rivals as strings and the ranking treats every shape alike. Every fit is the same
// weighted least squares (stats/regression.hpp) on the columns (f(x), 1), or (1) for the
// constant shape, and the ranking is by AIC = χ² + 2k so that the constant (k = 1) competes
// fairly with the two-parameter shapes.
#include "stats/shapes.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/tools/roots.hpp>
#include <cctype>
#include <cmath>
#include <limits>

#include "processes/core/spec.hpp"
#include "stats/regression.hpp"

namespace gapcheck::stats {
namespace {

double var(const Vars& x, const std::string& key, std::string_view shape_name) {
  const auto it = x.find(key);
  if (it == x.end())
    throw InputError("shape '" + std::string(shape_name) + "' needs the variable " + key);
  return it->second;
}

// φ_d: the root in (1, 2) of x^d = x^{d−1} + … + 1 (Vöcking, J. ACM 2003), for Left[d]; defined
// for integer d ≥ 2 only (a figure drawing a form between grid points asks only where it is
// defined).
double generalized_golden_ratio(double d) {
  if (!(d >= 2) || d != std::floor(d))
    throw InputError("shape φ_d needs an integer d >= 2, not d = " + std::to_string(d));
  const auto excess = [d](double x) {
    double sum = 0;
    for (int k = 0; k < static_cast<int>(d); ++k) sum += std::pow(x, k);
    return std::pow(x, d) - sum;
  };
  boost::math::tools::eps_tolerance<double> tolerance(50);
  std::uintmax_t iterations = 200;
  const auto [lo, hi] = boost::math::tools::bisect(excess, 1.0 + 1e-12, 2.0, tolerance, iterations);
  return (lo + hi) / 2;
}

std::vector<Shape> make_shapes() {
  std::vector<Shape> shapes;
  const auto add = [&](std::string name, auto f) {
    Shape s{name, nullptr};
    s.f = [f, name](const Vars& x) { return f([&](const char* key) { return var(x, key, name); }); };
    shapes.push_back(std::move(s));
  };
  using std::log, std::sqrt;
  add("1", [](auto) { return 1.0; });
  add("log log n", [](auto v) { return log(log(v("n"))); });
  add("log2 log n", [](auto v) { return std::log2(log(v("n"))); });
  add("log n/log log n", [](auto v) { return log(v("n")) / log(log(v("n"))); });
  add("log n", [](auto v) { return log(v("n")); });
  add("sqrt(log n)", [](auto v) { return sqrt(log(v("n"))); });
  add("sqrt((m/n) log n)", [](auto v) { return sqrt(v("m") / v("n") * log(v("n"))); });
  add("m/n", [](auto v) { return v("m") / v("n"); });
  add("sqrt(m/n)", [](auto v) { return sqrt(v("m") / v("n")); });
  add("log log n/log d", [](auto v) { return log(log(v("n"))) / log(v("d")); });
  add("log log n/(d log phi_d)",
      [](auto v) { return log(log(v("n"))) / (v("d") * log(generalized_golden_ratio(v("d")))); });
  add("g", [](auto v) { return v("g"); });
  add("(g/log g) log log n",
      [](auto v) { return v("g") / std::max(1.0, log(v("g"))) * log(log(v("n"))); });
  add("g + log n", [](auto v) { return v("g") + log(v("n")); });
  add("b/n", [](auto v) { return v("b") / v("n"); });
  add("n log n", [](auto v) { return v("n") * log(v("n")); });  // a scale along b, not a gap
  add("sqrt((b/n) log n)", [](auto v) { return sqrt(v("b") / v("n") * log(v("n"))); });
  add("b/n + log n", [](auto v) { return v("b") / v("n") + log(v("n")); });
  add("log n/beta", [](auto v) { return log(v("n")) / v("beta"); });
  add("1/beta", [](auto v) { return 1 / v("beta"); });
  add("sigma", [](auto v) { return v("sigma"); });
  return shapes;
}

}  // namespace

const std::vector<Shape>& known_shapes() {
  static const std::vector<Shape> shapes = make_shapes();
  return shapes;
}

const Shape& shape(std::string_view name) {
  for (const Shape& s : known_shapes())
    if (s.name == name) return s;
  std::string known;
  for (const Shape& s : known_shapes()) known += (known.empty() ? "'" : ", '") + s.name + "'";
  throw InputError("unknown shape '" + std::string(name) + "'; known: " + known);
}

std::string display_name(std::string_view name) {
  // Whole words only: "log" inside "log2" is the binary logarithm, not ln.
  static const std::vector<std::pair<std::string_view, std::string_view>> words = {
      {"log2", "log₂"}, {"log", "ln"}, {"sqrt", "√"}, {"beta", "β"},
      {"sigma", "σ"},   {"phi_d", "φ_d"}};
  std::string out;
  for (std::size_t i = 0; i < name.size();) {
    if (!std::isalnum(static_cast<unsigned char>(name[i]))) {
      out += name[i++];
      continue;
    }
    std::size_t end = i;
    while (end < name.size() &&
           (std::isalnum(static_cast<unsigned char>(name[end])) || name[end] == '_'))
      ++end;
    const std::string_view word = name.substr(i, end - i);
    const auto it = std::find_if(words.begin(), words.end(),
                                 [&](const auto& w) { return w.first == word; });
    out += it == words.end() ? word : it->second;
    i = end;
  }
  return out;
}

std::vector<ShapeFit> rank_shapes(std::span<const Point> points, std::span<const Shape> shapes,
                                  double level) {
  const auto rows = static_cast<Eigen::Index>(points.size());
  Eigen::VectorXd y(rows), w(rows);
  for (Eigen::Index i = 0; i < rows; ++i) {
    const Point& p = points[static_cast<std::size_t>(i)];
    if (!(p.se > 0) || !std::isfinite(p.se))
      throw std::invalid_argument("rank_shapes: standard error " + std::to_string(p.se) +
                                  " at point " + std::to_string(i) + "; it must be positive");
    y[i] = p.mean;
    w[i] = 1 / (p.se * p.se);
  }
  std::vector<ShapeFit> fits;
  for (const Shape& s : shapes) {
    const bool constant = s.name == "1";
    Eigen::MatrixXd X(rows, constant ? 1 : 2);
    for (Eigen::Index i = 0; i < rows; ++i) {
      X(i, X.cols() - 1) = 1;
      if (!constant) X(i, 0) = s.f(points[static_cast<std::size_t>(i)].x);
    }
    if (!X.allFinite())
      throw std::invalid_argument("rank_shapes: shape '" + s.name + "' is not finite on the grid");
    // A shape constant over the grid cannot be told from the constant: it is not identifiable.
    if (!constant && X.col(0).maxCoeff() - X.col(0).minCoeff() <=
                         1e-12 * std::max(1.0, X.col(0).cwiseAbs().maxCoeff()))
      continue;
    const LinearFit lf = weighted_least_squares(X, y, w);
    ShapeFit fit;
    fit.shape = s.name;
    fit.chi2 = lf.rss;  // weights are 1/se², so the weighted RSS is χ²
    fit.dof = lf.dof;
    // The standard errors fix the scale: (XᵀWX)⁻¹ inflated by max(1, χ²/dof) (the PDG scale
    // factor), so a poor fit widens the interval and a lucky good one does not shrink it.
    const double scale = std::max(1.0, fit.chi2 / fit.dof);
    const double t = t_critical(fit.dof, level);
    const auto interval = [&](Eigen::Index k) {
      const double half = t * std::sqrt(lf.unscaled_cov(k, k) * scale);
      return Interval{lf.coef[k] - half, lf.coef[k] + half};
    };
    if (!constant) {
      fit.a = lf.coef[0];
      fit.a_ci = interval(0);
    }
    fit.c = lf.coef[X.cols() - 1];
    fit.c_ci = interval(X.cols() - 1);
    fit.p_value = boost::math::cdf(
        boost::math::complement(boost::math::chi_squared(fit.dof), fit.chi2));
    fit.aic = fit.chi2 + 2 * static_cast<double>(X.cols());
    fits.push_back(std::move(fit));
  }
  std::stable_sort(fits.begin(), fits.end(),
                   [](const ShapeFit& l, const ShapeFit& r) { return l.aic < r.aic; });
  return fits;
}

}  // namespace gapcheck::stats
