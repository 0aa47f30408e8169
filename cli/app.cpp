#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <optional>
#include <sstream>
#include <thread>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "processes/registry.hpp"
#include "store/run_store.hpp"

namespace gapcheck::cli {
namespace {

// The options of `gapcheck run`, as typed: every value is parsed by gapcheck's own rules
// (counts such as 1e6, 2^20, 1000n), so errors name the value the way the user wrote it.
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
  std::string engine = "auto";
  std::string db;  // run store; empty: none
  bool json = false;
  bool csv = false;
};

Engine parse_engine(const std::string& text) {
  for (const Engine e : {Engine::automatic, Engine::bins, Engine::levels})
    if (text == engine_name(e)) return e;
  throw InputError("engine=" + text + " is not one of auto, bins, levels");
}

std::string run_command(const RunOptions& o) {
  RunConfig config;
  config.n = parse_count(o.n, "n");
  config.m = parse_count(o.m, "m", config.n);
  config.gap_level = parse_real(o.gap_level, "gap-level");
  config.engine = parse_engine(o.engine);
  const std::uint64_t runs = parse_count(o.runs, "runs");
  if (runs == 0 || runs >= (1ULL << 63))
    throw InputError("runs=" + o.runs + " is outside the accepted range [1, 2^63)");
  const std::uint64_t seed = parse_count(o.seed, "seed");
  const std::uint64_t first = parse_count(o.first_replicate, "first-replicate");
  if (first > ~runs)
    throw InputError("first-replicate=" + o.first_replicate +
                     " is too large for runs=" + o.runs + " (first + runs must stay below 2^64)");
  const unsigned threads = parse_threads(o.threads);
  const Simulation simulation = make_simulation(Spec::parse(o.process), Spec::parse(o.setting),
                                                Spec::parse(o.weights), config);
  std::optional<store::RunStore> db;
  if (!o.db.empty()) db = store::RunStore::open(o.db);
  const auto start = std::chrono::steady_clock::now();
  const auto results =
      store::run_or_reuse(db ? &*db : nullptr, simulation, seed, first, runs, threads);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const RunReport report{simulation, seed, first, threads, seconds, results};
  return o.json ? format_json(report) : o.csv ? format_csv(report) : format_table(report);
}

// Error messages are one line, whatever the library that produced them.
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

}  // namespace

unsigned parse_threads(const std::string& text) {
  constexpr std::uint64_t kMaxThreads = 1024;
  if (text.empty()) return std::max(1u, std::thread::hardware_concurrency());
  const auto t = parse_count(text, "threads");
  if (t == 0 || t > kMaxThreads)
    throw InputError("threads=" + text + " is outside the accepted range [1, " +
                     std::to_string(kMaxThreads) + "]");
  return static_cast<unsigned>(t);
}

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"gapcheck: check the theory of balanced allocations by running it.\n"
               "gap = max_i x_i - W/n throughout."};
  app.name("gapcheck");
  app.require_subcommand(1);
  app.set_version_flag("--version", "gapcheck 0.1");

  auto* list = app.add_subcommand(
      "list", "every process, setting and weight distribution with its parameters");

  RunOptions o;
  auto* run =
      app.add_subcommand("run", "simulate R runs of m balls into n bins and summarize the gap");
  run->add_option("--process", o.process, "process spec, e.g. two-choice, d-choice:d=3")
      ->required();
  run->add_option("--setting", o.setting, "setting spec (default exact)");
  run->add_option("--weights", o.weights, "weight distribution spec (default unit)");
  run->add_option("--n", o.n, "bins: 10000, 1e6, 2^20")->required();
  run->add_option("--m", o.m, "balls: 10000, 1e6, 2^20, 1000n, 2nlnn")->required();
  run->add_option("--runs", o.runs, "independent runs (default 10)");
  run->add_option("--seed", o.seed, "seed; run r uses streams keyed by (seed, r) (default 1)");
  run->add_option("--first-replicate", o.first_replicate,
                  "index of the first run (replay run r alone: --first-replicate r --runs 1)");
  run->add_option("--threads", o.threads,
                  "threads (default: all cores); results do not depend on it");
  run->add_option("--gap-level", o.gap_level,
                  "level for the fraction of steps whose gap exceeds it (default 0)");
  run->add_option("--engine", o.engine,
                  "auto (default: levels when the process and setting support it), bins (per-bin "
                  "loads) or levels (the load histogram; n up to 2^48); docs/engines.md");
  run->add_option("--db", o.db,
                  "run store (SQLite file): runs found there are read back, the others are "
                  "simulated and stored as they finish");
  run->add_flag("--json", o.json, "print one JSON object");
  run->add_flag("--csv", o.csv, "print one CSV row per run");

  const std::vector<Command> commands = {add_check_command(app), add_sweep_command(app),
                                         add_export_command(app), add_merge_command(app),
                                         add_report_command(app, args)};

  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them backwards
  try {
    app.parse(reversed);
  } catch (const CLI::Success& e) {  // --help, --version
    std::ostringstream text;
    const int code = app.exit(e, text, text);
    out << text.str();
    return code;
  } catch (const CLI::ParseError& e) {
    std::string parsed;
    for (const auto* sub : app.get_subcommands()) parsed = sub->get_name() + " ";
    err << "gapcheck: " << one_line(e.what()) << " (see gapcheck " << parsed << "--help)\n";
    return kExitBadInput;
  }

  try {
    for (const auto& command : commands)
      if (command.app->parsed()) return command.run(out, err);
    std::string text;
    if (list->parsed()) {
      text = format_list();
    } else {
      if (o.json && o.csv)
        throw InputError("--json and --csv were both given (accepted: at most one of them)");
      text = run_command(o);
    }
    out << text << std::flush;
    return kExitOk;
  } catch (const InputError& e) {
    err << "gapcheck: " << one_line(e.what()) << "\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    err << "gapcheck: internal error: " << one_line(e.what()) << "\n";
    return kExitInternal;
  }
}

}  // namespace gapcheck::cli
