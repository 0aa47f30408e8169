#include "processes/core/params.hpp"

#include <stdexcept>

#include <cmath>

namespace gapcheck {
namespace {
std::string whole(double value) { return std::to_string(static_cast<std::uint64_t>(value)); }
std::string fmt_interval(const std::string& lo, const std::string& hi) {
  std::string out(1, '[');
  out += lo;
  out += ", ";
  out += hi;
  out += ']';
  return out;
}
}  // namespace

std::string ParamDef::range() const {
  switch (kind) {
    case Kind::choice: {
      std::string out = "one of ";
      for (std::size_t k = 0; k < choices.size(); ++k) {
        if (k > 0) out += '|';
        out += choices[k];
      }
      return out;
    }
    case Kind::text:
      return "text, syntax in the help";
    case Kind::real:
      return fmt_interval(format_real(lo), format_real(hi));
    case Kind::integer:
    case Kind::count:
      return "whole number in " + fmt_interval(whole(lo), whole(hi)) +
             (kind == Kind::count ? " (10n, 2nlnn accepted)" : "");
  }
  return {};
}

double Params::real(std::string_view key) const { return numbers_.find(key)->second; }

std::uint64_t Params::integer(std::string_view key) const {
  return static_cast<std::uint64_t>(numbers_.find(key)->second);
}

const std::string& Params::choice(std::string_view key) const { return choices_.find(key)->second; }

void check_description(std::string_view kind, const std::string& name,
                       const std::vector<ParamDef>& defs) {
  const std::string where = std::string(kind) + " '" + name + "'";
  if (!is_spec_word(name))
    throw std::logic_error(where + ": a name is letters, digits, '-', '_' and '.' only");
  for (std::size_t k = 0; k < defs.size(); ++k) {
    const ParamDef& def = defs[k];
    const std::string key = where + " key '" + def.key + "'";
    if (!is_spec_word(def.key))
      throw std::logic_error(key + ": a key is letters, digits, '-', '_' and '.' only");
    for (std::size_t j = 0; j < k; ++j)
      if (defs[j].key == def.key) throw std::logic_error(key + " is declared twice");
    const bool numeric = def.kind == ParamDef::Kind::real || def.kind == ParamDef::Kind::integer ||
                         def.kind == ParamDef::Kind::count;
    if (numeric && !(def.lo <= def.hi))
      throw std::logic_error(key + ": its range " + def.range() + " is empty (lo > hi)");
  }
  try {
    bind_params(kind, Spec{name, {}}, defs, 1000);
  } catch (const InputError& e) {
    throw std::logic_error(where + ": its defaults are refused by its own keys (" + e.what() + ")");
  }
}

Params bind_params(std::string_view kind, const Spec& spec, const std::vector<ParamDef>& defs,
            std::uint64_t n) {
  const std::string where = std::string(kind) + " " + spec.name + ": ";
  for (const auto& [key, value] : spec.args) {
    bool known = false;
    for (const auto& def : defs) known |= def.key == key;
    if (!known) {
      std::string keys;
      for (const auto& def : defs) keys += (keys.empty() ? "" : ", ") + def.key;
      throw InputError(where + "unknown key '" + key + "' (keys: " +
                       (keys.empty() ? "none" : keys) + ")");
    }
  }
  Params params;
  params.n_ = n;
  params.canonical.name = spec.name;
  for (const auto& def : defs) {
    const std::string* given = spec.find(def.key);
    const bool applicable =
        applies(def, [&](const std::string& key) {
          const auto it = params.choices_.find(key);
          return it == params.choices_.end() ? std::string() : it->second;
        });
    if (!applicable) {
      if (given)
        throw InputError(where + "key '" + def.key + "' does not apply here (it applies with " +
                         def.when + ")");
      continue;
    }
    const std::string text = given ? *given : def.fallback;
    const std::string label = where + def.key;
    auto out_of_range = [&] {
      return InputError(label + "=" + text + " is outside the accepted range: " + def.range());
    };
    switch (def.kind) {
      case ParamDef::Kind::choice: {
        bool ok = false;
        for (const auto& c : def.choices) ok |= c == text;
        if (!ok)
          throw InputError(label + "=" + text + " is not an accepted value (accepted: " +
                           def.range() + ")");
        params.choices_[def.key] = text;
        params.canonical.args.emplace_back(def.key, text);
        break;
      }
      case ParamDef::Kind::text:
        params.choices_[def.key] = text;
        params.canonical.args.emplace_back(def.key,
                                           def.canonical_text ? def.canonical_text(text, n) : text);
        break;
      case ParamDef::Kind::real: {
        const double value = parse_real(text, label);
        if (!(value >= def.lo && value <= def.hi)) throw out_of_range();
        params.numbers_[def.key] = value;
        params.canonical.args.emplace_back(def.key, format_real(value));
        break;
      }
      case ParamDef::Kind::integer:
      case ParamDef::Kind::count: {
        const bool relative = def.kind == ParamDef::Kind::count;
        // The key's own range, in the messages of parse_count too (a fraction, a negative).
        const auto bound = [](double v) {
          return v <= 0 ? std::uint64_t{0}
                        : v >= static_cast<double>(kMaxCount) ? kMaxCount
                                                              : static_cast<std::uint64_t>(v);
        };
        const auto value = static_cast<double>(
            parse_count(text, label, relative ? std::optional<std::uint64_t>(n) : std::nullopt,
                        bound(std::floor(def.hi)), bound(std::ceil(def.lo))));
        if (!(value >= def.lo && value <= def.hi)) throw out_of_range();
        params.numbers_[def.key] = value;
        params.canonical.args.emplace_back(def.key, whole(value));
        break;
      }
    }
  }
  return params;
}

}  // namespace gapcheck
