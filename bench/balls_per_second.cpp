// Balls per second of the gapcheck engine beside a naive baseline, measured in the same run.
//
// gapcheck:  the Simulation that `gapcheck run` executes (make_simulation) on each engine:
//            `bins` (per-bin loads) and, for the processes they support, `levels` (the load
//            histogram) and `bulk` (the histogram advanced many balls at a time; One-Choice and
//            Two-Choice here), docs/engines.md; the process asks the exact oracle, the gap and its
//            maximum over time are tracked, the final load histogram is built.
// naive:     what most simulation scripts do: std::mt19937_64, std::uniform_int_distribution,
//            a std::vector<uint32_t> of loads, and the gap from one max scan at the end.
//
// Processes: One-Choice, Two-Choice, Left[2], (1+beta) with beta = 1/2, Mean-Thinning on every
// engine they run on; the others on `bins`, six of them (FirstDiff, Memory, Quantile, mixed
// Quantile, Twinning, Packing) beside a naive loop of their own; Two-Choice under g-Bounded,
// g-Myopic and sigma-Noisy-Load (rows named by the setting) on every engine that runs them,
// beside naive loops of those settings. Besides balls per second the
// table gives probes (bin samples) per second, so that processes drawing different numbers of
// samples per ball compare per probe. A last table runs a batch of replicates of Two-Choice
// through run_replicates() on one thread and on two.
//
// Each iteration places m = max(n, 2^22) balls into n empty bins, so small n measure the ball
// loop and large n measure it with the loads out of cache. After the usual table the program
// prints balls per second per (process, n), the median over repetitions, and the ratio
// gapcheck / naive. scripts/bench.sh runs it with interleaved repetitions, so that a busy
// machine slows both sides alike.
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "processes/registry.hpp"

