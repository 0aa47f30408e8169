// One random-number engine for the whole project, and the one seeding scheme.
//
// Why this shape: every number gapcheck prints must be reproducible from (seed, parameters),
// whatever the thread count, and a replicate must be replayable alone. So a run never shares
// an engine with another run: run r of seed s draws from engines keyed by (s, r, stream), where
// the key is hashed with SplitMix64 into a xoshiro256++ state (Blackman & Vigna, 2019).
//
// A run has one engine per *purpose* (the streams below), not one engine for everything. That
// is what makes the couplings exact: (1+beta) with beta = 1 draws its bins from the same
// sample stream as Two-Choice and its coins from another, so both place every ball in the same
// bin; sigma-noise draws its noise from the setting stream, so sigma = 0 leaves the samples as
// they are; weights come from their own stream, so unit weights drawn as a distribution equal
// unit weights.
//
// Bounded draws use Lemire's multiply-and-reject method (ACM TOMACS 2019): exactly uniform,
// usually without a division.
#pragma once

#include <array>
#include <cstddef>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>

namespace gapcheck {

// SplitMix64 (Steele, Lea & Flood 2014): turns a 64-bit key into well-mixed words.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// xoshiro256++: 256 bits of state, period 2^256 - 1, passes BigCrush, ~1 ns per word.
class Rng {
 public:
  using result_type = std::uint64_t;

  explicit constexpr Rng(std::uint64_t key = 0) {
    for (auto& word : s_) word = splitmix64(key);
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  constexpr result_type operator()() {
    const std::uint64_t result = std::rotl(s_[0] + s_[3], 23) + s_[0];
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }

  // The next word if `draw`, and then the state steps; if not, the state stays and the word
  // means nothing. The step is taken by masks, not a branch, for draws decided by data a branch
  // would mispredict on (the rank question's tied level, ExactOracle::in_top_of).
  constexpr result_type next_if(bool draw) {
    Rng next = *this;
    const result_type word = next();
    const std::uint64_t keep_next = 0 - static_cast<std::uint64_t>(draw);
    for (std::size_t k = 0; k < s_.size(); ++k) s_[k] ^= (s_[k] ^ next.s_[k]) & keep_next;
    return word;
  }

 private:
  std::array<std::uint64_t, 4> s_{};
};

// Four xoshiro256++ engines stepped together, for the sample stream: one step gives four 64-bit
// words. The lanes are independent, so the step is the same add/xor/shift/rotate sequence on a
// vector of four words, which the compiler issues as SIMD instructions (two SSE2 registers in the
// portable build, one AVX2 register with -march=native); the words are the same either way.
// Lane l starts from SplitMix64 words 4l..4l+3 of the key, so lane 0 is Rng(key).
class RngLanes {
 public:
  static constexpr std::size_t kLanes = 4;

  explicit RngLanes(std::uint64_t key) {
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      s0_[lane] = splitmix64(key);
      s1_[lane] = splitmix64(key);
      s2_[lane] = splitmix64(key);
      s3_[lane] = splitmix64(key);
    }
  }

  // The next word of every lane, lane 0 first.
  [[gnu::always_inline]] void next(std::uint64_t (&out)[kLanes]) {
    const Lanes sum = s0_ + s3_;
    const Lanes result = ((sum << 23) | (sum >> 41)) + s0_;
    const Lanes t = s1_ << 17;
    s2_ ^= s0_;
    s3_ ^= s1_;
    s1_ ^= s2_;
    s0_ ^= s3_;
    s2_ ^= t;
    s3_ = (s3_ << 45) | (s3_ >> 19);
    for (std::size_t lane = 0; lane < kLanes; ++lane) out[lane] = result[lane];
  }

