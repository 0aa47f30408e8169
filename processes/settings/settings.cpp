// The setting entries in the order `gapcheck list` prints them, and the weight distributions.
#include "processes/settings/settings.hpp"

namespace gapcheck {

const std::vector<Described<AnySetting>>& setting_table() {
  static const std::vector<Described<AnySetting>> table = [] {
    std::vector<Described<AnySetting>> all;
    for (auto part : {exact_entries<AnySetting>(), g_bounded_entries<AnySetting>(),
                      g_myopic_entries<AnySetting>(), sigma_noisy_entries<AnySetting>(),
                      batch_entries<AnySetting>(), delay_entries<AnySetting>()})
      all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return table;
}

const std::vector<Described<Weights>>& weights_table() {
  using Kind = ParamDef::Kind;
  static const std::vector<Described<Weights>> table = {
      {{"unit", "every ball has weight 1", "Azar, Broder, Karlin, Upfal, SIAM J. Comput. 1999", {}},
       [](const Params&) { return Weights{}; }},
      {{"exp", "i.i.d. Exp weights with the given mean",
        "Talwar, Wieder, STOC'07; Los, Sauerwald, SPAA'22, arXiv 2203.13902",
        {{"mean", Kind::real, "1", 1e-9, 1e9, {}, "mean weight"}}},
       [](const Params& p) { return Weights{Weights::Kind::exponential, p.real("mean"), 0}; }},
      {{"uniform", "i.i.d. weights uniform on [lo, hi]", "Talwar, Wieder, STOC'07 (weighted balls)",
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
