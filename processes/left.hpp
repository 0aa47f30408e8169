// Left[d] / Always-Go-Left.  Split the bins into d groups G_1..G_d; sample one bin uniformly in
// every group; place the ball in the least loaded sample, ties to the leftmost group.
// Source: Vöcking, "How asymmetry helps load balancing", J. ACM 50(4), 2003; docs/theory.md,
// Left[d].
// Groups when d does not divide n: G_k = [floor(k n/d), floor((k+1) n/d)), k = 0..d-1, so sizes
// differ by at most one (d > n would leave a group empty and is refused when the spec is bound).
//
// The group bounds are computed once per run (a division per group, not per probe), and the
// oracle is told them, so that it prefetches every probe's bin like a uniform sample's.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct Left {
  std::uint32_t d = 2;
  std::vector<Bin> starts{};  // per-run state: starts[k] = group_start(k, d, n), k = 0..d

  static std::vector<ProcessEntry<Left>> entries() {
    return {{{"left",
              "Always-Go-Left: one uniform sample in each of d groups, lightest wins, ties left",
              "Vöcking, J. ACM 50(4), 2003",
              {d_param("number of groups (group k = [floor(kn/d), floor((k+1)n/d)); d <= n)")}},
             [](const Params& p) {
               if (p.integer("d") > p.n())
                 throw InputError("process left: d=" + std::to_string(p.integer("d")) +
                                  " is outside the accepted range [1, n=" + std::to_string(p.n()) +
                                  "] (every group needs a bin)");
               return Left{d_of(p)};
             }}};
  }
  const char* levels_obstacle() const { return "it samples bins by index group"; }

  // First bin of group k (k = d gives n).
  static Bin group_start(std::uint64_t k, std::uint64_t d, std::uint64_t n) { return k * n / d; }

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    if (starts.empty() || starts.back() != oracle.n()) [[unlikely]] {
      starts.resize(d + std::size_t{1});
      bind(oracle, starts.data(), d);
    }
    Bin best = oracle.sample_in(starts[0], starts[1]);
    for (std::uint32_t k = 1; k < d; ++k) {
      const Bin b = oracle.sample_in(starts[k], starts[k + 1]);
      // Only a strictly lighter bin moves the choice right: ties stay with the leftmost group.
      best = select(oracle.compare(b, best) == Order::less, best, b);
    }
    return {best};
  }

  // Left[2] with d a constant (core/engine.hpp, with_constants_if_exact): the two groups' bounds
  // in the form itself, no loop over groups. Under the exact setting "the right sample only if
  // strictly lighter" is lighter() with random ties: the earlier sample keeps a tie.
  struct LeftTwo {
    std::array<Bin, 3> starts{};
    template <class Oracle>
    Placement choose(Oracle& oracle) {
      if (starts[2] != oracle.n()) [[unlikely]] bind(oracle, starts.data(), 2);
      const Bin left = oracle.sample_in(starts[0], starts[1]);
      return {lighter(oracle, left, oracle.sample_in(starts[1], starts[2]), TieRule::random)};
    }
  };
  template <class Run>
  auto with_constants(Run run) const {
    if (d == 2) return run(LeftTwo{});
    return run(*this);
  }

 private:
  // Writes the d + 1 group bounds of the oracle's n to `bounds` and tells the oracle the groups.
  template <class Oracle>
  static void bind(Oracle& oracle, Bin* bounds, std::uint32_t d) {
    const std::uint64_t n = oracle.n();
    for (std::uint64_t k = 0; k <= d; ++k) bounds[k] = group_start(k, d, n);
    if constexpr (requires { oracle.expect_groups(bounds, d); }) oracle.expect_groups(bounds, d);
  }
};

}  // namespace gapcheck
