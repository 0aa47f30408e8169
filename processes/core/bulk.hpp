// The bulk engine: the load histogram advanced many balls at a time, for the processes whose ball
// goes to the lightest of d uniform bins, ties at random (One-Choice, Two-Choice, d-Choice), under
// the exact setting with unit balls. It is the many-balls step of Devroye & Los (arXiv 2404.07011)
// in the form that keeps every statistic a run reports exact in law.
//
// State and law. As on the levels engine (core/levels.hpp), bins are ranks in ascending load order
// and ends[j] counts the bins at or below level floor + j. The lightest of d uniform bins is the
// bin of the lowest of d uniform ranks, R, with P(R >= r) = ((n - r) / n)^d, and a ball on a bin of
// level j moves the last rank of that level up: ends[j] -= 1. Balls are i.i.d. in R; only the map
// from ranks to levels changes, and a ball changes it at one rank, the one it moves.
//
// A batch. At its start every level j fixes a zone, the last z_j ranks of its block, and the top
// level's zone is its whole block. Within the batch the engine keeps every moved rank inside the
// zones, so a rank outside them ("safe") keeps its level. Then:
//   - the number of balls before the next one whose R falls in a zone is geometric in the zones'
//     mass, and those safe balls land on the levels in a multinomial of the safe masses: their
//     order does not matter, because none of them lands on the top level, so the maximum, and
//     with it every per-step statistic, is the same whatever their order. The multinomial is
//     drawn in parts as they are needed (SafeBallPools in bulk.cpp): the safe balls join pools in
//     a tree over the levels, and a pool is split between two subtrees by a binomial;
//   - a ball in a zone draws its rank from the law restricted to the zones and reads its level
//     from the current state, one ball at a time; that needs the count of one level, so the pools
//     on that level's path are split first, unless the balls in them cannot change the answer;
//   - the safe balls of a level may not outrun its zone: a chunk of safe balls is at most the
//     least room any level could have left (its room less its balls and every pool above it,
//     pools split along the least one's path when it runs low), and the batch ends when a zone is
//     full or a single ball moved a rank outside every zone; its pools are then split to the
//     last. A new batch draws its own variates (memorylessness of the geometric).
// Every ball's level is so the one the one-ball-at-a-time process gives it, and the times at
// which the maximum rises are exact, so the final gap, the maximum gap over time, the fraction of
// steps above a level and the histogram have the levels engine's law. The runs are other sample
// paths than the levels engine's (their draws differ), so the engines agree in distribution
// (processes/tests/statistical/engines_agree.cpp); all its draws come from the run's sample
// stream (core/random.hpp), so a run replays from (seed, replicate). The probabilities are
// doubles: masses of rank ranges, the binomials (Boost.Random's BTRD) that split the pools, the
// rejection step of a rank inside a zone; that is the precision of the law, about 2^-50.
//
// Cost. A ball in a zone costs at most the binomials of its level's path, about three for the ten
// or so levels of Two-Choice (the tree is a Huffman tree by the levels' shares of the safe and the
// zone mass), and a batch a binomial per level when it ends; with zones of 3 sqrt(n / levels)
// ranks the zones take a fraction of about sqrt(levels / n) of the balls, so the cost per ball
// falls about as 1 / sqrt(n). Where the zones' share times the number of safe levels is above
// 0.1 (small n, or loads spread over hundreds of levels: One-Choice with m a few hundred times n),
// the batch instead places 64 balls a level one at a time, each the lowest of d uniform ranks
// drawn as exact integers (docs/engines.md, docs/performance.md).
#pragma once

#include <cstdint>

#include "processes/core/engine.hpp"

namespace gapcheck {

struct BulkOptions {
  // The zone of a level that is not the top: this many ranks (0: chosen from n, the default).
  std::uint64_t zone_ranks = 0;
  // Above this share of the zones' mass times the number of levels with safe ranks, a batch
  // places its balls one at a time (tests set it to infinity to force every batch through zones).
  double alone_above = 0.1;
  // A mutant for the engines' check: the safe balls of a level may also move half of its safe
  // ranks, so later safe balls read levels that earlier balls of the batch have changed.
  bool room_past_zones = false;
  // A mutant for the engines' check: a ball in a zone reads its level without splitting the pools
  // of safe balls above it, so from a count that misses safe balls already placed.
  bool zone_reads_unsplit_pools = false;
  // For tests: after every chunk, ball in a zone and batch, split every pool on a copy (with a
  // copy of the stream: the run is unchanged) and check what the batch relies on: the levels in
  // order, no safe rank moved, the pools' room at most the least exact room, each ball in a zone
  // on its exact level. A failure throws std::logic_error naming it.
  bool check_invariants = false;
};

// The number of samples of a process the bulk engine runs: its ball goes to the lightest of that
// many uniform bins, ties at random; 0 if it is not such a process.
template <class Process>
std::uint32_t lightest_of_uniform(const Process& process) {
  if constexpr (requires { process.lightest_of_uniform(); }) return process.lightest_of_uniform();
  else return 0;
}

// One run of m balls into n bins, each on the lightest of d uniform bins, on the bulk engine.
RunResult run_bulk(std::uint32_t d, const RunConfig& config, std::uint64_t seed,
                   std::uint64_t replicate, const BulkOptions& options = {});

}  // namespace gapcheck
