#include "store/estimate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gapcheck::store {

namespace {

// Seconds of one run of `simulation`, replicate 0 of `seed`, on this thread.
double seconds_of_run(const Simulation& simulation, std::uint64_t seed) {
  const auto start = std::chrono::steady_clock::now();
  simulation.run(seed, 0);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::optional<RunEstimate> estimate_run(const Simulation& simulation, std::uint64_t seed) {
  const RunConfig& config = simulation.config;
  // Seconds of one run of the point with `balls` balls; nullopt when it cannot be made or run.
  const auto timed = [&](std::uint64_t balls) -> std::optional<double> {
    RunConfig pilot = config;
    pilot.m = balls;
    try {
      return seconds_of_run(
          make_simulation(simulation.process, simulation.setting, simulation.weights, pilot), seed);
    } catch (const std::exception&) {  // no estimate; the batch itself says what is wrong
      return std::nullopt;
    }
  };
  const double m = static_cast<double>(config.m);
  double before_m = 0, before_seconds = 0;  // the pilot before this one
  for (std::uint64_t balls = std::min<std::uint64_t>(config.m, 1 << 20);;
       balls = std::min(config.m, balls * 4)) {
    const std::optional<double> seconds = timed(balls);
    if (!seconds) return std::nullopt;
    if (balls == config.m) return RunEstimate{*seconds, balls, *seconds};  // the whole run
    const double pilot_m = static_cast<double>(balls);
    // What the 3/4 of this pilot's balls that the one before lacked cost: a run's fixed cost (its
    // n loads made, zeroed and summed, seconds at n = 2^31) drops out of the difference.
    const double added = *seconds - before_seconds;
    if (before_m > 0 && added >= 0.1) {
      if (config.engine == Engine::bulk) {  // its cost per ball grows as the loads spread
        const double exponent = std::clamp(
            std::log(*seconds / before_seconds) / std::log(pilot_m / before_m), 1.0, 2.0);
        return RunEstimate{*seconds * std::pow(m / pilot_m, exponent), balls, *seconds};
      }
      return RunEstimate{*seconds + added / (pilot_m - before_m) * (m - pilot_m), balls, *seconds};
    }
    before_m = pilot_m;
    before_seconds = *seconds;
  }
}

double reference_balls_per_second() {
  RunConfig config;
  config.n = std::uint64_t{1} << 16;
  config.m = std::uint64_t{1} << 24;
  const Simulation reference =
      make_simulation(Spec::parse("two-choice"), Spec::parse("exact"), Spec::parse("unit"), config);
  return static_cast<double>(config.m) / seconds_of_run(reference, 1);
}

}  // namespace gapcheck::store
