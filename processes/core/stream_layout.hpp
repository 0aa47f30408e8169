// The version of the draw layout: which stream (core/random.hpp) every random decision of every
// process and setting comes from, and in what order. "Replay any run" means: the same version,
// seed, replicate, specs, n and m give the same numbers. Outputs record this version, and
// cli/tests/golden_test.cpp pins exact gaps for it, so a change that moves a draw fails there
// until this number is raised on purpose and the pins are renewed.
//   1  the first layout
//   2  random tau-Delay draws one step per question (not per read); g-Myopic tosses its coin on
//      exactly equal values; Memory compares its last two choices after placement; b-Batched
//      shows the batch-start clock
//   3  the sample stream is four xoshiro256++ lanes read 32 bits at a time (core/random.hpp
//      RngLanes; a probe is Lemire's method on one 32-bit word, oracle.hpp), so that samples are
//      generated in SIMD blocks; ranges of 2^32 or more (the levels engine's n) read two words
//   4  a sample that a process uses only on some steps (two-thinning's secondary, Quantile's fresh
//      sample, (1+beta)'s second choice) reads its word on every step and is a probe only where
//      used (ExactOracle::sample_if), so the next step's samples never wait for this step's loads
#pragma once

namespace gapcheck {

inline constexpr int kStreamLayout = 4;

}  // namespace gapcheck
