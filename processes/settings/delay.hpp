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
// Time is counted in balls. The window keeps the last tau - 1 placements in a ring, each with
// its bin's load before it and links to the previous and next placement in the same bin; per
// bin, the oldest and newest placement still in the window. So x_i^{t-tau} is one lookup (the load before the
// bin's oldest placement in the window, or x_i if there is none): O(1) per read and per ball,
// whatever tau. A random step's value walks the bin's placements in the window: O(1 + tau/n)
// expected. Values are stored, not recomputed, so weighted loads are reported exactly.
// tau = 1 keeps no placement: every read is x_i^{t-1}, the sequential process.
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
  DelayWindow(std::size_t n, std::uint64_t tau) : capacity_(tau - 1), oldest_(n, 0), newest_(n, 0) {}

  // Ball number `placed() + 1` goes to bin i, whose load is `before`.
  void push(Bin i, Load before) {
    if (capacity_ == 0) {
      ++placed_;
      return;
    }
    if (placed_ >= capacity_) expire(placed_ + 1 - capacity_);  // leaves before its slot is reused
    const std::uint64_t u = ++placed_;
    newest_slot_ = ring_.empty() || newest_slot_ + 1 == capacity_ ? 0 : newest_slot_ + 1;
    const Entry entry{i, before, 0, newest_[i]};
    if (ring_.size() < capacity_) ring_.push_back(entry);
    else ring_[newest_slot_] = entry;
    if (newest_[i] != 0) at(newest_[i]).next = u;
    else oldest_[i] = u;
    newest_[i] = u;
  }

  std::uint64_t placed() const { return placed_; }  // T: balls placed so far

  // x_i^{T+1-tau}: the oldest value in the window (x_now if bin i took no ball in it).
  Load oldest(Bin i, Load x_now) const { return oldest_[i] ? at(oldest_[i]).before : x_now; }

  // x_i^{T-back} for back in [0, tau): the load before the bin's first placement after step
  // T-back (x_now if none). The bin's placements in the window are walked from the end nearer
  // in time to that step, which halves the expected walk.
  Load back_in_time(Bin i, std::uint64_t back, Load x_now) const {
    const auto after_step = [&](std::uint64_t u) { return u + back > placed_; };
    std::uint64_t u = newest_[i];
    if (u == 0 || !after_step(u)) return x_now;
    if (2 * back < capacity_) {  // near the present: walk back from the newest placement
      while (u != oldest_[i] && after_step(at(u).prev)) u = at(u).prev;
      return at(u).before;
    }
    u = oldest_[i];
    while (!after_step(u)) u = at(u).next;  // ends at the newest placement at the latest
    return at(u).before;
  }

 private:
  struct Entry {
    Bin bin;
    Load before;
    std::uint64_t next;  // the next ball placed in the same bin, 0 if none yet
    std::uint64_t prev;  // the previous one (in the window iff this is not the bin's oldest)
  };
  // Ball u (in the window) sits `placed_ - u` slots behind the newest ball's slot: no division.
  std::uint64_t slot(std::uint64_t u) const {
    const std::uint64_t behind = placed_ - u;
    return behind <= newest_slot_ ? newest_slot_ - behind : newest_slot_ + capacity_ - behind;
  }
  Entry& at(std::uint64_t u) { return ring_[slot(u)]; }
  const Entry& at(std::uint64_t u) const { return ring_[slot(u)]; }

  // Ball u leaves the window; balls leave in order, so it is its bin's oldest.
  void expire(std::uint64_t u) {
    const Entry& e = at(u);
    oldest_[e.bin] = e.next;
    if (e.next == 0) newest_[e.bin] = 0;
  }

  std::uint64_t capacity_;  // tau - 1 placements
  std::vector<Entry> ring_;
  std::vector<std::uint64_t> oldest_, newest_;  // ball numbers in the window, 0 = none
  std::uint64_t placed_ = 0;
  std::uint64_t newest_slot_ = 0;  // the ring slot of ball placed_
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

  // Memory a run's oracle holds beyond the loads: two ball numbers per bin and the window's
  // ring of min(tau - 1, m) placements (32 bytes each), counted twice for a vector's doubling.
  std::uint64_t state_bytes(std::uint64_t n, std::uint64_t m, std::uint64_t) const {
    constexpr std::uint64_t kEntryBytes = 32;
    return 2 * sizeof(std::uint64_t) * n + 2 * kEntryBytes * std::min({tau - 1, m, std::uint64_t{1} << 56});
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
