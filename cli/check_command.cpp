// `gapcheck check`: options, the verdict table and the exit code.
//
// The table is for people: one line per claim with its verdict and a few words of evidence,
// and below it the findings (documented disagreements with a publication) and the defects
// (a true claim that FAILs, a control that PASSes). --json carries every number instead.
#include <memory>

#include "cli/commands.hpp"
#include "store/run_store.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/app.hpp"
#include "cli/plan.hpp"
#include "cli/signals.hpp"
#include "processes/core/spec.hpp"
#include "stats/claims/rules.hpp"
#include "stats/claims/verdict.hpp"

namespace gapcheck::cli {
namespace {

struct CheckArgs {
  std::string glob = "*";
  std::string tier = "ci";
  bool json = false;
  bool list = false;
  bool plan = false;
  bool next_stage = false;
  bool fresh_seeds = false;
  std::string salt;
  std::vector<std::string> catalogs;
  std::string threads;
  StageOptions staging;
  std::string db = store::kDefaultDb;
};

std::string verdict_cell(const claims::ClaimOutcome& o) {
  std::string v = claims::to_string(o.verdict);
  if (o.control) v += o.is_unexpected() ? " (control!" : " (control";
  if (o.is_finding()) v += o.control ? ", finding" : " (finding";
  if (o.control || o.is_finding()) v += ")";
  return v;
}

std::string table(const std::vector<claims::ClaimOutcome>& outcomes, const std::string& tier,
                  std::uint64_t salt) {
  std::ostringstream s;
  s << "gapcheck check, tier " << tier << ", seed salt " << salt
    << " (gap = max_i x_i - W/n throughout)\n\n";
  std::size_t w = 2;
  for (const auto& o : outcomes) w = std::max(w, o.id.size());
  s << fmt::format("{:<{}}  {:<28}  {}\n", "id", w, "verdict", "claim | source | evidence");
  std::vector<const claims::ClaimOutcome*> all;
  std::size_t defects = 0;
  for (const auto& o : outcomes) {
    s << fmt::format("{:<{}}  {:<28}  {} | {} [{}] | {}\n", o.id, w, verdict_cell(o), o.statement,
                     o.source, o.evidence_tag, o.evidence);
    all.push_back(&o);
    defects += o.is_defect();
  }
  s << "\n" << claims::summary_line(all) << "\n";
  for (const auto& o : outcomes)
    if (o.is_finding()) s << "finding: " << o.id << ": " << o.finding << "\n";
  for (const auto& o : outcomes)
    if (o.is_defect()) s << o.defect_line() << "\n";
  s << (defects == 0 ? "result: ok\n" : "result: " + std::to_string(defects) + " defect(s)\n");
  return s.str();
}

nlohmann::json as_json(const std::vector<claims::ClaimOutcome>& outcomes) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& o : outcomes) {
    nlohmann::json points = nlohmann::json::array();
    for (const auto& p : o.points)
      points.push_back({{"x", p.x}, {"mean", p.mean}, {"se", p.se}, {"runs", p.runs}});
    all.push_back({{"id", o.id},
                   {"statement", o.statement},
                   {"source", o.source},
                   {"evidence_tag", o.evidence_tag},
                   {"control", o.control},
                   {"finding", o.finding},
                   {"verdict", claims::to_string(o.verdict)},
                   {"defect", o.is_defect()},
                   {"evidence", o.evidence},
                   {"x_variable", o.x_variable},
                   {"points", points},
                   {"details", o.details}});
  }
  return all;
}

// The selection as a command: what a plan's header names and what reads its sweep back.
std::string selection_command(const CheckArgs& a, std::uint64_t salt) {
  std::string selection = fmt::format("gapcheck check '{}' --tier {}", a.glob, a.tier);
  for (const auto& c : a.catalogs) selection += " --catalog " + c;
  selection += a.staging.words();
  if (salt != claims::kFixedSalt) selection += fmt::format(" --salt {}", salt);
  return selection;
}

