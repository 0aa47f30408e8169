// Subcommands that live in their own files. Each adds itself to the app and returns what to do
// when it is the one parsed; app.cpp only registers them and dispatches.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "stats/claims/verdict.hpp"

namespace gapcheck::cli {

struct Command {
  CLI::App* app;
  // Runs the parsed command: the output is built whole and written to `out` at once; progress
  // and errors go to `err`. Returns the exit code; an InputError thrown is reported by run_cli.
  std::function<int(std::ostream& out, std::ostream& err)> run;
};

Command add_check_command(CLI::App& app);   // cli/check_command.cpp
Command add_sweep_command(CLI::App& app);   // cli/sweep_command.cpp
Command add_export_command(CLI::App& app);  // cli/export_command.cpp
Command add_merge_command(CLI::App& app);   // cli/merge_command.cpp
// `args` as typed: the report records the command that asked for it.
Command add_report_command(CLI::App& app, const std::vector<std::string>& args);  // cli/report_command.cpp

// A thread count as typed (empty: every core), checked against [1, 1024].
unsigned parse_threads(const std::string& text);

// --stages K and --no-futility-stop, as check and report read them (cli/check_command.cpp).
struct StageOptions {
  std::string stages;  // empty: the tier's default
  bool no_futility_stop = false;
  void add_to(CLI::App& command);
  // The stage count given, checked against [1, 8] (nullopt: none given).
  std::optional<unsigned> stage_count() const;
  // Refuses a bad --stages (InputError), before a command opens or plans anything.
  void check() const { stage_count(); }
  // Into `o`; and as the words that repeat them in a command line.
  void apply(claims::CheckOptions& o) const;
  std::string words() const;
};

}  // namespace gapcheck::cli
