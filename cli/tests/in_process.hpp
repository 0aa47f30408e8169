// Runs `gapcheck args...` in-process and keeps the exit code, stdout and stderr.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"

namespace gapcheck::cli {

struct Outcome {
  int code;
  std::string out;
  std::string err;
};

inline Outcome gapcheck(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace gapcheck::cli
