// AnyProcess: a registered process, its type erased; what a Composition holds.
//
// The set of processes is open (processes/register.hpp), so the registry cannot hold them in a
// variant. It holds this handle instead: a copy of the process value behind a small virtual
// interface, implemented once per registered type in that type's own translation unit. The
// handle gives the registry what it needs to refuse, plan and run a composition (each runner is
// the fully static per-ball loop of that process under that setting), and gives the property
// tier `choose`, asked through the virtual DynamicOracle (core/dynamic_oracle.hpp). Copying the
// handle copies the process: a run or an enumerated path starts from a fresh copy, so per-run
// state (Memory's cache, Left's group bounds) never leaks between runs.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "processes/core/dynamic_oracle.hpp"
#include "processes/core/engine.hpp"
#include "processes/settings/settings.hpp"

namespace gapcheck {

using RunFunction = std::function<RunResult(std::uint64_t seed, std::uint64_t replicate)>;

class AnyProcess {
 public:
  static constexpr bool asks_dynamically = true;  // choose() takes DynamicOracle& (choose_with)

  // What a registered type implements behind the handle (ProcessModel, processes/register.hpp).
  class Model {
   public:
    virtual ~Model() = default;
    virtual std::unique_ptr<Model> clone() const = 0;
    virtual Placement choose(DynamicOracle& oracle) = 0;
    virtual bool needs_levels() const = 0;
    virtual bool remembers() const = 0;
    // Why it cannot run with these weights (in this setting), or nothing.
    virtual std::optional<std::string> refusal(const AnySetting& setting,
                                               const Weights& weights) const = 0;
    // Why the levels engine cannot run it in this setting with these weights, or nothing.
    virtual std::optional<std::string> levels_refusal(const AnySetting& setting,
                                                      const Weights& weights) const = 0;
    // Why the bulk engine (core/bulk.hpp) cannot run it in this setting with these weights.
    virtual std::optional<std::string> bulk_refusal(const AnySetting& setting,
                                                    const Weights& weights) const = 0;
    // The d of a process whose ball goes to the lightest of d uniform bins with random ties
    // (1: One-Choice), the processes the bulk engine runs; 0 for every other process.
    virtual std::uint32_t bulk_choices() const = 0;
    // The static per-run function: per-bin loads of 32-bit integers (unit weights) or doubles,
    // or the levels or bulk engine when config.engine says so (its refusal must be empty then).
    virtual RunFunction runner(const AnySetting& setting, const Weights& weights,
                               const RunConfig& config) const = 0;
  };

  AnyProcess() = default;
  explicit AnyProcess(std::unique_ptr<Model> model) : model_(std::move(model)) {}
  AnyProcess(const AnyProcess& other) : model_(other.model_ ? other.model_->clone() : nullptr) {}
  AnyProcess& operator=(const AnyProcess& other) {
    if (this != &other) model_ = other.model_ ? other.model_->clone() : nullptr;
    return *this;
  }
  AnyProcess(AnyProcess&&) noexcept = default;
  AnyProcess& operator=(AnyProcess&&) noexcept = default;

  Placement choose(DynamicOracle& oracle) { return model_->choose(oracle); }
  bool needs_levels() const { return model_->needs_levels(); }
  bool remembers() const { return model_->remembers(); }
  std::optional<std::string> refusal(const AnySetting& setting, const Weights& weights) const {
    return model_->refusal(setting, weights);
  }
  std::optional<std::string> levels_refusal(const AnySetting& setting,
                                            const Weights& weights) const {
    return model_->levels_refusal(setting, weights);
  }
  std::optional<std::string> bulk_refusal(const AnySetting& setting, const Weights& weights) const {
    return model_->bulk_refusal(setting, weights);
  }
  std::uint32_t bulk_choices() const { return model_->bulk_choices(); }
  RunFunction runner(const AnySetting& setting, const Weights& weights,
                     const RunConfig& config) const {
    return model_->runner(setting, weights, config);
  }

 private:
  std::unique_ptr<Model> model_;
};

}  // namespace gapcheck
