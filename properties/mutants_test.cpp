// Mutants: deliberately broken processes, settings, runs and draws, each put through the SAME
// check functions as the registered code (checks.hpp, oracles.hpp). Every test asserts that the
// check catches its mutant on fixed seeds, and, as a control, that the correct code passes the
// same check on the same seeds. A mutant that survives means a check that cannot fail.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "processes/d_choice.hpp"
#include "processes/first_diff.hpp"
#include "processes/left.hpp"
#include "processes/memory.hpp"
#include "processes/packing.hpp"
#include "processes/registry.hpp"
#include "processes/thinning.hpp"
#include "properties/audit.hpp"
#include "properties/checks.hpp"
#include "properties/enumerate.hpp"
#include "properties/mutants.hpp"
#include "properties/oracles.hpp"

namespace gapcheck {
namespace {

using props::Violations;

// --- the mutants ----------------------------------------------------------------------------

// FirstDiff that stops one probe before its cap.
struct EarlyFirstDiff {
  std::uint64_t cap = 4;
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    FirstDiff early{cap - 1};
    return early.choose(oracle);
  }
};

// Left[d] that breaks ties between groups at random instead of to the left.
struct RandomTieLeft {
  std::uint32_t d = 2;
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const std::uint64_t n = oracle.n();
    Bin best = oracle.sample_in(0, Left::group_start(1, d, n));
    for (std::uint64_t k = 1; k < d; ++k) {
      const Bin b = oracle.sample_in(Left::group_start(k, d, n), Left::group_start(k + 1, d, n));
      const Order o = oracle.compare(b, best);
      if (o == Order::less || (o == Order::equal && oracle.coin(0.5))) best = b;
    }
    return {best};
  }
};

// A runner that keeps its bins from one replicate to the next (as a reused process object does).
struct LeakyRunner {
  RunConfig config;
  Loads<std::uint32_t> loads{config.n};
  RunResult run(std::uint64_t seed, std::uint64_t replicate) {
    Streams streams(seed, replicate);
    ExactOracle<std::uint32_t> oracle(loads, streams);
    DChoice process{2, TieRule::random};
    RunConfig more = config;
    more.m = loads.balls() + config.m;  // m more balls into the same bins
    RunResult result = simulate(process, oracle, loads, streams, Weights{}, more);
    result.replicate = replicate;
    return result;
  }
};

// A b-Batched oracle that can also see the true loads, for the mutants that leak them.
template <class Load>
class PeekingBatchOracle : public BatchOracle<Load> {
 public:
  PeekingBatchOracle(Loads<Load>& loads, Streams& streams, std::uint64_t b)
      : BatchOracle<Load>(loads, streams, b), fresh_(&loads) {}

 protected:
  const Loads<Load>* fresh_;
};
template <template <class> class Oracle>
struct PeekingBatchSetting {
  std::uint64_t b = 1;
  template <class Load>
  Oracle<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams, b};
  }
};

// b-Batched whose comparisons leak the fresh loads instead of the batch's snapshot.
template <class Load>
struct LeakyBatchOracle : PeekingBatchOracle<Load> {
  using PeekingBatchOracle<Load>::PeekingBatchOracle;
  Order compare(Bin i, Bin j) { return order_of((*this->fresh_)[i], (*this->fresh_)[j]); }
};
using LeakyBatchSetting = PeekingBatchSetting<LeakyBatchOracle>;

// b-Batched whose clock runs during the batch (the process sees the true t, the loads frozen).
template <class Load>
struct LiveClockBatchOracle : PeekingBatchOracle<Load> {
  using PeekingBatchOracle<Load>::PeekingBatchOracle;
  std::uint64_t balls() const { return this->fresh_->balls(); }
};
using LiveClockBatchSetting = PeekingBatchSetting<LiveClockBatchOracle>;

// g-Myopic's coin that leaves exactly equal values to the process's tie rule.
struct TieDeferringCoin {
  template <class Load>
  Order answer(bool decidable, Order truth, double, double, const Loads<Load>&,
               Rng& setting) const {
    const bool less = bernoulli_if(setting, decidable & (truth != Order::equal), 0.5);
    if (truth == Order::equal) return truth;
    return less ? Order::less : Order::greater;
  }
  template <class Load>
  double read(double x, double, const Loads<Load>&, Rng&) const {
    return x;
  }
};

// Memory whose cache holds the bin just used, even when the other choice is lighter after the
// placement (the "most recently used" reading).
struct MostRecentlyUsedMemory {
  Bin cache = 0;
  bool cached = false;
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin sample = oracle.sample();
    const Bin bin = cached && oracle.compare(cache, sample) == Order::less ? cache : sample;
    cache = bin;
    cached = true;
    return {bin};
  }
};

