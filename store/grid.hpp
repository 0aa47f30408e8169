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
// The points are every combination processes x settings x weights x engines x n x m, in that
// order, each once (two spellings of the same canonical point, two counts that resolve to the
// same m, or `auto` and the engine it resolves to, are one point). Every
// point is bound and checked (make_simulation) when the grid is read, so a typo in the last
// process fails before the first run, with the file and key in the message. A key the grid does
// not know is an error too: a misspelt `setings` must not silently sweep the default.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "processes/registry.hpp"

namespace gapcheck::store {

struct Grid {
  std::filesystem::path file;
  std::uint64_t seed = 1;
  std::uint64_t runs = 0;
  std::vector<Simulation> points;

  std::uint64_t total_runs() const { return runs * points.size(); }
};

// Throws InputError (one line naming the file, the key and the bad value) for anything wrong.
Grid load_grid(const std::filesystem::path& file);

}  // namespace gapcheck::store
