// Invariants every registered process × setting × weights triple must keep on every sample path.
// Each TEST runs one RapidCheck property per registered triple (see cases.hpp), so a process or
// setting added to the registry is checked here without new test code.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <functional>
#include <map>

#include "properties/cases.hpp"
#include "properties/checks.hpp"

namespace gapcheck::props {
namespace {

bool setting_is(const Triple& t, std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (t.setting->name == name) return true;
  return false;
}

TEST(Invariants, BallsAreConservedAndTheGapIsTracked) {
  check_each_triple("Invariants/Conservation", [](const Triple& t) {
    const Case c = draw_case(t);
    const audit::Run run = run_case(c);
    require(conservation(run, c.config, c.composition.weights.is_unit()), c.describe());
    require(tracked_statistics(run), c.describe());
    require(samples_and_steps(run), c.describe());
  });
}

TEST(Determinism, SameSeedAndReplicateGiveTheSameRun) {
  check_each_triple("Determinism/SameSeed", [](const Triple& t) {
    const Case c = draw_case(t);
    const audit::Run a = run_case(c, audit::Detail::light);
    const audit::Run b = run_case(c, audit::Detail::light);
    require(different_loads(a.log.loads, b.log.loads), c.describe());
    require(differences(a.result, b.result), c.describe());
  });
}

TEST(Determinism, ReplicateAloneEqualsReplicateInABatchOnAnyThreadCount) {
  check_each_triple(
      "Determinism/Replicates",
      [](const Triple& t) {
        const Case c = draw_case(t);
        const Simulation sim =
            make_simulation(c.composition.process_spec, c.composition.setting_spec,
                            c.composition.weights_spec, c.config);
        const auto first = *rc::gen::inRange<std::uint64_t>(0, 50);
        const auto runs = *rc::gen::inRange<std::uint64_t>(2, 6);
        require(replicate_independence(
                    sim.run,
                    [&](std::uint64_t seed, std::uint64_t from, std::uint64_t count,
                        unsigned threads) { return run_replicates(sim, seed, from, count, threads); },
                    c.seed, first, runs),
                c.describe());
      },
      10);
}

// Runs `check(log of the case, case)` on every triple whose setting is one of `settings`.
void check_setting(const std::string& name, std::initializer_list<const char*> settings,
                   const std::function<Violations(const audit::Log&, const Case&)>& check) {
  check_each_triple(
      name,
      [&](const Triple& t) {
        const Case c = draw_case(t, {12, 200});
        require(check(run_case(c).log, c), c.describe());
      },
      3, [&](const Triple& t) { return setting_is(t, settings); });
}

Violations all_of(std::initializer_list<Violations> parts) {
  Violations out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

double setting_arg(const Case& c, const char* key) {
  return std::stod(*c.composition.setting_spec.find(key));
}

TEST(Settings, ExactAnswersEveryQuestionTruthfully) {
  check_setting("Settings/Exact", {"exact"},
                [](const audit::Log& log, const Case&) { return truthful(log); });
}

// Under g-Bounded (every adversary) and g-Myopic an answer may differ from the truth only when
// the loads compared differ by at most g. g-Myopic's fair coin (and g-bounded's random adversary)
// decides every comparison within g, exactly equal values included: no such answer is "equal".
// Both are judged on the same runs.
TEST(Settings, OnlyComparisonsWithinGAreBent) {
  check_setting("Settings/GLimit", {"g-bounded", "g-myopic"}, [](const audit::Log& log, const Case& c) {
    const double g = setting_arg(c, "g");
    const std::string* adversary = c.composition.setting_spec.find("adversary");
    const bool coin = !adversary || *adversary == "random";
    return all_of({g_limit(log, g), coin ? coin_within_g(log, g) : Violations{}});
  });
}

TEST(Settings, BatchesReadOnlyTheirSnapshot) {
  check_setting("Settings/Snapshot", {"batch"}, [](const audit::Log& log, const Case& c) {
    return snapshot_reads(log, static_cast<std::uint64_t>(setting_arg(c, "b")));
  });
}

TEST(Settings, DelayReadsLieInTheWindow) {
  check_setting("Settings/Window", {"delay"}, [](const audit::Log& log, const Case& c) {
    // `random` reads both bins of a comparison at one step of the window.
    const bool one_step = *c.composition.setting_spec.find("adversary") == "random";
    return window_reads(log, static_cast<std::uint64_t>(setting_arg(c, "tau")), one_step);
  });
}

// Per-process rules, judged from the audit record. Rules that need true answers apply under
// the exact setting only; the others under every setting.
using Rule = std::function<Violations(const Case&, const audit::Log&)>;

bool exact(const Case& c) { return c.composition.setting_spec.name == "exact"; }
bool index_ties(const Case& c) {
  const std::string* ties = c.composition.process_spec.find("ties");
  return ties && *ties == "index";
}
std::uint64_t integer_arg(const Case& c, const char* key) {
  return std::stoull(*c.composition.process_spec.find(key));
}

double real_arg(const Case& c, const char* key) {
  return std::stod(*c.composition.process_spec.find(key));
}

Violations d_choice_rule(const Case& c, const audit::Log& log, std::uint64_t d) {
  return all_of({samples_per_step(log, d, d), places_on_a_sample(log),
                 exact(c) ? lightest_sample(log, index_ties(c)) : Violations{}});
}

const std::map<std::string, Rule>& process_rules() {
  static const std::map<std::string, Rule> rules = {
      {"one-choice",
       [](const Case&, const audit::Log& log) {
         return all_of({samples_per_step(log, 1, 1), places_on_a_sample(log)});
       }},
      {"two-choice", [](const Case& c, const audit::Log& log) { return d_choice_rule(c, log, 2); }},
      {"d-choice",
       [](const Case& c, const audit::Log& log) { return d_choice_rule(c, log, integer_arg(c, "d")); }},
      {"left",
       [](const Case& c, const audit::Log& log) {
         return all_of({left_rule(log, integer_arg(c, "d"), exact(c)), places_on_a_sample(log)});
       }},
      {"first-diff",
       [](const Case& c, const audit::Log& log) {
         return all_of({places_on_a_sample(log),
                        exact(c) ? first_diff_rule(log, integer_arg(c, "cap")) : Violations{}});
       }},
      {"quantile",
       [](const Case& c, const audit::Log& log) {
         return all_of({places_on_a_sample(log),
                        quantile_rule(log, real_arg(c, "delta"), exact(c), false)});
       }},
      {"mixed-quantile",
       [](const Case& c, const audit::Log& log) {
         return all_of({places_on_a_sample(log), quantile_rule(log, real_arg(c, "delta"), exact(c),
                                                               true, real_arg(c, "eta"))});
       }},
      {"thinning",
       [](const Case& c, const audit::Log& log) {
         const auto& spec = c.composition.process_spec;
         const std::string kind = *spec.find("threshold");
         ThinningThreshold threshold;  // schedule: shape only, but for its default 0:r0
         if (kind == "absolute") {
           const double l = std::stod(*spec.find("l"));
           threshold = [l](std::uint64_t, double) { return l; };
         }
         if (kind == "relative" || (kind == "schedule" && *spec.find("schedule") == "0:r0")) {
           const double L = kind == "relative" ? std::stod(*spec.find("L")) : 0;
           threshold = [L](std::uint64_t, double mean) { return mean + L; };
         }
         return all_of({places_on_a_sample(log), samples_per_step(log, 1, 2),
                        thinning_rule(log, threshold, false)});
       }},
      {"mean-thinning",
       [](const Case&, const audit::Log& log) {
         return all_of({places_on_a_sample(log), samples_per_step(log, 1, 2),
                        thinning_rule(log, [](std::uint64_t, double mean) { return mean; },
                                      true)});
       }},
      {"twinning", [](const Case&, const audit::Log& log) { return twinning_rule(log); }},
      {"packing", [](const Case&, const audit::Log& log) { return packing_rule(log); }},
      {"memory", [](const Case&, const audit::Log& log) { return memory_rule(log); }},
      {"one-plus-beta",
       [](const Case& c, const audit::Log& log) {
         return all_of({samples_per_step(log, 1, 2), places_on_a_sample(log),
                        exact(c) ? lightest_sample(log, index_ties(c)) : Violations{}});
       }},
  };
  return rules;
}

TEST(Processes, EachPlacesByItsRule) {
  // A process without a rule here is still held to every other property; say which are not
  // held to their own rule, and how many, so that a variant's author sees it in the summary.
  std::vector<std::string> without;
  const auto processes = checked_processes();
  for (const auto& p : processes)
    if (!process_rules().contains(p.name)) without.push_back(p.name);
  if (!without.empty()) {
    std::cout << "note: " << without.size() << " of " << processes.size()
              << " processes have no per-process rule in properties/invariants_test.cpp "
                 "(their placements are checked only by the shared properties):";
    for (const auto& name : without) std::cout << " " << name;
    std::cout << "\n";
  }
  check_each_triple(
      "Processes/Rules",
      [](const Triple& t) {
        const Case c = draw_case(t);
        require(process_rules().at(t.process->name)(c, run_case(c).log),
                c.describe());
      },
      5, [](const Triple& t) { return process_rules().contains(t.process->name); });
}

}  // namespace
}  // namespace gapcheck::props
