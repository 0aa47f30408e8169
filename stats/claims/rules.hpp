// The decision rules: a small closed set, each implemented once, each able to FAIL.
//
// A rule turns the runs of a claim's grid points into PASS, FAIL or INCONCLUSIVE. The
// thresholds are constants here, not catalog fields: a catalog states what is claimed (a form,
// a tolerance that is part of the claim, a bound), never how easily it passes. Their measured
// false-alarm rates are in docs/claims.md (scripts/claims_false_alarms.sh).
#pragma once

#include <span>

#include "stats/claims/verdict.hpp"

namespace gapcheck::claims {

// One grid point of a claim with its seed and its runs (replicates 0..point.runs-1).
struct Sample {
  PointSpec point;
  std::uint64_t seed = 0;
  const std::vector<RunResult>* runs = nullptr;
};

// The thresholds (docs/claims.md explains each).
namespace thresholds {
inline constexpr double pass_level = 0.95;     // intervals that must lie inside a claim's band
inline constexpr double fail_alpha = 1e-4;     // a FAIL needs evidence at this level (family-wise)
inline constexpr double fit_alpha = 1e-4;      // a claimed shape is rejected below this χ² p-value
inline constexpr double aic_margin = 10;       // a rival beats the claimed shape by this much
inline constexpr double aic_lead = 2;          // the claimed shape leads every rival by this much
// A Θ claim's gap/f stays within a factor of 2 along the grid (ln 2 of log-ratio range).
inline constexpr double drift_cap = 0.69314718055994531;  // ln 2
inline constexpr double pass_alpha = 0.05;     // "A < B" and "mean ≤ bound" shown at this level
inline constexpr double bend_alpha = 0.01;     // a transition's bend must be this significant
inline constexpr double agree_alpha = 0.01;    // a distribution agrees when p ≥ this
}  // namespace thresholds

// The claim's per-run values at one sample (gap, probes per ball, ...).
std::vector<double> values_of(const Claim& claim, const Sample& sample);

// How far the claimed form and each rival part along the claim's points: the factor
// exp(max − min of ln(f/r)), which the ratio reading must see the ratios separate by; 1 where a
// rival is proportional to the form on the grid, NaN where either is not positive. Shape claims
// only (empty for other rules).
std::vector<std::pair<std::string, double>> forms_separation(const Claim& claim,
                                                             const std::vector<PointSpec>& points);

// Decides `claim` on its samples (and, for rule `order`, the samples of its B side, matched
// by index). Fills verdict, evidence, details, points, fits and transition.
void decide(const Claim& claim, std::span<const Sample> a, std::span<const Sample> b,
            ClaimOutcome& outcome);

}  // namespace gapcheck::claims
