// Exact oracles: laws computed from the definitions alone, never from the process code, and the
// chi-square test that holds simulated choices against them. They catch what the invariants
// cannot: a rule that places on a legal bin with the wrong probability.
//
//  - The one-step law: with the loads fixed at x, the probability that the next ball goes to
//    each bin (closed forms by rank, as in Los & Sauerwald; or products over groups and probes).
//  - The exact law of the final gap for tiny n and m, by dynamic programming over load vectors
//    with the one-step law.
//
// Statistical constants (see docs/properties.md): each chi-square has a false-alarm rate alpha
// (1e-6 for a single test; a family of K tests uses the Šidák level 1 - (1 - 1e-6)^(1/K)), and
// buckets are merged, in order, until every bucket expects at least 10 observations.
#pragma once

#include <algorithm>
#include <cmath>
#include <compare>
#include <cstdint>
#include <functional>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "processes/core/engine.hpp"
#include "processes/core/random.hpp"

namespace gapcheck::oracle {

constexpr double family_alpha = 1e-6;

// The per-test level that keeps the false-alarm rate of a family of `tests` tests at `alpha`.
double sidak(double alpha, std::size_t tests);

struct ChiSquare {
  double statistic = 0;
  std::size_t buckets = 0;  // after merging
  double p_value = 1;
};

// Pearson's chi-square of `counts` against probabilities `p` (summing to 1), with buckets merged
// in order until each expects at least 10. Upper tail: Boost.Math cdf(complement(...)).
ChiSquare chi_square(const std::vector<std::uint64_t>& counts, const std::vector<double>& p);

// The probability law of the next ball's bin given loads x.
using Law = std::vector<double>;

// Rank laws. `by_rank(i, n)` is the probability of the i-th heaviest bin (i = 1..n) when all
// loads differ. Ties: `random` gives every bin of a tie group the group's average; `index`
// ranks the lower index as the lighter bin (strict order by (load, index)).
Law rank_law(const std::vector<double>& x, const std::function<double(std::uint64_t, std::uint64_t)>& by_rank,
             bool index_ties);
// d-Choice / Greedy[d]: (i^d - (i-1)^d) / n^d.
Law d_choice_law(const std::vector<double>& x, std::uint64_t d, bool index_ties);
// (1+beta): (1-beta)/n + beta (2i-1)/n^2.
Law one_plus_beta_law(const std::vector<double>& x, double beta, bool index_ties);
// Quantile(delta) with k = ceil(delta n) and uniformly ranked ties: a bin that is in the top
// with probability t_b gets (1 - t_b)/n + k/n^2; mixed with One-Choice by eta.
Law quantile_law(const std::vector<double>& x, double delta, double eta = 1);
// Quantile(delta) whose rank answers are bent: bent(x_b, q, t_b) is the probability that bin b
// is reported in the top, given its load, the k-th heaviest level q and the true probability t_b.
Law quantile_law_bent(const std::vector<double>& x, double delta,
                      const std::function<double(double, double, double)>& bent);
// Left[d]: bin b of group k wins when every group left of k samples a strictly heavier bin and
// every group right of k a bin at least as heavy: (1/|G_k|) prod_{j<k} P_j(> x_b) prod_{j>k} P_j(>= x_b).
Law left_law(const std::vector<double>& x, std::uint64_t d);
// FirstDiff with probe cap c: with q_f the share of bins at x_f, the first probe f stays alone
// with probability q_f^(c-1), else the first different probe D (uniform among the others) meets
// it and the lesser of f and D takes the ball.
Law first_diff_law(const std::vector<double>& x, std::uint64_t cap);
// Two-thinning with a fixed threshold theta: a primary below theta (or at it, `accept_equal`)
// keeps the ball, otherwise a uniform secondary takes it: [x_b < theta]/n + rejected/n^2.
Law threshold_law(const std::vector<double>& x, double theta, bool accept_equal);
// Two-thinning where a primary of load x is accepted with probability accept(x).
Law acceptance_law(const std::vector<double>& x, const std::function<double(double)>& accept);
// Two-Choice under sigma-noisy: the first sample wins when x_1 + sigma Z_1 < x_2 + sigma Z_2,
// with probability Phi((x_2 - x_1) / (sigma sqrt 2)).
Law noisy_two_choice_law(const std::vector<double>& x, double sigma);
// The mean load W/n (with unit balls, the t/n of the relative thresholds).
double mean_load(const std::vector<double>& x);

// The one-step law of a process (by its canonical spec) in the exact setting, from its
// definition. One list, read by the simulation tests (oracles_test.cpp) and by the cross-check
// of the laws derived from the code (enumerate_test.cpp).
struct DefinedLaw {
  std::string process;
  std::function<Law(const std::vector<double>&)> law;
};
const std::vector<DefinedLaw>& exact_setting_laws();

// The loads after the first `balls` balls of x placed in bin order (bin 0's balls first).
std::vector<double> prefix(const std::vector<double>& x, double balls);
// Two samples (i1, i2) of n bins, and `pick(i1, i2)` = probability that i1 takes the ball;
// enumerates the n^2 ordered pairs (a pair with i1 = i2 always places there).
Law pair_law(std::size_t n, const std::function<double(std::size_t, std::size_t)>& pick);

// With loads fixed at x (unit weights), which bin `process` in `setting` picks, `draws` times
// (a fresh copy of the process each time, streams of (seed, 0), nothing placed). The balls of x
// are placed through the setting's oracle, bin 0's first, so a batch setting's snapshot is x
// after the last whole batch of that order (see prefix()).
template <class Process, class Setting>
std::vector<std::uint64_t> next_ball_counts(const Process& prototype, const Setting& setting,
                                            const std::vector<std::uint32_t>& x,
                                            std::uint64_t draws, std::uint64_t seed) {
  Loads<std::uint32_t> loads(x.size(), needs_levels(prototype));
  Streams streams(seed, 0);
  auto oracle = setting.template oracle<std::uint32_t>(loads, streams);
  for (std::size_t i = 0; i < x.size(); ++i)  // through the setting: batches end, windows fill
    for (std::uint32_t b = 0; b < x[i]; ++b) oracle.place(i, 1);
  std::vector<std::uint64_t> counts(x.size(), 0);
  for (std::uint64_t k = 0; k < draws; ++k) {
    Process process = prototype;
    ++counts[choose_with(process, oracle).bin];
  }
  return counts;
}

// The exact law of the final gap after m unit balls into n empty bins, where each ball follows
// `law` (a function of the current loads): dynamic programming over load vectors. Returns gap
// value -> probability.
std::map<double, double> exact_gap_law(std::uint64_t n, std::uint64_t m,
                                       const std::function<Law(const std::vector<double>&)>& law);

// The same for processes that place several balls in a step or keep state (Twinning, Packing,
// Memory): a state is the load vector followed by the process's own state; `step(state)` lists
// the next states with their probabilities (a step's balls are cut at m, as the engine does).
using State = std::vector<double>;
using Moves = std::vector<std::pair<State, double>>;
std::map<double, double> exact_gap_law(std::uint64_t n, std::uint64_t m, const State& start,
                                       const std::function<Moves(const State&)>& step);

// What a run reports, exactly: the final loads in ascending order (the load histogram), n times
// the maximum gap over time (an integer: n max_t - W_t), the steps whose gap exceeded the run's
// gap level, and the steps (m for a process of one ball a step).
struct RunOutcome {
  std::vector<std::uint64_t> sorted_loads;
  std::int64_t max_gap_times_n = 0;
  std::uint64_t steps_above = 0;
  std::uint64_t steps = 0;
  auto operator<=>(const RunOutcome&) const = default;
};
// The outcome of a run of unit balls from its result (histogram and statistics).
RunOutcome outcome_of(const RunResult& result, const RunConfig& config);

// One step of a rule that treats bins as exchangeable, at loads sorted in ascending order: the
// (bin, balls, probability) of each placement it may make.
struct SortedMove {
  std::size_t bin;
  std::uint64_t balls;
  double probability;
};
using SortedStep = std::function<std::vector<SortedMove>(const std::vector<std::uint64_t>&)>;

// The exact joint law of that outcome after config.m unit balls into config.n empty bins, each
// step following `step` (a step's balls cut at m, as the engine does). For such a rule the law of
// the sorted loads is a chain of its own: dynamic programming over sorted load vectors, the
// maximum gap so far, the steps above config.gap_level and the steps.
std::map<RunOutcome, double> exact_run_law(const RunConfig& config, const SortedStep& step);
// The same for one ball a step following `law` (a function of the loads).
std::map<RunOutcome, double> exact_run_law(
    const RunConfig& config, const std::function<Law(const std::vector<double>&)>& law);

// Binomial(m, 1/n) probabilities of a bin's load k = 0..m (One-Choice's load histogram).
std::vector<double> binomial_law(std::uint64_t m, std::uint64_t n);

// --- the tests, parameterised on what they test (so the mutants go through them too) -------

// A fixed seed per test label; GAPCHECK_FRESH_SEEDS=<k> moves every seed (to measure false
// alarms on fresh seeds).
std::uint64_t test_seed(const std::string& label, std::uint64_t salt);
std::string describe(const std::vector<std::uint32_t>& x);
// With GAPCHECK_PVALUES set, prints "p-value <label> <p>" (for measuring false-alarm rates).
void report_p_value(const std::string& label, const ChiSquare& result);

// The one-step law: `draws` next-ball choices of (process, setting) at loads x against `law`.
template <class Process, class Setting>
ChiSquare one_step_test(const Process& process, const Setting& setting,
                        const std::vector<std::uint32_t>& x, const Law& law, std::uint64_t draws,
                        std::uint64_t seed) {
  return chi_square(next_ball_counts(process, setting, x, draws, seed), law);
}

// The final gaps of replicates 0..runs-1 of `run` against the exact gap law.
using SingleRun = std::function<RunResult(std::uint64_t seed, std::uint64_t replicate)>;
ChiSquare gap_law_test(const std::map<double, double>& law, const SingleRun& run,
                       std::uint64_t runs, std::uint64_t seed);

// The outcomes of replicates 0..runs-1 of `run` against the exact joint law.
ChiSquare run_law_test(const std::map<RunOutcome, double>& law, const SingleRun& run,
                       const RunConfig& config, std::uint64_t runs, std::uint64_t seed);

// One-Choice: the load of bin (r mod n) in run r, over `runs` independent runs, against
// Binomial(m, 1/n). `loads(seed, r)` returns the final load vector of run r.
using LoadsOfRun = std::function<std::vector<double>(std::uint64_t seed, std::uint64_t replicate)>;
ChiSquare binomial_load_test(const LoadsOfRun& loads, const RunConfig& config, std::uint64_t runs,
                             std::uint64_t seed);

// A bounded draw over range = 0.75 * 2^64 (where a modulo reduction is grossly biased: the lowest
// third of the range is twice as likely), in 64 equal buckets, against the uniform law.
using BoundedDraw = std::function<std::uint64_t(Rng& engine, std::uint64_t range)>;
ChiSquare bounded_uniformity_test(const BoundedDraw& draw, std::uint64_t seed);

}  // namespace gapcheck::oracle
