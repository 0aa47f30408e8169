#include "processes/registry.hpp"

#include "processes/core/threads.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <random>
#include <stdexcept>

#include "processes/core/levels.hpp"
#include "processes/core/version.hpp"
#include "processes/register.hpp"

namespace gapcheck {

void ProcessRegistry::add(const std::vector<Described<AnyProcess>>& entries, bool builtin) {
  for (const auto& entry : entries) check_description("process", entry.name, entry.params);
  has_outside_processes_ |= !builtin;
  for (const auto& entry : entries) {
    const auto at = std::lower_bound(
        entries_.begin(), entries_.end(), entry.name,
        [](const Described<AnyProcess>& e, const std::string& name) { return e.name < name; });
    if (at != entries_.end() && at->name == entry.name)
      throw std::logic_error("process name '" + entry.name +
                             "' is registered twice (GAPCHECK_REGISTER_PROCESS)");
    entries_.insert(at, entry);
  }
}

const std::string& results_version() {
  static const std::string version = [] {
    std::string v(kResultsVersion);
    if (!process_registry().has_outside_processes()) return v;
    // FNV-1a over the executable's bytes: any rebuild that changes the program changes it.
    std::ifstream exe("/proc/self/exe", std::ios::binary);
    std::uint64_t digest = 0xcbf29ce484222325ULL;
    std::vector<char> block(1 << 16);
    bool read_any = false;
    while (exe.read(block.data(), static_cast<std::streamsize>(block.size())) || exe.gcount() > 0) {
      read_any = true;
      for (std::streamsize k = 0; k < exe.gcount(); ++k) {
        digest ^= static_cast<unsigned char>(block[static_cast<std::size_t>(k)]);
        digest *= 0x100000001b3ULL;
      }
    }
    // Unreadable (no /proc): a token of this process alone, so that nothing is read back.
    if (!read_any) digest = std::random_device{}() ^ (std::uint64_t{std::random_device{}()} << 32);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(digest));
    return v + "+build-" + hex;
  }();
  return version;
}

ProcessRegistry& process_registry() {
  static ProcessRegistry registry;
  return registry;
}

namespace {

template <class Made>
const Described<Made>& find(const std::vector<Described<Made>>& table, std::string_view kind,
                            const Spec& spec) {
  for (const auto& entry : table)
    if (entry.name == spec.name) return entry;
  std::string names;
  for (const auto& entry : table) names += (names.empty() ? "" : ", ") + entry.name;
  throw InputError("unknown " + std::string(kind) + " '" + spec.name + "' (known: " + names +
                   "; see gapcheck list)");
}

template <class Made>
std::vector<Entry> entries_of(const std::vector<Described<Made>>& table) {
  return {table.begin(), table.end()};
}

}  // namespace

const std::vector<Entry>& process_entries() {
  static const std::vector<Entry> entries = entries_of(process_registry().entries());
  return entries;
}
const std::vector<Entry>& setting_entries() {
  static const std::vector<Entry> entries = entries_of(setting_table());
  return entries;
}
const std::vector<Entry>& weight_entries() {
  static const std::vector<Entry> entries = entries_of(weights_table());
  return entries;
}

Composition compose(const Spec& process_spec, const Spec& setting_spec,
                    const Spec& weights_spec, std::uint64_t n) {
  const auto& process_entry = find(process_registry().entries(), "process", process_spec);
  const auto& setting_entry = find(setting_table(), "setting", setting_spec);
  const auto& weights_entry = find(weights_table(), "weights", weights_spec);
  const Params process_params = bind_params("process", process_spec, process_entry.params, n);
  const Params setting_params = bind_params("setting", setting_spec, setting_entry.params, n);
  const Params weights_params = bind_params("weights", weights_spec, weights_entry.params, n);
  Composition c{process_entry.make(process_params),
                setting_entry.make(setting_params),
                weights_entry.make(weights_params),
                process_params.canonical,
                setting_params.canonical,
                weights_params.canonical};
  if (const auto why = c.process.refusal(c.setting, c.weights))
    throw InputError("process " + c.process_spec.str() + " with setting " + c.setting_spec.str() +
                     " and weights " + c.weights_spec.str() + ": " + *why);
  return c;
}

