// How a process joins gapcheck: GAPCHECK_REGISTER_PROCESS(Type) in the process's own .cpp.
//
// There is no central table of processes. A process type describes itself in its header (names,
// definitions, parameters, factories, traits: core/process.hpp), and one line in its own
// translation unit registers it at static initialisation:
//
//   // processes/one_plus_beta.cpp
//   #include "processes/one_plus_beta.hpp"
//   #include "processes/register.hpp"
//   GAPCHECK_REGISTER_PROCESS(gapcheck::OnePlusBeta)
//
// The registration checks the Process concept (a readable compile error if the type does not keep
// the contract) and instantiates, in that translation unit, the production runners of the process
// under every setting type and load type (32-bit integer loads, double loads, and the levels
// engine where both the process and the setting allow it). So the per-ball loops of different
// processes compile in parallel, and a new process compiles only its own.
//
// The registry keeps the entries sorted by name, whatever the link order, and a name registered
// twice stops the program at start-up with a message naming it. Built-in processes live in a
// library linked whole (processes/CMakeLists.txt), so the linker keeps their registrations; an
// executable that compiles its own process .cpp registers that process too.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "processes/any_process.hpp"
#include "processes/core/bulk.hpp"
#include "processes/core/levels.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

// The erased process of type P (see AnyProcess::Model).
template <class P>
class ProcessModel final : public AnyProcess::Model {
 public:
  explicit ProcessModel(P value) : value_(std::move(value)) {}

  std::unique_ptr<AnyProcess::Model> clone() const override {
    return std::make_unique<ProcessModel>(value_);
  }
  Placement choose(DynamicOracle& oracle) override { return value_.choose(oracle); }
  bool needs_levels() const override { return needs_levels_v<P>; }
  bool remembers() const override { return remembers_v<P>; }

  std::optional<std::string> refusal(const AnySetting&, const Weights& weights) const override {
    return weights_refusal<P>(weights);
  }

  std::optional<std::string> levels_refusal(const AnySetting& any,
                                            const Weights& weights) const override {
    return std::visit(
        [&](const auto& setting) -> std::optional<std::string> {
          using S = std::decay_t<decltype(setting)>;
          if (const char* why = levels_obstacle(value_)) return std::string("the process: ") + why;
          if (const char* why = levels_obstacle(setting)) return std::string("the setting: ") + why;
          if constexpr (!(on_levels_v<P> && on_levels_v<S>))
            return std::string("this process and setting are not known to treat bins as exchangeable");
          if (!weights.is_unit()) return std::string("the weights: levels hold unit balls only");
          return std::nullopt;
        },
        any);
  }

  std::uint32_t bulk_choices() const override { return lightest_of_uniform(value_); }

  std::optional<std::string> bulk_refusal(const AnySetting& any,
                                          const Weights& weights) const override {
    if (lightest_of_uniform(value_) == 0)
      return std::string("the process: its ball does not go to the lightest of d uniform bins with "
                         "random ties (one-choice, two-choice, d-choice with ties=random)");
    if (!std::holds_alternative<ExactSetting>(any))
      return std::string("the setting: the bulk engine runs the exact setting only");
    if (!weights.is_unit())
      return std::string("the weights: the bulk engine holds unit balls only");
    return std::nullopt;
  }

  RunFunction runner(const AnySetting& any, const Weights& weights,
                     const RunConfig& config) const override {
    if (config.engine == Engine::bulk) {
      const std::uint32_t d = lightest_of_uniform(value_);
      if (d == 0) throw std::logic_error("bulk engine asked for a process it does not support");
      return [=](std::uint64_t seed, std::uint64_t replicate) {
        return run_bulk(d, config, seed, replicate);
      };
    }
    return std::visit(
        [&](const auto& setting) -> RunFunction {
          using S = std::decay_t<decltype(setting)>;
          const P& process = value_;
          if (config.engine == Engine::levels) {
            if constexpr (on_levels_v<P> && on_levels_v<S>)
              return [=](std::uint64_t seed, std::uint64_t replicate) {
                return run_once_on_levels(process, setting, weights, config, seed, replicate);
              };
            throw std::logic_error("levels engine asked for a composition it does not support");
          }
          if (weights.is_unit())
            return [=](std::uint64_t seed, std::uint64_t replicate) {
              return run_once<std::uint32_t>(process, setting, weights, config, seed, replicate);
            };
          return [=](std::uint64_t seed, std::uint64_t replicate) {
            return run_once<double>(process, setting, weights, config, seed, replicate);
          };
        },
        any);
  }

