// The ten rule kinds. Each reads the claim's per-run values, computes its statistics with
// stats/, and decides with the thresholds of rules.hpp. Every rule has two separate evidence
// bars: a PASS needs the claim shown at the usual level, a FAIL needs the opposite shown at a
// far stricter one (fail_alpha), and what lies between is INCONCLUSIVE with its reason.
#include "stats/claims/rules.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <utility>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <fmt/format.h>

#include "processes/core/spec.hpp"
#include "stats/claims/published.hpp"
#include "stats/crossover.hpp"
#include "stats/fluid_limit.hpp"
#include "stats/interval.hpp"
#include "stats/regression.hpp"
#include "stats/summary.hpp"
#include "stats/tests.hpp"

namespace gapcheck::claims {

std::vector<stats::Point> fit_points(const Claim& claim, std::span<const Sample> a,
                                     const std::vector<stats::Point>& raw, ClaimOutcome& out);

namespace {

using nlohmann::json;
using thresholds::aic_margin;
using thresholds::fail_alpha;

struct Decision {
  Verdict verdict;
  std::string evidence;
};

std::string num(double v) { return fmt::format("{:.3g}", v); }
// A grid value (n, b, t): whole numbers in full ("n=4096", not "n=4.1e+03"), others as num().
std::string grid_value(double v) {
  return v == std::floor(v) && std::fabs(v) < 1e15 ? fmt::format("{:.0f}", v) : num(v);
}
// " at d=2, n=4096, t=50": every variable of a grid point.
std::string at_point(const stats::Vars& vars) {
  std::string at;
  for (const auto& [name, value] : vars) at += (at.empty() ? " at " : ", ") + name + "=" + grid_value(value);
  return at;
}
std::string factor(double log_range) { return "×" + fmt::format("{:.3g}", std::exp(log_range)); }
std::string interval(stats::Interval i) { return fmt::format("[{:.3g}, {:.3g}]", i.lo, i.hi); }
json to_json(stats::Interval i) { return json::array({i.lo, i.hi}); }

double normal_quantile(double level) {  // two-sided: P(|Z| <= z) = level
  return std::sqrt(2.0) * boost::math::erf_inv(level);
}

stats::Point point_of(const Claim& claim, const Sample& s) {
  const auto v = values_of(claim, s);
  const auto sum = stats::summarize(v);
  const double runs = static_cast<double>(v.size());
  // Runs that all agree (integer gaps often do) give sd 0; the floor is the standard error the
  // sample would have if one run had differed by 1, so that weights stay finite and honest.
  return {s.point.vars, sum.mean, std::max(sum.sd / std::sqrt(runs), 1 / runs), v.size()};
}

// The seed of a rule's resampling (bootstraps, permutations): the claim's, whatever the salt, so
// that a verdict read back from the same runs is the same.
std::uint64_t resampling_seed(const Claim& claim) {
  return point_seed(kFixedSalt, PointSpec{{claim.id, "exact", "unit", ""}, 0, 0, 0, {}});
}

json fit_json(const stats::ShapeFit& f) {
  return {{"shape", f.shape}, {"a", f.a},     {"a_ci", to_json(f.a_ci)}, {"c", f.c},
          {"c_ci", to_json(f.c_ci)}, {"chi2", f.chi2}, {"dof", f.dof}, {"p_value", f.p_value},
          {"aic", f.aic}};
}

double x_of(const Claim& claim, const stats::Point& p) {
  const auto it = p.x.find(claim.x_variable);
  if (it == p.x.end())
    throw InputError("claim '" + claim.id + "': x='" + claim.x_variable + "' is not an axis");
  return it->second;
}

// --- shape: gap = Θ(f) against named rivals, read two ways ----------------------------------
// The ratio reading is Θ as theorists mean it: gap/f stays within constant bounds along the
// grid while each rival's ratio drifts. The fit reading asks for the exact form gap ≈ a·f + c,
// which allows an additive constant but no other lower-order term. A PASS needs one reading to
// show the claim and the other neither to refute nor to contest it; a FAIL needs one to refute it
// and neither to show it; readings that contradict each other leave the claim INCONCLUSIVE.
// `contests`: the fit prefers a rival too close to the claimed form for the ratio to refute
// either; it keeps the claim from a PASS and never FAILs it.
enum class Reading { shows, refutes, contests, neither };
struct ReadOut {
  Reading reading;
  std::string evidence;  // the numbers, then the reason when it neither shows nor refutes
};

// How far two forms part along a grid: the range of ln(f/g) over its points; nullopt where one
// of them is not positive or not finite.
std::optional<double> log_parting(const stats::Shape& f, const stats::Shape& g,
                                  const std::vector<const stats::Vars*>& grid) {
  double lo = INFINITY, hi = -INFINITY;
  for (const stats::Vars* vars : grid) {
    const double ratio = f.f(*vars) / g.f(*vars);
    if (!(ratio > 0) || !std::isfinite(ratio)) return std::nullopt;
    lo = std::min(lo, std::log(ratio));
    hi = std::max(hi, std::log(ratio));
  }
  return hi - lo;
}
std::vector<const stats::Vars*> grid_of(const std::vector<stats::Point>& pts) {
  std::vector<const stats::Vars*> grid;
  for (const auto& p : pts) grid.push_back(&p.x);
  return grid;
}

// The fit reading: the claimed form ranks first by AIC, fits (χ² p), and has a > 0; refuted
// when its fit is rejected and a rival is decisively better, provided that rival parts from the
// claimed form by more than the ratio reading's cap along the grid. Forms closer than that are
// one Θ class on this grid: which of their exact forms fits better is decided by lower-order
// terms, not by the claim (measured: a true (1+β) claim FAILed once in 200 reruns of a cheap grid
// where ln n/β and its rival 1/β part by ×1.25).
ReadOut fit_reading(const Claim& claim, const std::vector<stats::Point>& pts, ClaimOutcome& out) {
  std::vector<stats::Shape> shapes{stats::shape(claim.form)};
  for (const auto& r : claim.rivals) shapes.push_back(stats::shape(r));
  auto fits = stats::rank_shapes(pts, shapes, thresholds::pass_level);
  const auto found = std::find_if(fits.begin(), fits.end(),
                                  [&](const auto& f) { return f.shape == claim.form; });
  if (found == fits.end())
    return {Reading::neither, claim.form + " is constant on this grid: not identifiable"};
  const auto claimed = *found;
  const bool constant = claim.form == "1";
  std::stable_partition(fits.begin(), fits.end(),
                        [&](const auto& f) { return f.shape == claim.form; });
  out.fits = fits;
  for (const auto& f : fits) out.details["fits"].push_back(fit_json(f));
  std::string ev = "fit " + claim.form + (constant ? "" : ": a=" + num(claimed.a) + " " +
                                                            interval(claimed.a_ci)) +
                   ", p=" + num(claimed.p_value);
  const stats::ShapeFit* rival = nullptr;
  for (const auto& f : fits)
    if (f.shape != claim.form && (!rival || f.aic < rival->aic)) rival = &f;
  if (!rival) return {Reading::neither, ev + "; no identifiable rival"};
  ev += ", best rival " + rival->shape + " (ΔAIC " + num(rival->aic - claimed.aic) + ")";
  const bool fits_ok = claimed.p_value >= thresholds::fit_alpha;
  const bool positive = constant || claimed.a_ci.lo > 0;
  if (claimed.p_value < thresholds::fit_alpha && rival->aic < claimed.aic - aic_margin) {
    const auto parting =
        log_parting(stats::shape(claim.form), stats::shape(rival->shape), grid_of(pts));
    // A rival not positive on the grid has no ratio to part by; the fit alone decides then.
    if (!parting || *parting > thresholds::drift_cap) return {Reading::refutes, ev};
    return {Reading::contests, ev + ": the claimed form's fit is rejected, but " + rival->shape +
                                   " parts from it by only " + factor(*parting) +
                                   " on this grid: one Θ class here"};
  }
  const bool leads = claimed.aic <= rival->aic - thresholds::aic_lead;
  if (fits_ok && positive && leads) return {Reading::shows, ev};
  if (!positive) return {Reading::neither, ev + ": a not shown > 0"};
  if (!fits_ok)
    return {Reading::neither,
            ev + ": the claimed form's fit is rejected" +
                (leads ? " although it ranks first" : " and no rival is decisively better")};
  if (rival->aic < claimed.aic - thresholds::aic_lead)
    return {Reading::neither, ev + ": a rival fits better, though the claimed form fits too"};
  return {Reading::neither,
          ev + ": a rival fits about as well (ΔAIC < " + num(thresholds::aic_lead) + ")"};
}

// The fewest runs of any point: its standard error sets the quantiles' degrees of freedom.
std::uint64_t fewest_runs(const std::vector<stats::Point>& pts) {
  std::uint64_t runs = pts.front().runs;
  for (const auto& p : pts) runs = std::min(runs, p.runs);
  return runs;
}

// How far ln(mean/f) moves along the grid: its range over the points, with bounds from every
// pair's difference. The range is below `upper` at 95 % when every pair's 95 % interval is
// (an intersection-union test: no correction for the number of pairs), and above `lower` when
// one pair's interval, Bonferroni over the pairs, is: at 95 % (`lower`) or at 1 − fail_alpha
// (`lower_fail`). The quantiles are Student's t with the fewest runs of a point less one degrees
// of freedom, since each standard error comes from those runs.
struct Drift {
  std::string form;
  double range = 0, upper = 0, lower = 0, lower_fail = 0;
  double span = 0;  // the range of ln(f_claimed/f) over the grid: how far the two forms part
};
std::optional<Drift> drift_of(const std::vector<stats::Point>& pts, const std::string& form,
                              const std::string& claimed) {
  const auto& f = stats::shape(form);
  const auto& g = stats::shape(claimed);
  std::vector<double> log_ratio, rel_se;
  for (const auto& p : pts) {
    const double v = f.f(p.x);
    if (!(p.mean > 0) || !(v > 0) || !std::isfinite(v)) return std::nullopt;
    log_ratio.push_back(std::log(p.mean / v));
    rel_se.push_back(p.se / p.mean);
  }
  const auto [lo, hi] = std::minmax_element(log_ratio.begin(), log_ratio.end());
  Drift d{form, *hi - *lo, 0, 0, 0, log_parting(g, f, grid_of(pts)).value_or(NAN)};
  const double pairs = static_cast<double>(pts.size() * (pts.size() - 1) / 2);
  const double dof = static_cast<double>(std::max<std::uint64_t>(fewest_runs(pts), 2) - 1);
  const double z = stats::t_critical(dof, thresholds::pass_level);
  const double z_lower = stats::t_critical(dof, 1 - (1 - thresholds::pass_level) / pairs);
  const double z_fail = stats::t_critical(dof, 1 - fail_alpha / pairs);
  for (std::size_t i = 0; i < pts.size(); ++i)
    for (std::size_t j = i + 1; j < pts.size(); ++j) {
      const double diff = std::abs(log_ratio[i] - log_ratio[j]);
      const double se = std::hypot(rel_se[i], rel_se[j]);
      d.upper = std::max(d.upper, diff + z * se);
      d.lower = std::max(d.lower, diff - z_lower * se);
      d.lower_fail = std::max(d.lower_fail, diff - z_fail * se);
    }
  return d;
}

// The runs per point at which a rival's ratio would be shown to move further than the claimed
// one's, the means staying as they are: each point's sampling variance shrinks as 1/runs (with
// the t quantiles' degrees of freedom growing), while the rounding variance fit_points added for
// an integer statistic does not. `ever`: whether unlimited runs (the rounding variance alone)
// would separate them; `runs`: how many, if 2^30 times the runs at hand or fewer do.
struct Separation {
  bool ever = false;
  std::optional<double> runs;
};
Separation runs_to_separate(const std::string& claimed_form, const std::string& rival,
                            const std::vector<stats::Point>& pts, double rounding) {
  const auto separated = [&](double factor) {  // factor = ∞: the rounding variance alone
    auto scaled = pts;
    for (auto& p : scaled) {
      const double sampling = std::max(0.0, p.se * p.se - rounding);
      p.se = std::sqrt((std::isinf(factor) ? 0.0 : sampling / factor) + rounding);
      p.runs = std::isinf(factor) ? std::uint64_t{1} << 40
                                  : static_cast<std::uint64_t>(
                                        std::ceil(static_cast<double>(p.runs) * factor));
    }
    const auto c = drift_of(scaled, claimed_form, claimed_form);
    const auto r = drift_of(scaled, rival, claimed_form);
    return c && r && r->lower > c->upper;
  };
  Separation out;
  out.ever = separated(INFINITY);
  if (!out.ever) return out;
  constexpr double kMaxFactor = 0x1p30;
  double hi = 1;
  while (!separated(hi))
    if ((hi *= 2) > kMaxFactor) return out;
  double lo = hi / 2;  // not separated (or the runs at hand, which do not separate either)
  for (int i = 0; i < 40 && hi - lo > 1e-3 * hi; ++i) {
    const double mid = (lo + hi) / 2;
    (separated(mid) ? hi : lo) = mid;
  }
  out.runs = std::ceil(static_cast<double>(fewest_runs(pts)) * hi);
  return out;
}

// The ratio reading: gap/f stays within a factor exp(drift_cap) along the grid (shown at 95 %)
// and every rival's ratio is shown to move further than that bound; refuted when gap/f is shown
// to move beyond the cap at 1 − fail_alpha while some rival's ratio is shown to stay within it.
// The cap is a convention: a refutation says that the claimed form's ratio moves beyond a factor
// of 2 on this grid where a rival's does not, which lower-order terms can also do.
ReadOut ratio_reading(const Claim& claim, const std::vector<stats::Point>& pts,
                      ClaimOutcome& out) {
  if (pts.size() < 2) return {Reading::neither, "one point: no ratio to follow"};
  const auto claimed = drift_of(pts, claim.form, claim.form);
  if (!claimed) return {Reading::neither, "a mean or a form is not positive: no ratio"};
  std::vector<Drift> rivals;
  std::string unread;  // rivals not positive on the grid: no ratio to compare
  for (const auto& r : claim.rivals) {
    if (const auto d = drift_of(pts, r, claim.form)) rivals.push_back(*d);
    else unread += (unread.empty() ? "" : ", ") + r;
  }
  const auto drift_json = [](const Drift& d) {
    return json{{"form", d.form},   {"log_range", d.range},       {"upper", d.upper},
                {"lower", d.lower}, {"lower_fail", d.lower_fail}, {"forms_log_span", d.span}};
  };
  out.details["ratio"].push_back(drift_json(*claimed));
  for (const auto& d : rivals) out.details["ratio"].push_back(drift_json(d));
  out.details["ratio_cap"] = thresholds::drift_cap;
  std::string ev = "gap/(" + claim.form + ") moves " + factor(claimed->range) + " (≤ " +
                   factor(claimed->upper) + ") along the grid";
  if (rivals.empty()) return {Reading::neither, ev + "; no rival to compare"};
  // The rival whose ratio is hardest to tell from the claimed one's.
  const auto nearest = *std::min_element(rivals.begin(), rivals.end(), [](auto& l, auto& r) {
    return l.lower < r.lower;
  });
  ev += ", " + nearest.form + " " + factor(nearest.range) + " (≥ " + factor(nearest.lower) + ")";
  const auto steadiest = *std::min_element(rivals.begin(), rivals.end(), [](auto& l, auto& r) {
    return l.upper < r.upper;
  });
  if (claimed->lower_fail > thresholds::drift_cap && steadiest.upper <= thresholds::drift_cap)
    return {Reading::refutes, ev + "; gap/(" + claim.form + ") moves beyond " +
                                  factor(thresholds::drift_cap) + " (≥ " +
                                  factor(claimed->lower_fail) + " at 1 − " + num(fail_alpha) +
                                  ") while gap/(" + steadiest.form + ") stays within " +
                                  factor(steadiest.upper)};
  if (claimed->upper > thresholds::drift_cap)
    return {Reading::neither, ev + ": gap/(" + claim.form + ") not shown within " +
                                  factor(thresholds::drift_cap)};
  if (!unread.empty())
    return {Reading::neither, ev + ": no ratio to " + unread + " (not positive on this grid)"};
  if (nearest.lower > claimed->upper) return {Reading::shows, ev};
  // Why the rival is not told apart, and what would tell it.
  ev += ": " + nearest.form + " not shown to move further; the forms' ratio spans " +
        factor(nearest.span) + " on this grid";
  if (nearest.range <= claimed->range)
    return {Reading::neither, ev + ", and its ratio moves no more than the claimed one's: no "
                                   "number of runs separates them here"};
  // Every rival not yet told apart must be, for the reading to show: the most runs any needs.
  const double rounding = out.details.value("rounding_variance_added", 0.0);
  double most = 0;
  for (const auto& r : rivals) {
    if (r.lower > claimed->upper) continue;
    const Separation s = runs_to_separate(claim.form, r.form, pts, rounding);
    const std::string pair = "gap/(" + r.form + ") and gap/(" + claim.form + ")";
    if (!s.ever && rounding > 0)
      return {Reading::neither,
              ev + ", and the rounding of an integer statistic (variance 1/12 a point, which "
                   "more runs do not shrink) keeps " + pair +
                  " from being told apart at any number of runs"};
    if (!s.ever)
      return {Reading::neither, ev + ", and no number of runs tells " + pair + " apart"};
    if (!s.runs)
      return {Reading::neither, ev + ", and gap/(" + r.form + ") would need more than 2^30 times "
                                     "the runs per point to be told apart"};
    most = std::max(most, *s.runs);
  }
  out.details["runs_to_separate"] = most;
  return {Reading::neither,
          ev + ", about " + fmt::format("{:.2g}", most) + " runs per point would separate them"};
}

}  // namespace

std::vector<std::pair<std::string, double>> forms_separation(const Claim& claim,
                                                             const std::vector<PointSpec>& points) {
  std::vector<std::pair<std::string, double>> out;
  if (claim.rule != RuleKind::shape || points.empty()) return out;
  std::vector<const stats::Vars*> grid;
  for (const auto& p : points) grid.push_back(&p.vars);
  for (const auto& rival : claim.rivals) {
    const auto parting = log_parting(stats::shape(claim.form), stats::shape(rival), grid);
    out.emplace_back(rival, parting ? std::exp(*parting) : NAN);
  }
  return out;
}

namespace {

Decision shape_rule(const Claim& claim, const std::vector<stats::Point>& pts, ClaimOutcome& out) {
  const ReadOut ratio = ratio_reading(claim, pts, out);
  const ReadOut fit = fit_reading(claim, pts, out);
  const auto reading_json = [](const ReadOut& r) {
    return json{{"reading", r.reading == Reading::shows      ? "shows"
                            : r.reading == Reading::refutes  ? "refutes"
                            : r.reading == Reading::contests ? "contests"
                                                             : "neither"},
                {"evidence", r.evidence}};
  };
  out.details["readings"] = {{"ratio", reading_json(ratio)}, {"fit", reading_json(fit)}};
  const std::string ev = ratio.evidence + "; " + fit.evidence;
  const auto any = [&](Reading r) { return ratio.reading == r || fit.reading == r; };
  if (any(Reading::shows) && (any(Reading::refutes) || any(Reading::contests)))
    return {Verdict::inconclusive, ev + "; the two readings contradict each other"};
  if (any(Reading::shows)) return {Verdict::pass, ev};
  if (any(Reading::refutes)) return {Verdict::fail, ev};
  return {Verdict::inconclusive, ev};
}

// A straight line mean ≈ c + a·x by weighted least squares with the points' standard errors.
// The slope's standard error is (XᵀWX)⁻¹ inflated by max(1, χ²/dof) (the PDG scale factor, as
// rank_shapes does), so a line that fits worse than its errors allow gets a wider interval.
struct Line {
  double a, a_se, c, chi2, dof;
};
Line fit_line(std::span<const stats::Point> pts, const std::vector<double>& x) {
  Eigen::MatrixXd X(pts.size(), 2);
  Eigen::VectorXd y(pts.size()), w(pts.size());
  for (std::size_t i = 0; i < pts.size(); ++i) {
    X(i, 0) = x[i];
    X(i, 1) = 1;
    y(i) = pts[i].mean;
    w(i) = 1 / (pts[i].se * pts[i].se);
  }
  const auto fit = stats::weighted_least_squares(X, y, w);
  const double scale = std::max(1.0, fit.dof > 0 ? fit.rss / fit.dof : 1.0);
  return {fit.coef(0), std::sqrt(fit.unscaled_cov(0, 0) * scale), fit.coef(1), fit.rss, fit.dof};
}


// --- additive: gap = f(n) + Θ(1): the coefficient of f is 1 -----------------------------------
// The mean gap is regressed on f over the grid; a PASS needs the 95 % interval of the slope to
// contain 1 and exclude 0 (the gap grows as f does), a FAIL needs the interval at 1 − fail_alpha
// to exclude 1.
Decision additive_rule(const Claim& claim, const std::vector<stats::Point>& pts, ClaimOutcome& out) {
  const auto& f = stats::shape(claim.form);
  std::vector<double> x;
  for (const auto& p : pts) x.push_back(f.f(p.x));
  const Line line = fit_line(pts, x);
  const double z_pass = normal_quantile(thresholds::pass_level);
  const double z_fail = normal_quantile(1 - fail_alpha);
  const stats::Interval pass{line.a - z_pass * line.a_se, line.a + z_pass * line.a_se};
  const stats::Interval fail{line.a - z_fail * line.a_se, line.a + z_fail * line.a_se};
  out.details["fit"] = {{"form", claim.form}, {"slope", line.a}, {"slope_se", line.a_se},
                        {"slope_ci", to_json(pass)}, {"slope_ci_fail_level", to_json(fail)},
                        {"intercept", line.c}, {"chi2", line.chi2}, {"dof", line.dof}};
  const std::string ev = "slope of gap on " + claim.form + ": " + num(line.a) + " " +
                         interval(pass) + " (claimed 1)";
  if (!fail.contains(1)) return {Verdict::fail, ev};
  if (pass.contains(1) && pass.lo > 0) return {Verdict::pass, ev};
  return {Verdict::inconclusive, ev + (pass.contains(1) ? "; growth not shown (interval reaches 0)"
                                                        : "; 1 outside the 95 % interval")};
}

// --- flat: the statistic does not grow with x (m/n) at any n -------------------------------
// Growth per doubling of x between the smallest and the largest x of each n: (mean at x_max −
// mean at x_min) / log2(x_max/x_min), with the two points' independent standard errors. The
// endpoints, not a fitted line, so that curved growth (√m for One-Choice) is not mistaken for
// a poor fit of a flat one.
Decision flat_rule(const Claim& claim, ClaimOutcome& out) {
  const double tol = claim.number("tolerance", 0.1);  // per doubling of x
  std::map<double, std::vector<const stats::Point*>> groups;  // by n
  for (const auto& p : out.points) groups[p.x.at("n")].push_back(&p);
  const double z_pass = normal_quantile(thresholds::pass_level);
  const double z_fail = normal_quantile(1 - fail_alpha / static_cast<double>(groups.size()));
  bool all_inside = true, any_outside = false;
  double worst = -1;
  std::string ev;
  for (const auto& [n, pts] : groups) {
    const auto [lo, hi] = std::minmax_element(pts.begin(), pts.end(), [&](auto l, auto r) {
      return x_of(claim, *l) < x_of(claim, *r);
    });
    const double doublings = std::log2(x_of(claim, **hi) / x_of(claim, **lo));
    if (!(doublings > 0)) throw InputError("claim '" + claim.id + "' (flat) needs two values of " +
                                           claim.x_variable + " at every n");
    const double slope = ((*hi)->mean - (*lo)->mean) / doublings;
    const double se = std::hypot((*hi)->se, (*lo)->se) / doublings;
    const stats::Interval pass{slope - z_pass * se, slope + z_pass * se};
    const stats::Interval fail{slope - z_fail * se, slope + z_fail * se};
    out.details["slopes"].push_back({{"n", n}, {"slope_per_doubling", slope}, {"se", se},
                                     {"ci", to_json(pass)}, {"ci_fail_level", to_json(fail)}});
    all_inside = all_inside && pass.lo >= -tol && pass.hi <= tol;
    any_outside = any_outside || fail.lo > tol || fail.hi < -tol;
    if (std::abs(slope) > worst) {
      worst = std::abs(slope);
      ev = "growth per doubling of " + claim.x_variable + " at n=" + grid_value(n) + ": " + num(slope) +
           " " + interval(pass);
    }
  }
  ev += " vs ±" + num(tol);
  out.details["band"] = {-tol, tol};
  if (any_outside) return {Verdict::fail, ev};
  if (all_inside) return {Verdict::pass, ev};
  return {Verdict::inconclusive, ev + "; interval not inside the band"};
}

// --- bound: mean = O(f) (sense at_most) or Θ(f) (sense same_order) along x ----------------
// The bound f is a shape (`form`) or, with `than`, the B side's measured mean at the matched
// point (for instance One-Choice with m = b balls). ln(mean/f) is regressed on ln x (se of a
// log mean = se/mean; PDG-scaled). An O-bound hides its constants, and a bound's additive terms
// make the ratio creep towards its limit on a finite grid, so the claim is read as "the ratio
// grows slower than x^tolerance" (and, for same_order, shrinks slower than x^−tolerance): a PASS
// needs the slope's 95 % interval inside, a FAIL its (1 − fail_alpha) interval outside.
Decision bound_rule(const Claim& claim, const std::vector<stats::Point>& pts,
                    const std::vector<stats::Point>& than, ClaimOutcome& out) {
  const double tol = claim.number("tolerance", 0.25);
  const std::string sense = claim.choice("sense");
  const bool measured = !than.empty();
  if (measured == !claim.form.empty())
    throw InputError("claim '" + claim.id + "' (bound) needs either a form or a than table");
  std::string bound_name = claim.form;
  if (measured)  // the B side's process, or just "B" for samples handed in without a catalog
    bound_name = claim.than ? claim.than->process +
                                  (claim.than->m.empty() ? "" : " at m=" + claim.than->m)
                            : "B";
  std::vector<stats::Point> ratio;
  std::vector<double> log_x;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const auto& p = pts[i];
    const double bound = measured ? than.at(i).mean : stats::shape(claim.form).f(p.x);
    const double bound_rel_se = measured ? than[i].se / than[i].mean : 0;
    if (!(p.mean > 0) || !(bound > 0))
      return {Verdict::inconclusive, "mean or bound not positive at a point: no ratio"};
    ratio.push_back({p.x, std::log(p.mean / bound), std::hypot(p.se / p.mean, bound_rel_se),
                     p.runs});
    log_x.push_back(std::log(x_of(claim, p)));
  }
  if (*std::max_element(log_x.begin(), log_x.end()) == *std::min_element(log_x.begin(), log_x.end()))
    throw InputError("claim '" + claim.id + "' (bound) needs two values of " + claim.x_variable);
  const Line line = fit_line(ratio, log_x);
  const double z_pass = normal_quantile(thresholds::pass_level);
  const double z_fail = normal_quantile(1 - fail_alpha);
  const stats::Interval pass{line.a - z_pass * line.a_se, line.a + z_pass * line.a_se};
  const stats::Interval fail{line.a - z_fail * line.a_se, line.a + z_fail * line.a_se};
  const stats::Interval band{sense == "at_most" ? -INFINITY : -tol, tol};
  out.details["fit"] = {{"bound", bound_name}, {"sense", sense},
                        {"slope_of_log_ratio", line.a}, {"slope_se", line.a_se},
                        {"intercept_of_log_ratio", line.c},
                        {"ci", to_json(pass)}, {"ci_fail_level", to_json(fail)},
                        {"chi2", line.chi2}, {"dof", line.dof}, {"band", to_json(band)}};
  // What the line was fitted to, one row per point (in the order of the points): x, ln(mean/f)
  // and its standard error.
  for (std::size_t i = 0; i < ratio.size(); ++i)
    out.details["log_ratios"].push_back(
        {{"x", x_of(claim, pts[i])}, {"log_ratio", ratio[i].mean}, {"se", ratio[i].se}});
  const std::string ev = "gap/(" + bound_name + ") grows as " + claim.x_variable + "^" +
                         num(line.a) + " " + interval(pass) + " (ratio " +
                         num(std::exp(ratio.front().mean)) + " -> " +
                         num(std::exp(ratio.back().mean)) + ") vs " +
                         (sense == "at_most" ? "tolerance " + num(tol) : "±" + num(tol));
  if (fail.lo > band.hi || fail.hi < band.lo) return {Verdict::fail, ev};
  if (pass.lo >= band.lo && pass.hi <= band.hi) return {Verdict::pass, ev};
  return {Verdict::inconclusive, ev + "; interval not inside the band"};
}

// The point a verdict over several points rests on, the one its evidence quotes: the point with
// the smallest Holm-adjusted refuting p where that refutes the claim, else the one with the
// largest adjusted shown p (the weakest of the points a PASS needs). Holm's step-down makes
// adjusted values tie; a tie goes to the smaller (refuting) or larger (shown) raw p.
std::size_t deciding_point(const std::vector<double>& p_shown,
                           const std::vector<double>& holm_shown,
                           const std::vector<double>& p_refuted,
                           const std::vector<double>& holm_refuted) {
  const auto refuted = [&](std::size_t i) { return std::pair(holm_refuted[i], p_refuted[i]); };
  const auto shown = [&](std::size_t i) { return std::pair(holm_shown[i], p_shown[i]); };
  std::size_t refuting = 0, weakest = 0;
  for (std::size_t i = 1; i < p_shown.size(); ++i) {
    if (refuted(i) < refuted(refuting)) refuting = i;
    if (shown(i) > shown(weakest)) weakest = i;
  }
  return holm_refuted[refuting] < fail_alpha ? refuting : weakest;
}

// --- order: A <= B + margin at every matched point (sense "less"), or |A - B| <= margin
// (sense "close") -------------------------------------------------------------------------
Decision order_rule(const Claim& claim, std::span<const Sample> a, std::span<const Sample> b,
                    ClaimOutcome& out) {
  const double margin = claim.number("margin", 0);
  const std::string sense = claim.choice("sense");
  std::vector<double> p_shown, p_refuted;
  std::vector<std::string> point_ev;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto va = values_of(claim, a[i]);
    const auto vb = values_of(claim, b[i]);
    const auto sa = stats::summarize(va), sb = stats::summarize(vb);
    auto shifted = [&](double shift) {
      auto v = va;
      for (auto& x : v) x -= shift;
      return v;
    };
    using stats::Alternative;
    double shown, refuted;
    if (sense == "less") {
      shown = stats::welch_t_test(shifted(margin), vb, Alternative::less).p_value;
      refuted = stats::welch_t_test(shifted(margin), vb, Alternative::greater).p_value;
    } else {  // two one-sided tests for equivalence; refuted when outside the band either way
      shown = std::max(stats::welch_t_test(shifted(margin), vb, Alternative::less).p_value,
                       stats::welch_t_test(shifted(-margin), vb, Alternative::greater).p_value);
      refuted = 2 * std::min(stats::welch_t_test(shifted(margin), vb, Alternative::greater).p_value,
                             stats::welch_t_test(shifted(-margin), vb, Alternative::less).p_value);
    }
    shown = std::min(1.0, shown);
    refuted = std::min(1.0, refuted);
    p_shown.push_back(shown);
    p_refuted.push_back(refuted);
    out.details["pairs"].push_back({{"a", a[i].point.specs.process + " " + a[i].point.specs.setting},
                                    {"b", b[i].point.specs.process + " " + b[i].point.specs.setting},
                                    {"vars", a[i].point.vars},
                                    {"mean_a", sa.mean}, {"mean_b", sb.mean},
                                    {"p_shown", shown}, {"p_refuted", refuted},
                                    {"seed_a", a[i].seed}, {"seed_b", b[i].seed}});
    point_ev.push_back("A-B " + num(sa.mean - sb.mean) + at_point(a[i].point.vars));
  }
  const auto holm_shown = stats::holm(p_shown);
  const auto holm_refuted = stats::holm(p_refuted);
  const double worst_shown = *std::max_element(holm_shown.begin(), holm_shown.end());
  const double best_refuted = *std::min_element(holm_refuted.begin(), holm_refuted.end());
  out.details["holm_p_shown_max"] = worst_shown;
  out.details["holm_p_refuted_min"] = best_refuted;
  std::string ev = point_ev[deciding_point(p_shown, holm_shown, p_refuted, holm_refuted)];
  ev += (sense == "less" ? "; A<=B" : "; |A-B|<=") + (margin != 0 ? "+" + num(margin) : "") +
        " shown p=" + num(worst_shown) + ", refuted p=" + num(best_refuted);
  if (best_refuted < fail_alpha) return {Verdict::fail, ev};
  if (worst_shown < thresholds::pass_alpha) return {Verdict::pass, ev};
  return {Verdict::inconclusive, ev};
}

