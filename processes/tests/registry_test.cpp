// The process registry: sorted whatever the registration order, a duplicate name refused, every
// built-in process registered, and the erased process running exactly the typed runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "processes/register.hpp"
#include "processes/registry.hpp"
#include "processes/core/version.hpp"
#include "processes/settings/exact.hpp"
#include "processes/tests/same_run.hpp"

namespace gapcheck {
namespace {

Described<AnyProcess> named(const std::string& name) { return {{name, "", "", {}}, nullptr}; }

TEST(ProcessRegistry, KeepsEntriesSortedByName) {
  ProcessRegistry registry;
  registry.add({named("zeta"), named("alpha")}, true);
  registry.add({named("mu")}, true);
  std::vector<std::string> names;
  for (const auto& e : registry.entries()) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"alpha", "mu", "zeta"}));
}

TEST(ProcessRegistry, RefusesADuplicateNameNamingIt) {
  ProcessRegistry registry;
  registry.add({named("two-choice")}, true);
  try {
    registry.add({named("two-choice")}, true);
    FAIL() << "a duplicate name was accepted";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("'two-choice' is registered twice"), std::string::npos)
        << e.what();
  }
}

// A description that cannot work is refused when it registers, naming the process and the key:
// before, a default outside its own range blamed the user's spec, and a duplicate or malformed
// key gave canonical specs that could not be given back.
TEST(ProcessRegistry, RefusesADescriptionThatCannotWork) {
  const auto refused = [](const std::string& name, std::vector<ParamDef> params,
                          const std::string& expected) {
    ProcessRegistry registry;
    try {
      registry.add({{{name, "", "", std::move(params)}, nullptr}}, false);
      ADD_FAILURE() << name << ": accepted";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
    EXPECT_TRUE(registry.entries().empty()) << name;
  };
  const auto real = [](std::string key, std::string fallback, double lo, double hi) {
    return ParamDef{std::move(key), ParamDef::Kind::real, std::move(fallback), lo, hi, {}, ""};
  };
  refused("bad:name", {}, "process 'bad:name': a name is letters");
  refused("dflt-out", {real("q", "2", 0, 1)}, "process 'dflt-out': its defaults are refused");
  refused("empty-range", {real("q", "0.5", 1, 0)}, "key 'q': its range [1, 0] is empty");
  refused("dup-key", {real("q", "0.3", 0, 1), real("q", "0.3", 0, 1)}, "key 'q' is declared twice");
  refused("bad-key", {real("a=b", "0.5", 0, 1)}, "key 'a=b': a key is letters");
  ProcessRegistry registry;
  registry.add({{{"fine", "", "", {real("q", "0.5", 0, 1)}}, nullptr}}, false);
  EXPECT_TRUE(registry.has_outside_processes());
}

// A variant whose rule names bin n (one past the last) is stopped with a message by the checked
// wrapper that registration puts around processes from outside the library: unchecked, the ball
// would be written outside the loads.
struct PlacesOutside {
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin sampled = oracle.sample();
    return {sampled == 0 ? oracle.n() : sampled};
  }
};

TEST(PlacementChecked, StopsARunThatPlacesOutsideTheBins) {
  RunConfig config{4, 1000};
  config.engine = Engine::bins;
  try {
    run_once<std::uint32_t>(PlacementChecked<PlacesOutside>(PlacesOutside{}), ExactSetting{},
                            Weights{}, config, 1, 0);
    FAIL() << "a ball placed in bin n was accepted";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("bin 4, outside the bins [0, 4)"), std::string::npos)
        << e.what();
  }
}

// Two spellings of one schedule are one canonical spec (the run store's key): its counts are
// resolved with n, as a setting's b=10n is.
TEST(CanonicalSpec, AThinningScheduleHasItsCountsResolved) {
  const auto canonical = [](const std::string& process) {
    return compose(Spec::parse(process), Spec::parse("exact"), Spec::parse("unit"), 100)
        .process_spec.str();
  };
  const std::string resolved =
      "thinning:threshold=schedule,schedule=0:r2/500:r1/1000:a12";
  EXPECT_EQ(canonical("thinning:threshold=schedule,schedule=0:r2/5n:r1/10n:a12"), resolved);
  EXPECT_EQ(canonical("thinning:threshold=schedule,schedule=0:r2.0/500:r1/1e3:a12"), resolved);
  EXPECT_EQ(canonical(resolved), resolved);
}

// This test program registers only gapcheck's own processes: its runs carry the plain results
// version, which a variant's program extends with its build (checked end to end in the
// installed-package test).
TEST(ResultsVersion, IsThePlainVersionWithOnlyBuiltInProcesses) {
  EXPECT_FALSE(process_registry().has_outside_processes());
  EXPECT_EQ(results_version(), std::string(kResultsVersion));
}

// The names docs/processes.md defines, one per entry of the built-in process headers.
TEST(ProcessRegistry, HoldsEveryBuiltInProcessInNameOrder) {
  std::vector<std::string> names;
  for (const auto& e : process_entries()) names.push_back(e.name);
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  const std::set<std::string> expected = {
      "d-choice", "first-diff", "left", "mean-thinning", "memory", "mixed-quantile", "one-choice",
      "one-plus-beta", "packing", "quantile", "thinning", "twinning", "two-choice"};
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), expected);
  EXPECT_EQ(names.size(), expected.size());
}

