// The report command: parse the options the gapcheck way, gather the claims' outcomes, and hand
// both to reports::write_report, which runs the experiments and writes the directory.
#include "cli/report_command.hpp"

#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "cli/output.hpp"
#include "reports/report.hpp"
#include "stats/shapes.hpp"

namespace gapcheck::cli {
namespace {

constexpr std::uint64_t kMaxThreads = 1024;

// The outcomes of the claims catalog for this report. No claims catalog is linked into this
// build, so the verdict table is empty and only the experiments are drawn.
std::vector<claims::ClaimOutcome> checked_claims(const reports::ReportOptions&) { return {}; }

double shape_value(const std::string& name, const stats::Vars& x) { return stats::shape(name).f(x); }

}  // namespace

CLI::App* add_report_command(CLI::App& app, ReportCommandOptions& o) {
  auto* report = app.add_subcommand(
      "report", "run the experiments and claims, write the report (HTML, README, figures, CSV)");
  report->add_option("glob", o.glob, "experiments and claims to include (default *), e.g. 'batch*'");
  report->add_option("--tier", o.tier,
                     "ci (default, about 10 minutes on 2 cores), paper (hours), tiny (seconds)");
  report->add_option("--out", o.out, "output directory (default report)");
  report->add_option("--seed", o.seed, "seed of every batch (default 1)");
  report->add_option("--threads", o.threads, "threads (default: all cores)");
  report->add_option("--published", o.published,
                     "directory of the published tables (default: the source tree's reports/published)");
  return report;
}

std::string report_command(const ReportCommandOptions& o, const std::vector<std::string>& args,
                           std::ostream& progress) {
  reports::ReportOptions options;
  options.glob = o.glob;
  options.tier = reports::tier_named(o.tier);
  if (o.out.empty()) throw InputError("out= is empty (accepted: a directory path)");
  options.out = o.out;
  options.seed = parse_count(o.seed, "seed");
  options.threads = std::max(1u, std::thread::hardware_concurrency());
  if (!o.threads.empty()) {
    const auto t = parse_count(o.threads, "threads");
    if (t == 0 || t > kMaxThreads)
      throw InputError("threads=" + o.threads + " is outside the accepted range [1, " +
                       std::to_string(kMaxThreads) + "]");
    options.threads = static_cast<unsigned>(t);
  }
  options.published =
      o.published.empty() ? reports::default_published_dir() : std::filesystem::path(o.published);
  if (!std::filesystem::is_directory(options.published))
    throw InputError("published=" + options.published.string() +
                     " is not a directory (accepted: a directory holding the published tables)");
  options.version = "gapcheck 0.1";
  options.command_line = "gapcheck";
  for (const auto& a : args) options.command_line += " " + shell_word(a);

  const auto claims = checked_claims(options);
  const auto summary = reports::write_report(
      options, claims, shape_value, &progress, [](const reports::Batch& b) {
        return repeat_command(RunReport{b.simulation, b.seed, 0, 1, b.seconds, b.results});
      });
  return fmt::format("report: {} figures, {} runs in {} batches, {:.0f} s -> {}/index.html\n",
                     summary.figures.size(), summary.runs, summary.batches, summary.seconds,
                     options.out.string());
}

}  // namespace gapcheck::cli
