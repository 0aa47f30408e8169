// Golden runs: exact outputs of `gapcheck run` pinned per replicate, so that "replay any run"
// survives refactoring (in the spirit of abseil's random StabilityTest).
//
// These numbers are not reference values of a law (the statistical tiers check those): they are
// pins of what this code prints, taken once from `gapcheck run ... --json` under stream layout
// kPinnedLayout. A change that moves any draw (a new sample, coin or setting draw, a reordered
// stream) changes them, and so does one to the arithmetic of a result (a new results version,
// processes/core/version.hpp, as the exact W/n of results-5 moved some gaps by a few ulps). If that change is intended, raise kStreamLayout in
// processes/core/stream_layout.hpp (and note why there), then renew the pins and kPinnedLayout
// together; a failure here with an unchanged layout is a reproducibility bug.
//
// The cases cover every process and setting family, unit and real weights, the tie rules and the
// adversaries whose draws differ: each pins three replicates' final gaps, their maximum gap over
// time, and the probes per ball (the samples used); the last cases pin the levels
// engine.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "processes/core/stream_layout.hpp"

namespace gapcheck::cli {
namespace {

constexpr int kPinnedLayout = 4;

struct Golden {
  const char* process;
  const char* setting;
  const char* weights;
  std::vector<double> gaps;
  std::vector<double> max_gap_over_time;
  double probes_per_ball;
  const char* engine = "bins";  // pinned per engine: --engine is explicit, never auto
};

// gapcheck run --process P --setting S --weights W --n 100 --m 30n --runs 3 --seed 2026 --json
//   --engine E (bins unless the case names levels)
const std::vector<Golden>& goldens() {
  static const std::vector<Golden> table = {
      {"two-choice", "exact", "unit",
       {1.0, 2.0, 2.0},
       {2.619999999999999, 2.719999999999999, 2.7600000000000016},
       2.0},
      {"d-choice:d=3,ties=index", "batch:b=2n", "unit",
       {7.0, 5.0, 6.0},
       {7.0, 7.0, 10.0},
       3.0},
      {"one-plus-beta:beta=0.5", "exact", "exp:mean=1",
       {13.614371211676946, 8.67382804565801, 13.91684189310341},
       {16.174589315725456, 11.754586524840292, 14.338122378949198},
       1.5016666666666667},
      {"left:d=3", "g-bounded:g=1,adversary=near-max", "unit",
       {2.0, 3.0, 2.0},
       {3.3499999999999996, 3.4400000000000013, 3.34},
       3.0},
      {"first-diff:cap=4", "exact", "unit",
       {1.0, 1.0, 1.0},
       {1.9500000000000002, 1.7599999999999998, 1.9200000000000017},
       2.7494444444444444},
      {"quantile:delta=0.5", "delay:tau=n,adversary=adversarial", "unit",
       {4.0, 5.0, 3.0},
       {6.37, 5.859999999999999, 7.07},
       1.3991111111111112},
      {"mixed-quantile:eta=0.5", "g-myopic:g=1", "unit",
       {6.0, 8.0, 8.0},
       {9.92, 8.149999999999999, 9.11},
       1.2537777777777779},
      {"thinning:threshold=schedule,schedule=0:r1/10n:a30", "batch:b=3n", "uniform:lo=0.5,hi=1.5",
       {8.644396889248895, 9.87775801519036, 9.65747511779352},
       {10.194306040207906, 10.864136862581244, 12.778483141297372},
       1.1264444444444444},
      {"mean-thinning", "batch:b=2n", "unit",
       {5.0, 5.0, 5.0},
       {6.0, 7.0, 7.0},
       1.3433333333333333},
      {"mean-thinning", "exact", "exp:mean=2",
       {20.125195819130823, 18.721158191954437, 12.041197509511406},
       {27.708331124704735, 24.236064429175833, 17.50323990937889},
       1.4695555555555555},
      {"twinning", "delay:tau=n,adversary=random", "unit",
       {8.0, 5.0, 8.0},
       {8.559999999999999, 9.98, 12.75},
       0.6476666666666666},
      // σ-Noisy-Load's comparisons drawn at once (from the table of Φ by load difference, and
      // by erfc for real loads) and from two normal reads.
      {"two-choice", "sigma-noisy:sigma=1", "unit",
       {2.0, 2.0, 3.0},
       {4.03, 4.039999999999999, 3.7600000000000016},
       2.0},
      {"two-choice", "sigma-noisy:sigma=1,noise=per-read", "unit",
       {2.0, 3.0, 3.0},
       {3.4400000000000004, 3.539999999999999, 3.7200000000000006},
       2.0},
      {"two-choice", "sigma-noisy:sigma=1", "exp",
       {4.88845821141809, 5.259253795830286, 5.393073467987669},
       {7.8817945988908065, 8.263558304750658, 9.24623805115019},
       2.0},
      {"packing", "sigma-noisy:sigma=1", "unit",
       {6.0, 5.0, 5.0},
       {7.489999999999998, 7.7, 9.38},
       0.5587777777777778},
      {"memory", "g-myopic:g=1", "unit",
       {3.0, 3.0, 3.0},
       {4.129999999999999, 4.44, 4.16},
       1.0},
      {"two-choice", "delay:tau=2n,adversary=random-per-read", "unit",
       {3.0, 3.0, 4.0},
       {5.9, 5.380000000000001, 6.779999999999999},
       2.0},
      {"two-choice:ties=index", "g-myopic:g=0", "unit",
       {1.0, 2.0, 2.0},
       {2.96, 2.870000000000001, 2.9299999999999997},
       2.0},
      {"one-choice", "g-bounded:g=2,adversary=heavier", "exp:mean=1",
       {24.639190192824472, 16.63231152613339, 19.67176011988871},
       {24.75696299904894, 20.332818173723567, 23.663035494210003},
       1.0},
      // The levels engine (core/levels.hpp): the same streams drawn on ranks.
      {"two-choice", "exact", "unit",
       {2.0, 2.0, 2.0},
       {3.1, 2.8, 3.130000000000001},
       2.0, "levels"},
      {"quantile:delta=0.5", "sigma-noisy:sigma=1", "unit",
       {4.0, 3.0, 3.0},
       {5.710000000000001, 5.59, 5.690000000000001},
       1.498888888888889, "levels"},
      {"packing", "g-myopic:g=1", "unit",
       {5.0, 3.0, 4.0},
       {7.34, 6.640000000000001, 7.059999999999999},
       0.6034444444444444, "levels"},
      // The bulk engine (core/bulk.hpp): many balls at a time, its own draws, renewed with their
      // version (kBulkDrawsVersion, core/version.hpp; bulk-3).
      {"two-choice", "exact", "unit",
       {1.0, 2.0, 2.0},
       {2.530000000000001, 2.8200000000000003, 2.719999999999999},
       2.0, "bulk"},
      {"one-choice", "exact", "unit",
       {15.0, 12.0, 11.0},
       {15.030000000000001, 14.57, 12.620000000000001},
       1.0, "bulk"},
  };
  return table;
}

TEST(Golden, TheStreamLayoutIsThePinnedOne) {
  EXPECT_EQ(kStreamLayout, kPinnedLayout)
      << "the stream layout changed: renew the pins below and kPinnedLayout together";
}

TEST(Golden, PinnedRunsReplayExactly) {
  for (const Golden& g : goldens()) {
    std::ostringstream out, err;
    const int code = run_cli({"run", "--process", g.process, "--setting", g.setting, "--weights",
                              g.weights, "--n", "100", "--m", "30n", "--runs", "3", "--seed",
                              "2026", "--threads", "2", "--json", "--engine", g.engine},
                             out, err);
    ASSERT_EQ(code, 0) << err.str();
    const auto j = nlohmann::json::parse(out.str());
    const std::string label =
        std::string(g.process) + " | " + g.setting + " | " + g.weights + " | " + g.engine;
    EXPECT_EQ(j["engine"], g.engine) << label;
    EXPECT_EQ(j["stream_layout"], kPinnedLayout) << label;
    ASSERT_EQ(j["gaps"].size(), g.gaps.size()) << label;
    for (std::size_t r = 0; r < g.gaps.size(); ++r) {
      EXPECT_DOUBLE_EQ(j["gaps"][r].get<double>(), g.gaps[r]) << label << ", replicate " << r;
      EXPECT_DOUBLE_EQ(j["max_gap_over_time"][r].get<double>(), g.max_gap_over_time[r])
          << label << ", replicate " << r;
    }
    EXPECT_DOUBLE_EQ(j["probes_per_ball"].get<double>(), g.probes_per_ball) << label;
  }
}

}  // namespace
}  // namespace gapcheck::cli
