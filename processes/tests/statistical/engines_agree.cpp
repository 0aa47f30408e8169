// The two engines check each other: for every process and setting the levels engine supports, its
// runs and the per-bin engine's runs must have the same law.
//
// The engines share the streams but not the sample paths (a rank is not a bin), so the check is
// in distribution. For each pair, R independent runs on each engine give per-run statistics:
//   - the final gap, and the maximum gap over time;
//   - the fraction of steps whose gap exceeds a level (the gap over time);
//   - two readings of the final load histogram: the bins below the average, and the minimum load.
// Each statistic's two samples are compared with Pearson's chi-square test of homogeneity
// (adjacent values pooled to expected counts >= 10; stats/tests.hpp), and the p-values of the
// whole family are Holm-adjusted: the check fails if any adjusted p-value is below alpha.
//
// Why chi-square and not Anderson–Darling here: the AD test of stats/tests.hpp calibrates its
// p-value by relabelling, so it cannot go below 1/(resamples + 1), and after Holm over a family
// of a few hundred tests it could never reject at any affordable number of resamples: it would be
// a check that cannot fail. Every statistic above is discrete (loads are integers and m, n fixed),
// so the chi-square test sees the whole distribution with an analytic p-value.
//
// Two mutants of the levels state run through the same check and must be caught: one reads the
// load of the rank below the one sampled (an off-by-one rank lookup), one forgets that a placed
// bin changes rank (so the second ball of a Twinning or Packing step lands on another bin of the
// old level).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "processes/core/bulk.hpp"
#include "processes/core/levels.hpp"
#include "processes/registry.hpp"
#include "properties/mutants.hpp"
#include "stats/tests.hpp"

namespace gapcheck {
namespace {

constexpr std::uint64_t kN = 32;
constexpr std::uint64_t kRuns = 2000;
constexpr double kGapLevel = 2;
constexpr double kAlpha = 0.01;
constexpr std::uint64_t kSeed = 20261201;
// The levels side draws from its own seed: runs of the two engines on one seed would share their
// coin, setting and sample streams, and the two-sample tests assume independent samples.
constexpr std::uint64_t kLevelsSeed = kSeed + 1;
constexpr std::uint64_t kBulkSeed = kSeed + 2;

std::uint64_t seed_of(Engine engine) {
  return engine == Engine::bins ? kSeed : engine == Engine::levels ? kLevelsSeed : kBulkSeed;
}

const std::vector<std::string> kProcesses = {
    "one-choice",     "two-choice",          "d-choice:d=3",
    "one-plus-beta:beta=0.5", "first-diff:cap=4", "quantile:delta=0.5",
    "mixed-quantile:eta=0.5", "thinning:threshold=relative,L=0",
    "thinning:threshold=absolute,l=6",  "mean-thinning", "twinning", "packing"};
const std::vector<std::string> kSettings = {
    "exact", "g-bounded:g=1", "g-bounded:g=1,adversary=near-max", "g-myopic:g=1",
    "sigma-noisy:sigma=1"};

// The per-run statistics compared between engines.
std::vector<double> statistics(const RunResult& r) {
  double bins = 0;
  for (const auto count : r.histogram.bins) bins += static_cast<double>(count);
  const double average = static_cast<double>(r.balls) / bins;
  double below = 0;
  for (std::size_t j = 0; j < r.histogram.bins.size(); ++j)
    if (static_cast<double>(r.histogram.first_level + j) < average)
      below += static_cast<double>(r.histogram.bins[j]);
  return {r.gap, r.max_gap_over_time, r.fraction_above_level, below,
          static_cast<double>(r.histogram.first_level)};
}
const char* const kStatisticNames[] = {"final gap", "max gap over time", "fraction above level",
                                       "bins below average", "min load"};

struct Comparison {
  std::string what;
  double p = 1;
};

// One chi-square test per statistic of the two engines' runs.
void compare(const std::string& pair, const std::vector<RunResult>& bins,
             const std::vector<RunResult>& levels, std::vector<Comparison>& family) {
  for (std::size_t s = 0; s < std::size(kStatisticNames); ++s) {
    std::map<double, std::uint64_t> a, b;
    for (const auto& r : bins) ++a[statistics(r)[s]];
    for (const auto& r : levels) ++b[statistics(r)[s]];
    const double p = a.size() == 1 && b == a ? 1.0 : stats::chi_square_homogeneity(a, b).p_value;
    family.push_back({pair + ": " + kStatisticNames[s], p});
  }
}

RunConfig config_for(Engine engine, std::uint64_t n = kN) {
  RunConfig config;
  config.n = n;
  config.m = 10 * n;
  config.gap_level = kGapLevel;
  config.engine = engine;
  return config;
}

std::vector<RunResult> runs_of(const std::string& process, const std::string& setting,
                               Engine engine, std::uint64_t n = kN) {
  const Simulation s = make_simulation(Spec::parse(process), Spec::parse(setting),
                                       Spec::parse("unit"), config_for(engine, n));
  EXPECT_EQ(s.config.engine, engine);
  return run_replicates(s, seed_of(engine), 0, kRuns, 2);
}

// The runs of a process under the exact setting on a (mutant) levels state.
template <class State>
std::vector<RunResult> levels_runs_of(const std::string& process) {
  const Composition c =
      compose(Spec::parse(process), Spec::parse("exact"), Spec::parse("unit"), kN);
  std::vector<RunResult> runs;
  if (c.process.levels_refusal(c.setting, c.weights)) return runs;
  // The erased process asks through DynamicOracle: the same answers and draws as a typed run.
  for (std::uint64_t r = 0; r < kRuns; ++r)
    runs.push_back(run_once_on_levels<State>(c.process, ExactSetting{}, c.weights,
                                             config_for(Engine::levels), kLevelsSeed, r));
  return runs;
}

// The family's Holm-adjusted p-values, smallest first, with what they compare.
std::vector<Comparison> adjusted(const std::vector<Comparison>& family) {
  std::vector<double> p;
  for (const auto& c : family) p.push_back(c.p);
  const std::vector<double> q = stats::holm(p);
  std::vector<Comparison> out;
  for (std::size_t k = 0; k < family.size(); ++k) out.push_back({family[k].what, q[k]});
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.p < y.p; });
  std::cout << "  smallest adjusted p of " << out.size() << ": " << out.front().p << " ("
            << out.front().what << ")\n";
  return out;
}

