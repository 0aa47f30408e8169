// What a process answers for one step: the bin its balls go to.
#pragma once

#include <cstdint>
#include <optional>

#include "processes/core/loads.hpp"

namespace gapcheck {

// Where a process puts the balls of one step: usually one ball in one bin; Twinning and Packing
// may put several balls in the bin they chose.
struct Placement {
  Bin bin;
  std::uint64_t balls = 1;
  // `bin`'s load, where the process has just read it from the exact setting's integer per-bin
  // loads (`placement_of_choice`, `placement_on`, core/choice.hpp): the placement starts from it
  // instead of reading the load once more, a read on the path from the samples to the store of
  // every ball.
  // Set with the bin it belongs to, and never by a setting that bends what a process sees.
  std::optional<std::uint64_t> read_load{};
};

}  // namespace gapcheck
