// Means, t and bootstrap intervals, Clopper–Pearson intervals.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "stats/interval.hpp"
#include "stats/summary.hpp"

namespace gapcheck::stats {
namespace {

const std::vector<double> sample{5.1, 4.9, 6.2, 5.8, 6.0, 5.5, 5.3, 6.1};

TEST(TMeanCi, MatchesR) {
  // R: t.test(c(5.1, 4.9, 6.2, 5.8, 6.0, 5.5, 5.3, 6.1), conf.level = 0.9)$conf.int
  const Interval ci = t_mean_ci(sample, 0.9);
  EXPECT_NEAR(ci.lo, 5.28741568223401, 1e-12);
  EXPECT_NEAR(ci.hi, 5.93758431776599, 1e-12);
}

TEST(Summarize, TheMeanOfWholeNumbersIsExact) {
  // Welford's running mean reads 4.250000000000001 here.
  const std::vector<double> gaps{4, 4, 5, 5, 4, 4, 4, 4};
  EXPECT_EQ(summarize(gaps).mean, 4.25);
  EXPECT_NEAR(summarize(gaps).sd, std::sqrt(1.5 / 7), 1e-15);
  // Long samples too: 10^6 values of 1 to 7 sum exactly in doubles.
  std::vector<double> many;
  double sum = 0;
  for (int k = 0; k < 1'000'000; ++k) {
    many.push_back(1 + k % 7);
    sum += many.back();
  }
  EXPECT_EQ(summarize(many).mean, sum / 1e6);
  // Compensated: 1e16, 1 and -1e16 sum to 1 where a plain sum gives 0.
  EXPECT_EQ(summarize(std::vector<double>{1e16, 1, -1e16}).mean, 1.0 / 3);
}

TEST(Summarize, ValuesFarFromZeroAndCloseTogetherKeepTheirSpread) {
  // 1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.3: sd 0.1 (sums of squares about zero would lose it all).
  const Summary s = summarize(std::vector<double>{1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.3});
  EXPECT_NEAR(s.sd, 0.1, 1e-7);
  EXPECT_NEAR(s.mean, 1e9 + 0.2, 1e-6);
  EXPECT_EQ(summarize(std::vector<double>{2.5, 2.5, 2.5}).sd, 0.0);
  // A first value far from the rest: 0, then 10^5 values alternating 1000 and 1001.
  std::vector<double> outlier{0};
  for (int k = 0; k < 100'000; ++k) outlier.push_back(1000 + k % 2);
  long double mean = 0, m2 = 0;
  for (const double v : outlier) mean += v;
  mean /= outlier.size();
  for (const double v : outlier) m2 += (v - mean) * (v - mean);
  const double sd = std::sqrt(static_cast<double>(m2 / (outlier.size() - 1)));  // about 3.2
  EXPECT_NEAR(summarize(outlier).sd, sd, 1e-12 * sd);  // shifted by the first value: 3e-11
}

TEST(Summarize, NotANumberAndInfinityCarryThrough) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(std::isnan(summarize(std::vector<double>{1, std::nan(""), 2}).sd));
  EXPECT_EQ(summarize(std::vector<double>{1, inf, 2}).mean, inf);
}

TEST(TMeanCi, RejectsASingleValue) {
  EXPECT_THROW(t_mean_ci(std::vector<double>{1.0}, 0.95), std::invalid_argument);
}

TEST(BootstrapMeanCi, RecoversTheExactBootstrapQuantilesOfABinarySample) {
  // Ten 1s and ten 0s: a resample's mean is Binomial(20, 1/2)/20. Python (math.comb):
  // P(X <= 5) = 0.0207, P(X <= 6) = 0.0577, P(X <= 13) = 0.9423, P(X <= 14) = 0.9793, so the
  // 2.5 % and 97.5 % quantiles are 6/20 and 14/20, each with a margin of > 1,000 resamples.
  std::vector<double> binary(20, 0.0);
  std::fill(binary.begin(), binary.begin() + 10, 1.0);
  const Interval ci = bootstrap_mean_ci(binary, 0.95, 20000, 7);
  EXPECT_DOUBLE_EQ(ci.lo, 0.30);
  EXPECT_DOUBLE_EQ(ci.hi, 0.70);
}

TEST(BootstrapMeanCi, SameSeedSameInterval) {
  const Interval a = bootstrap_mean_ci(sample, 0.95, 999, 3);
  const Interval b = bootstrap_mean_ci(sample, 0.95, 999, 3);
  const Interval c = bootstrap_mean_ci(sample, 0.95, 999, 4);
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  EXPECT_TRUE(a.lo != c.lo || a.hi != c.hi);
}

TEST(ClopperPearson, MatchesR) {
  // R: binom.test(7, 20)$conf.int
  const Interval a = clopper_pearson(7, 20, 0.95);
  EXPECT_NEAR(a.lo, 0.153909204784541, 1e-12);
  EXPECT_NEAR(a.hi, 0.592188534532828, 1e-12);
  // R: binom.test(0, 15)$conf.int (closed form 1 - 0.025^(1/15))
  const Interval none = clopper_pearson(0, 15, 0.95);
  EXPECT_EQ(none.lo, 0.0);
  EXPECT_NEAR(none.hi, 0.218019360910534, 1e-12);
  // R: binom.test(15, 15, conf.level = 0.99)$conf.int (closed form 0.005^(1/15))
  const Interval all = clopper_pearson(15, 15, 0.99);
  EXPECT_NEAR(all.lo, 0.702421830152519, 1e-12);
  EXPECT_EQ(all.hi, 1.0);
}

TEST(ClopperPearson, RejectsMoreSuccessesThanTrials) {
  EXPECT_THROW(clopper_pearson(3, 2, 0.95), std::invalid_argument);
  EXPECT_THROW(clopper_pearson(0, 0, 0.95), std::invalid_argument);
}

}  // namespace
}  // namespace gapcheck::stats