namespace {

using namespace gapcheck;

constexpr std::uint64_t kSeed = 1;
constexpr int kLogSizes[] = {10, 16, 20, 24};

std::uint64_t balls_for(std::uint64_t n) { return std::max<std::uint64_t>(n, 1ULL << 22); }

// Through make_simulation(), exactly the path `gapcheck run --process <spec>` takes: the
// process's parameters are run-time values, as they are for a user.
Simulation simulation_of(const std::string& process, std::uint64_t n, Engine engine,
                         const std::string& setting = "exact") {
  RunConfig config{n, balls_for(n), 0.0};
  config.engine = engine;
  return make_simulation(Spec::parse(process), Spec::parse(setting), Spec::parse("unit"), config);
}

void engine(benchmark::State& state, const Simulation& simulation) {
  const RunConfig& config = simulation.config;
  std::uint64_t replicate = 0;
  std::uint64_t probes = 0;
  for (auto _ : state) {
    const RunResult result = simulation.run(kSeed, replicate++);
    probes += result.probes;
    benchmark::DoNotOptimize(result.gap);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(config.m));
  state.counters["probes_per_second"] =
      benchmark::Counter(static_cast<double>(probes), benchmark::Counter::kIsRate);
}

// The baselines, written as a script would write them, one loop per process (a script simulates
// one): std::mt19937_64, 32-bit bin indices from std::uniform_int_distribution, 32-bit loads,
// built with the project's flags. Two-Choice is the instrument's naive loop `d` (`k_naive64` of
// the limit.cpp that scripts/instrument.sh builds); the instrument builds it with -march=native,
// which made it 1.5x-1.6x as fast in the latest run (docs/performance.md).
enum class Naive {
  one_choice,
  two_choice,
  left2,
  one_plus_beta,
  mean_thinning,
  // Per probe only in the engine's table (no levels or bulk rows); their own baselines say how
  // far the engine is from a script for each of them.
  first_diff4,
  memory,
  quantile,
  mixed_quantile,
  twinning,
  packing,
  // Two-Choice under a setting of Los & Sauerwald (PODC'22), as docs/settings.md defines it (real
  // noise, not the authors' integer noise; exact ties under g-Bounded to the first sample).
  g_bounded,     // g = 4: a comparison of loads at most g apart goes to the heavier bin
  g_myopic,      // g = 4: ... to either bin by a fair coin
  sigma_noisy,   // sigma = 2: each load read with fresh N(0, sigma^2) noise
};
constexpr std::uint32_t kNaiveG = 4;
constexpr double kNaiveSigma = 2;

template <Naive process>
void naive(benchmark::State& state, std::uint64_t n) {
  const std::uint64_t m = balls_for(n);
  const auto bins = static_cast<std::uint32_t>(n);
  std::mt19937_64 gen(kSeed);
  std::uint64_t probes = 0;
  for (auto _ : state) {
    std::uniform_int_distribution<std::uint32_t> pick(0, bins - 1);
    std::uniform_int_distribution<std::uint32_t> left_half(0, bins / 2 - 1), right_half(bins / 2, bins - 1);
    std::bernoulli_distribution half(0.5), eta(1.0);
    std::normal_distribution<double> noise(0.0, kNaiveSigma);
    std::vector<std::uint32_t> x(n, 0);
    const auto sample = [&] {
      probes += 1;
      return pick(gen);
    };
    const auto two_choice = [&] {
      const std::uint32_t i = sample(), j = sample();
      return x[i] <= x[j] ? i : j;
    };
    // Quantile (delta = 1/2): the bins at each load, and the rank question read from them, ties
    // ranked uniformly at random.
    std::vector<std::uint64_t> at_level(1, n);
    const std::uint64_t top = (n + 1) / 2;
    const auto in_top = [&](std::uint32_t i) {
      std::uint64_t heavier = 0;
      for (std::size_t level = x[i] + 1; level < at_level.size(); ++level) heavier += at_level[level];
      const std::uint64_t tied = at_level[x[i]];
      if (heavier >= top) return false;
      if (heavier + tied <= top) return true;
      return std::uniform_int_distribution<std::uint64_t>(0, tied - 1)(gen) < top - heavier;
    };
    std::uint32_t cache = 0;  // Memory
    bool cached = false;
    for (std::uint64_t t = 0; t < m;) {  // t: the balls placed so far, W
      std::uint32_t i = 0;
      std::uint64_t balls = 1;
      if constexpr (process == Naive::one_choice) {
        i = sample();
      } else if constexpr (process == Naive::two_choice) {
        i = two_choice();
      } else if constexpr (process == Naive::left2) {
        i = left_half(gen);
        const std::uint32_t j = right_half(gen);
        if (x[j] < x[i]) i = j;
        probes += 2;
      } else if constexpr (process == Naive::one_plus_beta) {
        i = half(gen) ? two_choice() : sample();
      } else if constexpr (process == Naive::mean_thinning) {
        i = sample();
        if (x[i] * n > t) i = sample();  // above the mean t/n: a fresh sample instead
      } else if constexpr (process == Naive::first_diff4) {
        i = sample();
        for (int k = 1; k < 4; ++k) {  // up to 4 probes, until a load differs from the first's
          const std::uint32_t j = sample();
          if (x[j] == x[i]) continue;
          if (x[j] < x[i]) i = j;
          break;
        }
      } else if constexpr (process == Naive::memory) {
        const std::uint32_t s = sample();
        i = cached && x[cache] < x[s] ? cache : s;
        const std::uint32_t other = cached && i == s ? cache : s;
        cache = x[other] < x[i] + 1 ? other : i;  // the lesser after placement, ties to i
        cached = true;
      } else if constexpr (process == Naive::quantile || process == Naive::mixed_quantile) {
        i = sample();
        if ((process == Naive::quantile || eta(gen)) && in_top(i)) i = sample();
      } else if constexpr (process == Naive::g_bounded || process == Naive::g_myopic) {
        i = sample();
        const std::uint32_t j = sample();
        const std::uint32_t lighter = x[i] <= x[j] ? i : j, heavier = x[i] <= x[j] ? j : i;
        const bool decidable = (x[i] > x[j] ? x[i] - x[j] : x[j] - x[i]) <= kNaiveG;
        if (!decidable) i = lighter;
        else if constexpr (process == Naive::g_bounded) i = x[i] == x[j] ? i : heavier;
        else i = half(gen) ? i : j;
      } else if constexpr (process == Naive::sigma_noisy) {
        i = sample();
        const std::uint32_t j = sample();
        if (x[j] + noise(gen) < x[i] + noise(gen)) i = j;
      } else if constexpr (process == Naive::twinning) {
        i = sample();
        if (x[i] * n < t) balls = 2;  // below the mean t/n
      } else {
        static_assert(process == Naive::packing);
        i = sample();
        if (x[i] * n < t) balls = (t + n - 1) / n + 1 - x[i];  // up to ceil(t/n) + 1
      }
      balls = std::min(balls, m - t);
      if constexpr (process == Naive::quantile || process == Naive::mixed_quantile) {
        if (x[i] + 1 == at_level.size()) at_level.push_back(0);
        --at_level[x[i]];
        ++at_level[x[i] + 1];
      }
      x[i] += static_cast<std::uint32_t>(balls);
      t += balls;
    }
    const double gap = static_cast<double>(*std::max_element(x.begin(), x.end())) -
                       static_cast<double>(m) / static_cast<double>(n);
    benchmark::DoNotOptimize(gap);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m));
  state.counters["probes_per_second"] =
      benchmark::Counter(static_cast<double>(probes), benchmark::Counter::kIsRate);
}

