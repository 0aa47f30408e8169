#include "cli/output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>

#include "cli/app.hpp"
#include "processes/core/spec.hpp"
#include "processes/core/stream_layout.hpp"
#include "stats/summary.hpp"
#include "store/result_json.hpp"

namespace gapcheck::cli {

void require_written(const std::ostream& out) {
  if (!out) throw OutputError("writing the output failed (" + std::string(std::strerror(errno)) + ")");
}

namespace {

constexpr const char* kGapDefinition = "gap = max_i x_i - W/n (W = total weight)";
constexpr std::size_t kMaxListed = 12;  // distinct gap values listed one by one

// Whole numbers without decimals (unit-weight gaps often are), others with three.
std::string value(double v) {
  if (v == std::round(v) && std::abs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:.3f}", v);
}

using Rows = std::vector<std::pair<std::string, std::uint64_t>>;

Rows listed_rows(const std::map<double, std::uint64_t>& exact) {
  Rows rows;
  for (const auto& [v, count] : exact) rows.emplace_back(value(v), count);
  return rows;
}

// Many distinct values (weighted runs) are grouped into ten equal-width intervals.
Rows interval_rows(const std::vector<double>& gaps) {
  constexpr std::size_t kIntervals = 10;
  Rows rows;
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
  return rows;
}

// Gap value: % of runs, with a bar.
std::string draw_rows(const Rows& rows, std::uint64_t runs) {
  constexpr double kBarWidth = 40;
  std::size_t label_width = 0;
  std::uint64_t most = 1;
  for (const auto& [label, count] : rows) {
    label_width = std::max(label_width, label.size());
    most = std::max(most, count);
  }
  std::string out;
  const double total = static_cast<double>(runs);
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

// The command that repeats this batch exactly: canonical specs, every count as a number.
std::string repeat_command(const Simulation& sim, std::uint64_t seed, std::uint64_t first,
                           std::uint64_t runs) {
  std::string command = fmt::format(
      "{} run --process {} --setting {} --weights {} --n {} --m {} --runs {} --seed {}",
      shell_word(command_name()), shell_word(sim.process.str()), shell_word(sim.setting.str()),
      shell_word(sim.weights.str()), sim.config.n, sim.config.m, runs, seed);
  if (first != 0) command += fmt::format(" --first-replicate {}", first);
  if (sim.config.gap_level != 0)
    command += fmt::format(" --gap-level {}", format_real(sim.config.gap_level));
  command += fmt::format(" --engine {}", engine_name(sim.config.engine));
  return command;
}

std::string repeat_command(const RunReport& report) {
  return repeat_command(report.simulation, report.seed, report.first_replicate,
                        report.results.size());
}

// Everything a batch's output is computed from, gathered one run at a time.
struct BatchWriter::State {
  using json = nlohmann::ordered_json;

  State(Format format, const Simulation& sim, std::uint64_t seed, std::uint64_t first,
        std::uint64_t runs_asked, std::ostream& out)
      : format(format), sim(sim), seed(seed), first(first), runs_asked(runs_asked), out(out) {}

  Format format;
  const Simulation& sim;
  std::uint64_t seed, first, runs_asked;
  std::ostream& out;
  bool started = false;
  std::chrono::steady_clock::time_point last_flush = std::chrono::steady_clock::now();

  std::uint64_t runs = 0, balls = 0, probes = 0;
  stats::OnlineSummary gap, over_time, above;
  std::vector<std::pair<std::string, std::uint64_t>> setting_totals;  // first-seen order
  std::vector<std::string> csv_count_names;
  // The gap distribution: every gap while the table keeps them, the distinct values while few.
  std::vector<double> gaps;
  bool gaps_complete = true;
  std::map<double, std::uint64_t> distinct;
  bool few_distinct = true;
  std::vector<RunResult> kept;  // the single JSON document's runs

  void write(std::string_view text) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    require_written(out);
  }
  // Streamed output reaches its reader at least once a second, and fully at the end.
  void flush(bool now) {
    const auto t = std::chrono::steady_clock::now();
    if (!now && t - last_flush < std::chrono::seconds(1)) return;
    last_flush = t;
    out.flush();
    require_written(out);
  }

  // The fields that say what the batch is: the same in the JSON document and the JSONL header.
  void describe(json& j) const {
    j["gap_definition"] = kGapDefinition;
    j["command"] = repeat_command(sim, seed, first, runs_asked);
    j["process"] = sim.process.str();
    j["setting"] = sim.setting.str();
    j["weights"] = sim.weights.str();
    j["engine"] = engine_name(sim.config.engine);
    j["n"] = sim.config.n;
    j["m"] = sim.config.m;
    j["runs"] = runs_asked;
    j["seed"] = seed;
    j["stream_layout"] = kStreamLayout;
    j["first_replicate"] = first;
    j["gap_level"] = sim.config.gap_level;
  }
  // The summary of the runs so far (sd and interval only from two runs or more).
  void summarize(json& j, const Timing& timing) const {
    const auto s = gap.summary();
    j["gap_mean"] = s.mean;
    j["gap_sd"] = runs < 2 ? json(nullptr) : json(s.sd);
    j["gap_min"] = s.min;
    j["gap_max"] = s.max;
    j["gap_ci95"] = runs < 2 ? json(nullptr) : json{s.ci95_lo, s.ci95_hi};
    j["probes_per_ball"] = probes_per_ball();
    // The only fields that depend on the machine and the thread count.
    j["threads"] = timing.threads;
    j["seconds"] = timing.seconds;
    j["balls_per_second"] = balls_per_second(timing);
    j["runs_from_store"] = timing.stored_runs;
  }

  double probes_per_ball() const {
    return balls == 0 ? 0.0 : static_cast<double>(probes) / static_cast<double>(balls);
  }
  // Balls simulated per second of wall time: runs read back from the store are not counted.
  double balls_per_second(const Timing& timing) const {
    return timing.seconds > 0 ? static_cast<double>(balls - timing.stored_balls) / timing.seconds
                              : 0.0;
  }

  void start() {
    if (started) return;
    started = true;
    if (format == Format::jsonl) {
      json header;
      header["type"] = "batch";
      describe(header);
      write(header.dump() + "\n");
    } else if (format == Format::csv) {
      std::string line =
          "process,setting,weights,engine,n,m,seed,replicate,gap,max_load,max_gap_over_time,"
          "fraction_above_gap_level,balls,steps,probes";
      for (const auto& name : csv_count_names) line += "," + name;
      write(line + "\n");
    }
  }

  void add(const RunResult& r) {
    if (runs == 0)  // every run of a batch reports the same setting counts
      for (const auto& [name, count] : r.setting_counts) csv_count_names.push_back(name);
    start();
    ++runs;
    balls += r.balls;
    probes += r.probes;
    gap.add(r.gap);
    over_time.add(r.max_gap_over_time);
    above.add(r.fraction_above_level);
    for (const auto& [name, count] : r.setting_counts) {
      auto it = std::find_if(setting_totals.begin(), setting_totals.end(),
                             [&name = name](const auto& entry) { return entry.first == name; });
      if (it == setting_totals.end())
        setting_totals.emplace_back(name, count);
      else
        it->second += count;
    }
    switch (format) {
      case Format::table:
        if (gaps_complete && runs <= kTableKeptGaps) {
          gaps.push_back(r.gap);
        } else if (gaps_complete) {
          gaps_complete = false;
          gaps = {};
        }
        if (few_distinct) {
          ++distinct[std::round(r.gap * 1e9) / 1e9];  // as stats::distribution bins them
          if (distinct.size() > kMaxListed) {
            few_distinct = false;
            distinct = {};
          }
        }
        break;
      case Format::json:
        kept.push_back(r);
        break;
      case Format::jsonl: {
        json line{{"type", "run"}};
        line.update(store::result_to_json(r));
        write(line.dump() + "\n");
        flush(false);
        break;
      }
      case Format::csv: {
        std::string row = fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}", csv_text(sim.process.str()),
            csv_text(sim.setting.str()), csv_text(sim.weights.str()),
            csv_text(engine_name(sim.config.engine)),
            sim.config.n, sim.config.m,
            seed, r.replicate, r.gap, r.max_load, r.max_gap_over_time, r.fraction_above_level,
            r.balls, r.steps, r.probes);
        for (const auto& name : csv_count_names) {
          std::uint64_t count = 0;
          for (const auto& [n, v] : r.setting_counts)
            if (n == name) count = v;
          row += fmt::format(",{}", count);
        }
        write(row + "\n");
        flush(false);
        break;
      }
    }
  }

