// The check functions of the property suite. Each judges an audited run (or two runs) and
// returns the violations it found, one line each; empty means the run passed.
//
// They are plain functions of the record, not of registry names, so the mutants (deliberately
// broken processes, settings and runs defined in the tests) go through exactly the same checks
// as the registered code, and the mutants target proves that each check can fail.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "processes/core/engine.hpp"
#include "properties/audit.hpp"

namespace gapcheck::props {

using Violations = std::vector<std::string>;

// Inside a RapidCheck property: fail the case with the first violations, prefixed by `context`.
void require(const Violations& violations, const std::string& context);

// --- every run ------------------------------------------------------------------------------
// Loads sum to the balls placed (unit) or to the total weight (weighted, to rounding) after every
// ball; only the chosen bin changes, by the ball's weight; no load decreases; m balls in total.
Violations conservation(const audit::Run& run, const RunConfig& config, bool unit);
// The tracked max and gap equal the values recomputed from the load vector after every ball,
// and the RunResult's gap, max load and histogram equal those of the final load vector.
Violations tracked_statistics(const audit::Run& run);
// Every sample lies in its range; RunResult.probes counts the samples and .steps the steps.
Violations samples_and_steps(const audit::Run& run);

// --- two runs that must be identical --------------------------------------------------------
Violations differences(const RunResult& a, const RunResult& b);
Violations different_loads(const std::vector<double>& a, const std::vector<double>& b);

// Replicate r run alone equals replicate r inside a batch of `runs` replicates from `first`, on
// 1 and on 2 threads. Parameterised on the two runners so that a broken runner can be tested.
using SingleRun = std::function<RunResult(std::uint64_t seed, std::uint64_t replicate)>;
using BatchRun = std::function<std::vector<RunResult>(std::uint64_t seed, std::uint64_t first,
                                                      std::uint64_t runs, unsigned threads)>;
Violations replicate_independence(const SingleRun& single, const BatchRun& batch,
                                  std::uint64_t seed, std::uint64_t first, std::uint64_t runs);

// --- settings -------------------------------------------------------------------------------
// g-Bounded and g-Myopic: an answer that differs from the truth is allowed only when the loads
// compared differ by at most g (|x_i - x_j| <= g, |x_i - level| <= g, a load read within g);
// every comparison with a larger difference is answered truthfully.
Violations g_limit(const audit::Log& log, double g);
// g-Myopic (the fair coin): a comparison of two bins, or of a load with a level, whose values are
// within g (equal values included) is never answered "equal": the coin decides, not a tie rule.
Violations coin_within_g(const audit::Log& log, double g);
// Every answer is the truth, to rounding (the exact setting). Rank answers need Detail::full.
Violations truthful(const audit::Log& log);
// b-Batched: every read (compare, compare_to, load, average, in_top) is answered from the loads
// at the start of the ball's batch, x after floor(t/b) b balls, never from fresher loads, and the
// clock answers floor(t/b) b. Needs Detail::full.
Violations snapshot_reads(const audit::Log& log, std::uint64_t b);
// tau-Delay: every value read for bin i at time T lies in its window {x_i after s balls :
// T + 1 - tau <= s <= T}; a comparison's answer is one that some values of the windows give
// (`one_step`: values of both bins at one common step s); the clock is the true t.
// Needs Detail::full.
Violations window_reads(const audit::Log& log, std::uint64_t tau, bool one_step = false);

// --- processes ------------------------------------------------------------------------------
// Every step places its balls on one of the bins it sampled.
Violations places_on_a_sample(const audit::Log& log);
// Every step draws between `least` and `most` samples.
Violations samples_per_step(const audit::Log& log, std::uint64_t least, std::uint64_t most);
// With truthful answers: every step places on the lightest of its samples; ties go to the first
// tied sample (random rule) or to the lowest tied bin index (index rule).
Violations lightest_sample(const audit::Log& log, bool index_ties);

// Left[d]: sample k is drawn from group k = [floor(k n/d), floor((k+1) n/d)); with truthful
// answers the ball goes to the lightest sample, ties to the leftmost group.
Violations left_rule(const audit::Log& log, std::uint64_t d, bool truthful_answers);
// FirstDiff with a probe cap: probes until a true load differs from the first probe's (or the
// cap is reached) and places in the lesser of the two (or in the first probe).
Violations first_diff_rule(const audit::Log& log, std::uint64_t cap);
// Quantile(delta): one rank question about the first sample with k = ceil(delta n); "in the top"
// means a second sample that takes the ball, otherwise the first sample takes it. With truthful
// answers (needs Detail::full) the rank answer agrees with the true loads, ties allowing both.
// `mixed`: each step first tosses one coin of probability eta; tails is a One-Choice step.
Violations quantile_rule(const audit::Log& log, double delta, bool truthful_answers,
                         bool mixed, double eta = 1);

// Two-thinning: the clock t asked first (then the mean W/n, for a relative stage), a primary
// sample, one comparison with the threshold `threshold(t, mean)` computed from the answers, and a
// secondary sample exactly when the answer is not "below" (or "at", if accepted). The settings'
// checks judge the clock and mean answers. An empty `threshold` checks the shape only.
using ThinningThreshold = std::function<double(std::uint64_t t, double mean)>;
Violations thinning_rule(const audit::Log& log, const ThinningThreshold& threshold,
                         bool accept_at_threshold);
// Twinning: one sample, compared with the average read; 2 balls when below it, else 1.
Violations twinning_rule(const audit::Log& log);
// Packing: one sample, compared with the average a read; when below it, its load v is read and
// max(ceil(a) + 1 - v, 1) balls go there, else 1.
Violations packing_rule(const audit::Log& log);
// Memory (MPS02): from the third step on, the last step's two choices are compared first (after
// its placement) and the cache becomes the lesser, the bin used on a tie; then one sample, compared
// with the cache from the second step on; the ball goes to the cache iff the answer says the
// cache is lighter.
Violations memory_rule(const audit::Log& log);

// Weighted loads are sums of doubles: equal up to rounding relative to their magnitude.
bool close(double a, double b);
// The level q of the k-th heaviest bin (floor levels), 0 when k = 0 or k > n.
double kth_level(const std::vector<double>& x, std::uint64_t k);

}  // namespace gapcheck::props
