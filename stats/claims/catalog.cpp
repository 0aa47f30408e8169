// Reading the catalog: TOML through toml++, every field checked with a message that names the
// file, the claim and the field, because a theorist writing a catalog entry reads these first.
#include "stats/claims/catalog.hpp"
#include "stats/claims/published.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>
#include <fmt/format.h>
#include <toml++/toml.h>

#include "processes/core/spec.hpp"
#include "processes/registry.hpp"
#include "stats/claims/simulate.hpp"

#ifndef GAPCHECK_SOURCE_DATA_DIR
#define GAPCHECK_SOURCE_DATA_DIR "stats/claims"
#endif

namespace gapcheck::claims {
namespace {

const std::map<std::string, Variable> kVariables = {
    {"gap", Variable::gap},
    {"max_load", Variable::max_load},
    {"max_gap_over_time", Variable::max_gap_over_time},
    {"probes_per_ball", Variable::probes_per_ball},
    {"load_fractions", Variable::load_fractions}};

const std::map<std::string, RuleKind> kRules = {
    {"shape", RuleKind::shape},       {"additive", RuleKind::additive},
    {"flat", RuleKind::flat},         {"order", RuleKind::order},
    {"transition", RuleKind::transition}, {"mean_at_most", RuleKind::mean_at_most},
    {"fluid", RuleKind::fluid},       {"distribution", RuleKind::distribution},
    {"crossover", RuleKind::crossover}, {"bound", RuleKind::bound}};

// Each fluid model and the parameter it reads ("" for none).
const std::map<std::string, std::string> kFluidModels = {
    {"one_choice", ""},        {"greedy", "d"},  {"left", "d"},          {"one_plus_beta", "beta"},
    {"thinning_absolute", "l"}, {"g_myopic", "g"}, {"sigma_noisy", "sigma"}};

std::vector<std::string> fluid_model_names() {
  std::vector<std::string> names;
  for (const auto& [name, parameter] : kFluidModels) names.push_back(name);
  return names;
}

using Kind = RuleParameter::Kind;
const std::map<RuleKind, std::vector<RuleParameter>> kRuleParameters = {
    {RuleKind::shape, {}},
    {RuleKind::additive, {}},
    {RuleKind::flat, {{"tolerance", Kind::positive}}},
    {RuleKind::order, {{"margin", Kind::number}, {"sense", Kind::text, {"less", "close"}}}},
    {RuleKind::transition,
     {{"breakpoint_lo", Kind::number}, {"breakpoint_hi", Kind::number},
      {"slope", Kind::text, {"any", "rises", "falls"}}}},
    {RuleKind::mean_at_most, {{"bound", Kind::number_or_axis, {}, true}}},
    {RuleKind::fluid,
     {{"model", Kind::text, fluid_model_names(), true},
      {"d", Kind::number}, {"beta", Kind::number}, {"l", Kind::number}, {"g", Kind::number},
      {"sigma", Kind::number}}},
    {RuleKind::distribution,
     {{"published", Kind::text, {}, true}, {"published_rows", Kind::text, {}, true},
      {"rounding", Kind::text, {"floor", "ceil"}}}},
    {RuleKind::crossover,
     {{"direction", Kind::text, {"falls", "rises"}}, {"scale", Kind::shape},
      {"crossover_lo", Kind::number}, {"crossover_hi", Kind::number}}},
    {RuleKind::bound, {{"sense", Kind::text, {"at_most", "same_order"}}, {"tolerance", Kind::positive}}}};

// The evidence tags (docs/theory.md): verified against the source, the authors' code, recalled
// but not checked against the full text, derived.
const std::vector<std::string> kEvidenceTags = {"V", "C", "M", "D"};

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& name : names) s += (s.empty() ? "" : ", ") + name;
  return s;
}

template <class Map>
std::string names_of(const Map& map) {
  std::vector<std::string> names;
  for (const auto& [k, v] : map) names.push_back(k);
  return joined(names);
}