// `check --plan --next-stage --db FILE`: the runs the next stage of the claims still open needs
// that the store lacks, as a sweep file. The store is only read; a missing file is an empty
// store. Swept into the store and planned again until nothing is lacking, it fills the store
// with what a staged check reads, and no more.
int print_next_stage(const CheckArgs& a, claims::CheckOptions o, std::ostream& out,
                     std::ostream& err) {
  if (a.fresh_seeds)
    throw InputError("--next-stage with --fresh-seeds: each plan would draw another salt "
                     "(accepted: --salt S, the same in every plan)");
  store::RunStore db = store_to_plan_on(a.db, err);
  const std::uint64_t salt = claims::salt_of(o);
  const claims::NextStage next = claims::next_stage(o, db);
  std::vector<store::GridPoint> lacking;
  for (const auto& [point, seed] : next.lacking)
    lacking.push_back({claims::simulation_of(point), seed, point.runs});
  print_next_plan(lacking, selection_command(a, salt), claims::still_open(next),
                  fmt::format("decides all {} from the store", counted(next.claims, "claim")), db,
                  a.db, out, err);
  return kExitOk;
}

int run_check(const CheckArgs& a, std::ostream& out, std::ostream& err) {
  claims::CheckOptions o;
  o.glob = a.glob;
  o.tier = a.tier;
  a.staging.apply(o);
  o.fresh_seeds = a.fresh_seeds;
  if (!a.salt.empty()) {
    if (a.fresh_seeds) throw InputError("--salt and --fresh-seeds were both given");
    o.salt = parse_count(a.salt, "salt");
  }
  for (const auto& c : a.catalogs) o.catalogs.emplace_back(c);
  if (a.list) {  // what the glob selects in the tier, without running anything
    if (a.json) throw InputError("--list and --json: the list is text only (accepted: one of them)");
    const auto claims = claims::selected_claims(o);
    std::size_t width = 0;
    for (const auto& c : claims) width = std::max(width, c.id.size());
    for (const auto& c : claims) {
      out << fmt::format("{:<{}}  {:<7}  {:<12}  {}\n", c.id, width,
                         c.control ? "control" : "claim", claims::to_string(c.rule), c.statement);
      // A shape claim's grid, read against its rivals: how far the forms part along it.
      std::string parts;
      for (const auto& [rival, factor] : claims::forms_separation(c, c.points(a.tier)))
        parts += fmt::format("{}{} ×{:.3g}", parts.empty() ? "" : ", ", rival, factor);
      if (!parts.empty())
        out << fmt::format("{:<{}}  the forms part along the grid by: {}\n", "", width, parts);
    }
    out << std::flush;
    return kExitOk;
  }
  if (a.next_stage && !a.plan) throw InputError("--next-stage plans: it needs --plan");
  if (a.plan && a.json)
    throw InputError("--plan and --json: the plan is a sweep file (accepted: one of them)");
  if (a.plan && a.next_stage) return print_next_stage(a, o, out, err);
  if (a.plan) {  // the runs as a sweep file, without running them
    const std::uint64_t salt = claims::salt_of(o);
    const auto selected = claims::selected_claims(o);
    const auto planned = claims::planned_points(selected, a.tier, salt);
    std::vector<store::GridPoint> points;
    for (const auto& [point, seed] : planned)
      points.push_back({claims::simulation_of(point), seed, point.runs});
    FirstStage first_stage;
    if (const unsigned stages = claims::stages_of(o); stages > 1) {
      first_stage.stages = stages;
      const auto earliest = claims::earliest_runs(selected, a.tier, stages);
      for (const auto& planned_point : planned)
        first_stage.runs.push_back(earliest.at(planned_point.point.key()));
    }
    const std::string selection = selection_command(a, salt);
    print_plan(points, selection, selection + " --db runs.db reads every run back", out, err,
               first_stage);
    return kExitOk;
  }
  o.threads = parse_threads(a.threads);
  // The store opens at the first simulation, after every input has been checked, so that bad
  // input leaves no store behind.
  std::optional<store::RunStore> run_store;
  const auto store = [&run_store, &a]() -> store::RunStore* {
    if (a.db.empty()) return nullptr;
    if (!run_store) run_store.emplace(store::RunStore::open(a.db));
    return &*run_store;
  };
  if (!a.db.empty())
    o.stored = [&store](const claims::PointSpec& point, std::uint64_t seed) {
      return claims::stored_runs(point, seed, *store());
    };
  o.progress = [&err](const std::string& line) { err << "check: " << line << "\n" << std::flush; };
  return stopping_on_signal("check", "no verdict was printed", err, [&](const auto& stop) {
    o.simulator = [&store, &stop](const claims::PointSpec& point, std::uint64_t seed,
                                  unsigned threads) {
      return claims::simulate_point(point, seed, threads, store(), stop);
    };
    const auto outcomes = claims::check_claims(o);
    const std::uint64_t salt = outcomes.front().details.at("salt").get<std::uint64_t>();
    out << (a.json ? as_json(outcomes).dump(2) + "\n" : table(outcomes, a.tier, salt))
        << std::flush;
    const bool defect = std::any_of(outcomes.begin(), outcomes.end(),
                                    [](const auto& x) { return x.is_defect(); });
    return defect ? 1 : kExitOk;
  });
}
}  // namespace