namespace {

// Under `automatic`, bins while n < 2^20: below it the loads sit in the caches and bins runs every
// process about as fast as levels or faster (docs/performance.md); from 2^20 on, bulk for
// Two-Choice and d-Choice (its cost per ball falls as 1/sqrt(n) while the loads take a few
// levels), else levels. One-Choice (and d-Choice with d = 1) goes to bulk only while
// m/n <= √n/256 (4 at n = 2^20, 16 at 2^24, 64 at 2^28): its loads spread over ~√(m/n · ln n)
// levels, and with more balls per bin than that bulk's edge shrinks, down to 1.13x levels' time
// at n = 2^22, m = 512n; up to the bound bulk took 0.02-0.55 of levels' time from 2^20 to 2^28
// (docs/engines.md).
constexpr std::uint64_t kAutoBinsBelow = std::uint64_t{1} << 20;
// One-Choice on bulk while m/n <= √n / kAutoOneChoiceBulkRoot.
constexpr double kAutoOneChoiceBulkRoot = 256;

// Whether bulk outruns levels for a process whose ball goes to the lightest of `choices` uniform
// bins (0: not such a process) at n >= kAutoBinsBelow.
bool bulk_outruns_levels(std::uint32_t choices, std::uint64_t n, std::uint64_t m) {
  if (choices >= 2) return true;
  const double balls = static_cast<double>(m), bins = static_cast<double>(n);
  return choices == 1 && balls * kAutoOneChoiceBulkRoot <= bins * std::sqrt(bins);
}

// The most unit balls a run places on `engine`.
std::uint64_t max_unit_balls(Engine engine) {
  return engine == Engine::bins ? std::uint64_t{1} << 32 : LevelLoads::kMaxBalls;
}

// The engine a run uses: the one asked for, or under `automatic` bins below 2^20 bins (and
// wherever levels cannot run it, per-bin output is asked for, or unit balls reach bins' limit
// of m), bulk or levels above (docs/engines.md).
Engine resolve_engine(const Composition& c, const RunConfig& config) {
  const std::optional<std::string> refused = c.process.levels_refusal(c.setting, c.weights);
  if (config.engine == Engine::levels || config.engine == Engine::bulk) {
    const std::string engine = engine_name(config.engine);
    const std::optional<std::string> why =
        config.engine == Engine::levels ? refused : c.process.bulk_refusal(c.setting, c.weights);
    if (why)
      throw InputError("engine=" + engine + " cannot run process " + c.process_spec.str() +
                       " with setting " + c.setting_spec.str() + " and weights " +
                       c.weights_spec.str() + ": " + *why +
                       (refused ? " (the bins engine runs it)"
                                : " (the bins and levels engines run it)"));
    if (config.keep_loads)
      throw InputError("engine=" + engine +
                       " keeps no per-bin loads to return (use --engine bins)");
    return config.engine;
  }
  if (config.engine == Engine::bins || refused || config.keep_loads) return Engine::bins;
  const bool fits_bins = !c.weights.is_unit() || config.m < max_unit_balls(Engine::bins);
  if (config.n < kAutoBinsBelow && fits_bins) return Engine::bins;
  if (config.n >= kAutoBinsBelow &&
      bulk_outruns_levels(c.process.bulk_choices(), config.n, config.m) &&
      !c.process.bulk_refusal(c.setting, c.weights))
    return Engine::bulk;
  return Engine::levels;
}

}  // namespace

std::vector<Engine> engines_for(const Spec& process, const Spec& setting, const Spec& weights) {
  RunConfig config{1000, 1, 0.0};
  const Composition c = compose(process, setting, weights, config.n);  // errors propagate
  std::vector<Engine> engines;
  for (const Engine engine : {Engine::bins, Engine::levels, Engine::bulk}) {
    config.engine = engine;
    try {
      resolve_engine(c, config);
      engines.push_back(engine);
    } catch (const InputError&) {  // this engine refuses the composition
    }
  }
  return engines;
}

