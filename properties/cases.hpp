// Random cases drawn from the registry, so that every registered process × setting × weights
// triple gets the generic properties with no new test code: a process registered anywhere
// (processes/register.hpp), built-in or compiled into the test executable, is drawn by name.
//
// A case is a triple of registry entries plus values drawn for each declared parameter (from its
// ParamDef: kind, range, choices), small n and m, a seed and a replicate. Drawing happens inside
// a RapidCheck property (`*gen`), so a failing case shrinks towards the smallest n and m, the
// lowest parameter values and the first choices, and the counterexample prints every value.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "processes/registry.hpp"
#include "properties/audit.hpp"

namespace gapcheck::props {

struct Triple {
  const Entry* process;
  const Entry* setting;
  const Entry* weights;
  std::string label() const;  // "two-choice x exact x unit"
};

// Every registered triple whose defaults compose (the others are refused pairs), restricted to
// the checked processes.
std::vector<Triple> registered_triples();

// The processes the suite checks: every registered one, unless check_only_processes() named
// some. A variant's test (gapcheck_add_variant) checks its own processes under every setting and
// weights they accept; the built-ins are checked by gapcheck's own properties_test.
const std::vector<Entry>& checked_processes();
// Throws std::invalid_argument naming a process that is not registered.
void check_only_processes(const std::vector<std::string>& names);
// False once restricted: the tests of the built-ins' own laws then skip.
bool checks_every_process();

// The entry with this name, or nullptr.
const Entry* find_entry(const std::vector<Entry>& entries, const std::string& name);

struct Limits {
  std::uint64_t max_n = 12;
  std::uint64_t max_m = 160;
};

struct Case {
  Composition composition;
  RunConfig config;
  std::uint64_t seed = 0;
  std::uint64_t replicate = 0;
  std::string describe() const;  // specs, n, m, seed, replicate
};

// Inside a property: a value for `def` (as text), drawn within its declared range, small.
std::string draw_value(const ParamDef& def, std::uint64_t n);
// Inside a property: a spec of `entry` with every key drawn (some left to their defaults).
Spec draw_spec(const Entry& entry, std::uint64_t n);
// Inside a property: a whole case of the triple; refused combinations are discarded.
Case draw_case(const Triple& triple, const Limits& limits = {});
// compose(), discarding the case (RC_DISCARD) if the combination is refused.
Composition compose_or_discard(const Spec& process, const Spec& setting, const Spec& weights,
                               std::uint64_t n);

// The audited run of a case: the erased process, the static types of its setting and load.
audit::Run run_case(const Case& c, audit::Detail detail = audit::Detail::full);

// Runs `property` as a RapidCheck property once for each registered triple, with the suite's
// RC_PARAMS (seed, max_success / share cases per triple). A failure names the triple, and the
// printed RC_PARAMS="reproduce=..." replays it. Triples for which `applies` is false are skipped.
void check_each_triple(const std::string& name, const std::function<void(const Triple&)>& property,
                       int share = 5,
                       const std::function<bool(const Triple&)>& applies = nullptr);

// Runs `property` as one RapidCheck property named `name` under the suite's RC_PARAMS.
void check_property(const std::string& name, const std::function<void()>& property, int share = 1);

}  // namespace gapcheck::props
