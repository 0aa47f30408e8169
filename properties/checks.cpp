#include "properties/checks.hpp"

#include <rapidcheck.h>

#include <cmath>
#include <map>
#include <sstream>

namespace gapcheck::props {
bool close(double a, double b) {
  return std::abs(a - b) <= 1e-9 * (1.0 + std::abs(a) + std::abs(b));
}

double kth_level(const std::vector<double>& x, std::uint64_t k) {
  if (k == 0 || k > x.size()) return 0;
  std::vector<double> levels;
  for (double v : x) levels.push_back(std::floor(v));
  std::sort(levels.begin(), levels.end(), std::greater<>());
  return levels[k - 1];
}

namespace {

template <class... Parts>
std::string text(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

// Adds a violation while there are fewer than `cap` (a broken run repeats the same fault).
struct Collector {
  Violations out;
  std::size_t cap = 8;
  template <class... Parts>
  void add(const Parts&... parts) {
    if (out.size() < cap) out.push_back(text(parts...));
  }
};

double order_value(double a, double b) { return static_cast<double>(order_of(a, b)); }

using Questions = std::vector<const audit::Question*>;

// The questions of each step, in the order asked.
std::vector<Questions> questions_of(const audit::Log& log) {
  std::vector<Questions> out(log.steps.size());
  for (const auto& q : log.questions)
    if (q.step < out.size()) out[q.step].push_back(&q);
  return out;
}

// Calls rule(s, questions of step s) for every step.
template <class Rule>
void each_step(const audit::Log& log, Rule rule) {
  const auto steps = questions_of(log);
  for (std::size_t s = 0; s < steps.size(); ++s) rule(s, steps[s]);
}

std::vector<const audit::Question*> only(const std::vector<const audit::Question*>& qs,
                                         audit::Ask ask) {
  std::vector<const audit::Question*> out;
  for (const auto* q : qs)
    if (q->ask == ask) out.push_back(q);
  return out;
}


// Whether "i is among the k heaviest of x" may be answered `answer`, ties ranked at random.
bool rank_answer_allowed(const std::vector<double>& x, Bin i, std::uint64_t k, bool answer) {
  std::uint64_t heavier = 0, tied = 0;
  for (double v : x) {
    heavier += std::floor(v) > std::floor(x[i]);
    tied += std::floor(v) == std::floor(x[i]);
  }
  if (heavier >= k) return !answer;
  if (heavier + tied <= k) return answer;
  return true;
}

// The loads after `ball` balls, if the log kept them.
const std::vector<double>* loads_at(const audit::Log& log, std::uint64_t ball) {
  return ball < log.after.size() ? &log.after[ball] : nullptr;
}

double mean_of(const std::vector<double>& x) {
  double w = 0;
  for (double v : x) w += v;
  return w / static_cast<double>(x.size());
}

const char* name_of(audit::Ask ask) {
  switch (ask) {
    case audit::Ask::sample: return "sample";
    case audit::Ask::compare: return "compare";
    case audit::Ask::compare_to: return "compare_to";
    case audit::Ask::load: return "load";
    case audit::Ask::in_top: return "in_top";
    case audit::Ask::coin: return "coin";
    case audit::Ask::average: return "average";
    case audit::Ask::clock: return "clock";
  }
  return "?";
}

}  // namespace

void require(const Violations& violations, const std::string& context) {
  if (violations.empty()) return;
  std::string message = context;
  for (const auto& v : violations) message += "\n  " + v;
  RC_FAIL(message);
}

Violations conservation(const audit::Run& run, const RunConfig& config, bool unit) {
  Collector c;
  const auto& log = run.log;
  double weight = 0;
  for (const auto& k : log.checkpoints) {
    weight += k.weight;
    const bool sum_ok = unit ? k.summed_total == k.tracked_total &&
                                   k.tracked_total == static_cast<double>(k.ball)
                             : close(k.summed_total, k.tracked_total) && close(weight, k.summed_total);
    if (!sum_ok)
      c.add("after ball ", k.ball, ": loads sum to ", k.summed_total, ", W tracked ",
            k.tracked_total, ", weight placed ", weight);
    if (k.tracked_balls != k.ball)
      c.add("after ball ", k.ball, ": Loads counts ", k.tracked_balls, " balls");
    if (k.least_change < 0) c.add("after ball ", k.ball, ": a load decreased by ", -k.least_change);
    if (k.changed_bins > 1 || (k.weight > 0 && !close(k.change_of_bin, k.weight)))
      c.add("after ball ", k.ball, " (bin ", k.bin, ", weight ", k.weight, "): ", k.changed_bins,
            " bins changed, the chosen one by ", k.change_of_bin);
  }
  if (run.result.balls != config.m) c.add("the run placed ", run.result.balls, " balls, m = ", config.m);
  if (log.loads.size() != config.n) c.add("the final load vector has ", log.loads.size(), " bins");
  double total = 0;
  for (double x : log.loads) total += x;
  if (unit ? total != static_cast<double>(config.m) : !close(total, weight))
    c.add("final loads sum to ", total, ", placed ", unit ? static_cast<double>(config.m) : weight);
  return c.out;
}

Violations tracked_statistics(const audit::Run& run) {
  Collector c;
  for (const auto& k : run.log.checkpoints) {
    if (k.tracked_max != k.recomputed_max)
      c.add("after ball ", k.ball, ": tracked max ", k.tracked_max, ", recomputed ", k.recomputed_max);
    if (!close(k.tracked_gap, k.recomputed_gap))
      c.add("after ball ", k.ball, ": tracked gap ", k.tracked_gap, ", recomputed ", k.recomputed_gap);
  }
  const auto& x = run.log.loads;
  if (x.empty()) return c.out;
  double max = x[0], total = 0;
  std::map<std::uint64_t, std::uint64_t> levels;
  for (double v : x) {
    max = std::max(max, v);
    total += v;
    ++levels[static_cast<std::uint64_t>(v)];
  }
  const double gap = max - total / static_cast<double>(x.size());
  if (run.result.max_load != max) c.add("RunResult max load ", run.result.max_load, ", loads say ", max);
  if (!close(run.result.gap, gap)) c.add("RunResult gap ", run.result.gap, ", loads say ", gap);
  if (run.result.max_gap_over_time + 1e-9 < gap)
    c.add("max gap over time ", run.result.max_gap_over_time, " below the final gap ", gap);
  const auto& h = run.result.histogram;
  std::uint64_t counted = 0;
  for (std::size_t k = 0; k < h.bins.size(); ++k) {
    const auto level = h.first_level + k * h.level_width;  // the group [level, level + width)
    std::uint64_t want = 0;
    for (auto it = levels.lower_bound(level); it != levels.end() && it->first < level + h.level_width; ++it)
      want += it->second;
    if (h.bins[k] != want) c.add("histogram level ", level, ": ", h.bins[k], " bins, loads say ", want);
    counted += h.bins[k];
  }
  if (counted != x.size()) c.add("histogram counts ", counted, " bins of ", x.size());
  return c.out;
}

Violations samples_and_steps(const audit::Run& run) {
  Collector c;
  std::uint64_t samples = 0;
  for (const auto& q : run.log.questions) {
    if (q.ask != audit::Ask::sample) continue;
    ++samples;
    if (q.i < q.first || q.i >= q.last || q.last > run.log.n)
      c.add("step ", q.step, ": sample ", q.i, " outside [", q.first, ", ", q.last, ")");
  }
  if (run.result.probes != samples)
    c.add("RunResult counts ", run.result.probes, " probes, the oracle drew ", samples, " samples");
  if (run.result.steps != run.log.steps.size())
    c.add("RunResult counts ", run.result.steps, " steps, the audit saw ", run.log.steps.size());
  return c.out;
}

Violations differences(const RunResult& a, const RunResult& b) {
  Collector c;
  auto field = [&](const char* name, auto x, auto y) {
    if (x != y) c.add(name, ": ", x, " vs ", y);
  };
  field("replicate", a.replicate, b.replicate);
  field("gap", a.gap, b.gap);
  field("max_load", a.max_load, b.max_load);
  field("max_gap_over_time", a.max_gap_over_time, b.max_gap_over_time);
  field("fraction_above_level", a.fraction_above_level, b.fraction_above_level);
  field("balls", a.balls, b.balls);
  field("steps", a.steps, b.steps);
  field("probes", a.probes, b.probes);
  field("histogram first level", a.histogram.first_level, b.histogram.first_level);
  field("histogram level width", a.histogram.level_width, b.histogram.level_width);
  if (a.histogram.bins != b.histogram.bins) c.add("histograms differ");
  if (a.setting_counts != b.setting_counts) c.add("setting counts differ");
  return c.out;
}

Violations different_loads(const std::vector<double>& a, const std::vector<double>& b) {
  Collector c;
  if (a.size() != b.size()) c.add(a.size(), " bins vs ", b.size());
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    if (a[i] != b[i]) c.add("x_", i, ": ", a[i], " vs ", b[i]);
  return c.out;
}

Violations replicate_independence(const SingleRun& single, const BatchRun& batch,
                                  std::uint64_t seed, std::uint64_t first, std::uint64_t runs) {
  Violations out;
  for (unsigned threads : {1u, 2u}) {
    const std::vector<RunResult> together = batch(seed, first, runs, threads);
    if (together.size() != runs) out.push_back(text("the batch returned ", together.size(), " runs"));
    for (std::uint64_t k = 0; k < std::min<std::uint64_t>(runs, together.size()); ++k)
      for (const auto& d : differences(single(seed, first + k), together[k]))
        out.push_back(text("replicate ", first + k, " alone vs in a batch on ", threads,
                           " threads: ", d));
  }
  return out;
}

Violations g_limit(const audit::Log& log, double g) {
  Collector c;
  for (const auto& q : log.questions) {
    switch (q.ask) {
      case audit::Ask::compare: {
        const double truth = order_value(q.true_i, q.true_j);
        if (q.answer != truth && std::abs(q.true_i - q.true_j) > g)
          c.add("ball ", q.ball, ": compare(", q.i, ", ", q.j, ") with loads ", q.true_i, ", ",
                q.true_j, " answered ", q.answer, " (difference beyond g = ", g, ")");
        break;
      }
      case audit::Ask::compare_to: {
        const double truth = order_value(q.true_i, q.level);
        if (q.answer != truth && std::abs(q.true_i - q.level) > g)
          c.add("ball ", q.ball, ": compare_to(", q.i, ", ", q.level, ") with load ", q.true_i,
                " answered ", q.answer, " (difference beyond g = ", g, ")");
        break;
      }
      case audit::Ask::load:
        if (std::abs(q.answer - q.true_i) > g)
          c.add("ball ", q.ball, ": load(", q.i, ") = ", q.true_i, " read as ", q.answer);
        break;
      case audit::Ask::in_top:  // the comparison of x_i with the k-th heaviest level q
        if (const auto* x = loads_at(log, q.ball)) {
          // No bin is among the 0 heaviest: in_top(i, 0) has nothing to decide.
          const bool none = q.level == 0;
          const double level = kth_level(*x, static_cast<std::uint64_t>(q.level));
          if (none ? q.answer != 0
                   : std::abs(q.true_i - level) > g && (q.answer != 0) != (q.true_i > level))
            c.add("ball ", q.ball, ": in_top(", q.i, ", ", q.level, ") with load ", q.true_i,
                  " and k-th level ", level, " answered ", q.answer, " (beyond g = ", g, ")");
        }
        break;
      case audit::Ask::average:
        if (!close(q.answer, q.true_level))
          c.add("ball ", q.ball, ": average ", q.true_level, " read as ", q.answer);
        break;
      case audit::Ask::clock:  // the clock is no comparison: never bent
        if (q.answer != q.true_level)
          c.add("ball ", q.ball, ": the clock t = ", q.true_level, " read as ", q.answer);
        break;
      default:
        break;
    }
  }
  return c.out;
}

Violations snapshot_reads(const audit::Log& log, std::uint64_t b) {
  Collector c;
  for (const auto& q : log.questions) {
    const auto* snap = loads_at(log, q.ball / b * b);
    if (!snap) continue;
    const auto& x = *snap;
    bool ok = true;
    switch (q.ask) {
      case audit::Ask::compare:
        ok = q.answer == order_value(x[q.i], x[q.j]);
        break;
      case audit::Ask::compare_to:
        ok = q.answer == order_value(x[q.i], q.level);
        break;
      case audit::Ask::load:
        ok = q.answer == x[q.i];
        break;
      case audit::Ask::average:
        ok = close(q.answer, mean_of(x));
        break;
      case audit::Ask::clock:  // the clock is part of the snapshot
        ok = q.answer == static_cast<double>(q.ball / b * b);
        break;
      case audit::Ask::in_top:
        ok = rank_answer_allowed(x, q.i, static_cast<std::uint64_t>(q.level), q.answer != 0);
        break;
      default:
        break;
    }
    if (!ok)
      c.add("ball ", q.ball, ": ", name_of(q.ask), " about bin ", q.i, " answered ", q.answer,
            ", its snapshot (after ", q.ball / b * b, " balls) has x = ", x[q.i], ", now ", q.true_i);
  }
  return c.out;
}

Violations window_reads(const audit::Log& log, std::uint64_t tau, bool one_step) {
  Collector c;
  for (const auto& q : log.questions) {
    if (q.ball >= log.after.size()) continue;
    const std::uint64_t from = q.ball + 1 >= tau ? q.ball + 1 - tau : 0;
    auto window = [&](Bin i) {
      std::vector<double> values;
      for (std::uint64_t s = from; s <= q.ball; ++s) values.push_back(log.after[s][i]);
      return values;
    };
    auto orders = [&](const std::vector<double>& a, const std::vector<double>& b) {
      std::vector<double> out;
      for (double u : a)
        for (double v : b) out.push_back(order_value(u, v));
      return out;
    };
    // The orders of x_i and x_j read at one common step of the window.
    auto common_orders = [&](Bin i, Bin j) {
      std::vector<double> out;
      for (std::uint64_t s = from; s <= q.ball; ++s)
        out.push_back(order_value(log.after[s][i], log.after[s][j]));
      return out;
    };
    auto has = [](const std::vector<double>& values, double v) {
      return std::find(values.begin(), values.end(), v) != values.end();
    };
    bool ok = true;
    switch (q.ask) {
      case audit::Ask::load:
        ok = has(window(q.i), q.answer);
        break;
      case audit::Ask::compare:
        ok = has(one_step ? common_orders(q.i, q.j) : orders(window(q.i), window(q.j)), q.answer);
        break;
      case audit::Ask::compare_to:
        ok = has(orders(window(q.i), {q.level}), q.answer);
        break;
      case audit::Ask::in_top: {
        const auto& now = log.after[q.ball];
        const auto k = static_cast<std::uint64_t>(q.level);
        const auto seen = orders(window(q.i), {kth_level(now, k)});
        const bool top = q.answer != 0;
        ok = k == 0 ? !top
                    : (top && has(seen, 1)) || (!top && has(seen, -1)) ||
                          (has(seen, 0) && rank_answer_allowed(now, q.i, k, top));
        break;
      }
      case audit::Ask::average:
        ok = close(q.answer, q.true_level);
        break;
      case audit::Ask::clock:  // only load reads are delayed: the clock is the true t
        ok = q.answer == q.true_level;
        break;
      default:
        break;
    }
    if (!ok)
      c.add("ball ", q.ball, ": ", name_of(q.ask), " about bins ", q.i, ", ", q.j, " answered ",
            q.answer, ", outside the values of the last ", tau, " steps (x_i now ", q.true_i, ")");
  }
  return c.out;
}

Violations coin_within_g(const audit::Log& log, double g) {
  Collector c;
  for (const auto& q : log.questions) {
    const bool two_bins = q.ask == audit::Ask::compare && q.i != q.j;
    const bool threshold = q.ask == audit::Ask::compare_to;
    if (!two_bins && !threshold) continue;
    const double other = two_bins ? q.true_j : q.level;
    if (q.answer == 0 && std::abs(q.true_i - other) <= g)
      c.add("ball ", q.ball, ": ", name_of(q.ask), " of values ", q.true_i, " and ", other,
            " (within g = ", g, ") answered equal: the coin must decide");
  }
  return c.out;
}

Violations truthful(const audit::Log& log) {
  Collector c;
  for (const auto& q : log.questions) {
    bool ok = true;
    switch (q.ask) {
      case audit::Ask::compare:
        ok = q.answer == order_value(q.true_i, q.true_j);
        break;
      case audit::Ask::compare_to:
        ok = q.answer == order_value(q.true_i, q.level);
        break;
      case audit::Ask::load:
        ok = q.answer == q.true_i;
        break;
      case audit::Ask::average:
        ok = close(q.answer, q.true_level);
        break;
      case audit::Ask::clock:
        ok = q.answer == q.true_level;
        break;
      case audit::Ask::in_top:
        if (const auto* x = loads_at(log, q.ball))
          ok = rank_answer_allowed(*x, q.i, static_cast<std::uint64_t>(q.level), q.answer != 0);
        break;
      default:
        break;
    }
    if (!ok) c.add("ball ", q.ball, ": ", name_of(q.ask), " about bin ", q.i,
                   " (true load ", q.true_i, ") answered ", q.answer);
  }
  return c.out;
}

Violations places_on_a_sample(const audit::Log& log) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& qs) {
    const auto samples = only(qs, audit::Ask::sample);
    for (const auto* q : samples)
      if (q->i == log.steps[s].bin) return;
    c.add("step ", s, " placed in bin ", log.steps[s].bin, ", not one of its ", samples.size(),
          " samples");
  });
  return c.out;
}

