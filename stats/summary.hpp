// Summary statistics of a sample of per-run values (the final gaps of R runs, ...).
#pragma once

#include <cstdint>
#include <map>
#include <span>

namespace gapcheck::stats {

struct Summary {
  std::uint64_t count = 0;
  double mean = 0;
  double sd = 0;  // sample standard deviation (n - 1)
  double min = 0;
  double max = 0;
  double ci95_lo = 0;  // Student-t 95 % confidence interval of the mean
  double ci95_hi = 0;
};

Summary summarize(std::span<const double> values);

// value -> number of runs with that value (for integer gaps; real gaps are binned to 1e-9).
std::map<double, std::uint64_t> distribution(std::span<const double> values);

}  // namespace gapcheck::stats
