// The load-histogram ("levels") state: the number of bins at each integer load level, and no
// per-bin array, so that the cost of a ball and the memory of a run do not grow with n.
//
// Why it is exact. For a process that treats bins as exchangeable (its rule reads only the loads
// of uniformly sampled bins, never a bin's index or identity across steps), the law of the sorted
// load vector is all that matters, and that is a histogram. Name the bins by rank in ascending
// load order: rank r has the level whose cumulative range [ends(q-1), ends(q)) contains r. A
// uniform bin is a uniform rank. A ball placed at rank r of level q moves *the last bin of level
// q* up one level: it has the same load as the bin at r, so the multiset of loads is the one the
// per-bin engine would reach, and the ranks stay sorted because that bin becomes the first of
// level q + 1 at the same rank. In cumulative counts this is one decrement: ends(q) -= 1.
//
// The "bins" a process holds are ranks, valid within one step: a placement returns the rank its
// bin has afterwards (the last rank of the old level, now the first of the next), so the balls
// of one step (Twinning, Packing) climb with the same bin. Two samples of the same level compare
// equal however their ranks differ, as two bins of equal load do.
//
// The oracles read this state through the interface they read Loads through (operator[], max,
// total, balls, average, gap, bins_at_level, bins_above, top_level), so process and setting code
// run unchanged. The rank lookup starts from a table of the level (as an index from the lowest
// occupied level) at every 2^k-th rank, at most 1024 entries: one entry changes per ball at most,
// and all of them drop by one when the lowest level empties, at most once per n balls on average.
// It then steps over the level boundaries that fall in the rank's block: O(1) expected per read,
// whatever n, and the state is a few KiB.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "processes/core/engine.hpp"

namespace gapcheck {

static_assert(sizeof(Bin) == 8, "the levels engine names up to 2^48 bins by rank");

// The histogram of cumulative counts: ends[j] bins at or below level floor + j.
inline LoadHistogram histogram_of_ends(std::uint64_t floor,
                                       const std::vector<std::uint64_t>& ends) {
  LoadHistogram h = LoadHistogram::spanning(floor, ends.size());
  std::uint64_t below = 0;
  for (std::size_t j = 0; j < ends.size(); ++j) {
    h.at(floor + j) += ends[j] - below;
    below = ends[j];
  }
  return h;
}

class LevelLoads {
 public:
  using Load = std::uint64_t;
  using value_type = Load;
  using Total = std::uint64_t;
  static constexpr bool unit = true;
  // Bins are ranks in ascending load order: a lower rank never holds a heavier bin, and a ball on
  // any bin of a level moves the same rank (what ranks_order_loads, core/choice.hpp, relies on).
  static constexpr bool sorted_ranks = true;

  // The largest n and total weight whose average W/n is exact in a double.
  static constexpr std::uint64_t kMaxN = std::uint64_t{1} << 48;
  static constexpr std::uint64_t kMaxBalls = std::uint64_t{1} << 52;

  explicit LevelLoads(std::uint64_t n)
      : n_(n),
        shift_(block_shift(n)),
        ends_{n},
        block_index_(((n - 1) >> shift_) + 1, 0) {}

  std::uint64_t n() const { return n_; }
  // The load of the bin at rank r (0 = a lightest bin).
  Load operator[](Bin r) const { return floor_ + index_of(r); }
  Total total() const { return balls_; }
  std::uint64_t balls() const { return balls_; }
  double average() const { return static_cast<double>(balls_) / static_cast<double>(n_); }
  Load max() const { return top_level(); }
  double gap() const { return static_cast<double>(max()) - average(); }  // as Loads::gap()

  // One unit ball on the bin at rank r; returns that bin's rank afterwards.
  Bin add(Bin r, Load /*weight: always 1*/) { return add_at_index(index_of(r)); }

  bool tracks_levels() const { return true; }
  std::uint64_t bins_at_level(std::uint64_t level) const {
    return ends_at(level) - (level == 0 ? 0 : ends_at(level - 1));
  }
  std::uint64_t bins_above(std::uint64_t level) const { return n_ - ends_at(level); }
  std::uint64_t top_level() const { return floor_ + ends_.size() - 1; }
  // The bins above the level of rank r and the bins at it, from one lookup of the rank's level:
  // what the rank question reads (ExactOracle::in_top_of), without going from the rank to its
  // load and back to counts by level.
  RankCounts rank_counts(Bin r) const {
    const std::size_t j = index_of(r);
    const std::uint64_t below = j == 0 ? 0 : ends_[j - 1];
    return {n_ - ends_[j], ends_[j] - below};
  }

