// `gapcheck check` in-process on a tiny catalog of its own: exit codes, the table, --json,
// seed salts, and bad input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/app.hpp"
#include "cli/tests/in_process.hpp"

namespace gapcheck::cli {
namespace {

// One-Choice against its Poisson fluid limit: true, and cheap (n = 2000, 5 runs).
std::string catalog(bool as_control) {
  const auto path = std::filesystem::temp_directory_path() /
                    (as_control ? "gapcheck_check_control.toml" : "gapcheck_check_true.toml");
  std::ofstream(path) << "[[claim]]\nid = \"tiny-fluid\"\n"
                      << (as_control ? "control = true\n" : "")
                      << R"(statement = "One-Choice follows the Poisson fluid limit"
source = "Mitzenmacher, Combin. Probab. Comput. 1999; Poisson limit"
evidence = "D"
process = "one-choice"
variable = "load_fractions"
rule = "fluid"
model = "one_choice"
x = "t"
[claim.ci]
n = 2000
t = [1, 2]
m = "{t}n"
runs = 5
)";
  return path.string();
}

TEST(CheckCommand, ATrueClaimThatPassesExitsZeroWithItsLine) {
  const Outcome o = gapcheck({"check", "--db", "", "--catalog", catalog(false), "--threads", "1"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("tiny-fluid"), std::string::npos);
  EXPECT_NE(o.out.find("PASS"), std::string::npos);
  EXPECT_NE(o.out.find("seed salt 20261130"), std::string::npos);
  EXPECT_NE(o.err.find("check: [1/2]"), std::string::npos);  // progress on stderr
}

// --list names what a glob selects in a tier and runs nothing (no progress lines).
TEST(CheckCommand, ListNamesTheSelectedClaimsWithoutRunningThem) {
  const Outcome mine = gapcheck({"check", "--list", "--catalog", catalog(true)});
  EXPECT_EQ(mine.code, 0) << mine.err;
  EXPECT_NE(mine.out.find("tiny-fluid  control  fluid"), std::string::npos) << mine.out;
  EXPECT_EQ(mine.err, "");
  const Outcome builtin = gapcheck({"check", "--list", "two-choice-l*"});
  EXPECT_NE(builtin.out.find("two-choice-loglog "), std::string::npos) << builtin.out;
  EXPECT_EQ(builtin.out.find("one-choice"), std::string::npos) << builtin.out;
  const Outcome none = gapcheck({"check", "--list", "zzz*"});
  EXPECT_EQ(none.code, kExitBadInput);
  EXPECT_NE(none.err.find("(--list, with the same --tier and --catalog"), std::string::npos)
      << none.err;
}

TEST(CheckCommand, AControlThatPassesIsADefectAndExitsOne) {
  const Outcome o = gapcheck({"check", "--db", "", "--catalog", catalog(true), "--threads", "1"});
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.out.find("DEFECT: tiny-fluid"), std::string::npos);
}

TEST(CheckCommand, JsonCarriesSeedsAndFreshSeedsReplayWithTheirSalt) {
  const Outcome fixed = gapcheck({"check", "--db", "", "--catalog", catalog(false), "--json"});
  ASSERT_EQ(fixed.code, 0) << fixed.err;
  const auto a = nlohmann::json::parse(fixed.out).at(0);
  EXPECT_EQ(a.at("details").at("salt"), 20261130);
  EXPECT_EQ(a.at("details").at("grid").size(), 2u);
  EXPECT_TRUE(a.at("details").at("grid").at(0).contains("seed"));

  const Outcome fresh = gapcheck({"check", "--db", "", "--catalog", catalog(false), "--json", "--fresh-seeds"});
  ASSERT_EQ(fresh.code, 0) << fresh.err;
  const auto b = nlohmann::json::parse(fresh.out).at(0);
  const auto salt = b.at("details").at("salt").get<std::uint64_t>();
  EXPECT_NE(salt, 20261130u);
  const Outcome replay = gapcheck(
      {"check", "--db", "", "--catalog", catalog(false), "--json", "--salt", std::to_string(salt), "--threads", "2"});
  ASSERT_EQ(replay.code, 0) << replay.err;
  EXPECT_EQ(nlohmann::json::parse(replay.out).at(0).at("points"), b.at("points"));
}

TEST(CheckCommand, BadInputExitsTwoWithOneLine) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"check", "--db", "", "--tier", "nightly"},
           {"check", "--db", "", "no-such-claim-*"},
           {"check", "--db", "", "--catalog", "/nonexistent/catalog.toml"},
           {"check", "--db", "", "--threads", "0"},
           {"check", "--db", "", "--fresh-seeds", "--salt", "5"},
           {"check", "--db", "", "--stages", "9"},
           {"check", "--db", "", "--stages", "x"}}) {
    const Outcome o = gapcheck(args);
    EXPECT_EQ(o.code, 2) << args.back();
    EXPECT_EQ(o.out, "");
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  }
  EXPECT_NE(gapcheck({"check", "--db", "", "--tier", "nightly"})
                .err.find("tier=nightly is not a tier of the catalog (accepted: ci, paper)"),
            std::string::npos);
  EXPECT_NE(gapcheck({"check", "--db", "", "--stages", "0"})
                .err.find("stages=0 is too small (accepted: a whole number in [1, 8])"),
            std::string::npos);
  // A catalog that cannot be read is named, and so is why.
  for (const std::string file : {"/nonexistent/catalog.toml", "", "/tmp"}) {
    const std::string err = gapcheck({"check", "--db", "", "--catalog", file}).err;
    EXPECT_NE(err.find("catalog file '" + file + "' cannot be opened"), std::string::npos) << err;
  }
}