template <class State>
std::vector<Comparison> mutant_family() {
  std::vector<Comparison> family;
  for (const auto& process : kProcesses)
    compare(process + " / exact", runs_of(process, "exact", Engine::bins),
            levels_runs_of<State>(process), family);
  return adjusted(family);
}

TEST(EnginesAgree, LevelsMatchesBinsInDistributionForEverySupportedPair) {
  std::vector<Comparison> family;
  for (const auto& process : kProcesses)
    for (const auto& setting : kSettings)
      compare(process + " / " + setting, runs_of(process, setting, Engine::bins),
              runs_of(process, setting, Engine::levels), family);
  const auto q = adjusted(family);
  ASSERT_EQ(q.size(), kProcesses.size() * kSettings.size() * std::size(kStatisticNames));
  EXPECT_GE(q.front().p, kAlpha) << "the engines disagree on " << q.front().what;
}

// The same check on the real levels state, restricted to the exact setting, for comparison with
// the mutants below: it passes, so what fails there is the mutation.
TEST(EnginesAgree, ExactFamilyPassesOnTheRealState) {
  const auto q = mutant_family<LevelLoads>();
  EXPECT_GE(q.front().p, kAlpha) << q.front().what;
}

TEST(EnginesAgree, CatchesAnOffByOneRankLookup) {
  const auto q = mutant_family<OffByOneRankLevels>();
  EXPECT_LT(q.front().p, kAlpha) << "not caught; closest: " << q.front().what;
}

TEST(EnginesAgree, CatchesAPlacementThatForgetsTheNewRank) {
  const auto q = mutant_family<StaleRankLevels>();
  EXPECT_LT(q.front().p, kAlpha) << "not caught; closest: " << q.front().what;
}

