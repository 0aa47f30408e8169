// The argument layer's corners: a missing value is named (not taken from the next option), an
// empty value is refused, an unknown command is named, counts at n = 1 and the largest n.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/tests/in_process.hpp"

namespace gapcheck::cli {
namespace {

std::vector<std::string> tiny_run(std::vector<std::string> extra) {
  std::vector<std::string> args = {"run", "--process", "two-choice", "--threads", "1"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

void expect_refused(const std::vector<std::string>& args,
                    const std::vector<std::string>& mentions) {
  const Outcome o = gapcheck(args);
  EXPECT_EQ(o.code, kExitBadInput) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  for (const auto& m : mentions)
    EXPECT_NE(o.err.find(m), std::string::npos) << "'" << m << "' not in: " << o.err;
}

TEST(CliArguments, AMissingValueIsNamedNotTakenFromTheNextOption) {
  // `--runs --json` read "--json" as the run count.
  expect_refused({"run", "--process", "two-choice", "--n", "4", "--m", "8", "--runs", "--json"},
                 {"--runs", "needs a value", "--json"});
  expect_refused({"run", "--process", "--n", "4", "--m", "8"}, {"--process", "needs a value"});
}

// The forms CLI11 reads stay accepted by the checks before it: values that start with '-', the
// `=` form, a list after `--catalog=` or `--catalog`, sources before and after `--db`.
TEST(CliArguments, TheFormsCliReadsAreAccepted) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"run", "--process=two-choice", "--n=4", "--m", "8", "--gap-level", "-0.5", "--quiet"},
           {"run", "--process", "two-choice", "--n", "4", "--m", "8", "--gap-level=-.5"}}) {
    const Outcome o = gapcheck(args);
    EXPECT_EQ(o.code, kExitOk) << o.err;
  }
  // These fail later, on the missing files, each named: the arguments were read as meant.
  expect_refused({"check", "--list", "--catalog=a.toml", "b.toml"}, {"'a.toml'"});
  expect_refused({"check", "--list", "--catalog", "a.toml", "b.toml"}, {"'a.toml'"});
  expect_refused({"merge", "--db", "c.db", "a.db", "b.db"}, {"'a.db'"});
  expect_refused({"merge", "a.db", "b.db", "--db", "c.db"}, {"'a.db'"});
  expect_refused({"run", "--process", "two-choice", "--n=", "--m", "8"}, {"--n needs a value"});
}

TEST(CliArguments, AnEmptyValueIsRefused) {
  // `--threads ''` silently meant the default.
  expect_refused({"run", "--process", "two-choice", "--n", "4", "--m", "8", "--threads", ""},
                 {"--threads", "empty"});
}

TEST(CliArguments, AnUnknownCommandIsNamed) {
  expect_refused({"bogus"}, {"'bogus'", "run", "list"});
  expect_refused({"bogus", "--n", "3"}, {"'bogus'"});
}

TEST(CliArguments, MultiplesOfNWorkAtNEqualOne) {
  // n = 1: the batch size's default b = n, and m = 1.5n, were refused as "not a number".
  for (const auto& extra : std::vector<std::vector<std::string>>{
           {"--n", "1", "--m", "3", "--setting", "batch"},
           {"--n", "1", "--m", "1.5n"}}) {
    const Outcome o = gapcheck(tiny_run(extra));
    EXPECT_EQ(o.code, kExitOk) << o.err;
    EXPECT_EQ(o.err, "");
  }
  // m = 2 n ln n is no ball at n = 1: a run of no balls is refused, as m = 0 is.
  expect_refused(tiny_run({"--n", "1", "--m", "2nlnn"}), {"m=2nlnn", "too small", "[1, 2^63)"});
  expect_refused(tiny_run({"--n", "8", "--m", "0"}), {"m=0", "too small"});
}

TEST(CliArguments, CountMessagesStateTheLargestValue) {
  expect_refused(tiny_run({"--n", "1e30", "--m", "8"}), {"n=1e30", "[1, 2^48)"});
  expect_refused(tiny_run({"--n", "4", "--m", "8", "--runs", "1e30"}), {"runs=1e30", "[1, 2^63)"});
  // Messages of values that are not counts at all state the option's own range too.
  expect_refused(tiny_run({"--n", "-5", "--m", "8"}), {"n=-5", "[1, 2^48)"});
  expect_refused({"run", "--process", "two-choice", "--n", "4", "--m", "8", "--threads", "-1"},
                 {"threads=-1", "[1, 1024]"});
  expect_refused({"run", "--process", "d-choice:d=2.5", "--n", "4", "--m", "8"},
                 {"d=2.5 is not a whole number", "[1, 1024]"});
  expect_refused(tiny_run({"--n", "-2^2", "--m", "8"}), {"n=-2^2", "base is not positive"});
  expect_refused(tiny_run({"--n", "4", "--m", "8", "--runs", "0^0"}), {"runs=0^0"});
  // A number past a double's range is named as such, not as "not a number".
  expect_refused(tiny_run({"--n", "4", "--m", "8", "--gap-level", "1e400"}),
                 {"gap-level=1e400", "outside the range of a double"});
  expect_refused(tiny_run({"--n", "10^400", "--m", "8"}), {"n=10^400", "outside the range"});
  expect_refused({"run", "--process", "one-plus-beta:beta=1e-400", "--n", "4", "--m", "8"},
                 {"beta=1e-400", "outside the range of a double"});
  expect_refused({"run", "--process", "two-choice:ties=Random", "--n", "4", "--m", "8"},
                 {"ties=Random", "is not an accepted value", "random|index"});
}

}  // namespace
}  // namespace gapcheck::cli
