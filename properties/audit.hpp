// The auditing oracle: a witness standing between a process and its setting.
//
// Audited<Oracle> has the oracle interface, forwards every question to the wrapped setting's
// oracle, and writes down the question, the answer given, and the TRUE values read from the
// run's Loads at that moment. The property checks then judge a run from its record alone: was
// every answer that differs from the truth allowed by the setting (g-limit, snapshot, window),
// did the process place where its rule says, were the balls conserved, does the tracked gap
// match the loads. Nothing in the record is computed by the code under test except the answers.
//
// AuditedSetting<Setting> is a setting whose oracle is the audited one, so a run goes through
// the production run_once() unchanged: the audit sees exactly what a real run does. The process
// may be a registered one with its type erased (AnyProcess): it then asks through DynamicOracle
// (core/dynamic_oracle.hpp), and the audited loop is compiled once per setting and load type, not
// once per process as well (processes/tests/registry_test.cpp checks that such runs are the
// typed runs, draw for draw).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "processes/core/engine.hpp"
#include "processes/core/loads.hpp"
#include "processes/core/oracle.hpp"

namespace gapcheck::audit {

enum class Ask { sample, compare, compare_to, load, in_top, coin, average, clock };

struct Question {
  Ask ask = Ask::sample;
  std::uint64_t ball = 0;   // balls placed before the question
  std::uint64_t step = 0;   // index of the step that asks
  Bin i = 0, j = 0;         // bins asked about; sample: the bin returned
  Bin first = 0, last = 0;  // sample: the range [first, last) it was drawn from
  double level = 0;         // compare_to: the level; in_top: k; coin: p
  double true_i = 0, true_j = 0;  // x_i, x_j at question time
  double true_level = 0;          // average: the true W/n; clock: the true t
  double answer = 0;        // load/average/clock: the value; compare: -1/0/1; in_top, coin: 0/1
};

// One step: the questions asked for it and where its balls went.
struct Step {
  std::uint64_t first_question = 0, end_question = 0;  // [first, end) in Log::questions
  std::uint64_t ball = 0;                              // balls placed before the step
  Bin bin = 0;
  std::uint64_t balls = 0;
};

// The state after one ball, as tracked by Loads and as recomputed from the load vector.
struct Checkpoint {
  std::uint64_t ball = 0;  // balls placed, including this one
  Bin bin = 0;             // where this ball went
  double weight = 0;
  double tracked_total = 0, summed_total = 0;
  std::uint64_t tracked_balls = 0;
  double tracked_max = 0, recomputed_max = 0;
  double tracked_gap = 0, recomputed_gap = 0;
  double least_change = 0;       // min over bins of x_i(after) - x_i(before)
  std::uint64_t changed_bins = 0;
  double change_of_bin = 0;      // x_bin(after) - x_bin(before)
};

struct Log {
  std::uint64_t n = 0;
  std::vector<Question> questions;
  std::vector<Step> steps;
  std::vector<Checkpoint> checkpoints;     // full detail only
  std::vector<std::vector<double>> after;  // full detail only: after[s] = x after s balls
  std::vector<double> loads;               // final load vector
};

enum class Detail {
  light,  // questions, steps and final loads: O(1) per question and ball
  full,   // also a checkpoint and a copy of the load vector after every ball: O(n) per ball
};

template <class Oracle>
class Audited {
 public:
  using Load = typename Oracle::Load;
  // The audit is not a production path: its loop is not flattened (see simulate_flattened).
  static constexpr bool flatten_run = false;

  Audited(Oracle inner, const Loads<Load>& truth, Log& log, Detail detail)
      : inner_(std::move(inner)), truth_(truth), log_(log), detail_(detail) {
    log_ = Log{};
    log_.n = truth_.n();
    log_.loads = vector_of(truth_);
    if (detail_ == Detail::full) log_.after.push_back(log_.loads);
  }

  std::size_t n() const { return inner_.n(); }
  // The process's clock is a question too: a setting answers it from the state it shows.
  std::uint64_t balls() {
    Question& q = ask(Ask::clock);
    q.true_level = static_cast<double>(truth_.balls());
    const std::uint64_t t = inner_.balls();
    q.answer = static_cast<double>(t);
    return t;
  }

  double average() {
    Question& q = ask(Ask::average);
    q.true_level = truth_.average();
    q.answer = inner_.average();
    return q.answer;
  }
  Bin sample() { return asked_sample(inner_.sample(), 0, truth_.n()); }
  // A sample that is not wanted is drawn (its words are read) but is not a question asked.
  Bin sample_if(bool wanted) {
    const Bin b = inner_.sample_if(wanted);
    return wanted ? asked_sample(b, 0, truth_.n()) : b;
  }
  Bin sample_in(Bin first, Bin last) {
    return asked_sample(inner_.sample_in(first, last), first, last);
  }
  Order compare(Bin i, Bin j) {
    Question& q = ask(Ask::compare);
    q.i = i, q.j = j, q.true_i = truth_[i], q.true_j = truth_[j];
    const Order o = inner_.compare(i, j);
    q.answer = static_cast<double>(o);
    return o;
  }
  Order compare_to(Bin i, double level) {
    Question& q = ask(Ask::compare_to);
    q.i = i, q.level = level, q.true_i = truth_[i];
    const Order o = inner_.compare_to(i, level);
    q.answer = static_cast<double>(o);
    return o;
  }
  double load(Bin i) {
    Question& q = ask(Ask::load);
    q.i = i, q.true_i = truth_[i];
    q.answer = inner_.load(i);
    return q.answer;
  }
  bool in_top(Bin i, std::uint64_t k) {
    Question& q = ask(Ask::in_top);
    q.i = i, q.level = static_cast<double>(k), q.true_i = truth_[i];
    const bool top = inner_.in_top(i, k);
    q.answer = top;
    return top;
  }
  bool coin(double p) {
    const bool c = inner_.coin(p);
    Question& q = ask(Ask::coin);
    q.level = p;
    q.answer = c;
    return c;
  }

