// Weighted least squares against R's lm(weights = ).
#include <gtest/gtest.h>

#include <stdexcept>

#include "stats/regression.hpp"

namespace gapcheck::stats {
namespace {

TEST(WeightedLeastSquares, MatchesR) {
  // R: x <- 1:6; y <- c(2.1, 3.9, 6.2, 7.8, 10.1, 12.2); w <- c(1, 2, 1, 0.5, 1, 2)
  //    f <- lm(y ~ x, weights = w); coef(f); vcov(f); sum(w * resid(f)^2); confint(f, level = 0.9)
  Eigen::MatrixXd X(6, 2);
  Eigen::VectorXd y(6), w(6);
  y << 2.1, 3.9, 6.2, 7.8, 10.1, 12.2;
  w << 1, 2, 1, 0.5, 1, 2;
  for (int i = 0; i < 6; ++i) X.row(i) << 1, i + 1;
  const LinearFit fit = weighted_least_squares(X, y, w);
  EXPECT_NEAR(fit.coef[0], -0.0728682170542665, 1e-12);
  EXPECT_NEAR(fit.coef[1], 2.0387596899224811, 1e-12);
  EXPECT_NEAR(fit.cov(0, 0), 0.01714800793221550, 1e-12);
  EXPECT_NEAR(fit.cov(0, 1), -0.00376419686316926, 1e-12);
  EXPECT_NEAR(fit.cov(1, 1), 0.00104561023976924, 1e-12);
  EXPECT_NEAR(fit.rss, 0.107906976744185, 1e-12);
  EXPECT_EQ(fit.dof, 4);
  const Interval slope = fit.coef_interval(1, 0.9);
  EXPECT_NEAR(slope.lo, 1.969824511656058, 1e-10);
  EXPECT_NEAR(slope.hi, 2.107694868188905, 1e-10);
  const Interval intercept = fit.coef_interval(0, 0.9);
  EXPECT_NEAR(intercept.lo, -0.352034411932922, 1e-10);
  EXPECT_NEAR(intercept.hi, 0.206297977824388, 1e-10);
}

TEST(WeightedLeastSquares, RejectsDependentColumnsAndBadWeights) {
  Eigen::MatrixXd X(4, 2);
  X << 1, 2, 1, 2, 1, 2, 1, 2;  // second column = 2 × first
  const Eigen::VectorXd y = Eigen::VectorXd::LinSpaced(4, 0, 3);
  EXPECT_THROW(weighted_least_squares(X, y, Eigen::VectorXd::Ones(4)), std::invalid_argument);
  X.col(1) << 1, 2, 3, 4;
  Eigen::VectorXd w = Eigen::VectorXd::Ones(4);
  w[2] = -1;
  EXPECT_THROW(weighted_least_squares(X, y, w), std::invalid_argument);
  EXPECT_THROW(weighted_least_squares(X.topRows(2), y.head(2), w.head(2)), std::invalid_argument);
}

}  // namespace
}  // namespace gapcheck::stats
