// Ranking candidate shapes f for gap ≈ a·f(x) + c.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stats/interval.hpp"

namespace gapcheck::stats {

// The variables of a grid point: "n", "m", "g", "b", "beta", "d", "sigma", ...
using Vars = std::map<std::string, double>;

struct Shape {
  std::string name;
  std::function<double(const Vars&)> f;
};

// Every shape the claims may name (log log n, ln n, sqrt(ln n), g, b/n, 1, ...).
const std::vector<Shape>& known_shapes();
// Throws InputError for an unknown name, listing the known ones.
const Shape& shape(std::string_view name);
// A shape's name as a reader should see it: catalogs name shapes in ASCII with "log" for the
// natural logarithm ("log2 log n"), which stays their name; figures and tables print
// "log₂ ln n", √ and Greek letters.
std::string display_name(std::string_view name);

// One grid point: the mean of `runs` replicate values and its standard error.
struct Point {
  Vars x;
  double mean = 0;
  double se = 0;
  std::uint64_t runs = 0;
};

struct ShapeFit {
  std::string shape;
  double a = 0;
  Interval a_ci;
  double c = 0;
  Interval c_ci;
  double chi2 = 0;     // Σ ((mean − a·f − c)/se)²
  double dof = 0;      // points − parameters
  double p_value = 0;  // P(χ²_dof ≥ chi2): the fit's goodness of fit
  double aic = 0;      // chi2 + 2·parameters
};

// Fits every shape by weighted least squares (weights 1/se²) and returns the fits best first
// (smallest AIC). The constant shape "1" fits c only; a shape constant over the grid is not
// identifiable and is left out. Needs at least 3 points with se > 0. Intervals at `level`:
// Student-t with dof, covariance (XᵀWX)⁻¹ inflated by max(1, chi2/dof).
std::vector<ShapeFit> rank_shapes(std::span<const Point> points, std::span<const Shape> shapes,
                                  double level);

}  // namespace gapcheck::stats
