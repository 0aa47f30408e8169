// `gapcheck report [GLOB] [--tier tiny|ci|paper] [--out DIR] [--seed S] [--threads T]`
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace gapcheck::cli {

struct ReportCommandOptions {
  std::string glob = "*";
  std::string tier = "ci";
  std::string out = "report";
  std::string seed = "1";
  std::string threads;
  std::string published;
};

// Declares the subcommand and its options on `app`.
CLI::App* add_report_command(CLI::App& app, ReportCommandOptions& options);

// Writes the report; progress goes to `progress`; returns the closing summary for stdout.
std::string report_command(const ReportCommandOptions& options,
                           const std::vector<std::string>& args, std::ostream& progress);

}  // namespace gapcheck::cli