Violations samples_per_step(const audit::Log& log, std::uint64_t least, std::uint64_t most) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& qs) {
    const std::size_t drawn = only(qs, audit::Ask::sample).size();
    if (drawn < least || drawn > most)
      c.add("step ", s, " drew ", drawn, " samples, expected ", least, "..", most);
  });
  return c.out;
}

Violations lightest_sample(const audit::Log& log, bool index_ties) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& qs) {
    const auto samples = only(qs, audit::Ask::sample);
    if (samples.empty()) return;
    const audit::Question* best = samples[0];
    for (const auto* q : samples)
      if (q->true_i < best->true_i || (index_ties && q->true_i == best->true_i && q->i < best->i))
        best = q;
    if (log.steps[s].bin != best->i)
      c.add("step ", s, " placed in bin ", log.steps[s].bin, ", the lightest sample (",
            index_ties ? "lowest index" : "first", " among ties) is bin ", best->i, " with load ",
            best->true_i);
  });
  return c.out;
}

Violations left_rule(const audit::Log& log, std::uint64_t d, bool truthful_answers) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& qs) {
    const auto samples = only(qs, audit::Ask::sample);
    if (samples.size() != d) {
      c.add("step ", s, " drew ", samples.size(), " samples, Left[", d, "] draws ", d);
      return;
    }
    for (std::uint64_t k = 0; k < d; ++k) {
      const Bin lo = k * log.n / d, hi = (k + 1) * log.n / d;
      if (samples[k]->first != lo || samples[k]->last != hi || samples[k]->i < lo || samples[k]->i >= hi)
        c.add("step ", s, ": sample ", k, " is bin ", samples[k]->i, " of [", samples[k]->first,
              ", ", samples[k]->last, "), group ", k, " is [", lo, ", ", hi, ")");
    }
  });
  if (truthful_answers)
    for (auto& v : lightest_sample(log, false)) c.add("Left: ", v);
  return c.out;
}

