#include "processes/tables.hpp"

namespace gapcheck {
namespace {

using Kind = ParamDef::Kind;

}  // namespace

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

}  // namespace gapcheck
