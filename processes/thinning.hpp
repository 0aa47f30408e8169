// Two-thinning.  Sample a primary bin p; accept it iff x_p is below the threshold, otherwise place
// the ball in a fresh uniform secondary bin (no comparison).  The threshold is absolute (l), relative
// (t/n + L; Mean-Thinning) or a schedule: a piecewise function of the step t, enough to write the
// multi-stage strategies.  Source: Feldheim, Gurel-Gurevich, Li, "Long-term balanced allocation via
// thinning", Ann. Appl. Probab. 34(1A), 2024; theory.md §3.1, §7 (Mean-Thinning, Los et al.).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "processes/core/engine.hpp"
#include "processes/core/spec.hpp"

namespace gapcheck {

// From step `start` on (t = balls placed so far), the threshold is `value` (absolute) or
// t/n + `value` (relative).  t counts balls, not weight: with unit weights t/n = W/n.
struct ThresholdStage {
  std::uint64_t start = 0;
  bool relative = true;
  double value = 0;
};

struct Thinning {
  std::vector<ThresholdStage> stages{ThresholdStage{}};  // starts increase, stages[0].start = 0
  // Accept a primary whose load equals the threshold too: Mean-Thinning's "x_i1 <= t/n".
  bool accept_at_threshold = false;
  std::size_t stage = 0;  // per-run state: the stage of the current step (t only grows)

  template <class Oracle>
  double threshold(Oracle& oracle) {
    const std::uint64_t t = oracle.balls();
    while (stage + 1 < stages.size() && stages[stage + 1].start <= t) ++stage;
    const ThresholdStage& s = stages[stage];
    if (!s.relative) return s.value;
    return static_cast<double>(t) / static_cast<double>(oracle.n()) + s.value;
  }

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const double level = threshold(oracle);
    const Bin primary = oracle.sample();
    const Order order = oracle.compare_to(primary, level);
    if (order == Order::less || (accept_at_threshold && order == Order::equal)) return {primary};
    return {oracle.sample()};
  }
};

// The schedule syntax, one `key=value` without commas:  START:rL / START:al / ...
//   stages separated by '/'; START is the step where the stage begins (a count: 0, 5n, 2nlnn,
//   1e6); `r` L means the relative threshold t/n + L, `a` l the absolute threshold l.
//   The first stage starts at 0 and starts strictly increase.
//   Example: 0:r2/5n:r1/10n:a12  =  t/n + 2 until 5n balls, then t/n + 1, from 10n on 12.
inline std::vector<ThresholdStage> parse_schedule(std::string_view text, std::uint64_t n) {
  const std::string label = "process thinning: schedule";
  auto bad = [&](std::string_view stage, const std::string& why) {
    return InputError(label + "=" + std::string(text) + ": stage '" + std::string(stage) + "' " +
                      why + " (accepted: START:rL or START:al stages joined by '/', first START 0, "
                      "e.g. 0:r2/5n:r1/10n:a12)");
  };
  std::vector<ThresholdStage> stages;
  std::string_view rest = text;
  while (true) {
    const auto slash = rest.find('/');
    const std::string_view item = rest.substr(0, slash);
    const auto colon = item.find(':');
    if (colon == std::string_view::npos || colon + 2 > item.size() ||
        (item[colon + 1] != 'r' && item[colon + 1] != 'a'))
      throw bad(item, "is not START:rL or START:al");
    ThresholdStage stage;
    stage.start = parse_count(item.substr(0, colon), label + " stage start", n);
    stage.relative = item[colon + 1] == 'r';
    stage.value = parse_real(item.substr(colon + 2), label + " stage threshold");
    if (stages.empty() && stage.start != 0) throw bad(item, "starts after 0");
    if (!stages.empty() && stage.start <= stages.back().start)
      throw bad(item, "does not start after the stage before it");
    stages.push_back(stage);
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
  }
  return stages;
}

}  // namespace gapcheck
