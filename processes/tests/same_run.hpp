// Two runs are the same run: every number a RunResult reports is equal (doubles exactly: a run
// is a function of its seed and parameters, so nothing may differ in the last bit).
#pragma once

#include <vector>

#include <gtest/gtest.h>

#include "processes/core/engine.hpp"

namespace gapcheck {

inline void expect_same_run(const RunResult& a, const RunResult& b) {
  EXPECT_EQ(a.replicate, b.replicate);
  EXPECT_EQ(a.gap, b.gap);
  EXPECT_EQ(a.max_load, b.max_load);
  EXPECT_EQ(a.max_gap_over_time, b.max_gap_over_time);
  EXPECT_EQ(a.fraction_above_level, b.fraction_above_level);
  EXPECT_EQ(a.balls, b.balls);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.probes, b.probes);
  EXPECT_EQ(a.histogram.first_level, b.histogram.first_level);
  EXPECT_EQ(a.histogram.level_width, b.histogram.level_width);
  EXPECT_EQ(a.histogram.bins, b.histogram.bins);
  EXPECT_EQ(a.setting_counts, b.setting_counts);
  EXPECT_EQ(a.loads, b.loads);
}

inline void expect_same_runs(const std::vector<RunResult>& a, const std::vector<RunResult>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) expect_same_run(a[k], b[k]);
}

}  // namespace gapcheck
