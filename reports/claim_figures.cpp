// A claim's figure draws what its rule decided on, so that a reader can redo the decision by
// eye: the measured points, one series per value of the grid's other axes (never one zig-zag
// through several n), the B side of a comparison, the fitted curve of the claimed form, the band
// a tolerance allows, a bound, a breakpoint. Every number drawn comes from the ClaimOutcome
// (points, fits, details): nothing is refitted here.
#include "reports/claim_figures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include <boost/math/distributions/normal.hpp>
#include <fmt/format.h>

#include "processes/core/spec.hpp"
#include "processes/registry.hpp"
#include "stats/claims/rules.hpp"
#include "stats/crossover.hpp"

namespace gapcheck::reports {
namespace {

constexpr double kZ95 = 1.959963984540054;  // standard normal 0.975 quantile (R: qnorm(0.975))
// |z| of a two-sided p at the FAIL level (3.89 at 1e−4), the least a fluid level's FAIL needs.
const double kZFail = boost::math::quantile(
    boost::math::complement(boost::math::normal_distribution<double>(), claims::thresholds::fail_alpha / 2));
// Colour 0 (black) is kept for what the rule compares against: fits, bands, bounds.
constexpr int kReferenceColor = 0;

double x_of(const stats::Point& p, const std::string& variable) {
  const auto it = p.x.find(variable);
  return it == p.x.end() ? std::numeric_limits<double>::quiet_NaN() : it->second;
}

// What the checker put in the outcome's details, or `fallback` (an outcome made by hand has none).
template <class T>
T detail(const claims::ClaimOutcome& o, const char* key, T fallback) {
  return o.details.is_object() ? o.details.value(key, fallback) : fallback;
}

// Axes named after Greek parameters, as the papers write them.
std::string symbol(const std::string& axis) {
  static const std::map<std::string, std::string> greek = {
      {"sigma", "σ"}, {"beta", "β"}, {"tau", "τ"}, {"eta", "η"}, {"delta", "δ"}, {"l", "ℓ"}};
  const auto it = greek.find(axis);
  return it == greek.end() ? axis : it->second;
}

// A count template as people write it: "{t}n" -> "t·n", "20*{b}" -> "20·b".
std::string count_form(std::string form) {
  for (std::size_t at; (at = form.find("}n")) != std::string::npos;) form.replace(at, 2, "}·n");
  std::string out;
  for (const char c : form)
    if (c == '*') out += "·";
    else if (c != '{' && c != '}') out += c;
  return out;
}

// What axis `x` is, read from the claim's own templates: "{t}n" as m makes t = m/n; "{b}" as a
// parameter of a process or setting takes that parameter's description from the registry (what
// `gapcheck list` prints). An axis the templates do not explain keeps its bare name.
std::string axis_label(const claims::ClaimOutcome& o, const std::string& x) {
  if (x == "n") return "n (bins)";
  if (x == "m") return "m (balls)";
  const std::string placeholder = "{" + x + "}";
  if (o.m_form == placeholder + "n") return symbol(x) + " = m/n (balls per bin)";
  const std::pair<const std::string*, const std::vector<Entry>*> templates[] = {
      {&o.specs.process, &process_entries()},
      {&o.specs.setting, &setting_entries()},
      {&o.specs.weights, &weight_entries()}};
  for (const auto& [spec, entries] : templates) {
    const std::string name = spec->substr(0, spec->find(':'));
    const auto entry = std::find_if(entries->begin(), entries->end(),
                                    [&](const Entry& e) { return e.name == name; });
    if (entry == entries->end()) continue;
    for (const ParamDef& param : entry->params) {
      if (spec->find(param.key + "=" + placeholder) == std::string::npos) continue;
      const std::string head = param.key == x ? symbol(x) : symbol(x) + " = " + symbol(param.key);
      // A long description would not fit under one column: the setting's name says enough.
      return fmt::format("{} ({})", head,
                         param.help.size() <= 40 ? param.help : name + ":" + param.key);
    }
  }
  return symbol(x);
}

std::string y_label(const claims::ClaimOutcome& o) {
  const std::string variable = detail(o, "variable", std::string("gap"));
  if (variable == "max_load") return "mean max load";
  if (variable == "max_gap_over_time") return "mean of the max gap over [m]";
  if (variable == "probes_per_ball") return "mean probes per ball";
  return "mean gap at m (max load − m/n)";
}

// The axes that tell the series apart: n first, then the grid's other axes, m last, each taken
// only if it separates points that share x and the axes taken so far. So an axis zipped with x
// (β with b) or a function of x and n (m = t·n) makes no series of its own.
std::vector<std::string> series_axes(const std::vector<stats::Point>& pts, const std::string& x) {
  std::vector<std::string> candidates;
  for (const auto& [axis, value] : pts.front().x)
    if (axis != x && axis != "n" && axis != "m") candidates.push_back(axis);
  candidates.insert(candidates.begin(), "n");
  candidates.push_back("m");
  std::vector<std::string> chosen;
  for (const std::string& axis : candidates) {
    std::map<std::vector<double>, std::set<double>> seen;
    bool separates = false;
    for (const auto& p : pts) {
      std::vector<double> key{x_of(p, x)};
      for (const auto& c : chosen) key.push_back(x_of(p, c));
      auto& values = seen[key];
      values.insert(x_of(p, axis));
      separates = separates || values.size() > 1;
    }
    if (separates) chosen.push_back(axis);
  }
  return chosen;
}

// The points of one series: indices into outcome.points, in increasing x.
struct Group {
  std::string label;  // "n = 256, d = 2"; empty when the grid has no other axis
  std::vector<std::size_t> points;
};

// "n = 256" after what `label` holds, comma-separated: a series' name, one axis at a time.
void add_to_label(std::string& label, const std::string& axis, double value) {
  label += fmt::format("{}{} = {}", label.empty() ? "" : ", ", symbol(axis), format_real(value));
}

std::vector<Group> groups_of(const std::vector<stats::Point>& pts, const std::string& x) {
  std::vector<std::size_t> usable;
  for (std::size_t i = 0; i < pts.size(); ++i)
    if (std::isfinite(x_of(pts[i], x))) usable.push_back(i);
  if (usable.empty()) return {};
  const auto axes = series_axes(pts, x);
  std::map<std::vector<double>, Group> by_key;
  for (const std::size_t i : usable) {
    std::vector<double> key;
    std::string label;
    for (const auto& axis : axes) {
      key.push_back(x_of(pts[i], axis));
      add_to_label(label, axis, x_of(pts[i], axis));
    }
    auto& g = by_key[key];
    g.label = label;
    g.points.push_back(i);
  }
  std::vector<Group> out;
  for (auto& [key, g] : by_key) {
    std::sort(g.points.begin(), g.points.end(),
              [&](std::size_t a, std::size_t b) { return x_of(pts[a], x) < x_of(pts[b], x); });
    out.push_back(std::move(g));
  }
  return out;
}

std::string joined(const std::string& a, const std::string& b) {
  return a.empty() ? b : b.empty() ? a : a + ", " + b;
}

// A side as the catalog writes it: the x axis stays a placeholder ("left:d={d}"), since one
// series runs along it.
std::string side_name(const claims::Specs& specs) {
  std::string name = specs.process;
  if (specs.setting != "exact") name += " " + specs.setting;
  if (specs.weights != "unit") name += " " + specs.weights;
  if (!specs.m.empty()) name += " (m = " + count_form(specs.m) + ")";
  return name;
}

// The means of one group with their 95 % intervals; for the ratio figure, each less `minus` and
// divided by `per(point)`; a point whose divisor is zero or not finite is left out.
Series measured(const std::string& label, const std::vector<stats::Point>& pts, const Group& g,
                const std::string& x, int color, int dash,
                const std::function<double(const stats::Point&)>& per = {}, double minus = 0) {
  Series s{label, Series::Style::points_errorbars, {}, {}, {}, {}, color, dash};
  for (const std::size_t i : g.points) {
    const double f = per ? per(pts[i]) : 1.0;
    if (!(std::abs(f) > 0) || !std::isfinite(f)) continue;
    const double mean = pts[i].mean - minus;
    s.x.push_back(x_of(pts[i], x));
    s.y.push_back(mean / f);
    s.y_lo.push_back((mean - kZ95 * pts[i].se) / f);
    s.y_hi.push_back((mean + kZ95 * pts[i].se) / f);
  }
  return s;
}

// y = f(point) along one group, a reference line in black.
Series curve(const std::string& label, const std::vector<stats::Point>& pts, const Group& g,
             const std::string& x, int dash, const std::function<double(const stats::Point&)>& f) {
  Series s{label, Series::Style::line, {}, {}, {}, {}, kReferenceColor, dash};
  for (const std::size_t i : g.points) {
    s.x.push_back(x_of(pts[i], x));
    s.y.push_back(f(pts[i]));
  }
  return s;
}

// y = f(point) along one group as a smooth curve, in black: between neighbouring points of the
// grid, kSmoothSteps − 1 more, at which every variable that differs between the two is
// interpolated geometrically (linearly where one is not positive). A fitted form is drawn as the
// curve it is, not as a polyline through the grid's points. A form not defined between the grid's
// points (φ_d, for integer d) throws there: it is drawn at the grid's points alone.
constexpr int kSmoothSteps = 16;
Series smooth_curve(const std::string& label, const std::vector<stats::Point>& pts, const Group& g,
                    const std::string& x, int dash,
                    const std::function<double(const stats::Point&)>& f) {
  Series s{label, Series::Style::line, {}, {}, {}, {}, kReferenceColor, dash};
  const auto add = [&](const stats::Point& at) {
    const double y = f(at);  // first: a form that throws adds nothing
    s.x.push_back(x_of(at, x));
    s.y.push_back(y);
  };
  for (std::size_t k = 0; k < g.points.size(); ++k) {
    const stats::Point& to = pts[g.points[k]];
    if (k > 0) {
      const stats::Vars& from = pts[g.points[k - 1]].x;
      for (int step = 1; step < kSmoothSteps; ++step) {
        const double t = static_cast<double>(step) / kSmoothSteps;
        stats::Point at{from};
        for (auto& [name, value] : at.x) {
          const auto end = to.x.find(name);
          if (end == to.x.end() || end->second == value) continue;
          const double a = value, b = end->second;
          value = a > 0 && b > 0 ? a * std::pow(b / a, t) : a + (b - a) * t;
        }
        try {
          add(at);
        } catch (const std::exception&) {
        }
      }
    }
    add(to);
  }
  return s;
}

// "+ c" or "− |c|", to `digits` significant digits: a term added to a formula in a label.
std::string plus_term(double c, int digits) {
  return fmt::format("{} {:.{}g}", std::signbit(c) ? "−" : "+", std::abs(c), digits);
}

std::string fit_label(const stats::ShapeFit& fit, const char* role) {
  return fmt::format("{}: {:.3g}·{} {}", role, fit.a, stats::display_name(fit.shape),
                     plus_term(fit.c, 3));
}

// Tier, m, runs per point and how the seeds were drawn: a claim's runs are seeded per point from
// a hash of the point and the salt, not from the report's --seed.
std::string claim_note(const claims::ClaimOutcome& o, const std::string& tier,
                       std::string_view marks = kErrorBars) {
  std::set<double> ns;
  std::uint64_t fewest = std::numeric_limits<std::uint64_t>::max(), most = 0;
  for (const auto& p : o.points) {
    ns.insert(x_of(p, "n"));
    fewest = std::min(fewest, p.runs);
    most = std::max(most, p.runs);
  }
  std::string sizes;
  if (o.x_variable != "n" && ns.size() == 1) sizes = "n = " + format_real(*ns.begin());
  if (o.x_variable != "m" && !o.m_form.empty()) sizes = joined(sizes, "m = " + count_form(o.m_form));
  if (o.than && !o.than->m.empty()) sizes = joined(sizes, "B side m = " + count_form(o.than->m));
  const std::string runs = fewest == most ? fmt::format("{} runs per point", most)
                                          : fmt::format("{}–{} runs per point", fewest, most);
  const auto salt = detail(o, "salt", nlohmann::json());
  const std::string seeds =
      salt.is_number() ? fmt::format("seeds from salt {}{}, one per point", salt.get<std::uint64_t>(),
                                     detail(o, "fixed_seeds", true) ? "" : " (fresh)")
                       : "seeds per point";
  return figure_note(tier, sizes.empty() ? "m as in the catalog" : sizes, runs, seeds, marks);
}

// --- what each rule decided on, drawn over the measured series --------------------------------

// additive: the rule's own line, mean ≈ slope·f + intercept, with the slope's interval.
void draw_additive(const claims::ClaimOutcome& o, const ShapeFunction& shape,
                   const std::vector<Group>& groups, Figure& f, std::string& drawn) {
  const auto it = o.details.find("fit");
  if (it == o.details.end()) return;
  const std::string form = it->value("form", "");
  const double slope = it->value("slope", 0.0), intercept = it->value("intercept", 0.0);
  const auto ci = it->value("slope_ci", std::vector<double>{});
  if (ci.size() != 2) return;
  const std::string label =
      fmt::format("fit: {:.3g}·{} {}; slope [{:.2g}, {:.2g}], claimed 1", slope,
                  stats::display_name(form), plus_term(intercept, 2), ci[0], ci[1]);
  for (std::size_t g = 0; g < groups.size(); ++g)
    f.series.push_back(smooth_curve(g == 0 ? label : "", o.points, groups[g], o.x_variable, 2,
                                    [&](const stats::Point& p) { return slope * shape(form, p.x) + intercept; }));
  drawn += fmt::format(" Dashed: the rule's weighted least-squares line of the mean on {} (legend: the "
                       "slope's 95 % interval); the claim holds when it contains 1 and excludes 0.",
                       stats::display_name(form));
}

// A tolerance fan: dotted from (x0, at_x0) out to `up` and `down` at x1 (no lower edge when `down`
// is not finite), the growth a rule tolerates drawn from where it starts.
Series fan(const std::string& label, double x0, double x1, double at_x0, double up, double down,
           int color) {
  Series s{label, Series::Style::line, {x1, x0}, {up, at_x0}, {}, {}, color, 3};
  if (std::isfinite(down)) {
    s.x.push_back(x1);
    s.y.push_back(down);
  }
  return s;
}

// flat: per n, the growth between the two ends of the x range (what the rule measures) and the
// fan of ±tolerance per doubling of x from the first point (what it allows).
void draw_flat(const claims::ClaimOutcome& o, const std::vector<Group>& groups, Figure& f,
               std::string& drawn) {
  const auto band = detail(o, "band", std::vector<double>{});
  const auto slopes = o.details.find("slopes");
  if (band.size() != 2 || slopes == o.details.end()) return;
  const double tolerance = band[1];
  const std::string& x = o.x_variable;
  std::vector<Series> fans;  // after every growth line, so that the legend pairs them
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const stats::Point& first = o.points[groups[g].points.front()];
    const stats::Point& last = o.points[groups[g].points.back()];
    const double n = x_of(first, "n");
    const auto row = std::find_if(slopes->begin(), slopes->end(),
                                  [&](const nlohmann::json& r) { return r.value("n", 0.0) == n; });
    if (row == slopes->end()) continue;
    const double slope = row->value("slope_per_doubling", 0.0);
    const auto ci = row->value("ci", std::vector<double>{0, 0});
    const double x0 = x_of(first, x), x1 = x_of(last, x), doublings = std::log2(x1 / x0);
    f.series.push_back({fmt::format("{}growth {:.2g} [{:.2g}, {:.2g}] per doubling",
                                    groups[g].label.empty() ? "" : groups[g].label + ": ", slope,
                                    ci.at(0), ci.at(1)),
                        Series::Style::line, {x0, x1}, {first.mean, first.mean + slope * doublings},
                        {}, {}, static_cast<int>(g) + 1, 2});
    const double spread = tolerance * doublings;
    // In the colour of its n: fans of several n cross, and a reader must tell them apart.
    fans.push_back(fan(g == 0 ? fmt::format("tolerated: ±{:.3g} per doubling of {}, from each first point",
                                            tolerance, symbol(x))
                              : "",
                       x0, x1, first.mean, first.mean + spread, first.mean - spread,
                       static_cast<int>(g) + 1));
  }
  f.series.insert(f.series.end(), fans.begin(), fans.end());
  drawn += fmt::format(
      " Dashed: the growth the rule measures, from the mean at the smallest {0} to the mean at the "
      "largest, per doubling of {0} (legend: estimate and 95 % interval). Dotted, in the same "
      "colour: the growth it tolerates, ±{1:.3g} per doubling from the first point; the claim holds when every "
      "interval lies inside ±{1:.3g}. Points between the ends are drawn but not used by the rule.",
      symbol(x), tolerance);
}

// bound: what the rule decides on, in a figure of its own on log-log axes: the ratio mean/f at
// every point with its 95 % interval (B's error included when f is B's mean), the fitted power
// law exp(c)·x^a of the ratio with the exponent's interval, and the fan of x^±tolerance from the
// fitted value at the first point (for an O-bound only the upper edge).
std::optional<Figure> bound_figure(const claims::ClaimOutcome& o, const Figure& main) {
  const auto fit = o.details.find("fit");
  const auto rows = o.details.find("log_ratios");
  if (fit == o.details.end() || rows == o.details.end() || rows->size() < 2) return std::nullopt;
  const double a = fit->value("slope_of_log_ratio", 0.0), c = fit->value("intercept_of_log_ratio", 0.0);
  const auto ci = fit->value("ci", std::vector<double>{});
  const auto band = fit->value("band", nlohmann::json());
  if (ci.size() != 2 || !band.is_array() || band.size() != 2 || !band[1].is_number()) return std::nullopt;
  const double tolerance = band[1].get<double>();
  const bool at_most = fit->value("sense", std::string()) == "at_most";
  const std::string bound = fit->value("bound", std::string("f"));
  const std::string name = bound.find(' ') == std::string::npos ? bound : "(" + bound + ")";
  const std::string x = symbol(o.x_variable);
  Figure f;
  f.id = main.id + "-ratio";
  f.title = fmt::format("{}: gap / {}", o.id, name);
  f.x_label = main.x_label;
  f.y_label = "mean gap / " + name;
  f.note = main.note;
  // Unjoined: the rule pools every point (all values of the other axes) into one exponent.
  Series ratio{"measured / bound", Series::Style::errorbars, {}, {}, {}, {}, 1, -1};
  for (const auto& row : *rows) {
    const double r = row.value("log_ratio", NAN), se = row.value("se", NAN);
    ratio.x.push_back(row.value("x", NAN));
    ratio.y.push_back(std::exp(r));
    ratio.y_lo.push_back(std::exp(r - kZ95 * se));
    ratio.y_hi.push_back(std::exp(r + kZ95 * se));
  }
  f.series.push_back(ratio);
  const double x0 = *std::min_element(ratio.x.begin(), ratio.x.end());
  const double x1 = *std::max_element(ratio.x.begin(), ratio.x.end());
  Series line{fmt::format("fit: ratio ∝ {}^{:.2g}, exponent [{:.2g}, {:.2g}]", x, a, ci[0], ci[1]),
              Series::Style::line, {}, {}, {}, {}, kReferenceColor, 2};
  for (const double xi : std::set<double>(ratio.x.begin(), ratio.x.end())) {
    line.x.push_back(xi);
    line.y.push_back(std::exp(c + a * std::log(xi)));
  }
  f.series.push_back(std::move(line));
  const double start = std::exp(c + a * std::log(x0));
  f.series.push_back(fan(fmt::format("tolerated: {}^{}{:.3g} from the fit at the first point",
                                     x, at_most ? "" : "±", tolerance),
                         x0, x1, start, start * std::pow(x1 / x0, tolerance),
                         at_most ? NAN : start * std::pow(x1 / x0, -tolerance), kReferenceColor));
  choose_x_axis(f);
  if (!f.log2_x) f.log_x = true;
  f.log_y = true;
  choose_log_y_tics(f);
  f.caption = fmt::format(
      "What the bound rule of claim {0} decides on: the ratio of the mean gap to {1} at each {2} "
      "(95 % interval), on log-log axes. Dashed: the weighted least-squares line of ln(ratio) on "
      "ln {2} (legend: the exponent with its 95 % interval). Dotted: the growth tolerated, {2}^{3}{4:.3g}, "
      "drawn from the fitted value at the first point; the claim holds when the exponent's interval "
      "lies {5}.",
      o.id, bound, x, at_most ? "" : "±", tolerance,
      at_most ? fmt::format("below {:.3g}", tolerance) : fmt::format("inside ±{:.3g}", tolerance));
  return f;
}

// mean_at_most: the bound at every point, in the colour of its series (series of different bounds,
// such as one per d, must not be read against another's), labelled with its own value.
void draw_bound(const claims::ClaimOutcome& o, const std::vector<Group>& groups, Figure& f,
                std::string& drawn) {
  const auto rows = o.details.find("points_vs_bound");
  if (rows == o.details.end() || rows->size() != o.points.size()) return;
  const std::string axis = detail(o, "bound_axis", std::string());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    Series s = curve("", o.points, groups[g], o.x_variable, 2, [](const stats::Point&) { return 0.0; });
    s.color = static_cast<int>(g) + 1;
    for (std::size_t k = 0; k < groups[g].points.size(); ++k)
      s.y[k] = (*rows)[groups[g].points[k]].value("bound", 0.0);
    const bool constant = std::all_of(s.y.begin(), s.y.end(), [&](double y) { return y == s.y.front(); });
    const std::string value = constant ? (axis.empty() ? "" : symbol(axis) + " = ") + format_real(s.y.front())
                                       : (axis.empty() ? "" : symbol(axis));
    s.label = groups[g].label.empty() ? "bound " + value
                                      : fmt::format("bound of {}: {}", groups[g].label, value);
    f.series.push_back(std::move(s));
  }
  drawn += " Dashed, in the colour of its series: that series' claimed bound; the claim holds when "
           "every mean is shown below its own bound.";
}