TEST(CheckCommand, BadInputLeavesNoStoreAndAStoreIsReused) {
  const auto db = std::filesystem::temp_directory_path() /
                  ("gapcheck-check-store-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(db);
  EXPECT_EQ(gapcheck({"check", "--db", db.string(), "--tier", "nightly"}).code, 2);
  EXPECT_FALSE(std::filesystem::exists(db)) << "bad input created the run store";

  const Outcome first = gapcheck({"check", "--db", db.string(), "--catalog", catalog(false)});
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_TRUE(std::filesystem::exists(db));
  const Outcome again = gapcheck({"check", "--db", db.string(), "--catalog", catalog(false)});
  const Outcome without = gapcheck({"check", "--db", "", "--catalog", catalog(false)});
  EXPECT_EQ(again.out, first.out);  // read back from the store: the same verdicts and numbers
  EXPECT_EQ(without.out, first.out);
  // ... and the progress says so, where the first check timed its runs
  EXPECT_EQ(first.err.find("read back from the store"), std::string::npos) << first.err;
  EXPECT_NE(again.err.find("runs=5 (read back from the store)"), std::string::npos) << again.err;
  std::filesystem::remove(db);
  std::filesystem::remove(db.string() + "-wal");
  std::filesystem::remove(db.string() + "-shm");
}

// `report --catalog`: the claims of a catalog of one's own get their figures; without it the
// claim is unknown, and a catalog that cannot be read is bad input.
TEST(CheckCommand, ReportDrawsTheClaimsOfItsCatalog) {
  const auto out = std::filesystem::temp_directory_path() /
                   ("gapcheck-report-catalog-" + std::to_string(::getpid()));
  std::filesystem::remove_all(out);
  const Outcome o = gapcheck({"report", "tiny-fluid", "--catalog", catalog(false), "--db", "",
                              "--out", out.string(), "--threads", "1"});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(std::filesystem::exists(out / "figures" / "claim-tiny-fluid.svg"));
  std::filesystem::remove_all(out);
  // A defect among the claims (here a control that PASSes) is written into the report whole,
  // said on stderr, and makes the exit code 1, as for check.
  const Outcome defect = gapcheck({"report", "tiny-fluid", "--catalog", catalog(true), "--db", "",
                                   "--out", out.string(), "--threads", "1"});
  EXPECT_EQ(defect.code, 1) << defect.err;
  EXPECT_TRUE(std::filesystem::exists(out / "index.html"));
  EXPECT_NE(defect.err.find("gapcheck report: DEFECT: tiny-fluid: a negative control PASSed"),
            std::string::npos)
      << defect.err;
  std::filesystem::remove_all(out);
  const bool had_store = std::filesystem::exists("gapcheck.db");  // the default --db
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"report", "tiny-fluid", "--db", "", "--out", out.string()},
           {"report", "tiny-fluid", "--catalog", "/nonexistent/catalog.toml", "--db", "", "--out",
            out.string()},
           {"report", "tiny-fluid", "--catalog", catalog(false), "--stages", "9", "--out",
            out.string()}}) {
    const Outcome bad = gapcheck(args);
    EXPECT_EQ(bad.code, 2) << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
    EXPECT_FALSE(std::filesystem::exists(out));
    EXPECT_EQ(std::filesystem::exists("gapcheck.db"), had_store) << "bad input opened the store";
  }
  EXPECT_NE(gapcheck({"report", "tiny-fluid", "--catalog", catalog(false), "--stages", "0", "--db",
                      "", "--out", out.string()})
                .err.find("stages=0 is too small (accepted: a whole number in [1, 8])"),
            std::string::npos);
}

}  // namespace
}  // namespace gapcheck::cli
