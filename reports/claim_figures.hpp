// The figures of one checked claim: its statistic against the claim's variable, one series per
// value of the grid's other axes, with what the rule decided on (the B side of a comparison, the
// fitted claimed curve and the best rival, the rule's additive fit, the growth a flat claim
// tolerates, a bound, a phase transition's breakpoint), and the ratio to the claimed shape
// (flat when the claim holds).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "stats/claims/verdict.hpp"
#include "reports/figure.hpp"

namespace gapcheck::reports {

// f(x) of the named shape (stats::shape(name).f once stats/shapes.hpp is in the build).
using ShapeFunction = std::function<double(const std::string& shape, const stats::Vars& x)>;

// `tier` is printed under the title with the claim's m, runs per point and seed salt.
std::vector<Figure> claim_figures(const claims::ClaimOutcome& outcome, const ShapeFunction& shape,
                                  const std::string& tier);

std::string verdict_name(const claims::ClaimOutcome& outcome);
// "a = 1.2 [1.1, 1.3], c = …" for the claimed form (the first fit), or the evidence text.
std::string fitted_constants(const claims::ClaimOutcome& outcome);

}  // namespace gapcheck::reports
