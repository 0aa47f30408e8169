// `gapcheck check`: a verdict for every claim of the catalog (stats/claims/, docs/claims.md).
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace gapcheck::cli {

struct CheckArgs {
  std::string glob = "*";
  std::string tier = "ci";
  bool json = false;
  bool fresh_seeds = false;
  std::string salt;
  std::vector<std::string> catalogs;
  std::string threads;
};

// Declares the subcommand and its options on `app`.
CLI::App* add_check_command(CLI::App& app, CheckArgs& args);

// Runs the checks; the table (or JSON) goes to `out` whole at the end, progress to `err`.
// Returns 0 when no true claim FAILs and no control PASSes, 1 otherwise. Throws InputError.
int run_check_command(const CheckArgs& args, std::ostream& out, std::ostream& err);

}  // namespace gapcheck::cli
