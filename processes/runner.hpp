// One setting type bound with every process: the per-run function behind make_simulation().
//
// Every (process, setting, load type) triple instantiates the whole per-ball loop, and with a
// dozen processes and eight setting types one translation unit holding them all takes minutes to
// compile. So runner_for<Setting> is only declared here; runner_impl.hpp defines it, and
// run_setting.cpp instantiates it for one alternative of AnySetting, compiled once per
// alternative (processes/CMakeLists.txt), so the instantiations build in parallel.
#pragma once

#include <cstdint>
#include <functional>

#include "processes/catalog.hpp"
#include "processes/core/engine.hpp"

namespace gapcheck {

using RunFunction = std::function<RunResult(std::uint64_t seed, std::uint64_t replicate)>;

template <class Setting>
RunFunction runner_for(const AnyProcess& process, const Setting& setting, const Weights& weights,
                       const RunConfig& config);

}  // namespace gapcheck
