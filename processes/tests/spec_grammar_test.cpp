// The corners of the spec grammar that once read input wrongly: signed or zero bases of powers,
// multiples of n at n = 1, keys given where they do not apply, schedule stages outside the
// ranges of l and L, and count messages that must state the largest value accepted.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "processes/core/spec.hpp"
#include "processes/registry.hpp"

namespace gapcheck {
namespace {

std::string refusal(auto&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(SpecGrammar, PowersNeedAPositiveUnsignedBase) {
  // -2^2 was (-2)^2 = 4 and 0^0 was 1.
  for (const char* text : {"-2^2", "0^0", "0^3", "-0^2", "-1^2"}) {
    SCOPED_TRACE(text);
    const std::string message = refusal([&] { parse_count(text, "n"); });
    EXPECT_NE(message.find(std::string("n=") + text), std::string::npos) << message;
    EXPECT_NE(message.find("base is not positive"), std::string::npos) << message;
    EXPECT_NE(refusal([&] { parse_real(text, "g"); }), "");
  }
  // The control: positive bases, and signs outside powers, still read.
  EXPECT_EQ(parse_count("2^10", "n"), 1024u);
  EXPECT_EQ(parse_count("1^5", "n"), 1u);
  EXPECT_EQ(parse_real("0.5^2", "g"), 0.25);
  EXPECT_EQ(parse_real("-3", "L"), -3.0);
}

TEST(SpecGrammar, MinusZeroReadsAsZero) {
  // -0 printed as "-0" in canonical specs and repeat commands.
  EXPECT_FALSE(std::signbit(parse_real("-0", "beta")));
  EXPECT_FALSE(std::signbit(parse_real("-0.0e5", "beta")));
  EXPECT_TRUE(std::signbit(parse_real("-3", "L")));  // the control: signs still read
  const Composition c =
      compose(Spec::parse("one-plus-beta:beta=-0"), Spec::parse("exact"), Spec::parse("unit"), 4);
  EXPECT_EQ(c.process_spec.str(), "one-plus-beta:beta=0,ties=random");
}

TEST(SpecGrammar, MultiplesOfNAtNEqualOne) {
  // With n = 1 the scale is 1, which was taken to mean "no suffix".
  EXPECT_EQ(parse_count("n", "b", 1), 1u);
  EXPECT_EQ(parse_count("1.5n", "m", 1), 2u);  // rounded to the nearest integer, as at any n
  EXPECT_EQ(parse_count("3n", "m", 1), 3u);
  EXPECT_EQ(parse_count("nlnn", "m", 1), 0u);  // 1 ln 1 = 0
  EXPECT_EQ(parse_count("1.5n", "m", 2), 3u);
  const Composition c = compose(Spec::parse("two-choice"), Spec::parse("batch"),
                                Spec::parse("unit"), 1);
  EXPECT_EQ(*c.setting_spec.find("b"), "1");
}

// Digits are read exactly, above 2^53 too: a claim point's seed printed in a command must run
// the same runs when the command is pasted back.
TEST(SpecGrammar, LargeCountsAreReadExactly) {
  EXPECT_EQ(parse_count("6460831401914503555", "seed"), 6460831401914503555u);
  EXPECT_EQ(parse_count("9007199254740993", "seed"), 9007199254740993u);  // 2^53 + 1
  EXPECT_EQ(parse_count(std::to_string(kMaxCount), "seed"), kMaxCount);
  EXPECT_NE(refusal([] { parse_count("9223372036854775808", "seed"); }).find("is too large"),
            std::string::npos);  // 2^63
  EXPECT_NE(refusal([] { parse_count("18446744073709551616", "seed"); }).find("is too large"),
            std::string::npos);  // 2^64: beyond a 64-bit word
  EXPECT_NE(refusal([] { parse_count("6.460831401914503555e18", "seed"); })
                .find("write it in digits, or as a power of two"),
            std::string::npos);  // would round to another seed
  EXPECT_EQ(parse_count("1e15", "m"), 1000000000000000u);  // below 2^53: exact
  EXPECT_EQ(parse_count("1e6", "m"), 1000000u);  // other forms as before
  EXPECT_EQ(parse_count("2^60", "m"), std::uint64_t{1} << 60);
}

TEST(SpecGrammar, CountMessagesStateTheLargestValue) {
  const std::string message = refusal([] { parse_count("1e30", "runs"); });
  EXPECT_NE(message.find("runs=1e30"), std::string::npos) << message;
  EXPECT_NE(message.find("[0, 2^63)"), std::string::npos) << message;  // kMaxCount = 2^63 - 1
  const std::string capped = refusal([] { parse_count("2^32", "n", std::nullopt, 4294967295); });
  EXPECT_NE(capped.find("[0, 2^32)"), std::string::npos) << capped;
  // A range of the caller's own: the smallest value is refused and stated too.
  const std::string small = refusal([] { parse_count("0", "d", std::nullopt, 1024, 1); });
  EXPECT_NE(small.find("d=0 is too small"), std::string::npos) << small;
  EXPECT_NE(small.find("[1, 1024]"), std::string::npos) << small;
  EXPECT_EQ(parse_count("1", "d", std::nullopt, 1024, 1), 1u);
  EXPECT_EQ(parse_count("2^32", "n", std::nullopt, 4294967296), 4294967296u);
}

TEST(SpecGrammar, KeysThatDoNotApplyAreRefused) {
  auto thinning = [](const char* args) {
    return refusal([&] {
      compose(Spec::parse(std::string("thinning:") + args), Spec::parse("exact"),
              Spec::parse("unit"), 16);
    });
  };
  const struct {
    const char* args;
    const char* key;
  } refused[] = {
      {"threshold=relative,schedule=0:r1", "schedule"},
      {"threshold=relative,l=3", "l"},
      {"L=2,l=3", "l"},  // relative is the default
      {"threshold=absolute,L=1", "L"},
      {"threshold=absolute,schedule=0:a1", "schedule"},
      {"threshold=schedule,schedule=0:r1,L=1", "L"},
      {"threshold=schedule,l=1", "l"},
  };
  for (const auto& r : refused) {
    SCOPED_TRACE(r.args);
    const std::string message = thinning(r.args);
    EXPECT_NE(message.find(std::string("'") + r.key + "' does not apply"), std::string::npos)
        << message;
  }
  // The control: each kind with its own key composes, and its canonical spec holds only the
  // keys that apply (so it composes to itself).
  for (const char* good : {"threshold=relative,L=2", "threshold=absolute,l=3",
                           "threshold=schedule,schedule=0:r1/4:a2"}) {
    SCOPED_TRACE(good);
    EXPECT_EQ(thinning(good), "");
    const Composition c = compose(Spec::parse(std::string("thinning:") + good),
                                  Spec::parse("exact"), Spec::parse("unit"), 16);
    EXPECT_EQ(c.process_spec.str(), std::string("thinning:") + good);
  }
}

TEST(SpecGrammar, ScheduleStagesKeepTheRangesOfLAndSmallL) {
  auto schedule = [](const char* text) {
    return refusal([&] {
      compose(Spec::parse(std::string("thinning:threshold=schedule,schedule=") + text),
              Spec::parse("exact"), Spec::parse("unit"), 16);
    });
  };
  // l is in [0, 1e9] and L in [-1e9, 1e9], as the keys l and L.
  for (const char* bad : {"0:a-1", "0:a2e9", "0:r2e9", "0:r-2e9", "0:r1/5:a-0.5"}) {
    SCOPED_TRACE(bad);
    const std::string message = schedule(bad);
    EXPECT_NE(message.find("outside"), std::string::npos) << message;
  }
  for (const char* good : {"0:a0", "0:a1e9", "0:r-1e9", "0:r1e9/5:a3"})
    EXPECT_EQ(schedule(good), "") << good;
}

}  // namespace
}  // namespace gapcheck
