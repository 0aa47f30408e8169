// The property test of a variant (gapcheck_add_variant): gapcheck's generic property suite,
// linked with the variant's registering translation units and restricted to the variant's
// processes (GAPCHECK_VARIANT_PROCESSES, comma-separated), so that it checks them under every
// setting and weights they accept, and leaves the built-ins to gapcheck's own tests. It runs as
// many cases as gapcheck's CI gives the built-ins, on a fixed seed (GAPCHECK_VARIANT_RC_PARAMS,
// from gapcheck_add_variant), unless RC_PARAMS is set, and prints the parameters it ran.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "properties/cases.hpp"

int main(int argc, char** argv) {
  // Before RapidCheck reads its configuration (at the first property).
  if (std::getenv("RC_PARAMS") == nullptr) ::setenv("RC_PARAMS", GAPCHECK_VARIANT_RC_PARAMS, 1);
  std::cout << "variant properties: RC_PARAMS=\"" << std::getenv("RC_PARAMS") << "\"\n";
  testing::InitGoogleTest(&argc, argv);
  std::vector<std::string> names;
  std::istringstream list(GAPCHECK_VARIANT_PROCESSES);
  for (std::string name; std::getline(list, name, ',');) names.push_back(name);
  try {
    gapcheck::props::check_only_processes(names);
  } catch (const std::invalid_argument& e) {
    std::cerr << "variant: " << e.what()
              << " (gapcheck_add_variant PROCESSES names the registered process names)\n";
    return 1;
  }
  return RUN_ALL_TESTS();
}