// bound with a form f: f along each series, times the rule's fitted ratio at the smallest x, in
// black: the growth the claim allows, to read the points against (the rule's own figure,
// bound_figure, shows the ratio). f at a point is the point's mean over its ratio, as the rule
// computed it. With `than`, f is B's mean, drawn as B's own series.
void draw_bound_form(const claims::ClaimOutcome& o, const std::vector<Group>& groups, Figure& f,
                     std::string& drawn) {
  const auto fit = o.details.find("fit");
  const auto rows = o.details.find("log_ratios");
  if (o.than || fit == o.details.end() || rows == o.details.end() ||
      rows->size() != o.points.size() || rows->empty())
    return;
  const double a = fit->value("slope_of_log_ratio", 0.0);
  const double c = fit->value("intercept_of_log_ratio", 0.0);
  double x0 = INFINITY;
  for (const auto& row : *rows) x0 = std::min(x0, row.value("x", double{INFINITY}));
  const double scale = std::exp(c + a * std::log(x0));
  if (!std::isfinite(scale)) return;
  const std::string form = stats::display_name(fit->value("bound", std::string("f")));
  for (std::size_t g = 0; g < groups.size(); ++g) {
    Series s = curve(g == 0 ? fmt::format("{:.3g}·({})", scale, form) : "", o.points, groups[g],
                     o.x_variable, 2, [](const stats::Point&) { return 0.0; });
    for (std::size_t k = 0; k < groups[g].points.size(); ++k) {
      const std::size_t i = groups[g].points[k];
      s.y[k] = scale * o.points[i].mean / std::exp((*rows)[i].value("log_ratio", NAN));
    }
    f.series.push_back(std::move(s));
  }
  drawn += fmt::format(
      " Dashed black: the bound {} times {:.3g}, the rule's fitted ratio at the smallest {}: the "
      "bound's own growth, against which the rule tolerates a ratio growing up to a power of "
      "its own (the second figure).",
      form, scale, symbol(o.x_variable));
}