// A TOML scalar as the text a user would type: 1024, 0.5, "10n".
std::optional<std::string> scalar_text(const toml::node& node) {
  if (auto s = node.value_exact<std::string>()) return *s;
  if (auto i = node.value_exact<std::int64_t>()) return std::to_string(*i);
  if (auto d = node.value_exact<double>()) return format_real(*d);
  return std::nullopt;
}

// A condition of a claim's domain: "A <= B", "A >= B", "A < B" or "A > B", each side a shape
// (stats/shapes.cpp), a number, or a number times a shape: "g <= log n", "m/n >= log n",
// "b/n >= 2 * log n", "1/beta > 1".
struct Side {
  std::string text;
  double factor = 1;
  std::string shape;  // empty: the side is the number `factor`
  double value(const stats::Vars& vars) const {
    return shape.empty() ? factor : factor * stats::shape(shape).f(vars);
  }
};

struct Condition {
  Side lhs;
  std::string op;
  Side rhs;
};

std::string trimmed(std::string s) {
  const char* blank = " \t";
  s.erase(0, s.find_first_not_of(blank));
  s.erase(s.find_last_not_of(blank) + 1);
  return s;
}

Side parse_side(const std::string& text) {
  Side side{trimmed(text)};
  try {
    side.factor = parse_real(side.text, "a side of the condition");
    return side;
  } catch (const InputError&) {
  }
  std::string shape = side.text;
  if (const auto star = side.text.find('*'); star != std::string::npos) {
    side.factor = parse_real(trimmed(side.text.substr(0, star)), "the factor of '" + side.text + "'");
    shape = trimmed(side.text.substr(star + 1));
  }
  stats::shape(shape);  // unknown shapes are refused here, naming the known ones
  side.shape = shape;
  return side;
}

Condition parse_condition(const std::string& text) {
  const auto at = text.find_first_of("<>");
  if (at == std::string::npos || text.find_first_of("<>", at + 1) != std::string::npos)
    throw InputError("'" + text + "' is not one condition A <= B, A >= B, A < B or A > B");
  const std::size_t width = at + 1 < text.size() && text[at + 1] == '=' ? 2 : 1;
  return {parse_side(text.substr(0, at)), text.substr(at, width), parse_side(text.substr(at + width))};
}

// Empty where the point meets the condition; otherwise both sides' values, e.g.
// "g = 10 > log n = 9.70406".
std::string outside(const Condition& c, const stats::Vars& vars) {
  const double a = c.lhs.value(vars), b = c.rhs.value(vars);
  const bool holds = c.op == "<=" ? a <= b : c.op == ">=" ? a >= b : c.op == "<" ? a < b : a > b;
  if (holds) return {};
  const char* negated = c.op == "<=" ? ">" : c.op == ">=" ? "<" : c.op == "<" ? ">=" : "<=";
  return fmt::format("{} = {:.6g} {} {} = {:.6g}", c.lhs.text, a, negated, c.rhs.text, b);
}