// --- mean_at_most: mean <= bound at every point (bound a number, or an axis such as d) ------
Decision mean_at_most_rule(const Claim& claim, std::span<const Sample> a, ClaimOutcome& out) {
  std::vector<double> p_shown, p_refuted;
  std::vector<std::string> point_ev;
  for (const auto& s : a) {
    const double bound = claim.texts.count("bound") ? s.point.vars.at(claim.text("bound"))
                                                    : claim.number("bound", NAN);
    if (std::isnan(bound)) throw InputError("claim '" + claim.id + "' needs a bound");
    const auto v = values_of(claim, s);
    const auto sum = stats::summarize(v);
    using stats::Alternative;
    const double shown = stats::one_sample_t_test(v, bound, Alternative::less).p_value;
    const double refuted = stats::one_sample_t_test(v, bound, Alternative::greater).p_value;
    p_shown.push_back(shown);
    p_refuted.push_back(refuted);
    out.details["points_vs_bound"].push_back(
        {{"vars", s.point.vars}, {"mean", sum.mean}, {"max", sum.max}, {"bound", bound},
         {"p_shown", shown}, {"p_refuted", refuted}, {"seed", s.seed}});
    point_ev.push_back("mean " + num(sum.mean) + " (max run " + num(sum.max) + ") vs bound " +
                       num(bound) + at_point(s.point.vars));
  }
  if (claim.texts.count("bound")) out.details["bound_axis"] = claim.text("bound");
  const auto hs = stats::holm(p_shown), hr = stats::holm(p_refuted);
  const double worst_shown = *std::max_element(hs.begin(), hs.end());
  const double best_refuted = *std::min_element(hr.begin(), hr.end());
  std::string ev =
      point_ev[deciding_point(p_shown, hs, p_refuted, hr)] + "; shown p=" + num(worst_shown);
  if (best_refuted < fail_alpha) return {Verdict::fail, ev + ", refuted p=" + num(best_refuted)};
  if (worst_shown < thresholds::pass_alpha) return {Verdict::pass, ev};
  return {Verdict::inconclusive, ev};
}