Violations first_diff_rule(const audit::Log& log, std::uint64_t cap) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& qs) {
    const auto samples = only(qs, audit::Ask::sample);
    if (samples.empty()) {
      c.add("step ", s, " drew no sample");
      return;
    }
    const audit::Question* first = samples[0];
    std::size_t used = 1;  // probes the rule draws, replayed on the probes the process drew
    Bin expected = first->i;
    bool differed = false;
    while (used < cap && used < samples.size()) {
      const audit::Question* b = samples[used++];
      if (b->true_i != first->true_i) {
        expected = b->true_i < first->true_i ? b->i : first->i;
        differed = true;
        break;
      }
    }
    if (!differed && used < cap)
      c.add("step ", s, " stopped after ", samples.size(), " equal probes, the cap is ", cap);
    else if (samples.size() != used)
      c.add("step ", s, " drew ", samples.size(), " probes, the rule stops after ", used);
    if (log.steps[s].bin != expected)
      c.add("step ", s, " placed in bin ", log.steps[s].bin, ", FirstDiff places in ", expected);
  });
  return c.out;
}

Violations quantile_rule(const audit::Log& log, double delta, bool truthful_answers, bool mixed,
                         double eta) {
  Collector c;
  const auto k = static_cast<std::uint64_t>(std::ceil(delta * static_cast<double>(log.n)));
  each_step(log, [&](std::size_t s, const Questions& qs) {
    std::size_t at = 0;
    if (mixed) {
      if (qs.empty() || qs[0]->ask != audit::Ask::coin || qs[0]->level != eta) {
        c.add("step ", s, " did not begin with its coin of probability ", eta);
        return;
      }
      at = 1;
      if (qs[0]->answer == 0) {  // a One-Choice step
        if (qs.size() != 2 || qs[1]->ask != audit::Ask::sample || log.steps[s].bin != qs[1]->i)
          c.add("step ", s, ": a One-Choice step must draw one sample and place there");
        return;
      }
    }
    const bool shape = qs.size() >= at + 2 && qs[at]->ask == audit::Ask::sample &&
                       qs[at + 1]->ask == audit::Ask::in_top && qs[at + 1]->i == qs[at]->i &&
                       qs[at + 1]->level == static_cast<double>(k);
    if (!shape) {
      c.add("step ", s, ": expected a sample and the rank question in_top(it, ", k, ")");
      return;
    }
    const bool top = qs[at + 1]->answer != 0;
    const std::size_t want = at + (top ? 3 : 2);
    if (qs.size() != want || (top && qs[at + 2]->ask != audit::Ask::sample))
      c.add("step ", s, ": ", qs.size() - at, " questions, Quantile asks ", want - at);
    else if (log.steps[s].bin != (top ? qs[at + 2]->i : qs[at]->i))
      c.add("step ", s, " placed in bin ", log.steps[s].bin, " against the rank answer ", top);
    if (truthful_answers && qs[at + 1]->ball < log.after.size()) {
      const auto& x = log.after[qs[at + 1]->ball];
      const double mine = qs[at]->true_i;
      std::uint64_t heavier = 0, tied = 0;
      for (double v : x) {
        heavier += std::floor(v) > std::floor(mine);
        tied += std::floor(v) == std::floor(mine);
      }
      if ((top && heavier >= k) || (!top && heavier + tied <= k))
        c.add("step ", s, ": in_top(", qs[at]->i, ", ", k, ") answered ", top, " with ", heavier,
              " heavier and ", tied, " tied bins");
    }
  });
  return c.out;
}

