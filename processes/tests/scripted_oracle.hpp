// A test oracle: hand-made loads and a scripted random source. Each sample() and coin() takes
// the next scripted value (and fails the test if the script runs out), so a test states exactly
// which bins a process saw and checks which bin it picked and how many samples it drew.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <vector>

#include "processes/core/engine.hpp"
#include "processes/core/oracle.hpp"

namespace gapcheck::testing {

class ScriptedOracle {
 public:
  using Load = double;

  ScriptedOracle(std::vector<double> loads, std::deque<Bin> samples, std::deque<bool> coins = {})
      : loads_(std::move(loads)), samples_(std::move(samples)), coins_(std::move(coins)) {}

  std::size_t n() const { return loads_.size(); }
  std::uint64_t balls() const { return balls_; }
  double average() const {
    double w = 0;
    for (double x : loads_) w += x;
    return w / static_cast<double>(loads_.size());
  }
  Bin sample() {
    ++probes_;
    EXPECT_FALSE(samples_.empty()) << "the process drew more samples than scripted";
    if (samples_.empty()) return 0;
    const Bin b = samples_.front();
    samples_.pop_front();
    return b;
  }
  // A sample that is not wanted takes no scripted bin and is no probe.
  Bin sample_if(bool wanted) { return wanted ? sample() : 0; }
  Bin sample_in(Bin first, Bin last) {
    const Bin b = sample();
    EXPECT_TRUE(b >= first && b < last) << "scripted bin " << b << " outside [" << first << ", " << last << ")";
    return b;
  }
  Order compare(Bin i, Bin j) { return order_of(loads_[i], loads_[j]); }
  Order compare_to(Bin i, double level) { return order_of(loads_[i], level); }
  double load(Bin i) { return loads_[i]; }
  // Rank among the heaviest; when the k-th place falls inside the bins tied with i, the next
  // scripted coin says whether i's uniform rank among them lands inside the top k.
  bool in_top(Bin i, std::uint64_t k) {
    ++rank_queries_;
    std::uint64_t heavier = 0;
    std::uint64_t tied = 0;
    for (double x : loads_) {
      heavier += x > loads_[i];
      tied += x == loads_[i];
    }
    if (heavier >= k) return false;
    if (heavier + tied <= k) return true;
    return coin(0.0);
  }
  bool coin(double) {
    EXPECT_FALSE(coins_.empty()) << "the process tossed more coins than scripted";
    if (coins_.empty()) return false;
    const bool c = coins_.front();
    coins_.pop_front();
    return c;
  }
  void place(Bin i, double w) {
    loads_[i] += w;
    ++balls_;
  }

  std::uint64_t probes() const { return probes_; }
  std::uint64_t rank_queries() const { return rank_queries_; }
  std::size_t unused_samples() const { return samples_.size(); }
  std::size_t unused_coins() const { return coins_.size(); }
  void set_balls(std::uint64_t balls) { balls_ = balls; }

 private:
  std::vector<double> loads_;
  std::deque<Bin> samples_;
  std::deque<bool> coins_;
  std::uint64_t probes_ = 0;
  std::uint64_t rank_queries_ = 0;
  std::uint64_t balls_ = 0;
};

}  // namespace gapcheck::testing
