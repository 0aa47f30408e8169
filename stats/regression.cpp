#include "stats/regression.hpp"

#include <stdexcept>
#include <string>

namespace gapcheck::stats {

Interval LinearFit::coef_interval(int k, double level) const {
  if (k < 0 || k >= coef.size()) throw std::out_of_range("coefficient " + std::to_string(k));
  const double half = t_critical(dof, level) * std::sqrt(cov(k, k));
  return {coef[k] - half, coef[k] + half};
}

// Scaling the rows by √w turns weighted into ordinary least squares, which a column-pivoting
// Householder QR solves stably and whose rank it reports; the covariance is (XᵀWX)⁻¹·σ̂² with
// σ̂² = rss/dof, i.e. the weights only fix the relative variances.
LinearFit weighted_least_squares(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                 const Eigen::VectorXd& w) {
  if (X.rows() != y.size() || X.rows() != w.size())
    throw std::invalid_argument("weighted_least_squares: rows X=" + std::to_string(X.rows()) +
                                " y=" + std::to_string(y.size()) + " w=" + std::to_string(w.size()));
  if (X.rows() <= X.cols())
    throw std::invalid_argument("weighted_least_squares: " + std::to_string(X.rows()) +
                                " rows for " + std::to_string(X.cols()) + " coefficients");
  if ((w.array() <= 0).any() || !w.allFinite())
    throw std::invalid_argument("weighted_least_squares: a weight is not positive and finite");
  const Eigen::VectorXd root = w.array().sqrt();
  const Eigen::MatrixXd A = root.asDiagonal() * X;
  const Eigen::VectorXd b = root.asDiagonal() * y;
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(A);
  if (qr.rank() < X.cols())
    throw std::invalid_argument("weighted_least_squares: the columns of X are linearly dependent");
  LinearFit fit;
  fit.coef = qr.solve(b);
  fit.rss = (b - A * fit.coef).squaredNorm();
  fit.dof = static_cast<double>(X.rows() - X.cols());
  const Eigen::MatrixXd normal = A.transpose() * A;
  fit.unscaled_cov = normal.ldlt().solve(Eigen::MatrixXd::Identity(X.cols(), X.cols()));
  fit.cov = fit.unscaled_cov * (fit.rss / fit.dof);
  return fit;
}

}  // namespace gapcheck::stats
