// The claims catalog: each published statement about a process, as data.
//
// A claim is one [[claim]] table in a TOML file (docs/claims.md has the format). It names the
// process, setting and weights as spec templates, a grid per tier (axes such as n, g or b whose
// values are substituted into the templates as {g}, {b}), the statistic the claim is about,
// and a decision rule from a small closed set (rules.hpp). Keeping claims as data means a
// theorist adds one entry to add a claim, and a variant outside this repository declares its
// own claims in a file of its own (`gapcheck check --catalog FILE`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "stats/shapes.hpp"

namespace gapcheck::claims {

// The per-run number a claim is about, read from a RunResult.
enum class Variable { gap, max_load, max_gap_over_time, probes_per_ball, load_fractions };

enum class RuleKind {
  shape, additive, flat, order, transition, mean_at_most, fluid, distribution, crossover, bound
};

// A parameter of a rule (docs/claims.md, "Rule kinds and thresholds"), as a catalog gives it.
struct RuleParameter {
  enum class Kind {
    number,
    positive,        // a number > 0 (a tolerance)
    text,            // one of `choices` where it has them
    shape,           // a shape name (stats/shapes.hpp)
    number_or_axis,  // a number, or the name of an axis of the grid
  };
  std::string name;
  Kind kind;
  std::vector<std::string> choices;  // a text's accepted values; the first is its default
  bool required = false;
};

// The parameters that `rule` reads; a claim may give no others.
const std::vector<RuleParameter>& parameters_of(RuleKind rule);

// The parameter a fluid model reads, from an axis of the grid or a number of the claim: "d"
// (greedy, left), "beta", "l" (thinning_absolute), "g" (g_myopic), "sigma"; "" for one_choice.
std::string fluid_model_parameter(const std::string& model);

// Process, setting and weights as templates: "{g}" is replaced by the grid's value of axis g.
struct Specs {
  std::string process;
  std::string setting = "exact";
  std::string weights = "unit";
  std::string m;  // the B side only: a count template replacing the grid's m ("{b}")
};

// One tier's grid: the cartesian product of its axes, except that the axes named in `zip` vary
// together (value i of each). `m` is a count template ("100n", "{b}", "20*{b}"); every axis
// value is a string so that counts such as "10n" resolve per n.
struct Grid {
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;  // in file order; has "n"
  std::vector<std::string> zip;
  std::string m;
  std::uint64_t runs = 0;
};

// A concrete simulation: canonical enough to be a cache key and a seed source.
struct PointSpec {
  Specs specs;       // with every placeholder substituted
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  std::uint64_t runs = 0;
  stats::Vars vars;  // n, m and every axis, numerically ("b" = 10n resolved)
  std::string key() const;  // "process|setting|weights|n|m"
  // "process / setting / weights / n=... / m=...": the point in messages.
  std::string describe() const;
};

struct Claim {
  std::string id, statement, source, evidence_tag;
  bool control = false;
  std::string note;            // an assumption or caveat printed with the verdict
  Specs specs;
  std::optional<Specs> than;   // rules `order`, `crossover`: the B side of A − B
  Variable variable = Variable::gap;
  RuleKind rule = RuleKind::shape;
  std::string x_variable = "n";
  std::string form;                 // claimed shape (shape, additive)
  std::vector<std::string> rivals;  // rival shapes (shape)
  // Conditions every point of every tier meets, from the statement's range ("g <= log n"):
  // checked when the catalog loads, so that no grid tests the claim where it does not speak.
  std::vector<std::string> domain;
  // Rule parameters; each rule documents which it reads (docs/claims.md).
  std::map<std::string, double> numbers;
  std::map<std::string, std::string> texts;
  std::map<std::string, Grid> tiers;  // "ci", "paper"
  // The tiers whose grids the `finding` text documents (empty: every tier). At another tier an
  // unexpected verdict is a defect until someone documents it there.
  std::vector<std::string> finding_tiers;
  std::filesystem::path catalog;      // the file it came from (relative paths resolve here)

  double number(const std::string& key, double fallback) const;
  // The documented finding that applies at `tier`, or "".
  std::string finding(const std::string& tier) const;
  const std::string& text(const std::string& key) const;  // throws InputError when missing
  // A text parameter with choices: its value, or its default (the first choice) when not given;
  // throws InputError for a value outside the choices, or a required one that is missing.
  std::string choice(const std::string& key) const;
  // The grid points of `tier`; throws InputError when the claim has no such tier.
  std::vector<PointSpec> points(const std::string& tier) const;
  std::vector<PointSpec> than_points(const std::string& tier) const;  // B side, same grid
};

// Reads one catalog file. Throws InputError naming the file, the claim and the bad field.
std::vector<Claim> load_catalog(const std::filesystem::path& file);

// Every *.toml in the built-in catalog directory, in file-name order.
std::vector<Claim> builtin_catalog();
std::filesystem::path builtin_catalog_dir();  // data_dir() / "catalog"

// The directory holding the built-in catalog/ and published/ tables. In order: the directory
// given to use_data_dir(); $GAPCHECK_DATA_DIR; share/gapcheck/claims beside an installed
// executable (<prefix>/bin/../share/...); the source tree this library was built from.
std::filesystem::path data_dir();
// Pins data_dir(): an executable built against an installed package (gapcheck_add_variant)
// names the package's data directory here, since it does not live in <prefix>/bin.
void use_data_dir(const std::filesystem::path& dir);

std::string to_string(Variable);
std::string to_string(RuleKind);

}  // namespace gapcheck::claims