class Reader {
 public:
  Reader(std::filesystem::path file, std::string claim) : file_(std::move(file)), claim_(std::move(claim)) {}
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(file_.string() + ": claim '" + claim_ + "': " + what);
  }
  std::string text(const toml::table& t, const char* key, bool required) const {
    const toml::node* node = t.get(key);
    if (!node) {
      if (required) fail(std::string("missing field '") + key + "'");
      return {};
    }
    auto s = node->value_exact<std::string>();
    if (!s) fail(std::string("field '") + key + "' must be a string");
    return *s;
  }
  // An array of strings; `what` says what it must hold when it is not one.
  std::vector<std::string> strings(const toml::node& node, const std::string& what) const {
    const toml::array* a = node.as_array();
    if (!a) fail(what);
    std::vector<std::string> out;
    for (const auto& el : *a) {
      auto s = el.value_exact<std::string>();
      if (!s) fail(what);
      out.push_back(*s);
    }
    return out;
  }
  Specs specs(const toml::table& t, const Specs& fallback) const {
    Specs s = fallback;
    if (t.contains("process")) s.process = text(t, "process", true);
    if (t.contains("setting")) s.setting = text(t, "setting", true);
    if (t.contains("weights")) s.weights = text(t, "weights", true);
    return s;
  }
  Grid grid(const toml::table& t, const std::string& tier) const {
    Grid g;
    for (const auto& [key, node] : t) {
      const std::string k(key.str());
      if (k == "m") {
        auto v = scalar_text(node);
        if (!v) fail(tier + ".m must be a count such as \"100n\"");
        g.m = *v;
      } else if (k == "zip") {
        g.zip = strings(node, tier + ".zip must be an array of axis names");
      } else if (k == "runs") {
        auto v = node.value_exact<std::int64_t>();
        if (!v || *v < 2) fail(tier + ".runs must be an integer >= 2");
        g.runs = static_cast<std::uint64_t>(*v);
      } else {
        std::vector<std::string> values;
        if (const toml::array* a = node.as_array()) {
          for (const auto& el : *a) {
            auto v = scalar_text(el);
            if (!v) fail(tier + "." + k + " must hold numbers or count strings");
            values.push_back(*v);
          }
        } else if (auto v = scalar_text(node)) {
          values.push_back(*v);
        } else {
          fail(tier + "." + k + " must be a value or an array of values");
        }
        if (values.empty()) fail(tier + "." + k + " is empty");
        g.axes.emplace_back(k, std::move(values));
      }
    }
    if (g.m.empty()) fail(tier + ".m is missing");
    if (g.runs == 0) fail(tier + ".runs is missing");
    if (std::none_of(g.axes.begin(), g.axes.end(), [](const auto& a) { return a.first == "n"; }))
      fail(tier + ".n is missing");
    std::size_t length = 0;
    for (const auto& name : g.zip) {
      const auto axis = std::find_if(g.axes.begin(), g.axes.end(),
                                     [&](const auto& a) { return a.first == name; });
      if (axis == g.axes.end()) fail(tier + ".zip names '" + name + "', which is not an axis");
      if (length != 0 && axis->second.size() != length)
        fail(tier + ".zip: the zipped axes must have equal lengths");
      length = axis->second.size();
    }
    return g;
  }

 private:
  std::filesystem::path file_;
  std::string claim_;
};