Violations thinning_rule(const audit::Log& log, const ThinningThreshold& threshold,
                         bool accept_at_threshold) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& all) {
    // The threshold's inputs come first: the clock t, then the mean when the stage is relative.
    std::size_t at = 0;
    double t = -1, mean = std::nan("");
    if (at < all.size() && all[at]->ask == audit::Ask::clock) t = all[at++]->answer;
    if (at < all.size() && all[at]->ask == audit::Ask::average) mean = all[at++]->answer;
    const Questions qs(all.begin() + static_cast<std::ptrdiff_t>(at), all.end());
    if (t < 0 || qs.size() < 2 || qs[0]->ask != audit::Ask::sample ||
        qs[1]->ask != audit::Ask::compare_to || qs[1]->i != qs[0]->i) {
      c.add("step ", s, ": expected the clock, then a primary sample compared with the threshold");
      return;
    }
    if (threshold) {
      const double want = threshold(static_cast<std::uint64_t>(t), mean);
      if (!(qs[1]->level == want))
        c.add("step ", s, " (clock t = ", t, ", mean read ", mean, "): threshold ", qs[1]->level,
              ", the rule says ", want);
    }
    const bool accept = qs[1]->answer < 0 || (accept_at_threshold && qs[1]->answer == 0);
    const std::size_t want = accept ? 2 : 3;
    if (qs.size() != want || (!accept && qs[2]->ask != audit::Ask::sample))
      c.add("step ", s, ": ", qs.size(), " questions; ", accept ? "an accepted" : "a rejected",
            " primary asks ", want);
    else if (log.steps[s].bin != (accept ? qs[0]->i : qs[2]->i))
      c.add("step ", s, " placed in bin ", log.steps[s].bin, " against its ",
            accept ? "accepted primary " : "secondary ", accept ? qs[0]->i : qs[2]->i);
  });
  return c.out;
}

