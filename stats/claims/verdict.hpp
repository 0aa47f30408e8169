// What checking a claim produces, and the entry point that checks a catalog.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "stats/claims/simulate.hpp"
#include "stats/segmented.hpp"
#include "stats/shapes.hpp"

namespace gapcheck::claims {

enum class Verdict { pass, fail, inconclusive };
std::string to_string(Verdict);  // "PASS", "FAIL", "INCONCLUSIVE"

struct ClaimOutcome {
  std::string id, statement, source, evidence_tag;  // from the catalog entry
  bool control = false;  // a negative control (a false rival claim): it is expected to FAIL
  std::string finding;   // a documented disagreement with a publication (catalog `finding`)
  Verdict verdict = Verdict::inconclusive;
  std::string evidence;  // a few words: fitted constant with interval, best rival, p-value
  nlohmann::json details;  // every number behind the verdict, the seeds and the grid
  // What the report draws for this claim:
  std::string x_variable;
  std::vector<stats::Point> points;
  std::vector<stats::ShapeFit> fits;  // claimed form first, then rivals (shape rules)
  std::optional<stats::SegmentedFit> transition;
  // The B side's points (rules order, crossover, bound with `than`), matched to `points` by index.
  std::vector<stats::Point> than_points;
  // The catalog's templates, so that a figure can say what an axis is: the specs of both sides
  // ("batch:b={b}") and the tier's m ("{t}n" makes t = m/n).
  Specs specs;
  std::optional<Specs> than;
  std::string m_form;