Claim read_claim(const toml::table& t, const std::filesystem::path& file) {
  const Reader r0(file, "?");
  Claim c;
  c.id = r0.text(t, "id", true);
  // The id names the claim's figure and its files (claim-<id>.png): letters, digits, - and _.
  if (c.id.empty() || !std::all_of(c.id.begin(), c.id.end(), [](unsigned char ch) {
        return std::isalnum(ch) || ch == '-' || ch == '_';
      }))
    throw InputError(file.string() + ": claim id '" + c.id +
                     "' must be letters, digits, - and _ (it names the claim's figure files)");
  const Reader r(file, c.id);
  c.catalog = file;
  c.statement = r.text(t, "statement", true);
  c.source = r.text(t, "source", true);
  c.evidence_tag = r.text(t, "evidence", true);
  if (std::find(kEvidenceTags.begin(), kEvidenceTags.end(), c.evidence_tag) == kEvidenceTags.end())
    r.fail("evidence='" + c.evidence_tag + "' is not one of: " + joined(kEvidenceTags));
  c.note = r.text(t, "note", false);
  if (t.contains("finding")) c.texts["finding"] = r.text(t, "finding", true);
  if (const toml::node* tiers = t.get("finding_tiers")) {
    if (!t.contains("finding")) r.fail("'finding_tiers' needs a 'finding' to apply");
    c.finding_tiers = r.strings(*tiers, "'finding_tiers' must be an array of tier names");
  }
  c.specs = r.specs(t, Specs{});
  if (c.specs.process.empty()) r.fail("missing field 'process'");
  if (const toml::node* than = t.get("than")) {
    if (!than->as_table()) r.fail("'than' must be a table of process/setting/weights/m");
    c.than = r.specs(*than->as_table(), c.specs);
    if (than->as_table()->contains("m")) c.than->m = r.text(*than->as_table(), "m", true);
  }
  const std::string variable = t.contains("variable") ? r.text(t, "variable", true) : "gap";
  if (!kVariables.count(variable))
    r.fail("variable='" + variable + "' is not one of: " + names_of(kVariables));
  c.variable = kVariables.at(variable);
  const std::string rule = r.text(t, "rule", true);
  if (!kRules.count(rule)) r.fail("rule='" + rule + "' is not one of: " + names_of(kRules));
  c.rule = kRules.at(rule);
  if (t.contains("x")) c.x_variable = r.text(t, "x", true);
  c.form = r.text(t, "form", false);
  if (!c.form.empty()) stats::shape(c.form);  // unknown shapes are bad input now, not mid-run
  if (const toml::node* rivals = t.get("rivals")) {
    c.rivals = r.strings(*rivals, "'rivals' must be an array of shape names");
    for (const auto& rival : c.rivals) stats::shape(rival);
  }
  std::vector<Condition> domain;  // c.domain parsed, for the grids' points below
  if (const toml::node* node = t.get("domain")) {
    if (auto one = node->value_exact<std::string>())
      c.domain = {*one};
    else
      c.domain = r.strings(*node, "'domain' must be a condition such as \"g <= log n\" or an array of them");
    if (c.domain.empty()) r.fail("'domain' is empty: give a condition such as \"g <= log n\" or leave it out");
    for (const auto& condition : c.domain) {
      try {
        domain.push_back(parse_condition(condition));
      } catch (const InputError& e) {
        r.fail(std::string("domain: ") + e.what());
      }
    }
  }
  if (const toml::node* control = t.get("control")) {
    auto b = control->value_exact<bool>();
    if (!b) r.fail("'control' must be true or false");
    c.control = *b;
  }
  static const std::vector<std::string> structural = {
      "id", "statement", "source", "evidence", "note", "finding", "finding_tiers", "process",
      "setting", "weights", "than", "variable", "rule", "x", "form", "rivals", "control", "domain"};
  const std::vector<RuleParameter>& parameters = parameters_of(c.rule);
  std::vector<std::string> names;
  for (const auto& p : parameters) names.push_back(p.name);
  for (const auto& [key, node] : t) {
    const std::string k(key.str());
    if (std::find(structural.begin(), structural.end(), k) != structural.end()) continue;
    if (const toml::table* tier = node.as_table()) {
      c.tiers[k] = r.grid(*tier, k);
      continue;
    }
    const auto parameter = std::find_if(parameters.begin(), parameters.end(),
                                        [&](const RuleParameter& p) { return p.name == k; });
    if (parameter == parameters.end())
      r.fail("'" + k + "' is not a field of a claim nor a parameter of rule '" + rule +
             "' (its parameters: " + (names.empty() ? "none" : joined(names)) + ")");
    const auto text = node.value_exact<std::string>();
    const auto number = node.value<double>();
    const bool numeric = parameter->kind == Kind::number || parameter->kind == Kind::positive;
    if (numeric && !number) r.fail("'" + k + "' must be a number");
    if (number && !std::isfinite(*number)) r.fail("'" + k + "' must be a finite number");
    if (number && parameter->kind == Kind::positive && !(*number > 0))
      r.fail("'" + k + "' = " + format_real(*number) + " must be positive");
    if ((parameter->kind == Kind::text || parameter->kind == Kind::shape) && !text)
      r.fail("'" + k + "' must be a string");
    if (text) {
      c.texts[k] = *text;
      if (parameter->kind == Kind::shape) {
        try {
          stats::shape(*text);
        } catch (const InputError& e) {
          r.fail(k + "='" + *text + "': " + e.what());
        }
      }
      if (!parameter->choices.empty()) c.choice(k);  // a value outside the choices: refused
    } else if (number) {
      c.numbers[k] = *number;
    } else {
      r.fail("field '" + k + "' has an unsupported type");
    }
  }
  for (const auto& p : parameters)
    if (p.required && !c.texts.count(p.name) && !c.numbers.count(p.name))
      r.fail("rule '" + rule + "' needs '" + p.name + "'");
  if (c.tiers.empty()) r.fail("no grid: give [claim.ci] and/or [claim.paper]");
  for (const auto& tier : c.finding_tiers)
    if (!c.tiers.count(tier)) r.fail("finding_tiers names '" + tier + "', which is not a tier of the claim");
  if (c.rule == RuleKind::distribution) {
    try {
      claim_published(c);
    } catch (const InputError& e) {
      r.fail(std::string("published table: ") + e.what());
    }
  }
  // The B side: needed by the rules that compare two processes, read by `bound` when it has no
  // form, and by no other rule.
  const bool compares = c.rule == RuleKind::order || c.rule == RuleKind::crossover;
  if (compares && !c.than) r.fail("rule '" + rule + "' compares with a B side: give than = {...}");
  if (c.rule == RuleKind::bound && c.form.empty() == !c.than)
    r.fail("rule 'bound' needs either a form or a than table, not both");
  if (!compares && c.rule != RuleKind::bound && c.than)
    r.fail("rule '" + rule + "' reads no B side: 'than' is read by rules order, crossover, bound");
  // Bad counts, specs that do not bind, and names of axes that a grid lacks fail at load time,
  // not after its runs.
  for (const auto& entry : c.tiers) {
    const std::string& tier = entry.first;  // a name, not a binding: lambdas below capture it
    const std::vector<PointSpec> points = c.points(tier);
    std::vector<PointSpec> all = points;
    if (c.than) {
      const auto than = c.than_points(tier);
      all.insert(all.end(), than.begin(), than.end());
    }
    // A point given twice (a repeated value, or an axis that no spec and no m uses) would be the
    // same runs counted twice as independent evidence.
    std::set<std::string> seen;
    for (const PointSpec& p : points)
      if (!seen.insert(p.key()).second)
        r.fail(tier + " grid: the point " + p.describe() + " comes twice (a repeated value, or an axis that no spec and no m uses): its runs "
               "would count twice");
    for (const PointSpec& p : all) {
      try {
        simulation_of(p);
      } catch (const InputError& e) {
        r.fail(tier + " point " + p.describe() + ": " + e.what());
      }
    }
    for (std::size_t k = 0; k < domain.size(); ++k)
      for (const PointSpec& p : points) {
        const std::string& condition = c.domain[k];
        std::string broken;
        try {
          broken = outside(domain[k], p.vars);
        } catch (const InputError& e) {  // a shape that needs an axis the grid lacks
          r.fail(tier + " point " + p.describe() + ": domain (" + condition + "): " + e.what());
        }
        if (!broken.empty())
          r.fail(tier + " point " + p.describe() + " lies outside the claim's domain (" +
                 condition + "): " + broken);
      }
    const auto has_axis = [&](const std::string& name) {
      return points.empty() || points.front().vars.count(name) != 0;
    };
    auto require_axis = [&](const std::string& field, const std::string& name,
                            const std::string& hint) {
      if (!has_axis(name))
        r.fail(field + "='" + name + "' is not an axis of the " + tier + " grid" + hint);
    };
    require_axis("x", c.x_variable, "");
    if (c.rule == RuleKind::fluid) {
      const std::string name = fluid_model_parameter(c.choice("model"));
      if (!name.empty() && !c.numbers.count(name) && !has_axis(name))
        r.fail("model='" + c.texts.at("model") + "' needs '" + name +
               "': a number of the claim or an axis of the " + tier + " grid");
    }
    for (const auto& p : parameters)
      if (p.kind == Kind::number_or_axis && c.texts.count(p.name))
        require_axis(p.name, c.texts.at(p.name), " (a number is written without quotes)");
  }
  return c;
}