// The y extent of what is drawn so far (error bars included): vertical marks span it.
std::pair<double, double> y_extent(const Figure& f) {
  double y0 = INFINITY, y1 = -INFINITY;
  for (const Series& s : f.series) {
    for (const double y : s.y_lo.empty() ? s.y : s.y_lo) y0 = std::min(y0, y);
    for (const double y : s.y_hi.empty() ? s.y : s.y_hi) y1 = std::max(y1, y);
  }
  return {y0, y1};
}

// The x extent of what is drawn so far: where marks off the grid are put.
std::pair<double, double> x_extent(const Figure& f) {
  double x0 = INFINITY, x1 = -INFINITY;
  for (const Series& s : f.series)
    for (const double x : s.x) x0 = std::min(x0, x), x1 = std::max(x1, x);
  return {x0, x1};
}

// A range of x the rule accepts ([lo, hi] from the details), shaded behind everything drawn, over
// the y extent; an end beyond the grid's x (an open range) is cut at the grid's edge.
void shade_range(const nlohmann::json& range, const std::string& label, Figure& f) {
  if (!range.is_array() || range.size() != 2 || !range[0].is_number() || !range[1].is_number()) return;
  const auto [y0, y1] = y_extent(f);
  const auto [x0, x1] = x_extent(f);
  const double lo = std::max(range[0].get<double>(), x0), hi = std::min(range[1].get<double>(), x1);
  if (!(lo < hi) || !std::isfinite(y0)) {
    // Wholly off the grid: only the legend says where it lies.
    f.series.insert(f.series.begin(), {label + " (outside the grid)", Series::Style::band, {x0}, {y0},
                                       {y0}, {y0}, kReferenceColor, -1});
    return;
  }
  f.series.insert(f.series.begin(), {label, Series::Style::band, {lo, hi}, {y0, y0}, {y0, y0},
                                     {y1, y1}, kReferenceColor, -1});
}

