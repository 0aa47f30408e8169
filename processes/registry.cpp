#include "processes/registry.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "processes/catalog.hpp"

namespace gapcheck {
namespace {

using Kind = ParamDef::Kind;

template <class Made>
struct Maker : Entry {
  std::function<Made(const Params&)> make;
};

ParamDef ties_param() {
  return {"ties", Kind::choice, "random", 0, 0, {"random", "index"},
          "tie rule: random = a uniform tied sample, index = the lowest tied bin index"};
}

TieRule tie_rule(const Params& p) {
  return p.choice("ties") == "index" ? TieRule::index : TieRule::random;
}

const std::vector<Maker<AnyProcess>>& processes() {
  static const std::vector<Maker<AnyProcess>> table = {
      {{"one-choice", "each ball goes to a uniform bin", "Azar et al. 1999; theory.md 1.1", {}},
       [](const Params&) -> AnyProcess { return OneChoice{}; }},
      {{"two-choice", "sample 2 bins uniformly, place in the lighter (d-choice with d=2)",
        "Azar et al. 1999; theory.md 1.2", {ties_param()}},
       [](const Params& p) -> AnyProcess { return DChoice{2, tie_rule(p)}; }},
      {{"d-choice", "Greedy[d]: sample d bins with replacement, place in the lightest",
        "Azar et al. 1999; Berenbrink et al. 2006; theory.md 1.2",
        {{"d", Kind::integer, "2", 1, 1024, {}, "number of samples"}, ties_param()}},
       [](const Params& p) -> AnyProcess {
         return DChoice{static_cast<std::uint32_t>(p.integer("d")), tie_rule(p)};
       }},
      {{"one-plus-beta", "with prob. beta a Two-Choice step, else a One-Choice step",
        "Peres, Talwar, Wieder 2015; theory.md 1.4",
        {{"beta", Kind::real, "0.5", 0, 1, {}, "probability of a Two-Choice step"},
         ties_param()}},
       [](const Params& p) -> AnyProcess { return OnePlusBeta{p.real("beta"), tie_rule(p)}; }},
  };
  return table;
}

const std::vector<Maker<AnySetting>>& settings() {
  static const std::vector<Maker<AnySetting>> table = {
      {{"exact", "the process sees the true loads; placements are visible at once",
        "theory.md 1", {}},
       [](const Params&) -> AnySetting { return ExactSetting{}; }},
  };
  return table;
}

const std::vector<Maker<Weights>>& weights() {
  static const std::vector<Maker<Weights>> table = {
      {{"unit", "every ball has weight 1", "theory.md 0", {}},
       [](const Params&) { return Weights{}; }},
      {{"exp", "i.i.d. Exp weights with the given mean", "Talwar, Wieder 2007; theory.md 5",
        {{"mean", Kind::real, "1", 1e-9, 1e9, {}, "mean weight"}}},
       [](const Params& p) { return Weights{Weights::Kind::exponential, p.real("mean"), 0}; }},
      {{"uniform", "i.i.d. weights uniform on [lo, hi]", "theory.md 7",
        {{"lo", Kind::real, "0", 0, 1e9, {}, "smallest weight"},
         {"hi", Kind::real, "2", 0, 1e9, {}, "largest weight (>= lo)"}}},
       [](const Params& p) {
         if (p.real("hi") < p.real("lo"))
           throw InputError("weights uniform: hi=" + format_real(p.real("hi")) +
                            " is below lo=" + format_real(p.real("lo")) + " (need lo <= hi)");
         return Weights{Weights::Kind::uniform, p.real("lo"), p.real("hi")};
       }},
  };
  return table;
}

template <class Made>
const Maker<Made>& find(const std::vector<Maker<Made>>& table, std::string_view kind,
                        const Spec& spec) {
  for (const auto& entry : table)
    if (entry.name == spec.name) return entry;
  std::string names;
  for (const auto& entry : table) names += (names.empty() ? "" : ", ") + entry.name;
  throw InputError("unknown " + std::string(kind) + " '" + spec.name + "' (known: " + names +
                   "; see gapcheck list)");
}

template <class Made>
std::vector<Entry> entries_of(const std::vector<Maker<Made>>& table) {
  return {table.begin(), table.end()};
}

}  // namespace

const std::vector<Entry>& process_entries() {
  static const std::vector<Entry> entries = entries_of(processes());
  return entries;
}
const std::vector<Entry>& setting_entries() {
  static const std::vector<Entry> entries = entries_of(settings());
  return entries;
}
const std::vector<Entry>& weight_entries() {
  static const std::vector<Entry> entries = entries_of(weights());
  return entries;
}

Composition compose(const Spec& process_spec, const Spec& setting_spec,
                    const Spec& weights_spec, std::uint64_t n) {
  const auto& process_entry = find(processes(), "process", process_spec);
  const auto& setting_entry = find(settings(), "setting", setting_spec);
  const auto& weights_entry = find(weights(), "weights", weights_spec);
  const Params process_params = bind_params("process", process_spec, process_entry.params, n);
  const Params setting_params = bind_params("setting", setting_spec, setting_entry.params, n);
  const Params weights_params = bind_params("weights", weights_spec, weights_entry.params, n);
  Composition c{process_entry.make(process_params),
                setting_entry.make(setting_params),
                weights_entry.make(weights_params),
                process_params.canonical,
                setting_params.canonical,
                weights_params.canonical};
  std::visit(
      [&](const auto& process, const auto& setting) {
        if (const auto why = refusal(process, setting, c.weights))
          throw InputError("process " + c.process_spec.str() + " with setting " +
                           c.setting_spec.str() + " and weights " + c.weights_spec.str() +
                           ": " + *why);
      },
      c.process, c.setting);
  return c;
}

Simulation make_simulation(const Spec& process_spec, const Spec& setting_spec,
                           const Spec& weights_spec, const RunConfig& config) {
  if (config.n == 0 || config.n >= (1ULL << 32))
    throw InputError("n=" + std::to_string(config.n) + " is outside the accepted range [1, 2^32)");
  const Composition c = compose(process_spec, setting_spec, weights_spec, config.n);
  if (c.weights.is_unit() && config.m >= (1ULL << 32))
    throw InputError("m=" + std::to_string(config.m) +
                     " is outside the accepted range [0, 2^32) for unit weights");
  Simulation simulation{c.process_spec, c.setting_spec, c.weights_spec, config, {}};
  const Weights w = c.weights;
  std::visit(
      [&](const auto& process, const auto& setting) {
        if (w.is_unit())
          simulation.run = [=](std::uint64_t seed, std::uint64_t replicate) {
            return run_once<std::uint32_t>(process, setting, w, config, seed, replicate);
          };
        else
          simulation.run = [=](std::uint64_t seed, std::uint64_t replicate) {
            return run_once<double>(process, setting, w, config, seed, replicate);
          };
      },
      c.process, c.setting);
  return simulation;
}

std::vector<RunResult> run_replicates(const Simulation& simulation, std::uint64_t seed,
                                      std::uint64_t first, std::uint64_t runs, unsigned threads) {
  std::vector<RunResult> results(runs);
  std::atomic<std::uint64_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    for (std::uint64_t k = next++; k < runs; k = next++) {
      try {
        results[k] = simulation.run(seed, first + k);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  threads = static_cast<unsigned>(std::clamp<std::uint64_t>(threads, 1, std::max<std::uint64_t>(runs, 1)));
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < threads; ++k) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
  return results;
}

}  // namespace gapcheck