// sigma-noisy that truncates the noisy reads to integers before comparing (the quirk of the
// authors' Noise-22 code, Los & Sauerwald, PODC'22).
template <class Load>
class TruncatedNoiseOracle : public SigmaNoisyOracle<Load> {
 public:
  using SigmaNoisyOracle<Load>::SigmaNoisyOracle;
  Order compare(Bin i, Bin j) {
    const double a = std::trunc(this->load(i));
    return order_of(a, std::trunc(this->load(j)));
  }
};
struct TruncatedNoiseSetting {
  double sigma = 1;
  template <class Load>
  TruncatedNoiseOracle<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams, sigma};
  }
};

// --- helpers -----------------------------------------------------------------------------

// Audited runs of `process` in `setting` on fixed seeds (n = 8, m = 64); the violations `check`
// finds.
template <class Process, class Setting, class Check>
Violations violations_on_fixed_seeds(const Process& process, const Setting& setting, Check check) {
  RunConfig config;
  config.n = 8;
  config.m = 64;
  Violations all;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const auto run = audit::audited_run<std::uint32_t>(process, setting, Weights{}, config, seed, 0);
    for (auto& v : check(run.log)) all.push_back(v);
  }
  return all;
}

// `check` passes the correct (process, setting) and finds violations in the mutant's runs.
template <class Process, class Setting, class MutantProcess, class MutantSetting, class Check>
void check_catches(const Process& process, const Setting& setting, const MutantProcess& mutant,
                   const MutantSetting& mutant_setting, Check check) {
  EXPECT_TRUE(violations_on_fixed_seeds(process, setting, check).empty()) << "control failed";
  EXPECT_FALSE(violations_on_fixed_seeds(mutant, mutant_setting, check).empty()) << "mutant survived";
}

// The one-step law at x passes the correct (process, setting) and rejects the mutant's choices.
template <class Process, class Setting, class MutantProcess, class MutantSetting>
void one_step_law_catches(const Process& process, const Setting& setting,
                          const MutantProcess& mutant, const MutantSetting& mutant_setting,
                          const std::vector<std::uint32_t>& x, const oracle::Law& law,
                          const std::string& label) {
  const std::uint64_t seed = oracle::test_seed(label, 0);
  EXPECT_GE(oracle::one_step_test(process, setting, x, law, 200000, seed).p_value,
            oracle::family_alpha) << label << ": control failed";
  EXPECT_LT(oracle::one_step_test(mutant, mutant_setting, x, law, 200000, seed).p_value,
            oracle::family_alpha) << label << ": mutant survived";
}

const std::vector<std::uint32_t> distinct = {0, 1, 2, 3, 4, 5, 6, 7};
const std::vector<std::uint32_t> tied = {2, 2, 1, 1, 1, 0, 3, 3};
std::vector<double> doubles(const std::vector<std::uint32_t>& x) { return {x.begin(), x.end()}; }
const DChoice two_choice{2, TieRule::random};

// --- the tests that kill them ---------------------------------------------------------------

TEST(Mutants, HeavierTwoChoiceIsCaughtByTheLightestSampleRule) {
  check_catches(two_choice, ExactSetting{}, HeavierTwoChoice{}, ExactSetting{},
                [](const audit::Log& log) { return props::lightest_sample(log, false); });
}

TEST(Mutants, HeavierTwoChoiceIsCaughtByTheOneStepLaw) {
  one_step_law_catches(two_choice, ExactSetting{}, HeavierTwoChoice{}, ExactSetting{}, distinct,
                       oracle::d_choice_law(doubles(distinct), 2, false), "mutant heavier");
}

TEST(Mutants, EarlyFirstDiffIsCaughtByTheFirstDiffRule) {
  check_catches(FirstDiff{4}, ExactSetting{}, EarlyFirstDiff{4}, ExactSetting{},
                [](const audit::Log& log) { return props::first_diff_rule(log, 4); });
}

TEST(Mutants, EarlyFirstDiffIsCaughtByTheOneStepLaw) {
  one_step_law_catches(FirstDiff{4}, ExactSetting{}, EarlyFirstDiff{4}, ExactSetting{}, tied,
                       oracle::first_diff_law(doubles(tied), 4), "mutant first-diff");
}

TEST(Mutants, RandomTieLeftIsCaughtByTheLeftRule) {
  check_catches(Left{2}, ExactSetting{}, RandomTieLeft{2}, ExactSetting{},
                [](const audit::Log& log) { return props::left_rule(log, 2, true); });
}

