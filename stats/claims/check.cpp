// check_claims: load, select, simulate every needed point, decide, stage by stage.
//
// The points of all selected claims are gathered first and keyed by their spec (process,
// setting, weights, n, m); at each stage a point is simulated with the largest run count any
// open claim asks for (in one stage, once), and every claim reads the prefix of replicates it
// asked for. So the control that shares a true claim's data decides on exactly the same runs.
#include <algorithm>
#include <stdexcept>
#include <chrono>
#include <fmt/format.h>
#include <fnmatch.h>
#include <functional>
#include <map>
#include <random>
#include <set>

#include "processes/core/spec.hpp"
#include "stats/claims/rules.hpp"

namespace gapcheck::claims {

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::pass: return "PASS";
    case Verdict::fail: return "FAIL";
    case Verdict::inconclusive: return "INCONCLUSIVE";
  }
  return "?";
}

bool ClaimOutcome::is_unexpected() const {
  return control ? verdict == Verdict::pass : verdict == Verdict::fail;
}

// A finding is documented, and printed with the verdict.
bool ClaimOutcome::is_defect() const { return finding.empty() && is_unexpected(); }

bool ClaimOutcome::is_finding() const { return !finding.empty() && is_unexpected(); }

std::string ClaimOutcome::defect_line() const {
  return "DEFECT: " + id +
         (control ? ": a negative control PASSed (the check cannot fail)" : ": a true claim FAILed");
}

std::string summary_line(const std::vector<const ClaimOutcome*>& outcomes) {
  // [control][verdict]
  std::size_t counts[2][3] = {};
  std::size_t findings = 0, defects = 0;
  for (const ClaimOutcome* o : outcomes) {
    ++counts[o->control][static_cast<int>(o->verdict)];
    findings += o->is_finding();
    defects += o->is_defect();
  }
  const auto& c = counts[0];
  const auto& k = counts[1];
  std::string line = fmt::format("{}: {} PASS, {} FAIL, {} INCONCLUSIVE; {}",
                                 counted(c[0] + c[1] + c[2], "claim"), c[0], c[1], c[2],
                                 counted(k[0] + k[1] + k[2], "control"));
  if (k[0] + k[1] + k[2] > 0)
    line += fmt::format(": {} FAIL, {} INCONCLUSIVE, {} PASS", k[1], k[2], k[0]);
  return line + fmt::format("; {}, {}", counted(findings, "finding"), counted(defects, "defect"));
}

bool glob_match(std::string_view pattern, std::string_view text) {
  return fnmatch(std::string(pattern).c_str(), std::string(text).c_str(), 0) == 0;
}

std::vector<Claim> selected_claims(const CheckOptions& options) {
  if (options.tier != "ci" && options.tier != "paper")
    throw InputError("tier=" + options.tier + " is not a tier of the catalog (accepted: ci, paper)");
  std::vector<Claim> catalog;
  if (options.catalogs.empty()) {
    catalog = builtin_catalog();
  } else {
    for (const auto& file : options.catalogs)
      for (auto& c : load_catalog(file)) catalog.push_back(std::move(c));
  }
  std::set<std::string> ids;
  for (const auto& c : catalog)
    if (!ids.insert(c.id).second) throw InputError("claim id '" + c.id + "' appears twice");

  std::vector<Claim> selected;
  for (auto& c : catalog)
    if (glob_match(options.glob, c.id) && c.tiers.count(options.tier)) selected.push_back(std::move(c));
  if (selected.empty())
    throw InputError("no claim matches '" + options.glob + "' in tier " + options.tier +
                     " (--list, with the same --tier and --catalog, prints the claims there are)");
  return selected;
}

std::uint64_t salt_of(const CheckOptions& options) {
  if (options.salt) return *options.salt;
  if (!options.fresh_seeds) return kFixedSalt;
  // 52 bits: exact as a double, so the salt survives JSON readers and count parsing.
  std::random_device device;
  return ((static_cast<std::uint64_t>(device()) << 32) ^ device()) & ((1ULL << 52) - 1);
}

