// The figures of one checked claim: its statistic against the claim's variable with the fitted
// claimed curve and the best rival, the ratio to the claimed shape (flat when the claim holds),
// and, for a phase transition, the estimated breakpoint with its interval.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "stats/claims/verdict.hpp"
#include "reports/figure.hpp"

namespace gapcheck::reports {

// f(x) of the named shape (stats::shape(name).f once stats/shapes.hpp is in the build).
using ShapeFunction = std::function<double(const std::string& shape, const stats::Vars& x)>;

std::vector<Figure> claim_figures(const claims::ClaimOutcome& outcome, const ShapeFunction& shape,
                                  const std::string& note);

std::string verdict_name(const claims::ClaimOutcome& outcome);
// "a = 1.2 [1.1, 1.3], c = …" for the claimed form (the first fit), or the evidence text.
std::string fitted_constants(const claims::ClaimOutcome& outcome);

}  // namespace gapcheck::reports
