#include "cli/output.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

#include "stats/summary.hpp"

namespace gapcheck::cli {
namespace {

constexpr const char* kGapDefinition = "gap = max_i x_i - W/n (W = total weight)";

std::vector<double> field(const std::vector<RunResult>& results, double RunResult::*member) {
  std::vector<double> values;
  values.reserve(results.size());
  for (const auto& r : results) values.push_back(r.*member);
  return values;
}

std::uint64_t total(const std::vector<RunResult>& results, std::uint64_t RunResult::*member) {
  std::uint64_t sum = 0;
  for (const auto& r : results) sum += r.*member;
  return sum;
}

double probes_per_ball(const RunReport& report) {
  const auto balls = total(report.results, &RunResult::balls);
  return balls == 0 ? 0.0
                    : static_cast<double>(total(report.results, &RunResult::probes)) /
                          static_cast<double>(balls);
}

double balls_per_second(const RunReport& report) {
  return report.seconds > 0
             ? static_cast<double>(total(report.results, &RunResult::balls)) / report.seconds
             : 0.0;
}

// Setting counts summed over runs, in first-seen order.
std::vector<std::pair<std::string, std::uint64_t>> setting_totals(const RunReport& report) {
  std::vector<std::pair<std::string, std::uint64_t>> totals;
  for (const auto& r : report.results)
    for (const auto& [name, value] : r.setting_counts) {
      auto it = std::find_if(totals.begin(), totals.end(),
                             [&](const auto& entry) { return entry.first == name; });
      if (it == totals.end())
        totals.emplace_back(name, value);
      else
        it->second += value;
    }
  return totals;
}

}  // namespace

std::string format_table(const RunReport& report) {
  const auto& sim = report.simulation;
  const auto gaps = field(report.results, &RunResult::gap);
  const auto s = stats::summarize(gaps);
  std::string out;
  out += fmt::format("process   {}\nsetting   {}\nweights   {}\n", sim.process.str(),
                     sim.setting.str(), sim.weights.str());
  out += fmt::format("n {}  m {}  runs {}  seed {}  first replicate {}\n", sim.config.n,
                     sim.config.m, report.results.size(), report.seed, report.first_replicate);
  out += fmt::format("{}\n\n", kGapDefinition);
  out += fmt::format("gap       mean {:.4f}  95% CI [{:.4f}, {:.4f}]  sd {:.4f}  min {:.4g}  max {:.4g}\n",
                     s.mean, s.ci95_lo, s.ci95_hi, s.sd, s.min, s.max);
  const auto over_time = stats::summarize(field(report.results, &RunResult::max_gap_over_time));
  out += fmt::format("max gap over time   mean {:.4f}  max {:.4g}\n", over_time.mean,
                     over_time.max);
  out += fmt::format("probes per ball     {:.4f}\n", probes_per_ball(report));
  out += fmt::format("balls per second    {:.4g}  ({} threads, {:.3f} s)\n",
                     balls_per_second(report), report.threads, report.seconds);
  for (const auto& [name, value] : setting_totals(report))
    out += fmt::format("{:<20}{} (all runs)\n", name, value);
  out += "\ngap distribution (value: % of runs)\n";
  for (const auto& [value, count] : stats::distribution(gaps))
    out += fmt::format("  {:>12.6g}: {:6.2f} %\n", value,
                       100.0 * static_cast<double>(count) / static_cast<double>(gaps.size()));
  return out;
}

std::string format_json(const RunReport& report) {
  using json = nlohmann::ordered_json;
  const auto& sim = report.simulation;
  const auto gaps = field(report.results, &RunResult::gap);
  const auto s = stats::summarize(gaps);
  json j;
  j["gap_definition"] = kGapDefinition;
  j["process"] = sim.process.str();
  j["setting"] = sim.setting.str();
  j["weights"] = sim.weights.str();
  j["n"] = sim.config.n;
  j["m"] = sim.config.m;
  j["runs"] = report.results.size();
  j["seed"] = report.seed;
  j["first_replicate"] = report.first_replicate;
  j["gap_level"] = sim.config.gap_level;
  j["gaps"] = gaps;
  j["gap_mean"] = s.mean;
  j["gap_sd"] = s.sd;
  j["gap_min"] = s.min;
  j["gap_max"] = s.max;
  j["gap_ci95"] = {s.ci95_lo, s.ci95_hi};
  j["max_loads"] = field(report.results, &RunResult::max_load);
  j["max_gap_over_time"] = field(report.results, &RunResult::max_gap_over_time);
  j["fraction_above_gap_level"] = field(report.results, &RunResult::fraction_above_level);
  j["probes_per_ball"] = probes_per_ball(report);
  json histograms = json::array();
  json counts = json::array();
  for (const auto& r : report.results) {
    histograms.push_back({{"first_level", r.histogram.first_level}, {"bins", r.histogram.bins}});
    json c = json::object();
    for (const auto& [name, value] : r.setting_counts) c[name] = value;
    counts.push_back(c);
  }
  j["load_histograms"] = histograms;
  j["setting_counts"] = counts;
  // The only fields that depend on the machine and the thread count.
  j["threads"] = report.threads;
  j["seconds"] = report.seconds;
  j["balls_per_second"] = balls_per_second(report);
  return j.dump(2) + "\n";
}

std::string format_csv(const RunReport& report) {
  const auto& sim = report.simulation;
  std::vector<std::string> count_names;
  for (const auto& [name, value] : setting_totals(report)) count_names.push_back(name);
  std::string out =
      "process,setting,weights,n,m,seed,replicate,gap,max_load,max_gap_over_time,"
      "fraction_above_gap_level,balls,steps,probes";
  for (const auto& name : count_names) out += "," + name;
  out += "\n";
  auto quoted = [](const std::string& s) { return "\"" + s + "\""; };
  for (const auto& r : report.results) {
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}", quoted(sim.process.str()),
                       quoted(sim.setting.str()), quoted(sim.weights.str()), sim.config.n,
                       sim.config.m, report.seed, r.replicate, r.gap, r.max_load,
                       r.max_gap_over_time, r.fraction_above_level, r.balls, r.steps, r.probes);
    for (const auto& name : count_names) {
      std::uint64_t value = 0;
      for (const auto& [n, v] : r.setting_counts)
        if (n == name) value = v;
      out += fmt::format(",{}", value);
    }
    out += "\n";
  }
  return out;
}

std::string format_list() {
  std::string out;
  auto section = [&](const char* title, const std::vector<Entry>& entries) {
    out += fmt::format("{}\n", title);
    for (const auto& e : entries) {
      out += fmt::format("  {:<16}{}\n  {:<16}source: {}\n", e.name, e.definition, "", e.source);
      for (const auto& p : e.params)
        out += fmt::format("  {:<16}  {}={} ({}): {}\n", "", p.key, p.fallback, p.range(), p.help);
    }
    out += "\n";
  };
  section("PROCESSES (--process name[:key=value,...])", process_entries());
  section("SETTINGS (--setting name[:key=value,...])", setting_entries());
  section("WEIGHTS (--weights name[:key=value,...])", weight_entries());
  out += fmt::format("{}\n", kGapDefinition);
  return out;
}

}  // namespace gapcheck::cli
