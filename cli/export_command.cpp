// `gapcheck export [--db FILE] --csv|--json [--per-point]`: the runs of a store as a table.
//
// One row per run (every field of the run, the load histogram and setting counts as JSON text)
// or, with --per-point, one row per grid point (the gap summarized over its runs). Every row
// carries the `gapcheck run` command that repeats it, so a number in a paper can be traced to a
// command that prints it again. Only rows of this gapcheck's results version are exported: they
// are the ones the command reproduces.
#include <fmt/format.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "processes/core/spec.hpp"
#include "stats/summary.hpp"
#include "store/result_json.hpp"
#include "store/run_store.hpp"

namespace gapcheck::cli {
namespace {

using store::ordered_json;

struct ExportOptions {
  std::string db = store::kDefaultDb;
  bool csv = false;
  bool json = false;
  bool per_point = false;
};

Simulation simulation_of(const store::PointKey& key) {
  Simulation s;
  s.process = Spec::parse(key.process);
  s.setting = Spec::parse(key.setting);
  s.weights = Spec::parse(key.weights);
  s.config.n = key.n;
  s.config.m = key.m;
  s.config.gap_level = key.gap_level;
  s.config.engine = engine_named(key.engine).value_or(Engine::bins);  // the store writes the name
  return s;
}

// The commands that repeat `results` (replicate order): one per run of consecutive replicates.
std::string commands_for(const store::PointKey& key, const std::vector<RunResult>& results) {
  const Simulation simulation = simulation_of(key);
  std::string commands;
  std::size_t begin = 0;
  for (std::size_t k = 1; k <= results.size(); ++k) {
    if (k < results.size() && results[k].replicate == results[k - 1].replicate + 1) continue;
    const std::vector<RunResult> range(results.begin() + static_cast<std::ptrdiff_t>(begin),
                                       results.begin() + static_cast<std::ptrdiff_t>(k));
    const RunReport report{simulation, key.seed, range.front().replicate, 1, 0, range};
    commands += (commands.empty() ? "" : " ; ") + repeat_command(report);
    begin = k;
  }
  return commands;
}

ordered_json key_json(const store::PointKey& k) {
  return {{"process", k.process}, {"setting", k.setting}, {"weights", k.weights}, {"n", k.n},
          {"m", k.m},             {"gap_level", k.gap_level}, {"seed", k.seed},
          {"engine", k.engine}};
}

ordered_json run_json(const store::StoredRun& run) {
  ordered_json j = key_json(run.key);
  j.update(store::result_to_json(run.result));
  j["seconds"] = run.seconds;
  j["command"] = commands_for(run.key, {run.result});
  return j;
}

ordered_json point_json(const store::PointKey& key, const std::vector<RunResult>& results) {
  std::vector<double> gaps, over_time, above;
  std::uint64_t balls = 0, probes = 0;
  for (const auto& r : results) {
    gaps.push_back(r.gap);
    over_time.push_back(r.max_gap_over_time);
    above.push_back(r.fraction_above_level);
    balls += r.balls;
    probes += r.probes;
  }
  const auto s = stats::summarize(gaps);
  ordered_json j = key_json(key);
  j["runs"] = results.size();
  j["gap_mean"] = s.mean;
  // One run has no sd and no interval (null in JSON, an empty field in CSV), as in `run`.
  const bool spread = results.size() >= 2;
  j["gap_sd"] = spread ? ordered_json(s.sd) : ordered_json(nullptr);
  j["gap_ci95_lo"] = spread ? ordered_json(s.ci95_lo) : ordered_json(nullptr);
  j["gap_ci95_hi"] = spread ? ordered_json(s.ci95_hi) : ordered_json(nullptr);
  j["gap_min"] = s.min;
  j["gap_max"] = s.max;
  j["max_gap_over_time_mean"] = stats::summarize(over_time).mean;
  j["fraction_above_gap_level_mean"] = stats::summarize(above).mean;
  j["probes_per_ball"] = balls == 0 ? 0.0 : static_cast<double>(probes) / static_cast<double>(balls);
  j["command"] = commands_for(key, results);
  return j;
}

// Rows of flat JSON objects as CSV: the first row's keys are the header.
std::string as_csv(const std::vector<ordered_json>& rows, const std::vector<std::string>& header) {
  std::string out;
  for (std::size_t c = 0; c < header.size(); ++c) out += (c ? "," : "") + header[c];
  out += "\n";
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < header.size(); ++c) {
      const auto& v = row.at(header[c]);
      out += c ? "," : "";
      if (v.is_null())
        continue;  // an empty field: no value (the sd of one run)
      if (v.is_string())
        out += csv_text(v.get<std::string>());
      else if (v.is_object())
        out += csv_text(v.dump());
      else if (v.is_number_float())
        out += fmt::format("{}", v.get<double>());  // shortest text that reads back exactly
      else
        out += v.dump();
    }
    out += "\n";
  }
  return out;
}

std::string export_store(const ExportOptions& o, std::ostream& err) {
  if (o.csv == o.json) throw InputError("export needs exactly one of --csv and --json");
  const store::RunStore db = store::RunStore::open(o.db, store::RunStore::Mode::read_only);
  // Rows of another version are another gapcheck's runs, or another build's of a variant: said,
  // so that a merged store whose parts came from different builds is not read as complete.
  if (const std::uint64_t others = db.rows_of_other_versions(); others != 0)
    err << "gapcheck export: " << counted(others, "row") << " of other results versions not "
        << "exported (this gapcheck exports " << db.version() << ")\n";
  std::vector<ordered_json> rows;
  if (o.per_point) {
    std::map<store::PointKey, std::vector<RunResult>> points;  // for_each returns them in order
    db.for_each([&](const store::StoredRun& run) { points[run.key].push_back(run.result); });
    for (const auto& [key, results] : points) rows.push_back(point_json(key, results));
  } else {
    db.for_each([&](const store::StoredRun& run) { rows.push_back(run_json(run)); });
  }
  if (o.json) return ordered_json(rows).dump(1) + "\n";
  std::vector<std::string> header;
  const store::PointKey any{"p", "s", "w", 1, 1, 0, 0};  // only the keys of its row are read
  const ordered_json shape = o.per_point ? point_json(any, {RunResult{}})
                                         : run_json(store::StoredRun{any, {}, 0});
  for (const auto& [name, value] : shape.items()) header.push_back(name);
  return as_csv(rows, header);
}

}  // namespace

Command add_export_command(CLI::App& app) {
  auto o = std::make_shared<ExportOptions>();
  auto* sub = app.add_subcommand(
      "export", "print the runs of a run store as CSV or JSON, each with the command repeating it");
  sub->add_option("--db", o->db, std::string("run store (default ") + store::kDefaultDb + ")");
  sub->add_flag("--csv", o->csv, "CSV, a header line and one line per row");
  sub->add_flag("--json", o->json, "one JSON array of objects");
  sub->add_flag("--per-point", o->per_point,
                "one row per point (process, setting, weights, n, m, gap level, seed) instead of "
                "per run");
  return {sub, [o](std::ostream& out, std::ostream& err) {
            out << export_store(*o, err) << std::flush;
            return kExitOk;
          }};
}

}  // namespace gapcheck::cli
