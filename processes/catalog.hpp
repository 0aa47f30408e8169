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
#include "processes/memory.hpp"
#include "processes/mixed_quantile.hpp"
#include "processes/one_choice.hpp"
#include "processes/one_plus_beta.hpp"
#include "processes/packing.hpp"
#include "processes/quantile.hpp"
#include "processes/settings/batch.hpp"
#include "processes/settings/delay.hpp"
#include "processes/settings/exact.hpp"
#include "processes/settings/g_bounded.hpp"
#include "processes/settings/g_myopic.hpp"
#include "processes/settings/sigma_noisy.hpp"
#include "processes/thinning.hpp"
#include "processes/twinning.hpp"

namespace gapcheck {

using AnyProcess = std::variant<OneChoice, DChoice, OnePlusBeta, Left, FirstDiff, Quantile,
                                MixedQuantile, Thinning, Twinning, Packing, Memory>;
// g-Myopic is g-Bounded with the fair-coin adversary (GMyopicSetting), so it has no alternative
// of its own.
using AnySetting =
    std::variant<ExactSetting, GBoundedSetting<HeavierAdversary>, GBoundedSetting<RandomAdversary>,
                 GBoundedSetting<NearMaxAdversary>, SigmaNoisySetting, BatchSetting,
                 DelaySetting<AdversarialDelay>, DelaySetting<RandomDelay>>;

// Why a process cannot run in a setting with these weights, or nothing if it can. Overloads for
// specific pairs go beside the process or setting that needs them.
template <class Process, class Setting>
std::optional<std::string> refusal(const Process&, const Setting&, const Weights& weights) {
  if (needs_levels_v<Process> && !weights.is_unit())
    return "needs unit weights (it ranks bins by integer load levels)";
  // A process that only makes sense for unit weights says why in `unit_weights_only`.
  if constexpr (requires { Process::unit_weights_only; })
    if (!weights.is_unit()) return std::string("needs unit weights: ") + Process::unit_weights_only;
  return std::nullopt;
}

}  // namespace gapcheck
