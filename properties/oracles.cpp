#include "properties/oracles.hpp"

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <optional>
#include <tuple>

namespace gapcheck::oracle {

double sidak(double alpha, std::size_t tests) {
  return -std::expm1(std::log1p(-alpha) / static_cast<double>(tests));
}

ChiSquare chi_square(const std::vector<std::uint64_t>& counts, const std::vector<double>& p) {
  ChiSquare out;
  double total = 0;
  for (auto c : counts) total += static_cast<double>(c);
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (counts[i] > 0 && !(p[i] > 0)) {  // an impossible outcome was observed
      out.statistic = std::numeric_limits<double>::infinity();
      out.p_value = 0;
      return out;
    }
  std::vector<double> observed, expected;
  double o = 0, e = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    o += static_cast<double>(counts[i]);
    e += p[i] * total;
    if (e >= 10) {
      observed.push_back(o);
      expected.push_back(e);
      o = e = 0;
    }
  }
  if (e > 0 || o > 0) {  // the remainder joins the last bucket
    if (expected.empty()) {
      observed.push_back(o);
      expected.push_back(e);
    } else {
      observed.back() += o;
      expected.back() += e;
    }
  }
  out.buckets = expected.size();
  for (std::size_t k = 0; k < expected.size(); ++k)
    out.statistic += (observed[k] - expected[k]) * (observed[k] - expected[k]) / expected[k];
  if (out.buckets < 2) return out;
  const boost::math::chi_squared dist(static_cast<double>(out.buckets - 1));
  out.p_value = boost::math::cdf(boost::math::complement(dist, out.statistic));
  return out;
}

Law rank_law(const std::vector<double>& x,
             const std::function<double(std::uint64_t, std::uint64_t)>& by_rank, bool index_ties) {
  const std::uint64_t n = x.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  // Heaviest first; among equal loads the higher index is ranked heavier (index rule).
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return x[a] != x[b] ? x[a] > x[b] : a > b;
  });
  Law p(n);
  for (std::uint64_t r = 0; r < n; ++r) p[order[r]] = by_rank(r + 1, n);
  if (!index_ties)
    for (std::uint64_t r = 0; r < n;) {  // every bin of a tie group gets the group's average
      std::uint64_t end = r;
      double sum = 0;
      while (end < n && x[order[end]] == x[order[r]]) sum += p[order[end++]];
      for (std::uint64_t k = r; k < end; ++k) p[order[k]] = sum / static_cast<double>(end - r);
      r = end;
    }
  return p;
}

Law d_choice_law(const std::vector<double>& x, std::uint64_t d, bool index_ties) {
  return rank_law(
      x,
      [d](std::uint64_t i, std::uint64_t n) {
        const double nn = static_cast<double>(n), di = static_cast<double>(d);
        return std::pow(static_cast<double>(i) / nn, di) - std::pow(static_cast<double>(i - 1) / nn, di);
      },
      index_ties);
}

Law one_plus_beta_law(const std::vector<double>& x, double beta, bool index_ties) {
  return rank_law(
      x,
      [beta](std::uint64_t i, std::uint64_t n) {
        const double nn = static_cast<double>(n);
        return (1 - beta) / nn + beta * (2.0 * static_cast<double>(i) - 1) / (nn * nn);
      },
      index_ties);
}

Law quantile_law_bent(const std::vector<double>& x, double delta,
                      const std::function<double(double, double, double)>& bent) {
  const std::uint64_t n = x.size();
  const double nn = static_cast<double>(n);
  const auto k = static_cast<std::uint64_t>(std::ceil(delta * nn));
  std::vector<double> levels;
  for (double v : x) levels.push_back(std::floor(v));
  std::sort(levels.begin(), levels.end(), std::greater<>());
  const double q = k == 0 || k > n ? 0 : levels[k - 1];  // the k-th heaviest level
  std::vector<double> top(n);
  double tops = 0;
  for (std::uint64_t b = 0; b < n; ++b) {
    std::uint64_t heavier = 0, tied = 0;
    for (double v : x) {
      heavier += std::floor(v) > std::floor(x[b]);
      tied += std::floor(v) == std::floor(x[b]);
    }
    const double truth = heavier >= k ? 0.0
                         : heavier + tied <= k
                             ? 1.0
                             : static_cast<double>(k - heavier) / static_cast<double>(tied);
    top[b] = k == 0 ? 0.0 : bent(x[b], q, truth);
    tops += top[b];
  }
  Law p(n);
  for (std::uint64_t b = 0; b < n; ++b) p[b] = (1 - top[b]) / nn + tops / (nn * nn);
  return p;
}

