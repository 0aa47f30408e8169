// What a process may know about the loads, and the one place where it learns it.
//
// A process never touches the load vector. It asks an oracle: sample a bin, compare two bins,
// compare a bin with a level (a threshold, the mean), read a load, ask whether a bin is among
// the k heaviest. A *setting* (g-Bounded, sigma-Noisy, b-Batched, ...) is an oracle that answers
// these questions its own way, and decides when a placement becomes visible. So any process
// composes with any setting, and a setting's rule lives in exactly one class, where a test can
// audit every answer it gives.
//
// ExactOracle answers truthfully; settings derive from it and hide the questions they change
// (declaring which: `hides`, below).
// Dispatch is static: processes are templates over the oracle type, so the per-ball loop has no
// virtual call. The state the oracle reads is a template parameter too: the per-bin Loads, or the
// load histogram of the levels engine (core/levels.hpp), which answers the same questions.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
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
// Whether `o` is less (or, if `or_at`, less or equal): the order (-1, 0, 1) below 0, or below 1.
constexpr bool order_below(Order o, bool or_at) {
  return static_cast<int>(o) < static_cast<int>(or_at);
}
constexpr Order reversed(Order o) { return static_cast<Order>(-static_cast<signed char>(o)); }
// less or greater by a bool, computed: a noisy comparison's answer is a coin flip.
constexpr Order order_from_less(bool less) { return static_cast<Order>(1 - 2 * static_cast<int>(less)); }

// `take_second ? second : first` as a conditional move, where GCC emits a branch for the ternary
// (measured: thinning's acceptance and (1+beta)'s coin, 3x slower at n = 2^10) and the condition
// is a coin flip to the branch predictor.
template <class T>
T select_by_cmov(bool take_second, T first, T second) {
  static_assert(std::is_integral_v<T> && sizeof(T) >= 4);
#if defined(__x86_64__)
  asm("test %[take], %[take]\n\t{cmovne %[second], %[first]|cmovne %[first], %[second]}"
      : [first] "+r"(first)
      : [take] "r"(take_second), [second] "r"(second)
      : "cc");
  return first;
#else
  return take_second ? second : first;
#endif
}


// The load type of a setting's oracle: the one asked for (`setting.oracle<Load>(state, ...)`), or
// the state's own (`setting.oracle(state, ...)`).
template <class Asked, class State>
using oracle_load_t =
    std::conditional_t<std::is_void_v<Asked>, typename State::value_type, Asked>;

// A named count that a setting reports for a run (decisions flipped, stale reads, ...).
using SettingCounts = std::vector<std::pair<std::string, std::uint64_t>>;

// The questions a setting's oracle may answer itself. A setting oracle lists those it bends,
//   using hides = Hides<Question::compare, Question::load, ...>;
// and the Setting concept (core/process.hpp) checks that it declares each of them, so that one it
// forgets is a compile error rather than a truthful answer inherited from ExactOracle.
enum class Question { balls, average, sample, compare, compare_to, load, in_top, coin };

template <Question... Qs>
struct Hides {};

template <class LoadT, class State>
class ExactOracle;

// The class whose member answers question Q for oracle type O: O itself, or the ExactOracle it
// inherits the (truthful) answer from.
namespace detail {
template <class M>
struct member_class;
template <class R, class C>
struct member_class<R C::*> {
  using type = C;
};
template <class O, Question Q>
constexpr auto answer_of() {
  if constexpr (Q == Question::balls) return &O::balls;
  else if constexpr (Q == Question::average) return &O::average;
  else if constexpr (Q == Question::sample) return &O::sample;
  else if constexpr (Q == Question::compare) return &O::compare;
  else if constexpr (Q == Question::compare_to) return &O::compare_to;
  else if constexpr (Q == Question::load) return &O::load;
  else if constexpr (Q == Question::in_top) return &O::in_top;
  else return &O::coin;
}
template <class T>
struct is_exact_oracle : std::false_type {};
template <class L, class S>
struct is_exact_oracle<ExactOracle<L, S>> : std::true_type {};
}  // namespace detail