// Runs every composition of a registered process and setting (unit weights) that config.engine
// runs, typed (make_simulation: the production loop, with the exact setting's shortcuts) and
// erased (`run_erased(composition, setting, replicate)`: the property tier's loop, every question
// through DynamicOracle), and expects the same run, replicates 0 and 1. Returns how many ran.
template <class RunErased>
int expect_erased_runs_are_typed_runs(const RunConfig& config, RunErased run_erased) {
  int compared = 0;
  for (const auto& p : process_entries())
    for (const auto& s : setting_entries()) {
      Composition c;
      Simulation typed;
      try {
        c = compose({p.name, {}}, {s.name, {}}, {"unit", {}}, config.n);
        typed = make_simulation({p.name, {}}, {s.name, {}}, {"unit", {}}, config);
      } catch (const InputError&) {
        continue;  // a composition this engine does not run
      }
      SCOPED_TRACE(p.name + " x " + s.name);
      for (const std::uint64_t replicate : {0, 1}) {
        const auto erased = [&](const auto& setting) { return run_erased(c, setting, replicate); };
        expect_same_run(typed.run(17, replicate), std::visit(erased, c.setting));
      }
      ++compared;
    }
  return compared;
}

// The property tier runs the erased process through DynamicOracle (one loop per setting type);
// production runs the typed loop compiled in the process's own unit. Both must be the same run:
// same final loads, gap statistics, probes and setting counts, for every process and setting.
// `auto` chooses by n (docs/engines.md, "The auto rule"): bins below 2^20; from 2^20 on bulk
// for Two-Choice and d-Choice under exact, and for One-Choice while m/n <= √n/256; levels for
// the other exchangeable processes (One-Choice with more balls per bin) and settings; bins where
// levels cannot run the composition, or where unit balls reach bins' limit of 2^32.
TEST(AutoEngine, ChoosesByN) {
  const auto engine = [](const char* process, const char* setting, const char* weights,
                         std::uint64_t n, std::uint64_t m) {
    RunConfig config{n, m, 0.0};
    return make_simulation(Spec::parse(process), Spec::parse(setting), Spec::parse(weights), config)
        .config.engine;
  };
  const std::uint64_t below = (1u << 20) - 1, at = 1u << 20;
  EXPECT_EQ(engine("two-choice", "exact", "unit", below, below), Engine::bins);
  EXPECT_EQ(engine("two-choice", "exact", "unit", at, at), Engine::bulk);
  EXPECT_EQ(engine("d-choice:d=3", "exact", "unit", at, at), Engine::bulk);
  EXPECT_EQ(engine("one-choice", "exact", "unit", at, 4 * at), Engine::bulk);
  EXPECT_EQ(engine("one-choice", "exact", "unit", at, 4 * at + 1), Engine::levels);
  const std::uint64_t at24 = std::uint64_t{1} << 24;  // √n/256 = 16
  EXPECT_EQ(engine("one-choice", "exact", "unit", at24, 16 * at24), Engine::bulk);
  EXPECT_EQ(engine("one-choice", "exact", "unit", at24, 16 * at24 + 1), Engine::levels);
  EXPECT_EQ(engine("one-choice", "exact", "unit", below, 4 * below), Engine::bins);
  EXPECT_EQ(engine("one-choice", "g-myopic:g=2", "unit", at, at), Engine::levels);
  EXPECT_EQ(engine("one-plus-beta", "exact", "unit", at, at), Engine::levels);
  EXPECT_EQ(engine("two-choice", "g-myopic:g=2", "unit", at, at), Engine::levels);
  EXPECT_EQ(engine("two-choice:ties=index", "exact", "unit", at, at), Engine::bins);  // not exchangeable
  EXPECT_EQ(engine("left", "exact", "unit", at, at), Engine::bins);
  EXPECT_EQ(engine("two-choice", "exact", "exp:mean=1", at, at), Engine::bins);
  EXPECT_EQ(engine("two-choice", "exact", "unit", 1000, std::uint64_t{1} << 32), Engine::levels);
  EXPECT_EQ(engine("two-choice", "exact", "exp:mean=1", 1000, std::uint64_t{1} << 32), Engine::bins);
}

TEST(AnyProcess, ErasedRunsAreTheTypedRuns) {
  RunConfig config{9, 200, 1, true};
  config.engine = Engine::bins;
  const int compared = expect_erased_runs_are_typed_runs(
      config, [&](const Composition& c, const auto& setting, std::uint64_t replicate) {
        return run_once<std::uint32_t>(c.process, setting, c.weights, config, 17, replicate);
      });
  // With unit weights every process composes with every setting.
  EXPECT_EQ(compared, static_cast<int>(process_entries().size() * setting_entries().size()));
}

// run_once_on_levels of a composition's erased process, where the setting runs on levels.
template <class Setting>
RunResult erased_run_on_levels(const Composition& c, const Setting& setting,
                               const RunConfig& config, std::uint64_t replicate) {
  if constexpr (on_levels_v<Setting>) {
    return run_once_on_levels(c.process, setting, c.weights, config, 17, replicate);
  } else {
    ADD_FAILURE() << "composed for levels: a setting the engine does not run";
    return {};
  }
}

// The same on the levels engine, for every composition it runs: the typed loop (with the exact
// setting's shortcuts, such as the lower rank as the lighter bin) and the erased one reach the
// same histogram and statistics.
TEST(AnyProcess, ErasedRunsAreTheTypedRunsOnTheLevelsEngine) {
  RunConfig config{9, 400, 1};
  config.engine = Engine::levels;
  const int compared = expect_erased_runs_are_typed_runs(
      config, [&](const Composition& c, const auto& setting, std::uint64_t replicate) {
        return erased_run_on_levels(c, setting, config, replicate);
      });
  EXPECT_GE(compared, 10);  // the exchangeable processes, under exact and the other settings
}

}  // namespace
}  // namespace gapcheck