std::pair<std::vector<PointSpec>, std::vector<PointSpec>> claim_points(const Claim& c,
                                                                       const std::string& tier) {
  std::pair<std::vector<PointSpec>, std::vector<PointSpec>> sides;
  sides.first = c.points(tier);
  if (c.than || c.rule == RuleKind::order || c.rule == RuleKind::crossover)
    sides.second = c.than_points(tier);
  return sides;
}

namespace {

// Both sides' points of a claim at `stage`, their runs cut to the stage's share.
std::pair<std::vector<PointSpec>, std::vector<PointSpec>> staged_points(const Claim& claim,
                                                                        const std::string& tier,
                                                                        unsigned stage,
                                                                        unsigned stages) {
  auto sides = claim_points(claim, tier);
  for (auto* side : {&sides.first, &sides.second})
    for (auto& p : *side) p.runs = staged_runs(p.runs, stage, stages);
  return sides;
}

}  // namespace

std::vector<PlannedPoint> planned_points(const std::vector<Claim>& claims, const std::string& tier,
                                         std::uint64_t salt, unsigned stage, unsigned stages) {
  std::map<std::string, PointSpec> needed;
  for (const Claim& c : claims) {
    const auto [a, b] = staged_points(c, tier, stage, stages);
    for (const auto* side : {&a, &b})
      for (const PointSpec& p : *side) {
        auto [it, fresh] = needed.emplace(p.key(), p);
        if (!fresh) it->second.runs = std::max(it->second.runs, p.runs);
      }
  }
  std::vector<PlannedPoint> planned;
  for (auto& [key, point] : needed) planned.push_back({point, point_seed(salt, point)});
  return planned;
}

unsigned stages_of(const CheckOptions& options) {
  const unsigned stages = options.stages.value_or(options.tier == "paper" ? 3 : 1);
  if (stages < 1 || stages > 8)
    throw InputError("stages=" + std::to_string(stages) + " is outside the accepted range [1, 8]");
  return stages;
}

std::uint64_t staged_runs(std::uint64_t runs, unsigned stage, unsigned stages) {
  if (stage < 1 || stage > stages) throw std::logic_error("staged_runs: stage outside [1, stages]");
  const unsigned halvings = stages - stage;
  const std::uint64_t share = (runs + (std::uint64_t{1} << halvings) - 1) >> halvings;
  return std::min(runs, std::max(share, kMinStageRuns));
}

std::uint64_t projected_runs(std::uint64_t runs, std::uint64_t read, std::uint64_t times) {
  if (read == 0) throw std::logic_error("projected_runs: no runs read");
  return (runs * times + read - 1) / read * read;
}

bool pass_stops_early(RuleKind rule) {
  return rule != RuleKind::fluid && rule != RuleKind::distribution;
}

std::map<std::string, std::uint64_t> earliest_runs(const std::vector<Claim>& claims,
                                                   const std::string& tier, unsigned stages) {
  std::map<std::string, std::uint64_t> runs;
  for (const Claim& c : claims) {
    const unsigned stage = pass_stops_early(c.rule) ? 1 : stages;
    const auto [a, b] = staged_points(c, tier, stage, stages);
    for (const auto* side : {&a, &b})
      for (const PointSpec& p : *side) runs[p.key()] = std::max(runs[p.key()], p.runs);
  }
  return runs;
}