// A batch of kBatch replicates of Two-Choice through run_replicates() (what `gapcheck run
// --threads T` does); items are balls of the whole batch.
constexpr std::uint64_t kBatch = 4;
Simulation batch_simulation(std::uint64_t n) { return simulation_of("two-choice", n, Engine::bins); }
// Runs the batch whose first replicate is `first` on `threads` threads.
void run_batch(const Simulation& simulation, std::uint64_t first, unsigned threads) {
  benchmark::DoNotOptimize(run_replicates(simulation, kSeed, first, kBatch, threads).back().gap);
}

void batch(benchmark::State& state, unsigned threads, std::uint64_t n) {
  const Simulation simulation = batch_simulation(n);
  std::uint64_t first = 0;
  for (auto _ : state) {
    run_batch(simulation, first, threads);
    first += kBatch;
  }
  state.SetItemsProcessed(state.iterations() *
                          static_cast<std::int64_t>(kBatch * simulation.config.m));
}

// --- paired ratios ---------------------------------------------------------------------------
// The ratios the targets are stated in (per probe against Two-Choice; two threads against one),
// measured in pairs run back to back: each iteration runs both sides once and records the ratio,
// and the counter is the median over the iterations. The host's speed changes over seconds
// (other tenants of the machine: docs/performance.md), so two benchmarks measured minutes apart
// may see different machines; the two runs of a pair see the same one.

double median_of(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 == 1 ? v[h] : (v[h - 1] + v[h]) / 2;
}

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Probes per CPU second of `process` against Two-Choice's, the two runs of a pair back to back,
// which one first alternating.
void paired_per_probe(benchmark::State& state, const Simulation& process,
                      const Simulation& two_choice) {
  std::vector<double> ratios;
  std::uint64_t replicate = 0;
  const auto probes_per_second = [&](const Simulation& simulation) {
    const double start = thread_cpu_seconds();
    const RunResult result = simulation.run(kSeed, replicate);
    return static_cast<double>(result.probes) / (thread_cpu_seconds() - start);
  };
  for (auto _ : state) {
    const bool process_first = replicate % 2 == 0;
    const double first = probes_per_second(process_first ? process : two_choice);
    const double second = probes_per_second(process_first ? two_choice : process);
    ratios.push_back(process_first ? first / second : second / first);
    ++replicate;
  }
  state.counters["paired_ratio"] = median_of(ratios);
}

// The batch above on two threads against one: wall time, back to back (one thread first: a
// batch's threads are new, so neither side inherits the other's warm caches).
void paired_threads(benchmark::State& state, std::uint64_t n) {
  const Simulation simulation = batch_simulation(n);
  using Clock = std::chrono::steady_clock;
  std::vector<double> ratios;
  std::uint64_t first = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    run_batch(simulation, first, 1);
    const auto t1 = Clock::now();
    run_batch(simulation, first, 2);
    const auto t2 = Clock::now();
    first += kBatch;
    ratios.push_back(std::chrono::duration<double>(t1 - t0) /
                     std::chrono::duration<double>(t2 - t1));
  }
  state.counters["paired_ratio"] = median_of(ratios);
}