// An x the rule estimated (a breakpoint, a crossover) as a vertical line and its interval as two
// dotted ones, in one colour. An estimate off the grid (0 or ∞) is only said in the legend.
void mark_x(double at, double lo, double hi, const std::string& label, const std::string& ci_label,
            Figure& f) {
  const auto [y0, y1] = y_extent(f);
  if (std::isfinite(at) && at > 0) {
    f.series.push_back({label, Series::Style::line, {at, at}, {y0, y1}, {}, {}, 4, 1});
  } else {  // one point: a legend entry with nothing drawn
    f.series.push_back({label, Series::Style::line, {x_extent(f).first}, {y0}, {}, {}, 4, 1});
  }
  std::vector<double> xs, ys;
  for (const double x : {lo, hi})
    if (std::isfinite(x) && x > 0) xs.insert(xs.end(), {x, x}), ys.insert(ys.end(), {y0, y1});
  if (xs.size() == 4) std::swap(ys[2], ys[3]);  // down the far side: one dotted bracket
  if (!xs.empty()) f.series.push_back({ci_label, Series::Style::line, xs, ys, {}, {}, 4, 3});
}

// crossover: the claimed range [lo, hi]·scale shaded, and where A − B changes sign for good with
// its bootstrap interval (an end at 0 or ∞ is below or above the grid, as the evidence says).
void draw_crossover(const claims::ClaimOutcome& o, const ShapeFunction& shape, Figure& f,
                    std::string& drawn) {
  const auto it = o.details.find("crossover");
  if (it == o.details.end() || o.points.empty()) return;
  const auto range = it->value("claimed_range", nlohmann::json());
  const auto interval = it->value("interval", std::vector<double>{});
  if (!range.is_array() || range.size() != 2 || interval.size() != 2) return;
  const double estimate = it->value("estimate", 0.0);
  const auto at = stats::crossover_position;
  const std::string x = symbol(o.x_variable);
  mark_x(estimate, interval[0], interval[1],
         fmt::format("crossover {} = {}", x, at(estimate)),
         fmt::format("95% interval [{}, {}]", at(interval[0]), at(interval[1])), f);
  const std::string scale = it->value("scale", std::string("1"));
  const double unit = scale == "1" ? 1.0 : shape(scale, o.points.front().x);
  const auto finite = [](const nlohmann::json& v) { return v.is_number() && std::isfinite(v.get<double>()); };
  const auto number = [&](const nlohmann::json& v) {
    return finite(v) ? fmt::format("{:.3g}", v.get<double>()) : std::string("∞");
  };
  const auto multiple = [&](const nlohmann::json& v) {
    return finite(v) ? fmt::format("{:.2g}", v.get<double>() / unit) : std::string("∞");
  };
  const std::string label =
      scale == "1" ? fmt::format("claimed range [{}, {}]", number(range[0]), number(range[1]))
                   : fmt::format("claimed range [{}, {}]·{} = [{}, {}]", multiple(range[0]),
                                 multiple(range[1]), stats::display_name(scale), number(range[0]),
                                 number(range[1]));
  // An open end (∞, stored as null) reaches to the grid's edge.
  nlohmann::json shaded = range;
  if (!shaded[1].is_number()) shaded[1] = INFINITY;
  shade_range(shaded, label, f);
  drawn += fmt::format(
      " Vertical line: where A − B turns {} for good, with its bootstrap 95 % interval (dotted); "
      "shaded: the range it is claimed in. The claim holds when the interval lies inside it.",
      it->value("direction", std::string()) == "falls" ? "negative" : "positive");
}