void StageOptions::add_to(CLI::App& command) {
  command.add_option("--stages", stages,
                     "read each claim's runs in K stages, a claim stopping at the first stage "
                     "that decides it (1..8; default 3 at the paper tier, 1 at ci)");
  command.add_flag("--no-futility-stop", no_futility_stop,
                   "read the later stages of a claim even where, the means staying as they are, "
                   "the last stage's runs would not decide it");
}

std::optional<unsigned> StageOptions::stage_count() const {
  if (stages.empty()) return std::nullopt;
  return static_cast<unsigned>(parse_count(stages, "stages", std::nullopt, 8, 1));
}

void StageOptions::apply(claims::CheckOptions& o) const {
  if (const auto count = stage_count()) o.stages = *count;
  o.futility_stop = !no_futility_stop;
}

std::string StageOptions::words() const {
  std::string text;
  if (!stages.empty()) text += " --stages " + stages;
  if (no_futility_stop) text += " --no-futility-stop";
  return text;
}

Command add_check_command(CLI::App& app) {
  auto a = std::make_shared<CheckArgs>();
  auto* check = app.add_subcommand(
      "check", "decide every claim of the catalog (PASS, FAIL, INCONCLUSIVE) by simulation");
  check->add_option("glob", a->glob, "claim ids to check, shell pattern (default: all)");
  check->add_option("--tier", a->tier, "ci (minutes) or paper (hours) (default ci)");
  check->add_flag("--json", a->json, "print every number behind each verdict as JSON");
  check->add_flag("--list", a->list,
                  "print the claims the glob selects in the tier (id, kind, rule, statement); run nothing");
  check->add_flag("--plan", a->plan,
                  "print the runs the selection needs as a sweep file, with balls and estimated "
                  "core-hours; run nothing");
  check->add_flag("--fresh-seeds", a->fresh_seeds,
                  "draw a new seed salt (printed; replay with --salt)");
  check->add_option("--salt", a->salt, "seed salt of a previous --fresh-seeds run");
  check->add_option("--catalog", a->catalogs,
                    "catalog file (TOML) to check instead of the built-in one; repeatable");
  check->add_option("--threads", a->threads, "threads (default: all cores)");
  a->staging.add_to(*check);
  check->add_flag("--next-stage", a->next_stage,
                  "with --plan: plan only the runs that the next stage of the claims still open "
                  "needs and the store (--db) lacks; sweep them, plan again, until nothing is left");
  check->add_option("--db", a->db,
                    std::string("run store: finished runs are reused, new ones kept (default ") +
                        store::kDefaultDb + "; --db '' for none)");
  return {check, [a](std::ostream& out, std::ostream& err) { return run_check(*a, out, err); }};
}

}  // namespace gapcheck::cli
