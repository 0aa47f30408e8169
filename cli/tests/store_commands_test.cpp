// `gapcheck sweep`, `export`, `merge` and `run --db`, in-process: every exported row's command,
// run by `gapcheck run`, prints the row's numbers again; a store is reused; bad grids are one
// line and exit 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/tests/in_process.hpp"

namespace gapcheck::cli {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The words of a command as exported (specs there need no quoting), without "gapcheck".
std::vector<std::string> words(const std::string& command) {
  std::istringstream in(command);
  std::vector<std::string> args;
  for (std::string w; in >> w;) args.push_back(w);
  EXPECT_EQ(args.at(0), "gapcheck");
  args.erase(args.begin());
  return args;
}

// The pieces of `text` between separators, empty ones included (CSV fields, lines).
std::vector<std::string> split(const std::string& text, char separator) {
  std::istringstream in(text);
  std::vector<std::string> pieces;
  for (std::string piece; std::getline(in, piece, separator);) pieces.push_back(piece);
  return pieces;
}

class StoreCommands : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("gapcheck_cli_store_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
            std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    db_ = (dir_ / "runs.db").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string grid(const std::string& text) {
    const auto path = dir_ / "grid.toml";
    std::ofstream(path) << text;
    return path.string();
  }

  fs::path dir_;
  std::string db_;
};

constexpr const char* kGrid = R"(
processes = ["two-choice", "one-plus-beta:beta=0.5"]
settings  = ["exact", "batch:b=2n"]
weights   = ["unit", "exp"]
n         = [40]
m         = ["5n"]
runs      = 3
seed      = 5
gap_level = 1.5
)";

TEST_F(StoreCommands, EveryExportedRunIsWhatItsCommandPrints) {
  const auto swept = gapcheck({"sweep", grid(kGrid), "--db", db_, "--threads", "2"});
  ASSERT_EQ(swept.code, 0) << swept.err;
  EXPECT_NE(swept.out.find("done    24 runs"), std::string::npos) << swept.out;
  const auto exported = gapcheck({"export", "--db", db_, "--json"});
  ASSERT_EQ(exported.code, 0) << exported.err;
  const json rows = json::parse(exported.out);
  ASSERT_EQ(rows.size(), 24u);
  for (const auto& row : rows) {
    auto args = words(row["command"]);
    args.push_back("--json");
    const auto again = gapcheck(args);
    ASSERT_EQ(again.code, 0) << again.err;
    const json run = json::parse(again.out);
    EXPECT_EQ(run["gaps"][0], row["gap"]) << row["command"];
    EXPECT_EQ(run["max_loads"][0], row["max_load"]);
    EXPECT_EQ(run["max_gap_over_time"][0], row["max_gap_over_time"]);
    EXPECT_EQ(run["fraction_above_gap_level"][0], row["fraction_above_gap_level"]);
    EXPECT_EQ(run["load_histograms"][0], row["histogram"]);
    EXPECT_EQ(run["setting_counts"][0], row["setting_counts"]);
  }
}

TEST_F(StoreCommands, EveryExportedPointIsWhatItsCommandPrints) {
  ASSERT_EQ(gapcheck({"sweep", grid(kGrid), "--db", db_}).code, 0);
  const auto exported = gapcheck({"export", "--db", db_, "--json", "--per-point"});
  ASSERT_EQ(exported.code, 0) << exported.err;
  const json points = json::parse(exported.out);
  ASSERT_EQ(points.size(), 8u);
  for (const auto& point : points) {
    auto args = words(point["command"]);
    args.push_back("--json");
    const json run = json::parse(gapcheck(args).out);
    EXPECT_EQ(run["runs"], point["runs"]);
    EXPECT_EQ(run["gap_mean"], point["gap_mean"]) << point["command"];
    EXPECT_EQ(run["gap_sd"], point["gap_sd"]);
  }
  const auto csv = gapcheck({"export", "--db", db_, "--csv", "--per-point"});
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 9);  // header + 8 points
}

TEST_F(StoreCommands, APointOfOneRunHasNoSdOrInterval) {
  ASSERT_EQ(gapcheck({"run", "--process", "one-choice", "--n", "10", "--m", "10", "--runs", "1",
                      "--db", db_, "--quiet"})
                .code,
            0);
  const json point = json::parse(gapcheck({"export", "--db", db_, "--json", "--per-point"}).out);
  ASSERT_EQ(point.size(), 1u);
  EXPECT_EQ(point[0]["runs"], 1);
  for (const char* key : {"gap_sd", "gap_ci95_lo", "gap_ci95_hi"})
    EXPECT_TRUE(point[0][key].is_null()) << key << ": " << point[0][key];
  EXPECT_TRUE(point[0]["gap_mean"].is_number());
  // In CSV the three fields are empty; the header names them.
  const std::string csv = gapcheck({"export", "--db", db_, "--csv", "--per-point"}).out;
  const auto lines = split(csv, '\n');
  ASSERT_EQ(lines.size(), 2u) << csv;
  const auto header = split(lines[0], ',');
  const auto fields = split(lines[1], ',');
  for (const char* key : {"gap_sd", "gap_ci95_lo", "gap_ci95_hi", "gap_mean"}) {
    const auto at = std::find(header.begin(), header.end(), key) - header.begin();
    ASSERT_LT(at, static_cast<long>(fields.size())) << csv;
    EXPECT_EQ(fields[at].empty(), std::string(key) != "gap_mean") << key << ": " << csv;
  }
}

