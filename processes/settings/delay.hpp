// tau-Delay: each load the process reads may be any value the bin had during the last tau steps,
//   x~_i in [x_i^{t-tau}, x_i^{t-1}]   (loads only grow, so these are the values of that window)
// chosen by an adversary: `adversarial` tries to flip each decision (the smallest admissible value
// for the heavier bin, the largest for the lighter), `random` reports the loads at one uniformly
// random step of the window for the whole question (both bins of a comparison at the same step:
// "the loads from a uniformly random step among the last tau"), `random-per-read` reads every bin
// at its own random step. Source: Los & Sauerwald, J.ACM 70(6), 2023 (arXiv 2206.07503);
// PODC'22. b-Batched is an instance with tau = b. docs/settings.md.
//
// Only load reads are delayed: the process's clock t (balls()) and the mean W/n are the true ones,
// as in the definition, where a delayed estimate replaces x_i and the allocation stays sequential.
//
// Time is counted in balls. The window keeps the bins of the last tau - 1 placements in a ring
// (in ball order, so the ball that leaves names its bin) and, per bin, its placements in the
// window, oldest first: each ball number with the bin's load before it, in a ring of its own. So
// x_i^{t-tau} is one lookup (the load before the bin's oldest placement in the window, or x_i if
// there is none): O(1) per read and per ball, whatever tau. A random step's value is the load
// before the bin's first placement after that step, found by galloping from where the step's
// share of the window puts it among the bin's placements, then halving: O(log(1 + tau/n)) reads
// at worst, of memory that lies together, about one cache line in expectation, where walking a linked list of placements spread over the whole window cost one miss
// of the caches per placement passed (at tau = 2^22 and n = 2^14, 64 per read). Values are
// stored, not recomputed, so weighted loads are reported exactly. tau = 1 keeps no placement:
// every read is x_i^{t-1}, the sequential process.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "processes/core/describe.hpp"
#include "processes/settings/setting_oracle.hpp"

namespace gapcheck {

template <class Load>
class DelayWindow {
 public:
  DelayWindow(std::size_t n, std::uint64_t tau) : capacity_(tau - 1), bins_(n) {}

  // Ball number `placed() + 1` goes to bin i, whose load is `before`.
  void push(Bin i, Load before) {
    ++placed_;
    if (capacity_ == 0) return;
    // Ball placed_ - capacity_ leaves the window: the oldest, in the slot the new ball takes.
    if (placed_ > capacity_) bins_[order_[slot_]].pop_front();
    if (order_.size() < capacity_) order_.push_back(i);
    else order_[slot_] = i;
    slot_ = slot_ + 1 == capacity_ ? 0 : slot_ + 1;
    bins_[i].push_back({placed_, before});
  }

  std::uint64_t placed() const { return placed_; }  // T: balls placed so far

  // x_i^{T+1-tau}: the oldest value in the window (x_now if bin i took no ball in it).
  Load oldest(Bin i, Load x_now) const {
    const Placements& w = bins_[i];
    return w.size() != 0 ? w[0].before : x_now;
  }

  // x_i^{T-back} for back in [0, tau): the load before the bin's first placement after step
  // T-back (x_now if none). The bin's placements are spread about evenly over the window, so the
  // search starts where the step's share of the window puts it, gallops to a bracket and halves.
  Load back_in_time(Bin i, std::uint64_t back, Load x_now) const {
    const Placements& w = bins_[i];
    const auto after_step = [&](std::size_t k) { return w[k].ball + back > placed_; };
    const std::size_t size = w.size();
    if (size == 0 || !after_step(size - 1)) return x_now;
    const std::uint64_t window = std::min(placed_, capacity_);
    const auto later = static_cast<std::size_t>(static_cast<double>(size) *
                                                static_cast<double>(back) /
                                                static_cast<double>(window));
    const std::size_t guess = size - 1 - std::min(later, size - 1);
    // The answer is the first k with after_step(k): in [first, last], after_step(last) holding.
    std::size_t first = 0, last = size - 1;
    if (after_step(guess)) {  // gallop back from the guess
      last = guess;
      for (std::size_t step = 1; last >= step; step *= 2) {
        if (!after_step(last - step)) {
          first = last - step + 1;
          break;
        }
        last -= step;
      }
    } else {  // gallop forward from the guess
      std::size_t before = guess;  // !after_step(before)
      for (std::size_t step = 1; before + step < last; step *= 2) {
        if (after_step(before + step)) {
          last = before + step;
          break;
        }
        before += step;
      }
      first = before + 1;
    }
    while (first < last) {
      const std::size_t middle = first + (last - first) / 2;
      if (after_step(middle)) last = middle;
      else first = middle + 1;
    }
    return w[first].before;
  }

 private:
  struct Placement {
    std::uint64_t ball;  // its ball number
    Load before;         // the bin's load before it
  };
  // One bin's placements in the window, oldest first, in a ring of a power-of-two size that
  // grows as the bin takes more balls in the window and shrinks when it holds a quarter of that.
  class Placements {
   public:
    std::size_t size() const { return size_; }
    const Placement& operator[](std::size_t k) const { return ring_[(head_ + k) & (ring_.size() - 1)]; }
    void push_back(Placement p) {
      if (size_ == ring_.size()) resize(std::max<std::size_t>(4, 2 * ring_.size()));
      ring_[(head_ + size_++) & (ring_.size() - 1)] = p;
    }
    void pop_front() {
      head_ = (head_ + 1) & (ring_.size() - 1);
      if (--size_ < ring_.size() / 4 && ring_.size() > 64) resize(ring_.size() / 2);
    }