  std::string table(const Timing& timing) const {
    const auto s = gap.summary();
    const auto t = over_time.summary();
    const auto a = above.summary();
    std::string text;
    auto line = [&](std::string_view label, const std::string& content) {
      // Labels longer than the column (a long gap level) keep two spaces before their content.
      text += fmt::format("{:<{}}{}\n", label, std::max<std::size_t>(20, label.size() + 2), content);
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
                             runs == 1 ? std::to_string(first)
                                       : fmt::format("{}..{}", first, first + runs - 1),
                             seed));
    line("stream layout",
         fmt::format("{} (same layout, seed and specs: same numbers)", kStreamLayout));
    line("definition", kGapDefinition);
    line("repeat with", repeat_command(sim, seed, first, runs_asked));
    text += "\n";
    if (runs == 0) return text + "no run finished\n";
    line("final gap",
         runs < 2 ? fmt::format("{}   (one run: no sd or 95% CI, they need two runs or more)",
                                value(s.mean))
                  : fmt::format("mean {}   95% CI [{}, {}]   sd {}   min {}   max {}",
                                value(s.mean), value(s.ci95_lo), value(s.ci95_hi),
                                value(s.sd), value(s.min), value(s.max)));
    line("max gap over time", fmt::format("mean {}   min {}   max {}", value(t.mean),
                                          value(t.min), value(t.max)));
    line(fmt::format("steps with gap > {}", format_real(sim.config.gap_level)),
         fmt::format("{:.2f} % of steps (mean over runs)", 100.0 * a.mean));
    line("probes per ball", value(probes_per_ball()));
    const std::uint64_t simulated = runs - std::min(runs, timing.stored_runs);
    const std::string from_store =
        timing.stored_runs == 0
            ? std::string()
            : fmt::format("; {} read back from the run store", counted(timing.stored_runs, "run"));
    line("balls per second",
         simulated == 0 && runs > 0
             ? fmt::format("none simulated ({} read back from the run store)",
                           runs == 1 ? "the run was" : fmt::format("all {} runs were", runs))
             : fmt::format("{:.3g}   ({} simulated on {} in {} s{})",
                           balls_per_second(timing), counted(simulated, "run"),
                           counted(timing.threads, "thread"),
                           // a batch shorter than a millisecond still shows its time
                           timing.seconds >= 1e-3 ? fmt::format("{:.3f}", timing.seconds)
                                                  : fmt::format("{:.1e}", timing.seconds),
                           from_store));
    for (const auto& [name, count] : setting_totals)
      line(name, fmt::format("{} (all runs)", count));
    text += "\ngap distribution (value: % of runs)\n";
    if (few_distinct)
      text += draw_rows(listed_rows(distinct), runs);
    else if (gaps_complete)
      text += draw_rows(interval_rows(gaps), runs);
    else
      text += fmt::format("  not shown: more than {} distinct values over more than {} runs "
                          "(--csv or --jsonl give every run)\n",
                          kMaxListed, kTableKeptGaps);
    return text;
  }

  json document(const Timing& timing) const {
    json j;
    describe(j);
    j["runs"] = runs;
    auto field = [&](double RunResult::*member) {
      json values = json::array();
      for (const auto& r : kept) values.push_back(r.*member);
      return values;
    };
    j["gaps"] = field(&RunResult::gap);
    json summary;
    summarize(summary, timing);
    for (const char* key : {"gap_mean", "gap_sd", "gap_min", "gap_max", "gap_ci95"})
      j[key] = summary[key];
    j["max_loads"] = field(&RunResult::max_load);
    j["max_gap_over_time"] = field(&RunResult::max_gap_over_time);
    j["fraction_above_gap_level"] = field(&RunResult::fraction_above_level);
    j["probes_per_ball"] = summary["probes_per_ball"];
    json histograms = json::array();
    json counts = json::array();
    for (const auto& r : kept) {
      histograms.push_back(store::histogram_to_json(r.histogram));
      counts.push_back(store::counts_to_json(r.setting_counts));
    }
    j["load_histograms"] = histograms;
    j["setting_counts"] = counts;
    for (const char* key : {"threads", "seconds", "balls_per_second", "runs_from_store"})
      j[key] = summary[key];
    return j;
  }

  void end(const Timing& timing, const std::string& signal) {
    const bool interrupted = !signal.empty();
    const std::string note =
        fmt::format("INTERRUPTED by {} after {} of {} runs: the output covers replicates {} only",
                    signal, runs, runs_asked,
                    runs == 0 ? std::string("(none)")
                              : fmt::format("{}..{}", first, first + runs - 1));
    start();
    switch (format) {
      case Format::table:
        if (interrupted) write(note + "\n\n");
        write(table(timing));
        if (interrupted) write("\n" + note + "\n");
        break;
      case Format::json: {
        json j = document(timing);
        if (!interrupted) {
          write(j.dump(2) + "\n");
          break;
        }
        j["interrupted"] = note;
        std::string text = j.dump(2);
        text.pop_back();  // the closing brace: an interrupted document never parses as whole
        write(text + "\n");
        break;
      }
      case Format::jsonl: {
        json last{{"type", interrupted ? "interrupted" : "summary"}};
        if (interrupted) last["signal"] = signal;
        last["runs"] = runs;
        summarize(last, timing);
        write(last.dump() + "\n");
        break;
      }
      case Format::csv:
        break;  // the rows are written; an interruption is said on stderr
    }
    flush(true);
  }
};

