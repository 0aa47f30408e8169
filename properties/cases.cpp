#include "properties/cases.hpp"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <sstream>
#include <variant>

namespace gapcheck::props {

std::string Triple::label() const {
  return process->name + " x " + setting->name + " x " + weights->name;
}

const Entry* find_entry(const std::vector<Entry>& entries, const std::string& name) {
  for (const auto& e : entries)
    if (e.name == name) return &e;
  return nullptr;
}

namespace {
std::optional<std::vector<Entry>>& restriction() {
  static std::optional<std::vector<Entry>> only;
  return only;
}
}  // namespace

void check_only_processes(const std::vector<std::string>& names) {
  std::vector<Entry> only;
  for (const auto& name : names) {
    const Entry* entry = find_entry(process_entries(), name);
    if (entry == nullptr) throw std::invalid_argument("process '" + name + "' is not registered");
    only.push_back(*entry);
  }
  restriction() = std::move(only);
}

const std::vector<Entry>& checked_processes() {
  return restriction() ? *restriction() : process_entries();
}

bool checks_every_process() { return !restriction(); }

std::vector<Triple> registered_triples() {
  std::vector<Triple> out;
  for (const auto& p : checked_processes())
    for (const auto& s : setting_entries())
      for (const auto& w : weight_entries()) {
        try {
          compose(Spec{p.name, {}}, Spec{s.name, {}}, Spec{w.name, {}}, 8);
        } catch (const InputError&) {
          continue;  // a refused pair: its refusal is checked by the spec properties
        }
        out.push_back({&p, &s, &w});
      }
  return out;
}

std::string draw_value(const ParamDef& def, std::uint64_t n) {
  using Kind = ParamDef::Kind;
  switch (def.kind) {
    case Kind::choice:
      return *rc::gen::elementOf(def.choices);
    case Kind::text:  // free syntax (a thinning schedule): the entry's default is a valid value
      return def.fallback;
    case Kind::integer:
    case Kind::count: {
      // Small values: the interesting cases (d = 1, g = 0, b = 1, tau = 1, b > m) live there.
      const double span = def.kind == Kind::count ? static_cast<double>(2 * n + 4) : 12.0;
      const auto lo = static_cast<std::uint64_t>(def.lo);
      const auto hi = static_cast<std::uint64_t>(std::min(def.hi, def.lo + span));
      return std::to_string(*rc::gen::inRange<std::uint64_t>(lo, hi + 1));
    }
    case Kind::real: {
      // A grid of 17 points over [a, a + 8] within [lo, hi], a = max(lo, -4): both ends are hit,
      // whole and half values give ties and equalities, shrinking goes to a.
      const double a = std::max(def.lo, -4.0);
      const double b = std::min(def.hi, a + 8.0);
      const int k = *rc::gen::inRange(0, 17);
      return format_real(k == 16 ? b : a + (b - a) * k / 16.0);
    }
  }
  return def.fallback;
}

Spec draw_spec(const Entry& entry, std::uint64_t n) {
  Spec spec{entry.name, {}};
  const auto value_of = [&](const std::string& key) {
    if (const std::string* given = spec.find(key)) return *given;
    for (const auto& def : entry.params)
      if (def.key == key) return def.fallback;
    return std::string();
  };
  for (const auto& def : entry.params)
    if (applies(def, value_of) && *rc::gen::inRange(0, 4) != 0)  // one in four: the default
      spec.args.emplace_back(def.key, draw_value(def, n));
  return spec;
}

Composition compose_or_discard(const Spec& process, const Spec& setting, const Spec& weights,
                               std::uint64_t n) {
  try {
    return compose(process, setting, weights, n);
  } catch (const InputError& e) {
    RC_DISCARD(e.what());
  }
}

std::string Case::describe() const {
  std::ostringstream out;
  out << composition.process_spec.str() << " | " << composition.setting_spec.str() << " | "
      << composition.weights_spec.str() << " | n=" << config.n << " m=" << config.m
      << " seed=" << seed << " replicate=" << replicate;
  return out.str();
}

Case draw_case(const Triple& triple, const Limits& limits) {
  Case c;
  c.config.n = *rc::gen::inRange<std::uint64_t>(1, limits.max_n + 1);
  c.config.m = *rc::gen::inRange<std::uint64_t>(0, limits.max_m + 1);
  c.config.gap_level = *rc::gen::inRange(0, 4);
  const Spec process = draw_spec(*triple.process, c.config.n);
  const Spec setting = draw_spec(*triple.setting, c.config.n);
  const Spec weights = draw_spec(*triple.weights, c.config.n);
  c.composition = compose_or_discard(process, setting, weights, c.config.n);
  c.seed = *rc::gen::arbitrary<std::uint64_t>();
  c.replicate = *rc::gen::inRange<std::uint64_t>(0, 1000);
  RC_TAG(triple.label());
  return c;
}

audit::Run run_case(const Case& c, audit::Detail detail) {
  // The process is type-erased: the audited runs instantiate once per setting and load type,
  // whatever the number of registered processes.
  const AnyProcess& process = c.composition.process;
  try {
    return std::visit(
        [&](const auto& setting) {
          if (c.composition.weights.is_unit())
            return audit::audited_run<std::uint32_t>(process, setting, c.composition.weights,
                                                     c.config, c.seed, c.replicate, detail);
          return audit::audited_run<double>(process, setting, c.composition.weights, c.config,
                                            c.seed, c.replicate, detail);
        },
        c.composition.setting);
  } catch (const std::exception& e) {
    // A run that throws (a variant's bin outside [0, n)) fails the property with the case
    // named: RapidCheck's own counterexample lists only the unlabelled generated values.
    throw std::runtime_error(std::string(e.what()) + " [" + c.describe() + "]");
  }
}

namespace {

rc::detail::TestParams shared_params(int share) {
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  params.maxSuccess = std::max(1, params.maxSuccess / std::max(1, share));
  return params;
}

void report(const std::string& id, const rc::detail::TestResult& result) {
  if (result.template is<rc::detail::SuccessResult>()) return;
  std::ostringstream message;
  rc::detail::printResultMessage(result, message);
  ADD_FAILURE() << id << "\n" << message.str();
}

}  // namespace

void check_property(const std::string& name, const std::function<void()>& property, int share) {
  rc::detail::TestMetadata metadata{name, name};
  report(name, rc::detail::checkTestable(property, metadata, shared_params(share)));
}

void check_each_triple(const std::string& name, const std::function<void(const Triple&)>& property,
                       int share, const std::function<bool(const Triple&)>& applies) {
  int checked = 0;
  for (const Triple& t : registered_triples()) {
    if (applies && !applies(t)) continue;
    const std::string id = name + "/" + t.label();
    rc::detail::TestMetadata metadata{id, id};
    report(id, rc::detail::checkTestable([&] { property(t); }, metadata, shared_params(share)));
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << name << ": no registered triple to check yet";
}

}  // namespace gapcheck::props
