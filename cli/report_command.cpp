// The report command: parse the options the gapcheck way, gather the claims' outcomes, and hand
// both to reports::write_report, which runs the experiments and writes the directory.
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/app.hpp"
#include "cli/plan.hpp"
#include "cli/commands.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "cli/output.hpp"
#include "cli/signals.hpp"
#include "reports/report.hpp"
#include "stats/claims/catalog.hpp"
#include "stats/claims/simulate.hpp"
#include "stats/claims/verdict.hpp"
#include "store/run_store.hpp"
#include "stats/shapes.hpp"

namespace gapcheck::cli {
namespace {

struct ReportCommandOptions {
  std::string glob = "*";
  std::string tier = "ci";
  std::string out = "report";
  std::string seed = "1";
  std::string threads;
  std::string published;
  std::vector<std::string> catalogs;  // empty: the built-in catalog
  std::string db = store::kDefaultDb;
  bool plan = false;
  bool next_stage = false;
  StageOptions staging;  // of the claims' check
};

// The outcomes of the claims catalog whose ids match the report's glob, at the report's tier
// (the tiny tier draws the experiments only). A glob that selects experiments but no claim
// leaves the verdict table empty.
// The catalog's tier for a report tier ("" for tiny, which checks no claim).
std::string catalog_tier(reports::Tier tier) {
  if (tier == reports::Tier::tiny) return "";
  return tier == reports::Tier::paper ? "paper" : "ci";
}

// The claims of the catalog files given with --catalog, or of the built-in catalog.
std::vector<claims::Claim> report_catalog(const std::vector<std::string>& files) {
  if (files.empty()) return claims::builtin_catalog();
  std::vector<claims::Claim> all;
  for (const auto& file : files)
    for (auto& c : claims::load_catalog(file)) all.push_back(std::move(c));
  return all;
}

// The ids of the catalog's claims at the report's tier.
std::vector<std::string> tier_claim_ids(const reports::ReportOptions& options,
                                        const std::vector<std::string>& catalogs) {
  std::vector<std::string> ids;
  for (const auto& c : report_catalog(catalogs))
    if (c.tiers.count(catalog_tier(options.tier))) ids.push_back(c.id);
  return ids;
}

// The claims' verdicts, and the batches their points ran (the report's runs.csv and commands.txt
// list them beside the experiments').
struct CheckedClaims {
  std::vector<claims::ClaimOutcome> outcomes;
  std::vector<reports::Batch> batches;
};

// The check of the claims the report's glob selects at its tier, or none (tiny tier, or a glob
// that names experiments only).
std::optional<claims::CheckOptions> claim_check(const reports::ReportOptions& options,
                                                const ReportCommandOptions& command) {
  if (options.tier == reports::Tier::tiny) return std::nullopt;
  const std::vector<std::string>& catalogs = command.catalogs;
  claims::CheckOptions o;
  for (const auto& c : catalogs) o.catalogs.emplace_back(c);
  // The report names a claim's figure `claim-ID`; either name selects the claim.
  constexpr std::string_view prefix = "claim-";
  const std::string_view glob = options.glob;
  o.glob = std::string(glob.starts_with(prefix) ? glob.substr(prefix.size()) : glob);
  o.tier = catalog_tier(options.tier);
  command.staging.apply(o);
  const auto ids = tier_claim_ids(options, catalogs);
  const bool any = std::any_of(ids.begin(), ids.end(),
                               [&](const std::string& id) { return claims::glob_match(o.glob, id); });
  if (!any) return std::nullopt;
  return o;
}

CheckedClaims checked_claims(const reports::ReportOptions& options,
                             const ReportCommandOptions& command, std::ostream& progress) {
  auto selected = claim_check(options, command);
  if (!selected) return {};
  CheckedClaims checked;
  claims::CheckOptions& o = *selected;
  o.threads = options.threads;
  o.simulator = [&options, &checked](const claims::PointSpec& point, std::uint64_t seed,
                                     unsigned threads) {
    const auto start = std::chrono::steady_clock::now();
    auto results = claims::simulate_point(point, seed, threads, options.store, options.stop);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // A staged check asks a point again for more runs (replicates from 0): one batch a point,
    // holding its most runs and the time of every stage.
    reports::Batch batch{"claims", claims::simulation_of(point), seed, results, seconds};
    const auto key = store::PointKey::of(batch.simulation, seed);
    const auto same = std::find_if(checked.batches.begin(), checked.batches.end(), [&](const auto& b) {
      return store::PointKey::of(b.simulation, b.seed) == key;
    });
    if (same == checked.batches.end()) {
      checked.batches.push_back(std::move(batch));
    } else {
      batch.seconds += same->seconds;
      if (batch.results.size() >= same->results.size()) *same = std::move(batch);
      else same->seconds = batch.seconds;
    }
    return results;
  };
  o.progress = [&progress](const std::string& line) { progress << "check: " << line << "\n"; };
  if (options.store)
    o.stored = [store = options.store](const claims::PointSpec& point, std::uint64_t seed) {
      return claims::stored_runs(point, seed, *store);
    };
  checked.outcomes = claims::check_claims(o);
  return checked;
}

double shape_value(const std::string& name, const stats::Vars& x) { return stats::shape(name).f(x); }


struct ReportDone {
  std::string summary;               // the closing line, for stdout
  std::vector<std::string> defects;  // a DEFECT line per defect among the claims
};

ReportDone report_command(const ReportCommandOptions& o, const std::vector<std::string>& args,
                          std::ostream& progress, const std::function<bool()>& stop);
int plan_report(const ReportCommandOptions& o, std::ostream& out, std::ostream& err);

}  // namespace

Command add_report_command(CLI::App& app, const std::vector<std::string>& args) {
  auto options = std::make_shared<ReportCommandOptions>();
  auto& o = *options;
  auto* report = app.add_subcommand(
      "report", "run the experiments and claims, write the report (HTML, README, figures, CSV)");
  report->add_option("glob", o.glob, "experiments and claims to include (default *), e.g. 'batch*'");
  report->add_option("--tier", o.tier,
                     "ci (default, about 10 minutes on 2 cores), paper (hours), tiny (seconds)");
  report->add_option("--out", o.out, "output directory (default report)");
  report->add_option("--seed", o.seed, "seed of every batch (default 1)");
  report->add_option("--threads", o.threads, "threads (default: all cores)");
  report->add_option("--published", o.published,
                     "directory of the published tables (default: stats/claims/published of the "
                     "source tree, or share/gapcheck/claims/published of an installed gapcheck)");
  report->add_option("--catalog", o.catalogs,
                     "catalog file (TOML) whose claims get figures instead of the built-in "
                     "catalog's, as in check; repeatable");
  report->add_flag("--plan", o.plan,
                   "print the runs the report needs as a sweep file, with balls and estimated "
                   "core-hours; run nothing, write nothing");
  report->add_flag("--next-stage", o.next_stage,
                   "with --plan: plan only what the store (--db) lacks: the experiments' runs and "
                   "the next stage of the claims still open; sweep them, plan again, until "
                   "nothing is left");
  o.staging.add_to(*report);  // the claims' stages, as in check
  report->add_option("--db", o.db,
                     std::string("run store: finished runs are reused, new ones kept (default ") +
                         store::kDefaultDb + "; --db '' for none)");
  // As `check`: the report is written whole, and a defect among its claims (a true claim that
  // FAILed, a control that PASSed) makes the exit code 1.
  return {report, [options, args](std::ostream& out, std::ostream& err) {
            if (options->next_stage && !options->plan)
              throw InputError("--next-stage plans: it needs --plan");
            options->staging.check();  // at every tier, before a store is opened
            if (options->plan) return plan_report(*options, out, err);
            return stopping_on_signal(
                "report", "no report was written (the directory is as it was)", err,
                [&](const std::function<bool()>& stop) {
                  const ReportDone done = report_command(*options, args, err, stop);
                  out << done.summary << std::flush;
                  for (const auto& line : done.defects) err << "gapcheck report: " << line << "\n";
                  return done.defects.empty() ? kExitOk : 1;
                });
          }};
}

namespace {

// `report --plan --next-stage --db FILE`: what the store lacks of the experiments' runs and of
// the next stage of the claims still open (claims::next_stage), as a plan; planned again after
// each sweep until nothing is left, as check's (cli/check_command.cpp).
int plan_report_next_stage(const ReportCommandOptions& o, const reports::ReportOptions& options,
                           const std::string& selection, std::ostream& out, std::ostream& err) {
  store::RunStore db = store_to_plan_on(o.db, err);
  store::Grid lacking;
  std::string scope;
  const auto check = claim_check(options, o);
  if (check) {
    const claims::NextStage next = claims::next_stage(*check, db);
    for (const auto& [point, seed] : next.lacking)
      store::add_point(lacking, {claims::simulation_of(point), seed, point.runs});
    if (next.stage > 0) scope = claims::still_open(next);
  }
  const auto batches = reports::planned_batches(options);
  if (!check && batches.empty())
    throw InputError("'" + o.glob + "' selects no experiment and no claim in tier " + o.tier);
  const std::size_t claim_points = lacking.points.size();
  for (const auto& batch : batches) {
    const store::GridPoint point{batch.simulation, batch.seed, batch.results.size()};
    if (db.count(store::PointKey::of(point.simulation, point.seed), 0, point.runs) < point.runs)
      store::add_point(lacking, point);  // merged into a claim's point where they are one
  }
  const std::size_t experiment_points = lacking.points.size() - claim_points;
  if (experiment_points > 0)
    scope += fmt::format("{}{} of the experiments", scope.empty() ? "" : ", and ",
                         counted(experiment_points, "point"));
  print_next_plan(lacking.points, selection, scope, "holds every run the report reads", db, o.db,
                  out, err);
  return kExitOk;
}

// The runs of the claims (under their seeds) and of the experiments (under --seed), as a plan.
int plan_report(const ReportCommandOptions& o, std::ostream& out, std::ostream& err) {
  reports::ReportOptions options;
  options.glob = o.glob;
  options.tier = reports::tier_named(o.tier);
  options.seed = parse_count(o.seed, "seed");
  options.published =
      o.published.empty() ? reports::default_published_dir() : std::filesystem::path(o.published);
  // A point that a claim and an experiment share (same simulation, same seed) runs once.
  // `earliest` adds the same points in the same order, each claim's with the runs it reads when
  // decided as early as it can be (the report checks its claims in stages, as check does).
  store::Grid plan, earliest;
  FirstStage first_stage;
  std::string selection = fmt::format("gapcheck report '{}' --tier {} --seed {}", o.glob, o.tier,
                                      options.seed);
  for (const auto& c : o.catalogs) selection += " --catalog " + c;
  selection += o.staging.words();
  if (o.next_stage) return plan_report_next_stage(o, options, selection, out, err);
  if (const auto check = claim_check(options, o)) {
    const auto selected = claims::selected_claims(*check);
    first_stage.stages = claims::stages_of(*check);
    const auto early = claims::earliest_runs(selected, check->tier, first_stage.stages);
    for (const auto& [point, seed] : claims::planned_points(selected, check->tier,
                                                            claims::kFixedSalt)) {
      store::add_point(plan, {claims::simulation_of(point), seed, point.runs});
      store::add_point(earliest, {claims::simulation_of(point), seed, early.at(point.key())});
    }
  }
  for (const auto& batch : reports::planned_batches(options))
    for (store::Grid* grid : {&plan, &earliest})
      store::add_point(*grid, {batch.simulation, batch.seed, batch.results.size()});
  if (earliest.points.size() != plan.points.size())
    throw std::logic_error("report --plan: the earliest-stage grid does not match the plan's");
  if (first_stage.stages > 1)
    for (const auto& p : earliest.points) first_stage.runs.push_back(p.runs);
  const std::vector<store::GridPoint>& points = plan.points;
  if (points.empty())
    throw InputError("'" + o.glob + "' selects no experiment and no claim in tier " + o.tier);
  print_plan(points, selection, selection + " --db runs.db reads every run back", out, err,
               first_stage);
  return kExitOk;
}

ReportDone report_command(const ReportCommandOptions& o, const std::vector<std::string>& args,
                          std::ostream& progress, const std::function<bool()>& stop) {
  reports::ReportOptions options;
  options.glob = o.glob;
  options.tier = reports::tier_named(o.tier);
  options.out = reports::report_dir(o.out);
  options.stop = stop;
  options.seed = parse_count(o.seed, "seed");
  options.threads = parse_threads(o.threads);
  options.published =
      o.published.empty() ? reports::default_published_dir() : std::filesystem::path(o.published);
  if (!std::filesystem::is_directory(options.published))
    throw InputError("published=" + options.published.string() +
                     " is not a directory (accepted: a directory holding the published tables)");
  options.version = "gapcheck 0.1";
  options.command_line = shell_word(command_name());
  for (const auto& a : args) options.command_line += " " + shell_word(a);

  // Bad input is refused before the claims run and before the store is opened.
  reports::check_report_options(options, tier_claim_ids(options, o.catalogs));

  std::optional<store::RunStore> run_store;
  if (!o.db.empty()) {
    run_store.emplace(store::RunStore::open(o.db));
    options.store = &*run_store;
  }
  const CheckedClaims claims = checked_claims(options, o, progress);
  const auto summary = reports::write_report(
      options, claims.outcomes, claims.batches, shape_value, &progress, [](const reports::Batch& b) {
        return repeat_command(RunReport{b.simulation, b.seed, 0, 1, b.seconds, b.results});
      });
  ReportDone done;
  done.summary = fmt::format("report: {}, {} in {}, {:.0f} s -> {}/index.html\n",
                             counted(summary.figures.size(), "figure"), counted(summary.runs, "run"),
                             counted(summary.batches, "batch", "batches"), summary.seconds,
                             options.out.string());
  for (const auto& outcome : claims.outcomes)
    if (outcome.is_defect()) done.defects.push_back(outcome.defect_line());
  return done;
}

}  // namespace

}  // namespace gapcheck::cli