Law quantile_law(const std::vector<double>& x, double delta, double eta) {
  Law p = quantile_law_bent(x, delta, [](double, double, double truth) { return truth; });
  for (double& v : p) v = (1 - eta) / static_cast<double>(x.size()) + eta * v;
  return p;
}

Law left_law(const std::vector<double>& x, std::uint64_t d) {
  const std::uint64_t n = x.size();
  auto start = [&](std::uint64_t k) { return k * n / d; };
  Law p(n, 0.0);
  for (std::uint64_t k = 0; k < d; ++k)
    for (std::uint64_t b = start(k); b < start(k + 1); ++b) {
      double win = 1.0 / static_cast<double>(start(k + 1) - start(k));
      for (std::uint64_t j = 0; j < d; ++j) {
        if (j == k) continue;
        std::uint64_t ok = 0;
        for (std::uint64_t i = start(j); i < start(j + 1); ++i)
          ok += j < k ? x[i] > x[b] : x[i] >= x[b];
        win *= static_cast<double>(ok) / static_cast<double>(start(j + 1) - start(j));
      }
      p[b] = win;
    }
  return p;
}

Law first_diff_law(const std::vector<double>& x, std::uint64_t cap) {
  const std::uint64_t n = x.size();
  const double nn = static_cast<double>(n);
  std::vector<double> same(n, 0), heavier(n, 0);
  for (std::uint64_t f = 0; f < n; ++f)
    for (double v : x) {
      same[f] += v == x[f];
      heavier[f] += v > x[f];
    }
  Law p(n, 0.0);
  for (std::uint64_t f = 0; f < n; ++f) {
    const double stay = std::pow(same[f] / nn, static_cast<double>(cap - 1));
    const double others = nn - same[f];
    p[f] += stay / nn;
    if (others == 0) continue;
    // The first different probe D is uniform among the `others` bins.
    p[f] += (1 - stay) / nn * heavier[f] / others;  // D heavier: f keeps the ball
    for (std::uint64_t b = 0; b < n; ++b)
      if (x[b] < x[f]) p[b] += (1 - stay) / nn / others;  // D = b lighter: b takes it
  }
  return p;
}

Law acceptance_law(const std::vector<double>& x, const std::function<double(double)>& accept) {
  const double n = static_cast<double>(x.size());
  double rejected = 0;
  for (double v : x) rejected += 1 - accept(v);
  Law p(x.size());
  for (std::size_t b = 0; b < x.size(); ++b) p[b] = accept(x[b]) / n + rejected / (n * n);
  return p;
}

Law threshold_law(const std::vector<double>& x, double theta, bool accept_equal) {
  return acceptance_law(x, [&](double v) { return v < theta || (accept_equal && v == theta) ? 1.0 : 0.0; });
}

std::vector<double> prefix(const std::vector<double>& x, double balls) {
  std::vector<double> out(x.size(), 0.0);
  for (std::size_t i = 0; i < x.size() && balls > 0; ++i) {
    out[i] = std::min(x[i], balls);
    balls -= out[i];
  }
  return out;
}

Law pair_law(std::size_t n, const std::function<double(std::size_t, std::size_t)>& pick) {
  const double w = 1.0 / (static_cast<double>(n) * static_cast<double>(n));
  Law p(n, 0.0);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b) {
      if (a == b) {
        p[a] += w;
        continue;
      }
      const double first = pick(a, b);
      p[a] += w * first;
      p[b] += w * (1 - first);
    }
  return p;
}