template <class O, Question Q>
using answering_class_t = typename detail::member_class<decltype(detail::answer_of<O, Q>())>::type;

// Whether O answers question Q with ExactOracle's own member. For balls, average, compare,
// compare_to and load that is the truth, read without drawing randomness or counting anything,
// so asking once more than the process needs changes nothing; sample, coin and in_top draw.
template <class O, Question Q>
constexpr bool answers_exactly = detail::is_exact_oracle<answering_class_t<O, Q>>::value;

template <class LoadT, class State = Loads<LoadT>>
class ExactOracle {
  // Per-bin loads (Loads), or the levels engine's histogram, which has no cells to prefetch.
  static constexpr bool kPerBin = requires(const State& state) { state.vector(); };

 public:
  using Load = LoadT;
  // Whether the state is per-bin loads, where reading a load is one memory access, or the levels
  // engine's histogram, where it is a lookup of the rank's level.
  static constexpr bool per_bin = kPerBin;
  // Whether the state names bins by rank in ascending load order (LevelLoads::sorted_ranks).
  static constexpr bool sorted_ranks = [] {
    if constexpr (requires { State::sorted_ranks; }) return State::sorted_ranks;
    return false;
  }();

  ExactOracle(State& loads, Streams& streams) : loads_(loads), streams_(streams) {
    if constexpr (kPerBin)
      if (loads_.n() >> 32 != 0)
        throw std::logic_error(
            "per-bin loads hold fewer than 2^32 bins (more need the levels engine)");
    fill_ring();
  }

  // --- what every process may know -------------------------------------------------------
  std::size_t n() const { return loads_.n(); }
  // The process's clock t: the step it believes it is at, in balls placed before this one. A
  // setting answers it from the same state as the loads it reports (b-Batched: the batch start).
  std::uint64_t balls() const { return loads_.balls(); }
  double average() const { return loads_.average(); }  // W/n, from the same state as balls()

  // A uniform bin of [n]; every call is one probe. Per-bin loads hold fewer than 2^32 bins (the
  // constructor checks), so their draw needs no test for a wide range.
  Bin sample() {
    if constexpr (kPerBin) return draw_narrow(0, loads_.n());
    else return sample_in(0, loads_.n());
  }
  // A uniform bin of [first, last); one probe. Lemire's method on 32-bit words: a word w gives
  // first + floor(w (last - first) / 2^32) unless its low product falls in the 2^32 mod range
  // rejected values, when the next word is tried. Ranges of 2^32 or more (only the levels
  // engine's n reaches them) take two words, low half first, as one 64-bit word.
  // On the levels engine bins are ranks, and only the whole range [0, n) means anything. Per-bin
  // loads hold fewer than 2^32 bins, so their ranges take one word (as in sample()).
  Bin sample_in(Bin first, Bin last) {
    const auto range = static_cast<std::uint64_t>(last - first);
    if constexpr (kPerBin) {
      return draw_narrow(first, range);
    } else {
      if (first != 0 || last != loads_.n()) [[unlikely]]
        throw std::logic_error("the levels engine samples only the whole range [0, n)");
    }
    if (range >> 32 != 0) [[unlikely]] {
      WideWords words{this};
      const std::uint64_t before = words_read();
      const Bin drawn = first + static_cast<Bin>(bounded(words, range));
      unprobed_words_ += words_read() - before - 1;  // one probe, whatever words it took
      return drawn;
    }
    return draw_narrow(first, range);
  }

  // A sample that the process uses only on some steps (two-thinning's secondary, Quantile's fresh
  // sample, (1+beta)'s second choice): the bin sample() would give, drawn whether or not it is
  // `wanted` (stream layout 4), and a probe only if it is. So where the next step's samples fall
  // never depends on this step's loads: the process may read this bin's load and choose by a
  // conditional move, and no step waits for the comparison of the one before. A bin that is not
  // wanted must not be asked about: under a setting that would be a question the definition does
  // not ask.
  Bin sample_if(bool wanted) {
    const Bin drawn = sample();
    unprobed_words_ += !wanted;
    return drawn;
  }

