// Exact laws derived from a process's own code, by enumerating every random outcome.
//
// A process learns everything through its oracle, and every random thing it does is an oracle
// call: sample() is uniform on [n], sample_in(a, b) uniform on [a, b), coin(p) is Bernoulli(p),
// and in_top ranks tied bins uniformly. With the loads fixed, choose() is therefore a finite
// decision tree whose branch points are those calls. Running it once along every path and
// weighting each leaf by the product of its branch probabilities gives the law of the next
// placement exactly: no sampling error and no hand derivation. The enumeration is depth-first
// over a tape that records the outcome taken at each random call of the current path; after a
// leaf, the last call with an untried outcome moves on to it and the calls after it are
// forgotten, like an odometer. A fresh copy of the process runs every path, so its per-run
// state is the prototype's.
//
// What this gives, for any process, without writing a law:
//  - step_law(): the law of (bin, balls) of the next step, and the exact mean probes per step;
//  - enumerated_gap_law(): the exact law of the final gap of a tiny run, by dynamic programming
//    over load vectors with step_law() (for processes whose choice depends on the loads alone);
//  - enumerated_run_law(): the joint law of everything a tiny run reports, for processes that
//    treat bins as exchangeable.
// The hand-derived laws of oracles.hpp stay as an independent cross-check of the definitions:
// the enumeration is the law of the code, the hand law is the law of the paper.
//
// The cost is the number of leaves, n^d for d samples: tiny n only. The oracle answers as the
// exact setting does, from unit loads. Continuous randomness (sigma-noisy loads) has no finite
// tree and keeps its own law (oracles.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"
#include "properties/oracles.hpp"

namespace gapcheck::oracle {

// The exact oracle over fixed unit loads, whose random answers follow a tape of outcomes. It
// takes any process, registered or not: a type-erased one asks through DynamicOracle.
class EnumeratingOracle {
 public:
  using Load = std::uint32_t;

  explicit EnumeratingOracle(const std::vector<std::uint32_t>& x)
      : x_(x), total_(std::accumulate(x.begin(), x.end(), std::uint64_t{0})) {}

  // --- the oracle questions, answered as ExactOracle answers them ------------------------
  std::size_t n() const { return x_.size(); }
  std::uint64_t balls() const { return total_; }  // unit balls: t = W
  double average() const { return static_cast<double>(total_) / static_cast<double>(x_.size()); }
  Bin sample() { return sample_in(0, x_.size()); }
  // A sample that is not wanted has no outcome to enumerate: it changes no law.
  Bin sample_if(bool wanted) { return wanted ? sample() : 0; }
  Bin sample_in(Bin first, Bin last) {
    if (last <= first) throw std::logic_error("sample_in over an empty range");
    ++probes_;
    const std::uint64_t range = last - first;
    const std::uint64_t taken = next_outcome(range);
    weight_ /= static_cast<double>(range);
    return first + taken;
  }
  Order compare(Bin i, Bin j) { return order_of(x_[i], x_[j]); }
  Order compare_to(Bin i, double level) { return order_of(static_cast<double>(x_[i]), level); }
  double load(Bin i) { return static_cast<double>(x_[i]); }
  // Bin i is among the k heaviest when fewer than k bins are heavier and it wins a uniform rank
  // among its tied bins: probability (k - heavier) / tied.
  bool in_top(Bin i, std::uint64_t k) {
    std::uint64_t heavier = 0, tied = 0;
    for (const std::uint32_t v : x_) {
      heavier += v > x_[i];
      tied += v == x_[i];
    }
    if (heavier >= k) return false;
    if (heavier + tied <= k) return true;
    return branch(static_cast<double>(k - heavier) / static_cast<double>(tied));
  }
  // bernoulli(p) is uniform01 < p: never for p <= 0, always for p >= 1.
  bool coin(double p) { return branch(p); }

  // --- the enumeration ---------------------------------------------------------------------
  // Starts the next path; false when every path has been run.
  bool next_path() {
    if (!started_) return started_ = true;
    if (depth_ != tape_.size()) throw std::logic_error("a path ended before its recorded calls");
    while (!tape_.empty()) {
      if (++tape_.back().taken < tape_.back().arity) break;
      tape_.pop_back();
    }
    if (tape_.empty()) return false;
    depth_ = 0;
    weight_ = 1;
    probes_ = 0;
    return true;
  }
  double weight() const { return weight_; }
  std::uint64_t probes() const { return probes_; }

 private:
  struct Call {
    std::uint64_t taken;
    std::uint64_t arity;
  };