// --- transition: a bend in mean vs x, its breakpoint inside [lo, hi]·ln n -------------------
// With slope = rises (falls) the claim also names the bend's direction: "sub-linear below,
// linear above" is a slope that rises. A bend the other way refutes it only at the FAIL level: a
// one-sided t-test of the slope change s₂ − s₁ (conditional on ψ) at fail_alpha, with the bend
// significant and its breakpoint interval meeting the claimed range (a bend elsewhere says
// nothing of the one claimed there).
constexpr std::uint64_t kBendResamples = 999;  // the sup-F bootstrap's replicates

Decision transition_rule(const Claim& claim, const std::vector<stats::Point>& pts,
                         ClaimOutcome& out) {
  std::vector<double> x, y, w;
  for (const auto& p : pts) {
    x.push_back(x_of(claim, p));
    y.push_back(p.mean);
    w.push_back(1 / (p.se * p.se));
  }
  const double ln_n = std::log(pts.front().x.at("n"));
  const stats::Interval range{claim.number("breakpoint_lo", 0.5) * ln_n,
                              claim.number("breakpoint_hi", 2) * ln_n};
  const std::uint64_t seed = resampling_seed(claim);
  const auto fit =
      stats::segmented_regression(x, y, w, thresholds::pass_level, kBendResamples, seed);
  out.transition = fit;
  out.details["segmented"] = {{"breakpoint", fit.breakpoint},
                              {"breakpoint_ci", to_json(fit.breakpoint_ci)},
                              {"slope_before", fit.slope_before},
                              {"slope_before_ci", to_json(fit.slope_before_ci)},
                              {"slope_after", fit.slope_after},
                              {"slope_after_ci", to_json(fit.slope_after_ci)},
                              {"intercept", fit.intercept},
                              {"f_p_value", fit.f_p_value},
                              {"bootstrap_seed", seed}};
  out.details["claimed_range"] = to_json(range);
  // The bootstrap's smallest p is 1/(1 + resamples): said as a bound there.
  const bool p_at_floor = fit.f_p_value * (1 + kBendResamples) <= 1 + 1e-9;
  const std::string ev = "breakpoint " + num(fit.breakpoint) + " " + interval(fit.breakpoint_ci) +
                         " vs " + interval(range) + " (ln n=" + num(ln_n) + "), slopes " +
                         num(fit.slope_before) + " -> " + num(fit.slope_after) +
                         ", bend p" + (p_at_floor ? "<=" : "=") + num(fit.f_p_value);
  const bool bend = fit.f_p_value < thresholds::bend_alpha;
  const bool slopes_differ = fit.slope_before_ci.hi < fit.slope_after_ci.lo ||
                             fit.slope_after_ci.hi < fit.slope_before_ci.lo;
  const bool inside = fit.breakpoint_ci.lo >= range.lo && fit.breakpoint_ci.hi <= range.hi;
  const bool outside = fit.breakpoint_ci.hi < range.lo || fit.breakpoint_ci.lo > range.hi;
  const std::string slope = claim.choice("slope");
  const bool rises = fit.slope_after > fit.slope_before;
  const bool wrong_way = slope != "any" && rises != (slope == "rises");
  // One-sided p of a change at least this far the wrong way, were the slope not to change.
  const double change = fit.slope_after - fit.slope_before;
  double wrong_way_p = 1;
  if (wrong_way && fit.residual_dof > 0 && fit.slope_change_se > 0)
    wrong_way_p = boost::math::cdf(boost::math::students_t_distribution<>(fit.residual_dof),
                                   -std::fabs(change) / fit.slope_change_se);
  out.details["claimed_slope"] = slope;
  out.details["segmented"]["slope_change_se"] = fit.slope_change_se;
  out.details["segmented"]["wrong_way_p"] = wrong_way_p;
  const std::string way = std::string("; the slope ") + (rises ? "rises" : "falls") +
                          " at the bend where the claim has it " +
                          slope.substr(0, slope.size() - 1) + " (one-sided p=" +
                          num(wrong_way_p) + ")";
  if (bend && wrong_way && !outside && wrong_way_p < fail_alpha)
    return {Verdict::fail, ev + way};
  if (bend && slopes_differ && outside) return {Verdict::fail, ev};
  if (bend && slopes_differ && inside && !wrong_way) return {Verdict::pass, ev};
  return {Verdict::inconclusive,
          ev + (wrong_way && bend ? way + ", short of the FAIL level"
                : bend ? (slopes_differ ? "; breakpoint interval straddles the range"
                                        : "; slopes not distinguishable")
                       : "; no significant bend")};
}

