// The fluid limits of docs/theory.md (Fluid limits) as one right-hand side per model, integrated
// by the classical fourth-order Runge–Kutta method. The state is s_1..s_L (s_0 ≡ 1 and s_{L+1} ≡ 0
// are boundary values), except for Left[d], whose state is the per-group fractions x_{j,i}.
// Truncating at L levels is harmless while s_L is negligible, which `levels` must ensure.
#include "stats/fluid_limit.hpp"

#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

namespace gapcheck::stats {
namespace {

using State = std::vector<double>;
using Derivative = std::function<void(const State&, State&)>;

// Bins of load exactly j receive balls at rate r_j (per unit time t = balls/n); then
// ds_{j+1}/dt = r_j. `q` is q_0..q_L with q_j = s_j − s_{j+1}.
void loads_from_rates(const State& s, State& ds, const std::function<double(int, const State&)>& rate,
                      int levels) {
  State q(static_cast<std::size_t>(levels) + 1);
  for (int j = 0; j <= levels; ++j)
    q[static_cast<std::size_t>(j)] = (j == 0 ? 1.0 : s[static_cast<std::size_t>(j - 1)]) -
                                     (j == levels ? 0.0 : s[static_cast<std::size_t>(j)]);
  for (int j = 0; j < levels; ++j) ds[static_cast<std::size_t>(j)] = rate(j, q);
}

Derivative derivative(const FluidModel& model, int levels) {
  const auto L = static_cast<std::size_t>(levels);
  // s(i) with the boundary values; the state vector holds s_1..s_L at 0..L−1.
  const auto at = [L](const State& s, std::size_t i) {
    return i == 0 ? 1.0 : (i > L ? 0.0 : s[i - 1]);
  };
  switch (model.kind) {
    case FluidModel::Kind::one_choice:
    case FluidModel::Kind::greedy: {
      const double d = model.kind == FluidModel::Kind::one_choice ? 1 : model.d;
      return [=](const State& s, State& ds) {
        for (std::size_t i = 1; i <= L; ++i)
          ds[i - 1] = std::pow(at(s, i - 1), d) - std::pow(at(s, i), d);
      };
    }
    case FluidModel::Kind::one_plus_beta: {
      const double beta = model.beta;
      return [=](const State& s, State& ds) {
        for (std::size_t i = 1; i <= L; ++i) {
          const double before = at(s, i - 1), here = at(s, i);
          ds[i - 1] = (1 - beta) * (before - here) + beta * (before * before - here * here);
        }
      };
    }
    case FluidModel::Kind::thinning_absolute: {
      const auto l = static_cast<std::size_t>(model.threshold);
      return [=](const State& s, State& ds) {
        const double rejected = at(s, l);
        for (std::size_t i = 1; i <= L; ++i)
          ds[i - 1] = (at(s, i - 1) - at(s, i)) * ((i - 1 < l ? 1.0 : 0.0) + rejected);
      };
    }
    case FluidModel::Kind::g_myopic: {
      const int g = model.g;
      return [=](const State& s, State& ds) {
        loads_from_rates(s, ds, [&](int j, const State& q) {
          const auto near = static_cast<std::size_t>(std::max(0, j - g));
          const auto far = static_cast<std::size_t>(j + g + 1);
          return 2 * q[static_cast<std::size_t>(j)] * ((at(s, near) - at(s, far)) / 2 + at(s, far));
        }, levels);
      };
    }
    case FluidModel::Kind::sigma_noisy: {
      // Φ((k − j)/(σ√2)): the chance that the noisy comparison prefers load j to load k.
      State preference(2 * L + 1);
      const boost::math::normal normal;
      for (std::size_t k = 0; k < preference.size(); ++k)
        preference[k] = boost::math::cdf(
            normal, (static_cast<double>(k) - static_cast<double>(L)) / (model.sigma * std::sqrt(2.0)));
      return [=](const State& s, State& ds) {
        loads_from_rates(s, ds, [&](int j, const State& q) {
          double sum = 0;
          for (std::size_t k = 0; k < q.size(); ++k)
            sum += q[k] * preference[k + L - static_cast<std::size_t>(j)];
          return 2 * q[static_cast<std::size_t>(j)] * sum;
        }, levels);
      };
    }
    case FluidModel::Kind::left: {
      // State: x_{j,i} at (j−1)·L + (i−1), j = 1..d groups, i = 1..L.
      const auto d = static_cast<std::size_t>(model.d);
      return [=](const State& x, State& dx) {
        const auto group = [&](std::size_t j, std::size_t i) {
          return i == 0 ? 1.0 : (i > L ? 0.0 : x[j * L + i - 1]);
        };
        for (std::size_t i = 1; i <= L; ++i)
          for (std::size_t j = 0; j < d; ++j) {
            double rate = static_cast<double>(d) * (group(j, i - 1) - group(j, i));
            for (std::size_t k = 0; k < j; ++k) rate *= group(k, i);
            for (std::size_t k = j + 1; k < d; ++k) rate *= group(k, i - 1);
            dx[j * L + i - 1] = rate;
          }
      };
    }
  }
  throw std::invalid_argument("fluid_limit: unknown model");
}

void check(const FluidModel& model, double t, double h, int levels) {
  const auto fail = [](const std::string& what) {
    throw std::invalid_argument("fluid_limit: " + what);
  };
  if (!(t >= 0) || !std::isfinite(t)) fail("t=" + std::to_string(t));
  if (!(h > 0)) fail("h=" + std::to_string(h));
  if (levels < 1) fail("levels=" + std::to_string(levels));
  using Kind = FluidModel::Kind;
  if ((model.kind == Kind::greedy || model.kind == Kind::left) && model.d < 1)
    fail("d=" + std::to_string(model.d));
  if (model.kind == Kind::one_plus_beta && !(model.beta >= 0 && model.beta <= 1))
    fail("beta=" + std::to_string(model.beta));
  if (model.kind == Kind::thinning_absolute && (model.threshold < 0 || model.threshold > levels))
    fail("threshold=" + std::to_string(model.threshold));
  if (model.kind == Kind::g_myopic && model.g < 0) fail("g=" + std::to_string(model.g));
  if (model.kind == Kind::sigma_noisy && !(model.sigma > 0))
    fail("sigma=" + std::to_string(model.sigma));
}

}  // namespace

std::vector<double> fluid_limit(const FluidModel& model, double t, double h, int levels) {
  check(model, t, h, levels);
  const Derivative f = derivative(model, levels);
  const auto L = static_cast<std::size_t>(levels);
  const std::size_t groups = model.kind == FluidModel::Kind::left ? static_cast<std::size_t>(model.d) : 1;
  State y(groups * L, 0.0), k1(y.size()), k2(y.size()), k3(y.size()), k4(y.size()), tmp(y.size());
  const auto steps = static_cast<std::uint64_t>(std::ceil(t / h - 1e-9));
  const double step = steps == 0 ? 0 : t / static_cast<double>(steps);  // land exactly on t
  for (std::uint64_t n = 0; n < steps; ++n) {
    f(y, k1);
    for (std::size_t i = 0; i < y.size(); ++i) tmp[i] = y[i] + step / 2 * k1[i];
    f(tmp, k2);
    for (std::size_t i = 0; i < y.size(); ++i) tmp[i] = y[i] + step / 2 * k2[i];
    f(tmp, k3);
    for (std::size_t i = 0; i < y.size(); ++i) tmp[i] = y[i] + step * k3[i];
    f(tmp, k4);
    for (std::size_t i = 0; i < y.size(); ++i)
      y[i] += step / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  std::vector<double> s(L + 1, 0.0);
  s[0] = 1;
  for (std::size_t j = 0; j < groups; ++j)
    for (std::size_t i = 1; i <= L; ++i) s[i] += y[j * L + i - 1] / static_cast<double>(groups);
  return s;
}

}  // namespace gapcheck::stats
