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

}  // namespace gapcheck