std::string substitute(std::string text, const std::map<std::string, std::string>& values) {
  for (const auto& [name, value] : values) {
    const std::string token = "{" + name + "}";
    for (auto at = text.find(token); at != std::string::npos; at = text.find(token, at))
      text.replace(at, token.size(), value);
  }
  if (text.find('{') != std::string::npos)
    throw InputError("'" + text + "' names a placeholder that is not an axis of the grid");
  return text;
}

double numeric(const std::string& value, const std::string& what, std::uint64_t n) {
  try {
    return parse_real(value, what);
  } catch (const InputError&) {
    return static_cast<double>(parse_count(value, what, n));
  }
}

// m as a count ("100n"), or a factor times a count ("20*10n" for m = 20 batches of 10n).
std::uint64_t resolve_m(const std::string& m, std::uint64_t n) {
  const auto star = m.find('*');
  if (star == std::string::npos) return parse_balls(m, n);
  const double factor = parse_real(m.substr(0, star), "m factor");
  const double count = static_cast<double>(parse_balls(m.substr(star + 1), n));
  if (!(factor > 0)) throw InputError("m='" + m + "': the factor must be positive");
  const auto balls = static_cast<std::uint64_t>(std::llround(factor * count));
  if (balls == 0) throw InputError("m='" + m + "' rounds to no balls (accepted: at least 1)");
  return balls;
}

