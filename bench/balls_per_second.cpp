// Balls per second of the gapcheck engine beside a naive baseline, measured in the same run.
//
// gapcheck:  the Simulation that `gapcheck run` executes (make_simulation): xoshiro256++ with
//            Lemire's bounded draw, 32-bit loads, the process asking the exact oracle, the gap
//            and its maximum over time tracked in O(1) per ball, the final load histogram.
// naive:     what most simulation scripts do: std::mt19937_64, std::uniform_int_distribution,
//            a std::vector<uint64_t> of loads, and the gap from one max scan at the end.
//
// Each iteration places m = max(n, 2^22) balls into n empty bins, so small n measure the ball
// loop and large n measure it with the loads out of cache. After the usual table the program
// prints balls per second per (process, n), the median over repetitions, and the ratio
// gapcheck / naive. scripts/bench.sh runs it with interleaved repetitions, so that a busy
// machine slows both sides alike.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <map>
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
void engine(benchmark::State& state, const char* process, std::uint64_t n) {
  const RunConfig config{n, balls_for(n), 0.0};
  const Simulation simulation =
      make_simulation(Spec::parse(process), Spec::parse("exact"), Spec::parse("unit"), config);
  std::uint64_t replicate = 0;
  for (auto _ : state) {
    const RunResult result = simulation.run(kSeed, replicate++);
    benchmark::DoNotOptimize(result.gap);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(config.m));
}

// The baseline, written as a script would write it. d = 1 is One-Choice, d = 2 Two-Choice.
void naive(benchmark::State& state, int d, std::uint64_t n) {
  const std::uint64_t m = balls_for(n);
  std::mt19937_64 gen(kSeed);
  for (auto _ : state) {
    std::uniform_int_distribution<std::uint64_t> pick(0, n - 1);
    std::vector<std::uint64_t> x(n, 0);
    for (std::uint64_t t = 0; t < m; ++t) {
      std::uint64_t i = pick(gen);
      if (d == 2) {
        const std::uint64_t j = pick(gen);
        if (x[j] < x[i]) i = j;
      }
      ++x[i];
    }
    const double gap = static_cast<double>(*std::max_element(x.begin(), x.end())) -
                       static_cast<double>(m) / static_cast<double>(n);
    benchmark::DoNotOptimize(gap);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m));
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
      const auto it = run.counters.find("items_per_second");
      if (it == run.counters.end()) continue;
      // name = process/implementation/n:2^k
      const std::string& name = run.run_name.function_name;
      const auto first = name.find('/');
      const auto second = name.find('/', first + 1);
      const std::string row = name.substr(0, first) + " " + name.substr(second + 1);
      const std::string impl = name.substr(first + 1, second - first - 1);
      auto& cell = rows_[row][impl];
      (median_of_repetitions ? cell.median : cell.runs).push_back(it->second.value);
      if (std::find(order_.begin(), order_.end(), row) == order_.end()) order_.push_back(row);
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    auto& out = GetOutputStream();
    out << "\nballs per second (one thread; median of the repetitions)\n";
    out << "process      n        gapcheck        naive     ratio\n";
    // Rows by process, then n (repetitions ran interleaved, in random order).
    std::sort(order_.begin(), order_.end(), [](const std::string& a, const std::string& b) {
      const auto key = [](const std::string& row) {
        return std::make_pair(row.substr(0, row.find(' ')), std::stoi(row.substr(row.find('^') + 1)));
      };
      return key(a) < key(b);
    });
    for (const auto& row : order_) {
      const auto& cells = rows_[row];
      const double fast = median(cells, "gapcheck");
      const double slow = median(cells, "naive");
      char line[160];
      std::snprintf(line, sizeof line, "%-12s %-6s %10.3g %12.3g %8.2fx\n",
                    row.substr(0, row.find(' ')).c_str(), row.substr(row.find(':') + 1).c_str(),
                    fast, slow, slow > 0 ? fast / slow : 0.0);
      out << line;
    }
  }

 private:
  struct Cell {
    std::vector<double> runs;    // one value per repetition, when they are reported
    std::vector<double> median;  // the median aggregate, when only aggregates are reported
  };
  using Cells = std::map<std::string, Cell>;  // implementation -> measurements
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

void register_all() {
  for (const int k : kLogSizes) {
    const std::uint64_t n = 1ULL << k;
    const std::string size = "/n:2^" + std::to_string(k);
    benchmark::RegisterBenchmark(("one-choice/gapcheck" + size).c_str(),
                                 [n](benchmark::State& s) { engine(s, "one-choice", n); });
    benchmark::RegisterBenchmark(("one-choice/naive" + size).c_str(),
                                 [n](benchmark::State& s) { naive(s, 1, n); });
    benchmark::RegisterBenchmark(("two-choice/gapcheck" + size).c_str(),
                                 [n](benchmark::State& s) { engine(s, "two-choice", n); });
    benchmark::RegisterBenchmark(("two-choice/naive" + size).c_str(),
                                 [n](benchmark::State& s) { naive(s, 2, n); });
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
