// The forms of `gapcheck run` output: a table for people; JSON, JSON Lines and CSV for programs.
//
// A batch may hold more runs than memory does, so the output is fed one run at a time, in
// replicate order, by a BatchWriter. CSV rows and JSON Lines are written as each run arrives and
// summaries are computed online, so their memory does not grow with the number of runs. The table
// and the single JSON document are written at the end: the table keeps one number per run (for
// its gap distribution) up to a bound, the JSON document keeps every run, and is refused up front
// when it would not fit (--jsonl streams the same content).
//
// An interrupted batch never looks complete: the table says so in its first and last lines, the
// JSON document is left unclosed (no parser accepts it), JSON Lines end with an "interrupted"
// line instead of the "summary" line, and CSV (which has no place for a note) ends after the last
// finished run while stderr says what is missing. Write errors throw OutputError.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "processes/registry.hpp"
#include "stats/summary.hpp"

namespace gapcheck::cli {

// The output could not be written (disk full, closed pipe): exit 1 with this message.
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws OutputError if `out` has failed, naming the system's reason.
void require_written(const std::ostream& out);

// A finished batch, for the commands that print the command repeating it.
struct RunReport {
  const Simulation& simulation;
  std::uint64_t seed;
  std::uint64_t first_replicate;
  unsigned threads;
  double seconds;  // wall time of all runs
  const std::vector<RunResult>& results;
};

enum class Format { table, json, jsonl, csv };

// How a batch's runs were obtained: the threads and wall time of the runs simulated, and the
// runs (and their balls) read back from the run store instead, which the speed leaves out.
struct Timing {
  unsigned threads = 1;
  double seconds = 0;
  std::uint64_t stored_runs = 0;
  std::uint64_t stored_balls = 0;
};

class BatchWriter {
 public:
  // The largest batch whose table lists its gap distribution in intervals (it keeps one double
  // per run); beyond it the distribution is listed only when the gaps take few distinct values.
  static constexpr std::uint64_t kTableKeptGaps = std::uint64_t{1} << 22;
  // Memory the single JSON document holds per run (its values, the histogram, the text).
  static constexpr std::uint64_t kJsonBytesPerRun = 4096;

  BatchWriter(Format format, const Simulation& simulation, std::uint64_t seed,
              std::uint64_t first_replicate, std::uint64_t runs, std::ostream& out);
  ~BatchWriter();

  // Memory the writer will hold for the whole batch (the JSON document keeps every run).
  std::uint64_t bytes_needed() const;

  void add(const RunResult& result);  // the next replicate's result
  void finish(const Timing& timing);
  // Only a prefix of the runs arrived (a signal): writes a truthful, visibly incomplete output.
  void interrupt(const Timing& timing, const std::string& signal);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

std::string format_list();  // `gapcheck list`

// The `gapcheck run` command that repeats the batch exactly (its words: shell_word, spec.hpp).
std::string repeat_command(const Simulation& simulation, std::uint64_t seed,
                           std::uint64_t first_replicate, std::uint64_t runs);
std::string repeat_command(const RunReport& report);

}  // namespace gapcheck::cli
