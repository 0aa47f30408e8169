// The version of the draw layout: which stream (core/random.hpp) every random decision of every
// process and setting comes from, and in what order. "Replay any run" means: the same version,
// seed, replicate, specs, n and m give the same numbers. Outputs record this version, and
// cli/tests/golden_test.cpp pins exact gaps for it, so a change that moves a draw fails there
// until this number is raised on purpose and the pins are renewed.
//   1  the first layout
//   2  random tau-Delay draws one step per question (not per read); g-Myopic tosses its coin on
//      exactly equal values; Memory compares its last two choices after placement; b-Batched
//      shows the batch-start clock
#pragma once

namespace gapcheck {

inline constexpr int kStreamLayout = 2;

}  // namespace gapcheck
