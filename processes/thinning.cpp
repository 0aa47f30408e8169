#include "processes/thinning.hpp"

#include "processes/register.hpp"
#include "processes/schedule_param.hpp"

namespace gapcheck {

std::vector<ProcessEntry<Thinning>> Thinning::entries() {
  using Kind = ParamDef::Kind;
  return {
      {{"thinning",
        "two-thinning: keep a uniform primary iff its load < threshold, else a fresh secondary",
        "Feldheim, Gurel-Gurevich, Li, Ann. Appl. Probab. 2024, arXiv 2110.05009",
        {{"threshold", Kind::choice, "relative", 0, 0, {"absolute", "relative", "schedule"},
          "absolute: l; relative: W/n + L (the mean; t/n for unit weights); schedule: by stage of "
          "t (balls placed so far)"},
         {"l", Kind::real, "1", kAbsoluteThreshold.lo, kAbsoluteThreshold.hi, {},
          "absolute threshold (threshold=absolute)", "threshold=absolute"},
         {"L", Kind::real, "0", kRelativeOffset.lo, kRelativeOffset.hi, {},
          "offset of the relative threshold W/n + L (threshold=relative)", "threshold=relative"},
         {"schedule", Kind::text, "0:r0", 0, 0, {},
          "threshold=schedule: stages START:rL (W/n + L) or START:al (l) joined by '/', START a "
          "step count from 0 up (5n, 2nlnn accepted), L and l in the ranges of the keys L and l, "
          "e.g. 0:r2/5n:r1/10n:a12",
          "threshold=schedule", canonical_schedule}}},
       [](const Params& p) {
         Thinning thinning;
         const std::string& kind = p.choice("threshold");
         // Each kind reads only its own key: the others are refused when given (ParamDef::when).
         if (kind == "absolute") thinning.stages = {{0, false, p.real("l")}};
         if (kind == "relative") thinning.stages = {{0, true, p.real("L")}};
         if (kind == "schedule") thinning.stages = parse_schedule(p.choice("schedule"), p.n());
         return thinning;
       }},
      {{"mean-thinning",
        "keep a uniform primary iff its load <= W/n (the mean; t/n for unit weights), else a "
        "fresh secondary",
        "Los, Sauerwald, Sylvester, SODA'22 (arXiv 2110.10759) and arXiv 2308.05087", {}},
       [](const Params&) {
         Thinning mean;  // relative threshold W/n + 0, equality accepted
         mean.accept_at_threshold = true;
         return mean;
       }},
  };
}

}  // namespace gapcheck

GAPCHECK_REGISTER_PROCESS(gapcheck::Thinning)
