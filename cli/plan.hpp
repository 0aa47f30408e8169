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

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "store/grid.hpp"

namespace gapcheck::store {
class RunStore;
}

namespace gapcheck::cli {

// The store a stage-by-stage plan reads (`--plan --next-stage --db FILE`): FILE opened read-only,
// or an empty store in memory when FILE does not exist or holds no store yet; never created or
// changed (a missing FILE is said on `err`). A file that is not a gapcheck store is refused
// (InputError), as everywhere.
store::RunStore store_to_plan_on(const std::string& db, std::ostream& err);

// The plan of one step of `--plan --next-stage`: `lacking` (what the store `db` lacks for the
// step `scope` names, e.g. "stage 2 of 3 for the 1 claim still open"), or, when nothing is
// lacking, a plan that says so; `selection` is the command without --db, `done` what the store
// then gives ("decides every claim"). The totals count only the runs the store lacks.
void print_next_plan(const std::vector<store::GridPoint>& lacking, const std::string& selection,
                     const std::string& scope, const std::string& done, store::RunStore& db,
                     const std::string& db_name, std::ostream& out, std::ostream& err);

// A staged check's first stage: the runs it reads of each point (parallel to the plan's points),
// for the cost of a check whose every claim is decided as early as it can be (stage 1, or the
// last for a claim whose PASS reads every stage); empty for no stages.
struct FirstStage {
  std::vector<std::uint64_t> runs;
  unsigned stages = 1;
};

// Prints the plan of `points` (what `command` would simulate) on `out`, its totals on `err`.
// `then` says what to do after the sweep ("gapcheck check ... --db runs.db reads every run
// back"). The plan holds every run of the last stage; with `first_stage`, the totals also give
// the cost when every claim is decided as early as it can be. `stored` (parallel to `points`, or empty): the runs of each point a store holds
// already, which the sweep skips and the totals do not count; `db`: the store to sweep into.
void print_plan(const std::vector<store::GridPoint>& points, const std::string& command,
                const std::string& then, std::ostream& out, std::ostream& err,
                const FirstStage& first_stage = {},
                const std::vector<std::uint64_t>& stored = {},
                const std::string& db = "runs.db");

}  // namespace gapcheck::cli