  // The bins that the next kCount samples would give, without drawing them, unless one of their
  // words might be rejected by Lemire's method or the range takes wide draws (then false, and
  // the process draws them one by one). A process that stops at a sample decided by loads
  // (FirstDiff) reads them all at once and then takes the ones it uses (take_samples): no step
  // waits on a branch per sample. The words are the ones sample() would read, in order.
  template <std::size_t kCount>
  bool peek_samples(std::array<Bin, kCount>& bins) const {
    static_assert(kCount <= kRing - kBlock, "the ring holds kRing - kBlock words ahead");
    static_assert(kCount <= kBlock, "take_samples refills at most one block");
    const std::uint64_t range = loads_.n();
    if (range >> 32 != 0) return false;
    bool clear = true;  // no word in the zone where Lemire's method may reject it
    for (std::size_t k = 0; k < kCount; ++k) {
      const std::uint64_t product = std::uint64_t{ring_[(words_read_ + k) % kRing]} * range;
      clear &= static_cast<std::uint32_t>(product) >= range;
      bins[k] = static_cast<Bin>(product >> 32);
    }
    return clear;
  }
  // Draws the first `count` samples of a peek (1 <= count <= kBlock), each a probe.
  void take_samples(std::size_t count) {
    const std::size_t into_block = words_read_ % kBlock;
    words_read_ += count;
    // A block just used up is refilled, as next_sample_word() does word by word.
    if (into_block + count >= kBlock) refill((words_read_ - into_block - count) % kRing);
  }

