// Thinning's `schedule` parameter: the text a user types, turned into threshold stages.
//
// This is the parameter layer's business, like every other key's binding (core/params.hpp): the
// process (thinning.hpp) receives stages and knows nothing of the command-line syntax.
//
// The syntax, one `key=value` without commas:  START:rL / START:al / ...
//   stages separated by '/'; START is the step where the stage begins (a count: 0, 5n, 2nlnn,
//   1e6); `r` L means the relative threshold W/n + L, `a` l the absolute threshold l.
//   The first stage starts at 0 and starts strictly increase; l and L lie in the ranges of
//   thinning's keys l and L.
//   Example: 0:r2/5n:r1/10n:a12  =  W/n + 2 until 5n balls, then W/n + 1, from 10n on 12.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "processes/thinning.hpp"

namespace gapcheck {

// The ranges of thinning's keys l and L, which a schedule's `a` and `r` stages are held to too.
struct ThresholdRange {
  double lo, hi;
};
inline constexpr ThresholdRange kAbsoluteThreshold{0, 1e9};
inline constexpr ThresholdRange kRelativeOffset{-1e9, 1e9};

// Throws InputError naming the bad stage and the accepted syntax.
std::vector<ThresholdStage> parse_schedule(std::string_view text, std::uint64_t n);

// The schedule in canonical form: each start a whole number of steps (5n resolved), each
// threshold as format_real writes it: "0:r2/500:r1/1000:a12" for 0:r2/5n:r1/10n:a12 at n = 100.
std::string canonical_schedule(std::string_view text, std::uint64_t n);

}  // namespace gapcheck
