// sigma-Noisy-Load: every load the process reads is perturbed by fresh, independent N(0, sigma^2)
// noise, and decisions compare the noisy real values.
//   i1, i2 ~ Uniform([n]);  x~k = x_ik + N(0, sigma^2) fresh per read;  allocate to argmin(x~1, x~2)
// Source: Los & Sauerwald, J.ACM 70(6), 2023 (arXiv 2206.07503), PODC'22.
//
// Real sigma and real-valued comparisons (the authors' code truncates to integers; we do not).
// compare_to and in_top perturb the bin's read and compare it with the level (or q, the k-th
// heaviest load) exactly: the level is the process's own knowledge, not a read. docs/settings.md.
//
// A comparison of two fresh reads, x_i + sigma Z_i < x_j + sigma Z_j, holds with probability
// Phi((x_j - x_i) / (sigma sqrt 2)) whatever the process read before (every read is fresh). So
// noise=per-comparison (the default) draws that outcome with one uniform against the normal CDF,
// from a table by load difference for integer loads; noise=per-read draws the two normals (two
// Box-Muller normals per comparison, several times slower). The two have the same law and
// different streams: the parameter is part of the spec, so their runs never mix in a run store.
// sigma = 0 answers every question exactly, drawing nothing (per-comparison) or adding 0 to
// every read (per-read): both place every ball where the exact setting does.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>

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

  SigmaNoisyOracle(State& loads, Streams& streams, double sigma, bool per_read = false)
      : Base(loads, streams), sigma_(sigma), per_read_(per_read) {
    less_by_difference_.fill(kUnset);
  }

  double load(Bin i) {
    ++noisy_reads_;
    return static_cast<double>(loads_[i]) + sigma_ * standard_normal(streams_.setting);
  }
  Order compare(Bin i, Bin j) {
    if (per_read_) return this->compare_read(i, j, noisy());
    noisy_reads_ += 2;  // the two reads the comparison stands for
    const Order truth = order_of(loads_[i], loads_[j]);
    if (sigma_ == 0) return this->counted(truth, truth);
    // bernoulli(setting, p) as one integer comparison of the same word (bernoulli_bound)
    const bool less = (streams_.setting() >> 11) < less_bound(loads_[i], loads_[j]);
    return this->counted(truth, order_from_less(less));
  }
  Order compare_to(Bin i, double level) { return this->compare_to_read(i, level, noisy()); }
  bool in_top(Bin i, std::uint64_t k) { return this->in_top_read(i, k, noisy()); }

  SettingCounts counts() const {
    return {{"noisy_reads", noisy_reads_}, {"flipped", this->flipped_}};
  }

 private:
  auto noisy() {
    return [this](Bin i, bool) { return load(i); };
  }

  // P(x_i + sigma Z_i < x_j + sigma Z_j) = Phi((x_j - x_i) / (sigma sqrt 2))
  // = erfc((x_i - x_j) / (2 sigma)) / 2, as its bernoulli_bound. Integer loads: by difference
  // from a table filled as differences occur (a run meets a few dozen), the erfc beyond it.
  std::uint64_t less_bound(LoadT xi, LoadT xj) {
    const double difference = static_cast<double>(xi) - static_cast<double>(xj);
    const auto computed = [&] {
      return bernoulli_bound(0.5 * std::erfc(difference / (2 * sigma_)));
    };
    if constexpr (std::is_integral_v<LoadT>) {
      const double index = difference + kHalfTable;
      if (index >= 0 && index < static_cast<double>(less_by_difference_.size())) {
        std::uint64_t& bound = less_by_difference_[static_cast<std::size_t>(index)];
        if (bound == kUnset) [[unlikely]] bound = computed();
        return bound;
      }
    }
    return computed();
  }

  static constexpr int kHalfTable = 256;
  static constexpr std::uint64_t kUnset = ~std::uint64_t{0};  // bounds are at most 2^53
  double sigma_;
  bool per_read_;
  std::uint64_t noisy_reads_ = 0;
  std::array<std::uint64_t, 2 * kHalfTable + 1> less_by_difference_;  // by x_i - x_j + kHalfTable
};

struct SigmaNoisySetting {
  static constexpr bool on_levels = true;
  double sigma = 1;
  bool per_read = false;  // noise=per-read: two normals per comparison (same law, other streams)

  template <class Load = void, class State>
  SigmaNoisyOracle<oracle_load_t<Load, State>, State> oracle(State& loads,
                                                             Streams& streams) const {
    return {loads, streams, sigma, per_read};
  }
};

template <class AnySetting>
std::vector<Described<AnySetting>> sigma_noisy_entries() {
  return {{{"sigma-noisy",
            "every load read is x_i + N(0, sigma^2), fresh per read; real comparisons",
            "Los, Sauerwald, PODC'22 / J. ACM 2023, arXiv 2206.07503",
            {{"sigma", ParamDef::Kind::real, "1", 0, 1e9, {}, "standard deviation of the noise"},
             {"noise", ParamDef::Kind::choice, "per-comparison", 0, 0,
              {"per-comparison", "per-read"},
              "how a comparison of two reads is drawn: per-comparison (one uniform against "
              "Phi((x_j - x_i)/(sigma sqrt 2))) or per-read (two normals); the same law, other "
              "random streams"}}},
           [](const Params& p) -> AnySetting {
             return SigmaNoisySetting{p.real("sigma"), p.choice("noise") == "per-read"};
           }}};
}

}  // namespace gapcheck
