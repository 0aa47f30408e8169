// Properties of strength: every registered triple whose setting's definition determines its
// answers must give exactly those answers (not merely stay within its limits), and every
// registered triple draws distinct randomness for distinct (seed, replicate) and the same for the
// same. The statistical half (the laws of the settings' coins, noise and delays) is in
// strength_statistical_test.cpp; the mutants that fail these checks at the end of mutants_test.cpp.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <iostream>
#include <string>

#include "properties/cases.hpp"
#include "properties/strength.hpp"

namespace gapcheck::props {
namespace {

bool setting_named(const Triple& t, const char* name) { return t.setting->name == name; }

const std::string& setting_choice(const Case& c, const char* key) {
  return *c.composition.setting_spec.find(key);  // canonical specs list every key
}

// g-bounded `heavier` reverses every comparison within g and reads every load as x - g;
// `near-max` does so exactly when the bin favoured is within g of the maximum. (`random` is a
// coin: its law is checked in the statistical tier.)
TEST(Strength, DeterminedAdversariesUseAllTheirPower) {
  check_each_triple(
      "Strength/Adversary",
      [](const Triple& t) {
        const Case c = draw_case(t, {12, 200});
        const std::string& adversary = setting_choice(c, "adversary");
        if (adversary == "random") return;
        const double g = std::stod(setting_choice(c, "g"));
        require(adversary_uses_its_power(run_case(c).log, g,
                                         adversary == "heavier" ? DeterminedAdversary::heavier
                                                                : DeterminedAdversary::near_max),
                c.describe());
      },
      3, [](const Triple& t) { return setting_named(t, "g-bounded"); });
}

// delay `adversarial` reads the stalest value of the window whenever that could reverse the
// answer.
TEST(Strength, AdversarialDelayReadsTheStalestValue) {
  check_each_triple(
      "Strength/StalestDelay",
      [](const Triple& t) {
        const Case c = draw_case(t, {12, 200});
        if (setting_choice(c, "adversary") != "adversarial") return;
        const auto tau = std::stoull(setting_choice(c, "tau"));
        require(stalest_reads(run_case(c).log, tau), c.describe());
      },
      3, [](const Triple& t) { return setting_named(t, "delay"); });
}

// Replicates r and r + 1, and seeds s and s + 1, draw different samples; (s, r) replays itself.
// m is set to 80 so that most cases have 40 draws to compare (a step draws at least one
// sample); n = 1, which has nothing to draw, is raised to 2.
TEST(Strength, DistinctReplicatesAndSeedsDrawDistinctSamples) {
  std::uint64_t cases = 0, pairs = 0;  // pairs with 40 draws each to compare
  check_each_triple(
      "Strength/DistinctStreams",
      [&](const Triple& t) {
        Case c = draw_case(t, {12, 200});
        if (c.config.n < 2) {  // one bin has nothing to draw
          c.config.n = 2;
          c.composition = compose_or_discard(c.composition.process_spec, c.composition.setting_spec,
                                             c.composition.weights_spec, 2);
        }
        c.config.m = 80;
        const AuditedRun run = [&](std::uint64_t seed, std::uint64_t replicate) {
          Case other = c;
          other.seed = seed;
          other.replicate = replicate;
          return run_case(other, audit::Detail::light).log;
        };
        int compared = 0;
        require(distinct_streams(run, c.seed, c.replicate, &compared), c.describe());
        ++cases;
        pairs += static_cast<std::uint64_t>(compared);
      },
      10);  // four runs of 80 balls per case: half the other properties' cases
  // Most pairs had their 40 draws: the property compared streams, it did not pass by default.
  std::cout << pairs << " of " << 2 * cases << " pairs compared\n";
  EXPECT_GE(pairs * 10, 2 * cases * 9);
}

}  // namespace
}  // namespace gapcheck::props