BatchWriter::BatchWriter(Format format, const Simulation& simulation, std::uint64_t seed,
                         std::uint64_t first_replicate, std::uint64_t runs, std::ostream& out)
    : s_(new State{format, simulation, seed, first_replicate, runs, out}) {}

BatchWriter::~BatchWriter() = default;

std::uint64_t BatchWriter::bytes_needed() const {
  switch (s_->format) {
    case Format::table:
      return sizeof(double) * std::min(s_->runs_asked, kTableKeptGaps);
    case Format::json:  // saturates: 2^63 runs would overflow
      return std::min(s_->runs_asked, UINT64_MAX / kJsonBytesPerRun) * kJsonBytesPerRun;
    default:
      return 0;
  }
}

void BatchWriter::add(const RunResult& result) { s_->add(result); }
void BatchWriter::finish(const Timing& timing) { s_->end(timing, ""); }
void BatchWriter::interrupt(const Timing& timing, const std::string& signal) {
  s_->end(timing, signal);
}

std::string format_list() {
  std::string out;
  // `engines` gives a process's engines with its default keys, under the exact setting with unit
  // weights (a key such as ties=index may narrow them).
  auto section = [&](const char* title, const std::vector<Entry>& entries, bool engines) {
    out += fmt::format("{}\n", title);
    for (const auto& e : entries) {
      out += fmt::format("  {:<16}{}\n  {:<16}source: {}\n", e.name, e.definition, "", e.source);
      if (engines) {
        std::string names;
        for (const Engine engine :
             engines_for(Spec::parse(e.name), Spec::parse("exact"), Spec::parse("unit")))
          names += (names.empty() ? "" : ", ") + std::string(engine_name(engine));
        out += fmt::format("  {:<16}engines: {} (default keys, exact setting, unit weights)\n",
                           "", names);
      }
      for (const auto& p : e.params)
        out += fmt::format("  {:<16}  {}={} ({}): {}\n", "", p.key, p.fallback, p.range(), p.help);
    }
    out += "\n";
  };
  section("PROCESSES (--process name[:key=value,...])", process_entries(), true);
  section("SETTINGS (--setting name[:key=value,...])", setting_entries(), false);
  section("WEIGHTS (--weights name[:key=value,...])", weight_entries(), false);
  out += fmt::format("{}\n", kGapDefinition);
  return out;
}

}  // namespace gapcheck::cli