// --- crossover: where A − B changes sign for good along x, inside [lo, hi]·scale -------------
// The difference of the means at matched points (se from both sides) is read by
// stats::crossover; a PASS needs its percentile interval inside the claimed range, a FAIL needs
// fewer than fail_alpha of the bootstrap replicates to be able to lie in it.
Decision crossover_rule(const Claim& claim, std::span<const Sample> a, std::span<const Sample> b,
                        ClaimOutcome& out) {
  if (a.size() != b.size() || a.size() < 2)
    throw InputError("claim '" + claim.id + "' (crossover) needs >= 2 matched points");
  std::vector<stats::Point> pa, pb;
  for (std::size_t i = 0; i < a.size(); ++i) {
    pa.push_back(point_of(claim, a[i]));
    pb.push_back(point_of(claim, b[i]));
  }
  pa = fit_points(claim, a, pa, out);  // the staircase of integer statistics, on both sides
  pb = fit_points(claim, b, pb, out);
  std::vector<double> x, d, se;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    if (pa[i].x.at("n") != pa.front().x.at("n"))
      throw InputError("claim '" + claim.id + "' (crossover) needs one n per grid");
    x.push_back(x_of(claim, pa[i]));
    d.push_back(pa[i].mean - pb[i].mean);
    se.push_back(std::hypot(pa[i].se, pb[i].se));
  }
  const std::string direction = claim.choice("direction");
  const std::string scale_name = claim.texts.count("scale") ? claim.text("scale") : "1";
  const double scale = stats::shape(scale_name).f(pa.front().x);
  const stats::Interval range{claim.number("crossover_lo", 0) * scale,
                              claim.number("crossover_hi", INFINITY) * scale};
  const std::uint64_t seed = resampling_seed(claim);
  const auto c = stats::crossover(x, d, se, direction == "falls", thresholds::pass_level,
                                  19999, seed);
  const double share = c.share_meeting(range);
  const auto at = stats::crossover_position;
  out.details["crossover"] = {{"estimate", c.estimate},   {"interval", to_json(c.interval)},
                              {"differences", d},          {"se", se},
                              {"x", x},                    {"claimed_range", to_json(range)},
                              {"scale", scale_name},       {"direction", direction},
                              {"share_meeting_range", share}, {"bootstrap_seed", seed}};
  const std::string ev = "crossover " + claim.x_variable + "=" + at(c.estimate) + " [" +
                         at(c.interval.lo) + ", " + at(c.interval.hi) + "] vs " +
                         interval(range) + " (" + scale_name + "=" + num(scale) + "); A-B " +
                         num(d.front()) + " -> " + num(d.back());
  if (share < fail_alpha) return {Verdict::fail, ev + "; share of replicates in range " + num(share)};
  if (c.interval.lo >= range.lo && c.interval.hi <= range.hi) return {Verdict::pass, ev};
  return {Verdict::inconclusive, ev + "; interval not inside the range"};
}

