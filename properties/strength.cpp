#include "properties/strength.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>
#include <string>

#include "processes/core/oracle.hpp"

namespace gapcheck::props {
namespace {

// Reads of weighted loads are sums of doubles: allow rounding relative to the magnitude.

double order_value(double a, double b) { return static_cast<double>(order_of(a, b)); }

const char* ask_name(audit::Ask ask) {
  switch (ask) {
    case audit::Ask::compare: return "compare";
    case audit::Ask::compare_to: return "compare_to";
    case audit::Ask::load: return "load";
    case audit::Ask::in_top: return "in_top";
    default: return "question";
  }
}

// One line per wrong answer, at most eight (a broken setting repeats the same fault).
struct Wrong {
  Violations out;
  void add(const audit::Question& q, double expected, const std::string& why) {
    if (out.size() >= 8) return;
    std::ostringstream line;
    line << "ball " << q.ball << ": " << ask_name(q.ask) << " about bin " << q.i;
    if (q.ask == audit::Ask::compare) line << " and bin " << q.j << " (loads " << q.true_i << ", " << q.true_j << ")";
    else line << " (load " << q.true_i << ")";
    line << " answered " << q.answer << ", " << why << " " << expected;
    out.push_back(line.str());
  }
};


// A record without load vectors (Detail::light) cannot be judged: say so rather than pass it.
const Violations kNoLoads = {"the record has no load vectors (run with audit::Detail::full)"};

// The loads at question time, or nullptr if the record has none.
const std::vector<double>* loads_at(const audit::Log& log, const audit::Question& q) {
  return q.ball < log.after.size() ? &log.after[q.ball] : nullptr;
}

// in_top(i, k) compares x_i with q, the k-th heaviest floor level: "greater" is in the top,
// "less" is not, "equal" is the exact rank question (a coin among ties: either answer).
// `seen(q)` is the order the setting must report for x_i against q.
template <class Seen>
void check_in_top(Wrong& wrong, const audit::Question& q, const std::vector<double>& x, Seen seen) {
  const auto k = static_cast<std::uint64_t>(q.level);
  if (k == 0) return;
  const double level = kth_level(x, k);
  const Order order = seen(level);
  if (order == Order::equal) return;
  const double expected = order == Order::greater ? 1 : 0;
  if (q.answer != expected) wrong.add(q, expected, "against the k-th level " + std::to_string(level) + ", where it must be");
}

}  // namespace

Violations adversary_uses_its_power(const audit::Log& log, double g, DeterminedAdversary adversary) {
  if (log.after.empty()) return kNoLoads;
  Wrong wrong;
  constexpr double no_bin = -std::numeric_limits<double>::infinity();
  for (const auto& q : log.questions) {
    const std::vector<double>* x = loads_at(log, q);
    if (!x) continue;
    const double max = *std::max_element(x->begin(), x->end());
    // Whether the adversary spends its power on a flip that favours a bin of load `favoured`.
    const auto spends = [&](double favoured) {
      return adversary == DeterminedAdversary::heavier || favoured >= max - g;
    };
    // The order it reports for a comparison of a with b, favouring `favoured` if reversed.
    const auto reported = [&](double a, double b, double favoured) {
      const Order truth = order_of(a, b);
      if (std::abs(a - b) > g || !spends(favoured)) return truth;
      return reversed(truth);
    };
    switch (q.ask) {
      case audit::Ask::compare: {
        if (q.i == q.j) break;  // a bin against itself: "equal" whatever the adversary
        const double expected =
            static_cast<double>(reported(q.true_i, q.true_j, std::max(q.true_i, q.true_j)));
        if (q.answer != expected) wrong.add(q, expected, "where its adversary answers");
        break;
      }
      case audit::Ask::compare_to: {
        const double expected = static_cast<double>(
            reported(q.true_i, q.level, q.true_i > q.level ? q.true_i : no_bin));
        if (q.answer != expected) wrong.add(q, expected, "where its adversary answers");
        break;
      }
      case audit::Ask::in_top:
        check_in_top(wrong, q, *x, [&](double level) {
          return reported(q.true_i, level, q.true_i > level ? q.true_i : no_bin);
        });
        break;
      case audit::Ask::load: {
        const double expected = spends(q.true_i) ? q.true_i - g : q.true_i;
        if (!close(q.answer, expected)) wrong.add(q, expected, "where its adversary reads");
        break;
      }
      default:
        break;
    }
  }
  return wrong.out;
}

Violations stalest_reads(const audit::Log& log, std::uint64_t tau) {
  if (log.after.empty()) return kNoLoads;
  Wrong wrong;
  for (const auto& q : log.questions) {
    const std::vector<double>* x = loads_at(log, q);
    if (!x) continue;
    const std::vector<double>& oldest = log.after[q.ball + 1 >= tau ? q.ball + 1 - tau : 0];
    // The value read for bin i when looking lighter could reverse the answer (`low`).
    const auto read = [&](Bin i, bool low) { return low ? oldest[i] : (*x)[i]; };
    // The order reported for x_i against b when only x_i's read may be stale.
    const auto against = [&](Bin i, double b) {
      return order_value(read(i, order_of((*x)[i], b) == Order::greater), b);
    };
    switch (q.ask) {
      case audit::Ask::load:
        if (!close(q.answer, oldest[q.i])) wrong.add(q, oldest[q.i], "where the stalest value is");
        break;
      case audit::Ask::compare: {
        const Order truth = order_of(q.true_i, q.true_j);
        const double expected =
            order_value(read(q.i, truth == Order::greater), read(q.j, truth == Order::less));
        if (q.answer != expected) wrong.add(q, expected, "where the stalest reads give");
        break;
      }
      case audit::Ask::compare_to: {
        const double expected = against(q.i, q.level);
        if (q.answer != expected) wrong.add(q, expected, "where the stalest read gives");
        break;
      }
      case audit::Ask::in_top:
        check_in_top(wrong, q, *x, [&](double level) { return static_cast<Order>(against(q.i, level)); });
        break;
      default:
        break;
    }
  }
  return wrong.out;
}

std::vector<Bin> drawn_samples(const audit::Log& log) {
  std::vector<Bin> out;
  for (const auto& q : log.questions)
    if (q.ask == audit::Ask::sample && q.last - q.first >= 2) out.push_back(q.i);
  return out;
}

Violations same_record(const audit::Log& a, const audit::Log& b) {
  const auto key = [](const audit::Question& q) {
    return std::tuple(q.ask, q.ball, q.i, q.j, q.first, q.last, q.level, q.answer);
  };
  if (a.questions.size() != b.questions.size())
    return {"the replay asked " + std::to_string(b.questions.size()) + " questions, the run " +
            std::to_string(a.questions.size())};
  for (std::size_t k = 0; k < a.questions.size(); ++k)
    if (key(a.questions[k]) != key(b.questions[k]))
      return {"the replay's question " + std::to_string(k) + " (ball " +
              std::to_string(a.questions[k].ball) + ") differs from the run's"};
  if (a.loads != b.loads) return {"the replay ends with other loads"};
  return {};
}

Violations distinct_streams(const AuditedRun& run, std::uint64_t seed, std::uint64_t replicate,
                            int* compared) {
  Violations out;
  const audit::Log base = run(seed, replicate);
  for (auto& v : same_record(base, run(seed, replicate))) out.push_back("same (seed, replicate): " + v);
  const std::vector<Bin> drawn = drawn_samples(base);
  const auto differs = [&](const audit::Log& other, const std::string& what) {
    const std::vector<Bin> theirs = drawn_samples(other);
    if (drawn.size() < kDistinctDraws || theirs.size() < kDistinctDraws) return;
    if (compared) ++*compared;
    if (std::equal(drawn.begin(), drawn.begin() + kDistinctDraws, theirs.begin()))
      out.push_back(what + " drew the same first " + std::to_string(kDistinctDraws) +
                    " samples (probability <= 2^-40 for independent streams)");
  };
  differs(run(seed, replicate + 1), "replicates " + std::to_string(replicate) + " and " +
                                        std::to_string(replicate + 1) + " of one seed");
  differs(run(seed + 1, replicate), "seeds " + std::to_string(seed) + " and " +
                                        std::to_string(seed + 1) + " at one replicate");
  return out;
}

}  // namespace gapcheck::props
