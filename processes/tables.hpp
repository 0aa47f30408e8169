// The registry's tables: one entry per process, setting and weight distribution, each with its
// declared parameters and the function that builds it from bound values. Internal to the
// registry; each table lives in its own file so that adding an entry touches one place.
#pragma once

#include <functional>
#include <vector>

#include "processes/catalog.hpp"
#include "processes/registry.hpp"

namespace gapcheck {

template <class Made>
struct Maker : Entry {
  std::function<Made(const Params&)> make;
};

const std::vector<Maker<AnyProcess>>& processes();     // process_table.cpp
const std::vector<Maker<AnySetting>>& settings();      // settings/setting_table.cpp
const std::vector<Maker<Weights>>& weights();          // settings/setting_table.cpp

}  // namespace gapcheck
