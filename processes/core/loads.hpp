// The true state of a run: the load vector x, the total weight W, the balls placed, and the
// gap = max_i x_i - W/n kept up to date in O(1) per ball.
//
// Loads only ever grow, so the maximum only moves when a ball lands on a bin that then exceeds
// it: one comparison per ball, no scan. Unit-weight runs keep integer loads (4 bytes a bin, or
// one byte a bin above a moving base: Cell, below); weighted runs keep doubles.
//
// Optionally (for processes that ask rank questions, such as Quantile) it also keeps, for each
// integer load level q, the number of bins strictly above q, so that "how many bins are heavier
// than bin i, and how many tie with it" is two or three array reads. A ball of weight 1 moves one
// bin up one level, which changes one entry: O(1) per ball (a step's several unit balls, one
// entry each).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace gapcheck {

using Bin = std::size_t;

// Memory for a large load vector, on huge pages where the system offers them (Linux's
// transparent huge pages in "madvise" mode): a uniform sample touches a random bin, and with 4 KiB
// pages every such touch beyond a few MiB also misses the TLB. Blocks of 2 MiB or more are
// aligned to 2 MiB and advised MADV_HUGEPAGE; smaller ones come from operator new.
//
// The last large block a thread frees is kept for its next run of the same size: fresh pages are
// zeroed by the kernel on first touch, which at n = 2^24 took a third of a run with m = n
// (docs/performance.md), while the vector's own zero fill of a reused block is a memset. A block
// of another size frees the kept one first, so a thread holds at most one block between runs,
// and none above kKeepAtMost: memory checks count the runs, not a block kept after them.
class LargeBlockCache {
 public:
  static constexpr std::size_t kHugePage = std::size_t{1} << 21;
  static constexpr std::size_t kKeepAtMost = std::size_t{1} << 29;  // 512 MiB

  static void* allocate(std::size_t bytes) {
    Kept& kept = slot();
    if (kept.block != nullptr && kept.bytes == bytes) return std::exchange(kept.block, nullptr);
    kept.release();
    void* p = std::aligned_alloc(kHugePage, bytes);
    if (p == nullptr) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without huge pages all stays correct
#endif
    return p;
  }
  static void deallocate(void* p, std::size_t bytes) {
    Kept& kept = slot();
    kept.release();
    if (bytes > kKeepAtMost) return std::free(p);
    kept.block = p;
    kept.bytes = bytes;
  }

 private:
  struct Kept {
    void* block = nullptr;
    std::size_t bytes = 0;
    void release() {
      std::free(block);
      block = nullptr;
    }
    ~Kept() { release(); }
  };
  static Kept& slot() {
    thread_local Kept kept;
    return kept;
  }
};

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = LargeBlockCache::kHugePage;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t count) {
    const std::size_t bytes = count * sizeof(T);
    if (bytes < kHugePage) return static_cast<T*>(::operator new(bytes));
    return static_cast<T*>(LargeBlockCache::allocate(rounded(bytes)));
  }
  void deallocate(T* p, std::size_t count) {
    const std::size_t bytes = count * sizeof(T);
    if (bytes < kHugePage) ::operator delete(p);
    else LargeBlockCache::deallocate(p, rounded(bytes));
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }

 private:
  static std::size_t rounded(std::size_t bytes) {
    return (bytes + kHugePage - 1) / kHugePage * kHugePage;
  }
};

// What the rank question reads of a bin's level (ExactOracle::in_top_of): the bins above that
// level and the bins at it.
struct RankCounts {
  std::uint64_t heavier;
  std::uint64_t tied;
};

// Thrown by narrow load storage when max - min no longer fits half the cell's range; the run is
// then replayed with full-width cells (run_once, core/engine.hpp).
struct NarrowWindowExceeded {};

// Cell is the type a bin's load is stored in: Load itself, or for unit weights a narrow unsigned
// type holding x_i - base, where base <= min_i x_i. The loads of a run stay within a few levels
// of each other (the gap), so a byte per bin holds them while the run lasts, and a quarter of
// the memory traffic is what a sample's random read costs at large n. When a cell reaches or
// passes its largest value, base moves up to the minimum load (an O(n) pass, once per many n
// balls); when even then max - min would fill half the range, NarrowWindowExceeded ends the
// attempt.
template <class Load, class Cell = Load>
class Loads {
 public:
  static_assert(std::is_same_v<Load, std::uint32_t> || std::is_same_v<Load, double>);
  using Total = std::conditional_t<std::is_integral_v<Load>, std::uint64_t, double>;
  static constexpr bool unit = std::is_integral_v<Load>;
  static constexpr bool narrow = !std::is_same_v<Cell, Load>;
  static_assert(!narrow || (unit && std::is_unsigned_v<Cell> && sizeof(Cell) < sizeof(Load)));
  using value_type = Load;

  explicit Loads(std::size_t n, bool track_levels = false)
      : x_(n, Cell{0}), track_levels_(track_levels) {
    if (track_levels_) {
      above_.assign(1, 0);
    }
  }

