// exact: the process sees the true loads, and every placement is visible at once.
#pragma once

#include "processes/core/oracle.hpp"

namespace gapcheck {

struct ExactSetting {
  template <class Load = void, class State>
  ExactOracle<oracle_load_t<Load, State>, State> oracle(State& loads,
                                                        Streams& streams) const {
    return {loads, streams};
  }
};

}  // namespace gapcheck
