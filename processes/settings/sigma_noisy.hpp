// sigma-Noisy-Load: every load the process reads is perturbed by fresh, independent N(0, sigma^2)
// noise, and decisions compare the noisy real values.
//   i1, i2 ~ Uniform([n]);  x~k = x_ik + N(0, sigma^2) fresh per read;  allocate to argmin(x~1, x~2)
// Source: Los & Sauerwald, J.ACM 70(6), 2023 (arXiv 2206.07503), PODC'22.
//
// Real sigma and real-valued comparisons (the authors' code truncates to integers; we do not).
// Each read draws one standard normal from the setting stream, and sigma = 0 adds exactly 0, so
// sigma = 0 places every ball where the exact setting does. compare_to and in_top perturb the
// bin's read and compare it with the level (or q, the k-th heaviest load) exactly: the level is
// the process's own knowledge, not a read. docs/settings.md.
#pragma once

#include <cstdint>

#include "processes/core/describe.hpp"
#include "processes/settings/setting_oracle.hpp"

namespace gapcheck {

template <class LoadT, class State = Loads<LoadT>>
class SigmaNoisyOracle : public SettingOracle<LoadT, State> {
  using Base = SettingOracle<LoadT, State>;
  using Base::loads_;
  using Base::streams_;

 public:
  using hides = Hides<Question::load, Question::compare, Question::compare_to, Question::in_top>;

  SigmaNoisyOracle(State& loads, Streams& streams, double sigma)
      : Base(loads, streams), sigma_(sigma) {}

  double load(Bin i) {
    ++noisy_reads_;
    return static_cast<double>(loads_[i]) + sigma_ * standard_normal(streams_.setting);
  }
  Order compare(Bin i, Bin j) { return this->compare_read(i, j, noisy()); }
  Order compare_to(Bin i, double level) { return this->compare_to_read(i, level, noisy()); }
  bool in_top(Bin i, std::uint64_t k) { return this->in_top_read(i, k, noisy()); }

  SettingCounts counts() const {
    return {{"noisy_reads", noisy_reads_}, {"flipped", this->flipped_}};
  }

 private:
  auto noisy() {
    return [this](Bin i, bool) { return load(i); };
  }

  double sigma_;
  std::uint64_t noisy_reads_ = 0;
};

struct SigmaNoisySetting {
  static constexpr bool on_levels = true;
  double sigma = 1;

  template <class Load = void, class State>
  SigmaNoisyOracle<oracle_load_t<Load, State>, State> oracle(State& loads,
                                                             Streams& streams) const {
    return {loads, streams, sigma};
  }
};

template <class AnySetting>
std::vector<Described<AnySetting>> sigma_noisy_entries() {
  return {{{"sigma-noisy",
            "every load read is x_i + N(0, sigma^2), fresh per read; real comparisons",
            "Los, Sauerwald, PODC'22 / J. ACM 2023, arXiv 2206.07503",
            {{"sigma", ParamDef::Kind::real, "1", 0, 1e9, {}, "standard deviation of the noise"}}},
           [](const Params& p) -> AnySetting { return SigmaNoisySetting{p.real("sigma")}; }}};
}

}  // namespace gapcheck