  // A true claim that FAILs, or a control that PASSes, without a documented finding: either
  // makes `gapcheck check` exit 1. A finding (a disagreement between measurement and a
  // publication, stated in the catalog with its evidence) is printed instead.
  bool is_defect() const;
  // A true claim that FAILed or a control that PASSed, documented or not.
  bool is_unexpected() const;
  // The verdict is not the one expected (a true claim FAILed, a control PASSed) and the catalog
  // documents why in `finding`: reported with the finding's text, not as a defect.
  bool is_finding() const;
  // "DEFECT: <id>: a true claim FAILed" (or a control that PASSed): the line check and report
  // print for a defect.
  std::string defect_line() const;
};

// The one line that sums up a set of outcomes, as check prints it below its table and the report
// above its verdict table: "46 claims: 28 PASS, 6 FAIL, 12 INCONCLUSIVE; 21 controls: 19 FAIL,
// 1 INCONCLUSIVE, 1 PASS; 7 findings, 0 defects".
std::string summary_line(const std::vector<const ClaimOutcome*>& outcomes);

struct CheckOptions {
  std::string glob = "*";  // shell-style pattern over claim ids
  std::string tier = "ci";
  // Stages of the runs (check_claims): 1 reads every run at once; K reads a point's first
  // runs·2^(s − K) runs at stage s and stops a claim at the first stage that decides it. Unset:
  // 3 at the paper tier, 1 otherwise.
  std::optional<unsigned> stages;
  // Stop a claim left INCONCLUSIVE at a stage before the last when the last stage's runs, every
  // mean staying as it is, would leave it INCONCLUSIVE too (a stop for futility). It can only
  // turn a later PASS or FAIL into INCONCLUSIVE, never the other way.
  bool futility_stop = true;
  bool fresh_seeds = false;  // draw a new salt (recorded in every outcome's details)
  std::optional<std::uint64_t> salt;  // explicit salt (replays a --fresh-seeds run)
  std::vector<std::filesystem::path> catalogs;  // empty: the built-in catalog
  unsigned threads = 1;
  Simulator simulator = [](const PointSpec& point, std::uint64_t seed, unsigned threads) {
    return simulate_point(point, seed, threads);
  };  // tests substitute mutants here; the CLI adds the run store
  std::function<void(const std::string&)> progress;  // one line per step, may be empty
  // Runs of a point that the simulator reads back from a store instead of simulating (empty:
  // no store), said in the progress line.
  std::function<std::uint64_t(const PointSpec&, std::uint64_t seed)> stored;
};

// A point that deciding the selected claims needs, with the seed it runs under.
struct PlannedPoint {
  PointSpec point;
  std::uint64_t seed = 0;
};

// The number of stages of a check (CheckOptions::stages, or its tier's default); InputError
// outside [1, 8].
unsigned stages_of(const CheckOptions&);
// The fewest runs a stage reads of a point: the rules' intervals use normal quantiles with
// standard errors from the runs, which a few runs make too narrow (at 5 runs per point, 3 of 163
// fresh-seed checks of the cheap grids FAILed true claims at their first stage); at 30 runs
// Student's t is within 4 % of the normal quantile.
inline constexpr std::uint64_t kMinStageRuns = 30;
// The most runs, as a multiple of the catalog's, at which a check projects an INCONCLUSIVE
// claim (its evidence says whether 2, 4, 8 or this many times the runs would decide it).
inline constexpr std::uint64_t kMostRunsProjected = 16;
// The runs a point of `runs` runs reads at `stage` of `stages`: runs·2^(stage − stages), rounded
// up, at least kMinStageRuns (and at most runs).
std::uint64_t staged_runs(std::uint64_t runs, unsigned stage, unsigned stages);

// The runs a projection reads (check_claims: a stop for futility, what more runs would do):
// `times` the catalog's `runs`, rounded up to a whole multiple of the `read` runs it repeats, so
// that each is repeated equally often and the means stay as they are.
std::uint64_t projected_runs(std::uint64_t runs, std::uint64_t read, std::uint64_t times);

// The runs of each point (by PointSpec::key) that the claims read if each is decided as early as
// it can be among `stages`: stage 1's, or every run for a claim whose PASS reads every stage.
std::map<std::string, std::uint64_t> earliest_runs(const std::vector<Claim>& claims,
                                                   const std::string& tier, unsigned stages);

// Whether a PASS of `rule` may stop a claim before the last stage: not for the two rules whose
// PASS means only that nothing was rejected (`fluid`, `distribution`: fewer runs reject less),
// which read every stage unless they FAIL (or stop for futility).
bool pass_stops_early(RuleKind rule);

// The seed salt of a check: --salt, or one drawn for --fresh-seeds, else kFixedSalt.
std::uint64_t salt_of(const CheckOptions&);

// The points of one claim at `tier`: its own (A side) and those of what it is compared with.
std::pair<std::vector<PointSpec>, std::vector<PointSpec>> claim_points(const Claim& claim,
                                                                       const std::string& tier);

// Every point the claims need at `tier`, once each (in key order), with the largest run count
// any of them asks for: what check_claims simulates, and what `check --plan` prints.
// At `stage` of `stages`, each point's runs are those the stage reads (staged_runs).
std::vector<PlannedPoint> planned_points(const std::vector<Claim>& claims, const std::string& tier,
                                         std::uint64_t salt, unsigned stage = 1,
                                         unsigned stages = 1);

// Loads the catalogs, simulates every needed point once (shared across the claims that name
// it), and decides each claim whose id matches the glob. Throws InputError on bad input
// (unreadable catalog, unknown tier, a glob that matches nothing).
std::vector<ClaimOutcome> check_claims(const CheckOptions&);
// What a staged check on the store `db` needs next (`check --plan --next-stage`): the first
// stage at which a claim still open needs runs that the store lacks, reading and deciding the
// stages before it from the store as check_claims does (options.stored, simulator and progress
// are set here; nothing is simulated). stage 0: the store decides every claim.
struct NextStage {
  unsigned stage = 0, stages = 1;
  std::size_t claims = 0;             // selected
  std::size_t open = 0;               // still open at `stage`, controls included
  std::size_t open_controls = 0;      // of them, negative controls
  std::vector<PlannedPoint> lacking;  // the points the stage reads that the store lacks runs of
};
NextStage next_stage(CheckOptions options, store::RunStore& db);
// "stage 2 of 3 for the 3 claims and 1 control still open".
std::string still_open(const NextStage&);
// The claims check_claims() would decide (glob, tier, catalogs), in catalog order; throws
// InputError when none matches.
std::vector<Claim> selected_claims(const CheckOptions&);

// fnmatch-style match of `text` against `pattern` (`*`, `?`).
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace gapcheck::claims
