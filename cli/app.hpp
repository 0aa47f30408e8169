// The whole `gapcheck` command as a function, so tests can run it in-process.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace gapcheck::cli {

// Exit codes: 0 ok, 2 bad input (one line on err, nothing on out), 1 internal error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

// Runs `gapcheck args...` (args without the program name). The output is built whole and
// written to `out` at once, so a failure never leaves half an output; errors go to `err`.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gapcheck::cli
