#include "processes/schedule_param.hpp"
#include "processes/tables.hpp"

namespace gapcheck {
namespace {

using Kind = ParamDef::Kind;

ParamDef ties_param() {
  return {"ties", Kind::choice, "random", 0, 0, {"random", "index"},
          "tie rule: random = a uniform tied sample, index = the lowest tied bin index"};
}

TieRule tie_rule(const Params& p) {
  return p.choice("ties") == "index" ? TieRule::index : TieRule::random;
}

ParamDef d_param(const std::string& help) {
  return {"d", Kind::integer, "2", 1, 1024, {}, help};
}

std::uint32_t d_of(const Params& p) { return static_cast<std::uint32_t>(p.integer("d")); }

Thinning thinning_of(const Params& p) {
  Thinning thinning;
  const std::string& kind = p.choice("threshold");
  // Each kind reads only its own key: the others are refused when given (ParamDef::when).
  if (kind == "absolute") thinning.stages = {{0, false, p.real("l")}};
  if (kind == "relative") thinning.stages = {{0, true, p.real("L")}};
  if (kind == "schedule") thinning.stages = parse_schedule(p.choice("schedule"), p.n());
  return thinning;
}

ParamDef delta_param() {
  return {"delta", Kind::real, "0.5", 0, 1, {},
          "quantile: a sample among the ceil(delta n) heaviest bins is replaced by a fresh one"};
}

}  // namespace

const std::vector<Maker<AnyProcess>>& processes() {
  static const std::vector<Maker<AnyProcess>> table = {
      {{"one-choice", "each ball goes to a uniform bin", "Azar et al. 1999; theory.md 1.1", {}},
       [](const Params&) -> AnyProcess { return OneChoice{}; }},
      {{"two-choice", "sample 2 bins uniformly, place in the lighter (d-choice with d=2)",
        "Azar et al. 1999; theory.md 1.2", {ties_param()}},
       [](const Params& p) -> AnyProcess { return DChoice{2, tie_rule(p)}; }},
      {{"d-choice", "Greedy[d]: sample d bins with replacement, place in the lightest",
        "Azar et al. 1999; Berenbrink et al. 2006; theory.md 1.2",
        {d_param("number of samples"), ties_param()}},
       [](const Params& p) -> AnyProcess { return DChoice{d_of(p), tie_rule(p)}; }},
      {{"one-plus-beta", "with prob. beta a Two-Choice step, else a One-Choice step",
        "Peres, Talwar, Wieder 2015; theory.md 1.4",
        {{"beta", Kind::real, "0.5", 0, 1, {}, "probability of a Two-Choice step"},
         ties_param()}},
       [](const Params& p) -> AnyProcess { return OnePlusBeta{p.real("beta"), tie_rule(p)}; }},
      {{"left", "Always-Go-Left: one uniform sample in each of d groups, lightest wins, ties left",
        "Vöcking, J. ACM 2003; theory.md 1.3",
        {d_param("number of groups (group k = [floor(kn/d), floor((k+1)n/d)); d <= n)")}},
       [](const Params& p) -> AnyProcess {
         if (p.integer("d") > p.n())
           throw InputError("process left: d=" + std::to_string(p.integer("d")) +
                            " is outside the accepted range [1, n=" + std::to_string(p.n()) +
                            "] (every group needs a bin)");
         return Left{d_of(p)};
       }},
      {{"first-diff",
        "FirstDiff with a probe cap: probe until a load differs from the first probe's, place in "
        "the lesser; after cap probes all equal, in the first",
        "Augustine, Moses, Redlich, Upfal, SODA'16 / arXiv 1602.08298; theory.md 4.1",
        {{"cap", Kind::integer, "4", 1, 1u << 30, {},
          "most probes per ball, then place in the first probe (the paper's cap as a function of "
          "d was not retrieved; cap=4 averages 2.74 probes per ball at n=1e4, m=100n)"}}},
       [](const Params& p) -> AnyProcess { return FirstDiff{p.integer("cap")}; }},
      {{"quantile", "sample i1; if among the ceil(delta n) heaviest, use a fresh sample instead",
        "Los, Sauerwald, SPAA'22 (code hybrid_quantile); theory.md 5", {delta_param()}},
       [](const Params& p) -> AnyProcess { return Quantile{p.real("delta")}; }},
      {{"mixed-quantile", "with prob. eta a Quantile(delta) step, else a One-Choice step",
        "Los, Sauerwald, SPAA'23 (code mixed_quantile); theory.md 6",
        {{"eta", Kind::real, "1", 0, 1, {},
          "probability of a Quantile step; the papers use eta = min(1, sqrt((n/b) ln n)) for "
          "batch size b"},
         delta_param()}},
       [](const Params& p) -> AnyProcess {
         return MixedQuantile{p.real("eta"), Quantile{p.real("delta")}};
       }},
      {{"thinning",
        "two-thinning: keep a uniform primary iff its load < threshold, else a fresh secondary",
        "Feldheim, Gurel-Gurevich, Li, AAP 2024; theory.md 3.1",
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
          "threshold=schedule"}}},
       [](const Params& p) -> AnyProcess { return thinning_of(p); }},
      {{"mean-thinning",
        "keep a uniform primary iff its load <= W/n (the mean; t/n for unit weights), else a fresh "
        "secondary",
        "Los et al., dimitrioslos.com mean-thinning; theory.md 7", {}},
       [](const Params&) -> AnyProcess {
         Thinning mean;  // relative threshold W/n + 0, equality accepted
         mean.accept_at_threshold = true;
         return mean;
       }},
      {{"twinning", "sample one bin; place 2 balls if its load < W/n, else 1",
        "Los, Sauerwald, Sylvester, SODA'22; theory.md 7", {}},
       [](const Params&) -> AnyProcess { return Twinning{}; }},
      {{"packing", "sample one bin; if its load < W/n fill it to ceil(W/n)+1, else 1 ball",
        "Los, Sauerwald, Sylvester, SODA'22; theory.md 7", {}},
       [](const Params&) -> AnyProcess { return Packing{}; }},
      {{"memory",
        "sample one bin; place in the lesser of it and the cached bin (ties: the sample); cache the "
        "lesser of the two after placement (ties: the bin used)",
        "Mitzenmacher, Prabhakar, Shah 2002; Los, Sauerwald, Sylvester, SODA'22; theory.md 7",
        {}},
       [](const Params&) -> AnyProcess { return Memory{}; }},
  };
  return table;
}

}  // namespace gapcheck
