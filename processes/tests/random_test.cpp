#include <gtest/gtest.h>

#include <bit>
#include <cstddef>
#include <cstdint>

#include "processes/core/random.hpp"

namespace gapcheck {
namespace {

// One step of xoshiro256++ on state s, written from the authors' reference C code.
std::uint64_t reference_xoshiro(std::uint64_t* s) {
  const std::uint64_t result = std::rotl(s[0] + s[3], 23) + s[0];
  const std::uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = std::rotl(s[3], 45);
  return result;
}

// Reference values of xoshiro256++ for state {1, 2, 3, 4} (from the authors' C reference
// implementation): the first outputs are 41943041, 58720359, 3588806011781223.
TEST(Rng, MatchesXoshiroReference) {
  // Build the state {1,2,3,4} by finding nothing: the public constructor seeds through
  // SplitMix64, so check the generator function on a copy of the reference algorithm instead.
  std::uint64_t s[4] = {1, 2, 3, 4};
  auto next = [&] { return reference_xoshiro(s); };
  EXPECT_EQ(next(), 41943041u);
  EXPECT_EQ(next(), 58720359u);
  EXPECT_EQ(next(), 3588806011781223u);
}

TEST(Rng, SplitMixMatchesReference) {
  // SplitMix64 from state 0: first output 0xe220a8397b1dcdaf (Vigna's reference splitmix64.c).
  std::uint64_t state = 0;
  EXPECT_EQ(splitmix64(state), 0xe220a8397b1dcdafULL);
}

TEST(Streams, DifferByPurposeReplicateAndSeed) {
  EXPECT_NE(stream_key(1, 0, Stream::samples), stream_key(1, 0, Stream::coins));
  EXPECT_NE(stream_key(1, 0, Stream::samples), stream_key(1, 1, Stream::samples));
  EXPECT_NE(stream_key(1, 0, Stream::samples), stream_key(2, 0, Stream::samples));
  Streams a(7, 3), b(7, 3);
  EXPECT_EQ(a.coins(), b.coins());
  std::uint64_t words_a[RngLanes::kLanes], words_b[RngLanes::kLanes];
  a.samples.lanes.next(words_a);
  b.samples.lanes.next(words_b);
  for (std::size_t lane = 0; lane < RngLanes::kLanes; ++lane) EXPECT_EQ(words_a[lane], words_b[lane]);
}

// Lane 0 of RngLanes is Rng(key) word for word, and lane l continues the key's SplitMix64
// sequence where lane l - 1 stopped (checked against scalar xoshiro256++ engines built from it).
TEST(RngLanes, LanesAreScalarXoshiroFromConsecutiveSplitMixWords) {
  const std::uint64_t key = 12345;
  RngLanes lanes(key);
  Rng lane0(key);
  std::uint64_t state = key;
  std::uint64_t s[RngLanes::kLanes][4];
  for (auto& lane : s)
    for (auto& word : lane) word = splitmix64(state);
  for (int step = 0; step < 100; ++step) {
    std::uint64_t words[RngLanes::kLanes];
    lanes.next(words);
    EXPECT_EQ(words[0], lane0());
    for (std::size_t lane = 0; lane < RngLanes::kLanes; ++lane) {
      EXPECT_EQ(words[lane], reference_xoshiro(s[lane])) << "lane " << lane << " step " << step;
    }
  }
}

TEST(Bounded, StaysInRange) {
  Rng rng(42);
  for (std::uint64_t range : {1ULL, 2ULL, 3ULL, 10ULL, 1ULL << 40, (1ULL << 63) + 12345})
    for (int k = 0; k < 1000; ++k) EXPECT_LT(bounded(rng, range), range);
}

// next_if(true) is a draw; next_if(false) leaves the stream where it was.
TEST(Rng, NextIfDrawsOnlyWhenAsked) {
  Rng drawn(9), asked(9);
  for (int k = 0; k < 100; ++k) {
    const bool draw = k % 3 != 0;
    const std::uint64_t word = asked.next_if(draw);
    if (draw) EXPECT_EQ(word, drawn());
  }
  EXPECT_EQ(asked(), drawn());
}

// bernoulli_if(true) is bernoulli's coin from the same word; bernoulli_if(false) draws nothing.
TEST(Rng, BernoulliIfIsBernoulliWhenAsked) {
  Rng drawn(11), asked(11);
  for (int k = 0; k < 300; ++k) {
    const bool draw = k % 4 != 1;
    const double p = 0.05 + 0.003 * k;
    const bool coin = bernoulli_if(asked, draw, p);
    if (draw) EXPECT_EQ(coin, bernoulli(drawn, p)) << k;
  }
  EXPECT_EQ(asked(), drawn());
}

// Lemire's method as published (Lemire 2019, Algorithm 5, for 64-bit words), written here
// apart from bounded_from() to check it against.
std::uint64_t reference_bounded(Rng& engine, std::uint64_t range) {
  unsigned __int128 product = static_cast<unsigned __int128>(engine()) * range;
  auto low = static_cast<std::uint64_t>(product);
  if (low < range) {
    const std::uint64_t threshold = (0 - range) % range;
    while (low < threshold) {
      product = static_cast<unsigned __int128>(engine()) * range;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64);
}

// bounded_from() given the engine's next word, and bounded(), are Lemire's method: the same
// values and the same words used, also where half the words are rejected (range 2^63 + 1).
TEST(Bounded, FromAGivenFirstWordIsLemiresMethod) {
  Rng reference(3), given(3), direct(3);
  int rejected = 0;
  for (std::uint64_t range : {1ULL, 7ULL, 1ULL << 40, (1ULL << 63) + 1})
    for (int k = 0; k < 1000; ++k) {
      const std::uint64_t first = given();
      const std::uint64_t expected = reference_bounded(reference, range);
      EXPECT_EQ(bounded_from(first, given, range), expected) << range;
      EXPECT_EQ(bounded(direct, range), expected) << range;
      rejected += static_cast<std::uint64_t>(static_cast<unsigned __int128>(first) * range) <
                  (0 - range) % range;
    }
  EXPECT_GT(rejected, 300);  // the rejection path was taken
  const std::uint64_t next = reference();
  EXPECT_EQ(given(), next);
  EXPECT_EQ(direct(), next);
}

TEST(Uniform01, InUnitInterval) {
  Rng rng(1);
  for (int k = 0; k < 10000; ++k) {
    const double u = uniform01(rng);
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
}

// bernoulli(engine, p) is (word >> 11) < bernoulli_bound(p) for every word: checked at the
// bound's edge (the words whose top 53 bits are bound - 1 and bound, whatever the low 11 bits),
// for p with an exact and an inexact p 2^53, the smallest and largest p below 1, and out of
// range; and over random words.
TEST(Bernoulli, TheBoundGivesTheSameCoinAsTheDouble) {
  struct GivenWord {
    std::uint64_t word;
    std::uint64_t operator()() { return word; }
  };
  const auto same_coin = [](double p, std::uint64_t word) {
    GivenWord engine{word};
    return bernoulli(engine, p) == ((word >> 11) < bernoulli_bound(p));
  };
  Rng rng(7);
  for (const double p : {0.0, 0x1.0p-53, 0.1, 0.3, 0.5, 1.0 / 3.0, 0.75, 1.0 - 0x1.0p-53, 1.0,
                         -0.5, 2.0}) {
    const std::uint64_t bound = bernoulli_bound(p);
    ASSERT_LE(bound, std::uint64_t{1} << 53) << p;
    for (const std::uint64_t top : {bound - 1, bound, bound + 1})
      for (const std::uint64_t low : {std::uint64_t{0}, std::uint64_t{0x7ff}}) {
        if (top >> 53 != 0) continue;  // not the top 53 bits of any word
        ASSERT_TRUE(same_coin(p, (top << 11) | low)) << "p " << p << ", top " << top;
      }
    for (int k = 0; k < 1000; ++k) ASSERT_TRUE(same_coin(p, rng())) << p;
  }
  EXPECT_EQ(bernoulli_bound(0.5), std::uint64_t{1} << 52);  // p 2^53 exact: no rounding up
  EXPECT_EQ(bernoulli_bound(0.0), 0u);
}

}  // namespace
}  // namespace gapcheck