// transition: the range the rule accepts the breakpoint in, the breakpoint with its interval, and
// the two fitted segments (c + s₁·x, bending to slope s₂ at the breakpoint) when the outcome has c.
void draw_transition(const claims::ClaimOutcome& o, const stats::SegmentedFit& t,
                     const std::vector<Group>& groups, Figure& f, std::string& drawn) {
  // The claim is about slopes in x, which a log axis bends: two straight segments whose slope
  // falls look convex there. A linear axis with gnuplot's own tics shows them as the rule fits them.
  f.log_x = f.log2_x = false;
  f.x_tics.clear();
  const auto range = detail(o, "claimed_range", nlohmann::json());
  if (std::isfinite(t.intercept) && !groups.empty()) {
    double x0 = INFINITY, x1 = -INFINITY;
    for (const std::size_t i : groups.front().points)
      x0 = std::min(x0, x_of(o.points[i], o.x_variable)), x1 = std::max(x1, x_of(o.points[i], o.x_variable));
    Series s{fmt::format("segments: slope {:.3g} [{:.3g}, {:.3g}] → {:.3g} [{:.3g}, {:.3g}]",
                         t.slope_before, t.slope_before_ci.lo, t.slope_before_ci.hi, t.slope_after,
                         t.slope_after_ci.lo, t.slope_after_ci.hi),
             Series::Style::line, {}, {}, {}, {}, kReferenceColor, 2};
    // Straight in x on a linear axis: its two ends and the breakpoint, where it bends.
    for (const double x : {x0, std::clamp(t.breakpoint, x0, x1), x1}) {
      s.x.push_back(x);
      s.y.push_back(t.intercept + t.slope_before * x +
                    (t.slope_after - t.slope_before) * std::max(0.0, x - t.breakpoint));
    }
    f.series.push_back(std::move(s));
    drawn += " Dashed: the segmented regression's two lines (legend: each slope and its 95 % "
             "interval, given the breakpoint).";
  }
  mark_x(t.breakpoint, t.breakpoint_ci.lo, t.breakpoint_ci.hi,
         fmt::format("breakpoint {:.3g}", t.breakpoint),
         fmt::format("95% interval [{:.3g}, {:.3g}]", t.breakpoint_ci.lo, t.breakpoint_ci.hi), f);
  drawn += " Vertical lines: the breakpoint and its 95 % interval.";
  if (range.is_array() && range.size() == 2) {
    const double ln_n = o.points.empty() ? NAN : std::log(x_of(o.points.front(), "n"));
    shade_range(range,
                fmt::format("claimed range [{:.2g}, {:.2g}]·ln n = [{:.3g}, {:.3g}]",
                            range[0].get<double>() / ln_n, range[1].get<double>() / ln_n,
                            range[0].get<double>(), range[1].get<double>()),
                f);
    const std::string slope = detail(o, "claimed_slope", std::string("any"));
    drawn += " Shaded: the range the breakpoint is claimed in; the claim holds when the interval "
             "lies inside it, with a significant bend and distinct slopes" +
             (slope == "any" ? std::string(".")
                             : ", and the slope " + slope + " at the bend (a bend the other way "
                               "meeting the range, at one-sided p < 1e-4, refutes it).");
  }
}

}  // namespace

