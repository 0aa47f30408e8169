// stats::crossover against values computed by hand (closed forms cited per test).
#include "stats/crossover.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace gapcheck::stats {
namespace {

constexpr double kTiny = 1e-12;  // a standard error that leaves the means as they are

TEST(Crossover, InterpolatesInLogX) {
  // d = 2 at x = 8 and −2 at x = 32: the root is halfway in ln x, exp((ln 8 + ln 32)/2) = 16.
  const std::vector<double> x{8, 32}, d{2, -2}, se{kTiny, kTiny};
  const auto c = crossover(x, d, se, true, 0.95, 999, 1);
  EXPECT_NEAR(c.estimate, 16, 1e-9);
  EXPECT_NEAR(c.interval.lo, 16, 1e-6);
  EXPECT_NEAR(c.interval.hi, 16, 1e-6);
}

TEST(Crossover, ReadsTheLastSignChangeInTheClaimedDirection) {
  // Rising: d = (−1, −1, 3) at x = (1, 10, 100): the root is a quarter of the way from 10 to
  // 100 in ln x, 10^1.25 = 17.7828 (python: exp(log(10) + 0.25*log(10))).
  const std::vector<double> x{1, 10, 100}, d{-1, -1, 3}, se{kTiny, kTiny, kTiny};
  EXPECT_NEAR(crossover(x, d, se, false, 0.95, 99, 1).estimate, 17.7828, 1e-4);
  // Falling on the same data: d ≥ 0 only at the last point, so the crossover is above the grid.
  EXPECT_EQ(crossover(x, d, se, true, 0.95, 99, 1).estimate,
            std::numeric_limits<double>::infinity());
  // Falling, with every d < 0 except a positive blip at x = 1 followed by a negative run: the
  // last d ≥ 0 decides, not the first.
  const std::vector<double> blip{1, -1, -1};
  EXPECT_NEAR(crossover(x, blip, se, true, 0.95, 99, 1).estimate, std::sqrt(10.0), 1e-9);
  // Negative everywhere: below the grid (0).
  const std::vector<double> below{-1, -1, -1};
  EXPECT_EQ(crossover(x, below, se, true, 0.95, 99, 1).estimate, 0);
}

TEST(Crossover, PercentileIntervalMatchesTheNormalQuantiles) {
  // x = (8, 32), d₁ ~ N(1, 1), d₂ = −3 exactly. The root exp(ln 8 + ln 4·d₁/(d₁ + 3)) is
  // increasing in d₁, so its 97.5 % point is at d₁ = 1 + 1.959964 (R: qnorm(0.975)):
  // 15.9257 (python: exp(log(8)+log(4)*2.959964/5.959964)). P(d₁ < 0) = pnorm(−1) = 0.1587 >
  // 0.025, so the lower end is censored below the grid (0).
  const std::vector<double> x{8, 32}, d{1, -3}, se{1, kTiny};
  const auto c = crossover(x, d, se, true, 0.95, 19999, 7);
  EXPECT_EQ(c.interval.lo, 0);
  EXPECT_NEAR(c.interval.hi, 15.9257, 0.15);
  const double below = static_cast<double>(std::count(c.replicates.begin(), c.replicates.end(), 0.0));
  EXPECT_NEAR(below / 19999, 0.15866, 0.01);
  // A range reaching below the grid meets the censored replicates. A root ≥ 16.5 needs
  // d₁ > 3·t/(1 − t) with t = ln(16.5/8)/ln 4, i.e. d₁ > 3.2787, probability 1 − pnorm(2.2787) =
  // 0.0113; a root ≥ 32 is impossible (d₂ < 0 always), so only the +1 of the p-value remains.
  EXPECT_GT(c.share_meeting({0, 10}), 0.15);
  EXPECT_NEAR(c.share_meeting({16.5, 1000}), 0.0113, 0.003);
  EXPECT_DOUBLE_EQ(c.share_meeting({32, 1000}), 1.0 / 20000);
}

TEST(Crossover, RejectsBadInput) {
  const std::vector<double> x{2, 1}, d{1, -1}, se{1, 1};
  EXPECT_THROW(crossover(x, d, se, true, 0.95), std::invalid_argument);
  const std::vector<double> one{1};
  EXPECT_THROW(crossover(one, one, one, true, 0.95), std::invalid_argument);
}

}  // namespace
}  // namespace gapcheck::stats
