// Weighted least squares on Eigen.
#pragma once

#include <Eigen/Dense>

#include "stats/interval.hpp"

namespace gapcheck::stats {

// The fit of y ≈ X·coef with weights w (w_i = 1/Var(y_i) up to a common factor).
struct LinearFit {
  Eigen::VectorXd coef;
  Eigen::MatrixXd cov;            // estimated covariance of coef: (XᵀWX)⁻¹ · rss/dof
  Eigen::MatrixXd unscaled_cov;   // (XᵀWX)⁻¹: the covariance when w_i = 1/Var(y_i) exactly
  double rss = 0;       // weighted residual sum of squares Σ w_i (y_i − x_iᵀcoef)²
  double dof = 0;       // rows − columns
  // Student-t interval for coef[k] at `level` (e.g. 0.95), with dof degrees of freedom.
  Interval coef_interval(int k, double level) const;
};

// Throws std::invalid_argument when the sizes disagree, a weight is not positive, there are no more
// rows than columns, or X is rank-deficient.
LinearFit weighted_least_squares(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                 const Eigen::VectorXd& w);

}  // namespace gapcheck::stats
