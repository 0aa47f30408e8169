// RunResult as JSON: the store's text columns (load histogram, setting counts) and the message a
// worker sends back under MPI. Doubles are written with enough digits to read back bit for bit,
// so a result that went through JSON equals the one that was simulated.
#pragma once

#include <nlohmann/json.hpp>

#include "processes/core/engine.hpp"

namespace gapcheck::store {

using ordered_json = nlohmann::ordered_json;

ordered_json histogram_to_json(const LoadHistogram& histogram);
LoadHistogram histogram_from_json(const ordered_json& j);

// An object {name: count} in the setting's own order.
ordered_json counts_to_json(const SettingCounts& counts);
SettingCounts counts_from_json(const ordered_json& j);

ordered_json result_to_json(const RunResult& result);
RunResult result_from_json(const ordered_json& j);

}  // namespace gapcheck::store
