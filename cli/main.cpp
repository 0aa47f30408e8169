// gapcheck: the command-line tool over processes, settings, statistics and reports.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <thread>

#include "cli/output.hpp"
#include "processes/registry.hpp"

namespace {

using namespace gapcheck;

struct RunOptions {
  std::string process;
  std::string setting = "exact";
  std::string weights = "unit";
  std::string n;
  std::string m;
  std::string runs = "10";
  std::string seed = "1";
  std::string first_replicate = "0";
  std::string threads;
  std::string gap_level = "0";
  bool json = false;
  bool csv = false;
};

int run_command(const RunOptions& o) {
  RunConfig config;
  config.n = parse_count(o.n, "n");
  config.m = parse_count(o.m, "m", config.n);
  config.gap_level = parse_real(o.gap_level, "gap-level");
  const std::uint64_t runs = parse_count(o.runs, "runs");
  if (runs == 0) throw InputError("runs=0 is outside the accepted range [1, 2^63)");
  const std::uint64_t seed = parse_count(o.seed, "seed");
  const std::uint64_t first = parse_count(o.first_replicate, "first-replicate");
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  if (!o.threads.empty()) {
    const auto t = parse_count(o.threads, "threads");
    if (t == 0 || t > 1024) throw InputError("threads=" + o.threads + " is outside [1, 1024]");
    threads = static_cast<unsigned>(t);
  }
  const Simulation simulation = make_simulation(Spec::parse(o.process), Spec::parse(o.setting),
                                                Spec::parse(o.weights), config);
  const auto start = std::chrono::steady_clock::now();
  const auto results = run_replicates(simulation, seed, first, runs, threads);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const cli::RunReport report{simulation, seed, first, threads, seconds, results};
  const std::string out = o.json  ? cli::format_json(report)
                          : o.csv ? cli::format_csv(report)
                                  : cli::format_table(report);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"gapcheck: check the theory of balanced allocations by running it.\n"
               "gap = max_i x_i - W/n throughout."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gapcheck 0.1");

  app.add_subcommand("list", "every process, setting and weight distribution with its parameters");

  RunOptions o;
  auto* run = app.add_subcommand("run", "simulate R runs of m balls into n bins and summarize the gap");
  run->add_option("--process", o.process, "process spec, e.g. two-choice, d-choice:d=3")->required();
  run->add_option("--setting", o.setting, "setting spec (default exact)");
  run->add_option("--weights", o.weights, "weight distribution spec (default unit)");
  run->add_option("--n", o.n, "bins: 10000, 1e6, 2^20")->required();
  run->add_option("--m", o.m, "balls: 10000, 1e6, 2^20, 1000n, 2nlnn")->required();
  run->add_option("--runs", o.runs, "independent runs (default 10)");
  run->add_option("--seed", o.seed, "seed; run r uses engines keyed by (seed, r) (default 1)");
  run->add_option("--first-replicate", o.first_replicate,
                  "index of the first replicate (replay replicate r alone with --runs 1)");
  run->add_option("--threads", o.threads, "threads (default: all cores); results do not depend on it");
  run->add_option("--gap-level", o.gap_level,
                  "level for the fraction of steps whose gap exceeds it (default 0)");
  auto* json = run->add_flag("--json", o.json, "one JSON object");
  run->add_flag("--csv", o.csv, "one CSV row per run")->excludes(json);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "gapcheck: " << e.what() << " (see gapcheck --help)\n";
    return 2;
  }

  try {
    if (app.got_subcommand("list")) {
      const std::string out = cli::format_list();
      std::fwrite(out.data(), 1, out.size(), stdout);
      return 0;
    }
    return run_command(o);
  } catch (const InputError& e) {
    std::cerr << "gapcheck: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "gapcheck: internal error: " << e.what() << "\n";
    return 1;
  }
}