  // The outcome of the next random call on this path: replayed from the tape, or the first
  // outcome of a call the tape has not reached yet.
  std::uint64_t next_outcome(std::uint64_t arity) {
    if (depth_ < tape_.size()) {
      // A process is a function of its answers: the same answers must lead to the same calls.
      if (tape_[depth_].arity != arity)
        throw std::logic_error("a replayed path made a different random call");
      return tape_[depth_++].taken;
    }
    if (tape_.size() >= kMaxDepth) throw std::length_error("more than 64 random calls in one step");
    tape_.push_back({0, arity});
    ++depth_;
    return 0;
  }

  bool branch(double p) {
    if (p <= 0) return false;
    if (p >= 1) return true;
    const bool yes = next_outcome(2) == 0;
    weight_ *= yes ? p : 1 - p;
    return yes;
  }

  static constexpr std::size_t kMaxDepth = 64;
  const std::vector<std::uint32_t>& x_;
  std::uint64_t total_;
  std::vector<Call> tape_;
  std::size_t depth_ = 0;
  double weight_ = 1;
  std::uint64_t probes_ = 0;
  bool started_ = false;
};

static_assert(Oracle<EnumeratingOracle>);

// The exact law of one step of `prototype` at loads x.
struct StepLaw {
  std::map<std::pair<Bin, std::uint64_t>, double> placements;  // (bin, balls) -> probability
  double mean_probes = 0;
  std::uint64_t paths = 0;

  // The law of the bin (the balls of a step summed out).
  Law bins(std::size_t n) const {
    Law p(n, 0.0);
    for (const auto& [placement, probability] : placements) p[placement.first] += probability;
    return p;
  }
};

template <class Process>
StepLaw step_law(const Process& prototype, const std::vector<std::uint32_t>& x,
                 std::uint64_t max_paths = 10'000'000) {
  EnumeratingOracle oracle(x);
  StepLaw law;
  while (oracle.next_path()) {
    if (++law.paths > max_paths)
      throw std::length_error("more than " + std::to_string(max_paths) + " paths in one step");
    Process process = prototype;
    const Placement placement = choose_with(process, oracle);
    law.placements[{placement.bin, placement.balls}] += oracle.weight();
    law.mean_probes += oracle.weight() * static_cast<double>(oracle.probes());
  }
  return law;
}

// A process that remembers (Memory's cache; `remembers`, core/process.hpp) keeps state that is
// not in the load vector: a fresh copy per step would forget it.
template <class Process>
void require_load_driven(const Process& prototype) {
  if constexpr (AsksDynamically<Process>) {
    if (prototype.remembers()) throw std::logic_error("its state is not in the load vector");
  } else {
    static_assert(!remembers_v<Process>, "its state is not in the load vector");
  }
}

// The exact law of the final gap after m unit balls into n empty bins, stepping with
// step_law(); a step's balls are cut at m, as the engine cuts them. Only for processes whose
// choice depends on the loads alone (a fresh copy of the prototype decides every step).
template <class Process>
std::map<double, double> enumerated_gap_law(const Process& prototype, std::uint64_t n,
                                            std::uint64_t m) {
  require_load_driven(prototype);
  return exact_gap_law(n, m, State(n, 0.0), [&](const State& s) {
    const std::vector<std::uint32_t> x(s.begin(), s.end());
    const double placed = std::accumulate(s.begin(), s.end(), 0.0);
    Moves moves;
    for (const auto& [placement, probability] : step_law(prototype, x).placements) {
      State after = s;
      after[placement.first] += std::min(static_cast<double>(placement.second),
                                         static_cast<double>(m) - placed);
      moves.emplace_back(std::move(after), probability);
    }
    return moves;
  });
}

// The exact joint law of what a tiny run reports (RunOutcome: histogram, maximum gap over time,
// steps above, steps), for a process that treats bins as exchangeable (one the levels engine
// runs), by dynamic programming over sorted load vectors with step_law().
template <class Process>
std::map<RunOutcome, double> enumerated_run_law(const Process& prototype, const RunConfig& config) {
  require_load_driven(prototype);
  return exact_run_law(config, [&](const std::vector<std::uint64_t>& sorted) {
    const std::vector<std::uint32_t> x(sorted.begin(), sorted.end());
    std::vector<SortedMove> moves;
    for (const auto& [placement, probability] : step_law(prototype, x).placements)
      moves.push_back({placement.first, placement.second, probability});
    return moves;
  });
}

}  // namespace gapcheck::oracle
