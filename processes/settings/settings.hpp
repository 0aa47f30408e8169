// The settings: a closed list, known here, unlike the processes (processes/register.hpp).
//
// A setting is part of the model, not a plug-in: the engine, the levels engine and the property
// checks know what each one bends, so adding one is a deliberate change to this list. Each
// setting type describes itself in its own header (`<name>_entries()`: names, definition,
// parameters, factory; one factory may pick among several types, as g-bounded picks its
// adversary); this header lists the types as the AnySetting variant that a registered process is
// compiled against, and the entries in the order `gapcheck list` prints them.
#pragma once

#include <variant>
#include <vector>

#include "processes/core/describe.hpp"
#include "processes/core/process.hpp"
#include "processes/core/weights.hpp"
#include "processes/settings/batch.hpp"
#include "processes/settings/delay.hpp"
#include "processes/settings/exact.hpp"
#include "processes/settings/g_bounded.hpp"
#include "processes/settings/g_myopic.hpp"
#include "processes/settings/sigma_noisy.hpp"

namespace gapcheck {

// g-Myopic is g-Bounded with the fair-coin adversary (GMyopicSetting), so it has no alternative
// of its own.
using AnySetting =
    std::variant<ExactSetting, GBoundedSetting<HeavierAdversary>, GBoundedSetting<RandomAdversary>,
                 GBoundedSetting<NearMaxAdversary>, SigmaNoisySetting, BatchSetting,
                 DelaySetting<AdversarialDelay>, DelaySetting<RandomDelay>>;

template <class... S>
constexpr bool all_settings(std::variant<S...>*) {
  return (Setting<S> && ...);
}
static_assert(all_settings(static_cast<AnySetting*>(nullptr)),
              "every setting keeps the Setting contract (core/process.hpp)");

const std::vector<Described<AnySetting>>& setting_table();  // settings.cpp
const std::vector<Described<Weights>>& weights_table();     // settings.cpp

}  // namespace gapcheck