namespace {

// The balls a step places: `want`, or fewer at the last step when m runs out.
void check_balls(Collector& c, const audit::Log& log, std::size_t s, std::uint64_t want) {
  const auto got = log.steps[s].balls;
  if (got != want && !(s + 1 == log.steps.size() && got < want))
    c.add("step ", s, " placed ", got, " balls, the rule places ", want);
}

// One sample compared with the average read: the shape Twinning and Packing share. Returns the
// index of the compare_to question, or 0 if the shape is wrong.
std::size_t mean_comparison(Collector& c, const std::vector<const audit::Question*>& qs,
                            std::size_t s) {
  if (qs.size() >= 3 && qs[0]->ask == audit::Ask::sample && qs[1]->ask == audit::Ask::average &&
      qs[2]->ask == audit::Ask::compare_to && qs[2]->i == qs[0]->i && qs[2]->level == qs[1]->answer)
    return 2;
  c.add("step ", s, ": expected a sample compared with the average read");
  return 0;
}

}  // namespace

Violations twinning_rule(const audit::Log& log) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& qs) {
    if (!mean_comparison(c, qs, s)) return;
    if (qs.size() != 3) c.add("step ", s, " asked ", qs.size(), " questions, Twinning asks 3");
    if (log.steps[s].bin != qs[0]->i) c.add("step ", s, " placed off its sample");
    check_balls(c, log, s, qs[2]->answer < 0 ? 2 : 1);
  });
  return c.out;
}

