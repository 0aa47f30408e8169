// Runs `gapcheck args...` in-process and keeps the exit code, stdout and stderr.
#pragma once

#include <ostream>
#include <sstream>
#include <streambuf>
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

// A stream whose every write fails, like stdout on a full disk.
struct FullBuffer : std::streambuf {
  int_type overflow(int_type) override { return traits_type::eof(); }
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
};

// `gapcheck args...` with its stdout on a full disk: the exit code and stderr.
inline Outcome gapcheck_to_full_disk(std::vector<std::string> args) {
  FullBuffer full;
  std::ostream out(&full);
  std::ostringstream err;
  const int code = run_cli(args, out, err);
  return {code, "", err.str()};
}

}  // namespace gapcheck::cli
