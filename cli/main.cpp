// gapcheck: the command-line tool over processes, settings, statistics and reports.
#include <iostream>
#include <string>
#include <vector>

#include "cli/app.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return gapcheck::cli::run_cli(args, std::cout, std::cerr);
}
