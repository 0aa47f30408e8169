// Mean-field (fluid-limit) ODEs (Mitzenmacher, Combin. Probab. Comput. 1999; docs/theory.md,
// Fluid limits), solved by RK4.
#pragma once

#include <vector>

namespace gapcheck::stats {

struct FluidModel {
  enum class Kind { one_choice, greedy, one_plus_beta, left, thinning_absolute, g_myopic, sigma_noisy };
  Kind kind = Kind::one_choice;
  int d = 1;           // greedy, left
  double beta = 0;     // one_plus_beta
  int threshold = 0;   // thinning_absolute: accept the primary bin iff its load < threshold
  int g = 0;           // g_myopic
  double sigma = 0;    // sigma_noisy

  static FluidModel one_choice() { return {Kind::one_choice}; }
  static FluidModel greedy(int d) { return {Kind::greedy, d}; }
  static FluidModel one_plus_beta(double beta) { return {Kind::one_plus_beta, 2, beta}; }
  static FluidModel left(int d) { return {Kind::left, d}; }
  static FluidModel thinning_absolute(int l) { return {Kind::thinning_absolute, 1, 0, l}; }
  static FluidModel g_myopic(int g) { return {Kind::g_myopic, 2, 0, 0, g}; }
  static FluidModel sigma_noisy(double sigma) { return {Kind::sigma_noisy, 2, 0, 0, 0, sigma}; }
};

// s_0..s_levels at time t = m/n: s_i is the fraction of bins with load ≥ i (s_0 = 1), from
// s_i(0) = 0, with RK4 steps of size h. Throws std::invalid_argument on bad parameters.
std::vector<double> fluid_limit(const FluidModel& model, double t, double h = 1e-4,
                                int levels = 40);

}  // namespace gapcheck::stats
