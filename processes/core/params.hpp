// Declared parameters of a process, setting or weight distribution, and their binding.
//
// Each registry entry declares its keys (kind, default, range, one-line meaning). Binding a
// user's Spec against them checks every key and value once, at the boundary, and yields the
// canonical spec (every key, defaults filled in) that outputs record so a run can be repeated.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "processes/core/spec.hpp"

namespace gapcheck {

struct ParamDef {
  enum class Kind {
    integer,  // whole number in [lo, hi]
    real,     // real number in [lo, hi]
    count,    // whole number in [lo, hi]; also accepts 10n and 2nlnn
    choice,   // one of `choices`
    text,     // free text with its own syntax (in `help`), parsed by the entry's maker
  };
  std::string key;
  Kind kind = Kind::real;
  std::string fallback;  // default value, as text
  double lo = 0;
  double hi = 0;
  std::vector<std::string> choices;
  std::string help;
  // "key=value": this key applies only when the choice `key` (declared before it) has `value`.
  // A key given where it does not apply is refused, and canonical specs leave it out.
  std::string when = {};
  // For a text key: its value in canonical form (counts such as 5n resolved with n), so that two
  // spellings of one value make one spec; none: the text as given.
  std::string (*canonical_text)(std::string_view text, std::uint64_t n) = nullptr;

  std::string range() const;  // "[0, 1]", "one of heavier|random", ...
};

// Whether `def` applies, given the text each earlier key was bound to (`value_of`).
template <class ValueOf>
bool applies(const ParamDef& def, const ValueOf& value_of) {
  if (def.when.empty()) return true;
  const auto eq = def.when.find('=');
  return value_of(def.when.substr(0, eq)) == def.when.substr(eq + 1);
}

// Values bound to their declared parameters.
class Params {
 public:
  double real(std::string_view key) const;
  std::uint64_t integer(std::string_view key) const;  // integer and count kinds
  const std::string& choice(std::string_view key) const;  // choice and text kinds
  // The number of bins the values were bound for, for checks that depend on it (Left[d]: d <= n).
  std::uint64_t n() const { return n_; }

  Spec canonical;  // name and every key with its value, in declaration order

 private:
  friend Params bind_params(std::string_view, const Spec&, const std::vector<ParamDef>&, std::uint64_t);
  std::map<std::string, double, std::less<>> numbers_;
  std::map<std::string, std::string, std::less<>> choices_;
  std::uint64_t n_ = 0;
};

// Checks a type's own description, not a user's input: `name` and every key are spec words, no
// key is declared twice, a numeric range has lo <= hi, and every default is accepted by its own
// key (so that naming the type alone always works). Throws std::logic_error naming the type and
// the key: a process from outside (docs/NEW_PROCESS.md) is checked when it registers.
void check_description(std::string_view kind, const std::string& name,
                       const std::vector<ParamDef>& defs);

// Checks `spec` against `defs` (`kind` names what it is in messages: "process", "setting", ...)
// and binds the values; n resolves counts such as 10n. Throws InputError naming the bad key or
// value and the accepted range.
Params bind_params(std::string_view kind, const Spec& spec, const std::vector<ParamDef>& defs,
            std::uint64_t n);

}  // namespace gapcheck
