// The one path from a grid point to its runs, and the seed each point is run with.
//
// Every simulation a check needs goes through simulate_point(), so that reading and writing a
// run store is a change in one place. A point's seed is a hash of a salt and the point itself
// (specs, n, m), never of its position in the catalog: adding a claim moves no other claim's
// data, and claims that name the same point share its runs.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "processes/core/engine.hpp"
#include "processes/registry.hpp"
#include "stats/claims/catalog.hpp"
#include "store/run_store.hpp"

namespace gapcheck::claims {

// The fixed salt of the catalog's seeds; --fresh-seeds draws another and records it.
inline constexpr std::uint64_t kFixedSalt = 20261130;

std::uint64_t point_seed(std::uint64_t salt, const PointSpec& point);

// The point as a runnable simulation (its specs bound, n and m resolved).
Simulation simulation_of(const PointSpec& point);

// Replicates [0, point.runs) of the point under `seed`, in replicate order. With a run store,
// runs already stored are read back and new ones are kept (store/run_store.hpp). When `stop`
// returns true, store::Interrupted is thrown once the runs in progress have finished.
std::vector<RunResult> simulate_point(const PointSpec& point, std::uint64_t seed,
                                      unsigned threads, store::RunStore* store = nullptr,
                                      const std::function<bool()>& stop = {});

// How many of those runs the store holds: read back, not simulated, by simulate_point.
std::uint64_t stored_runs(const PointSpec& point, std::uint64_t seed, const store::RunStore& store);

using Simulator =
    std::function<std::vector<RunResult>(const PointSpec&, std::uint64_t seed, unsigned threads)>;

}  // namespace gapcheck::claims
