#include "store/estimate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gapcheck::store {

std::optional<RunEstimate> estimate_run(const Simulation& simulation, std::uint64_t seed) {
  const RunConfig& config = simulation.config;
  RunConfig pilot = config;
  double before_m = 0, before_seconds = 0;  // the pilot before this one
  for (pilot.m = std::min<std::uint64_t>(config.m, 1 << 20);;
       pilot.m = std::min(config.m, pilot.m * 4)) {
    std::optional<Simulation> point;
    try {
      point = make_simulation(simulation.process, simulation.setting, simulation.weights, pilot);
    } catch (const InputError&) {
      return std::nullopt;
    }
    const auto start = std::chrono::steady_clock::now();
    point->run(seed, 0);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double m = static_cast<double>(pilot.m);
    if (seconds >= 0.1 || pilot.m == config.m) {
      // Per-ball engines cost the same per ball at any m (the pilot's spread would only add
      // noise); the bulk engine's cost per ball grows as the loads spread.
      const double growth =
          config.engine == Engine::bulk && before_seconds > 0.005
              ? std::clamp(std::log(seconds / before_seconds) / std::log(m / before_m), 1.0, 2.0)
              : 1.0;
      return RunEstimate{seconds * std::pow(static_cast<double>(config.m) / m, growth), pilot.m,
                         seconds};
    }
    before_m = m;
    before_seconds = seconds;
  }
}

}  // namespace gapcheck::store
