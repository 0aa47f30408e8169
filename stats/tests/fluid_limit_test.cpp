// The fluid-limit solver against closed forms and the table of docs/theory.md (Fluid limits).
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "stats/fluid_limit.hpp"

namespace gapcheck::stats {
namespace {

TEST(FluidLimit, OneChoiceIsThePoissonTail) {
  // Python (math only): 1 - sum(exp(-t) * t**k / factorial(k) for k in range(i)).
  const std::vector<double> at_one{1, 0.6321205588285577, 0.26424111765711533, 0.08030139707139416,
                                   0.01898815687615374, 0.00365984682734366, 0.0005941848175816666};
  const std::vector<double> s = fluid_limit(FluidModel::one_choice(), 1.0);
  for (std::size_t i = 0; i < at_one.size(); ++i) EXPECT_NEAR(s[i], at_one[i], 1e-12) << i;
  const std::vector<double> late = fluid_limit(FluidModel::one_choice(), 2.5);
  EXPECT_NEAR(late[1], 0.9179150013761012, 1e-12);
  EXPECT_NEAR(late[3], 0.4561868841166705, 1e-12);
  EXPECT_NEAR(late[8], 0.004246695489344643, 1e-12);
}

TEST(FluidLimit, TwoChoiceFirstLevelIsTanh) {
  // ds_1/dt = 1 − s_1² with s_1(0) = 0: s_1(t) = tanh t (Python: math.tanh(1)).
  EXPECT_NEAR(fluid_limit(FluidModel::greedy(2), 1.0)[1], 0.7615941559557649, 1e-12);
}

// A printed table entry and the half unit of its last digit: "6.047e-6" -> (6.047e-6, 5e-10).
struct Printed {
  double value, tolerance;
};
Printed printed(const std::string& text) {
  const auto e = text.find('e');
  const std::string mantissa = text.substr(0, e);
  const int exponent = e == std::string::npos ? 0 : std::stoi(text.substr(e + 1));
  const auto dot = mantissa.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
  return {std::stod(text), 0.5 * std::pow(10.0, exponent - decimals)};
}

struct Row {
  std::string name;
  FluidModel model;
  double t;
  int first_level;
  std::vector<std::string> values;  // s_first, s_first+1, ...; "~0" is skipped
};

TEST(FluidLimit, MatchesTheTableOfTheoryToThePrintedDigits) {
  // docs/theory.md, Fluid limits: the values at t = 1 and Two-Choice at t = 2 and t = 4. The
  // (1+β), β = 0.5, s_3 = 0.044615 is checked to 7 digits: an independent RK4 in Python
  // (standard library, h = 1e-3 and 1e-4 agree to 1e-14) gives 0.04461545359873.
  const std::vector<Row> table{
      {"One-Choice", FluidModel::one_choice(), 1, 1,
       {"0.632121", "0.264241", "0.080301", "0.018988", "0.003660", "5.94e-4"}},
      {"Greedy[2]", FluidModel::greedy(2), 1, 1,
       {"0.761594", "0.229505", "0.008895", "6.047e-6", "1.33e-12", "3.2e-26"}},
      {"Greedy[3]", FluidModel::greedy(3), 1, 1,
       {"0.823041", "0.176452", "5.077e-4", "3.87e-12", "5.6e-37"}},
      {"Greedy[4]", FluidModel::greedy(4), 1, 1, {"0.859179", "0.140798", "2.301e-5", "4.0e-21"}},
      {"Left[2]", FluidModel::left(2), 1, 1,
       {"0.771675", "0.223850", "0.004475", "5.15e-8", "1.2e-21"}},
      {"Left[3]", FluidModel::left(3), 1, 1, {"0.837909", "0.162080", "1.108e-5", "4.5e-33"}},
      {"Left[4]", FluidModel::left(4), 1, 1, {"0.875794", "0.124206", "7.79e-11"}},
      {"(1+beta) 0.5", FluidModel::one_plus_beta(0.5), 1, 1,
       {"0.698897", "0.250797", "0.0446155", "0.005171", "4.78e-4", "3.76e-5"}},
      {"thinning 2", FluidModel::thinning_absolute(2), 1, 1,
       {"0.671886", "0.306238", "0.020946", "9.00e-4", "2.82e-5", "6.9e-7"}},
      {"Two-Choice t=2", FluidModel::greedy(2), 2, 1,
       {"0.964028", "0.748443", "0.271341", "0.016162", "2.62e-5", "3.3e-11"}},
      {"Two-Choice t=4", FluidModel::greedy(2), 4, 3,
       {"0.945349", "0.744962", "0.296480", "0.021941", "5.50e-5", "1.66e-10"}},
  };
  for (const Row& row : table) {
    const std::vector<double> s = fluid_limit(row.model, row.t);
    for (std::size_t k = 0; k < row.values.size(); ++k) {
      const auto level = static_cast<std::size_t>(row.first_level) + k;
      const Printed p = printed(row.values[k]);
      EXPECT_NEAR(s[level], p.value, p.tolerance) << row.name << " s_" << level;
    }
  }
}

TEST(FluidLimit, ConservesBalls) {
  // Σ_{i≥1} s_i(t) is the average load, which is t for every model.
  for (const FluidModel& model :
       {FluidModel::one_choice(), FluidModel::greedy(3), FluidModel::left(2),
        FluidModel::one_plus_beta(0.3), FluidModel::thinning_absolute(1), FluidModel::g_myopic(2),
        FluidModel::sigma_noisy(1.5)}) {
    const std::vector<double> s = fluid_limit(model, 2.0, 1e-3);
    EXPECT_NEAR(std::accumulate(s.begin() + 1, s.end(), 0.0), 2.0, 1e-9)
        << static_cast<int>(model.kind);
  }
}

void expect_same(const std::vector<double>& a, const std::vector<double>& b, const char* what) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-12) << what << " s_" << i;
}