Violations packing_rule(const audit::Log& log) {
  Collector c;
  each_step(log, [&](std::size_t s, const Questions& qs) {
    if (!mean_comparison(c, qs, s)) return;
    if (log.steps[s].bin != qs[0]->i) c.add("step ", s, " placed off its sample");
    if (qs[2]->answer >= 0) {
      if (qs.size() != 3) c.add("step ", s, ": a bin not below the average needs no load read");
      check_balls(c, log, s, 1);
      return;
    }
    if (qs.size() != 4 || qs[3]->ask != audit::Ask::load || qs[3]->i != qs[0]->i) {
      c.add("step ", s, ": a bin below the average must have its load read once");
      return;
    }
    const double fill = std::ceil(qs[1]->answer) + 1 - qs[3]->answer;
    check_balls(c, log, s, static_cast<std::uint64_t>(std::max(fill, 1.0)));
  });
  return c.out;
}

Violations memory_rule(const audit::Log& log) {
  Collector c;
  Bin cache = 0, other = 0;  // as the rule keeps them: the bin used last, the other choice
  each_step(log, [&](std::size_t s, const Questions& all) {
    std::size_t at = 0;
    if (s > 0 && other != cache) {  // the lesser of the last two choices after placement
      if (all.empty() || all[0]->ask != audit::Ask::compare || all[0]->i != other ||
          all[0]->j != cache) {
        c.add("step ", s, ": expected compare(other ", other, ", bin used ", cache,
              ") after the placement");
        return;
      }
      if (all[at++]->answer < 0) cache = other;  // a tie keeps the bin used
    }
    const Questions qs(all.begin() + static_cast<std::ptrdiff_t>(at), all.end());
    if (qs.empty() || qs[0]->ask != audit::Ask::sample) {
      c.add("step ", s, ": expected one sample");
      return;
    }
    const Bin sample = qs[0]->i;
    if (s == 0) {
      if (qs.size() != 1 || log.steps[0].bin != sample)
        c.add("step 0 (empty cache) must place on its sample without a comparison");
      cache = other = sample;
      return;
    }
    if (qs.size() != 2 || qs[1]->ask != audit::Ask::compare || qs[1]->i != cache || qs[1]->j != sample) {
      c.add("step ", s, ": expected compare(cache ", cache, ", sample ", sample, ")");
      return;
    }
    const bool to_cache = qs[1]->answer < 0;
    const Bin want = to_cache ? cache : sample;
    if (log.steps[s].bin != want)
      c.add("step ", s, " placed in bin ", log.steps[s].bin, ", Memory places in ", want);
    other = to_cache ? sample : cache;
    cache = want;
  });
  return c.out;
}

}  // namespace gapcheck::props