 private:
  P value_;
};

// Every registered process entry, sorted by name.
class ProcessRegistry {
 public:
  // Throws std::logic_error naming a name that is already registered, or a description that
  // check_description (core/params.hpp) refuses. `builtin`: a process of gapcheck's own library.
  void add(const std::vector<Described<AnyProcess>>& entries, bool builtin);
  const std::vector<Described<AnyProcess>>& entries() const { return entries_; }
  // Whether a process from outside gapcheck's library (a variant) is registered.
  bool has_outside_processes() const { return has_outside_processes_; }

 private:
  std::vector<Described<AnyProcess>> entries_;
  bool has_outside_processes_ = false;
};

ProcessRegistry& process_registry();  // the program's registry (registry.cpp)

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_outside_bins(Bin bin, std::uint64_t n) {
  throw ProcessRuleError("the process placed a ball in bin " + std::to_string(bin) +
                         ", outside the bins [0, " + std::to_string(n) + "): its rule is wrong");
}

// A process from outside gapcheck's library (a variant), with every placement checked to fall in
// [0, n): a wrong rule stops its run with a message instead of writing outside the loads.
// gapcheck's own processes place only on bins they sampled (the property tier checks it) and do
// not pay for the check (measured: 2 to 4 % of a Two-Choice step at n = 2^10).
template <class P>
struct PlacementChecked : P {
  static_assert(!std::is_final_v<P>, "a process type may not be final: registration wraps it");
  explicit PlacementChecked(P process) : P(std::move(process)) {}
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Placement placement = P::choose(oracle);
    if (placement.bin >= oracle.n()) [[unlikely]] throw_outside_bins(placement.bin, oracle.n());
    return {placement.bin, placement.balls};  // a read load is trusted from gapcheck's own rules only
  }
};

// The registry's entries of P; a process from outside the library runs as PlacementChecked<P>.
template <class P, bool Builtin = true>
std::vector<Described<AnyProcess>> erased_entries() {
  static_assert(std::copyable<P>,
                "a process is copied for every run: it must be copyable (core/process.hpp)");
  static_assert(DescribesItself<P>,
                "a process describes itself: static std::vector<ProcessEntry<P>> entries() with "
                "name, definition, source, parameters and factory (core/process.hpp)");
  static_assert(ChoosesThroughAnOracle<P>,
                "a process needs `template <class Oracle> Placement choose(Oracle&)` asking only "
                "the questions of the Oracle concept (core/process.hpp)");
  std::vector<Described<AnyProcess>> erased;
  if constexpr (Process<P>)  // else only the messages above: no cascade from the runners
    for (auto& entry : P::entries())
      erased.push_back({static_cast<const Entry&>(entry), [make = entry.make](const Params& p) {
                          if constexpr (Builtin)
                            return AnyProcess(std::make_unique<ProcessModel<P>>(make(p)));
                          else
                            return AnyProcess(
                                std::make_unique<ProcessModel<PlacementChecked<P>>>(
                                    PlacementChecked<P>(make(p))));
                        }});
  return erased;
}

// Adds P's entries to the program's registry. A duplicate name or a description that cannot work
// ends the program at start-up, with exit 2 and a message naming the process and the key.
template <class P, bool Builtin>
bool register_process() {
  try {
    process_registry().add(erased_entries<P, Builtin>(), Builtin);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gapcheck: %s\n", e.what());
    std::_Exit(2);  // during static initialisation: no destructors of half-made statics
  }
  return true;
}

}  // namespace gapcheck

// gapcheck's own library is compiled with GAPCHECK_BUILTIN_PROCESSES; a variant's .cpp is not.
#if defined(GAPCHECK_BUILTIN_PROCESSES)
#define GAPCHECK_REGISTERING_BUILTIN_ true
#else
#define GAPCHECK_REGISTERING_BUILTIN_ false
#endif
#define GAPCHECK_REGISTRAR_NAME_(line) gapcheck_registered_process_##line
#define GAPCHECK_REGISTRAR_NAME(line) GAPCHECK_REGISTRAR_NAME_(line)
// At namespace scope in the process's own .cpp, once per process type.
#define GAPCHECK_REGISTER_PROCESS(...)                                        \
  namespace {                                                                 \
  [[maybe_unused]] const bool GAPCHECK_REGISTRAR_NAME(__LINE__) =             \
      ::gapcheck::register_process<__VA_ARGS__, GAPCHECK_REGISTERING_BUILTIN_>(); \
  }