  std::size_t n() const { return x_.size(); }
  Load operator[](Bin i) const {
    if constexpr (narrow) return base_ + x_[i];
    else return x_[i];
  }
  using Vector = std::vector<Cell, HugePageAllocator<Cell>>;
  // The stored cells; a load is base() + cell.
  const Vector& vector() const { return x_; }
  Load base() const { return base_; }
  // W: for unit weights (integer loads) the number of balls, kept once.
  Total total() const {
    if constexpr (unit) return balls_;
    else return total_;
  }
  std::uint64_t balls() const { return balls_; }         // balls placed so far
  // W / n, correctly rounded: exact whenever W/n is an integer, so that a process comparing a
  // load with the average (Twinning, Packing) sees equality where there is equality.
  double average() const { return static_cast<double>(total()) / static_cast<double>(x_.size()); }
  Load max() const { return max_; }
  // The gap max - W/n, from the correctly rounded W/n: an integer W/n gives an exact gap.
  double gap() const { return static_cast<double>(max_) - average(); }

  // One ball of `weight` on bin i; for integer loads (unit weights), `weight` unit balls at once
  // (a step of Twinning or Packing places several on one bin).
  void add(Bin i, Load weight) { add_to(i, (*this)[i], weight); }
  // add() for a bin whose load `before` the caller has just read.
  void add_to(Bin i, Load before, Load weight) {
    const Load after = before + weight;
    if constexpr (narrow) {
      const Load cell = after - base_;
      x_[i] = static_cast<Cell>(cell);  // wraps past the top: rebase() sets it right
      if (cell >= kCellTop) [[unlikely]] rebase(i, after);
    } else {
      x_[i] = after;
    }
    if constexpr (unit) {
      balls_ += weight;  // W is the ball count (total())
    } else {
      total_ += weight;
      ++balls_;
    }
    if (after > max_) max_ = after;
    if (track_levels_) move_level(level_of(before), level_of(after));
  }

  // Makes bin i's load, and W, n's balls and the maximum, those of `later`: a later state of the
  // same run (loads only grow). How a batch's snapshot catches up with the true loads at the
  // batch's end, one touched bin at a time, with values copied exactly (no re-added weights).
  void catch_up(const Loads& later, Bin i) {
    static_assert(!narrow, "batch snapshots keep full-width loads");
    const Load before = x_[i];
    x_[i] = later.x_[i];
    if (track_levels_) move_level(level_of(before), level_of(x_[i]));
    total_ = later.total_;
    balls_ = later.balls_;
    max_ = later.max_;
  }

  // Number of bins whose load lies in [level, level + 1) (integer levels of floor(x)), and number
  // of bins whose level is strictly above `level`; rank_counts(i) gives the pair at bin i's
  // level, which ExactOracle::in_top_of reads (from the true loads or from a batch's snapshot).
  bool tracks_levels() const { return track_levels_; }
  std::uint64_t bins_at_level(std::uint64_t level) const {
    if (level >= above_.size()) return 0;
    return (level == 0 ? x_.size() : above_[level - 1]) - above_[level];
  }
  std::uint64_t bins_above(std::uint64_t level) const {
    return level < above_.size() ? above_[level] : 0;
  }
  std::uint64_t top_level() const { return above_.size() - 1; }
  // The bins above bin i's level and the bins at it: what the rank question reads.
  RankCounts rank_counts(Bin i) const {
    const std::uint64_t level = level_of((*this)[i]);
    return {bins_above(level), bins_at_level(level)};
  }

 private:
  static std::uint64_t level_of(Load load) { return static_cast<std::uint64_t>(load); }
  // The largest value a cell holds: a narrow cell that reaches it moves the base (rebase).
  static constexpr Load kCellTop = std::numeric_limits<Cell>::max();

  // Moves base_ up to the minimum load, after bin i reached `max`, the new maximum, at or past
  // the top of its cell: the cell is then set to max's offset from the new base. It throws where
  // placing the step's balls one at a time would have: when the cell, at the top as a ball
  // reached it, holds half the range or more above the minimum, or when max no longer fits.
  void rebase(Bin i, Load max) {
    x_[i] = static_cast<Cell>(kCellTop);  // no lower than any other cell, as its load
    const Cell low = *std::min_element(x_.begin(), x_.end());
    for (Cell& cell : x_) cell = static_cast<Cell>(cell - low);
    base_ += low;
    if (kCellTop - low >= kCellTop / 2 || max - base_ >= kCellTop) throw NarrowWindowExceeded{};
    x_[i] = static_cast<Cell>(max - base_);
  }

  void move_level(std::uint64_t from, std::uint64_t to) {
    if (from == to) return;
    if (to >= above_.size()) above_.resize(to + 1, 0);  // no bin was above a new level
    for (std::uint64_t l = from; l < to; ++l) ++above_[l];  // one entry for a unit ball
    // (a step's several balls, or a snapshot's catch_up, may move a bin several levels: one
    // entry per ball)
  }

  Vector x_;
  Load base_{0};
  Total total_{0};
  std::uint64_t balls_ = 0;
  Load max_{0};
  bool track_levels_;
  // above_[q] = #bins with level > q, for q up to the highest level reached; the bins at level q
  // are above_[q - 1] - above_[q] (n - above_[0] at 0). One entry a unit ball, not three.
  std::vector<std::uint64_t> above_;
};

}  // namespace gapcheck
