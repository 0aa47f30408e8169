// What the claims checker hands the report: one ClaimOutcome per claim of the catalog.
//
// The declarations below mirror stats/claims/verdict.hpp field for field, so that the report's
// verdict table and per-claim figures are written against the agreed interface. When
// stats/claims is part of the build, this header becomes one include of
// "stats/claims/verdict.hpp".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stats/segmented.hpp"
#include "stats/shapes.hpp"

namespace gapcheck::claims {

enum class Verdict { pass, fail, inconclusive };
struct ClaimOutcome {
  std::string id, statement, source, evidence_tag;
  bool control = false;
  Verdict verdict;
  std::string evidence;
  nlohmann::json details;
  std::string x_variable;
  std::vector<stats::Point> points;
  std::vector<stats::ShapeFit> fits;
  std::optional<stats::SegmentedFit> transition;
};

}  // namespace gapcheck::claims
