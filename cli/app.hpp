// The whole `gapcheck` command as a function, so tests can run it in-process.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace gapcheck::cli {

// Exit codes: 0 ok, 2 bad input or a batch that cannot fit in memory (one line on err, nothing
// on out), 1 internal error, out of memory or an output that cannot be written, 130 / 143 a run
// batch interrupted by SIGINT / SIGTERM (cli/run_batch.hpp).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

// The command's name in the commands it prints (a run's "repeat with", a report's "Produced
// by"): gapcheck, or a variant's own executable (gapcheck_add_variant), the one that knows the
// variant's processes.
void use_command_name(std::string name);
const std::string& command_name();

// Runs `gapcheck args...` (args without the program name); output to `out`, errors to `err`.
// `run` streams its CSV and JSON Lines as runs finish; the other outputs are built whole.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gapcheck::cli