namespace {

using PointData = std::map<std::string, std::pair<std::uint64_t, std::vector<RunResult>>>;

// Simulates what the points lack: each point is simulated once with the largest run count any
// open claim asks for at this stage (a point already holding as many runs is not run again).
void simulate_lacking(const std::vector<PlannedPoint>& needed, PointData& data,
                      const CheckOptions& options, const std::string& stage_label) {
  std::vector<const PlannedPoint*> lacking;
  for (const auto& planned : needed) {
    const auto have = data.find(planned.point.key());
    if (have == data.end() || have->second.second.size() < planned.point.runs)
      lacking.push_back(&planned);
  }
  std::size_t done = 0;
  for (const PlannedPoint* planned : lacking) {
    const auto& [point, seed] = *planned;
    const std::uint64_t stored = options.stored ? options.stored(point, seed) : 0;
    const auto start = std::chrono::steady_clock::now();
    data[point.key()] = {seed, options.simulator(point, seed, options.threads)};
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string how =
        stored >= point.runs ? "read back from the store"
        : stored > 0 ? fmt::format("{:.3f} s; {} read back from the store", s, stored)
                     : fmt::format("{:.3f} s", s);
    if (options.progress)
      options.progress(fmt::format("{}[{}/{}] {} {} {} n={} m={} runs={} ({})", stage_label, ++done,
                                   lacking.size(), point.specs.process, point.specs.setting,
                                   point.specs.weights, point.n, point.m, point.runs, how));
  }
}

// Whether a verdict is shown, and so may stop a claim before the last stage: every FAIL, and a
// PASS of a rule whose PASS stops early.
bool shown(RuleKind rule, Verdict verdict) {
  return verdict == Verdict::fail || (verdict == Verdict::pass && pass_stops_early(rule));
}

using SidePoints = std::pair<std::vector<PointSpec>, std::vector<PointSpec>>;

// The claim read on `points` (both sides, each with the runs it reads), at `stage` of `stages`.
ClaimOutcome decide_claim(const Claim& c, const CheckOptions& options, std::uint64_t salt,
                          const PointData& data, const SidePoints& points, unsigned stage,
                          unsigned stages) {
  ClaimOutcome out;
  out.id = c.id;
  out.statement = c.statement;
  out.source = c.source;
  out.evidence_tag = c.evidence_tag;
  out.control = c.control;
  out.finding = c.finding(options.tier);
  out.x_variable = c.x_variable;
  out.specs = c.specs;
  out.than = c.than;
  out.m_form = c.tiers.at(options.tier).m;
  auto samples = [&](const std::vector<PointSpec>& points) {
    std::vector<Sample> s;
    for (const auto& p : points) {
      const auto& [seed, runs] = data.at(p.key());
      s.push_back({p, seed, &runs});
    }
    return s;
  };
  const auto a = samples(points.first), b = samples(points.second);
  out.details = {{"id", c.id},           {"tier", options.tier},
                 {"rule", to_string(c.rule)}, {"variable", to_string(c.variable)},
                 {"salt", salt},          {"fixed_seeds", salt == kFixedSalt},
                 {"catalog", c.catalog.string()}};
  if (stages > 1) out.details["stage"] = {{"read_at", stage}, {"of", stages}};
  for (const auto* side : {&a, &b})
    for (const auto& s : *side)
      out.details["grid"].push_back({{"process", s.point.specs.process},
                                     {"setting", s.point.specs.setting},
                                     {"weights", s.point.specs.weights},
                                     {"n", s.point.n},
                                     {"m", s.point.m},
                                     {"runs", s.point.runs},
                                     {"seed", s.seed},
                                     {"vars", s.point.vars}});
  decide(c, a, b, out);
  if (stages > 1) out.evidence += fmt::format("; stage {} of {}", stage, stages);
  return out;
}

// The verdict a claim read at `stage` would have with `times` the catalog's runs, conditional on
// the means and spreads it has: the claim's rule reads each point's runs of this stage, each
// repeated equally often up to at least that count (projected_runs), so that the means and
// spreads stay while standard errors shrink as 1/√runs and the quantiles' degrees of freedom
// grow. Integer rounding variance stays (no number of runs removes it). A forecast, not a
// verdict: the means themselves move as runs are added.
Verdict projected_verdict(const Claim& c, const CheckOptions& options, std::uint64_t salt,
                          const PointData& data, unsigned stage, unsigned stages,
                          std::uint64_t times) {
  PointData projected;
  SidePoints points = staged_points(c, options.tier, stages, stages);
  for (auto* side : {&points.first, &points.second})
    for (PointSpec& p : *side) {
      const auto& [seed, runs] = data.at(p.key());
      const std::uint64_t read = std::min<std::uint64_t>(staged_runs(p.runs, stage, stages), runs.size());
      if (read == 0) return Verdict::inconclusive;
      p.runs = projected_runs(p.runs, read, times);
      std::vector<RunResult> repeated;
      repeated.reserve(p.runs);
      for (std::size_t r = 0; r < p.runs; ++r) repeated.push_back(runs[r % read]);
      projected[p.key()] = {seed, std::move(repeated)};
    }
  return decide_claim(c, options, salt, projected, points, stages, stages).verdict;
}

// The runs a point the tier gives every point of a claim, or 0 where they differ.
std::uint64_t tier_runs_a_point(const Claim& c, const std::string& tier) {
  const auto [a, b] = claim_points(c, tier);
  std::uint64_t runs = a.empty() ? 0 : a.front().runs;
  for (const auto* side : {&a, &b})
    for (const PointSpec& p : *side)
      if (p.runs != runs) return 0;
  return runs;
}

// "4× the tier's runs (400 a point)": `times` the tier's `runs` a point (0: they differ).
std::string tier_runs(std::uint64_t runs, std::uint64_t times) {
  const std::string count = runs == 0 ? "" : fmt::format(" ({} a point)", runs * times);
  return times == 1 ? "the tier's runs" + count
                    : fmt::format("{}× the tier's runs{}", times, count);
}

// What more runs would do to a claim left INCONCLUSIVE at `stage`, said in its evidence and
// details: the fewest of 2, 4, 8 or kMostRunsProjected times the tier's runs that would decide
// it if the means stay as they are, and how (a projection, not a verdict), or that none would.
void say_what_more_runs_would_do(const Claim& c, const CheckOptions& options, std::uint64_t salt,
                                 const PointData& data, unsigned stage, unsigned stages,
                                 ClaimOutcome& out) {
  const std::uint64_t runs = tier_runs_a_point(c, options.tier);
  for (std::uint64_t times = 2; times <= kMostRunsProjected; times *= 2) {
    const Verdict v = projected_verdict(c, options, salt, data, stage, stages, times);
    if (v == Verdict::inconclusive) continue;
    out.evidence += fmt::format("; if the means stay as they are, {} would decide it: projected {}",
                                tier_runs(runs, times), to_string(v));
    out.details["more_runs"] = {{"times", times}, {"projected", to_string(v)}};
    if (runs > 0) out.details["more_runs"]["runs_a_point"] = runs * times;
    return;
  }
  out.evidence += fmt::format("; if the means stay as they are, not even {} would decide it (the "
                              "most projected)",
                              tier_runs(runs, kMostRunsProjected));
  out.details["more_runs"] = {{"times", kMostRunsProjected}, {"projected", "INCONCLUSIVE"}};
  if (runs > 0) out.details["more_runs"]["runs_a_point"] = runs * kMostRunsProjected;
}

// Called before a stage simulates: the stage, the claims still open, and the points they need
// with the runs the stage reads. Returning false ends the check there.
using BeforeStage = std::function<bool(unsigned stage, const std::vector<Claim>& open,
                                       const std::vector<PlannedPoint>& needed)>;

// The stages of a check (check_claims, next_stage). Stage s reads the first runs·2^(s − stages)
// runs of every point (staged_runs); a claim that a stage decides (PASS or FAIL) keeps that
// verdict, one left INCONCLUSIVE goes on to the next stage unless the last stage would not
// decide it either (futile), and the last stage's verdict is final. Runs are nested (each stage
// extends the replicates of the one before), so the stages cost no more than the last alone.
// A claim without an outcome is one the check ended before deciding.
std::vector<std::optional<ClaimOutcome>> run_stages(const CheckOptions& options,
                                                    const std::vector<Claim>& claims,
                                                    const BeforeStage& before_stage) {
  const std::uint64_t salt = salt_of(options);
  const unsigned stages = stages_of(options);
  std::vector<std::optional<ClaimOutcome>> outcomes(claims.size());
  PointData data;
  for (unsigned stage = 1; stage <= stages; ++stage) {
    std::vector<Claim> open;
    for (std::size_t i = 0; i < claims.size(); ++i)
      if (!outcomes[i]) open.push_back(claims[i]);
    if (open.empty()) break;
    const auto needed = planned_points(open, options.tier, salt, stage, stages);
    if (!before_stage(stage, open, needed)) break;
    simulate_lacking(needed, data, options,
                     stages > 1 ? fmt::format("stage {}/{} ", stage, stages) : std::string());
    for (std::size_t i = 0; i < claims.size(); ++i) {
      if (outcomes[i]) continue;
      ClaimOutcome out = decide_claim(claims[i], options, salt, data,
                                      staged_points(claims[i], options.tier, stage, stages), stage,
                                      stages);
      const bool open_now = out.verdict == Verdict::inconclusive;
      const bool futile = stage < stages && options.futility_stop && open_now &&
                          projected_verdict(claims[i], options, salt, data, stage, stages, 1) ==
                              Verdict::inconclusive;
      if (futile) {
        out.evidence += fmt::format(" (stopped for futility: {} would not decide it)",
                                    tier_runs(tier_runs_a_point(claims[i], options.tier), 1));
        out.details["stage"]["futile"] = true;
      }
      if (futile || stage == stages || shown(claims[i].rule, out.verdict)) {
        if (open_now) say_what_more_runs_would_do(claims[i], options, salt, data, stage, stages, out);
        outcomes[i] = std::move(out);
      }
    }
  }
  return outcomes;
}

}  // namespace

