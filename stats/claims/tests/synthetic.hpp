// Hand-made samples for the rules' unit tests (claims_unit_test, rules_thresholds_test): grid
// points with runs made up in the test, a bare claim of one rule kind, and the call that decides
// it.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "stats/claims/rules.hpp"

namespace gapcheck::claims {

struct Fake {
  std::vector<std::vector<RunResult>> store;
  std::vector<Sample> samples;
  // Runs whose gap is `value(vars)` plus N(0, 0.3²) noise.
  void add(stats::Vars vars, std::uint64_t runs, double value, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(0, 0.3);
    std::vector<RunResult> r(runs);
    for (auto& run : r) {
      run.gap = value + noise(rng);
      run.balls = 100;
      run.probes = static_cast<std::uint64_t>(std::llround(100 * run.gap));
    }
    add_runs(std::move(vars), std::move(r), seed);
  }
  // A point with the given runs; its n is vars["n"], its m vars["m"] when given, else 1.
  void add_runs(stats::Vars vars, std::vector<RunResult> runs, std::uint64_t seed = 0) {
    const auto count = static_cast<std::uint64_t>(runs.size());
    store.push_back(std::move(runs));
    const auto m = vars.count("m") ? static_cast<std::uint64_t>(vars["m"]) : 1;
    PointSpec p{
        {"fake", "exact", "unit", ""}, static_cast<std::uint64_t>(vars["n"]), m, count, vars};
    samples.push_back({p, seed, nullptr});
  }
  std::span<const Sample> view() {
    for (std::size_t i = 0; i < samples.size(); ++i) samples[i].runs = &store[i];
    return samples;
  }
};

inline Claim claim_of(RuleKind rule, std::string form = "") {
  Claim c;
  c.id = "unit";
  c.rule = rule;
  c.form = std::move(form);
  return c;
}

// The whole outcome (verdict, evidence, details) of `c` on `a` (and the B side `b`).
inline ClaimOutcome outcome_of(const Claim& c, Fake& a, Fake* b = nullptr) {
  ClaimOutcome out;
  decide(c, a.view(), b ? b->view() : std::span<const Sample>{}, out);
  return out;
}

inline Verdict decide_on(const Claim& c, Fake& a, Fake* b = nullptr) {
  return outcome_of(c, a, b).verdict;
}

}  // namespace gapcheck::claims