// --- fluid: fractions of bins with load >= i against the mean-field ODE ---------------------
stats::FluidModel fluid_model(const Claim& claim, const stats::Vars& v) {
  const std::string kind = claim.choice("model");
  // The model's parameter, from the point's axes or the claim's numbers (checked at load).
  const std::string name = fluid_model_parameter(kind);
  double value = 0;
  if (!name.empty()) {
    if (auto it = v.find(name); it != v.end()) value = it->second;
    else value = claim.number(name, NAN);
    if (std::isnan(value)) throw InputError("claim '" + claim.id + "': model needs " + name);
  }
  using M = stats::FluidModel;
  if (kind == "one_choice") return M::one_choice();
  if (kind == "greedy") return M::greedy(static_cast<int>(value));
  if (kind == "one_plus_beta") return M::one_plus_beta(value);
  if (kind == "left") return M::left(static_cast<int>(value));
  if (kind == "thinning_absolute") return M::thinning_absolute(static_cast<int>(value));
  if (kind == "g_myopic") return M::g_myopic(static_cast<int>(value));
  if (kind == "sigma_noisy") return M::sigma_noisy(value);
  throw std::logic_error("fluid model '" + kind + "' is a choice without a model");
}

Decision fluid_rule(const Claim& claim, std::span<const Sample> a, ClaimOutcome& out) {
  std::vector<double> p;
  double worst_z = 0;
  std::string worst;
  for (const auto& s : a) {
    const double n = static_cast<double>(s.point.n);
    const double t = static_cast<double>(s.point.m) / n;
    const auto ode = stats::fluid_limit(fluid_model(claim, s.point.vars), t);
    json levels = json::array();
    for (std::size_t i = 1; i < ode.size(); ++i) {
      if (n * ode[i] < 10 || n * (1 - ode[i]) < 10) continue;  // too few bins to test
      std::vector<double> frac;
      for (std::size_t k0 = 0; k0 < s.point.runs && k0 < s.runs->size(); ++k0) {
        const RunResult& r = (*s.runs)[k0];
        std::uint64_t at_least = 0;
        const auto& h = r.histogram;
        for (std::size_t k = 0; k < h.bins.size(); ++k)
          if (h.first_level + k >= i) at_least += h.bins[k];
        frac.push_back(static_cast<double>(at_least) / n);
      }
      const auto sum = stats::summarize(frac);
      const double binomial = std::sqrt(ode[i] * (1 - ode[i]) / n);
      const double se = std::max(sum.sd, binomial) / std::sqrt(static_cast<double>(frac.size()));
      const double z = (sum.mean - ode[i]) / se;
      const double pv = std::erfc(std::abs(z) / std::sqrt(2.0));
      p.push_back(pv);
      levels.push_back({{"i", i}, {"measured", sum.mean}, {"ode", ode[i]}, {"se", se}, {"z", z}});
      if (std::abs(z) >= std::abs(worst_z)) {
        worst_z = z;
        worst = "s_" + std::to_string(i) + " at n=" + grid_value(n) + ", t=" + grid_value(t) + ": " +
                num(sum.mean) + " vs ODE " + num(ode[i]);
      }
    }
    out.details["levels"].push_back({{"vars", s.point.vars}, {"seed", s.seed}, {"levels", levels}});
  }
  if (p.empty()) return {Verdict::inconclusive, "no level with >= 10 expected bins"};
  const auto h = stats::holm(p);
  const double min_p = *std::min_element(h.begin(), h.end());
  out.details["holm_p_min"] = min_p;
  const std::string ev = "worst " + worst + " (z=" + num(worst_z) + "), Holm p=" + num(min_p);
  if (min_p < fail_alpha) return {Verdict::fail, ev};
  return {Verdict::pass, ev};
}

