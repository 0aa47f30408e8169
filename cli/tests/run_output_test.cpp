// `gapcheck run` at scale: streamed outputs (CSV, JSON Lines) in replicate order whatever the
// thread count, summaries that agree with the single JSON document, no interval from one run,
// load histograms whose size does not grow with the weights, batches refused before they
// allocate, and write errors reported. Signals, the progress line and real devices (/dev/full)
// need a separate process: cli/tests/run_process_test.sh.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/resources.hpp"
#include "cli/tests/in_process.hpp"

namespace gapcheck::cli {
namespace {

using json = nlohmann::json;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> batch(std::vector<std::string> extra, const char* runs = "7") {
  std::vector<std::string> args = {"run", "--process", "two-choice", "--n", "100", "--m", "10n",
                                   "--runs", runs, "--seed", "3"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(RunJsonl, BatchLineOneLinePerRunInOrderAndASummaryThatMatchesTheDocument) {
  const Outcome lines_out = gapcheck(batch({"--jsonl", "--threads", "2"}));
  ASSERT_EQ(lines_out.code, 0) << lines_out.err;
  const Outcome doc_out = gapcheck(batch({"--json", "--threads", "1"}));
  ASSERT_EQ(doc_out.code, 0) << doc_out.err;
  const json doc = json::parse(doc_out.out);
  const auto lines = lines_of(lines_out.out);
  ASSERT_EQ(lines.size(), 9u);  // batch, 7 runs, summary
  const json head = json::parse(lines[0]);
  EXPECT_EQ(head["type"], "batch");
  for (const char* key : {"command", "process", "setting", "weights", "n", "m", "runs", "seed",
                          "stream_layout", "first_replicate", "gap_level", "gap_definition"})
    EXPECT_EQ(head[key], doc[key]) << key;
  for (std::size_t r = 0; r < 7; ++r) {
    const json run = json::parse(lines[r + 1]);
    EXPECT_EQ(run["type"], "run");
    EXPECT_EQ(run["replicate"], r);
    EXPECT_EQ(run["gap"], doc["gaps"][r]);
    EXPECT_EQ(run["max_gap_over_time"], doc["max_gap_over_time"][r]);
    EXPECT_EQ(run["histogram"], doc["load_histograms"][r]);
  }
  const json summary = json::parse(lines[8]);
  EXPECT_EQ(summary["type"], "summary");
  EXPECT_EQ(summary["runs"], 7);
  for (const char* key : {"gap_mean", "gap_sd", "gap_min", "gap_max", "gap_ci95", "probes_per_ball"})
    EXPECT_EQ(summary[key], doc[key]) << key;
}

// Replicate order is the output's order, whatever the thread count, across many chunks of runs.
TEST(RunCsv, StreamedRowsDoNotDependOnThreads) {
  auto args = [](const char* threads) {
    return std::vector<std::string>{"run", "--process", "two-choice", "--n", "2", "--m", "3",
                                    "--runs", "3000", "--csv", "--threads", threads};
  };
  const Outcome one = gapcheck(args("1"));
  const Outcome three = gapcheck(args("3"));
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(three.code, 0) << three.err;
  const auto lines = lines_of(one.out);
  ASSERT_EQ(lines.size(), 3001u);
  EXPECT_NE(lines.back().find(",2999,"), std::string::npos) << lines.back();
  EXPECT_EQ(one.out, three.out);
  // Negative control: another seed gives other rows (the comparison can fail).
  auto other = args("1");
  other.insert(other.end(), {"--seed", "2"});
  EXPECT_NE(gapcheck(other).out, one.out);
}

TEST(RunOneRun, NoIntervalFromASingleRun) {
  const Outcome table = gapcheck(batch({}, "1"));
  ASSERT_EQ(table.code, 0) << table.err;
  EXPECT_EQ(table.out.find("95% CI ["), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("one run: no sd or 95% CI"), std::string::npos) << table.out;
  const json doc = json::parse(gapcheck(batch({"--json"}, "1")).out);
  EXPECT_TRUE(doc["gap_ci95"].is_null());
  EXPECT_TRUE(doc["gap_sd"].is_null());
  // Control: two runs have both.
  const json two = json::parse(gapcheck(batch({"--json"}, "2")).out);
  EXPECT_EQ(two["gap_ci95"].size(), 2u);
  EXPECT_TRUE(two["gap_sd"].is_number());
}

// The histogram's size is bounded whatever the scale of the weights; it still counts every bin.
TEST(RunHistogram, BoundedWhateverTheWeightsScale) {
  for (const char* weights : {"exp:mean=1e7", "exp:mean=1e9", "uniform:lo=0,hi=1e9"}) {
    SCOPED_TRACE(weights);
    const Outcome o = gapcheck({"run", "--process", "two-choice", "--weights", weights, "--n",
                                "100", "--m", "10n", "--runs", "3", "--json"});
    ASSERT_EQ(o.code, 0) << o.err;
    const json doc = json::parse(o.out);
    for (const auto& h : doc["load_histograms"]) {
      EXPECT_LE(h["bins"].size(), 1024u);
      EXPECT_GT(h["level_width"].get<std::uint64_t>(), 1u);
      std::uint64_t bins = 0;
      for (const auto& count : h["bins"]) bins += count.get<std::uint64_t>();
      EXPECT_EQ(bins, 100u);
    }
  }
  // Control: small weights keep one level per group.
  const json unit = json::parse(gapcheck(batch({"--json"}, "1")).out);
  EXPECT_EQ(unit["load_histograms"][0]["level_width"], 1);
}

// Refused at once, before anything is allocated, with the need and what the machine has. The
// sizes are far beyond any machine (tens of terabytes), so the test does not depend on this one.
TEST(RunResources, BatchesThatCannotFitAreRefusedBeforeRunning) {
  std::vector<std::vector<std::string>> cases = {
      {"run", "--process", "two-choice", "--setting", "delay:tau=2^40", "--weights", "exp",
       "--n", "100", "--m", "2^40"},
  };
  // About 73 GB for one run: a machine with less than that refuses it too.
  if (available_memory().bytes < 70'000'000'000)
    cases.push_back({"run", "--process", "two-choice", "--n", "4e9", "--weights", "exp:mean=1",
                     "--setting", "batch:b=10n", "--m", "1"});
  for (const auto& args : cases) {
    const Outcome o = gapcheck(args);
    EXPECT_EQ(o.code, kExitBadInput) << o.err;
    EXPECT_EQ(o.out, "");
    EXPECT_NE(o.err.find("needs about"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("available"), std::string::npos) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  }
}

TEST(RunResources, AJsonDocumentThatCannotFitNamesJsonl) {
  const Outcome o = gapcheck({"run", "--process", "two-choice", "--n", "2", "--m", "2", "--runs",
                              "2^50", "--json"});
  EXPECT_EQ(o.code, kExitBadInput);
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find("--jsonl"), std::string::npos) << o.err;
}

// A label longer than the table's column (a long gap level) stays apart from its value, and
// counts of one take the singular.
TEST(RunTable, LongLabelsKeepTheirValueApartAndOneRunIsSingular) {
  const Outcome o = gapcheck(batch({"--gap-level", "12345.5", "--threads", "1"}, "1"));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("steps with gap > 12345.5  0.00 % of steps"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("(1 run simulated on 1 thread in"), std::string::npos) << o.out;
  // One run takes one thread, however many were offered.
  const Outcome one = gapcheck(batch({"--threads", "2"}, "1"));
  EXPECT_NE(one.out.find("(1 run simulated on 1 thread in"), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find(" in 0.000 s"), std::string::npos) << one.out;  // a short batch's time
  const Outcome two = gapcheck(batch({"--gap-level", "1.5", "--threads", "2"}, "2"));
  EXPECT_NE(two.out.find("steps with gap > 1.5  "), std::string::npos) << two.out;
  EXPECT_NE(two.out.find("(2 runs simulated on 2 threads in"), std::string::npos) << two.out;
}

// Runs read back from the run store are said, and left out of the speed: it was the balls of
// every run over the time of the simulated ones (6e10 balls/s for a batch read back whole).
TEST(RunTable, RunsReadBackFromTheStoreAreSaidAndNotTimed) {
  const auto db = (std::filesystem::temp_directory_path() /
                   ("gapcheck_read_back_" + std::to_string(::getpid()) + ".db")).string();
  std::filesystem::remove(db);
  const Outcome first = gapcheck(batch({"--threads", "1", "--db", db}, "2"));
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.out.find("(2 runs simulated on 1 thread in"), std::string::npos) << first.out;
  const Outcome more = gapcheck(batch({"--threads", "1", "--db", db}, "3"));
  EXPECT_NE(more.out.find("(1 run simulated on 1 thread in"), std::string::npos) << more.out;
  EXPECT_NE(more.out.find("; 2 runs read back from the run store)"), std::string::npos) << more.out;
  const Outcome again = gapcheck(batch({"--threads", "1", "--db", db, "--json"}, "3"));
  const auto j = nlohmann::json::parse(again.out);
  EXPECT_EQ(j["runs_from_store"], 3);
  EXPECT_EQ(j["balls_per_second"], 0.0);
  EXPECT_EQ(j["threads"], 0);  // no thread ran a run
  EXPECT_NE(gapcheck(batch({"--threads", "1", "--db", db}, "3")).out.find(
                "none simulated (all 3 runs were read back from the run store)"),
            std::string::npos);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

// A variant's executable names itself in the command that repeats a batch: the standard
// gapcheck does not know the variant's processes.
TEST(RunTable, TheRepeatCommandNamesTheCommandInUse) {
  use_command_name("my_variant_gapcheck");
  const Outcome variant = gapcheck(batch({"--threads", "1"}, "2"));
  use_command_name("gapcheck");
  EXPECT_NE(variant.out.find("repeat with         my_variant_gapcheck run --process two-choice"),
            std::string::npos) << variant.out;
  EXPECT_NE(gapcheck(batch({"--threads", "1"}, "2")).out.find("repeat with         gapcheck run"),
            std::string::npos);
}

TEST(RunWriteErrors, AFailedWriteExitsWith1AndSaysSo) {
  for (const char* format : {"--json", "--csv", "--jsonl", "--quiet"}) {
    SCOPED_TRACE(format);
    const Outcome o = gapcheck_to_full_disk(batch({format}));
    EXPECT_EQ(o.code, kExitInternal);
    EXPECT_NE(o.err.find("writing the output failed"), std::string::npos) << o.err;
  }
  // Control: the same batch to a working stream succeeds.
  EXPECT_EQ(gapcheck(batch({"--json"})).code, 0);
}

TEST(RunWriteErrors, HelpThatCannotBeWrittenExitsWith1) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--help"}, {"run", "--help"}, {"sweep", "--help"}}) {
    const Outcome o = gapcheck_to_full_disk(args);
    EXPECT_EQ(o.code, kExitInternal) << args.front();
    EXPECT_NE(o.err.find("writing the output failed"), std::string::npos) << o.err;
    EXPECT_EQ(gapcheck(args).code, 0);  // control: the same help to a working stream
  }
}

}  // namespace
}  // namespace gapcheck::cli