std::string verdict_name(const claims::ClaimOutcome& outcome) {
  const char* name = outcome.verdict == claims::Verdict::pass   ? "pass"
                     : outcome.verdict == claims::Verdict::fail ? "fail"
                                                                : "inconclusive";
  // A finding is said with the verdict, so that a FAIL the report exits 0 on is not read as a
  // defect (its text is in the verdict table).
  const char* finding = outcome.is_finding() ? "documented finding" : "";
  if (!outcome.control) return *finding ? fmt::format("{} ({})", name, finding) : name;
  return fmt::format("{} (control, expected to fail{}{})", name, *finding ? "; " : "", finding);
}

std::string fitted_constants(const claims::ClaimOutcome& outcome) {
  if (outcome.fits.empty()) return outcome.evidence;
  const stats::ShapeFit& f = outcome.fits.front();
  const std::string fit =
      fmt::format("{}: a = {:.3g} [{:.3g}, {:.3g}], c = {:.3g} [{:.3g}, {:.3g}], p = {:.3g}",
                  stats::display_name(f.shape), f.a, f.a_ci.lo, f.a_ci.hi, f.c, f.c_ci.lo,
                  f.c_ci.hi, f.p_value);
  // A shape verdict reads the ratio as well as the fit (docs/claims.md): both are shown, so that
  // the fit's p is not taken for what decided it.
  const auto readings = outcome.details.find("readings");
  if (readings == outcome.details.end() || !readings->contains("ratio")) return fit;
  return "ratio: " + (*readings)["ratio"].value("evidence", std::string()) + "; fit: " + fit;
}

// The title of a claim's figure: its statement (its id when that is too long) and verdict.
std::string claim_title(const claims::ClaimOutcome& outcome) {
  return fmt::format("{} [{}]", characters(outcome.statement) <= kTitleWidth ? outcome.statement : outcome.id,
                     verdict_name(outcome));
}