// The bulk engine (core/bulk.hpp) against the levels engine, for the processes it runs, under
// the exact setting: at n = 32 (levels of a few bins, so batches of a few balls and many balls in
// zones) and n = 1024 (zones of a few ranks among blocks of hundreds), with the engine's own zones
// and with zones of one and three ranks (short batches: the zones' room ends most of them). d = 12
// takes the law's other arithmetic (pow, expm1 and log1p instead of sums of d terms).
const std::vector<std::pair<std::string, std::uint32_t>> kBulkProcesses = {
    {"one-choice", 1}, {"two-choice", 2}, {"d-choice:d=3", 3}, {"d-choice:d=12", 12}};

constexpr double kNever = std::numeric_limits<double>::infinity();  // no batch one ball at a time

std::vector<RunResult> bulk_runs(std::uint32_t d, std::uint64_t n, const BulkOptions& options) {
  std::vector<RunResult> runs;
  for (std::uint64_t r = 0; r < kRuns; ++r)
    runs.push_back(run_bulk(d, config_for(Engine::bulk, n), kBulkSeed, r, options));
  return runs;
}

TEST(EnginesAgree, BulkMatchesLevelsInDistribution) {
  std::vector<Comparison> family;
  for (const auto& [process, d] : kBulkProcesses)
    for (const std::uint64_t n : {kN, std::uint64_t{1024}}) {
      const auto levels = runs_of(process, "exact", Engine::levels, n);
      const std::string pair = process + " / n=" + std::to_string(n) + " / bulk";
      compare(pair, levels, runs_of(process, "exact", Engine::bulk, n), family);
      for (const std::uint64_t zone : {1, 3})
        compare(pair + " zones of " + std::to_string(zone), levels,
                bulk_runs(d, n, {.zone_ranks = zone, .alone_above = kNever}), family);
    }
  const auto q = adjusted(family);
  EXPECT_GE(q.front().p, kAlpha) << "the engines disagree on " << q.front().what;
}

// The same at n = 2^14 with the engine's own zones (some 80 to 200 ranks) and every batch through
// them: chunks of hundreds of balls, pools in trees of several levels, the bounds that spare a
// ball in a zone its splits, and the room kept by splitting pools, as at the sizes users run.
TEST(EnginesAgree, BulkMatchesLevelsWithItsOwnZonesAtLargerN) {
  constexpr std::uint64_t kLargerN = 1 << 14;
  std::vector<Comparison> family;
  for (const auto& [process, d] : kBulkProcesses)
    compare(process + " / n=" + std::to_string(kLargerN) + " / bulk through its zones",
            runs_of(process, "exact", Engine::levels, kLargerN),
            bulk_runs(d, kLargerN, {.alone_above = kNever}), family);
  const auto q = adjusted(family);
  EXPECT_GE(q.front().p, kAlpha) << "the engines disagree on " << q.front().what;
}

// Mutant: the safe balls of a level may move half of its safe ranks as well, so that later safe
// balls read levels the batch has changed.
TEST(EnginesAgree, CatchesBulkSafeBallsPastTheirZones) {
  std::vector<Comparison> family;
  for (const auto& [process, d] : kBulkProcesses)
    compare(process + " / bulk with room past the zones", runs_of(process, "exact", Engine::levels),
            bulk_runs(d, kN, {.zone_ranks = 1, .alone_above = kNever, .room_past_zones = true}),
            family);
  const auto q = adjusted(family);
  EXPECT_LT(q.front().p, kAlpha) << "not caught; closest: " << q.front().what;
}

// Mutant: a ball in a zone reads its level from a count that misses the safe balls whose levels
// are not drawn yet (the pools above its level unsplit). Zones of three ranks: with one, a batch
// ends at its first safe ball, before a ball in a zone reads anything.
TEST(EnginesAgree, CatchesBulkZoneReadsFromUnsplitPools) {
  std::vector<Comparison> family;
  for (const auto& [process, d] : kBulkProcesses)
    compare(process + " / bulk reading unsplit pools", runs_of(process, "exact", Engine::levels),
            bulk_runs(d, kN, {.zone_ranks = 3, .alone_above = kNever,
                              .zone_reads_unsplit_pools = true}),
            family);
  const auto q = adjusted(family);
  EXPECT_LT(q.front().p, kAlpha) << "not caught; closest: " << q.front().what;
}

}  // namespace
}  // namespace gapcheck
