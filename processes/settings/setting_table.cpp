#include "processes/tables.hpp"

namespace gapcheck {
namespace {

using Kind = ParamDef::Kind;

ParamDef g_param(const char* help) { return {"g", Kind::real, "1", 0, 1e9, {}, help}; }

AnySetting g_bounded(const Params& p) {
  const double g = p.real("g");
  const std::string& adversary = p.choice("adversary");
  if (adversary == "random") return GBoundedSetting<RandomAdversary>{g};
  if (adversary == "near-max") return GBoundedSetting<NearMaxAdversary>{g};
  return GBoundedSetting<HeavierAdversary>{g};
}

AnySetting delay(const Params& p) {
  const std::uint64_t tau = p.integer("tau");
  const std::string& adversary = p.choice("adversary");
  if (adversary == "random") return DelaySetting<RandomDelay>{tau};
  if (adversary == "random-per-read") return DelaySetting<RandomDelay>{tau, RandomDelay{true}};
  return DelaySetting<AdversarialDelay>{tau};
}

}  // namespace

const std::vector<Maker<AnySetting>>& settings() {
  static const std::vector<Maker<AnySetting>> table = {
      {{"exact", "the process sees the true loads; placements are visible at once",
        "theory.md 1", {}},
       [](const Params&) -> AnySetting { return ExactSetting{}; }},
      {{"g-bounded",
        "an adaptive adversary decides every comparison of values at most g apart; others are true",
        "Alistarh et al. 2018; Los, Sauerwald 2023; theory.md 2.1",
        {g_param("comparisons of values at most g apart may be decided by the adversary"),
         {"adversary", Kind::choice, "heavier", 0, 0, {"heavier", "random", "near-max"},
          "heavier = reverse every decidable comparison (ball to the heavier bin), random = a "
          "fair coin (equal values too: g-myopic), near-max = reverse only when that favours a "
          "bin within g of the maximum"}}},
       g_bounded},
      {{"g-myopic",
        "comparisons of values at most g apart, equal values included, are decided by a fair "
        "coin",
        "Los, Sauerwald 2023; theory.md 2.1",
        {g_param("comparisons of values at most g apart are decided by a fair coin")}},
       [](const Params& p) -> AnySetting { return GMyopicSetting{p.real("g")}; }},
      {{"sigma-noisy", "every load read is x_i + N(0, sigma^2), fresh per read; real comparisons",
        "Los, Sauerwald 2023; theory.md 2.1",
        {{"sigma", Kind::real, "1", 0, 1e9, {}, "standard deviation of the noise"}}},
       [](const Params& p) -> AnySetting { return SigmaNoisySetting{p.real("sigma")}; }},
      {{"batch",
        "loads, mean and clock t frozen at the start of each batch of b balls, visible at its end",
        "Berenbrink et al. 2012; Los, Sauerwald 2022; theory.md 2.1, 5",
        {{"b", Kind::count, "n", 1, 0x1.0p40, {}, "batch size in balls"}}},
       [](const Params& p) -> AnySetting { return BatchSetting{p.integer("b")}; }},
      {{"delay", "each load read is a value the bin had during the last tau steps",
        "Los, Sauerwald 2023; theory.md 2.1",
        {{"tau", Kind::count, "n", 1, 0x1.0p40, {}, "window in balls"},
         {"adversary", Kind::choice, "adversarial", 0, 0,
          {"adversarial", "random", "random-per-read"},
          "adversarial = the oldest value when that could flip the answer, random = the loads at "
          "one uniform step of the window per question, random-per-read = each read at its own "
          "uniform step"}}},
       delay},
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
