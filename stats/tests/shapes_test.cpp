// Shape ranking: exact recovery on noiseless data, the true form first on noisy data, and the
// wrong form rejected (it ranks below the truth and its χ² p-value is tiny).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "processes/core/random.hpp"
#include "processes/core/spec.hpp"
#include "stats/shapes.hpp"

namespace gapcheck::stats {
namespace {

// Means a·f(n) + c over n = 2^8, 2^10, ..., 2^24 with standard error `se` and Gaussian noise.
std::vector<Point> grid(const Shape& truth, double a, double c, double se, Rng* rng) {
  std::vector<Point> points;
  for (int k = 8; k <= 24; k += 2) {
    Point p;
    p.x = {{"n", std::ldexp(1.0, k)}};
    p.mean = a * truth.f(p.x) + c + (rng ? se * standard_normal(*rng) : 0.0);
    p.se = se;
    p.runs = 100;
    points.push_back(p);
  }
  return points;
}

std::vector<Shape> rivals() {
  std::vector<Shape> out;
  for (const char* name : {"log n", "sqrt(log n)", "log log n", "log n/log log n", "1"})
    out.push_back(shape(name));
  return out;
}

TEST(Shapes, KnownNamesEvaluateAndUnknownNamesAreRejected) {
  const Vars x{{"n", 65536}, {"m", 131072}, {"g", 4}, {"b", 65536}, {"beta", 0.5}, {"d", 2}};
  // Closed forms: ln 65536 = 16 ln 2 = 11.0903548889591.
  EXPECT_NEAR(shape("log n").f(x), 11.0903548889591, 1e-12);
  EXPECT_NEAR(shape("sqrt((m/n) log n)").f(x), std::sqrt(2 * 11.0903548889591), 1e-12);
  EXPECT_NEAR(shape("log n/beta").f(x), 2 * 11.0903548889591, 1e-12);
  EXPECT_NEAR(shape("b/n").f(x), 1, 0);
  // φ_2 is the golden ratio: 1/(2 ln φ) = 1.0390 (Vöcking, J. ACM 2003; docs/theory.md).
  EXPECT_NEAR(shape("log log n/(d log phi_d)").f(x) / std::log(11.0903548889591),
              1 / (2 * std::log((1 + std::sqrt(5.0)) / 2)), 1e-9);
  EXPECT_THROW(shape("n^2"), InputError);
  EXPECT_THROW(shape("g").f({{"n", 4}}), InputError);  // g missing
  try {
    shape("n^2");
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'log log n'"), std::string::npos) << e.what();
  }
}

// The names keep "log" for ln (catalogs use them); what a reader sees says ln, log₂ where the
// shape computes log₂, and √ / Greek letters.
TEST(Shapes, DisplayNamesSayLnForTheNaturalLogarithm) {
  EXPECT_EQ(display_name("log2 log n"), "log₂ ln n");
  EXPECT_EQ(display_name("log n/log log n"), "ln n/ln ln n");
  EXPECT_EQ(display_name("sqrt((m/n) log n)"), "√((m/n) ln n)");
  EXPECT_EQ(display_name("log log n/(d log phi_d)"), "ln ln n/(d ln φ_d)");
  EXPECT_EQ(display_name("log n/beta"), "ln n/β");
  EXPECT_EQ(display_name("b/n + log n"), "b/n + ln n");
  EXPECT_EQ(display_name("1"), "1");
  // Every known shape that computes a natural logarithm is shown without "log " but with "ln".
  for (const Shape& s : known_shapes()) {
    if (s.name.find("log ") == std::string::npos || s.name.find("log2") != std::string::npos) continue;
    EXPECT_EQ(display_name(s.name).find("log"), std::string::npos) << s.name;
  }
}

TEST(RankShapes, RecoversExactCoefficients) {
  const auto points = grid(shape("log log n"), 1.4427, 0.5, 0.01, nullptr);
  const auto fits = rank_shapes(points, rivals(), 0.95);
  ASSERT_FALSE(fits.empty());
  EXPECT_EQ(fits.front().shape, "log log n");
  EXPECT_NEAR(fits.front().a, 1.4427, 1e-9);
  EXPECT_NEAR(fits.front().c, 0.5, 1e-9);
  EXPECT_NEAR(fits.front().chi2, 0, 1e-12);
  EXPECT_EQ(fits.front().dof, 7);  // 9 points, 2 parameters
  EXPECT_NEAR(fits.front().aic, 4, 1e-9);
}

TEST(RankShapes, IgnoresAShapeConstantOnTheGrid) {
  std::vector<Point> with_g = grid(shape("log n"), 1, 0, 0.05, nullptr);
  for (Point& p : with_g) p.x["g"] = 3;  // a grid over n at fixed g: "g" cannot be fitted
  const auto fits = rank_shapes(with_g, std::vector<Shape>{shape("g"), shape("log n")}, 0.95);
  ASSERT_EQ(fits.size(), 1u);
  EXPECT_EQ(fits.front().shape, "log n");
}

// Over 200 noisy data sets from `truth`, how often does `claimed` rank first, fit acceptably
// (p ≥ 0.01), and have an interval for a covering `a`?
struct Outcome {
  int first = 0, acceptable = 0, covered = 0;
};
Outcome rerun(const char* truth, const char* claimed, double a, std::uint64_t seed) {
  Rng rng(seed);
  Outcome out;
  for (int trial = 0; trial < 200; ++trial) {
    const auto points = grid(shape(truth), a, 0.7, 0.05, &rng);
    const auto fits = rank_shapes(points, rivals(), 0.95);
    out.first += fits.front().shape == claimed;
    for (const ShapeFit& fit : fits)
      if (fit.shape == claimed) {
        out.acceptable += fit.p_value >= 0.01;
        out.covered += fit.a_ci.contains(a);
      }
  }
  return out;
}

TEST(RankShapes, PrefersTheTrueFormLogN) {
  // Data from 1.5·ln n + 0.7 with se 0.05. The χ² test of the true form fails at 1 % by chance:
  // ≥ 190 acceptable of 200 (P(Binomial(200, 0.99) < 190) = 7e-6, R: pbinom(189, 200, 0.99)).
  // The 95 % interval for a covers 1.5 in ≥ 180 of 200 (P(Binomial(200, 0.95) < 180) = 0.0012,
  // R: pbinom(179, 200, 0.95)).
  const Outcome o = rerun("log n", "log n", 1.5, 1);
  EXPECT_GE(o.first, 190);
  EXPECT_GE(o.acceptable, 190);
  EXPECT_GE(o.covered, 180);
}

TEST(RankShapes, RejectsLogNOnSqrtLogNData) {
  // Data from 3·sqrt(ln n) + 0.7: the best straight line in ln n leaves residuals up to 0.23
  // and χ² = 57 on 7 dof before noise (R: u <- log(2^seq(8, 24, 2)); sum(resid(lm(3 *
  // sqrt(u) ~ u))^2) / 0.05^2), so "log n" must neither rank first nor fit.
  const Outcome o = rerun("sqrt(log n)", "log n", 3, 2);
  EXPECT_EQ(o.first, 0);
  EXPECT_EQ(o.acceptable, 0);
  const Outcome truth = rerun("sqrt(log n)", "sqrt(log n)", 3, 2);
  EXPECT_GE(truth.first, 190);
}

TEST(RankShapes, RejectsPointsWithoutAStandardError) {
  auto points = grid(shape("log n"), 1, 0, 0.05, nullptr);
  points[3].se = 0;
  EXPECT_THROW(rank_shapes(points, rivals(), 0.95), std::invalid_argument);
}

}  // namespace
}  // namespace gapcheck::stats