TEST_F(StoreCommands, RunWithDbStoresAndReusesItsRuns) {
  const std::vector<std::string> run = {"run", "--process", "two-choice", "--n", "50", "--m",
                                        "10n", "--runs", "4", "--seed", "9", "--json"};
  auto with_db = run;
  with_db.insert(with_db.end(), {"--db", db_});
  const json plain = json::parse(gapcheck(run).out);
  const json first = json::parse(gapcheck(with_db).out);
  const json again = json::parse(gapcheck(with_db).out);  // read back from the store
  EXPECT_EQ(first["gaps"], plain["gaps"]);
  EXPECT_EQ(again["gaps"], plain["gaps"]);
  EXPECT_EQ(again["load_histograms"], plain["load_histograms"]);
  EXPECT_EQ(json::parse(gapcheck({"export", "--db", db_, "--json"}).out).size(), 4u);
}

TEST_F(StoreCommands, StatusRunsNothingAndCreatesNothing) {
  const auto status = gapcheck({"sweep", grid(kGrid), "--db", db_, "--status"});
  ASSERT_EQ(status.code, 0) << status.err;
  EXPECT_NE(status.out.find("left    24 runs"), std::string::npos) << status.out;
  EXPECT_FALSE(fs::exists(db_));
}

// Every command's output that cannot be written (a full disk) exits 1 and says so, as `run`'s
// does; the same commands to a working stream exit 0 (the control).
TEST_F(StoreCommands, OutputThatCannotBeWrittenExitsWith1) {
  ASSERT_EQ(gapcheck({"sweep", grid(kGrid), "--db", db_}).code, 0);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"export", "--db", db_, "--csv"},
        std::vector<std::string>{"export", "--db", db_, "--json", "--per-point"},
        std::vector<std::string>{"sweep", grid(kGrid), "--db", db_, "--status"}}) {
    SCOPED_TRACE(args.at(0) + " " + args.back());
    const Outcome full = gapcheck_to_full_disk(args);
    EXPECT_EQ(full.code, kExitInternal);
    EXPECT_NE(full.err.find("writing the output failed"), std::string::npos) << full.err;
    const Outcome written = gapcheck(args);
    EXPECT_EQ(written.code, 0) << written.err;
    EXPECT_FALSE(written.out.empty());
  }
}

// Two spellings of one point, and two counts of the same m, make one point of the grid.
TEST_F(StoreCommands, APointNamedTwiceIsSweptOnce) {
  const auto status = gapcheck(
      {"sweep",
       grid("processes = [\"two-choice\", \"two-choice:ties=random\", \"one-choice\"]\n"
            "n = [100]\nm = [\"2n\", \"200\"]\nruns = 2\n"),
       "--db", db_, "--status"});
  ASSERT_EQ(status.code, 0) << status.err;
  EXPECT_NE(status.out.find("2 points x 2 runs = 4 runs"), std::string::npos) << status.out;
}

// A grid's `engines` runs every point on each engine named; the store keeps them apart, the
// status names them, and every exported row's command (which names its engine) prints its row.
TEST_F(StoreCommands, AGridSweepsEveryEngineItNames) {
  const auto g = grid(
      "processes = [\"one-choice\", \"two-choice\"]\nengines = [\"bins\", \"levels\", "
      "\"bulk\", \"auto\"]\nn = [64]\nm = [\"20n\"]\nruns = 2\nseed = 3\n");
  const auto swept = gapcheck({"sweep", g, "--db", db_});
  ASSERT_EQ(swept.code, 0) << swept.err;
  // auto resolves to levels here: the same point as levels, swept once.
  EXPECT_NE(swept.out.find("6 points x 2 runs = 12 runs"), std::string::npos) << swept.out;
  for (const char* engine : {"bins  ", "levels", "bulk  "})
    EXPECT_NE(swept.out.find(std::string("unit     ") + engine), std::string::npos) << swept.out;
  const json rows = json::parse(gapcheck({"export", "--db", db_, "--json"}).out);
  ASSERT_EQ(rows.size(), 12u);
  std::map<std::string, int> per_engine;
  for (const auto& row : rows) {
    ++per_engine[row["engine"]];
    auto args = words(row["command"]);
    args.push_back("--json");
    const json run = json::parse(gapcheck(args).out);
    EXPECT_EQ(run["engine"], row["engine"]) << row["command"];
    EXPECT_EQ(run["gaps"][0], row["gap"]) << row["command"];
    EXPECT_EQ(run["load_histograms"][0], row["histogram"]) << row["command"];
  }
  EXPECT_EQ(per_engine, (std::map<std::string, int>{{"bins", 4}, {"levels", 4}, {"bulk", 4}}));
  // A point its engine does not run is refused when the grid is read, with the reason.
  const auto refused = gapcheck(
      {"sweep",
       grid("processes = [\"two-choice\", \"quantile\"]\nengines = \"bulk\"\nn = [64]\n"
            "m = [\"2n\"]\nruns = 2\n"),
       "--db", db_ + ".other"});
  EXPECT_EQ(refused.code, kExitBadInput);
  EXPECT_NE(refused.err.find("point quantile / exact / unit / engine=bulk / n=64 / m=2n: "
                             "engine=bulk cannot run process quantile"),
            std::string::npos)
      << refused.err;
  EXPECT_FALSE(fs::exists(db_ + ".other"));
}