// --- distribution: the whole gap distribution against a published table ---------------------
// Relabellings of the exact test: p-values resolve down to 1e−5, below fail_alpha.
constexpr std::uint64_t kExactResamples = 99999;
Decision distribution_rule(const Claim& claim, std::span<const Sample> a, ClaimOutcome& out) {
  if (a.size() != 1) throw InputError("claim '" + claim.id + "' (distribution) needs one point");
  const auto published = claim_published(claim);
  auto v = values_of(claim, a[0]);
  const std::string rounding = claim.choice("rounding");
  for (auto& x : v) x = rounding == "ceil" ? std::ceil(x - 1e-9) : std::floor(x + 1e-9);
  const auto measured = stats::distribution(v);
  const auto test = stats::chi_square_homogeneity(measured, published.counts);
  const auto sm = stats::summarize(v);
  double pub_sum = 0, pub_n = 0;
  for (const auto& [g, c] : published.counts) {
    pub_sum += g * static_cast<double>(c);
    pub_n += static_cast<double>(c);
  }
  json m = json::object(), pb = json::object();
  for (const auto& [g, c] : measured) m[num(g)] = c;
  for (const auto& [g, c] : published.counts) pb[num(g)] = c;
  out.details["measured"] = m;
  out.details["published"] = pb;
  out.details["published_rows"] = published.rows;
  out.details["published_protocol"] = published.notes;
  out.details["chi2"] = {{"statistic", test.statistic}, {"dof", test.dof}, {"p_value", test.p_value}};
  const std::string means = "mean " + num(sm.mean) + " vs published " + num(pub_sum / pub_n);
  double p = test.p_value;
  std::string why = means + ", chi2 p=" + num(p);
  if (test.dof < 1) {
    // Every cell pooled into one (a law with nearly all its mass on one value): the chi-square
    // approximation compares nothing, so the unpooled table is tested exactly, by relabelling.
    const auto exact = stats::permutation_homogeneity(measured, published.counts,
                                                      kExactResamples, resampling_seed(claim));
    out.details["exact"] = {{"statistic", exact.statistic}, {"dof", exact.dof},
                            {"p_value", exact.p_value}, {"resamples", kExactResamples}};
    p = exact.p_value;
    why = means + "; one pooled cell, so the unpooled table by " +
          std::to_string(kExactResamples) + " relabellings: p=" + num(p);
  }
  if (p < fail_alpha) return {Verdict::fail, why};
  if (p >= thresholds::agree_alpha) return {Verdict::pass, why};
  return {Verdict::inconclusive, why};
}

}  // namespace

