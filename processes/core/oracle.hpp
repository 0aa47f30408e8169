// What a process may know about the loads, and the one place where it learns it.
//
// A process never touches the load vector. It asks an oracle: sample a bin, compare two bins,
// compare a bin with a level (a threshold, the mean), read a load, ask whether a bin is among
// the k heaviest. A *setting* (g-Bounded, sigma-Noisy, b-Batched, ...) is an oracle that answers
// these questions its own way, and decides when a placement becomes visible. So any process
// composes with any setting, and a setting's rule lives in exactly one class, where a test can
// audit every answer it gives.
//
// ExactOracle answers truthfully; settings derive from it and hide the questions they change.
// Dispatch is static: processes are templates over the oracle type, so the per-ball loop has no
// virtual call. The state the oracle reads is a template parameter too: the per-bin Loads, or the
// load histogram of the levels engine (core/levels.hpp), which answers the same questions.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "processes/core/loads.hpp"
#include "processes/core/random.hpp"

namespace gapcheck {

enum class Order : signed char { less = -1, equal = 0, greater = 1 };

// Computed, not branched: in the per-ball loop the order of two sampled loads is unpredictable.
template <class A, class B>
constexpr Order order_of(A a, B b) {
  return static_cast<Order>(static_cast<signed char>(b < a) - static_cast<signed char>(a < b));
}
constexpr Order reversed(Order o) { return static_cast<Order>(-static_cast<signed char>(o)); }

// The load type of a setting's oracle: the one asked for (`setting.oracle<Load>(state, ...)`), or
// the state's own (`setting.oracle(state, ...)`).
template <class Asked, class State>
using oracle_load_t =
    std::conditional_t<std::is_void_v<Asked>, typename State::value_type, Asked>;

// A named count that a setting reports for a run (decisions flipped, stale reads, ...).
using SettingCounts = std::vector<std::pair<std::string, std::uint64_t>>;

template <class LoadT, class State = Loads<LoadT>>
class ExactOracle {
 public:
  using Load = LoadT;

  ExactOracle(State& loads, Streams& streams) : loads_(loads), streams_(streams) {
    for (auto& word : ahead_) word = draw_ahead();
  }

  // --- what every process may know -------------------------------------------------------
  std::size_t n() const { return loads_.n(); }
  // The process's clock t: the step it believes it is at, in balls placed before this one. A
  // setting answers it from the same state as the loads it reports (b-Batched: the batch start).
  std::uint64_t balls() const { return loads_.balls(); }
  double average() const { return loads_.average(); }  // W/n, from the same state as balls()

  // A uniform bin of [n]; every call is one probe.
  Bin sample() { return sample_in(0, loads_.n()); }
  // A uniform bin of [first, last); one probe.
  Bin sample_in(Bin first, Bin last) {
    ++probes_;
    SampleWords words{this};
    return first + static_cast<Bin>(bounded(words, last - first));
  }

  // x_i compared with x_j.
  Order compare(Bin i, Bin j) { return order_of(loads_[i], loads_[j]); }
  // x_i compared with a level (a threshold, the average, ...).
  Order compare_to(Bin i, double level) { return order_of(static_cast<double>(loads_[i]), level); }
  // The value of x_i.
  double load(Bin i) { return static_cast<double>(loads_[i]); }

  // Is bin i among the k heaviest bins? Bins of equal load are ranked uniformly at random, so
  // the answer is exactly "the rank of i in a uniformly tie-broken decreasing order is <= k".
  // Needs loads that track levels (unit weights).
  bool in_top(Bin i, std::uint64_t k) { return in_top_of(loads_, i, k); }

  // The process's own randomness (not the setting's, not the samples').
  bool coin(double p) { return bernoulli(streams_.coins, p); }

  // --- what the engine uses -----------------------------------------------------------------
  // Places a ball on bin i and returns the bin's name afterwards, where the next ball of the same
  // step goes: i itself for per-bin loads, the bin's new rank for the levels engine.
  Bin place(Bin i, Load weight) {
    if constexpr (std::is_void_v<decltype(loads_.add(i, weight))>) {
      loads_.add(i, weight);
      return i;
    } else {
      return loads_.add(i, weight);
    }
  }
  // Whether the true loads are what the process would see now, so that the gap-over-time
  // statistics count this step (batched settings: only at batch ends).
  bool visible() const { return true; }
  std::uint64_t probes() const { return probes_; }
  SettingCounts counts() const { return {}; }

 protected:
  // The rank question against a given load vector (the truth, or a batch's snapshot). Levels
  // provides operator[](i), bins_at_level(q) and bins_above(q) (as Loads does): O(1) per call.
  template <class Levels>
  bool in_top_of(const Levels& levels, Bin i, std::uint64_t k) {
    const auto level = static_cast<std::uint64_t>(levels[i]);
    const std::uint64_t heavier = levels.bins_above(level);
    if (heavier >= k) return false;
    const std::uint64_t tied = levels.bins_at_level(level);
    if (heavier + tied <= k) return true;
    return bounded(streams_.coins, tied) < k - heavier;  // a uniform rank among the tied bins
  }

  State& loads_;
  Streams& streams_;
  std::uint64_t probes_ = 0;

 private:
  // Sample look-ahead. The sample stream's words are drawn kAhead words early, and the bin each
  // one names as a draw from [n] (what it almost always becomes) is prefetched, so its load is in
  // cache by the time the process compares it. Words are used in the order they were drawn, so
  // every sample is the same as without look-ahead; only memory latency is hidden.
  static constexpr std::size_t kAhead = 16;

  std::uint64_t draw_ahead() {
    const std::uint64_t word = streams_.samples();
    const auto likely_bin = static_cast<Bin>((static_cast<uint128>(word) * loads_.n()) >> 64);
    if constexpr (requires { loads_.vector(); })
      __builtin_prefetch(loads_.vector().data() + likely_bin);
    return word;
  }

  std::uint64_t next_sample_word() {
    const std::uint64_t word = ahead_[head_];
    ahead_[head_] = draw_ahead();
    head_ = (head_ + 1) % kAhead;
    return word;
  }

  // The engine interface that bounded() draws from.
  struct SampleWords {
    ExactOracle* oracle;
    std::uint64_t operator()() { return oracle->next_sample_word(); }
  };

  std::array<std::uint64_t, kAhead> ahead_{};
  std::size_t head_ = 0;
};

}  // namespace gapcheck
