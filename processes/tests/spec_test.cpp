#include <gtest/gtest.h>

#include "processes/core/params.hpp"
#include "processes/core/spec.hpp"

namespace gapcheck {
namespace {

TEST(Spec, ParsesNameAndArguments) {
  const Spec s = Spec::parse("one-plus-beta:beta=0.5,ties=index");
  EXPECT_EQ(s.name, "one-plus-beta");
  ASSERT_EQ(s.args.size(), 2u);
  EXPECT_EQ(s.args[0].first, "beta");
  EXPECT_EQ(s.args[1].second, "index");
  EXPECT_EQ(s.str(), "one-plus-beta:beta=0.5,ties=index");
}

TEST(Spec, RejectsMalformedText) {
  EXPECT_THROW(Spec::parse(""), InputError);
  EXPECT_THROW(Spec::parse("d-choice:"), InputError);
  EXPECT_THROW(Spec::parse("d-choice:d"), InputError);
  EXPECT_THROW(Spec::parse("d-choice:d=2,d=3"), InputError);
  EXPECT_THROW(Spec::parse("d-choice:d=2,,"), InputError);
}

TEST(Count, AcceptsPlainScientificPowersAndMultiplesOfN) {
  EXPECT_EQ(parse_count("10000", "n"), 10000u);
  EXPECT_EQ(parse_count("1e6", "n"), 1000000u);
  EXPECT_EQ(parse_count("2^20", "n"), 1u << 20);
  EXPECT_EQ(parse_count("1000n", "m", 10000), 10000000u);
  EXPECT_EQ(parse_count("n", "m", 7), 7u);
  EXPECT_EQ(parse_count("2nlnn", "b", 1000), 13816u);  // 2 * 1000 * ln(1000) = 13815.5
}

TEST(Count, RejectsWithTheValueInTheMessage) {
  try {
    parse_count("1000n", "n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("n=1000n"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_count("abc", "m", 10), InputError);
  EXPECT_THROW(parse_count("-5", "m", 10), InputError);
  EXPECT_THROW(parse_count("1.5", "m", 10), InputError);
}

TEST(Count, BallsAreAtLeastOne) {
  EXPECT_EQ(parse_balls("1", 10), 1u);
  EXPECT_EQ(parse_balls("1000n", 10), 10000u);
  for (const char* none : {"0", "0n", "0.01n"}) {
    try {
      parse_balls(none, 10);
      FAIL() << none;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("m=") + none + " is too small"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(Bind, FillsDefaultsAndChecksRanges) {
  const std::vector<ParamDef> defs = {
      {"beta", ParamDef::Kind::real, "0.5", 0, 1, {}, ""},
      {"ties", ParamDef::Kind::choice, "random", 0, 0, {"random", "index"}, ""}};
  const Params p = bind_params("process", Spec::parse("one-plus-beta:beta=0.25"), defs, 10);
  EXPECT_DOUBLE_EQ(p.real("beta"), 0.25);
  EXPECT_EQ(p.choice("ties"), "random");
  EXPECT_EQ(p.canonical.str(), "one-plus-beta:beta=0.25,ties=random");
  EXPECT_THROW(bind_params("process", Spec::parse("x:beta=1.5"), defs, 10), InputError);
  EXPECT_THROW(bind_params("process", Spec::parse("x:ties=left"), defs, 10), InputError);
  EXPECT_THROW(bind_params("process", Spec::parse("x:gamma=1"), defs, 10), InputError);
}

// A command's words as a shell reads them back: quoted only where needed, the empty word too
// (a report's "Produced by" line with --db '' must paste back as typed).
TEST(ShellWord, QuotesWhatTheShellWouldChange) {
  EXPECT_EQ(shell_word("two-choice:ties=random"), "two-choice:ties=random");
  EXPECT_EQ(shell_word("2^16"), "2^16");
  EXPECT_EQ(shell_word(""), "''");
  EXPECT_EQ(shell_word("a b"), "'a b'");
  EXPECT_EQ(shell_word("two-*"), "'two-*'");
  EXPECT_EQ(shell_word("it's"), "'it'\\''s'");
  EXPECT_EQ(counted(1, "run"), "1 run");
  EXPECT_EQ(counted(0, "claim"), "0 claims");
  EXPECT_EQ(counted(2, "batch", "batches"), "2 batches");
  EXPECT_EQ(counted(1, "batch", "batches"), "1 batch");
}

}  // namespace
}  // namespace gapcheck
