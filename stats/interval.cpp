#include "stats/interval.hpp"

#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gapcheck::stats {

double t_critical(double dof, double level) {
  if (!(level > 0 && level < 1)) throw std::invalid_argument("level=" + std::to_string(level));
  const double upper_tail = (1 - level) / 2;
  if (std::isinf(dof))
    return boost::math::quantile(boost::math::complement(boost::math::normal(), upper_tail));
  if (!(dof > 0)) throw std::invalid_argument("degrees of freedom=" + std::to_string(dof));
  return boost::math::quantile(boost::math::complement(boost::math::students_t(dof), upper_tail));
}

// The exact interval is the pair of Beta quantiles that invert the two one-sided binomial tests
// (Clopper & Pearson 1934; Brown, Cai & DasGupta 2001, eq. (5)).
Interval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double level) {
  if (trials == 0 || successes > trials)
    throw std::invalid_argument("clopper_pearson: successes=" + std::to_string(successes) +
                                " trials=" + std::to_string(trials));
  if (!(level > 0 && level < 1))
    throw std::invalid_argument("clopper_pearson: level=" + std::to_string(level));
  const double alpha = 1 - level;
  const double x = static_cast<double>(successes);
  const double n = static_cast<double>(trials);
  Interval out{0, 1};
  if (successes > 0)
    out.lo = boost::math::quantile(boost::math::beta_distribution<>(x, n - x + 1), alpha / 2);
  if (successes < trials)
    out.hi = boost::math::quantile(
        boost::math::complement(boost::math::beta_distribution<>(x + 1, n - x), alpha / 2));
  return out;
}

}  // namespace gapcheck::stats