TEST(Mutants, RandomTieLeftIsCaughtByTheOneStepLaw) {
  one_step_law_catches(Left{2}, ExactSetting{}, RandomTieLeft{2}, ExactSetting{}, tied,
                       oracle::left_law(doubles(tied), 2), "mutant left");
}

// The law enumerated from a mutant's code differs from the defined law, where the law enumerated
// from the correct code equals it (enumerate_test.cpp checks that on drawn load vectors).
template <class Process, class Mutant>
void enumerated_law_catches(const Process& process, const Mutant& mutant,
                            const std::vector<std::uint32_t>& x, const oracle::Law& law) {
  auto distance = [&](const oracle::Law& p) {
    double d = 0;
    for (std::size_t i = 0; i < x.size(); ++i) d = std::max(d, std::abs(p[i] - law[i]));
    return d;
  };
  EXPECT_LT(distance(oracle::step_law(process, x).bins(x.size())), 1e-12) << "control failed";
  EXPECT_GT(distance(oracle::step_law(mutant, x).bins(x.size())), 1e-3) << "mutant survived";
}

TEST(Mutants, HeavierTwoChoiceIsCaughtByTheEnumeratedLaw) {
  enumerated_law_catches(two_choice, HeavierTwoChoice{}, distinct,
                         oracle::d_choice_law(doubles(distinct), 2, false));
}

TEST(Mutants, EarlyFirstDiffIsCaughtByTheEnumeratedLaw) {
  enumerated_law_catches(FirstDiff{4}, EarlyFirstDiff{4}, tied, oracle::first_diff_law(doubles(tied), 4));
}

TEST(Mutants, RandomTieLeftIsCaughtByTheEnumeratedLaw) {
  enumerated_law_catches(Left{2}, RandomTieLeft{2}, tied, oracle::left_law(doubles(tied), 2));
}

// The adversary of the paper's experiments, acting also at |x_i - x_j| = g + 1.
TEST(Mutants, AdversaryBeyondGIsCaughtByTheGLimit) {
  check_catches(two_choice, GBoundedSetting<HeavierAdversary>{1}, two_choice,
                GBoundedSetting<HeavierAdversary>{2},
                [](const audit::Log& log) { return props::g_limit(log, 1); });
}

TEST(Mutants, LeakyBatchIsCaughtBySnapshotReads) {
  check_catches(two_choice, BatchSetting{8}, two_choice, LeakyBatchSetting{8},
                [](const audit::Log& log) { return props::snapshot_reads(log, 8); });
}

TEST(Mutants, LeakyBatchIsCaughtByTheOneStepLaw) {
  // x has 28 balls placed through the setting: batch:b=5 reads x after 25 of them.
  one_step_law_catches(two_choice, BatchSetting{5}, two_choice, LeakyBatchSetting{5}, distinct,
                       oracle::d_choice_law(oracle::prefix(doubles(distinct), 25), 2, false),
                       "mutant leaky batch");
}

TEST(Mutants, LiveClockBatchIsCaughtBySnapshotReads) {
  Thinning mean_thinning;
  mean_thinning.accept_at_threshold = true;
  check_catches(mean_thinning, BatchSetting{8}, mean_thinning, LiveClockBatchSetting{8},
                [](const audit::Log& log) { return props::snapshot_reads(log, 8); });
}

TEST(Mutants, TieDeferringMyopicCoinIsCaughtByTheCoinRule) {
  check_catches(two_choice, GBoundedSetting<RandomAdversary>{1}, two_choice,
                GBoundedSetting<TieDeferringCoin>{1},
                [](const audit::Log& log) { return props::coin_within_g(log, 1); });
}

TEST(Mutants, MostRecentlyUsedMemoryIsCaughtByTheMemoryRule) {
  check_catches(Memory{}, ExactSetting{}, MostRecentlyUsedMemory{}, ExactSetting{},
                [](const audit::Log& log) { return props::memory_rule(log); });
}

// Random tau-Delay reading each bin of a comparison at its own step.
TEST(Mutants, PerReadRandomDelayIsCaughtByOneStepWindowReads) {
  check_catches(two_choice, DelaySetting<RandomDelay>{4}, two_choice,
                DelaySetting<RandomDelay>{4, RandomDelay{true}},
                [](const audit::Log& log) { return props::window_reads(log, 4, true); });
}

