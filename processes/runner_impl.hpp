// The definition of runner_for (see runner.hpp): unit-weight runs use 32-bit integer loads,
// weighted runs doubles.
#pragma once

#include <variant>

#include "processes/runner.hpp"

namespace gapcheck {

template <class Setting>
RunFunction runner_for(const AnyProcess& any_process, const Setting& setting,
                       const Weights& weights, const RunConfig& config) {
  return std::visit(
      [&](const auto& process) -> RunFunction {
        if (weights.is_unit())
          return [=](std::uint64_t seed, std::uint64_t replicate) {
            return run_once<std::uint32_t>(process, setting, weights, config, seed, replicate);
          };
        return [=](std::uint64_t seed, std::uint64_t replicate) {
          return run_once<double>(process, setting, weights, config, seed, replicate);
        };
      },
      any_process);
}

}  // namespace gapcheck