// The console table, then balls per second side by side and the ratio gapcheck / naive.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const auto& run : runs) {
      const bool median_of_repetitions =
          run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.error_occurred || !(run.run_type == Run::RT_Iteration || median_of_repetitions))
        continue;
      // name = process/implementation/n:2^k
      const std::string& name = run.run_name.function_name;
      const auto first = name.find('/');
      const auto second = name.find('/', first + 1);
      const std::string row = name.substr(0, first) + " " + name.substr(second + 1);
      const std::string impl = name.substr(first + 1, second - first - 1);
      for (const char* counter : {"items_per_second", "probes_per_second", "paired_ratio"}) {
        const auto it = run.counters.find(counter);
        if (it == run.counters.end()) continue;
        auto& cell = rows_[row][impl + "/" + counter];
        (median_of_repetitions ? cell.median : cell.runs).push_back(it->second.value);
      }
      if (std::find(order_.begin(), order_.end(), row) == order_.end()) order_.push_back(row);
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    auto& out = GetOutputStream();
    // Rows by process, then n (repetitions ran interleaved, in random order).
    std::sort(order_.begin(), order_.end(), [](const std::string& a, const std::string& b) {
      const auto key = [](const std::string& row) {
        return std::make_pair(row.substr(0, row.find(' ')), std::stoi(row.substr(row.find('^') + 1)));
      };
      return key(a) < key(b);
    });
    const auto process_of = [](const std::string& row) { return row.substr(0, row.find(' ')); };
    const auto size_of = [](const std::string& row) { return row.substr(row.find(':') + 1); };
    char line[200];
    out << "\nM balls/s and M probes/s, one thread, median of the repetitions; ratios against "
           "naive;\nper probe = the bins engine's probes/s against Two-Choice's at the same n\n";
    out << "process        n           bins    levels      bulk     naive     bins    levels"
           "     bulk  bins probes/s  per probe   paired\n";
    for (const auto& row : order_) {
      if (process_of(row) == "batch" || process_of(row).rfind("paired", 0) == 0) continue;
      const auto& cells = rows_[row];
      const double bins = median(cells, "bins/items_per_second");
      const double levels = median(cells, "levels/items_per_second");  // 0: not supported
      const double bulk = median(cells, "bulk/items_per_second");
      const double slow = median(cells, "naive/items_per_second");
      const double probes = median(cells, "bins/probes_per_second");
      const auto two = rows_.find("two-choice n:" + size_of(row));
      const double two_probes =
          two == rows_.end() ? 0.0 : median(two->second, "bins/probes_per_second");
      const auto ratio = [&](double fast) {
        return fast > 0 && slow > 0 ? format("%.2fx", fast / slow) : std::string("-");
      };
      const auto paired = rows_.find("paired:" + process_of(row) + " n:" + size_of(row));
      const double paired_ratio =
          paired == rows_.end() ? 0.0 : median(paired->second, "per-probe/paired_ratio");
      const auto rate = [&](double items) {
        return items > 0 ? format("%.1f", items / 1e6) : std::string("-");
      };
      std::snprintf(line, sizeof line,
                    "%-14s %-6s %9.1f %9s %9s %9s %8s %8s %8s %12.1f %12.2f %8s\n",
                    process_of(row).c_str(), size_of(row).c_str(), bins / 1e6,
                    rate(levels).c_str(), rate(bulk).c_str(), rate(slow).c_str(),
                    ratio(bins).c_str(), ratio(levels).c_str(), ratio(bulk).c_str(), probes / 1e6,
                    two_probes > 0 ? probes / two_probes : 0.0,
                    paired_ratio > 0 ? format("%.2f", paired_ratio).c_str() : "-");
      out << line;
    }
    out << "\nTwo-Choice, a batch of " << kBatch
        << " replicates through run_replicates(): M balls/s of the batch\n";
    out << "n        1 thread   2 threads   2/1   2/1 paired\n";
    for (const auto& row : order_) {
      if (process_of(row) != "batch") continue;
      const double one = median(rows_[row], "threads:1/items_per_second");
      const double two = median(rows_[row], "threads:2/items_per_second");
      const auto paired = rows_.find("paired n:" + size_of(row));
      const double paired_ratio =
          paired == rows_.end() ? 0.0 : median(paired->second, "threads/paired_ratio");
      std::snprintf(line, sizeof line, "%-8s %8.1f %10.1f %6.2fx %10s\n", size_of(row).c_str(),
                    one / 1e6, two / 1e6, one > 0 ? two / one : 0.0,
                    paired_ratio > 0 ? format("%.2fx", paired_ratio).c_str() : "-");
      out << line;
    }
    out << "paired: the median over pairs run back to back (per probe: the process, then "
           "Two-Choice;\n2/1: the batch on one thread, then on two)\n";
  }

 private:
  struct Cell {
    std::vector<double> runs;    // one value per repetition, when they are reported
    std::vector<double> median;  // the median aggregate, when only aggregates are reported
  };
  using Cells = std::map<std::string, Cell>;  // implementation -> measurements
  static std::string format(const char* spec, double value) {
    char text[32];
    std::snprintf(text, sizeof text, spec, value);
    return text;
  }
  static double median(const Cells& cells, const std::string& impl) {
    const auto it = cells.find(impl);
    if (it == cells.end()) return 0.0;
    std::vector<double> v = it->second.median.empty() ? it->second.runs : it->second.median;
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t h = v.size() / 2;
    return v.size() % 2 == 1 ? v[h] : (v[h - 1] + v[h]) / 2;
  }
  std::map<std::string, Cells> rows_;
  std::vector<std::string> order_;
};

