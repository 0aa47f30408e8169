// Which compositions the levels engine runs (core/levels.hpp), and why the others cannot.
//
// The levels engine is exact for a process whose rule reads only the loads of uniformly sampled
// bins, within one step, and for a setting that answers from the current loads alone. A process
// that names bins by index (Left's groups, ties=index), or remembers a bin from one step to the
// next (Memory), and a setting that keeps per-bin history (b-Batched's snapshot, tau-Delay's
// window), has no meaning on ranks: those run on per-bin loads only. FirstDiff qualifies: it
// probes uniform bins until a load differs, which only reads sampled loads.
//
// One list, kept here and nowhere else: the compile-time flag says whether the pair is ever
// instantiated on levels; levels_refusal adds the run-time conditions (tie rule, weights).
#pragma once

#include <optional>
#include <string>

#include "processes/catalog.hpp"

namespace gapcheck {

template <class T>
inline constexpr bool on_levels_v = false;
template <> inline constexpr bool on_levels_v<OneChoice> = true;
template <> inline constexpr bool on_levels_v<DChoice> = true;
template <> inline constexpr bool on_levels_v<OnePlusBeta> = true;
template <> inline constexpr bool on_levels_v<FirstDiff> = true;
template <> inline constexpr bool on_levels_v<Quantile> = true;
template <> inline constexpr bool on_levels_v<MixedQuantile> = true;
template <> inline constexpr bool on_levels_v<Thinning> = true;
template <> inline constexpr bool on_levels_v<Twinning> = true;
template <> inline constexpr bool on_levels_v<Packing> = true;
template <> inline constexpr bool on_levels_v<ExactSetting> = true;
template <class Adversary>
inline constexpr bool on_levels_v<GBoundedSetting<Adversary>> = true;
template <> inline constexpr bool on_levels_v<SigmaNoisySetting> = true;

template <class Process, class Setting>
inline constexpr bool levels_pair_v = on_levels_v<Process> && on_levels_v<Setting>;

// Why a process or setting of this type cannot run on the levels engine.
template <class T>
const char* levels_obstacle(const T&) {
  return nullptr;
}
inline const char* levels_obstacle(const Left&) { return "it samples bins by index group"; }
inline const char* levels_obstacle(const Memory&) {
  return "it remembers a bin from one ball to the next";
}
inline const char* levels_obstacle(const DChoice& p) {
  return p.ties == TieRule::index ? "ties=index names bins by index" : nullptr;
}
inline const char* levels_obstacle(const OnePlusBeta& p) {
  return p.ties == TieRule::index ? "ties=index names bins by index" : nullptr;
}
inline const char* levels_obstacle(const BatchSetting&) {
  return "it keeps a per-bin snapshot of the loads";
}
template <class Adversary>
const char* levels_obstacle(const DelaySetting<Adversary>&) {
  return "it keeps per-bin load histories";
}

// Why this composition cannot run on the levels engine, or nothing if it can.
template <class Process, class Setting>
std::optional<std::string> levels_refusal(const Process& process, const Setting& setting,
                                          const Weights& weights) {
  if (const char* why = levels_obstacle(process)) return std::string("the process: ") + why;
  if (const char* why = levels_obstacle(setting)) return std::string("the setting: ") + why;
  if constexpr (!levels_pair_v<Process, Setting>)  // a type not listed above
    return std::string("this process and setting are not known to treat bins as exchangeable");
  if (!weights.is_unit()) return std::string("the weights: levels hold unit balls only");
  return std::nullopt;
}

}  // namespace gapcheck
