#include "reports/runner.hpp"

#include <chrono>

#include <fmt/format.h>

namespace gapcheck::reports {

Tier tier_named(const std::string& name) {
  if (name == "tiny") return Tier::tiny;
  if (name == "ci") return Tier::ci;
  if (name == "paper") return Tier::paper;
  throw InputError("tier=" + name + " is not a tier (accepted: tiny, ci, paper)");
}

std::string tier_name(Tier tier) { return by_tier<std::string>(tier, "tiny", "ci", "paper"); }

const std::vector<RunResult>& Runner::run(const std::string& experiment,
                                          const std::string& process, const std::string& setting,
                                          const std::string& weights, std::uint64_t n,
                                          std::uint64_t m, std::uint64_t runs) {
  RunConfig config;
  config.n = n;
  config.m = m;
  Batch batch{experiment,
              make_simulation(Spec::parse(process), Spec::parse(setting), Spec::parse(weights),
                              config),
              seed_,
              {},
              0};
  if (planning_) {
    RunResult stand_in;
    stand_in.max_load = static_cast<double>(m) / static_cast<double>(n);
    stand_in.balls = stand_in.steps = m;
    stand_in.histogram = {m / n, 1, {n}};
    for (std::uint64_t r = 0; r < runs; ++r) {
      stand_in.replicate = r;
      batch.results.push_back(stand_in);
    }
    batches_.push_back(std::move(batch));
    return batches_.back().results;
  }
  const auto start = std::chrono::steady_clock::now();
  batch.results = store::run_or_reuse(store_, batch.simulation, seed_, 0, runs, threads_, stop_);
  batch.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (progress_ != nullptr)
    *progress_ << fmt::format("  [{:>4}] {:<18} {} {} {} n={} m={} runs={}  {:.1f} s\n",
                              batches_.size() + 1, experiment, batch.simulation.process.str(),
                              batch.simulation.setting.str(), batch.simulation.weights.str(), n, m,
                              runs, batch.seconds)
               << std::flush;
  batches_.push_back(std::move(batch));
  return batches_.back().results;
}

std::vector<double> values(const std::vector<RunResult>& results, double RunResult::*field) {
  std::vector<double> out;
  out.reserve(results.size());
  for (const RunResult& r : results) out.push_back(r.*field);
  return out;
}

}  // namespace gapcheck::reports
