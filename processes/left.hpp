// Left[d] / Always-Go-Left.  Split the bins into d groups G_1..G_d; sample one bin uniformly in
// every group; place the ball in the least loaded sample, ties to the leftmost group.
// Source: Vöcking, "How asymmetry helps load balancing", J. ACM 50(4), 2003; theory.md §1.3, §4.1.
// Groups when d does not divide n: G_k = [floor(k n/d), floor((k+1) n/d)), k = 0..d-1, so sizes
// differ by at most one (d > n would leave a group empty and is refused when the spec is bound).
#pragma once

#include <cstdint>

#include "processes/core/engine.hpp"

namespace gapcheck {

struct Left {
  std::uint32_t d = 2;

  // First bin of group k (k = d gives n).
  static Bin group_start(std::uint64_t k, std::uint64_t d, std::uint64_t n) { return k * n / d; }

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const std::uint64_t n = oracle.n();
    Bin best = oracle.sample_in(0, group_start(1, d, n));
    for (std::uint64_t k = 1; k < d; ++k) {
      const Bin b = oracle.sample_in(group_start(k, d, n), group_start(k + 1, d, n));
      // Only a strictly lighter bin moves the choice right: ties stay with the leftmost group.
      if (oracle.compare(b, best) == Order::less) best = b;
    }
    return {best};
  }
};

}  // namespace gapcheck