Law noisy_two_choice_law(const std::vector<double>& x, double sigma) {
  return pair_law(x.size(), [&](std::size_t a, std::size_t b) {
    return 0.5 * std::erfc((x[a] - x[b]) / (2 * sigma));  // Phi(d / (sigma sqrt 2)) = erfc(-d / (2 sigma)) / 2
  });
}

std::map<double, double> exact_gap_law(std::uint64_t n, std::uint64_t m, const State& start,
                                       const std::function<Moves(const State&)>& step) {
  auto balls = [n](const State& s) { return std::accumulate(s.begin(), s.begin() + n, 0.0); };
  std::map<double, double> gaps;
  std::map<State, double> frontier = {{start, 1.0}};
  while (!frontier.empty()) {  // every step places a ball: at most m rounds
    std::map<State, double> next;
    for (const auto& [state, prob] : frontier) {
      if (balls(state) >= static_cast<double>(m)) {
        gaps[*std::max_element(state.begin(), state.begin() + n) -
             static_cast<double>(m) / static_cast<double>(n)] += prob;
        continue;
      }
      for (const auto& [after, p] : step(state)) next[after] += prob * p;
    }
    frontier = std::move(next);
  }
  return gaps;
}

std::map<double, double> exact_gap_law(std::uint64_t n, std::uint64_t m,
                                       const std::function<Law(const std::vector<double>&)>& law) {
  return exact_gap_law(n, m, State(n, 0.0), [&](const State& x) {
    const Law p = law(x);
    Moves moves;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (p[i] <= 0) continue;
      State y = x;
      y[i] += 1;
      moves.emplace_back(std::move(y), p[i]);
    }
    return moves;
  });
}

double mean_load(const std::vector<double>& x) {
  return std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(x.size());
}

const std::vector<DefinedLaw>& exact_setting_laws() {
  static const std::vector<DefinedLaw> laws = {
      {"one-choice", [](const auto& x) { return d_choice_law(x, 1, false); }},
      {"two-choice", [](const auto& x) { return d_choice_law(x, 2, false); }},
      {"two-choice:ties=index", [](const auto& x) { return d_choice_law(x, 2, true); }},
      {"d-choice:d=3", [](const auto& x) { return d_choice_law(x, 3, false); }},
      {"d-choice:d=3,ties=index", [](const auto& x) { return d_choice_law(x, 3, true); }},
      {"one-plus-beta:beta=0.3", [](const auto& x) { return one_plus_beta_law(x, 0.3, false); }},
      {"one-plus-beta:beta=0.7,ties=index", [](const auto& x) { return one_plus_beta_law(x, 0.7, true); }},
      {"left:d=2", [](const auto& x) { return left_law(x, 2); }},
      {"left:d=3", [](const auto& x) { return left_law(x, 3); }},
      {"first-diff", [](const auto& x) { return first_diff_law(x, 4); }},
      {"first-diff:cap=2", [](const auto& x) { return first_diff_law(x, 2); }},
      {"thinning:threshold=absolute,l=2", [](const auto& x) { return threshold_law(x, 2, false); }},
      {"thinning:threshold=relative,L=0.5",
       [](const auto& x) { return threshold_law(x, mean_load(x) + 0.5, false); }},
      {"mean-thinning", [](const auto& x) { return threshold_law(x, mean_load(x), true); }},
      {"quantile:delta=0.25", [](const auto& x) { return quantile_law(x, 0.25); }},
      {"quantile:delta=0.5", [](const auto& x) { return quantile_law(x, 0.5); }},
      {"mixed-quantile:eta=0.4,delta=0.5", [](const auto& x) { return quantile_law(x, 0.5, 0.4); }},
  };
  return laws;
}

