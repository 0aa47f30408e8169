// Checks of strength: that a setting uses the power its definition gives it, and that distinct
// runs draw distinct randomness.
//
// The checks of checks.hpp prove limits: an adversary bends nothing beyond g, a delayed read lies
// in its window. A setting that answers every question truthfully passes all of them, and so does
// an adversary that bends only half of what it may. The checks here close that gap: where a
// setting's definition determines its answer (the `heavier` and `near-max` adversaries of
// g-Bounded, the adversarial τ-Delay), the answer the record shows must be that very answer,
// recomputed from the true loads the audit kept. Where the definition leaves the answer to a coin
// (g-Myopic, random delays, σ-noise), the law of the answers is a statistical question
// (properties/strength_statistical_test.cpp).
//
// Like checks.hpp, they are plain functions of the audit record, so a mutant goes through the
// same code as the registered setting. All need Detail::full (the load vector at question time).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "properties/audit.hpp"
#include "properties/checks.hpp"

namespace gapcheck::props {

// The g-Bounded adversaries whose answers their definition determines (processes/settings/
// g_bounded.hpp, docs/settings.md).
enum class DeterminedAdversary {
  heavier,   // every decidable comparison reversed (equal stays equal); every read x - g
  near_max,  // reversed iff the bin it favours is within g of the maximum; such reads x - g
};

// Every comparison within g (compare, compare_to, in_top against the k-th heaviest level) is
// answered as `adversary` must answer it, and every load read is the value it must report.
Violations adversary_uses_its_power(const audit::Log& log, double g, DeterminedAdversary adversary);

// Adversarial τ-Delay: every read that could reverse an answer by looking lighter reports the
// stalest value of the window, x_i after max(0, T + 1 − τ) balls; the others the current value.
// So a load read is the stalest value, and a comparison's answer is the one those reads give.
Violations stalest_reads(const audit::Log& log, std::uint64_t tau);

// --- streams ---------------------------------------------------------------------------------
// The audit record of run (seed, replicate) of one configuration.
using AuditedRun = std::function<audit::Log(std::uint64_t seed, std::uint64_t replicate)>;

// The bins sampled from ranges of at least two bins, in order (a range of one bin is no draw).
std::vector<Bin> drawn_samples(const audit::Log& log);

// The samples of two runs whose streams are independent coincide in their first L draws from
// ranges of >= 2 bins with probability at most 2^-L (each draw of the second run is uniform on
// its range given everything before). At L = kDistinctDraws = 40 that is < 1e-12.
inline constexpr std::size_t kDistinctDraws = 40;

// Replicates `replicate` and `replicate + 1` of `seed`, and replicate `replicate` of `seed` and
// `seed + 1`, draw different samples within their first kDistinctDraws draws; and the same
// (seed, replicate) replays the same record, question for question and answer for answer.
// `compared` (if given) is set to the number of pairs that had kDistinctDraws draws to compare.
Violations distinct_streams(const AuditedRun& run, std::uint64_t seed, std::uint64_t replicate,
                            int* compared = nullptr);

// The two records ask the same questions, get the same answers and place the same balls.
Violations same_record(const audit::Log& a, const audit::Log& b);

}  // namespace gapcheck::props
