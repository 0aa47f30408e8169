#include "reports/claim_figures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace gapcheck::reports {
namespace {

constexpr double kZ95 = 1.959963984540054;  // standard normal 0.975 quantile (R: qnorm(0.975))

double x_of(const stats::Point& p, const std::string& variable) {
  const auto it = p.x.find(variable);
  return it == p.x.end() ? std::numeric_limits<double>::quiet_NaN() : it->second;
}

std::string fit_label(const stats::ShapeFit& fit, const char* role) {
  return fmt::format("{}: {:.3g}·{} + {:.3g}", role, fit.a, fit.shape, fit.c);
}

}  // namespace

std::string verdict_name(const claims::ClaimOutcome& outcome) {
  const char* name = outcome.verdict == claims::Verdict::pass   ? "pass"
                     : outcome.verdict == claims::Verdict::fail ? "fail"
                                                                : "inconclusive";
  if (!outcome.control) return name;
  return fmt::format("{} (control, expected to fail)", name);
}

std::string fitted_constants(const claims::ClaimOutcome& outcome) {
  if (outcome.fits.empty()) return outcome.evidence;
  const stats::ShapeFit& f = outcome.fits.front();
  return fmt::format("{}: a = {:.3g} [{:.3g}, {:.3g}], c = {:.3g} [{:.3g}, {:.3g}], p = {:.3g}",
                     f.shape, f.a, f.a_ci.lo, f.a_ci.hi, f.c, f.c_ci.lo, f.c_ci.hi, f.p_value);
}

std::vector<Figure> claim_figures(const claims::ClaimOutcome& outcome, const ShapeFunction& shape,
                                  const std::string& note) {
  std::vector<stats::Point> points = outcome.points;
  const std::string& var = outcome.x_variable;
  std::erase_if(points, [&](const stats::Point& p) { return !std::isfinite(x_of(p, var)); });
  std::sort(points.begin(), points.end(),
            [&](const stats::Point& a, const stats::Point& b) { return x_of(a, var) < x_of(b, var); });
  // A claim decided at a single x (a published distribution at one n) has no curve to draw; its
  // comparison is the published-versus-measured table of the experiments.
  if (points.empty() || x_of(points.front(), var) == x_of(points.back(), var)) return {};
  const bool log2_x = var == "n" || var == "m" || var == "b";

  Figure main;
  main.id = "claim-" + outcome.id;
  main.title = fmt::format("{} [{}]", outcome.id, verdict_name(outcome));
  main.x_label = var;
  main.y_label = "mean gap";
  main.log2_x = log2_x;
  main.note = note;
  Series data{"measured", Series::Style::points_errorbars, {}, {}, {}, {}, 0, -1};
  for (const auto& p : points) {
    data.x.push_back(x_of(p, var));
    data.y.push_back(p.mean);
    data.y_lo.push_back(p.mean - kZ95 * p.se);
    data.y_hi.push_back(p.mean + kZ95 * p.se);
  }
  main.series.push_back(data);
  const char* roles[] = {"claimed", "best rival"};
  for (std::size_t k = 0; k < std::min<std::size_t>(2, outcome.fits.size()); ++k) {
    const stats::ShapeFit& fit = outcome.fits[k];
    Series curve{fit_label(fit, roles[k]), Series::Style::line, {}, {}, {}, {}, static_cast<int>(k) + 1,
                 static_cast<int>(k) + 1};
    for (const auto& p : points) {
      curve.x.push_back(x_of(p, var));
      curve.y.push_back(fit.a * shape(fit.shape, p.x) + fit.c);
    }
    main.series.push_back(std::move(curve));
  }
  if (outcome.transition) {
    const auto& t = *outcome.transition;
    const double y0 = *std::min_element(data.y_lo.begin(), data.y_lo.end());
    const double y1 = *std::max_element(data.y_hi.begin(), data.y_hi.end());
    main.series.push_back({fmt::format("breakpoint {:.3g}", t.breakpoint), Series::Style::line,
                           {t.breakpoint, t.breakpoint}, {y0, y1}, {}, {}, 4, 1});
    main.series.push_back({fmt::format("95% interval [{:.3g}, {:.3g}]", t.breakpoint_ci.lo, t.breakpoint_ci.hi),
                           Series::Style::line,
                           {t.breakpoint_ci.lo, t.breakpoint_ci.lo, t.breakpoint_ci.hi, t.breakpoint_ci.hi},
                           {y0, y1, y1, y0}, {}, {}, 4, 3});
  }
  main.caption = fmt::format("{} ({}). Verdict: {}. {}", outcome.statement, outcome.source,
                             verdict_name(outcome), outcome.evidence);
  std::vector<Figure> out{main};

  if (!outcome.fits.empty()) {
    const stats::ShapeFit& claimed = outcome.fits.front();
    Figure ratio;
    ratio.id = "claim-" + outcome.id + "-ratio";
    ratio.title = fmt::format("{}: gap / {}", outcome.id, claimed.shape);
    ratio.x_label = var;
    ratio.y_label = fmt::format("mean gap / {}", claimed.shape);
    ratio.log2_x = log2_x;
    ratio.note = note;
    Series r{"measured / claimed shape", Series::Style::points_errorbars, {}, {}, {}, {}, 0, -1};
    for (const auto& p : points) {
      const double f = shape(claimed.shape, p.x);
      if (!(std::abs(f) > 0) || !std::isfinite(f)) continue;
      r.x.push_back(x_of(p, var));
      r.y.push_back(p.mean / f);
      r.y_lo.push_back((p.mean - kZ95 * p.se) / f);
      r.y_hi.push_back((p.mean + kZ95 * p.se) / f);
    }
    if (!r.x.empty()) {
      ratio.series.push_back(std::move(r));
      ratio.caption = fmt::format(
          "The ratio of the measured statistic to the claimed shape {} for claim {}: flat when the "
          "claim holds, drifting when the shape is wrong.",
          claimed.shape, outcome.id);
      out.push_back(std::move(ratio));
    }
  }
  return out;
}

}  // namespace gapcheck::reports