TEST_F(StoreCommands, MergeJoinsStoresOnce) {
  const std::string other = (dir_ / "other.db").string();
  const auto g = grid(kGrid);
  ASSERT_EQ(gapcheck({"sweep", g, "--db", other}).code, 0);
  ASSERT_EQ(gapcheck({"run", "--process", "two-choice", "--n", "40", "--m", "5n", "--runs", "2",
                      "--seed", "5", "--gap-level", "1.5", "--db", db_})
                .code,
            0);
  const auto merged = gapcheck({"merge", "--db", db_, other});
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_NE(merged.out.find("22 rows added"), std::string::npos) << merged.out;  // 2 were there
  EXPECT_NE(gapcheck({"sweep", g, "--db", db_, "--status"}).out.find("left    0 runs"),
            std::string::npos);
  for (const std::string& bad : {(dir_ / "missing.db").string(), db_}) {
    const auto refused = gapcheck({"merge", "--db", db_, bad});
    EXPECT_EQ(refused.code, kExitBadInput) << refused.err;
    EXPECT_NE(refused.err.find(bad), std::string::npos) << refused.err;
  }
}

TEST_F(StoreCommands, BadGridsAreOneLineNamingTheProblem) {
  struct Case {
    std::string text, expected;
  };
  const std::vector<Case> cases = {
      {"processes = [\"two-choice\"]\nn = [10]\nm = [\"2n\"]\nruns = 2\nsetings = [\"exact\"]\n",
       "setings is not a grid key"},
      {"processes = [\"three-choice\"]\nn = [10]\nm = [\"2n\"]\nruns = 2\n", "three-choice"},
      {"processes = [\"two-choice\"]\nn = [10]\nm = [\"2x\"]\nruns = 2\n", "2x"},
      {"processes = [\"two-choice\"]\nn = [10]\nruns = 2\n", "the required key m is missing"},
      {"processes = [\"two-choice\"]\nn = [10]\nm = [\"2n\"]\nruns = [1, 2]\n", "runs takes one"},
      {"processes = [\"two-choice\"\n", "grid.toml:"},
      // A bad value names its file, and the range its key accepts.
      {"processes = [\"two-choice\"]\nn = [10]\nm = [\"2n\"]\nruns = 2.5\n",
       "grid.toml:4: runs=2.5 is not a whole number (accepted: a whole number in [1, 2^63)"},
      {"processes = [\"two-choice\"]\nn = [10]\nm = [\"2n\"]\nruns = 2\nseed = -1\n",
       "grid.toml:5: seed=-1 is negative"},
      {"processes = [\"two-choice\"]\nn = [10]\nm = [\"2n\"]\nruns = 2\ngap_level = \"abc\"\n",
       "grid.toml:5: gap_level=abc is not a number"},
      {"processes = [\"two-choice\"]\nn = [-100]\nm = [\"2n\"]\nruns = 2\n", "[1, 2^48)"},
      {"processes = [\"two-choice\"]\nengines = [\"levels\", \"fast\"]\nn = [10]\n"
       "m = [\"2n\"]\nruns = 2\n",
       "grid.toml:2: engines=fast is not one of auto, bins, levels, bulk"},
      {"processes = [\"two-choice\"]\nengines = [\"bins\"]\nn = [\"2^33\"]\n"
       "m = [\"2n\"]\nruns = 2\n",
       "engine=bins / n=2^33 / m=2n: n=8589934592 is outside the accepted range [1, 2^32) for "
       "the bins engine"},
  };
  for (const auto& c : cases) {
    const auto r = gapcheck({"sweep", grid(c.text), "--db", db_});
    EXPECT_EQ(r.code, kExitBadInput) << c.text;
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(db_));
  }
  const auto missing = gapcheck({"sweep", (dir_ / "none.toml").string()});
  EXPECT_EQ(missing.code, kExitBadInput);
  EXPECT_NE(missing.err.find("none.toml': no such file"), std::string::npos) << missing.err;
  const auto both = gapcheck({"export", "--db", db_, "--csv", "--json"});
  EXPECT_EQ(both.code, kExitBadInput);
}

}  // namespace
}  // namespace gapcheck::cli
