// What the claims checker hands the report: one ClaimOutcome per claim of the catalog.
//
// These declarations mirror stats/claims/verdict.hpp and the stats/ headers it uses (Interval,
// Point, ShapeFit, SegmentedFit), field for field, so that the report's verdict table and
// per-claim figures are written against the agreed interface. When stats/claims is part of the
// build, this header becomes two includes: "stats/claims/verdict.hpp" and "stats/shapes.hpp".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gapcheck::stats {

struct Interval {
  double lo, hi;
};
using Vars = std::map<std::string, double>;
struct Point {
  Vars x;
  double mean;
  double se;
  std::uint64_t runs;
};
struct ShapeFit {
  std::string shape;
  double a;
  Interval a_ci;
  double c;
  Interval c_ci;
  double chi2;
  double dof;
  double p_value;
  double aic;
};
struct SegmentedFit {
  double breakpoint;
  Interval breakpoint_ci;
  double slope_before, slope_after;
  Interval slope_before_ci, slope_after_ci;
  double rss;
  double f_p_value;
};

}  // namespace gapcheck::stats

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
