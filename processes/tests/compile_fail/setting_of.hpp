// The setting whose oracle is OracleT<Load> on the given loads and streams: the compile-fail units
// differ only in their oracle.
#pragma once

#include "processes/core/process.hpp"

namespace gapcheck {

template <template <class> class OracleT>
struct SettingOf {
  template <class Load>
  OracleT<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams};
  }
};

}  // namespace gapcheck
