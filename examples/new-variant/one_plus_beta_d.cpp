// (1+β) with d samples.  With probability β a Greedy[d] step, otherwise a One-Choice step.
//   for t = 1..m:  with prob. beta:  i_1..i_d ~ Uniform([n]) i.i.d.;  place in argmin_k x_{i_k}
//                                    (ties: the earliest of the tied samples)
//                  otherwise:        i ~ Uniform([n]);  place in i
// At d = 2 it is the (1+β)-process of Peres, Talwar, Wieder (Random Struct. Algorithms 47(4),
// 2015), whose gap is Θ(log n / β); at β = 1 it is Greedy[d], at β = 0 One-Choice.
#include "processes/register.hpp"

struct OnePlusBetaD {
  double beta = 0.5;
  std::uint32_t d = 3;

  // What `gapcheck list` prints and how a spec such as one-plus-beta-d:beta=0.3,d=4 binds.
  static std::vector<gapcheck::ProcessEntry<OnePlusBetaD>> entries() {
    using gapcheck::ParamDef;
    return {{{"one-plus-beta-d", "with prob. beta a Greedy[d] step, else a One-Choice step",
              "Peres, Talwar, Wieder 2015 (d = 2); examples/new-variant",
              {{"beta", ParamDef::Kind::real, "0.5", 0, 1, {}, "probability of a Greedy[d] step"},
               {"d", ParamDef::Kind::integer, "3", 1, 16, {}, "samples of a Greedy[d] step"}}},
             [](const gapcheck::Params& p) {
               return OnePlusBetaD{p.real("beta"), static_cast<std::uint32_t>(p.integer("d"))};
             }}};
  }

  // The process sees the loads only through the oracle's answers.
  template <class Oracle>
  gapcheck::Placement choose(Oracle& oracle) {
    gapcheck::Bin best = oracle.sample();
    if (!oracle.coin(beta)) return {best};
    for (std::uint32_t k = 1; k < d; ++k) {
      const gapcheck::Bin other = oracle.sample();
      if (oracle.compare(other, best) == gapcheck::Order::less) best = other;
    }
    return {best};
  }
};

GAPCHECK_REGISTER_PROCESS(OnePlusBetaD)