std::vector<double> values_of(const Claim& claim, const Sample& sample) {
  std::vector<double> v;
  const auto& runs = *sample.runs;
  for (std::size_t r = 0; r < sample.point.runs && r < runs.size(); ++r) {
    const RunResult& run = runs[r];
    switch (claim.variable) {
      case Variable::gap: v.push_back(run.gap); break;
      case Variable::max_load: v.push_back(run.max_load); break;
      case Variable::max_gap_over_time: v.push_back(run.max_gap_over_time); break;
      case Variable::probes_per_ball:
        v.push_back(static_cast<double>(run.probes) / static_cast<double>(run.balls));
        break;
      case Variable::load_fractions: v.push_back(run.gap); break;  // fluid reads histograms
    }
  }
  return v;
}

// Points for fits across the grid. An integer-valued statistic (the gap of unit balls with m/n
// whole, the max load) moves between integer levels as n or g changes: a bounded term that the
// claim's Θ(1) allows but the run-to-run standard error does not see. Its variance, 1/12 (a
// uniform rounding error on a unit step), is added to each point's se², so that the staircase
// is not mistaken for a wrong shape, nor its steps for a bend.
std::vector<stats::Point> fit_points(const Claim& claim, std::span<const Sample> a,
                                     const std::vector<stats::Point>& raw, ClaimOutcome& out) {
  bool integer = true;
  for (const auto& s : a)
    for (double v : values_of(claim, s)) integer = integer && v == std::floor(v);
  out.details["rounding_variance_added"] = integer ? 1.0 / 12 : 0.0;
  auto pts = raw;
  if (integer)
    for (auto& p : pts) p.se = std::sqrt(p.se * p.se + 1.0 / 12);
  return pts;
}