  // Where the probes of every step will fall: the k-th in group k of `starts` (starts[k] ..
  // starts[k + 1], k = 0 .. groups - 1). Only the prefetching reads it (Left tells it before its
  // first probe); the samples drawn are the same with or without it.
  void expect_groups(const Bin* starts, std::size_t groups) {
    plan_starts_ = starts;
    plan_groups_ = groups;
    plan_phase_ = kRing % groups;  // the ring holds words 0 .. kRing - 1: word kRing comes next
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
  bool coin(double p) { return bernoulli(coins_, p); }
  // coin(p) as (word >> 11) < bernoulli_bound(p), the bound worked out once a run by the
  // process: the same coin, an integer comparison (the exact setting's forms only).
  bool coin_under(std::uint64_t bound) { return (coins_() >> 11) < bound; }

  // x_i compared with the average W/n: the order compare_to(i, average()) gives, computed in
  // integers for integer loads (x_i n against W): no division on the path of every ball, and the
  // same order as against the correctly rounded W/n while W < 2^53 (above it, the exact one).
  // Processes ask it through compare_to_level (core/choice.hpp), which asks a setting that bends
  // compare_to or average the question as the definition words it.
  Order compare_to_exact_average(Bin i) {
    if constexpr (std::is_integral_v<Load>) return order_of(load_times_n(i), loads_.total());
    else return compare_to(i, average());
  }
  // Whether compare_to_exact_average(i) is less (or, if `or_at`, less or equal), as one
  // comparison (below_level, core/choice.hpp): GCC does not reduce the order's test to it, and
  // Twinning's and Packing's count of balls, on the path from one step to the next, waits on it.
  bool below_exact_average(Bin i, bool or_at = false) {
    // W + 1 does not wrap: W counts balls, fewer than 2^64 - 1.
    if constexpr (std::is_integral_v<Load>) return load_times_n(i) < loads_.total() + or_at;
    else return order_below(compare_to(i, average()), or_at);
  }

  // x_i as stored, for the exact setting's shortcuts (core/choice.hpp, and place_read): reading it
  // draws nothing and changes nothing, so a process that reads a load it does not use asks no
  // question. Called only on an oracle that reads_loads_freely (the exact setting's own): a
  // setting derived from ExactOracle inherits it and must never be asked it.
  Load stored_load(Bin i) const { return loads_[i]; }

  // --- what the engine uses -----------------------------------------------------------------
  // Places a ball on bin i and returns the bin's name afterwards, where the next ball of the same
  // step goes: i itself for per-bin loads, the bin's new rank for the levels engine.
  Bin place(Bin i, Load weight) {
    return named_after(i, [&] { return loads_.add(i, weight); });
  }
  // place() for an integer per-bin load `read` that the process has just read
  // (Placement::read_load); `balls` unit balls at once.
  Bin place_read(Bin i, Load read, Load balls)
    requires(std::is_integral_v<Load> && kPerBin)
  {
    loads_.add_to(i, read, balls);
    return i;
  }
  // Whether the true loads are what the process would see now, so that the gap-over-time
  // statistics count this step (batched settings: only at batch ends).
  bool visible() const { return true; }
  // Every word read is a probe, except the rejected ones, the other words of a wide draw and the
  // words of samples not wanted (sample_if).
  std::uint64_t probes() const { return words_read() - unprobed_words_; }
  SettingCounts counts() const { return {}; }

 protected:
  // The rank question against a given load vector (the truth, or a batch's snapshot). Levels
  // provides rank_counts(i), the bins above bin i's level and at it (Loads, and LevelLoads
  // from the rank's place in its histogram): O(1) per call.
  // The bin is in the top k if fewer than k bins are heavier and, where its level straddles the
  // k-th place, its uniform rank among the tied bins (a coin, drawn only there) is below the
  // places left. Which case a ball meets is a coin flip of the loads, so the answer is computed
  // without branches: the coin's word is drawn by masks (Rng::next_if), and only
  // bounded_from()'s rejection, at odds of tied / 2^64, takes a branch.
  template <class Levels>
  bool in_top_of(const Levels& levels, Bin i, std::uint64_t k) {
    const auto [heavier, tied] = levels.rank_counts(i);  // tied >= 1: bin i is at its level
    const bool some_left = heavier < k;
    const std::uint64_t left = k - heavier;  // the places left, where some_left
    const bool straddles = some_left & (tied > left);
    const std::uint64_t word = coins_.next_if(straddles);
    const uint128 product = static_cast<uint128>(word) * tied;
    auto rank = static_cast<std::uint64_t>(product >> 64);  // uniform among the tied bins
    if (straddles & (static_cast<std::uint64_t>(product) < tied)) [[unlikely]]
      rank = bounded_from(word, coins_, tied);
    return some_left & ((tied <= left) | (rank < left));
  }

  State& loads_;
  Streams& streams_;
  // The coin stream, copied into the oracle for the run: a local of the run's loop, its state
  // stays in registers, where the run's Streams is memory that the sample refills may read
  // (measured: docs/performance.md). The one oracle of a run draws every coin from it.
  Rng coins_ = streams_.coins;

 private:
  // x_i n for an integer load; where it overflows it exceeds W, a count of balls < 2^64 - 1.
  std::uint64_t load_times_n(Bin i) const {
    std::uint64_t scaled;
    if (__builtin_mul_overflow(static_cast<std::uint64_t>(loads_[i]),
                               static_cast<std::uint64_t>(loads_.n()), &scaled))
      scaled = std::numeric_limits<std::uint64_t>::max();
    return scaled;
  }

  // The sample ring (SampleStream, core/random.hpp): the sample stream's 32-bit words, used in
  // order; the block just used is refilled at once, kRing - kBlock words ahead of its use. When
  // the loads do not fit in the L2 cache, the bin each new word will most likely name is
  // prefetched, so its load is in cache when the process compares it; when they fit,
  // the prefetches cost more than they save (measured: docs/performance.md). The samples are a
  // function of the stream alone: prefetching and the expected groups only move memory traffic.
  static constexpr std::size_t kBlock = SampleStream::kBlock;
  static constexpr std::size_t kRing = SampleStream::kRing;
  static constexpr std::size_t kPrefetchFromBytes = std::size_t{1} << 20;

  void refill(std::size_t at) {
    streams_.samples.fill(at);
    if constexpr (kPerBin) {
      if (prefetch_) prefetch(at);
    }
  }

  void prefetch(std::size_t at) {
    const auto* cells = loads_.vector().data();
    for (std::size_t k = 0; k < kBlock; ++k) {
      Bin first = 0, last = loads_.n();
      if (plan_groups_ != 0) {
        first = plan_starts_[plan_phase_];
        last = plan_starts_[plan_phase_ + 1];
        plan_phase_ = plan_phase_ + 1 == plan_groups_ ? 0 : plan_phase_ + 1;
      }
      const Bin likely = first + static_cast<Bin>((ring_[at + k] * std::uint64_t{last - first}) >> 32);
      __builtin_prefetch(cells + likely, 1, 3);
    }
  }

  // The name of bin i after `add` placed a ball on it: the rank the levels engine's state
  // returns, or i where the state returns nothing (per-bin loads keep their names).
  template <class Add>
  static Bin named_after(Bin i, Add add) {
    if constexpr (std::is_void_v<decltype(add())>) {
      add();
      return i;
    } else {
      return add();
    }
  }

  // sample_in() for a range below 2^32: one word, unless Lemire's method rejects it.
  Bin draw_narrow(Bin first, std::uint64_t range) {
    std::uint64_t product = next_sample_word() * range;
    if (static_cast<std::uint32_t>(product) < range) [[unlikely]] {
      const auto threshold = static_cast<std::uint32_t>(-static_cast<std::uint32_t>(range)) %
                             static_cast<std::uint32_t>(range);  // 2^32 mod range
      while (static_cast<std::uint32_t>(product) < threshold) {
        product = next_sample_word() * range;
        ++unprobed_words_;
        realign_prediction();
      }
    }
    return first + static_cast<Bin>(product >> 32);
  }

  std::uint64_t next_sample_word() {
    const std::uint32_t word = ring_[words_read_ % kRing];
    ++words_read_;
    if (words_read_ % kBlock == 0) refill((words_read_ - kBlock) % kRing);
    return word;
  }

  // A rejected word shifts the probes of the words generated later by one: predict them so.
  void realign_prediction() {
    if (plan_groups_ != 0) plan_phase_ = plan_phase_ == 0 ? plan_groups_ - 1 : plan_phase_ - 1;
  }

  void fill_ring() {
    for (std::size_t at = 0; at < kRing; at += kBlock) refill(at);
  }

  std::uint32_t* ring_ = streams_.samples.ring.data();
  // The words read so far: the ring's head is words_read_ % kRing. The probe count is the words
  // read minus the words that were not probes: no counter of its own on the path of every probe.
  std::uint64_t words_read_ = 0;
  std::uint64_t unprobed_words_ = 0;
  std::uint64_t words_read() const { return words_read_; }
  // The 64-bit words bounded() draws from for ranges of 2^32 or more.
  struct WideWords {
    ExactOracle* oracle;
    std::uint64_t operator()() {
      const std::uint64_t low = oracle->next_sample_word();
      return low | oracle->next_sample_word() << 32;
    }
  };

  static bool worth_prefetching(const State& state) {
    if constexpr (kPerBin) return state.n() * sizeof(state.vector()[0]) >= kPrefetchFromBytes;
    else return false;
  }
  bool prefetch_ = worth_prefetching(loads_);
  const Bin* plan_starts_ = nullptr;
  std::size_t plan_groups_ = 0;
  std::size_t plan_phase_ = 0;
};

// Whether O is the exact setting's oracle on integer loads (per bin or levels): a process may read
// a load it then does not use (a read changes nothing, and no setting bends it), and on per-bin
// loads a placement may start from the load the process read (Placement::read_load, place_read).
template <class O>
constexpr bool reads_loads_freely = [] {
  if constexpr (detail::is_exact_oracle<O>::value) return std::is_integral_v<typename O::Load>;
  return false;
}();

// Whether a placement carries the load of the bin a process chose (Placement::read_load): under
// the exact setting on per-bin loads (cells), for every choice by conditional move
// (placement_of_choice, core/choice.hpp) and for several balls on one bin (placement_on), and
// the engine places it with place_read. A read is one memory access, on the path from the
// samples to the store of every ball.
template <class O>
constexpr bool carries_read_cells = reads_loads_freely<O> && requires { requires O::per_bin; };

}  // namespace gapcheck
