#include "cli/output.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string_view>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

#include "processes/core/stream_layout.hpp"
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

// Whole numbers without decimals (unit-weight gaps often are), others with three.
std::string value(double v) {
  if (v == std::round(v) && std::abs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:.3f}", v);
}

// Gap value: % of runs, with a bar. Few distinct values are listed one by one (unit weights);
// many (weighted runs) are grouped into ten equal-width intervals.
std::string format_distribution(const std::vector<double>& gaps) {
  constexpr std::size_t kMaxListed = 12;
  constexpr std::size_t kIntervals = 10;
  constexpr double kBarWidth = 40;
  std::vector<std::pair<std::string, std::uint64_t>> rows;
  const auto exact = stats::distribution(gaps);
  if (exact.size() <= kMaxListed) {
    for (const auto& [v, count] : exact) rows.emplace_back(value(v), count);
  } else {
    const auto [lo, hi] = std::minmax_element(gaps.begin(), gaps.end());
    const double width = (*hi - *lo) / kIntervals;
    std::vector<std::uint64_t> counts(kIntervals, 0);
    for (const double g : gaps)
      ++counts[std::min(kIntervals - 1, static_cast<std::size_t>((g - *lo) / width))];
    for (std::size_t k = 0; k < kIntervals; ++k)
      rows.emplace_back(fmt::format("[{:.3f}, {:.3f}{}", *lo + width * static_cast<double>(k),
                                    *lo + width * static_cast<double>(k + 1),
                                    k + 1 == kIntervals ? "]" : ")"),
                        counts[k]);
  }
  std::size_t label_width = 0;
  std::uint64_t most = 1;
  for (const auto& [label, count] : rows) {
    label_width = std::max(label_width, label.size());
    most = std::max(most, count);
  }
  std::string out;
  const double total = static_cast<double>(gaps.size());
  for (const auto& [label, count] : rows) {
    const auto bar = static_cast<std::size_t>(
        std::lround(kBarWidth * static_cast<double>(count) / static_cast<double>(most)));
    out += fmt::format("  {:>{}}  {:6.2f} %", label, label_width,
                       100.0 * static_cast<double>(count) / total);
    out += bar == 0 ? "\n" : "  " + std::string(bar, '#') + "\n";
  }
  return out;
}

}  // namespace

// A spec goes into the shell command as is when it holds only characters the shell leaves alone.
std::string shell_word(const std::string& word) {
  const bool plain = std::all_of(word.begin(), word.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("-_.:=,^+/").find(static_cast<char>(c)) !=
                                  std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The command that repeats this batch exactly: canonical specs, every count as a number.
std::string repeat_command(const RunReport& report) {
  const auto& sim = report.simulation;
  std::string command = fmt::format(
      "gapcheck run --process {} --setting {} --weights {} --n {} --m {} --runs {} --seed {}",
      shell_word(sim.process.str()), shell_word(sim.setting.str()),
      shell_word(sim.weights.str()), sim.config.n, sim.config.m, report.results.size(),
      report.seed);
  if (report.first_replicate != 0)
    command += fmt::format(" --first-replicate {}", report.first_replicate);
  if (sim.config.gap_level != 0)
    command += fmt::format(" --gap-level {}", format_real(sim.config.gap_level));
  command += fmt::format(" --engine {}", engine_name(sim.config.engine));
  return command;
}


std::string format_table(const RunReport& report) {
  const auto& sim = report.simulation;
  const auto runs = report.results.size();
  const auto gaps = field(report.results, &RunResult::gap);
  const auto s = stats::summarize(gaps);
  const auto over_time = stats::summarize(field(report.results, &RunResult::max_gap_over_time));
  const auto above = stats::summarize(field(report.results, &RunResult::fraction_above_level));
  std::string out;
  auto line = [&](std::string_view label, const std::string& text) {
    out += fmt::format("{:<20}{}\n", label, text);
  };
  line("process", sim.process.str());
  line("setting", sim.setting.str());
  line("weights", sim.weights.str());
  line("engine", engine_name(sim.config.engine));
  line("n", fmt::format("{} bins", sim.config.n));
  line("m", fmt::format("{} balls{}", sim.config.m,
                        sim.config.m % sim.config.n == 0
                            ? fmt::format(" (= {}n)", sim.config.m / sim.config.n)
                            : std::string()));
  line("runs", fmt::format("{} ({} {}), seed {}", runs, runs == 1 ? "replicate" : "replicates",
                           runs == 1 ? std::to_string(report.first_replicate)
                                     : fmt::format("{}..{}", report.first_replicate,
                                                   report.first_replicate + runs - 1),
                           report.seed));
  line("stream layout", fmt::format("{} (same layout, seed and specs: same numbers)", kStreamLayout));
  line("definition", kGapDefinition);
  line("repeat with", repeat_command(report));
  out += "\n";
  line("final gap", fmt::format("mean {}   95% CI [{}, {}]   sd {}   min {}   max {}",
                                value(s.mean), value(s.ci95_lo), value(s.ci95_hi), value(s.sd),
                                value(s.min), value(s.max)));
  line("max gap over time",
       fmt::format("mean {}   min {}   max {}", value(over_time.mean), value(over_time.min),
                   value(over_time.max)));
  line(fmt::format("steps with gap > {}", format_real(sim.config.gap_level)),
       fmt::format("{:.2f} % of steps (mean over runs)", 100.0 * above.mean));
  line("probes per ball", value(probes_per_ball(report)));
  line("balls per second",
       fmt::format("{:.3g}   ({} runs on {} thread{} in {:.3f} s)", balls_per_second(report),
                   runs, report.threads, report.threads == 1 ? "" : "s", report.seconds));
  for (const auto& [name, count] : setting_totals(report))
    line(name, fmt::format("{} (all runs)", count));
  out += "\ngap distribution (value: % of runs)\n";
  out += format_distribution(gaps);
  return out;
}

std::string format_json(const RunReport& report) {
  using json = nlohmann::ordered_json;
  const auto& sim = report.simulation;
  const auto gaps = field(report.results, &RunResult::gap);
  const auto s = stats::summarize(gaps);
  json j;
  j["gap_definition"] = kGapDefinition;
  j["command"] = repeat_command(report);
  j["process"] = sim.process.str();
  j["setting"] = sim.setting.str();
  j["weights"] = sim.weights.str();
  j["engine"] = engine_name(sim.config.engine);
  j["n"] = sim.config.n;
  j["m"] = sim.config.m;
  j["runs"] = report.results.size();
  j["seed"] = report.seed;
  j["stream_layout"] = kStreamLayout;
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
      "process,setting,weights,engine,n,m,seed,replicate,gap,max_load,max_gap_over_time,"
      "fraction_above_gap_level,balls,steps,probes";
  for (const auto& name : count_names) out += "," + name;
  out += "\n";
  auto quoted = [](const std::string& s) { return "\"" + s + "\""; };
  for (const auto& r : report.results) {
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}", quoted(sim.process.str()),
                       quoted(sim.setting.str()), quoted(sim.weights.str()),
                       engine_name(sim.config.engine), sim.config.n,
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