std::vector<double> binomial_law(std::uint64_t m, std::uint64_t n) {
  const boost::math::binomial dist(static_cast<double>(m), 1.0 / static_cast<double>(n));
  std::vector<double> p(m + 1);
  for (std::uint64_t k = 0; k <= m; ++k) p[k] = boost::math::pdf(dist, static_cast<double>(k));
  return p;
}

std::uint64_t test_seed(const std::string& label, std::uint64_t salt) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a: stable across platforms and runs
  for (unsigned char ch : label) h = (h ^ ch) * 0x100000001b3ULL;
  std::uint64_t fresh = 0;
  if (const char* env = std::getenv("GAPCHECK_FRESH_SEEDS")) fresh = std::strtoull(env, nullptr, 10);
  std::uint64_t state = h ^ (salt * 0x9e3779b97f4a7c15ULL) ^ (fresh * 0xd1b54a32d192ed03ULL);
  return splitmix64(state);
}

void report_p_value(const std::string& label, const ChiSquare& result) {
  if (std::getenv("GAPCHECK_PVALUES")) std::printf("p-value %s %.6g\n", label.c_str(), result.p_value);
}

std::string describe(const std::vector<std::uint32_t>& x) {
  std::string out = "(";
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(x[i]);
  }
  out += ')';
  return out;
}

namespace {
// Pearson's chi-square of `runs` run outcomes against the law's cells p; cell(r) is the cell of
// run r's outcome, or none for an outcome the law gives probability 0 (which fails the test).
ChiSquare outcomes_test(std::vector<double> p, std::uint64_t runs,
                        const std::function<std::optional<std::size_t>(std::uint64_t)>& cell) {
  std::vector<std::uint64_t> counts(p.size(), 0);
  std::uint64_t unexpected = 0;
  for (std::uint64_t r = 0; r < runs; ++r) {
    if (const auto k = cell(r)) ++counts[*k];
    else ++unexpected;
  }
  if (unexpected > 0) {
    counts.push_back(unexpected);
    p.push_back(0);
  }
  return chi_square(counts, p);
}
}  // namespace

ChiSquare gap_law_test(const std::map<double, double>& law, const SingleRun& run,
                       std::uint64_t runs, std::uint64_t seed) {
  std::vector<double> values, p;
  for (const auto& [gap, prob] : law) {
    values.push_back(gap);
    p.push_back(prob);
  }
  return outcomes_test(p, runs, [&](std::uint64_t r) -> std::optional<std::size_t> {
    const double gap = run(seed, r).gap;
    for (std::size_t k = 0; k < values.size(); ++k)
      if (std::abs(values[k] - gap) <= 1e-9) return k;
    return std::nullopt;
  });
}

RunOutcome outcome_of(const RunResult& result, const RunConfig& config) {
  RunOutcome outcome;
  const LoadHistogram& h = result.histogram;
  for (std::size_t k = 0; k < h.bins.size(); ++k)
    outcome.sorted_loads.insert(outcome.sorted_loads.end(), h.bins[k],
                                h.first_level + k * h.level_width);
  outcome.max_gap_times_n =
      std::llround(result.max_gap_over_time * static_cast<double>(config.n));
  outcome.steps = result.steps;
  outcome.steps_above = static_cast<std::uint64_t>(
      std::llround(result.fraction_above_level * static_cast<double>(result.steps)));
  return outcome;
}

