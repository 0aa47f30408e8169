// exact: the process sees the true loads, and every placement is visible at once.
#pragma once

#include "processes/core/describe.hpp"
#include "processes/core/oracle.hpp"

namespace gapcheck {

struct ExactSetting {
  static constexpr bool on_levels = true;
  static constexpr bool narrow_loads = true;  // its oracle reads loads only as questions

  template <class Load = void, class State>
  ExactOracle<oracle_load_t<Load, State>, State> oracle(State& loads,
                                                        Streams& streams) const {
    return {loads, streams};
  }
};

template <class AnySetting>
std::vector<Described<AnySetting>> exact_entries() {
  return {{{"exact", "the process sees the true loads; placements are visible at once",
            "Azar, Broder, Karlin, Upfal, SIAM J. Comput. 1999", {}},
           [](const Params&) -> AnySetting { return ExactSetting{}; }}};
}

}  // namespace gapcheck
