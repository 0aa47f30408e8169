// A sweep's grid: a TOML file naming the points to run and how many runs each.
//
//   processes = ["one-choice", "two-choice", "d-choice:d=3"]
//   settings  = ["exact", "g-bounded:g=4"]     # default ["exact"]
//   weights   = ["unit"]                       # default ["unit"]
//   engines   = ["auto"]                       # default ["auto"]; as `gapcheck run --engine`
//   n         = [1000, "2^14"]
//   m         = ["1000n", "2nlnn"]             # counts as `gapcheck run --m` takes them
//   runs      = 100                            # replicates 0 .. runs-1 of every point
//   seed      = 1
//   gap_level = 0                              # optional, as `gapcheck run --gap-level`
//
// A grid may also (or only) list points one by one, each with its own runs and seed: the plan that
// `gapcheck check --plan` and `report --plan` print is such a file.
//
//   [[point]]
//   process = "two-choice:ties=random"
//   setting = "exact"                          # default "exact"
//   weights = "unit"                           # default "unit"
//   engine  = "levels"                         # default "auto"
//   n       = 1024
//   m       = "100n"
//   runs    = 1000
//   seed    = 8311290472671130                 # default: the grid's seed
//   gap_level = 0                              # default: the grid's gap_level
//
// The points are every combination processes x settings x weights x engines x n x m, in that
// order, then the listed points, each once (two spellings of the same canonical point, two counts that resolve to the
// same m, or `auto` and the engine it resolves to, are one point). Every
// point is bound and checked (make_simulation) when the grid is read, so a typo in the last
// process fails before the first run, with the file and key in the message. A key the grid does
// not know is an error too: a misspelt `setings` must not silently sweep the default.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "processes/registry.hpp"

namespace gapcheck::store {

// A point of a grid: its runs are replicates 0 .. runs-1 of `simulation` under `seed`.
struct GridPoint {
  Simulation simulation;
  std::uint64_t seed = 1;
  std::uint64_t runs = 0;
};

struct Grid {
  std::filesystem::path file;
  std::vector<GridPoint> points;

  std::uint64_t total_runs() const;
  // "12 points x 20 runs = 240 runs, seed 3", or where points differ in runs or seed
  // "57 points, 12345 runs (runs and seed per point)".
  std::string describe() const;
};

// Adds `point` to `grid` unless the grid has it (two spellings of one point, or `auto` and the
// engine it resolves to, are one point; of two equal points the larger run count stays).
void add_point(Grid& grid, GridPoint point);

// `points` as a grid file of [[point]] tables that load_grid reads back as the same points, each
// table followed by its line of `notes` (a comment) where one is given.
std::string points_toml(const std::vector<GridPoint>& points,
                        const std::vector<std::string>& notes = {});

// Throws InputError (one line naming the file, the key and the bad value) for anything wrong.
Grid load_grid(const std::filesystem::path& file);

}  // namespace gapcheck::store