void decide(const Claim& claim, std::span<const Sample> a, std::span<const Sample> b,
            ClaimOutcome& out) {
  for (const auto& s : a) out.points.push_back(point_of(claim, s));
  for (const auto& s : b) out.than_points.push_back(point_of(claim, s));
  Decision d{Verdict::inconclusive, ""};
  switch (claim.rule) {
    case RuleKind::shape: d = shape_rule(claim, fit_points(claim, a, out.points, out), out); break;
    case RuleKind::additive:
      d = additive_rule(claim, fit_points(claim, a, out.points, out), out);
      break;
    case RuleKind::flat: d = flat_rule(claim, out); break;
    case RuleKind::order: d = order_rule(claim, a, b, out); break;
    case RuleKind::transition:
      d = transition_rule(claim, fit_points(claim, a, out.points, out), out);
      break;
    case RuleKind::mean_at_most: d = mean_at_most_rule(claim, a, out); break;
    case RuleKind::fluid: d = fluid_rule(claim, a, out); break;
    case RuleKind::distribution: d = distribution_rule(claim, a, out); break;
    case RuleKind::crossover: d = crossover_rule(claim, a, b, out); break;
    case RuleKind::bound:
      d = bound_rule(claim, fit_points(claim, a, out.points, out),
                     b.empty() ? out.than_points : fit_points(claim, b, out.than_points, out), out);
      break;
  }
  out.verdict = d.verdict;
  out.evidence = d.evidence;
  if (!claim.note.empty()) out.evidence += "; " + claim.note;
}

}  // namespace gapcheck::claims
