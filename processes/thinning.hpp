// Two-thinning.  Sample a primary bin p; accept it iff x_p is below the threshold, otherwise place
// the ball in a fresh uniform secondary bin (no comparison).  The threshold is absolute (l), relative
// (W/n + L, the mean plus L; Mean-Thinning is L = 0 with equality accepted) or a schedule: a
// piecewise function of the step t, enough to write the multi-stage strategies.  Source: Feldheim,
// Gurel-Gurevich, Li, "Long-term balanced allocation via thinning", Ann. Appl. Probab. 34(1A),
// 2024, arXiv 2110.05009; Mean-Thinning: Los, Sauerwald, Sylvester, arXiv 2308.05087.
//
// The relative threshold is the mean W/n that the definitions name (t/n there, for unit balls):
// with weights, t/n is not the mean, and a threshold below the mean rejects almost every primary.
// Both t and W/n are asked of the oracle, so a setting answers them from the state it shows the
// process (b-Batched: the batch start).  The schedule's text syntax lives with the parameters
// (processes/schedule_param.hpp): a process definition knows no command-line syntax.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

// From step `start` on (t = balls placed so far, as the oracle's clock says), the threshold is
// `value` (absolute) or W/n + `value` (relative).  Stages start at a count of balls.
struct ThresholdStage {
  std::uint64_t start = 0;
  bool relative = true;
  double value = 0;
};

struct Thinning {
  std::vector<ThresholdStage> stages{ThresholdStage{}};  // starts increase, stages[0].start = 0
  // Accept a primary whose load equals the threshold too: Mean-Thinning's "x_i1 <= W/n".
  bool accept_at_threshold = false;
  // Per-run state: the stage of the current step (t only grows), where the next one starts, and
  // what the stage's threshold is, read at its start so that no ball reads the stage itself.
  std::size_t stage = 0;
  std::uint64_t next_stage_start = 0;
  enum class Kind { absolute, mean, above_mean } kind = Kind::mean;
  double value = 0;

  // thinning and mean-thinning; defined in thinning.cpp, beside the schedule's syntax.
  static std::vector<ProcessEntry<Thinning>> entries();
  static constexpr bool on_levels = true;

  template <class Oracle>
  Level threshold(Oracle& oracle) {
    const std::uint64_t t = oracle.balls();
    if (t >= next_stage_start) [[unlikely]] enter_stage(t);
    switch (kind) {
      case Kind::absolute: return {value};
      case Kind::mean: return average_level(oracle);  // Mean-Thinning
      case Kind::above_mean: break;
    }
    return {oracle.average() + value};
  }

  // The stage of step t, the step at which the next one starts (none: the largest count), and
  // its threshold.
  void enter_stage(std::uint64_t t) {
    while (stage + 1 < stages.size() && stages[stage + 1].start <= t) ++stage;
    next_stage_start = stage + 1 < stages.size() ? stages[stage + 1].start
                                                 : std::numeric_limits<std::uint64_t>::max();
    const ThresholdStage& s = stages[stage];
    kind = !s.relative ? Kind::absolute : s.value == 0 ? Kind::mean : Kind::above_mean;
    value = s.value;
  }

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    return choose_against(oracle, threshold(oracle), accept_at_threshold);
  }

  // One step against `level`, taken before the primary is sampled.
  template <class Oracle>
  static Placement choose_against(Oracle& oracle, Level level, bool accept_at_level) {
    const Bin primary = oracle.sample();
    const bool accepted = below_level(oracle, primary, level, accept_at_level);
    return fresh_sample_if(oracle, !accepted, primary);
  }

  // One stage against the mean W/n (Thinning's default, Mean-Thinning), with the acceptance rule
  // a constant (core/engine.hpp, with_constants_if_exact): no step tests the stage, the
  // threshold's kind or the rule.
  template <bool kAcceptAtMean>
  struct AgainstTheMean {
    template <class Oracle>
    Placement choose(Oracle& oracle) {
      return choose_against(oracle, average_level(oracle), kAcceptAtMean);
    }
  };
  template <class Run>
  auto with_constants(Run run) const {
    if (stages.size() == 1 && stages[0].relative && stages[0].value == 0) {
      if (accept_at_threshold) return run(AgainstTheMean<true>{});
      return run(AgainstTheMean<false>{});
    }
    return run(*this);
  }
};

}  // namespace gapcheck