 private:
  __extension__ typedef std::uint64_t Lanes __attribute__((vector_size(8 * kLanes)));
  Lanes s0_, s1_, s2_, s3_;
};

__extension__ using uint128 = unsigned __int128;

// Uniform integer in [0, range), range >= 1, without modulo bias (Lemire 2019), from the
// engine's word `first` and, only where it falls in the rejected zone, more words of the engine.
template <class Engine>
constexpr std::uint64_t bounded_from(std::uint64_t first, Engine& engine, std::uint64_t range) {
  uint128 product = static_cast<uint128>(first) * range;
  auto low = static_cast<std::uint64_t>(product);
  if (low < range) {
    const std::uint64_t threshold = (0 - range) % range;  // 2^64 mod range
    while (low < threshold) {
      product = static_cast<uint128>(engine()) * range;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64);
}

// Uniform integer in [0, range), range >= 1, without modulo bias (Lemire 2019).
template <class Engine>
constexpr std::uint64_t bounded(Engine& engine, std::uint64_t range) {
  return bounded_from(engine(), engine, range);
}

// Uniform double in [0, 1) with 53 random bits.
template <class Engine>
constexpr double uniform01(Engine& engine) {
  return static_cast<double>(engine() >> 11) * 0x1.0p-53;
}

// True with probability p (p <= 0: never, p >= 1: always, without consuming fewer draws).
template <class Engine>
constexpr bool bernoulli(Engine& engine, double p) {
  return uniform01(engine) < p;
}

// The bound of bernoulli(engine, p) on the word's top 53 bits: bernoulli(engine, p) is
// (engine() >> 11) < bernoulli_bound(p), the same coin from the same word, as one integer
// comparison. k 2^-53 < p holds for an integer k exactly when k < ceil(p 2^53).
constexpr std::uint64_t bernoulli_bound(double p) {
  if (!(p > 0)) return 0;
  if (p >= 1) return std::uint64_t{1} << 53;
  const double scaled = p * 0x1.0p53;
  const auto floor = static_cast<std::uint64_t>(scaled);
  return floor + (static_cast<double>(floor) < scaled);
}

// bernoulli(engine, p) if `draw`, the same coin from the same word; if not, no draw and a
// meaningless result. Without a branch (Rng::next_if), for draws that the data decide.
constexpr bool bernoulli_if(Rng& engine, bool draw, double p) {
  return (engine.next_if(draw) >> 11) < bernoulli_bound(p);
}

// Standard normal by Box-Muller, two uniforms per value and no cached second value, so that
// a draw never depends on how many draws came before it in another code path.
template <class Engine>
double standard_normal(Engine& engine) {
  const double u1 = 1.0 - uniform01(engine);  // (0, 1]: log is finite
  const double u2 = uniform01(engine);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

// Exp(1) by inversion.
template <class Engine>
double standard_exponential(Engine& engine) {
  return -std::log(1.0 - uniform01(engine));
}

// The purposes a run draws randomness for; each has its own engine.
enum class Stream : std::uint64_t {
  samples = 1,  // which bins a process samples
  coins = 2,    // a process's own coins ((1+beta)'s choice, Quantile's rank ties, ...)
  setting = 3,  // a setting's randomness (noise, random adversary, fair coins, delays)
  weights = 4,  // ball weights
};

// The key of stream `stream` of replicate `replicate` under user seed `seed`.
constexpr std::uint64_t stream_key(std::uint64_t seed, std::uint64_t replicate, Stream stream) {
  std::uint64_t state = seed;
  std::uint64_t key = splitmix64(state);
  state = key ^ replicate;
  key = splitmix64(state);
  state = key ^ static_cast<std::uint64_t>(stream);
  return splitmix64(state);
}

// The sample stream as 32-bit words: RngLanes words, each read low half first, generated kBlock
// at a time into a ring of kRing words that ExactOracle reads in order (and refills, block by
// block, kRing - kBlock words ahead of their use). The ring lives here, outside the oracle, so
// that the oracle's own fields are plain scalars the compiler keeps in registers. One oracle
// reads a run's ring: a second oracle on the same Streams would refill it under the first.
struct SampleStream {
  static constexpr std::size_t kBlock = 2 * RngLanes::kLanes;
  static constexpr std::size_t kRing = 64;

  explicit SampleStream(std::uint64_t key) : lanes(key) {}

  // Generates the block of words at ring[at .. at + kBlock): with AVX2 where the processor has
  // it (one register holds the four lanes), else with the portable build's SSE2. The words are
  // the same either way; only the instructions differ.
  void fill(std::size_t at) {
#if defined(__x86_64__)
    if (avx2_) return fill_avx2(at);
#endif
    fill_portable(at);
  }

  RngLanes lanes;
  alignas(64) std::array<std::uint32_t, kRing> ring{};

 private:
  [[gnu::always_inline]] void fill_words(std::size_t at) {
    std::uint64_t words[RngLanes::kLanes];
    lanes.next(words);
    for (std::size_t k = 0; k < RngLanes::kLanes; ++k) {
      ring[at + 2 * k] = static_cast<std::uint32_t>(words[k]);
      ring[at + 2 * k + 1] = static_cast<std::uint32_t>(words[k] >> 32);
    }
  }
  [[gnu::noinline]] void fill_portable(std::size_t at) { fill_words(at); }
#if defined(__x86_64__)
  [[gnu::noinline, gnu::target("avx2")]] void fill_avx2(std::size_t at) { fill_words(at); }
  bool avx2_ = __builtin_cpu_supports("avx2");
#endif
};

// The engines of one run.
struct Streams {
  Streams(std::uint64_t seed, std::uint64_t replicate)
      : samples(stream_key(seed, replicate, Stream::samples)),
        coins(stream_key(seed, replicate, Stream::coins)),
        setting(stream_key(seed, replicate, Stream::setting)),
        weights(stream_key(seed, replicate, Stream::weights)) {}

  SampleStream samples;  // read 32 bits at a time by ExactOracle
  Rng coins;
  Rng setting;
  Rng weights;
};

}  // namespace gapcheck
