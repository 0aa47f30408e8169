// The random draws behind bootstrap and permutation p-values: the project's one engine
// (processes/core/random.hpp), so that a seed fixes every resampled number on every platform.
#pragma once

#include <cstdint>
#include <span>
#include <utility>

#include "processes/core/random.hpp"

namespace gapcheck::stats::detail {

// Fisher–Yates shuffle.
template <class T>
void shuffle(Rng& rng, std::span<T> values) {
  for (std::size_t i = values.size(); i > 1; --i)
    std::swap(values[i - 1], values[bounded(rng, i)]);
}

}  // namespace gapcheck::stats::detail