std::vector<PointSpec> expand(const Claim& c, const Specs& specs, const std::string& tier) {
  const auto it = c.tiers.find(tier);
  if (it == c.tiers.end())
    throw InputError("claim '" + c.id + "' has no grid for tier '" + tier + "'");
  const Grid& grid = it->second;
  // Each dimension is a list of assignments: one axis, or all zipped axes together.
  using Assignment = std::map<std::string, std::string>;
  std::vector<std::vector<Assignment>> dimensions;
  std::vector<Assignment> zipped;
  for (const auto& [name, values] : grid.axes) {
    const bool in_zip = std::find(grid.zip.begin(), grid.zip.end(), name) != grid.zip.end();
    if (in_zip) {
      if (zipped.empty()) zipped.resize(values.size());
      for (std::size_t i = 0; i < values.size(); ++i) zipped[i][name] = values[i];
    } else {
      std::vector<Assignment> dimension;
      for (const auto& v : values) dimension.push_back({{name, v}});
      dimensions.push_back(std::move(dimension));
    }
  }
  if (!zipped.empty()) dimensions.push_back(std::move(zipped));
  std::vector<Assignment> combos{{}};
  for (const auto& dimension : dimensions) {
    std::vector<Assignment> next;
    for (const auto& combo : combos)
      for (const auto& a : dimension) {
        auto more = combo;
        more.insert(a.begin(), a.end());
        next.push_back(std::move(more));
      }
    combos = std::move(next);
  }
  std::vector<PointSpec> points;
  try {
    for (const auto& combo : combos) {
      PointSpec p;
      p.n = parse_count(combo.at("n"), "n", std::nullopt, max_n(Engine::automatic) - 1, 1);
      p.m = resolve_m(substitute(specs.m.empty() ? grid.m : specs.m, combo), p.n);
      p.runs = grid.runs;
      p.specs = {substitute(specs.process, combo), substitute(specs.setting, combo),
                 substitute(specs.weights, combo), ""};
      for (const auto& [name, value] : combo) p.vars[name] = numeric(value, name, p.n);
      p.vars["n"] = static_cast<double>(p.n);
      p.vars["m"] = static_cast<double>(p.m);
      points.push_back(std::move(p));
    }
  } catch (const InputError& e) {
    throw InputError(c.catalog.string() + ": claim '" + c.id + "', tier " + tier + ": " + e.what());
  }
  return points;
}

}  // namespace

std::string PointSpec::describe() const {
  return specs.process + " / " + specs.setting + " / " + specs.weights +
         " / n=" + std::to_string(n) + " / m=" + std::to_string(m);
}

std::string PointSpec::key() const {
  return specs.process + "|" + specs.setting + "|" + specs.weights + "|" + std::to_string(n) +
         "|" + std::to_string(m);
}

