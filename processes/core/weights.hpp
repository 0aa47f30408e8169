// Ball weights. Orthogonal to processes and settings: a weight is drawn from the run's own
// weight stream when a ball is placed, so the choice of bins never depends on the weights drawn.
#pragma once

#include <cstdint>
#include <type_traits>

#include "processes/core/random.hpp"

namespace gapcheck {

struct Weights {
  enum class Kind { unit, exponential, uniform };
  Kind kind = Kind::unit;
  double a = 1.0;  // exponential: mean; uniform: lo
  double b = 1.0;  // uniform: hi

  bool is_unit() const { return kind == Kind::unit; }
};

template <class Load>
Load draw_weight(const Weights& weights, Rng& engine) {
  if constexpr (std::is_integral_v<Load>) {
    return Load{1};  // integer loads are only used with unit weights
  } else {
    switch (weights.kind) {
      case Weights::Kind::unit:
        return 1.0;
      case Weights::Kind::exponential:
        return weights.a * standard_exponential(engine);
      case Weights::Kind::uniform:
        return weights.a + (weights.b - weights.a) * uniform01(engine);
    }
    return 1.0;
  }
}

}  // namespace gapcheck
