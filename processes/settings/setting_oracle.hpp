// What every non-exact setting shares: the rank question posed as a comparison, and counters.
//
// A setting bends the *values* a process learns (an adversary's answer, a noisy or stale read),
// never the truth. So every question is first asked of the true loads, then answered through the
// setting. The rank question in_top(i, k) becomes a comparison of x_i with q, the k-th heaviest
// load: "greater" means i is among the k heaviest, "less" that it is not, and "equal" leaves the
// exact answer (ties at level q ranked uniformly at random by the process's coin). With an
// unbent comparison this is exactly ExactOracle::in_top, draw for draw, so the couplings at
// g = 0, sigma = 0 and tau = 1 hold for rank-asking processes too.
#pragma once

#include <cstdint>
#include <limits>

#include "processes/core/oracle.hpp"

namespace gapcheck {

// The level q of the k-th heaviest bin (k >= 1), for loads that track levels; 0 when k > n.
// It is the lowest level with fewer than k bins above it (bins_above falls as the level rises):
// a binary search, O(log max load).
template <class Levels>
std::uint64_t kth_heaviest_level(const Levels& levels, std::uint64_t k) {
  std::uint64_t lo = 0, hi = levels.top_level();  // bins_above(top) = 0 < k
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (levels.bins_above(mid) < k) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// "No bin": a flip that would make no bin look lighter (see the g-Bounded adversaries).
inline constexpr double no_bin = -std::numeric_limits<double>::infinity();

template <class LoadT, class State = Loads<LoadT>>
class SettingOracle : public ExactOracle<LoadT, State> {
 public:
  using ExactOracle<LoadT, State>::ExactOracle;

 protected:
  using ExactOracle<LoadT, State>::loads_;
  using ExactOracle<LoadT, State>::streams_;

  // The answer to in_top(i, k) when the comparison of x_i with the k-th heaviest level came
  // out as `seen` (k >= 1).
  bool in_top_as(Order seen, Bin i, std::uint64_t k) {
    if (seen == Order::equal) return this->in_top_of(loads_, i, k);
    return seen == Order::greater;
  }
  double kth_level(std::uint64_t k) const {
    return static_cast<double>(kth_heaviest_level(loads_, k));
  }

  // Questions answered from reported values (noisy or stale reads): read(i, low) reports bin
  // i's load, where `low` says whether making i look lighter than it is would reverse the true
  // answer (what an adversary wants; a noisy read ignores it).
  template <class Read>
  Order compare_read(Bin i, Bin j, Read&& read) {
    const Order truth = order_of(loads_[i], loads_[j]);
    const double a = read(i, truth == Order::greater);
    return counted(truth, order_of(a, read(j, truth == Order::less)));
  }
  template <class Read>
  Order compare_to_read(Bin i, double level, Read&& read) {
    const Order truth = order_of(static_cast<double>(loads_[i]), level);
    return counted(truth, order_of(read(i, truth == Order::greater), level));
  }
  template <class Read>
  bool in_top_read(Bin i, std::uint64_t k, Read&& read) {
    if (k == 0) return false;
    const double q = kth_level(k);
    return in_top_as(compare_to_read(i, q, read), i, k);
  }

  // Counts an answer against the truth.
  Order counted(Order truth, Order answer) {
    flipped_ += answer != truth;
    return answer;
  }

  std::uint64_t flipped_ = 0;  // answers that differ from the true order
};

}  // namespace gapcheck
