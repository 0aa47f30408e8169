// The boundary where text becomes a runnable simulation.
//
// The registry lists every process, setting and weight distribution with its parameters (this
// is what `gapcheck list` prints and what binding checks), and turns specs such as
// `two-choice` + `g-bounded:g=4` into a Simulation: a type-erased function from (seed,
// replicate) to a RunResult. Erasure costs one indirect call per run; inside a run everything is
// static. Processes register themselves (processes/register.hpp) and are listed sorted by name;
// settings and weights are the closed list of processes/settings/settings.hpp.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "processes/any_process.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/describe.hpp"
#include "processes/core/params.hpp"
#include "processes/core/spec.hpp"

namespace gapcheck {

const std::vector<Entry>& process_entries();
const std::vector<Entry>& setting_entries();
const std::vector<Entry>& weight_entries();

// A process, a setting and weights, bound and checked, with their canonical specs. The process
// is type-erased (AnyProcess: run it through run_once, or ask its choose() through a
// DynamicOracle); the setting is a variant over the closed list of setting types.
struct Composition {
  AnyProcess process;
  AnySetting setting;
  Weights weights;
  Spec process_spec;  // canonical: every key with its value
  Spec setting_spec;
  Spec weights_spec;
};

// Throws InputError (one line naming the bad value) for unknown names, bad keys or values, and
// combinations that are not defined. n resolves counts such as b=10n.
Composition compose(const Spec& process, const Spec& setting, const Spec& weights,
                    std::uint64_t n);

struct Simulation {
  Spec process;  // canonical: every key with its value
  Spec setting;
  Spec weights;
  RunConfig config;
  std::function<RunResult(std::uint64_t seed, std::uint64_t replicate)> run;
  // Memory one run holds at its peak (the loads, the setting's state such as a batch's snapshot
  // or a delay window, the final histogram): what a thread needs, estimated before running.
  std::uint64_t bytes_per_run = 0;
};

// The results version of this program's runs, by which the run store keys its rows:
// kResultsVersion (core/version.hpp), which covers gapcheck's own processes, and in a program that
// registers a process of its own (a variant, docs/NEW_PROCESS.md) also a digest of the program's
// file: a variant's code is not covered by kResultsVersion, so the runs of one build of it are
// never read back as runs of another.
const std::string& results_version();

// The engines that run `process` (its default parameters) under `setting` with `weights`: bins
// always, levels and bulk where they support the composition (docs/engines.md).
std::vector<Engine> engines_for(const Spec& process, const Spec& setting, const Spec& weights);

// The engine a name gives (`auto`, `bins`, `levels`, `bulk`); InputError naming the key `what`
// and the bad value otherwise.
Engine parse_engine(std::string_view text, std::string_view what = "engine");

// The bins an engine holds: n < 2^32 on `bins` (a 32-bit index), n < 2^48 on the levels engine,
// which `automatic` may choose.
std::uint64_t max_n(Engine engine);

// compose(), plus checks of n and m, erased into a runnable Simulation. config.engine is the
// engine asked for; the Simulation's config holds the one resolved (bins or levels). Asking for
// levels with a composition it does not support throws InputError naming the reason.
Simulation make_simulation(const Spec& process, const Spec& setting, const Spec& weights,
                           const RunConfig& config);

// Runs replicates [first, first + runs) of `simulation` on `threads` threads; the results are in
// replicate order and do not depend on `threads`.
std::vector<RunResult> run_replicates(const Simulation& simulation, std::uint64_t seed,
                                      std::uint64_t first, std::uint64_t runs, unsigned threads);

}  // namespace gapcheck
