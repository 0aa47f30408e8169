// Deliberately broken processes, settings and states shared by the suites that must catch them:
// the property tier (properties/mutants_test.cpp, oracles_test.cpp) and the statistical tier
// (stats/claims/tests/, processes/tests/statistical/).
#pragma once

#include <algorithm>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/levels.hpp"

namespace gapcheck {

// Two-Choice that sends the ball to the heavier of its two samples 5 % of the time.
struct HeavierTwoChoice {
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin a = oracle.sample();
    const Bin b = oracle.sample();
    const Bin light = lighter(oracle, a, b, TieRule::random);
    return {oracle.coin(0.05) ? (light == a ? b : a) : light};
  }
};

// --- levels states with a fault (core/levels.hpp), for the engines' checks --------------------

// Reads the load, and the rank question's counts, of the rank below the sampled one (placements
// are right).
struct OffByOneRankLevels : LevelLoads {
  using LevelLoads::LevelLoads;
  Load operator[](Bin r) const { return LevelLoads::operator[](r == 0 ? 0 : r - 1); }
  RankCounts rank_counts(Bin r) const { return LevelLoads::rank_counts(r == 0 ? 0 : r - 1); }
};

// The placed bin keeps its old rank, so the next ball of the step lands elsewhere.
struct StaleRankLevels : LevelLoads {
  using LevelLoads::LevelLoads;
  Bin add(Bin r, Load weight) {
    LevelLoads::add(r, weight);
    return r;
  }
};

// --- settings that stay within their limits but do not use their power, or whose randomness
// has the wrong law (properties/strength*.cpp) ---------------------------------------------

// The exact oracle whose sample() draws again when it drew bin 0: bin 0 has probability 1/n^2,
// every other bin (1 + 1/n)/n. Samples stay in range; only their law is wrong.
template <class Load>
class RerollingSampleOracle : public ExactOracle<Load> {
 public:
  using ExactOracle<Load>::ExactOracle;
  Bin sample() {
    const Bin b = ExactOracle<Load>::sample();
    return b == 0 ? ExactOracle<Load>::sample() : b;
  }
  Bin sample_if(bool wanted) {
    const Bin b = ExactOracle<Load>::sample_if(wanted);
    return wanted && b == 0 ? ExactOracle<Load>::sample() : b;
  }
};
struct RerollingSampleSetting {
  template <class Load>
  RerollingSampleOracle<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams};
  }
};

// The exact oracle whose process coin comes up with probability 1.1 p instead of p.
template <class Load>
class BiasedCoinOracle : public ExactOracle<Load> {
 public:
  using ExactOracle<Load>::ExactOracle;
  bool coin(double p) { return bernoulli(this->coins_, std::min(1.0, 1.1 * p)); }
};
struct BiasedCoinSetting {
  template <class Load>
  BiasedCoinOracle<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams};
  }
};

// g-Bounded's `heavier` adversary that reverses only half the comparisons it may (a setting
// coin decides which), and reads only half the loads as x - g.
struct HalfHeavierAdversary {
  template <class State>
  Order answer(bool decidable, Order truth, double, double, const State&, Rng& setting) const {
    return bernoulli_if(setting, decidable, 0.5) ? reversed(truth) : truth;
  }
  template <class State>
  double read(double x, double g, const State&, Rng& setting) const {
    return bernoulli(setting, 0.5) ? x - g : x;
  }
};

// `near-max` that spends its power only on a bin AT the maximum, not on every bin within g of it.
struct TimidNearMaxAdversary {
  template <class State>
  Order answer(bool, Order truth, double favoured, double, const State& loads, Rng&) const {
    return favoured >= static_cast<double>(loads.max()) ? reversed(truth) : truth;
  }
  template <class State>
  double read(double x, double g, const State& loads, Rng&) const {
    return x >= static_cast<double>(loads.max()) ? x - g : x;
  }
};

// g-Myopic's coin, biased: "less" with probability 0.55 instead of 1/2.
struct BiasedMyopicCoin : RandomAdversary {
  template <class State>
  Order answer(bool decidable, Order, double, double, const State&, Rng& setting) const {
    return bernoulli_if(setting, decidable, 0.55) ? Order::less : Order::greater;
  }
};

// g-Myopic whose load reads are uniform on [x - g/2, x + g/2]: within g, but half the spread.
struct NarrowMyopicReads : RandomAdversary {
  template <class State>
  double read(double x, double g, const State& loads, Rng& setting) const {
    return RandomAdversary::read(x, 0.5 * g, loads, setting);
  }
};

// sigma-Noisy whose comparisons perturb only the first bin's read: each read it makes is
// N(x, sigma^2), but the difference of a comparison has variance sigma^2, not 2 sigma^2.
template <class Load>
class OneSidedNoiseOracle : public SettingOracle<Load> {
 public:
  OneSidedNoiseOracle(Loads<Load>& loads, Streams& streams, double sigma)
      : SettingOracle<Load>(loads, streams), sigma_(sigma) {}
  Order compare(Bin i, Bin j) {
    const double a = static_cast<double>(this->loads_[i]) + sigma_ * standard_normal(this->streams_.setting);
    return order_of(a, static_cast<double>(this->loads_[j]));
  }

 private:
  double sigma_;
};
struct OneSidedNoiseSetting {
  double sigma = 1;
  template <class Load>
  OneSidedNoiseOracle<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams, sigma};
  }
};

// Random tau-Delay that reads the fresher of two uniform steps of the window: every read lies in
// the window, but the delay has law P(back = k) = (2 (tau - k) - 1) / tau^2, not 1/tau.
struct FreshBiasedDelay {
  std::uint64_t back = 0;
  void start_question(std::uint64_t tau, Rng& setting) {
    back = std::min(bounded(setting, tau), bounded(setting, tau));
  }
  template <class Load>
  Load read(const DelayWindow<Load>& window, Bin i, bool, Load x, std::uint64_t, Rng&) const {
    return window.back_in_time(i, back, x);
  }
};

// Two-Choice with state hidden outside its run: a counter shared by every copy sends every
// seventh ball to the heavier sample, so a replay of one (seed, replicate) differs.
struct HiddenStateTwoChoice {
  static inline std::uint64_t calls = 0;
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin a = oracle.sample();
    const Bin b = oracle.sample();
    const Bin light = lighter(oracle, a, b, TieRule::random);
    return {++calls % 7 == 0 ? (light == a ? b : a) : light};
  }
};

}  // namespace gapcheck
