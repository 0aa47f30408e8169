// What a run will take, measured before it is spent: the time of a pilot run on this machine.
//
// Pilot runs of the same point with fewer balls, 2^20 at first and four times more each, until
// the balls one pilot adds to the one before take a tenth of a second (or a pilot is the whole
// run). That difference gives the cost per ball, free of a run's fixed cost (its n loads made,
// zeroed and summed: seconds at n = 2^31); it is extended to the run's m linearly on the bins and
// levels engines, and on the bulk engine, whose cost per ball grows as the loads spread, as m^a
// with a in [1, 2] from the last two pilots. It tells minutes from hours, not more: a run whose
// cost per ball changes as it goes may take twice as long or half.
#pragma once

#include <cstdint>
#include <optional>

#include "processes/registry.hpp"

namespace gapcheck::store {

struct RunEstimate {
  double seconds = 0;            // one run of the point, on one thread
  std::uint64_t pilot_balls = 0;  // the last pilot's m
  double pilot_seconds = 0;       // and its time
};

// None when a pilot cannot be made or run (a parameter that depends on m refuses the pilot's m;
// its loads do not fit): the batch itself then says what is wrong, or runs.
std::optional<RunEstimate> estimate_run(const Simulation& simulation, std::uint64_t seed);

// Balls a second of one reference run on this machine as it is now: Two-Choice, n = 2^16,
// m = 2^24, the exact setting, one thread. Pilot timings follow the machine's state (another
// tenant, its clock), so a plan states this beside its estimate: a reader scales the estimate
// by the ratio of two such readings.
double reference_balls_per_second();

}  // namespace gapcheck::store
