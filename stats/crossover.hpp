// Where one curve overtakes another: the crossover of a difference along a grid, with an interval.
//
// A claim such as "A beats B for x ≫ x₀" is about the point where the difference d(x) = A − B
// changes sign for good. No model of d is assumed (its shape between the regimes is rarely
// known): the crossover is read off the grid by linear interpolation in ln x between the last
// point on the losing side and the next one, and its interval comes from a parametric bootstrap
// that redraws every point's mean from N(d_i, se_i²) and repeats the reading. A replicate that
// never crosses on the grid is censored (below the grid: 0; above it: +∞), so an interval that
// reaches past the grid says so instead of inventing an end.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "stats/interval.hpp"

namespace gapcheck::stats {

// A crossover position as evidence and figures say it: "below the grid" (0), "above the grid"
// (+∞), else the number.
std::string crossover_position(double x);

struct Crossover {
  double estimate = 0;      // from the means themselves (0: below the grid, +∞: above)
  Interval interval;        // percentile interval of the replicates at `level`
  std::vector<double> replicates;  // every replicate's crossover, sorted (0 and +∞ censored)
  double x_min = 0, x_max = 0;     // the grid's ends
  // The share of replicates whose crossover may lie in `range` (a censored replicate may when
  // the range reaches past the grid's end on its side), with the +1 of a bootstrap p-value.
  double share_meeting(Interval range) const;
};

// x ascending and > 0; d the differences and se their standard errors (same length, ≥ 2).
// `falling`: the crossover is where d turns negative for good (the last index with d ≥ 0 and
// the next); otherwise where it turns positive. `resamples` replicates drawn from `seed`.
Crossover crossover(std::span<const double> x, std::span<const double> d,
                    std::span<const double> se, bool falling, double level,
                    std::uint64_t resamples = 19999, std::uint64_t seed = 1);

}  // namespace gapcheck::stats
