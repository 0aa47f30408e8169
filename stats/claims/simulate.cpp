#include "stats/claims/simulate.hpp"

#include "processes/registry.hpp"

namespace gapcheck::claims {
namespace {

// FNV-1a over the text, then the splitmix64 finalizer: stable across platforms and releases,
// unlike std::hash.
std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t point_seed(std::uint64_t salt, const PointSpec& point) {
  std::uint64_t h = 0xcbf29ce484222325ULL ^ mix(salt);
  for (const unsigned char ch : point.key()) h = (h ^ ch) * 0x100000001b3ULL;
  return mix(h) >> 1;  // below 2^63, so that it prints and parses as a count everywhere
}

Simulation simulation_of(const PointSpec& point) {
  RunConfig config;
  config.n = point.n;
  config.m = point.m;
  return make_simulation(Spec::parse(point.specs.process), Spec::parse(point.specs.setting),
                         Spec::parse(point.specs.weights), config);
}

std::vector<RunResult> simulate_point(const PointSpec& point, std::uint64_t seed,
                                      unsigned threads, store::RunStore* store,
                                      const std::function<bool()>& stop) {
  return store::run_or_reuse(store, simulation_of(point), seed, 0, point.runs, threads, stop);
}

std::uint64_t stored_runs(const PointSpec& point, std::uint64_t seed,
                          const store::RunStore& store) {
  return store.count(store::PointKey::of(simulation_of(point), seed), 0, point.runs);
}

}  // namespace gapcheck::claims
