// Every process and setting type, as variants: the closed set that the registry can dispatch
// over. Adding a process: its header, one alternative here, one entry in registry.cpp.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "processes/core/weights.hpp"
#include "processes/d_choice.hpp"
#include "processes/one_choice.hpp"
#include "processes/one_plus_beta.hpp"
#include "processes/settings/exact.hpp"

namespace gapcheck {

using AnyProcess = std::variant<OneChoice, DChoice, OnePlusBeta>;
using AnySetting = std::variant<ExactSetting>;

// Why a process cannot run in a setting with these weights, or nothing if it can. Overloads for
// specific pairs go beside the process or setting that needs them.
template <class Process, class Setting>
std::optional<std::string> refusal(const Process&, const Setting&, const Weights& weights) {
  if (needs_levels_v<Process> && !weights.is_unit())
    return "needs unit weights (it ranks bins by integer load levels)";
  return std::nullopt;
}

}  // namespace gapcheck
