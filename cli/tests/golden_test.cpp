// Golden runs: exact outputs of `gapcheck run` pinned per replicate, so that "replay any run"
// survives refactoring (in the spirit of abseil's random StabilityTest).
//
// These numbers are not reference values of a law (the statistical tiers check those): they are
// pins of what this code prints, taken once from `gapcheck run ... --json` under stream layout
// kPinnedLayout. A change that moves any draw (a new sample, coin or setting draw, a reordered
// stream) changes them. If that change is intended, raise kStreamLayout in
// processes/core/stream_layout.hpp (and note why there), then renew the pins and kPinnedLayout
// together; a failure here with an unchanged layout is a reproducibility bug.
//
// The cases cover every process and setting family, unit and real weights, the tie rules and the
// adversaries whose draws differ: each pins three replicates' final gaps, their maximum gap over
// time, and the probes per ball (which counts every sample drawn); the last cases pin the levels
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

constexpr int kPinnedLayout = 2;

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
       {2.0, 2.0, 2.0},
       {3.0599999999999987, 2.75, 3.2699999999999996},
       2.0},
      {"d-choice:d=3,ties=index", "batch:b=2n", "unit",
       {5.0, 8.0, 5.0},
       {9.0, 8.0, 9.0},
       3.0},
      {"one-plus-beta:beta=0.5", "exact", "exp:mean=1",
       {10.074867136450997, 9.291930811092307, 8.846857525552913},
       {11.11418982008437, 9.5973348258966, 11.701322486322788},
       1.5016666666666667},
      {"left:d=3", "g-bounded:g=1,adversary=near-max", "unit",
       {2.0, 2.0, 2.0},
       {3.26, 3.9899999999999984, 3.42},
       3.0},
      {"first-diff:cap=4", "exact", "unit",
       {1.0, 1.0, 1.0},
       {1.9499999999999993, 1.7800000000000011, 1.8499999999999996},
       2.7604444444444445},
      {"quantile:delta=0.5", "delay:tau=n,adversary=adversarial", "unit",
       {4.0, 4.0, 4.0},
       {5.969999999999999, 7.259999999999998, 5.58},
       1.3968888888888888},
      {"mixed-quantile:eta=0.5", "g-myopic:g=1", "unit",
       {9.0, 8.0, 5.0},
       {10.399999999999999, 10.079999999999998, 8.45},
       1.2515555555555555},
      {"thinning:threshold=schedule,schedule=0:r1/10n:a30", "batch:b=3n", "uniform:lo=0.5,hi=1.5",
       {8.140834178858352, 8.686672524404408, 6.962202323866382},
       {11.371274594559338, 14.46705545702796, 10.588314230994978},
       1.1196666666666666},
      {"mean-thinning", "batch:b=2n", "unit",
       {7.0, 6.0, 5.0},
       {7.0, 6.0, 9.0},
       1.3444444444444446},
      {"mean-thinning", "exact", "exp:mean=2",
       {13.595761362427695, 11.756712407302047, 15.672916060613218},
       {23.983834065628102, 20.392227849614887, 24.23327476292588},
       1.4817777777777779},
      {"twinning", "delay:tau=n,adversary=random", "unit",
       {7.0, 9.0, 6.0},
       {7.949999999999999, 10.489999999999998, 8.969999999999999},
       0.6524444444444445},
      {"packing", "sigma-noisy:sigma=1", "unit",
       {4.0, 5.0, 6.0},
       {7.029999999999999, 7.939999999999998, 7.21},
       0.5595555555555556},
      {"memory", "g-myopic:g=1", "unit",
       {2.0, 3.0, 4.0},
       {4.489999999999998, 4.109999999999999, 4.18},
       1.0},
      {"two-choice", "delay:tau=2n,adversary=random-per-read", "unit",
       {3.0, 4.0, 4.0},
       {5.84, 5.199999999999999, 5.68},
       2.0},
      {"two-choice:ties=index", "g-myopic:g=0", "unit",
       {1.0, 1.0, 2.0},
       {2.8599999999999994, 2.99, 2.8900000000000006},
       2.0},
      {"one-choice", "g-bounded:g=2,adversary=heavier", "exp:mean=1",
       {18.790753795391957, 21.90739598188903, 17.032554159188045},
       {20.523043848887724, 25.39137760559155, 19.97697174849517},
       1.0},
      // The levels engine (core/levels.hpp): the same streams drawn on ranks.
      {"two-choice", "exact", "unit",
       {2.0, 2.0, 2.0},
       {2.6900000000000013, 2.84, 3.0199999999999996},
       2.0, "levels"},
      {"quantile:delta=0.5", "sigma-noisy:sigma=1", "unit",
       {3.0, 4.0, 4.0},
       {6.22, 7.969999999999999, 6.099999999999998},
       1.4806666666666666, "levels"},
      {"packing", "g-myopic:g=1", "unit",
       {5.0, 5.0, 5.0},
       {8.41, 9.36, 6.51},
       0.6054444444444445, "levels"},
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
