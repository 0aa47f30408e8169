// `check --plan` and `report --plan`: the runs a command would simulate, as a sweep file.
//
// A cluster, or a second machine, runs the paper tier as a sweep: `gapcheck check --plan >
// plan.toml`, then `mpirun -n K gapcheck sweep plan.toml --db runs.db` (or `--part i/k` on
// separate machines and `merge`), then `gapcheck check --db runs.db` reads every run back and
// prints the verdicts a single process would. The plan lists each point as a [[point]] table
// (store/grid.hpp) with its engine, runs and seed; each point's balls and estimated CPU time
// (a pilot run of the point on this machine, store/estimate.hpp) follow it as a comment, and
// the totals head the file and go to stderr.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "store/grid.hpp"

namespace gapcheck::cli {

// Prints the plan of `points` (what `command` would simulate) on `out`, its totals on `err`.
// `then` is the command that reads the swept store back.
void print_plan(const std::vector<store::GridPoint>& points, const std::string& command,
                const std::string& then, std::ostream& out, std::ostream& err);

}  // namespace gapcheck::cli