   private:
    void resize(std::size_t capacity) {
      std::vector<Placement> ring(capacity);
      for (std::size_t k = 0; k < size_; ++k) ring[k] = (*this)[k];
      ring_.swap(ring);
      head_ = 0;
    }
    std::vector<Placement> ring_;
    std::size_t head_ = 0, size_ = 0;
  };

  std::uint64_t capacity_;          // tau - 1 placements
  std::vector<Bin> order_;          // the bins of the last capacity_ balls, a ring in ball order
  std::size_t slot_ = 0;            // where the next ball goes: the oldest ball's slot once full
  std::vector<Placements> bins_;
  std::uint64_t placed_ = 0;
};

// Reports the smallest admissible value when that could reverse the answer, else the true one.
struct AdversarialDelay {
  void start_question(std::uint64_t, Rng&) {}
  template <class Load>
  Load read(const DelayWindow<Load>& window, Bin i, bool low, Load x, std::uint64_t, Rng&) const {
    return low ? window.oldest(i, x) : x;
  }
};

// Reports the loads at a uniformly random step of the window: one step per question (every bin
// the question reads is read at that step), or with `per_read` a fresh step for every read.
struct RandomDelay {
  bool per_read = false;
  std::uint64_t back = 0;  // the current question's step, counted back from the newest

  void start_question(std::uint64_t tau, Rng& setting) {
    if (!per_read) back = bounded(setting, tau);
  }
  template <class Load>
  Load read(const DelayWindow<Load>& window, Bin i, bool, Load x, std::uint64_t tau,
            Rng& setting) const {
    return window.back_in_time(i, per_read ? bounded(setting, tau) : back, x);
  }
};

template <class LoadT, class Adversary>
class DelayOracle : public SettingOracle<LoadT> {
  using Base = SettingOracle<LoadT>;
  using Base::loads_;
  using Base::streams_;

 public:
  using hides = Hides<Question::load, Question::compare, Question::compare_to, Question::in_top>;

  DelayOracle(Loads<LoadT>& loads, Streams& streams, std::uint64_t tau, Adversary adversary)
      : Base(loads, streams), tau_(tau), adversary_(adversary), window_(loads.n(), tau) {}

  // A read with no decision at stake is one the adversary wants low (the bin looks lighter).
  double load(Bin i) {
    adversary_.start_question(tau_, streams_.setting);
    return read(i, true);
  }
  Order compare(Bin i, Bin j) {
    adversary_.start_question(tau_, streams_.setting);
    return this->compare_read(i, j, reader());
  }
  Order compare_to(Bin i, double level) {
    adversary_.start_question(tau_, streams_.setting);
    return this->compare_to_read(i, level, reader());
  }
  bool in_top(Bin i, std::uint64_t k) {
    adversary_.start_question(tau_, streams_.setting);
    return this->in_top_read(i, k, reader());
  }

  void place(Bin i, LoadT weight) {
    window_.push(i, loads_[i]);
    loads_.add(i, weight);
  }

  SettingCounts counts() const {
    return {{"reads", reads_}, {"stale_reads", stale_reads_}, {"flipped", this->flipped_}};
  }

 private:
  double read(Bin i, bool low) {
    const LoadT x = loads_[i];
    const LoadT seen = adversary_.read(window_, i, low, x, tau_, streams_.setting);
    ++reads_;
    stale_reads_ += seen != x;
    return static_cast<double>(seen);
  }
  auto reader() {
    return [this](Bin i, bool low) { return read(i, low); };
  }

  std::uint64_t tau_;
  Adversary adversary_;
  DelayWindow<LoadT> window_;
  std::uint64_t reads_ = 0, stale_reads_ = 0;
};

template <class Adversary>
struct DelaySetting {
  std::uint64_t tau = 1;
  Adversary adversary{};

  const char* levels_obstacle() const { return "it keeps per-bin load histories"; }

  // Memory a run's oracle holds beyond the loads, a bound: a ring per bin (32 bytes of its own)
  // and, for each of the min(tau - 1, m) placements in the window, its bin in the order ring (8
  // bytes, counted twice for a vector's doubling) and its placement in its bin's ring (16 bytes,
  // counted four times: a ring may be four times its content before it shrinks).
  std::uint64_t state_bytes(std::uint64_t n, std::uint64_t m, std::uint64_t) const {
    constexpr std::uint64_t kPerBallBytes = 2 * 8 + 4 * 16;
    return 32 * n + kPerBallBytes * std::min({tau - 1, m, std::uint64_t{1} << 56});
  }

  template <class Load>
  DelayOracle<Load, Adversary> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams, tau, adversary};
  }
};

template <class AnySetting>
std::vector<Described<AnySetting>> delay_entries() {
  return {{{"delay", "each load read is a value the bin had during the last tau steps",
            "Los, Sauerwald, PODC'22 / J. ACM 2023, arXiv 2206.07503",
            {{"tau", ParamDef::Kind::count, "n", 1, 0x1.0p40, {}, "window in balls"},
             {"adversary", ParamDef::Kind::choice, "adversarial", 0, 0,
              {"adversarial", "random", "random-per-read"},
              "adversarial = the oldest value when that could flip the answer, random = the loads "
              "at one uniform step of the window per question, random-per-read = each read at its "
              "own uniform step"}}},
           [](const Params& p) -> AnySetting {
             const std::uint64_t tau = p.integer("tau");
             const std::string& adversary = p.choice("adversary");
             if (adversary == "random") return DelaySetting<RandomDelay>{tau};
             if (adversary == "random-per-read")
               return DelaySetting<RandomDelay>{tau, RandomDelay{true}};
             return DelaySetting<AdversarialDelay>{tau};
           }}};
}

}  // namespace gapcheck
