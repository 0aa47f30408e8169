// The sweep's progress line: its estimate of the time left.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "store/sweep.hpp"

namespace gapcheck::store {
namespace {

SweepPlan plan_of(std::size_t runs, double cost, double seconds_per_cost) {
  SweepPlan plan;
  plan.missing.resize(runs);
  plan.cost_left = cost;
  plan.seconds_left = cost * seconds_per_cost;
  return plan;
}

std::string last_line(const std::ostringstream& err) {
  std::string text = err.str();
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text.substr(text.rfind('\n') + 1);
}

// One small run done while the other worker is still in its long one says nothing of the rate:
// the estimate waits for as many finished runs as workers (it read hours for a sweep of minutes).
TEST(Progress, TheMeasuredRateWaitsForAsManyRunsAsWorkers) {
  std::ostringstream err;
  Progress progress(err, false, plan_of(4, 400, 0), 2);
  progress.advance(1, 10);
  EXPECT_NE(last_line(err).find("left ?"), std::string::npos) << err.str();
  progress.advance(1, 100);
  EXPECT_EQ(last_line(err).find("left ?"), std::string::npos) << err.str();
  EXPECT_NE(last_line(err).find("2/4 runs"), std::string::npos) << err.str();
}

TEST(Progress, BeforeThatTheStoredRateEstimates) {
  std::ostringstream err;
  Progress progress(err, false, plan_of(4, 400, 0.01), 2);  // 400 · 0.01 s on 2 workers: 2 s
  progress.advance(1, 10);
  EXPECT_NE(last_line(err).find("left 2 s"), std::string::npos) << err.str();
}

// A sweep with nothing left draws no bar (it read "[....] 0/0 runs").
TEST(Progress, NothingToRunDrawsNoBar) {
  std::ostringstream err;
  Progress progress(err, false, plan_of(0, 0, 0), 2);
  progress.finish();
  EXPECT_EQ(err.str(), "");
  std::ostringstream control;  // one run left: the final bar is drawn
  Progress one(control, false, plan_of(1, 10, 0), 2);
  one.advance(1, 10);
  one.finish();
  EXPECT_NE(control.str().find("1/1 runs"), std::string::npos) << control.str();
}

}  // namespace
}  // namespace gapcheck::store