std::string Claim::finding(const std::string& tier) const {
  const auto it = texts.find("finding");
  if (it == texts.end()) return "";
  const bool here = finding_tiers.empty() ||
                    std::find(finding_tiers.begin(), finding_tiers.end(), tier) != finding_tiers.end();
  return here ? it->second : "";
}

double Claim::number(const std::string& key, double fallback) const {
  const auto it = numbers.find(key);
  return it == numbers.end() ? fallback : it->second;
}

const std::string& Claim::text(const std::string& key) const {
  const auto it = texts.find(key);
  if (it == texts.end())
    throw InputError(catalog.string() + ": claim '" + id + "': missing field '" + key + "'");
  return it->second;
}

std::string Claim::choice(const std::string& key) const {
  const auto& parameters = parameters_of(rule);
  const auto p = std::find_if(parameters.begin(), parameters.end(),
                              [&](const RuleParameter& q) { return q.name == key; });
  if (p == parameters.end() || p->choices.empty())
    throw std::logic_error("rule parameter '" + key + "' has no choices");
  const auto it = texts.find(key);
  if (it == texts.end()) return p->required ? text(key) : p->choices.front();
  if (std::find(p->choices.begin(), p->choices.end(), it->second) == p->choices.end())
    throw InputError(catalog.string() + ": claim '" + id + "': " + key + "='" + it->second +
                     "' is not one of: " + joined(p->choices));
  return it->second;
}

const std::vector<RuleParameter>& parameters_of(RuleKind rule) { return kRuleParameters.at(rule); }

std::string fluid_model_parameter(const std::string& model) { return kFluidModels.at(model); }

std::vector<PointSpec> Claim::points(const std::string& tier) const {
  return expand(*this, specs, tier);
}

std::vector<PointSpec> Claim::than_points(const std::string& tier) const {
  if (!than) throw InputError("claim '" + id + "' (rule order or crossover) needs a [claim.than] table");
  return expand(*this, *than, tier);
}

std::vector<Claim> load_catalog(const std::filesystem::path& file) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error))
    throw InputError("catalog file '" + file.string() + "' cannot be opened (" +
                     (std::filesystem::exists(file, error) ? "not a regular file" : "no such file") +
                     ")");
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    throw InputError(file.string() + ":" + std::to_string(where.line) + ": " +
                     std::string(e.description()));
  }
  const toml::array* entries = root["claim"].as_array();
  if (!entries) throw InputError(file.string() + ": no [[claim]] tables");
  std::vector<Claim> claims;
  for (const auto& node : *entries) {
    const toml::table* t = node.as_table();
    if (!t) throw InputError(file.string() + ": 'claim' must be an array of tables");
    claims.push_back(read_claim(*t, file));
  }
  return claims;
}

namespace {
std::filesystem::path& pinned_data_dir() {
  static std::filesystem::path dir;
  return dir;
}
}  // namespace

void use_data_dir(const std::filesystem::path& dir) { pinned_data_dir() = dir; }

std::filesystem::path data_dir() {
  if (!pinned_data_dir().empty()) return pinned_data_dir();
  if (const char* env = std::getenv("GAPCHECK_DATA_DIR"); env != nullptr && *env != '\0') return env;
  std::error_code error;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto installed = exe.parent_path().parent_path() / "share" / "gapcheck" / "claims";
    if (std::filesystem::is_directory(installed / "catalog", error)) return installed;
  }
  return GAPCHECK_SOURCE_DATA_DIR;
}

std::filesystem::path builtin_catalog_dir() { return data_dir() / "catalog"; }

std::vector<Claim> builtin_catalog() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(builtin_catalog_dir()))
    if (entry.path().extension() == ".toml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<Claim> claims;
  for (const auto& f : files)
    for (auto& c : load_catalog(f)) claims.push_back(std::move(c));
  return claims;
}

std::string to_string(Variable v) {
  for (const auto& [name, value] : kVariables)
    if (value == v) return name;
  return "?";
}

std::string to_string(RuleKind k) {
  for (const auto& [name, value] : kRules)
    if (value == k) return name;
  return "?";
}

}  // namespace gapcheck::claims