// The caption's first sentences: the statement, its source, the verdict and its evidence.
std::string verdict_sentences(const claims::ClaimOutcome& outcome) {
  // The evidence is a clause list without a full stop: the caption ends its sentence.
  const bool stopped = outcome.evidence.ends_with('.');
  return fmt::format("{} ({}). Verdict: {}. {}{}", outcome.statement, outcome.source,
                     verdict_name(outcome), outcome.evidence, stopped ? "" : ".");
}

// fluid: what the rule tests, the fraction s_i of bins with load >= i against the ODE's, as the
// z of each tested level, (measured − ODE) / se: one series per grid point, against the levels
// a z must pass to count (1.96; 3.89, two-sided p = 1e−4 before Holm's correction).
std::optional<Figure> fluid_figure(const claims::ClaimOutcome& outcome, const std::string& tier) {
  Figure f;
  f.id = "claim-" + outcome.id;
  f.title = claim_title(outcome);
  f.x_label = "level i (s_i: the fraction of bins with load ≥ i)";
  f.y_label = "z of s_i against the ODE";
  f.note = claim_note(outcome, tier, "z = (mean − ODE) / se");
  double x0 = INFINITY, x1 = -INFINITY;
  const auto tested = outcome.details.find("levels");  // per point, as fluid_rule writes them
  if (tested != outcome.details.end())
    for (const auto& point : *tested) {
      std::string label;
      for (const auto& [axis, value] : point["vars"].items())
        if (axis != "m") add_to_label(label, axis, value.get<double>());
      // Six colours, black kept for the references; past six, the colours again, dash-dotted.
      const auto k = static_cast<int>(f.series.size());
      Series s{label, Series::Style::points_errorbars, {}, {}, {}, {}, 1 + k % 6,
               k < 6 ? -1 : 3 + k / 6};
      for (const auto& level : point["levels"]) {
        s.x.push_back(level["i"].get<double>());
        s.y.push_back(level["z"].get<double>());
      }
      if (s.x.empty()) continue;
      x0 = std::min(x0, s.x.front()), x1 = std::max(x1, s.x.back());
      f.series.push_back(std::move(s));
    }
  if (f.series.empty()) return std::nullopt;  // no level tested: the verdict says so
  for (double i = x0; i <= x1; ++i) f.x_tics.push_back(i);
  const std::pair<double, std::string> references[] = {
      {kZ95, fmt::format("|z| = {:.3g}", kZ95)},
      {kZFail, fmt::format("|z| = {:.3g} (p = {:.3g})", kZFail, claims::thresholds::fail_alpha)}};
  for (const auto& [z, label] : references)
    for (const double sign : {-1.0, 1.0})  // half a level past the ends: one level is a range
      f.series.push_back({sign < 0 ? label : std::string(), Series::Style::line,
                          {x0 - 0.5, x1 + 0.5}, {sign * z, sign * z}, {}, {}, kReferenceColor,
                          z == kZ95 ? 3 : 2});
  f.caption = verdict_sentences(outcome) + std::string(
      " For each grid point (one series), each level i the rule tests (at least 10 bins "
      "expected at or above it and 10 below): z, its mean fraction of bins with load ≥ i less "
      "the ODE's, over the standard error of that mean (from the runs' spread, at least the "
      "binomial one). Dotted: |z| = 1.96; dashed: the |z| of a two-sided p at the FAIL level, "
      "which a FAIL needs at least (Holm's correction over the levels and points asks for more).");
  return f;
}