  LoadHistogram histogram() const { return histogram_of_ends(floor_, ends_); }

 private:
  // A unit ball on a bin of level floor_ + j: the last rank of that level moves up one level.
  Bin add_at_index(std::size_t j) {
    const std::uint64_t moved = --ends_[j];
    if (j + 1 == ends_.size()) [[unlikely]] add_top_level(j);
    if ((moved & ((std::uint64_t{1} << shift_) - 1)) == 0)  // it starts a block of ranks
      block_index_[moved >> shift_] = static_cast<std::uint32_t>(j + 1);
    ++balls_;
    if (j == 0 && moved == 0) {  // the lowest level emptied: drop it
      ends_.erase(ends_.begin());
      ++floor_;
      for (std::uint32_t& index : block_index_) --index;  // no rank is left on the old floor
    }
    return moved;
  }

  // Makes the level above the top one, for the ball that add_at_index has just taken from the
  // top level j; a throw gives that ball back first, so that it leaves the state as it was.
  // Out of line, after the decrement: it runs once per new maximum, and with the growth inline
  // before the decrement Two-Choice ran at half its speed on this engine (docs/performance.md).
  [[gnu::noinline, gnu::cold]] void add_top_level(std::size_t j) {
    try {
      if (ends_.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("the levels engine spans fewer than 2^32 levels");
      ends_.push_back(n_);
    } catch (...) {
      ++ends_[j];
      throw;
    }
  }

  // Number of bins with level <= `level`.
  std::uint64_t ends_at(std::uint64_t level) const {
    if (level < floor_) return 0;
    if (level >= top_level()) return n_;
    return ends_[level - floor_];
  }

 public:
  // The ranks are cut into at most 2^kBlockBits blocks of 2^shift_ ranks, and block_index_ keeps
  // the level index (level - floor_) of each block's first rank (one entry changes when a
  // placement moves that rank; all drop by one when the floor rises). A
  // lookup starts there and steps over the few level boundaries inside the block: with far more
  // blocks than occupied levels, usually none, so a read is two loads and a predicted branch.
  // (The bulk engine's one-at-a-time batches cut the ranks the same way: core/bulk.cpp.)
  static constexpr int kBlockBits = 10;
  static int block_shift(std::uint64_t n) {
    const int bits = std::bit_width(n - 1);  // ceil(log2 n)
    return bits > kBlockBits ? bits - kBlockBits : 0;
  }

 private:

  // The index (level - floor_) of the first level whose cumulative count exceeds r; ends_.back()
  // = n > r, so it exists.
  std::size_t index_of(Bin r) const {
    std::size_t j = block_index_[r >> shift_];
    while (ends_[j] <= r) ++j;
    return j;
  }

  std::uint64_t n_;
  std::uint64_t balls_ = 0;
  int shift_;                        // log2 of the ranks per block
  std::uint64_t floor_ = 0;          // the lowest level that holds bins
  std::vector<std::uint64_t> ends_;  // ends_[j] = #bins with level <= floor_ + j; back() = n
  // The index (level - floor_) of the level of rank k << shift_: the lookup's start needs no
  // subtraction, and the table is 4 KiB at most. The levels from floor_ to the maximum number
  // fewer than 2^32 (add_top_level checks).
  std::vector<std::uint32_t> block_index_;
};

// One complete run on the levels engine, as run_once (core/engine.hpp) is on per-bin loads: the
// same streams, process and setting oracle. Unit weights only. State is LevelLoads (tests pass
// broken variants of it to show that the engine comparison catches them).
template <class State = LevelLoads, class Process, class Setting>
RunResult run_once_on_levels(const Process& prototype, const Setting& setting,
                             const Weights& weights, const RunConfig& config, std::uint64_t seed,
                             std::uint64_t replicate) {
  State loads(config.n);
  return run_on<typename State::Load>(loads, prototype, setting, weights, config, seed,
                                      replicate);
}

}  // namespace gapcheck