TEST(FluidLimit, LimitingCasesReduceToOneOrTwoChoice) {
  // Exact reductions of the right-hand sides (docs/theory.md, Fluid limits): g = 0 and σ → 0 are
  // Two-Choice; β = 0, threshold 0, σ → ∞ and Left[1] are One-Choice; β = 1 is Two-Choice.
  const double t = 1.5, h = 1e-3;
  const auto one = fluid_limit(FluidModel::one_choice(), t, h);
  const auto two = fluid_limit(FluidModel::greedy(2), t, h);
  expect_same(fluid_limit(FluidModel::g_myopic(0), t, h), two, "g-myopic g=0");
  expect_same(fluid_limit(FluidModel::sigma_noisy(1e-3), t, h), two, "sigma=0.001");
  expect_same(fluid_limit(FluidModel::one_plus_beta(1), t, h), two, "beta=1");
  expect_same(fluid_limit(FluidModel::one_plus_beta(0), t, h), one, "beta=0");
  expect_same(fluid_limit(FluidModel::thinning_absolute(0), t, h), one, "threshold 0");
  expect_same(fluid_limit(FluidModel::left(1), t, h), one, "Left[1]");
  // σ = 1e6: Φ((k − j)/(σ√2)) = 1/2 + O(1e-5) for the 40 levels.
  const auto flat = fluid_limit(FluidModel::sigma_noisy(1e6), t, h);
  for (std::size_t i = 0; i < flat.size(); ++i) EXPECT_NEAR(flat[i], one[i], 1e-5) << i;
}

TEST(FluidLimit, MoreNoiseOrALargerGapToleranceSpreadsTheLoad) {
  // Not a reference value but a direction: s_3 grows with g and with σ (Los & Sauerwald,
  // PODC'22; docs/theory.md, R6).
  EXPECT_LT(fluid_limit(FluidModel::g_myopic(0), 1, 1e-3)[3],
            fluid_limit(FluidModel::g_myopic(1), 1, 1e-3)[3]);
  EXPECT_LT(fluid_limit(FluidModel::sigma_noisy(0.5), 1, 1e-3)[3],
            fluid_limit(FluidModel::sigma_noisy(2), 1, 1e-3)[3]);
}

TEST(FluidLimit, RejectsBadParameters) {
  EXPECT_THROW(fluid_limit(FluidModel::greedy(0), 1), std::invalid_argument);
  EXPECT_THROW(fluid_limit(FluidModel::one_plus_beta(1.5), 1), std::invalid_argument);
  EXPECT_THROW(fluid_limit(FluidModel::sigma_noisy(0), 1), std::invalid_argument);
  EXPECT_THROW(fluid_limit(FluidModel::one_choice(), -1), std::invalid_argument);
  EXPECT_THROW(fluid_limit(FluidModel::one_choice(), 1, 0), std::invalid_argument);
}

}  // namespace
}  // namespace gapcheck::stats