Engine parse_engine(std::string_view text, std::string_view what) {
  if (const std::optional<Engine> engine = engine_named(text)) return *engine;
  throw InputError(std::string(what) + "=" + std::string(text) +
                   " is not one of auto, bins, levels, bulk");
}

std::uint64_t max_n(Engine engine) {
  return engine == Engine::bins ? std::uint64_t{1} << 32 : LevelLoads::kMaxN;
}

Simulation make_simulation(const Spec& process_spec, const Spec& setting_spec,
                           const Spec& weights_spec, const RunConfig& requested) {
  // A count `what` = value beyond [1, limit), and what the limit belongs to.
  const auto outside = [](const char* what, std::uint64_t value, std::uint64_t limit,
                          const std::string& whose) {
    return InputError(std::string(what) + "=" + std::to_string(value) +
                      " is outside the accepted range " + count_range(1, limit - 1) + whose);
  };
  // n is checked before compose(), which resolves counts such as b=10n against it.
  if (requested.n == 0 || requested.n >= max_n(requested.engine))
    throw outside("n", requested.n, max_n(requested.engine),
                  requested.engine == Engine::bins
                      ? " for the bins engine (levels and bulk take n up to 2^48)"
                      : " (n >= 2^32 needs the levels engine)");
  const Composition c = compose(process_spec, setting_spec, weights_spec, requested.n);
  RunConfig config = requested;
  config.engine = resolve_engine(c, requested);
  // Where `auto` chose bins, a limit of bins says why it did.
  std::string chosen;
  if (requested.engine == Engine::automatic && config.engine == Engine::bins)
    chosen = ", which auto chose: " +
             c.process.levels_refusal(c.setting, c.weights)
                 .value_or("the per-bin final loads were asked for");
  if (config.n >= max_n(config.engine))
    throw outside("n", config.n, max_n(config.engine), " for the bins engine" + chosen);
  const std::uint64_t max_m = max_unit_balls(config.engine);
  if (c.weights.is_unit() && config.m >= max_m)
    throw outside("m", config.m, max_m,
                  std::string(" for unit weights on the ") + engine_name(config.engine) +
                      " engine" + chosen);
  Simulation simulation{c.process_spec, c.setting_spec, c.weights_spec, config, {}};
  const Weights w = c.weights;
  simulation.run = c.process.runner(c.setting, w, config);
  const std::uint64_t load_bytes = w.is_unit() ? sizeof(std::uint32_t) : sizeof(double);
  simulation.bytes_per_run = std::visit(
      [&](const auto& setting) -> std::uint64_t {
        // The levels engine's state is a few KiB whatever n (its block table has at most 1024
        // entries), plus one counter per level the loads span.
        const std::uint64_t state = config.engine == Engine::bins
                                        ? config.n * load_bytes
                                        : sizeof(LevelLoads) + 2 * sizeof(std::uint64_t) * 1024;
        std::uint64_t bytes =
            state + sizeof(std::uint64_t) * LoadHistogram::kMaxLevels + sizeof(RunResult);
        if (config.keep_loads) bytes += config.n * sizeof(double);
        if constexpr (requires { setting.state_bytes(config.n, config.m, load_bytes); })
          bytes += setting.state_bytes(config.n, config.m, load_bytes);
        return bytes;
      },
      c.setting);
  return simulation;
}

std::vector<RunResult> run_replicates(const Simulation& simulation, std::uint64_t seed,
                                      std::uint64_t first, std::uint64_t runs, unsigned threads) {
  std::vector<RunResult> results(runs);
  for_each_on_threads(
      runs, threads, [&](std::size_t k) { results[k] = simulation.run(seed, first + k); },
      [] { return true; });
  return results;
}

}  // namespace gapcheck
