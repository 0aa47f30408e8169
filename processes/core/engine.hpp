// The simulation loop: m balls into n empty bins, one process, one setting, one seed.
//
// Everything here is static: Process, Oracle and the load type are template parameters, so the
// per-ball loop inlines the process's rule and the setting's answers. The loop asks the process
// for a placement, draws the weights, lets the oracle place the balls, and updates the gap
// statistics in O(1). The same loop runs a type-erased process (AnyProcess, for the property
// tier): choose_with() then hands it the oracle behind the virtual DynamicOracle.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <cstdint>
#include <vector>

#include "processes/core/dynamic_oracle.hpp"
#include "processes/core/loads.hpp"
#include "processes/core/oracle.hpp"
#include "processes/core/placement.hpp"
#include "processes/core/random.hpp"
#include "processes/core/weights.hpp"

namespace gapcheck {

enum class Engine { automatic, bins, levels, bulk };

constexpr const char* engine_name(Engine engine) {
  switch (engine) {
    case Engine::bins: return "bins";
    case Engine::levels: return "levels";
    case Engine::bulk: return "bulk";
    case Engine::automatic: break;
  }
  return "auto";
}

// The engine of a name engine_name() gives, if there is one.
inline std::optional<Engine> engine_named(std::string_view name) {
  for (const Engine e : {Engine::automatic, Engine::bins, Engine::levels, Engine::bulk})
    if (name == engine_name(e)) return e;
  return std::nullopt;
}

struct RunConfig {
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  // The level for "fraction of observed steps whose gap exceeded it".
  double gap_level = 0.0;
  // Return the final load vector in RunResult::loads (tests of couplings compare it).
  bool keep_loads = false;
  // The state a run keeps (docs/engines.md): per-bin loads, or the load histogram (levels).
  // make_simulation resolves `automatic` to one of the two and records it.
  Engine engine = Engine::automatic;
};

// Number of bins at each load level floor(x), from level `first_level` upwards, in groups of
// `level_width` levels: bins[k] counts the bins with floor(x) in [first_level + k w,
// first_level + (k + 1) w). The width is 1 unless the loads span more than kMaxLevels levels
// (large weights), and then the smallest power of two that keeps kMaxLevels groups or fewer,
// so the histogram's size does not grow with the scale of the weights.
struct LoadHistogram {
  static constexpr std::uint64_t kMaxLevels = 1024;
  std::uint64_t first_level = 0;
  std::uint64_t level_width = 1;
  std::vector<std::uint64_t> bins;

