// The report: a directory a reader opens (index.html, README.md) and an author mines (every
// figure as PNG, PDF, SVG, cairolatex, .dat + .gp; the per-run CSV; the commands that made it).
//
// The report is written into DIR.partial and moved onto DIR only when complete, so a failure
// never leaves half a report under the requested name. An existing DIR is replaced only if it
// is a previous report (it has index.html and commands.txt); anything else is refused.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "reports/claim_figures.hpp"
#include "stats/claims/verdict.hpp"
#include "store/run_store.hpp"
#include "reports/runner.hpp"

namespace gapcheck::reports {

struct ReportOptions {
  std::string glob = "*";  // selects experiments, figures and claims by id
  Tier tier = Tier::ci;
  std::filesystem::path out = "report";
  std::uint64_t seed = 1;
  unsigned threads = 1;
  std::filesystem::path published;  // directory of the published tables
  std::string command_line;         // the command that asked for this report
  std::string version;
  store::RunStore* store = nullptr;  // runs already stored are reused, new ones kept
  // A stop request: the runs in progress finish, store::Interrupted is thrown, and DIR is left as
  // it was.
  std::function<bool()> stop;
};

struct ReportSummary {
  std::vector<std::string> figures;  // ids, in page order
  std::size_t batches = 0;
  std::uint64_t runs = 0;
  double seconds = 0;
};

// The identifiers `glob` can select, to name them in an error message.
std::vector<std::string> report_ids();

// The report's directory could not be written (exit 1, like any output that cannot be written).
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// DIR as given to --out without trailing separators ("rep/" is "rep"). Throws InputError if it
// names no directory of its own ("", ".", "..", "/").
std::filesystem::path report_dir(const std::filesystem::path& out);

// Runs the selected experiments, draws the claims' figures and writes the report. Throws
// InputError when nothing matches the glob or DIR cannot be used.
// Throws InputError when the glob selects no experiment and none of `claim_ids`, or when --out
// exists and is not a previous report, and WriteError when DIR.partial, where the report is
// written, cannot be made: the checks write_report makes first, for callers that must make them
// before spending time on the claims.
void check_report_options(const ReportOptions& options, const std::vector<std::string>& claim_ids);

// `claim_batches` are the runs behind `claims` (experiment "claims"): runs.csv and commands.txt
// list them with the experiments' own.
ReportSummary write_report(const ReportOptions& options,
                           const std::vector<claims::ClaimOutcome>& claims,
                           const std::vector<Batch>& claim_batches,
                           const ShapeFunction& shape, std::ostream* progress,
                           const std::function<std::string(const Batch&)>& command_of);

// The batches the selected experiments run (not the claims'), simulating none of them: what
// `report --plan` lists beside the claims' points.
std::vector<Batch> planned_batches(const ReportOptions& options);

// The published tables in claims::data_dir() (stats/claims/published/ in the source tree).
std::filesystem::path default_published_dir();

}  // namespace gapcheck::reports
