// The three forms of `gapcheck run` output: a table for people, JSON and CSV for programs.
// Each is built whole in memory and printed at once, so an error never leaves half an output.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "processes/registry.hpp"

namespace gapcheck::cli {

struct RunReport {
  const Simulation& simulation;
  std::uint64_t seed;
  std::uint64_t first_replicate;
  unsigned threads;
  double seconds;  // wall time of all runs
  const std::vector<RunResult>& results;
};

std::string format_table(const RunReport& report);
std::string format_json(const RunReport& report);
std::string format_csv(const RunReport& report);

std::string format_list();  // `gapcheck list`

// The `gapcheck run` command that repeats the batch exactly, and one shell word as typed.
std::string repeat_command(const RunReport& report);
std::string shell_word(const std::string& word);

}  // namespace gapcheck::cli