  // An empty histogram of the `span` levels from `first`, grouped as above.
  static LoadHistogram spanning(std::uint64_t first, std::uint64_t span) {
    LoadHistogram h;
    h.first_level = first;
    while ((span - 1) / h.level_width + 1 > kMaxLevels) h.level_width *= 2;
    h.bins.assign((span - 1) / h.level_width + 1, 0);
    return h;
  }
  // The counter of the group that holds `level` (widths are powers of two: a shift).
  std::uint64_t& at(std::uint64_t level) {
    return bins[(level - first_level) >> std::countr_zero(level_width)];
  }
};

struct RunResult {
  std::uint64_t replicate = 0;
  double gap = 0;                // final max_i x_i - W/n
  double max_load = 0;           // final max_i x_i
  double max_gap_over_time = 0;  // max over observed steps of the gap
  double fraction_above_level = 0;  // share of observed steps with gap > gap_level
  std::uint64_t balls = 0;
  std::uint64_t steps = 0;       // placements (a step may place several balls)
  std::uint64_t probes = 0;      // bin samples drawn
  LoadHistogram histogram;
  SettingCounts setting_counts;
  std::vector<double> loads;     // the final x, only if RunConfig::keep_loads
};

// The histogram of the values in x (loads, or a state's cells). A run on per-bin loads ends
// with this pass over its n cells, which is as long as the run itself when m = n: a value's group
// is a shift (widths are powers of two), and byte cells are first counted by value (256 counters,
// in four tables so that neighbours of equal value do not wait on one counter), which also gives
// the minimum and the maximum without a pass of their own. Kept out of the flattened run
// (simulate_flattened, below): inlined there, its tables made the per-ball loop of Two-Choice
// 2.6x slower at n = 2^16 (docs/performance.md).
template <class LoadVector>
[[gnu::noinline]] LoadHistogram histogram_of(const LoadVector& x) {
  using Value = typename LoadVector::value_type;
  if (x.empty()) return {};
  if constexpr (sizeof(Value) == 1) {
    constexpr std::size_t kTables = 4;
    std::array<std::array<std::uint64_t, 256>, kTables> tables{};
    const std::size_t n = x.size();
    std::size_t i = 0;
    for (; i + kTables <= n; i += kTables)
      for (std::size_t t = 0; t < kTables; ++t) ++tables[t][static_cast<std::uint8_t>(x[i + t])];
    for (; i < n; ++i) ++tables[0][static_cast<std::uint8_t>(x[i])];
    auto& counts = tables[0];  // the sum of the four
    for (std::size_t t = 1; t < kTables; ++t)
      for (std::size_t v = 0; v < counts.size(); ++v) counts[v] += tables[t][v];
    std::uint64_t lo = 0, hi = counts.size() - 1;
    while (counts[lo] == 0) ++lo;  // n >= 1: some value is counted
    while (counts[hi] == 0) --hi;
    LoadHistogram h = LoadHistogram::spanning(lo, hi - lo + 1);
    for (std::uint64_t v = lo; v <= hi; ++v) h.at(v) += counts[v];
    return h;
  } else {
    Value lo = x[0], hi = x[0];
    for (const Value v : x) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    const auto first = static_cast<std::uint64_t>(lo);
    LoadHistogram h = LoadHistogram::spanning(first, static_cast<std::uint64_t>(hi) - first + 1);
    for (const Value v : x) ++h.at(static_cast<std::uint64_t>(v));
    return h;
  }
}

// The total weight below which a run whose maximum load is `max` has gap > config.gap_level:
// W < n (max - level), rounded up for integer totals.
template <class Total, class Load>
Total above_bound(const RunConfig& config, Load max) {
  const double bound =
      static_cast<double>(config.n) * (static_cast<double>(max) - config.gap_level);
  if (bound <= 0) return Total{0};
  if constexpr (std::is_integral_v<Total>) {
    if (bound >= 0x1.0p63) return std::numeric_limits<Total>::max();
    return static_cast<Total>(std::ceil(bound));
  } else {
    return bound;
  }
}

// Runs the balls of one run through `oracle` (which already wraps the run's loads and streams).
// The bin the next ball of a step goes to after placing one on `bin`: the oracle returns it when
// its state renames bins (the levels engine's ranks), else it is `bin` itself.
template <class Oracle, class Load>
Bin place_ball(Oracle& oracle, Bin bin, Load weight) {
  if constexpr (std::is_void_v<decltype(oracle.place(bin, weight))>) {
    oracle.place(bin, weight);
    return bin;
  } else {
    return oracle.place(bin, weight);
  }
}

// Whether every step of O's runs is visible: O answers visible() with ExactOracle's `true`.
template <class O>
constexpr bool always_visible =
    detail::is_exact_oracle<typename detail::member_class<decltype(&O::visible)>::type>::value;

// A process that may place several balls in one step (Twinning, Packing) declares
// `static constexpr bool several_balls = true`. Any process may place several; the declaration
// only changes how the engine counts them (simulate).
template <class Process>
constexpr bool several_balls_v = [] {
  if constexpr (requires { Process::several_balls; }) return Process::several_balls;
  return false;
}();

// State is the per-bin Loads<Load> or the levels engine's LevelLoads (core/levels.hpp).
template <class Process, class Oracle, class State>
RunResult simulate(Process& process, Oracle& oracle, State& loads, Streams& streams,
                   const Weights& weights, const RunConfig& config) {
  using Load = typename Oracle::Load;
  RunResult result;
  // Per-step statistics live in locals (registers), not in `result`, until the run ends.
  std::uint64_t steps = 0;
  std::uint64_t observed = 0;
  std::uint64_t above = 0;
  // gap = max - W/n. Between two rises of the maximum W only grows, so the gap only falls: its
  // maximum over the observed steps is reached at the first observed step after a rise, and the
  // steps whose gap exceeds the level are those with W < n (max - level). So the per-step work
  // is one comparison of W with a bound that changes only when the maximum does.
  using Total = typename State::Total;
  double max_gap = 0;
  // The maximum when the bound below was last set; a value no maximum takes (NaN, or the
  // largest integer load) makes the first observed step set it.
  Load seen_max = std::numeric_limits<Load>::has_quiet_NaN ? std::numeric_limits<Load>::quiet_NaN()
                                                            : std::numeric_limits<Load>::max();
  Total above_while_below{};
  const std::uint64_t m = config.m;
  while (loads.balls() < m) {
    const Placement placement = choose_with(process, oracle);
    // m - balls >= 1 here. For a process of one ball a step, the test makes the count the
    // constant 1; for one whose count follows a comparison of loads it would be a coin flip to
    // the branch predictor, so there the count is one minimum (a conditional move).
    const std::uint64_t at_most = m - loads.balls();
    const std::uint64_t count = several_balls_v<Process> ? std::min(placement.balls, at_most)
                                : placement.balls == 1   ? 1
                                                         : std::min(placement.balls, at_most);
    Bin bin = placement.bin;
    std::uint64_t b = 0;
    if constexpr (carries_read_cells<Oracle>) {
      // Integer loads are unit balls (draw_weight draws nothing): the step's balls go on at once,
      // and a step of a varying number of balls (Twinning, Packing) runs no loop of that length.
      if (placement.read_load) {
        assert(oracle.stored_load(bin) == *placement.read_load);
        bin = oracle.place_read(bin, static_cast<Load>(*placement.read_load),
                                static_cast<Load>(count));
        b = count;
      }
    }
    for (; b < count; ++b)
      bin = place_ball(oracle, bin, draw_weight<Load>(weights, streams.weights));
    ++steps;
    if (oracle.visible()) {
      if (loads.max() != seen_max) [[unlikely]] {
        seen_max = loads.max();
        max_gap = std::max(max_gap, loads.gap());
        above_while_below = above_bound<Total>(config, seen_max);
      }
      above += loads.total() < above_while_below;
      if constexpr (!always_visible<Oracle>) ++observed;
    }
  }
  if constexpr (always_visible<Oracle>) observed = steps;  // one counter in the loop, not two
  result.steps = steps;
  result.gap = loads.gap();
  result.max_load = static_cast<double>(loads.max());
  result.max_gap_over_time = std::max(max_gap, result.gap);
  result.fraction_above_level =
      observed == 0 ? 0.0 : static_cast<double>(above) / static_cast<double>(observed);
  result.balls = loads.balls();
  result.probes = oracle.probes();
  result.setting_counts = oracle.counts();
  if constexpr (requires { loads.histogram(); }) {
    result.histogram = loads.histogram();  // the levels engine keeps no load vector
  } else {
    // Cells are loads less the state's base: the histogram of the cells, shifted.
    result.histogram = histogram_of(loads.vector());
    result.histogram.first_level += static_cast<std::uint64_t>(loads.base());
    if (config.keep_loads) {
      result.loads.reserve(loads.n());
      for (Bin i = 0; i < loads.n(); ++i) result.loads.push_back(static_cast<double>(loads[i]));
    }
  }
  return result;
}

// A process may offer a form of itself whose run-time parameters are compile-time constants:
// `with_constants(run)` calls run with that form where its parameters are the form's, else with
// itself. The form takes the same steps; the per-ball loop then neither keeps those parameters
// in registers nor tests them every ball (Two-Choice: docs/performance.md). Under the exact
// setting only: there the loop is the whole cost of a run, and a second loop for every setting
// would double the compile time of the process's compositions.
template <class Oracle, class Process, class Run>
RunResult with_constants_if_exact(const Process& prototype, Run run) {
  // Nested, not one conjunction: the requires-expression instantiates every form's loop with
  // the oracle, and a form may use what only the exact setting's oracle answers.
  if constexpr (reads_loads_freely<Oracle>) {
    if constexpr (requires { prototype.with_constants(run); }) return prototype.with_constants(run);
    else return run(prototype);
  } else {
    return run(prototype);
  }
}

// One run with the setting's oracle and a copy of the process, both fresh.
template <class Load, class Process, class Setting, class State>
RunResult simulate_fresh(const Process& prototype, const Setting& setting, State& loads,
                         Streams& streams, const Weights& weights, const RunConfig& config) {
  auto oracle = setting.template oracle<Load>(loads, streams);
  return with_constants_if_exact<decltype(oracle)>(prototype, [&](const auto& form) {
    auto process = form;
    return simulate(process, oracle, loads, streams, weights, config);
  });
}

// simulate_fresh() with every per-ball call (the process's rule, the oracle's answers, the load
// update) inlined however many process x setting pairs one translation unit instantiates;
// without it GCC's unit-growth limits leave them as calls and the registry's runs lose half
// their speed against the same code compiled alone. An oracle that is not a production path
// opts out with `static constexpr bool flatten_run = false` (the property tier's auditing
// oracle: flattening its bookkeeping into every audited triple costs minutes of compile time).
// The oracle and the process are made inside the flattened call, as locals of the loop, so that
// GCC can keep their members (the count of sample words read) in registers; made by
// the caller, they were memory behind a reference wherever GCC did not inline this function
// (measured for thinning and Left at n = 2^10: about 1.2x slower).
template <class Load, class Process, class Setting, class State>
[[gnu::flatten]] RunResult simulate_flattened(const Process& prototype, const Setting& setting,
                                              State& loads, Streams& streams,
                                              const Weights& weights, const RunConfig& config) {
  return simulate_fresh<Load>(prototype, setting, loads, streams, weights, config);
}

template <class Oracle>
constexpr bool flatten_run_v = [] {
  if constexpr (requires { Oracle::flatten_run; }) return Oracle::flatten_run;
  return true;
}();

// A process that asks rank questions (Quantile) declares `static constexpr bool needs_levels = true`.
template <class Process>
constexpr bool needs_levels_v = [] {
  if constexpr (requires { Process::needs_levels; }) return Process::needs_levels;
  return false;
}();

// needs_levels_v of a process value: a type-erased process knows it only at run time.
template <class Process>
bool needs_levels(const Process& process) {
  if constexpr (requires { process.needs_levels(); }) return process.needs_levels();
  else return needs_levels_v<Process>;
}

// Narrow (one byte a bin) load storage pays most once full-width loads leave the first-level
// cache (Two-Choice, docs/performance.md: 1.1x at n = 2^10, 1.2x at 2^14 and 2^16, 1.9x at
// 2^18); below 2^14 bins a run keeps full-width cells, where the gain is small and a run whose
// loads spread far (docs/engines.md) would pay for a replay. Only settings that read the loads through the oracle alone allow it
// (`static constexpr bool narrow_loads = true`): a batch's snapshot copies full-width loads.
constexpr std::size_t kNarrowAboveBytes = std::size_t{1} << 15;

template <class Setting>
constexpr bool narrow_loads_v = [] {
  if constexpr (requires { Setting::narrow_loads; }) return Setting::narrow_loads;
  return false;
}();

// One complete run on `state`, fresh and empty (per-bin Loads or the levels engine's
// LevelLoads): engines keyed by (seed, replicate), a fresh copy of the process (so no per-run
// state such as Memory's cache leaks between runs). Always inlined into the function that made
// `state`: there the state's scalars (the base, the ball count, the maximum) are a local's;
// reached through a reference they are reloaded after every store of a byte cell, which may
// alias them (docs/performance.md: Two-Choice 2.8x slower at 2^16
// when a larger Streams tipped GCC's inliner against this call).
template <class Load, class State, class Process, class Setting>
[[gnu::always_inline]] inline RunResult run_on(State& state, const Process& prototype,
                                               const Setting& setting, const Weights& weights,
                                               const RunConfig& config, std::uint64_t seed,
                                               std::uint64_t replicate) {
  Streams streams(seed, replicate);
  RunResult result;
  using Oracle = decltype(setting.template oracle<Load>(state, streams));
  if constexpr (flatten_run_v<Oracle>)
    result = simulate_flattened<Load>(prototype, setting, state, streams, weights, config);
  else
    result = simulate_fresh<Load>(prototype, setting, state, streams, weights, config);
  result.replicate = replicate;
  return result;
}

// One complete run with per-bin loads stored in Cell.
template <class Load, class Cell, class Process, class Setting>
RunResult run_once_in(const Process& prototype, const Setting& setting, const Weights& weights,
                      const RunConfig& config, std::uint64_t seed, std::uint64_t replicate) {
  Loads<Load, Cell> loads(config.n, needs_levels(prototype));
  return run_on<Load>(loads, prototype, setting, weights, config, seed, replicate);
}

// One complete run. Unit-weight runs of many bins first try one byte a bin; a run whose loads
// spread too far for it is replayed from its seed with full-width cells, which gives the same
// run (the samples are a function of the streams alone), so the cells never change a result.
//   Setting must provide `template <class Load> auto oracle(State&, Streams&) const`.
template <class Load, class Process, class Setting>
RunResult run_once(const Process& prototype, const Setting& setting, const Weights& weights,
                   const RunConfig& config, std::uint64_t seed, std::uint64_t replicate) {
  if constexpr (std::is_integral_v<Load> && narrow_loads_v<Setting>) {
    if (config.n * sizeof(Load) > kNarrowAboveBytes) {
      try {
        return run_once_in<Load, std::uint8_t>(prototype, setting, weights, config, seed,
                                               replicate);
      } catch (const NarrowWindowExceeded&) {
      }
    }
  }
  return run_once_in<Load, Load>(prototype, setting, weights, config, seed, replicate);
}

}  // namespace gapcheck