// tau-Delay whose window reaches one step too far back.
TEST(Mutants, DelayWindowOneStepTooLongIsCaughtByWindowReads) {
  check_catches(two_choice, DelaySetting<AdversarialDelay>{4}, two_choice,
                DelaySetting<AdversarialDelay>{5},
                [](const audit::Log& log) { return props::window_reads(log, 4); });
}

TEST(Mutants, TruncatedNoiseIsCaughtByTheOneStepLaw) {
  one_step_law_catches(two_choice, SigmaNoisySetting{0.7}, two_choice, TruncatedNoiseSetting{0.7},
                       tied, oracle::noisy_two_choice_law(doubles(tied), 0.7), "mutant truncated noise");
}

TEST(Mutants, UnresetBinsAreCaughtByReplicateIndependence) {
  RunConfig config;
  config.n = 8;
  config.m = 40;
  const props::SingleRun alone = [&](std::uint64_t seed, std::uint64_t r) {
    LeakyRunner fresh{config};
    return fresh.run(seed, r);
  };
  const props::BatchRun batch = [&](std::uint64_t seed, std::uint64_t first, std::uint64_t runs,
                                    unsigned) {
    LeakyRunner reused{config};
    std::vector<RunResult> out;
    for (std::uint64_t k = 0; k < runs; ++k) out.push_back(reused.run(seed, first + k));
    return out;
  };
  EXPECT_FALSE(props::replicate_independence(alone, batch, 7, 3, 4).empty());
  // Control: the registry's runner on the same configuration.
  const Simulation sim = make_simulation({"two-choice", {}}, {"exact", {}}, {"unit", {}}, config);
  EXPECT_TRUE(props::replicate_independence(
                  sim.run,
                  [&](std::uint64_t seed, std::uint64_t first, std::uint64_t runs, unsigned threads) {
                    return run_replicates(sim, seed, first, runs, threads);
                  },
                  7, 3, 4)
                  .empty());
}

TEST(Mutants, ModuloBiasedBoundedDrawIsCaughtByTheUniformityTest) {
  const std::uint64_t seed = oracle::test_seed("bounded", 0);
  EXPECT_LT(oracle::bounded_uniformity_test(
                [](Rng& engine, std::uint64_t range) { return engine() % range; }, seed)
                .p_value,
            oracle::family_alpha);
  EXPECT_GE(oracle::bounded_uniformity_test(
                [](Rng& engine, std::uint64_t range) { return bounded(engine, range); }, seed)
                .p_value,
            oracle::family_alpha);
}

}  // namespace
}  // namespace gapcheck

// --- strength: settings that stay within their limits but do not use their power -----------
// (properties/strength.hpp). A truthful setting passes every limit check and must fail these.
#include "properties/strength.hpp"