std::vector<ClaimOutcome> check_claims(const CheckOptions& options) {
  auto outcomes = run_stages(options, selected_claims(options),
                             [](unsigned, const std::vector<Claim>&,
                                const std::vector<PlannedPoint>&) { return true; });
  std::vector<ClaimOutcome> result;
  for (auto& o : outcomes) result.push_back(std::move(*o));
  return result;
}

std::string still_open(const NextStage& next) {
  const std::size_t claims = next.open - next.open_controls;
  std::string who = claims > 0 ? counted(claims, "claim") : "";
  if (next.open_controls > 0)
    who += (who.empty() ? "" : " and ") + counted(next.open_controls, "control");
  return fmt::format("stage {} of {} for the {} still open", next.stage, next.stages, who);
}

NextStage next_stage(CheckOptions options, store::RunStore& db) {
  options.stored = [&db](const PointSpec& point, std::uint64_t seed) {
    return stored_runs(point, seed, db);
  };
  // Only the stages whose every run is stored are read: nothing is simulated.
  options.simulator = [&db](const PointSpec& point, std::uint64_t seed, unsigned threads) {
    return simulate_point(point, seed, threads, &db);
  };
  options.progress = nullptr;
  const std::vector<Claim> claims = selected_claims(options);
  NextStage next;
  next.stages = stages_of(options);
  next.claims = claims.size();
  run_stages(options, claims,
             [&](unsigned stage, const std::vector<Claim>& open,
                 const std::vector<PlannedPoint>& needed) {
               for (const PlannedPoint& p : needed)
                 if (options.stored(p.point, p.seed) < p.point.runs) next.lacking.push_back(p);
               if (next.lacking.empty()) return true;
               next.stage = stage;
               next.open = open.size();
               next.open_controls = static_cast<std::size_t>(std::count_if(
                   open.begin(), open.end(), [](const Claim& c) { return c.control; }));
               return false;
             });
  return next;
}

}  // namespace gapcheck::claims
