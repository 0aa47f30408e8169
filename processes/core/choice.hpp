// Shared pieces of the processes that choose the lightest of their samples.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "processes/core/loads.hpp"
#include "processes/core/params.hpp"
#include "processes/core/oracle.hpp"
#include "processes/core/placement.hpp"

namespace gapcheck {

// How a process chooses between samples whose loads compare equal.
//  - random: the earliest of the tied samples. Samples are i.i.d. uniform, so this is a uniformly
//    random one of the tied samples, and costs no extra random draw (this is also the authors'
//    code: `load[i1] <= load[i2] ? i1 : i2`).
//  - index: the tied bin with the smallest index, a fixed order of the bins. Harmless in the
//    sequential setting (the sorted load vector has the same law), much worse in b-Batched,
//    where every tie of a batch goes to the same bin.
enum class TieRule { random, index };

// The `ties` key of the processes that choose among samples, and its value.
inline ParamDef ties_param() {
  return {"ties", ParamDef::Kind::choice, "random", 0, 0, {"random", "index"},
          "tie rule: random = a uniform tied sample, index = the lowest tied bin index"};
}
inline TieRule tie_rule(const Params& p) {
  return p.choice("ties") == "index" ? TieRule::index : TieRule::random;
}
inline const char* ties_levels_obstacle(TieRule ties) {
  return ties == TieRule::index ? "ties=index names bins by index" : nullptr;
}

// The `d` key (samples, groups) and its value.
inline ParamDef d_param(const std::string& help) {
  return {"d", ParamDef::Kind::integer, "2", 1, 1024, {}, help};
}
inline std::uint32_t d_of(const Params& p) { return static_cast<std::uint32_t>(p.integer("d")); }

// take_second ? second : first, without a branch: the condition is a comparison of sampled
// loads, a coin flip to a branch predictor, and a mispredicted branch per ball costs more than
// the rest of the step. GCC emits a conditional move for this form, and then also selects the
// chosen bin's load (under a setting on the levels engine: its level), which the placement reads
// next.
inline Bin select(bool take_second, Bin first, Bin second) {
  return __builtin_expect_with_probability(take_second, true, 0.5) ? second : first;
}

// Whether the lighter of two bins may be told by their names alone: under the exact setting on
// the levels engine, where a bin is a rank in the order of the loads, a lower rank never holds a
// heavier bin. Where the two loads are equal the lower rank may be the other sample than the one
// the tie rule takes, but it is a bin of the same level, and a ball placed on any bin of a level
// moves the same rank (LevelLoads::add): the run is the same. So the comparison reads no level,
// and the placement's is the step's only lookup (Two-Choice: one instead of two; docs/engines.md).
template <class Oracle>
constexpr bool ranks_order_loads = reads_loads_freely<Oracle> && requires {
  requires Oracle::sorted_ranks;
};

// select_by_cmov() of two sampled bins, as the step's placement; on per-bin loads under the exact
// setting (carries_read_cells, core/oracle.hpp) the chosen bin's load is selected with it.
template <class Oracle>
Placement placement_of_choice(Oracle& oracle, bool take_second, Bin first, Bin second) {
  if constexpr (carries_read_cells<Oracle>) {
    const auto load = select_by_cmov<typename Oracle::Load>(
        take_second, oracle.stored_load(first), oracle.stored_load(second));
    return {select_by_cmov(take_second, first, second), 1, load};
  } else {
    return {select_by_cmov(take_second, first, second)};
  }
}

// `balls` balls on `bin` as the step's placement, with the bin's stored load where the exact
// setting lets it travel (carries_read_cells): a process that places several balls by one
// comparison (Twinning, Packing).
template <class Oracle>
Placement placement_on(Oracle& oracle, Bin bin, std::uint64_t balls) {
  if constexpr (carries_read_cells<Oracle>) return {bin, balls, oracle.stored_load(bin)};
  else return {bin, balls};
}

// Whether a second sample whose load compares `order` with the first's replaces it.
inline bool takes_second(Order order, Bin first, Bin second, TieRule ties) {
  if (ties == TieRule::random) return order == Order::greater;
  return (order == Order::greater) | ((order == Order::equal) & (second < first));
}

// Whether the exact setting lets random ties be decided by one comparison (second_is_lighter),
// not a three-way order and a test of it.
template <class Oracle>
constexpr bool lighter_by_one_comparison = ranks_order_loads<Oracle> || carries_read_cells<Oracle>;

// Whether `second` replaces `first` under random ties: the lower rank on the levels engine, the
// strictly lighter stored load on per-bin loads.
template <class Oracle>
bool second_is_lighter(Oracle& oracle, Bin first, Bin second) {
  if constexpr (ranks_order_loads<Oracle>) return second < first;
  else return oracle.stored_load(second) < oracle.stored_load(first);
}

// The lighter of two sampled bins, `first` sampled before `second`.
template <class Oracle>
Bin lighter(Oracle& oracle, Bin first, Bin second, TieRule ties) {
  if constexpr (lighter_by_one_comparison<Oracle>) {
    if (ties == TieRule::random)
      return select(second_is_lighter(oracle, first, second), first, second);
  }
  const Order order = oracle.compare(first, second);
  // The rule is fixed for the whole run, so this branch is always predicted. With the rule a
  // constant inside each select, GCC emits a conditional move (with `ties` inside, a branch).
  if (ties == TieRule::random)
    return select(takes_second(order, first, second, TieRule::random), first, second);
  return select(takes_second(order, first, second, TieRule::index), first, second);
}

// The lighter of `first` and `second` if `wanted`, else `first`, as the step's placement.
// Comparing with a sample that is not wanted is harmless only where the comparison is the truth,
// read without side effects (the exact setting); a setting that answers comparisons itself (with
// noise, an adversary, counts) is asked only the comparisons the process makes.
template <class Oracle>
Placement lighter_placement(Oracle& oracle, bool wanted, Bin first, Bin second, TieRule ties) {
  if constexpr (lighter_by_one_comparison<Oracle>) {
    if (ties == TieRule::random)
      return placement_of_choice(oracle, wanted & second_is_lighter(oracle, first, second), first,
                                 second);
  }
  if constexpr (answers_exactly<Oracle, Question::compare>) {
    const bool take = takes_second(oracle.compare(first, second), first, second, ties);
    return placement_of_choice(oracle, wanted & take, first, second);
  } else {
    return {wanted ? lighter(oracle, first, second, ties) : first};
  }
}

// The lighter of `first` and a second sample (oracle.sample_if) if `wanted`, else `first`.
template <class Oracle>
Placement lighter_if(Oracle& oracle, bool wanted, Bin first, TieRule ties) {
  const Bin second = oracle.sample_if(wanted);
  return lighter_placement(oracle, wanted, first, second, ties);
}

// `first`, or a fresh sample (oracle.sample_if) in its place if `replace`, as the step's
// placement: a second sample taken without comparing (two-thinning's secondary, Quantile's
// replacement).
template <class Oracle>
Placement fresh_sample_if(Oracle& oracle, bool replace, Bin first) {
  return placement_of_choice(oracle, replace, first, oracle.sample_if(replace));
}

// A level a load is compared with (a threshold): a number, or the average W/n.
struct Level {
  double value = 0;  // for the average: set only where the oracle is asked for it (average_level)
  bool is_average = false;
};

// Whether the oracle answers compare_to and average truthfully: a load is then compared with the
// average by the exact oracle's integer comparison, the same order.
template <class Oracle>
constexpr bool compares_to_average_exactly = answers_exactly<Oracle, Question::compare_to> &&
                                             answers_exactly<Oracle, Question::average>;

// The average W/n as a level. An oracle that answers truthfully compares loads with it in
// integers and needs no value: no division on the path of every ball (Mean-Thinning, Twinning;
// measured: docs/performance.md). Any other oracle is asked the average now, where the process
// makes the level (Thinning: before its sample, as its definition reads), so that an audited
// run asks its questions in the same order. Read the level only through compare_to_level.
template <class Oracle>
Level average_level(Oracle& oracle) {
  if constexpr (compares_to_average_exactly<Oracle>) return {0, true};
  else return {oracle.average(), true};
}

// x_i compared with `level`: the question compare_to(i, level.value).
template <class Oracle>
Order compare_to_level(Oracle& oracle, Bin i, Level level) {
  if constexpr (compares_to_average_exactly<Oracle>) {
    if (level.is_average) return oracle.compare_to_exact_average(i);
  }
  return oracle.compare_to(i, level.value);
}

// Whether x_i is below `level` (or at it, if `or_at`): the order compare_to_level gives, as one
// comparison where the oracle compares with the average exactly.
template <class Oracle>
bool below_level(Oracle& oracle, Bin i, Level level, bool or_at = false) {
  if constexpr (compares_to_average_exactly<Oracle>) {
    if (level.is_average) return oracle.below_exact_average(i, or_at);
  }
  return order_below(compare_to_level(oracle, i, level), or_at);
}

// The lightest of d i.i.d. uniform samples (d >= 1), comparing each new sample with the best so
// far: d probes, d - 1 comparisons.
template <class Oracle>
Bin lightest_of(Oracle& oracle, std::uint32_t d, TieRule ties) {
  Bin best = oracle.sample();
  if (d == 2) return lighter(oracle, best, oracle.sample(), ties);  // Two-Choice: no loop
  for (std::uint32_t k = 1; k < d; ++k) best = lighter(oracle, best, oracle.sample(), ties);
  return best;
}

}  // namespace gapcheck
