// The sample stream's words as ExactOracle reads them, made here from the lanes directly, so a
// test can draw what the oracle should have drawn without going through the oracle's ring.
#pragma once

#include <cstddef>
#include <cstdint>

#include "processes/core/random.hpp"

namespace gapcheck {

// The 64-bit words of the sample stream of (seed, replicate), lane 0 first at every step: what
// a draw over a range of 2^32 or more reads (two 32-bit words, low half first).
class LaneWords {
 public:
  LaneWords(std::uint64_t seed, std::uint64_t replicate) : streams_(seed, replicate) {}
  std::uint64_t operator()() {
    if (next_ == RngLanes::kLanes) {
      streams_.samples.lanes.next(words_);
      next_ = 0;
    }
    return words_[next_++];
  }

 private:
  Streams streams_;
  std::uint64_t words_[RngLanes::kLanes];
  std::size_t next_ = RngLanes::kLanes;
};

// The same stream as 32-bit words: each 64-bit word's low half, then its high half.
class HalfWords {
 public:
  HalfWords(std::uint64_t seed, std::uint64_t replicate) : lanes_(seed, replicate) {}
  std::uint32_t operator()() {
    high_next_ = !high_next_;
    if (high_next_) {
      word_ = lanes_();
      return static_cast<std::uint32_t>(word_);
    }
    return static_cast<std::uint32_t>(word_ >> 32);
  }

 private:
  LaneWords lanes_;
  std::uint64_t word_ = 0;
  bool high_next_ = false;
};

}  // namespace gapcheck
