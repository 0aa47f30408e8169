// The gapcheck command of a variant (gapcheck_add_variant): the installed command's main, linked
// with the variant's registering translation units, and pointed at the installed claims data
// because this executable does not live in <prefix>/bin. The commands it prints name it, since
// only it knows the variant's processes.
#include <iostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "stats/claims/catalog.hpp"

int main(int argc, char** argv) {
  gapcheck::claims::use_data_dir(GAPCHECK_INSTALLED_DATA_DIR);
  if (argc > 0) gapcheck::cli::use_command_name(argv[0]);  // as typed: it need not be on PATH
  const std::vector<std::string> args(argv + 1, argv + argc);
  return gapcheck::cli::run_cli(args, std::cout, std::cerr);
}