  void place(Bin i, Load weight) {
    if (!placing_) {
      Step s;
      s.first_question = step_first_;
      s.end_question = log_.questions.size();
      s.ball = truth_.balls();
      s.bin = i;
      log_.steps.push_back(s);
      step_first_ = log_.questions.size();
      placing_ = true;
    }
    ++log_.steps.back().balls;
    if (i >= truth_.n())  // never forward a placement outside [n]
      throw std::logic_error("placement in bin " + std::to_string(i) + " outside [0, " +
                             std::to_string(truth_.n()) + ")");
    inner_.place(i, weight);
    if (detail_ == Detail::full) {
      checkpoint(i, static_cast<double>(weight));
    } else {
      log_.loads[i] = static_cast<double>(truth_[i]);
    }
  }

  bool visible() { return inner_.visible(); }
  std::uint64_t probes() const { return inner_.probes(); }
  SettingCounts counts() const { return inner_.counts(); }

 private:
  static std::vector<double> vector_of(const Loads<Load>& loads) {
    return {loads.vector().begin(), loads.vector().end()};
  }
  double value_of(Bin b) const { return b < truth_.n() ? static_cast<double>(truth_[b]) : -1.0; }

  // A sample b of [first, last), recorded as a question.
  Bin asked_sample(Bin b, Bin first, Bin last) {
    Question& q = ask(Ask::sample);
    q.i = b;
    q.true_i = value_of(b);
    q.first = first;
    q.last = last;
    return b;
  }

  Question& ask(Ask what) {
    if (placing_) placing_ = false;
    Question& q = log_.questions.emplace_back();
    q.ask = what;
    q.ball = truth_.balls();
    q.step = log_.steps.size();
    return q;
  }

  void checkpoint(Bin i, double weight) {
    const std::vector<double> now = vector_of(truth_);
    const std::vector<double>& before = log_.after.back();
    Checkpoint c;
    c.ball = truth_.balls();
    c.bin = i;
    c.weight = weight;
    c.tracked_total = static_cast<double>(truth_.total());
    c.tracked_balls = truth_.balls();
    c.tracked_max = static_cast<double>(truth_.max());
    c.tracked_gap = truth_.gap();
    c.least_change = now[0] - before[0];
    for (std::size_t k = 0; k < now.size(); ++k) {
      c.summed_total += now[k];
      c.recomputed_max = std::max(c.recomputed_max, now[k]);
      c.least_change = std::min(c.least_change, now[k] - before[k]);
      c.changed_bins += now[k] != before[k];
    }
    c.recomputed_gap = c.recomputed_max - c.summed_total / static_cast<double>(now.size());
    c.change_of_bin = now[i] - before[i];
    log_.checkpoints.push_back(c);
    log_.loads = now;
    log_.after.push_back(now);
  }

  Oracle inner_;
  const Loads<Load>& truth_;
  Log& log_;
  Detail detail_;
  bool placing_ = false;
  std::uint64_t step_first_ = 0;
};

// A setting whose oracle is the audited oracle of `setting`, recording into `log`.
template <class Setting>
struct AuditedSetting {
  Setting setting;
  Log* log;
  Detail detail;

  template <class Load>
  auto oracle(Loads<Load>& loads, Streams& streams) const {
    using Inner = decltype(setting.template oracle<Load>(loads, streams));
    return Audited<Inner>(setting.template oracle<Load>(loads, streams), loads, *log, detail);
  }
};

struct Run {
  RunResult result;
  Log log;
};

// One run of (process, setting, weights) through the production run_once(), audited.
template <class Load, class Process, class Setting>
Run audited_run(const Process& process, const Setting& setting, const Weights& weights,
                const RunConfig& config, std::uint64_t seed, std::uint64_t replicate,
                Detail detail = Detail::full) {
  Run run;
  const AuditedSetting<Setting> audited{setting, &run.log, detail};
  run.result = run_once<Load>(process, audited, weights, config, seed, replicate);
  return run;
}

// The final load vector x of one run.
template <class Load, class Process, class Setting>
std::vector<double> final_loads(const Process& process, const Setting& setting,
                                const Weights& weights, const RunConfig& config,
                                std::uint64_t seed, std::uint64_t replicate) {
  return audited_run<Load>(process, setting, weights, config, seed, replicate, Detail::light)
      .log.loads;
}

}  // namespace gapcheck::audit
