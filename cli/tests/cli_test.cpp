// The gapcheck command, run in-process: parsing of counts, bad input, output fields, and the
// reproducibility promises (threads do not change results; a replicate replays alone).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/tests/in_process.hpp"
#include "processes/registry.hpp"

namespace gapcheck::cli {
namespace {

using json = nlohmann::json;

// A small, fast batch: 1000 bins, 100n balls.
std::vector<std::string> small_run(std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"run",  "--process", "two-choice", "--n",    "1000",
                                   "--m",  "100n",      "--runs",     "6",      "--seed",
                                   "1"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

json run_json(std::vector<std::string> args) {
  args.push_back("--json");
  const Outcome o = gapcheck(args);
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.err, "");
  return json::parse(o.out);
}

// ---- counts ----------------------------------------------------------------------------------

struct CountCase {
  const char* n;
  const char* m;
  std::uint64_t want_n;
  std::uint64_t want_m;
};

TEST(CliCounts, NAndMAcceptNumbersPowersAndMultiplesOfN) {
  const CountCase cases[] = {
      {"10000", "10000", 10000, 10000},  {"1e3", "1e6", 1000, 1000000},
      {"2^10", "2^20", 1024, 1048576},   {"10", "1000n", 10, 10000},
      {"10", "2nlnn", 10, 46},  // round(2 * 10 * ln 10) = round(46.05)
  };
  for (const auto& c : cases) {
    const json j = run_json({"run", "--process", "one-choice", "--n", c.n, "--m", c.m, "--runs",
                             "1", "--threads", "1"});
    EXPECT_EQ(j["n"], c.want_n) << c.n;
    EXPECT_EQ(j["m"], c.want_m) << c.m;
  }
}

TEST(CliCounts, NRejectsMultiplesOfN) {
  const Outcome o = gapcheck({"run", "--process", "one-choice", "--n", "1000n", "--m", "10"});
  EXPECT_EQ(o.code, kExitBadInput);
  EXPECT_NE(o.err.find("n=1000n"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
}

// ---- bad input -------------------------------------------------------------------------------

struct BadInput {
  const char* what;
  std::vector<std::string> args;
  std::vector<std::string> err_mentions;  // the bad value and the accepted range
};

std::vector<BadInput> bad_inputs() {
  auto with = [](std::vector<std::string> replace) {
    // Starts from a valid run and overrides options given as {"--key", "value", ...}.
    std::vector<std::string> args = {"run", "--process", "two-choice", "--n", "100", "--m", "1000",
                                     "--runs", "2"};
    for (std::size_t k = 0; k < replace.size(); ++k) {
      const auto it = std::find(args.begin(), args.end(), replace[k]);
      const bool flag = k + 1 == replace.size() || replace[k + 1].starts_with("--");
      if (it != args.end() && !flag) {
        *(it + 1) = replace[++k];
      } else {
        args.push_back(replace[k]);
        if (!flag) args.push_back(replace[++k]);
      }
    }
    return args;
  };
  return {
      {"unknown process", with({"--process", "three-choice"}), {"three-choice", "known:"}},
      {"unknown key", with({"--process", "d-choice:k=3"}), {"'k'", "keys: d"}},
      {"beta above 1", with({"--process", "one-plus-beta:beta=1.5"}), {"beta=1.5", "[0, 1]"}},
      {"beta below 0", with({"--process", "one-plus-beta:beta=-0.1"}), {"beta=-0.1", "[0, 1]"}},
      {"d = 0", with({"--process", "d-choice:d=0"}), {"d=0", "[1, 1024]"}},
      {"n = 0", with({"--n", "0"}), {"n=0", "[1, 2^48)"}},
      {"n = 2^32 on bins", with({"--n", "2^32", "--engine", "bins"}),
       {"n=4294967296", "[1, 2^32) for the bins engine", "up to 2^48"}},
      {"unknown engine", with({"--engine", "fast"}), {"engine=fast", "auto, bins, levels, bulk"}},
      // auto chose bins (Left names bins by index): the limit of bins says why it did
      {"n = 2^33 for left", with({"--process", "left", "--n", "2^33"}),
       {"n=8589934592", "[1, 2^32) for the bins engine, which auto chose", "index group"}},
      {"m = 2^33 under batches", with({"--setting", "batch:b=10", "--m", "2^33"}),
       {"m=8589934592", "[1, 2^32) for unit weights on the bins engine, which auto chose"}},
      {"bulk for quantile", with({"--process", "quantile", "--engine", "bulk"}),
       {"engine=bulk", "quantile", "lightest of d uniform bins",
        "(the bins and levels engines run it)"}},
      {"bulk under a setting", with({"--setting", "g-bounded:g=1", "--engine", "bulk"}),
       {"engine=bulk", "g-bounded:g=1", "the exact setting only"}},
      {"levels for left", with({"--process", "left", "--engine", "levels"}),
       {"engine=levels", "left:d=2", "index group", "(the bins engine runs it)"}},
      {"m not a number", with({"--m", "lots"}), {"m=lots", "1000n"}},
      {"1000n for n", with({"--n", "1000n"}), {"n=1000n", "10000, 1e6"}},
      {"runs = 0", with({"--runs", "0"}), {"runs=0", "[1, 2^63)"}},
      {"json and csv", with({"--json", "--csv"}), {"--json", "--csv", "at most one"}},
      {"threads = 0", with({"--threads", "0"}), {"threads=0", "[1, 1024]"}},
      {"bad spec syntax", with({"--process", "d-choice:d"}), {"d-choice:d", "name[:key=value"}},
      {"uniform hi < lo", with({"--weights", "uniform:lo=2,hi=1"}), {"hi=1", "lo <= hi"}},
      {"unknown setting", with({"--setting", "psychic"}), {"psychic", "known:"}},
      {"unknown weights", with({"--weights", "heavy"}), {"heavy", "known:"}},
      {"unknown option", with({"--bins", "3"}),
       {"unknown option --bins for gapcheck run (its options: --help, --process"}},
      // a misspelt option is named, not read as the required one missing
      {"misspelt option", {"run", "--proces", "two-choice", "--n", "100", "--m", "1000"},
       {"unknown option --proces"}},
      {"flag with a value", with({"--quiet=3"}), {"--quiet takes no value (got --quiet=3)"}},
      {"value missing at the end", with({"--seed"}), {"--seed needs a value"}},
      {"extra argument", with({"extra"}),
       {"unexpected argument 'extra'", "gapcheck run takes no argument without an option name"}},
      {"two grids", {"sweep", "a.toml", "b.toml"},
       {"unexpected argument 'b.toml'", "gapcheck sweep takes 1 argument"}},
      {"n twice", {"run", "--process", "two-choice", "--n", "100", "--n", "200", "--m", "1000"},
       {"--n was given 2 times (give it once) (see gapcheck run --help)"}},
      {"n twice, once with =", {"run", "--process", "two-choice", "--n=100", "--n", "200", "--m",
                                "1000"},
       {"--n was given 2 times"}},
      {"missing m", {"run", "--process", "two-choice", "--n", "100"}, {"--m", "required"}},
      {"negative seed", with({"--seed", "-1"}), {"seed=-1", "whole number"}},
      // the last replicate must replay alone, and first-replicate stops below 2^63
      {"replicates past 2^63", with({"--first-replicate", "9223372036854775807", "--runs", "2"}),
       {"first-replicate=9223372036854775807", "runs=2", "below 2^63"}},
      {"no subcommand", {}, {"subcommand"}},
  };
}

TEST(CliBadInput, OneLineOnStderrNothingOnStdoutExitCode2) {
  for (const auto& bad : bad_inputs()) {
    SCOPED_TRACE(bad.what);
    const Outcome o = gapcheck(bad.args);
    EXPECT_EQ(o.code, kExitBadInput);
    EXPECT_EQ(o.out, "");
    ASSERT_FALSE(o.err.empty());
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_EQ(o.err.back(), '\n');
    for (const auto& mention : bad.err_mentions)
      EXPECT_NE(o.err.find(mention), std::string::npos) << "'" << mention << "' not in: " << o.err;
  }
}

TEST(CliBadInput, ValidBaseOfTheTableRuns) {
  // The negative control of the table above: its starting point is good input.
  const Outcome o = gapcheck({"run", "--process", "two-choice", "--n", "100", "--m", "1000",
                              "--runs", "2"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.err, "");
  EXPECT_FALSE(o.out.empty());
}

// ---- JSON ------------------------------------------------------------------------------------

TEST(CliJson, HasTheDocumentedFields) {
  const json j = run_json(small_run({"--threads", "1"}));
  for (const char* key :
       {"gap_definition", "command", "process", "setting", "weights", "n", "m", "runs", "seed",
        "stream_layout", "first_replicate", "gaps", "gap_mean", "gap_sd", "gap_min", "gap_max",
        "gap_ci95",
        "max_loads", "max_gap_over_time", "fraction_above_gap_level", "probes_per_ball",
        "load_histograms", "threads", "seconds", "balls_per_second", "runs_from_store"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["process"], "two-choice:ties=random");  // canonical: every key with its value
  EXPECT_EQ(j["setting"], "exact");
  EXPECT_EQ(j["weights"], "unit");
  EXPECT_EQ(j["n"], 1000);
  EXPECT_EQ(j["m"], 100000);
  EXPECT_EQ(j["runs"], 6);
  EXPECT_EQ(j["seed"], 1);
  ASSERT_EQ(j["gaps"].size(), 6u);
  ASSERT_EQ(j["max_gap_over_time"].size(), 6u);
  ASSERT_EQ(j["gap_ci95"].size(), 2u);
  double sum = 0;
  for (std::size_t r = 0; r < 6; ++r) {
    const double gap = j["gaps"][r];
    sum += gap;
    EXPECT_GE(gap, 0);
    EXPECT_GE(j["max_gap_over_time"][r].get<double>(), gap);
    EXPECT_EQ(j["max_loads"][r].get<double>(), gap + 100);  // W/n = 100
  }
  EXPECT_NEAR(j["gap_mean"].get<double>(), sum / 6, 1e-12);
  EXPECT_LE(j["gap_ci95"][0].get<double>(), j["gap_mean"].get<double>());
  EXPECT_GE(j["gap_ci95"][1].get<double>(), j["gap_mean"].get<double>());
  EXPECT_DOUBLE_EQ(j["probes_per_ball"].get<double>(), 2.0);  // two samples per ball
  EXPECT_GT(j["balls_per_second"].get<double>(), 0);
}

json without_timing(json j) {
  for (const char* key : {"threads", "seconds", "balls_per_second"}) {
    EXPECT_TRUE(j.contains(key)) << key;
    j.erase(key);
  }
  return j;
}

TEST(CliJson, ThreadsDoNotChangeResults) {
  const json one = run_json(small_run({"--threads", "1"}));
  const json two = run_json(small_run({"--threads", "2"}));
  const json three = run_json(small_run({"--threads", "3"}));
  EXPECT_EQ(without_timing(one), without_timing(two));
  EXPECT_EQ(without_timing(one), without_timing(three));
}

TEST(CliJson, SeedChangesResults) {
  // Negative control for the test above: equal outputs must not be a constant.
  const json a = run_json(small_run({"--threads", "1"}));
  auto args = small_run({"--threads", "1"});
  *(std::find(args.begin(), args.end(), "--seed") + 1) = "2";
  const json b = run_json(args);
  EXPECT_NE(a["max_gap_over_time"], b["max_gap_over_time"]);
}

TEST(CliJson, AReplicateReplaysAlone) {
  const json batch = run_json(small_run({"--threads", "2"}));
  for (int r : {0, 3, 5}) {
    auto args = small_run({"--first-replicate", std::to_string(r), "--threads", "1"});
    *(std::find(args.begin(), args.end(), "--runs") + 1) = "1";
    const json alone = run_json(args);
    ASSERT_EQ(alone["gaps"].size(), 1u);
    EXPECT_EQ(alone["gaps"][0], batch["gaps"][r]) << "replicate " << r;
    EXPECT_EQ(alone["max_gap_over_time"][0], batch["max_gap_over_time"][r]);
    EXPECT_EQ(alone["load_histograms"][0], batch["load_histograms"][r]);
    EXPECT_EQ(alone["first_replicate"], r);
  }
}

TEST(CliJson, RepeatCommandReproducesTheBatch) {
  const json j = run_json({"run", "--process", "one-plus-beta", "--n", "2^9", "--m", "20n",
                           "--runs", "3", "--seed", "7", "--threads", "1"});
  std::istringstream words(j["command"].get<std::string>());
  std::vector<std::string> args;
  for (std::string w; words >> w;) args.push_back(w);
  ASSERT_EQ(args.front(), "gapcheck");
  args.erase(args.begin());
  args.insert(args.end(), {"--threads", "1"});
  EXPECT_EQ(without_timing(run_json(args)), without_timing(j));
}

// ---- CSV and table ---------------------------------------------------------------------------

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(CliCsv, OneRowPerRunAfterAHeader) {
  const json j = run_json(small_run({"--threads", "1"}));
  const Outcome o = gapcheck(small_run({"--csv", "--threads", "1"}));
  ASSERT_EQ(o.code, 0) << o.err;
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_TRUE(lines[0].starts_with("process,setting,weights,engine,n,m,seed,replicate,gap,"))
      << lines[0];
  const auto columns = std::count(lines[0].begin(), lines[0].end(), ',');
  for (std::size_t r = 1; r < lines.size(); ++r) {
    EXPECT_EQ(std::count(lines[r].begin(), lines[r].end(), ','), columns) << lines[r];
    EXPECT_TRUE(lines[r].starts_with("\"two-choice:ties=random\",\"exact\",\"unit\",\"bins\",1000,100000,1," +
                                     std::to_string(r - 1) + ","))
        << lines[r];
    // The gap column matches the JSON gaps of the same replicate.
    std::istringstream cells(lines[r]);
    std::string cell;
    for (int c = 0; c < 9; ++c) std::getline(cells, cell, ',');
    EXPECT_DOUBLE_EQ(std::stod(cell), j["gaps"][r - 1].get<double>());
  }
}

TEST(CliTable, RecordsParametersSeedDefinitionAndSummary) {
  const Outcome o = gapcheck(small_run({"--threads", "1"}));
  ASSERT_EQ(o.code, 0) << o.err;
  for (const char* text :
       {"two-choice:ties=random", "exact", "unit", "1000 bins", "100000 balls (= 100n)",
        "seed 1", "max_i x_i - W/n", "gapcheck run --process two-choice:ties=random",
        "95% CI [", "sd ", "min ", "max ", "max gap over time", "probes per ball     2",
        "balls per second", "gap distribution (value: % of runs)", " %  #"})
    EXPECT_NE(o.out.find(text), std::string::npos) << "'" << text << "' not in:\n" << o.out;
}

TEST(CliTable, WeightedGapsAreGroupedIntoIntervals) {
  const Outcome o = gapcheck({"run", "--process", "two-choice", "--weights", "exp", "--n", "100",
                              "--m", "10n", "--runs", "30", "--threads", "1"});
  ASSERT_EQ(o.code, 0) << o.err;
  const auto from = o.out.find("gap distribution");
  ASSERT_NE(from, std::string::npos);
  const auto rows = lines_of(o.out.substr(from));
  EXPECT_EQ(rows.size(), 11u) << o.out;  // title and ten intervals
  EXPECT_NE(o.out.find("]  "), std::string::npos) << o.out;
}

// ---- list, help ------------------------------------------------------------------------------

TEST(CliList, NamesEveryRegisteredEntry) {
  const Outcome o = gapcheck({"list"});
  ASSERT_EQ(o.code, 0) << o.err;
  ASSERT_FALSE(process_entries().empty());
  for (const auto* entries : {&process_entries(), &setting_entries(), &weight_entries()})
    for (const auto& e : *entries) {
      EXPECT_NE(o.out.find("  " + e.name + " "), std::string::npos) << e.name;
      for (const auto& p : e.params)
        EXPECT_NE(o.out.find(p.key + "="), std::string::npos) << e.name << " " << p.key;
    }
}

// Each process names the engines that run it, as `run --engine` accepts or refuses them.
TEST(CliList, NamesTheEnginesOfEveryProcess) {
  const Outcome list = gapcheck({"list"});
  const auto engines_of = [&](const std::string& name) -> std::string {
    const auto entry = list.out.find("  " + name + " ");
    const auto at = list.out.find("engines: ", entry);
    if (entry == std::string::npos || at == std::string::npos) return "(no engines line)";
    return list.out.substr(at, list.out.find('\n', at) - at);
  };
  const std::string under = " (default keys, exact setting, unit weights)";
  EXPECT_EQ(engines_of("two-choice"), "engines: bins, levels, bulk" + under);
  EXPECT_EQ(engines_of("quantile"), "engines: bins, levels" + under);
  EXPECT_EQ(engines_of("left"), "engines: bins" + under);
  for (const auto& e : process_entries()) {
    EXPECT_EQ(engines_of(e.name).rfind("engines: bins", 0), 0u) << engines_of(e.name);
    for (const char* engine : {"levels", "bulk"}) {
      const bool listed = engines_of(e.name).find(engine) != std::string::npos;
      const Outcome run = gapcheck({"run", "--process", e.name, "--n", "100", "--m", "2n",
                                    "--engine", engine, "--quiet"});
      EXPECT_EQ(run.code == 0, listed) << e.name << " on " << engine << ": " << run.err;
    }
  }
}

// FirstDiff runs with a probe cap and is named by it: the cap is in `gapcheck list` and in every
// output's canonical spec, and no `d` suggests a probe bound the process does not keep.
TEST(CliList, FirstDiffIsNamedByItsCap) {
  const Outcome list = gapcheck({"list"});
  const auto line_start = list.out.find("  first-diff ");
  ASSERT_NE(line_start, std::string::npos);
  const std::string entry = list.out.substr(line_start, list.out.find("\n  ", line_start + 3) - line_start);
  EXPECT_NE(entry.find("cap"), std::string::npos) << entry;
  const json j = run_json({"run", "--process", "first-diff", "--n", "100", "--m", "10n", "--runs", "2"});
  EXPECT_EQ(j["process"], "first-diff:cap=4");
  const Outcome old_name = gapcheck({"run", "--process", "first-diff:d=2", "--n", "100", "--m", "10n"});
  EXPECT_EQ(old_name.code, 2);
  EXPECT_NE(old_name.err.find("unknown key 'd'"), std::string::npos) << old_name.err;
}

TEST(CliHelp, HelpGoesToStdoutWithExitCode0) {
  const Outcome o = gapcheck({"run", "--help"});
  EXPECT_EQ(o.code, 0);
  EXPECT_NE(o.out.find("--first-replicate"), std::string::npos) << o.out;
  EXPECT_EQ(o.err, "");
}

}  // namespace
}  // namespace gapcheck::cli
