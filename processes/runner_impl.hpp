// The definition of runner_for (see runner.hpp): unit-weight runs use 32-bit integer loads,
// weighted runs doubles; runs on the levels engine (config.engine, resolved by make_simulation)
// keep the load histogram instead (core/levels.hpp), instantiated only for the pairs it supports.
#pragma once

#include <stdexcept>
#include <variant>

#include "processes/core/levels.hpp"
#include "processes/levels_support.hpp"
#include "processes/runner.hpp"

namespace gapcheck {

template <class Setting>
RunFunction runner_for(const AnyProcess& any_process, const Setting& setting,
                       const Weights& weights, const RunConfig& config) {
  return std::visit(
      [&](const auto& process) -> RunFunction {
        using Process = std::decay_t<decltype(process)>;
        if (config.engine == Engine::levels) {
          if constexpr (levels_pair_v<Process, Setting>)
            return [=](std::uint64_t seed, std::uint64_t replicate) {
              return run_once_on_levels(process, setting, weights, config, seed, replicate);
            };
          throw std::logic_error("levels engine asked for a composition it does not support");
        }
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
