#include "cli/plan.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "cli/resources.hpp"
#include "store/estimate.hpp"
#include "store/run_store.hpp"
#include "store/sweep.hpp"

namespace gapcheck::cli {

store::RunStore store_to_plan_on(const std::string& db, std::ostream& err) {
  if (db.empty()) throw InputError("--next-stage with --db '': it plans on a run store");
  std::error_code fs_error;
  const bool exists = std::filesystem::exists(db, fs_error);
  if (!exists && !fs_error) {
    err << "plan: " << db << " does not exist yet: planned as an empty store\n";
    return store::RunStore::open(":memory:");
  }
  if (auto store = store::read_existing_store(db)) return std::move(*store);
  return store::RunStore::open(":memory:");
}

void print_next_plan(const std::vector<store::GridPoint>& lacking, const std::string& selection,
                     const std::string& scope, const std::string& done, store::RunStore& db,
                     const std::string& db_name, std::ostream& out, std::ostream& err) {
  const std::string then = fmt::format("{} --db {}", selection, db_name);
  if (lacking.empty()) {
    out << "# The plan of " << selection << ": nothing to run; " << db_name << " " << done
        << ".\n# " << then << " reads it back.\n" << std::flush;
    err << "plan: nothing to run: " << db_name << " " << done << "\n" << std::flush;
    return;
  }
  std::vector<std::uint64_t> stored;
  for (const auto& p : lacking)
    stored.push_back(db.count(store::PointKey::of(p.simulation, p.seed), 0, p.runs));
  print_plan(lacking, scope.empty() ? selection : selection + ", " + scope,
             fmt::format("plan again, {} --plan --next-stage, until nothing is left; {} reads "
                         "every run back",
                         then, then),
             out, err, {}, stored, db_name);
}
namespace {

// CPU time for people: "about 4 min 10 s of CPU", in core-hours from an hour up, "under 1 s of
// CPU" below a second.
std::string cpu_time(double seconds) {
  if (seconds < 1) return "under 1 s of CPU";
  return "about " + (seconds >= 3600 ? fmt::format("{:.3g} core-hours", seconds / 3600)
                                     : store::human_duration(seconds) + " of CPU");
}

}  // namespace

void print_plan(const std::vector<store::GridPoint>& points, const std::string& command,
                const std::string& then, std::ostream& out, std::ostream& err,
                const FirstStage& first_stage, const std::vector<std::uint64_t>& stored,
                const std::string& db) {
  double balls = 0, seconds = 0, first_seconds = 0;
  std::uint64_t runs = 0, unestimated = 0, first_runs = 0;
  std::vector<std::string> notes;
  for (const auto& p : points) {
    const std::uint64_t to_run = p.runs - (stored.empty() ? 0 : stored.at(&p - points.data()));
    const double point_balls =
        static_cast<double>(p.simulation.config.m) * static_cast<double>(to_run);
    const auto estimate = store::estimate_run(p.simulation, p.seed);
    const double point_seconds = estimate ? estimate->seconds * static_cast<double>(to_run) : 0;
    balls += point_balls;
    seconds += point_seconds;
    runs += to_run;
    if (!first_stage.runs.empty()) {
      const std::uint64_t stage_runs = first_stage.runs.at(&p - points.data());
      first_runs += stage_runs;
      first_seconds += estimate ? estimate->seconds * static_cast<double>(stage_runs) : 0;
    }
    unestimated += estimate ? 0 : 1;
    notes.push_back(fmt::format("{:.3g} balls, {}", point_balls,
                                estimate ? cpu_time(point_seconds)
                                         : std::string("no estimate")));
  }
  const std::string totals = fmt::format(
      "{}, {}, {:.3g} balls: {} on {} (a pilot run of each point), which placed Two-Choice's "
      "balls at {:.0f} M/s (n = 2^16, one thread) meanwhile{}",
      counted(points.size(), "point"), counted(runs, "run"), balls, cpu_time(seconds),
      processor_name(), store::reference_balls_per_second() / 1e6,
      unestimated == 0 ? "" : fmt::format("; {} without an estimate", counted(unestimated, "point")));
  const std::string floor =
      first_stage.runs.empty()
          ? ""
          : fmt::format("; {} if every claim is decided as early as it can be (stage 1 of "
                        "{}; {})",
                        cpu_time(first_seconds), first_stage.stages, counted(first_runs, "run"));
  out << "# The plan of " << command << ": " << totals << floor << ".\n"
      << "# Run it: gapcheck sweep THIS_FILE --db " << db
      << "  (or mpirun -n K gapcheck sweep ...; or\n"
      << "# --part i/k on k machines, then gapcheck merge); then " << then << ".\n"
      << store::points_toml(points, notes) << std::flush;
  err << "plan: " << totals << floor << "\n" << std::flush;
}

}  // namespace gapcheck::cli