namespace gapcheck {
namespace {

// `weak` keeps the limits of its setting (`limit` passes it) but not its power: `strength`
// passes the correct setting and catches `weak`, and the truthful exact setting too.
template <class Process, class Setting, class Weak, class Strength, class Limit>
void weak_setting_is_caught(const Process& process, const Setting& correct, const Weak& weak,
                            Strength strength, Limit limit) {
  check_catches(process, correct, process, weak, strength);
  EXPECT_TRUE(violations_on_fixed_seeds(process, weak, limit).empty()) << "the mutant broke its limits";
  EXPECT_FALSE(violations_on_fixed_seeds(process, ExactSetting{}, strength).empty())
      << "the truthful setting survived";
}

TEST(Mutants, HalfHeavierAdversaryIsCaughtByItsPower) {
  const auto uses_power = [](const audit::Log& log) {
    return props::adversary_uses_its_power(log, 1, props::DeterminedAdversary::heavier);
  };
  const auto within_g = [](const audit::Log& log) { return props::g_limit(log, 1); };
  const GBoundedSetting<HeavierAdversary> heavier{1};
  const GBoundedSetting<HalfHeavierAdversary> half{1};
  weak_setting_is_caught(two_choice, heavier, half, uses_power, within_g);
  weak_setting_is_caught(Packing{}, heavier, half, uses_power, within_g);  // load reads
  Thinning mean_thinning;  // thresholds
  mean_thinning.accept_at_threshold = true;
  weak_setting_is_caught(mean_thinning, heavier, half, uses_power, within_g);
}

TEST(Mutants, TimidNearMaxAdversaryIsCaughtByItsPower) {
  weak_setting_is_caught(
      two_choice, GBoundedSetting<NearMaxAdversary>{2}, GBoundedSetting<TimidNearMaxAdversary>{2},
      [](const audit::Log& log) {
        return props::adversary_uses_its_power(log, 2, props::DeterminedAdversary::near_max);
      },
      [](const audit::Log& log) { return props::g_limit(log, 2); });
}

// Adversarial delay whose window is one step short (tau = 3 judged as tau = 4): its reads lie
// in the tau = 4 window, but are not the stalest.
TEST(Mutants, ShortWindowDelayIsCaughtByStalestReads) {
  const auto stalest = [](const audit::Log& log) { return props::stalest_reads(log, 4); };
  const auto in_window = [](const audit::Log& log) { return props::window_reads(log, 4); };
  weak_setting_is_caught(two_choice, DelaySetting<AdversarialDelay>{4}, DelaySetting<AdversarialDelay>{3},
                         stalest, in_window);
  weak_setting_is_caught(Packing{}, DelaySetting<AdversarialDelay>{4}, DelaySetting<AdversarialDelay>{3},
                         stalest, in_window);
}

// Audited runs of Two-Choice (n = 8, m = 64) whose streams are keyed by `key(seed, replicate)`.
props::AuditedRun two_choice_runs(std::function<std::pair<std::uint64_t, std::uint64_t>(
                                      std::uint64_t, std::uint64_t)> key) {
  return [key](std::uint64_t seed, std::uint64_t replicate) {
    RunConfig config;
    config.n = 8;
    config.m = 64;
    const auto [s, r] = key(seed, replicate);
    return audit::audited_run<std::uint32_t>(two_choice, ExactSetting{}, Weights{}, config, s, r).log;
  };
}

TEST(Mutants, ReplicateBlindAndSeedBlindRunsAreCaughtByDistinctStreams) {
  int compared = 0;
  EXPECT_TRUE(props::distinct_streams(two_choice_runs([](auto s, auto r) { return std::pair(s, r); }),
                                      11, 3, &compared)
                  .empty());
  EXPECT_EQ(compared, 2);
  EXPECT_FALSE(props::distinct_streams(two_choice_runs([](auto s, auto) { return std::pair(s, 0ul); }),
                                       11, 3)
                   .empty());
  EXPECT_FALSE(props::distinct_streams(two_choice_runs([](auto, auto r) { return std::pair(7ul, r); }),
                                       11, 3)
                   .empty());
}

TEST(Mutants, HiddenStateIsCaughtByTheReplay) {
  RunConfig config;
  config.n = 8;
  config.m = 64;
  const props::AuditedRun run = [&](std::uint64_t seed, std::uint64_t replicate) {
    return audit::audited_run<std::uint32_t>(HiddenStateTwoChoice{}, ExactSetting{}, Weights{},
                                             config, seed, replicate).log;
  };
  EXPECT_FALSE(props::distinct_streams(run, 11, 3).empty());
}

// The enumerated laws' chi-square tests (enumerate_test.cpp): an oracle whose samples are not
// uniform makes the engine's choices differ from the law enumerated from the process's code.
TEST(Mutants, RerolledSamplesAreCaughtByTheEnumeratedLawsChiSquare) {
  const std::vector<std::uint32_t> x = {0, 1, 2, 3, 4, 5};
  const oracle::Law law = oracle::step_law(two_choice, x).bins(x.size());
  const std::uint64_t seed = oracle::test_seed("mutant rerolled samples", 0);
  EXPECT_GE(oracle::one_step_test(two_choice, ExactSetting{}, x, law, 100000, seed).p_value,
            oracle::family_alpha) << "control failed";
  EXPECT_LT(oracle::one_step_test(two_choice, RerollingSampleSetting{}, x, law, 100000, seed).p_value,
            oracle::family_alpha) << "mutant survived";
  // And the gap law enumerated from the code, against tiny runs (n = 4, m = 8).
  RunConfig config;
  config.n = 4;
  config.m = 8;
  const auto gap_law = oracle::enumerated_gap_law(two_choice, config.n, config.m);
  const auto runs_in = [&](const auto& setting) -> oracle::SingleRun {
    return [&config, setting](std::uint64_t s, std::uint64_t r) {
      return audit::audited_run<std::uint32_t>(two_choice, setting, Weights{}, config, s, r,
                                               audit::Detail::light).result;
    };
  };
  EXPECT_GE(oracle::gap_law_test(gap_law, runs_in(ExactSetting{}), 20000, seed).p_value,
            oracle::family_alpha) << "control failed";
  EXPECT_LT(oracle::gap_law_test(gap_law, runs_in(RerollingSampleSetting{}), 20000, seed).p_value,
            oracle::family_alpha) << "mutant survived";
}

}  // namespace
}  // namespace gapcheck
