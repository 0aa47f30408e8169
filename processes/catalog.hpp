// Every process and setting type, as variants: the closed set that the registry can dispatch
// over. Adding a process: its header, one alternative here, one entry in process_table.cpp.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "processes/core/weights.hpp"
#include "processes/d_choice.hpp"
#include "processes/first_diff.hpp"
#include "processes/left.hpp"
#include "processes/mixed_quantile.hpp"
#include "processes/one_choice.hpp"
#include "processes/one_plus_beta.hpp"
#include "processes/quantile.hpp"
#include "processes/settings/exact.hpp"

namespace gapcheck {

using AnyProcess = std::variant<OneChoice, DChoice, OnePlusBeta, Left, FirstDiff, Quantile,
                                MixedQuantile>;
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