std::vector<Figure> claim_figures(const claims::ClaimOutcome& outcome, const ShapeFunction& shape,
                                  const std::string& tier) {
  if (detail(outcome, "rule", std::string()) == "fluid") {
    auto figure = fluid_figure(outcome, tier);
    return figure ? std::vector<Figure>{std::move(*figure)} : std::vector<Figure>{};
  }
  const std::string& var = outcome.x_variable;
  const auto groups = groups_of(outcome.points, var);
  // A claim decided at a single x (a published distribution at one n) has no curve to draw; its
  // comparison is the published-versus-measured table of the experiments.
  std::set<double> xs;
  for (const auto& g : groups)
    for (const std::size_t i : g.points) xs.insert(x_of(outcome.points[i], var));
  if (xs.size() < 2) return {};

  Figure main;
  main.id = "claim-" + outcome.id;
  // The statement says what is claimed; a long one stays in the caption, the id names it.
  main.title = claim_title(outcome);
  main.x_label = axis_label(outcome, var);
  main.y_label = y_label(outcome);
  main.note = claim_note(outcome, tier);

  const bool two_sides = outcome.than && outcome.than_points.size() == outcome.points.size();
  std::string separating;
  for (const auto& axis : series_axes(outcome.points, var)) separating = joined(separating, symbol(axis));
  std::string drawn = "Points: the mean with its 95 % interval" +
                      (separating.empty() ? "." : ", one series per value of " + separating + ".");
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const int color = static_cast<int>(g) + 1;
    if (!two_sides) {
      main.series.push_back(measured(groups[g].label.empty() ? "measured" : groups[g].label,
                                     outcome.points, groups[g], var, color, -1));
      continue;
    }
    main.series.push_back(measured(joined("A: " + side_name(outcome.specs), groups[g].label),
                                   outcome.points, groups[g], var, color, -1));
    main.series.push_back(measured(joined("B: " + side_name(*outcome.than), groups[g].label),
                                   outcome.than_points, groups[g], var, color, 2));
  }
  if (two_sides)
    drawn += " Solid: the claim's process (A); dashed, same colour: the process it is compared "
             "with (B) at the same point.";
  // The axis is the grid's: marks drawn over it (a breakpoint, a range) must not change its tics
  // (a transition's figure then turns it linear: draw_transition).
  choose_x_axis(main);

  const char* roles[] = {"claimed", "best rival"};
  for (std::size_t k = 0; k < std::min<std::size_t>(2, outcome.fits.size()); ++k) {
    const stats::ShapeFit& fit = outcome.fits[k];
    for (std::size_t g = 0; g < groups.size(); ++g)
      main.series.push_back(smooth_curve(g == 0 ? fit_label(fit, roles[k]) : "", outcome.points,
                                         groups[g], var, static_cast<int>(k) + 2,
                                         [&](const stats::Point& p) {
                                           return fit.a * shape(fit.shape, p.x) + fit.c;
                                         }));
  }
  if (!outcome.fits.empty())
    drawn += " Dashed: the fitted claimed form; dotted: the best rival.";
  const std::string rule = detail(outcome, "rule", std::string());
  if (rule == "additive") draw_additive(outcome, shape, groups, main, drawn);
  if (rule == "flat") draw_flat(outcome, groups, main, drawn);
  if (rule == "mean_at_most") draw_bound(outcome, groups, main, drawn);
  if (rule == "bound") draw_bound_form(outcome, groups, main, drawn);
  if (rule == "crossover") draw_crossover(outcome, shape, main, drawn);
  if (outcome.transition) draw_transition(outcome, *outcome.transition, groups, main, drawn);
  main.caption = verdict_sentences(outcome) + " " + drawn;
  std::vector<Figure> out{main};
  if (rule == "bound")
    if (auto ratio = bound_figure(outcome, main)) out.push_back(std::move(*ratio));

  if (!outcome.fits.empty()) {
    const stats::ShapeFit& claimed = outcome.fits.front();
    const std::string form = stats::display_name(claimed.shape);
    // The claimed form is a·f + c: (statistic − c) / f is flat at a where it fits, where the
    // statistic / f drifts by c / f even then. The constant shape fits c alone: its figure
    // shows the statistic itself.
    const bool constant = claimed.shape == "1";
    const double intercept = constant ? 0.0 : claimed.c;
    const std::string statistic = main.y_label.substr(0, main.y_label.find(" ("));
    Figure ratio;
    ratio.id = "claim-" + outcome.id + "-ratio";
    ratio.title = constant ? fmt::format("{}: {}", outcome.id, statistic)
                           : fmt::format("{}: ({} − c) / {}", outcome.id, statistic, form);
    ratio.x_label = main.x_label;
    ratio.y_label = constant ? statistic
                             : fmt::format("({} {}) / {}", statistic, plus_term(-intercept, 3), form);
    ratio.note = main.note;
    // Each group's means less `minus`, divided by the claimed shape, as a series of `figure`.
    const auto add_over_shape = [&](Figure& figure, double minus) {
      for (std::size_t g = 0; g < groups.size(); ++g) {
        Series r = measured(groups[g].label.empty() ? "measured" : groups[g].label,
                            outcome.points, groups[g], var, static_cast<int>(g) + 1, -1,
                            [&](const stats::Point& p) { return shape(claimed.shape, p.x); },
                            minus);
        if (!r.x.empty()) figure.series.push_back(std::move(r));
      }
    };
    add_over_shape(ratio, intercept);
    if (!ratio.series.empty()) {
      choose_x_axis(ratio);  // the grid's points drawn, before the line across them
      const double level = constant ? claimed.c : claimed.a;
      const auto [x0, x1] = x_extent(ratio);
      ratio.series.push_back({fmt::format("fitted {} = {:.3g}", constant ? "c" : "a", level),
                              Series::Style::line, {x0, x1}, {level, level}, {}, {},
                              kReferenceColor, 2});
      ratio.caption =
          constant
              ? fmt::format("The measured statistic for claim {} with the 95 % intervals of its "
                            "means, against the fitted constant c (dashed): flat when the claim "
                            "holds.",
                            outcome.id)
              : fmt::format("The measured statistic less the fitted intercept c = {:.3g}, divided "
                            "by the claimed shape {} for claim {}, with the 95 % intervals of the "
                            "means (c taken as exact): flat at the fitted a (dashed) when the "
                            "claimed form a·{} + c fits, drifting when the shape is wrong.",
                            intercept, form, outcome.id, form);
      out.push_back(std::move(ratio));
    }
    // The ratio reading (docs/claims.md, rule `shape`): the statistic over f itself, which a
    // Θ(f) claim keeps within a factor of 2 along the grid, on a log axis so that factors read
    // alike; the band is the factor 2 centred on the extreme ratios.
    const auto reading = outcome.details.find("readings");
    if (!constant && reading != outcome.details.end()) {
      Figure over;
      over.id = "claim-" + outcome.id + "-over-f";
      over.title = fmt::format("{}: {} / {}", outcome.id, statistic, form);
      over.x_label = main.x_label;
      over.y_label = fmt::format("{} / {}", statistic, form);
      over.log_y = true;
      over.note = main.note;
      add_over_shape(over, 0);
      double lo = INFINITY, hi = 0;
      for (const Series& r : over.series)
        for (const double y : r.y) lo = std::min(lo, y), hi = std::max(hi, y);
      if (!over.series.empty() && lo > 0) {
        choose_x_axis(over);
        const auto [x0, x1] = x_extent(over);
        const double centre = std::sqrt(lo * hi);
        for (const double edge : {centre / std::sqrt(2.0), centre * std::sqrt(2.0)})
          over.series.push_back({edge < centre ? "a factor of 2 (the rule's bound)" : "",
                                 Series::Style::line, {x0, x1}, {edge, edge}, {}, {},
                                 kReferenceColor, 2});
        choose_log_y_tics(over);
        over.caption = fmt::format(
            "The measured statistic divided by the claimed shape {} for claim {}, with the 95 % "
            "intervals of the means, on a log axis. The ratio reading holds Θ({}) shown when these "
            "ratios stay within a factor of 2 along the grid (the dashed band, centred on the "
            "extreme ratios) and every rival's ratio is shown to move further. Its reading: {}.",
            form, outcome.id, form, (*reading)["ratio"].value("evidence", std::string()));
        out.push_back(std::move(over));
      }
    }
  }
  return out;
}

}  // namespace gapcheck::reports
