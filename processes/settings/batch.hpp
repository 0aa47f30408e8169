// b-Batched: the loads are frozen at the start of each batch of b balls; the process chooses every
// ball of the batch from that snapshot alone, and the batch's placements become visible at its end.
//   for each batch (t = 0, b, 2b, ...): snapshot = x;  choose i_1..i_b from snapshot;  x[i_j] += w_j
// Source: Berenbrink, Czumaj, Englert, Friedetzky, Nagel, RANDOM'12; Los & Sauerwald, SPAA'22
// (arXiv 2203.13902). docs/settings.md.
//
// The true loads take every ball at once (the gap statistics are read from them), while the
// process reads only the snapshot. At a batch end the snapshot copies the bins touched during
// the batch, not all n: O(1) amortised per ball for every b, so b = 1 is the sequential process
// at sequential speed, and ball for ball the same. A batch is counted in balls; a multi-ball
// placement (Twinning, Packing) that completes a batch is the step at which the gap is observed.
//
// The process's clock is part of the snapshot: "i.i.d. given the snapshot" means every ball of a
// batch is chosen as the first one would be, so balls() is the count at the batch start, like
// average(). A threshold in t (thinning's stages, Mean-Thinning's t/n) stays frozen for the batch.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "processes/core/describe.hpp"
#include "processes/core/loads.hpp"
#include "processes/settings/setting_oracle.hpp"

namespace gapcheck {

template <class LoadT>
class BatchOracle : public SettingOracle<LoadT> {
  using Base = SettingOracle<LoadT>;
  using Base::loads_;

 public:
  using hides = Hides<Question::balls, Question::average, Question::load, Question::compare,
                      Question::compare_to, Question::in_top>;

  BatchOracle(Loads<LoadT>& loads, Streams& streams, std::uint64_t b)
      : Base(loads, streams),
        b_(b),
        snapshot_(loads.n(), loads.tracks_levels()),
        touched_mark_(loads.n(), 0) {}

  std::uint64_t balls() const { return batch_start_; }     // t at the start of the batch
  double average() const { return snapshot_.average(); }  // W/n at the start of the batch
  double load(Bin i) { return static_cast<double>(read(i)); }
  Order compare(Bin i, Bin j) { return order_of(read(i), read(j)); }
  Order compare_to(Bin i, double level) { return order_of(static_cast<double>(read(i)), level); }
  bool in_top(Bin i, std::uint64_t k) {
    read(i);
    return this->in_top_of(snapshot_, i, k);
  }

  void place(Bin i, LoadT weight) {
    loads_.add(i, weight);
    if (!touched_mark_[i]) {
      touched_mark_[i] = 1;
      touched_.push_back(i);
    }
    if (++in_batch_ == b_) end_batch();
  }
  // Whether a batch ended during the step just taken. The engine asks once per step, after its
  // placements, and the question consumes the answer.
  bool visible() { return std::exchange(batch_ended_, false); }

  SettingCounts counts() const {
    return {{"batches", batches_}, {"reads", reads_}, {"stale_reads", stale_reads_}};
  }

 private:
  LoadT read(Bin i) {
    ++reads_;
    stale_reads_ += snapshot_[i] != loads_[i];
    return snapshot_[i];
  }

  void end_batch() {
    for (const Bin i : touched_) {
      snapshot_.catch_up(loads_, i);
      touched_mark_[i] = 0;
    }
    touched_.clear();
    in_batch_ = 0;
    batch_start_ = loads_.balls();
    ++batches_;
    batch_ended_ = true;
  }

  std::uint64_t b_;
  Loads<LoadT> snapshot_;  // the loads at the start of the batch
  std::vector<unsigned char> touched_mark_;
  std::vector<Bin> touched_;
  std::uint64_t in_batch_ = 0;
  std::uint64_t batch_start_ = 0;
  bool batch_ended_ = false;
  std::uint64_t batches_ = 0, reads_ = 0, stale_reads_ = 0;
};

struct BatchSetting {
  std::uint64_t b = 1;

  const char* levels_obstacle() const { return "it keeps a per-bin snapshot of the loads"; }

  // Memory a run's oracle holds beyond the loads: the snapshot, the touched marks, and the list
  // of bins touched in a batch (at most min(b, m, n), with a vector's doubling).
  std::uint64_t state_bytes(std::uint64_t n, std::uint64_t m, std::uint64_t load_bytes) const {
    return n * load_bytes + n + 2 * sizeof(Bin) * std::min({b, m, n});
  }

  template <class Load>
  BatchOracle<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams, b};
  }
};

template <class AnySetting>
std::vector<Described<AnySetting>> batch_entries() {
  return {{{"batch",
            "loads, mean and clock t frozen at the start of each batch of b balls, visible at its "
            "end",
            "Berenbrink et al., RANDOM'12; Los, Sauerwald, SPAA'22, arXiv 2203.13902",
            {{"b", ParamDef::Kind::count, "n", 1, 0x1.0p40, {}, "batch size in balls"}}},
           [](const Params& p) -> AnySetting { return BatchSetting{p.integer("b")}; }}};
}

}  // namespace gapcheck
