// g-Bounded (g-Adv-Comp): an adaptive adversary may fix the result of any comparison between
// two bins whose loads differ by at most g; comparisons of loads further apart are correct.
// Source: Alistarh, Brown, Kopinsky, Li, Nadiradze, SPAA'18; Los & Sauerwald, J.ACM 70(6), 2023
// (arXiv 2206.07503), PODC'22. docs/settings.md gives the rule for every oracle question.
//
// Every question a process asks is a comparison of a bin's load with something: another bin
// (compare), a level (compare_to: thresholds, the mean), the k-th heaviest load q (in_top). The
// adversary may decide it iff the two values differ by at most g. A load read (load(i)) may be
// reported anywhere in [x_i - g, x_i + g]. Adversaries are small policy types:
//   answer(decidable, truth, favoured, ...)
//                                 the order to report if the comparison is decidable; `favoured`
//                                 is the load of the bin that reversing the truth would make
//                                 look lighter than it is (no_bin if reversing favours no bin).
//                                 Asked of every comparison, so that the oracle takes the answer
//                                 without a branch; it draws only for a decidable one
//                                 (bernoulli_if), and its answer to another is not used
//   read(x, ...)                  the value to report for a load read of x
// Their randomness comes from the setting stream only.
#pragma once

#include <cmath>
#include <cstdint>

#include "processes/core/describe.hpp"
#include "processes/core/oracle.hpp"
#include "processes/settings/setting_oracle.hpp"

namespace gapcheck {

// The strategy of the paper's experiments: every decidable comparison is answered reversed, so a
// process that prefers the lighter answer sends the ball to the heavier bin; every load is read
// as x - g. On exactly equal loads there is no heavier bin to prefer: it answers "equal" and the
// process's own tie rule decides, which makes g = 0 Two-Choice itself, ball for ball.
struct HeavierAdversary {
  template <class State>
  Order answer(bool, Order truth, double, double, const State&, Rng&) const {
    return reversed(truth);
  }
  template <class State>
  double read(double x, double g, const State&, Rng&) const {
    return x - g;
  }
};

// Every decidable comparison is decided by a fair coin, exactly equal values included: this is
// g-Myopic's "if |x_i1 - x_i2| <= g, allocate to i1 or i2 with probability 1/2" (Los & Sauerwald),
// and no answer within g is ever "equal", so the process's own tie rule never decides. At g = 0
// that is a coin on exact ties: the law of Two-Choice with random ties, not its sample path, and
// not the law of a process whose tie rule is not a fair coin (ties=index, Left, Memory,
// thresholds). A load read is uniform on [x - g, x + g].
struct RandomAdversary {
  template <class State>
  Order answer(bool decidable, Order, double, double, const State&, Rng& setting) const {
    return bernoulli_if(setting, decidable, 0.5) ? Order::less : Order::greater;
  }
  template <class State>
  double read(double x, double g, const State&, Rng& setting) const {
    return x + g * (2.0 * uniform01(setting) - 1.0);
  }
};

// Adaptive, reading the whole load vector: it reverses a decidable comparison only when that
// makes a bin within g of the current maximum look lighter, i.e. it spends its power only where
// a ball can raise (or keep pace with) the maximum, and otherwise answers truthfully. A load read
// of such a bin is x - g, any other read is exact.
struct NearMaxAdversary {
  template <class State>
  Order answer(bool, Order truth, double favoured, double g, const State& loads, Rng&) const {
    return favoured >= static_cast<double>(loads.max()) - g ? reversed(truth) : truth;
  }
  template <class State>
  double read(double x, double g, const State& loads, Rng&) const {
    return x >= static_cast<double>(loads.max()) - g ? x - g : x;
  }
};

template <class LoadT, class Adversary, class State = Loads<LoadT>>
class GBoundedOracle : public SettingOracle<LoadT, State> {
  using Base = SettingOracle<LoadT, State>;
  using Base::loads_;
  using Base::streams_;

 public:
  using hides = Hides<Question::compare, Question::compare_to, Question::in_top, Question::load>;

  GBoundedOracle(State& loads, Streams& streams, double g, Adversary adversary)
      : Base(loads, streams), g_(g), adversary_(adversary) {}

  // A bin compared with itself is not a comparison of two bins: "equal", whatever the adversary.
  Order compare(Bin i, Bin j) {
    if (i == j) return Order::equal;
    const double xi = loads_[i], xj = loads_[j];
    return decide(xi, xj, std::max(xi, xj));
  }
  Order compare_to(Bin i, double level) {
    const double x = loads_[i];
    return decide(x, level, x > level ? x : no_bin);
  }
  bool in_top(Bin i, std::uint64_t k) {
    if (k == 0) return false;
    const double x = loads_[i], q = this->kth_level(k);
    return this->in_top_as(decide(x, q, x > q ? x : no_bin), i, k);
  }
  double load(Bin i) {
    const double x = loads_[i];
    const double reported = adversary_.read(x, g_, loads_, streams_.setting);
    bent_reads_ += reported != x;
    return reported;
  }

  SettingCounts counts() const {
    return {{"decidable", decidable_}, {"flipped", this->flipped_}, {"bent_reads", bent_reads_}};
  }

 private:
  // The reported order of a against b; `favoured` as in the adversary's answer(). Computed, not
  // branched: whether a comparison is decidable is a coin flip to a branch predictor.
  Order decide(double a, double b, double favoured) {
    const Order truth = order_of(a, b);
    const bool decidable = std::abs(a - b) <= g_;
    decidable_ += decidable;
    const Order answer =
        adversary_.answer(decidable, truth, favoured, g_, loads_, streams_.setting);
    return this->counted(truth, static_cast<Order>(select_by_cmov<int>(
                                    decidable, static_cast<int>(truth), static_cast<int>(answer))));
  }

  double g_;
  Adversary adversary_;
  std::uint64_t decidable_ = 0;
  std::uint64_t bent_reads_ = 0;
};

template <class Adversary>
struct GBoundedSetting {
  static constexpr bool on_levels = true;
  double g = 1;
  Adversary adversary{};

  template <class Load = void, class State>
  GBoundedOracle<oracle_load_t<Load, State>, Adversary, State> oracle(State& loads,
                                                                      Streams& streams) const {
    return {loads, streams, g, adversary};
  }
};

inline ParamDef g_param(const char* help) {
  return {"g", ParamDef::Kind::real, "1", 0, 1e9, {}, help};
}

template <class AnySetting>
std::vector<Described<AnySetting>> g_bounded_entries() {
  return {{{"g-bounded",
            "an adaptive adversary decides every comparison of values at most g apart; others are "
            "true",
            "Alistarh et al., SPAA'18; Los, Sauerwald, PODC'22 / J. ACM 2023, arXiv 2206.07503",
            {g_param("comparisons of values at most g apart may be decided by the adversary"),
             {"adversary", ParamDef::Kind::choice, "heavier", 0, 0, {"heavier", "random", "near-max"},
              "heavier = reverse every decidable comparison (ball to the heavier bin), random = a "
              "fair coin (equal values too: g-myopic), near-max = reverse only when that favours a "
              "bin within g of the maximum"}}},
           [](const Params& p) -> AnySetting {
             const double g = p.real("g");
             const std::string& adversary = p.choice("adversary");
             if (adversary == "random") return GBoundedSetting<RandomAdversary>{g};
             if (adversary == "near-max") return GBoundedSetting<NearMaxAdversary>{g};
             return GBoundedSetting<HeavierAdversary>{g};
           }}};
}

}  // namespace gapcheck