// `row`'s probes per second against Two-Choice's at n, in pairs run back to back.
void register_per_probe(const std::string& row, const std::string& spec, std::uint64_t n,
                        const std::string& size) {
  benchmark::RegisterBenchmark(
      ("paired:" + row + "/per-probe" + size).c_str(),
      [process = simulation_of(spec, n, Engine::bins),
       two = simulation_of("two-choice", n, Engine::bins)](benchmark::State& s) {
        paired_per_probe(s, process, two);
      });
}

void register_all() {
  struct Compared {
    const char* name;  // row name and gapcheck spec
    void (*baseline)(benchmark::State&, std::uint64_t);
    const char* process = nullptr;  // the spec, where it is not the row name
    const char* setting = "exact";
  };
  const Compared compared[] = {
      {"one-choice", naive<Naive::one_choice>},
      {"two-choice", naive<Naive::two_choice>},
      {"left", naive<Naive::left2>},                    // d = 2 by default
      {"one-plus-beta", naive<Naive::one_plus_beta>},  // beta = 0.5
      {"mean-thinning", naive<Naive::mean_thinning>},
      // Two-Choice under the information settings; no per-probe pair (the same probes as exact)
      {"g-bounded", naive<Naive::g_bounded>, "two-choice", "g-bounded:g=4,adversary=heavier"},
      {"g-myopic", naive<Naive::g_myopic>, "two-choice", "g-myopic:g=4"},
      {"sigma-noisy", naive<Naive::sigma_noisy>, "two-choice", "sigma-noisy:sigma=2"}};
  // The other processes on `bins` only, against Two-Choice per probe, six of them also against
  // a naive loop of their own; the row names carry no ':' (the table reads n after it).
  struct PerProbe {
    const char* row;
    const char* spec;
    void (*baseline)(benchmark::State&, std::uint64_t) = nullptr;
  };
  const PerProbe per_probe_only[] = {
      {"d-choice-3", "d-choice:d=3"},
      {"left-4", "left:d=4"},
      {"first-diff", "first-diff", naive<Naive::first_diff4>},  // cap = 4 by default
      {"memory", "memory", naive<Naive::memory>},
      {"quantile", "quantile", naive<Naive::quantile>},  // delta = 0.5 by default
      {"mixed-quantile", "mixed-quantile", naive<Naive::mixed_quantile>},  // eta = 1
      {"thinning", "thinning"},
      {"twinning", "twinning", naive<Naive::twinning>},
      {"packing", "packing", naive<Naive::packing>}};
  for (const int k : kLogSizes) {
    const std::uint64_t n = 1ULL << k;
    const std::string size = "/n:2^" + std::to_string(k);
    for (const PerProbe& p : per_probe_only) {
      const std::string row = p.row;
      benchmark::RegisterBenchmark(
          (row + "/bins" + size).c_str(),
          [simulation = simulation_of(p.spec, n, Engine::bins)](benchmark::State& s) {
            engine(s, simulation);
          });
      register_per_probe(row, p.spec, n, size);
      if (p.baseline != nullptr)
        benchmark::RegisterBenchmark((row + "/naive" + size).c_str(),
                                     [n, baseline = p.baseline](benchmark::State& s) {
                                       baseline(s, n);
                                     });
    }
    for (const Compared& c : compared) {
      const std::string process = c.name;
      const std::string spec = c.process != nullptr ? c.process : c.name;
      const auto baseline = c.baseline;
      for (const Engine e : {Engine::bins, Engine::levels, Engine::bulk}) {
        std::optional<Simulation> simulation;
        try {
          simulation = simulation_of(spec, n, e, c.setting);
        } catch (const InputError&) {
          continue;  // an engine that does not run this process (levels: Left's bin indices)
        }
        benchmark::RegisterBenchmark(
            (process + "/" + engine_name(e) + size).c_str(),
            [simulation = *simulation](benchmark::State& s) { engine(s, simulation); });
      }
      benchmark::RegisterBenchmark((process + "/naive" + size).c_str(),
                                   [n, baseline](benchmark::State& s) { baseline(s, n); });
      if (process != "two-choice" && c.process == nullptr)
        register_per_probe(process, process, n, size);
    }
  }
  for (const int k : {16, 24}) {
    const std::uint64_t n = 1ULL << k;
    const std::string size = "/n:2^" + std::to_string(k);
    for (const unsigned threads : {1u, 2u})
      benchmark::RegisterBenchmark(("batch/threads:" + std::to_string(threads) + size).c_str(),
                                   [n, threads](benchmark::State& s) { batch(s, threads, n); })
          ->UseRealTime();
    benchmark::RegisterBenchmark(("paired/threads" + size).c_str(),
                                 [n](benchmark::State& s) { paired_threads(s, n); })
        ->UseRealTime();
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
