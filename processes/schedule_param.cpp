#include "processes/schedule_param.hpp"

#include <string>

#include "processes/core/spec.hpp"

namespace gapcheck {

std::vector<ThresholdStage> parse_schedule(std::string_view text, std::uint64_t n) {
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
    const ThresholdRange range = stage.relative ? kRelativeOffset : kAbsoluteThreshold;
    if (!(stage.value >= range.lo && stage.value <= range.hi))
      throw bad(item, std::string("has ") + (stage.relative ? "L" : "l") + " outside [" +
                          format_real(range.lo) + ", " + format_real(range.hi) + "]");
    if (stages.empty() && stage.start != 0) throw bad(item, "starts after 0");
    if (!stages.empty() && stage.start <= stages.back().start)
      throw bad(item, "does not start after the stage before it");
    stages.push_back(stage);
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
  }
  return stages;
}

std::string canonical_schedule(std::string_view text, std::uint64_t n) {
  std::string out;
  for (const ThresholdStage& stage : parse_schedule(text, n))
    out += (out.empty() ? "" : "/") + std::to_string(stage.start) + ":" +
           (stage.relative ? "r" : "a") + format_real(stage.value);
  return out;
}

}  // namespace gapcheck