std::map<RunOutcome, double> exact_run_law(const RunConfig& config, const SortedStep& step) {
  const auto bins = static_cast<std::int64_t>(config.n);
  const auto m = config.m;
  // By sorted loads (each step's law computed once for them), then the rest of the outcome.
  using Tail = std::map<std::tuple<std::int64_t, std::uint64_t, std::uint64_t>, double>;
  std::map<std::vector<std::uint64_t>, Tail> frontier = {
      {std::vector<std::uint64_t>(config.n, 0), {{{0, 0, 0}, 1.0}}}};
  std::map<RunOutcome, double> outcomes;
  while (!frontier.empty()) {  // every step places a ball: at most m rounds
    std::map<std::vector<std::uint64_t>, Tail> next;
    for (const auto& [x, tails] : frontier) {
      const std::uint64_t total = std::accumulate(x.begin(), x.end(), std::uint64_t{0});
      if (total >= m) {
        for (const auto& [tail, prob] : tails) {
          const auto [max_gap, above, steps] = tail;
          outcomes[{x, max_gap, above, steps}] += prob;
        }
        continue;
      }
      for (const SortedMove& move : step(x)) {
        if (!(move.probability > 0)) continue;
        std::vector<std::uint64_t> y = x;
        const std::uint64_t balls = std::min(move.balls, m - total);
        y[move.bin] += balls;
        std::sort(y.begin(), y.end());
        const std::int64_t gap_times_n = static_cast<std::int64_t>(y.back()) * bins -
                                         static_cast<std::int64_t>(total + balls);
        const bool above = static_cast<double>(gap_times_n) >
                           config.gap_level * static_cast<double>(config.n);
        Tail& to = next[y];
        for (const auto& [tail, prob] : tails) {
          const auto [max_gap, steps_above, steps] = tail;
          to[{std::max(max_gap, gap_times_n), steps_above + above, steps + 1}] +=
              prob * move.probability;
        }
      }
    }
    frontier = std::move(next);
  }
  return outcomes;
}

std::map<RunOutcome, double> exact_run_law(
    const RunConfig& config, const std::function<Law(const std::vector<double>&)>& law) {
  return exact_run_law(config, [&](const std::vector<std::uint64_t>& x) {
    const Law p = law(std::vector<double>(x.begin(), x.end()));
    std::vector<SortedMove> moves;
    for (std::size_t i = 0; i < p.size(); ++i) moves.push_back({i, 1, p[i]});
    return moves;
  });
}

ChiSquare run_law_test(const std::map<RunOutcome, double>& law, const SingleRun& run,
                       const RunConfig& config, std::uint64_t runs, std::uint64_t seed) {
  std::vector<RunOutcome> cells;
  std::vector<double> p;
  for (const auto& [outcome, prob] : law) {
    cells.push_back(outcome);
    p.push_back(prob);
  }
  return outcomes_test(p, runs, [&](std::uint64_t r) -> std::optional<std::size_t> {
    const RunOutcome outcome = outcome_of(run(seed, r), config);
    const auto at = std::lower_bound(cells.begin(), cells.end(), outcome);
    if (at == cells.end() || *at != outcome) return std::nullopt;
    return static_cast<std::size_t>(at - cells.begin());
  });
}

ChiSquare binomial_load_test(const LoadsOfRun& loads, const RunConfig& config, std::uint64_t runs,
                             std::uint64_t seed) {
  const std::vector<double> p = binomial_law(config.m, config.n);
  std::vector<std::uint64_t> counts(p.size(), 0);
  for (std::uint64_t r = 0; r < runs; ++r) {
    const double x = loads(seed, r)[r % config.n];
    ++counts[std::min<std::size_t>(static_cast<std::size_t>(x), counts.size() - 1)];
  }
  return chi_square(counts, p);
}

ChiSquare bounded_uniformity_test(const BoundedDraw& draw, std::uint64_t seed) {
  constexpr std::uint64_t range = 0xC000000000000000ULL;  // 0.75 * 2^64
  constexpr std::uint64_t buckets = 64, draws = 20000;
  Rng engine(seed);
  std::vector<std::uint64_t> counts(buckets, 0);
  std::uint64_t outside = 0;
  for (std::uint64_t k = 0; k < draws; ++k) {
    const std::uint64_t v = draw(engine, range);
    if (v >= range) ++outside;
    else ++counts[v / (range / buckets)];
  }
  std::vector<double> p(buckets, 1.0 / buckets);
  if (outside > 0) {
    counts.push_back(outside);
    p.push_back(0);
  }
  return chi_square(counts, p);
}

}  // namespace gapcheck::oracle
