#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/run_batch.hpp"
#include "processes/core/levels.hpp"
#include "processes/registry.hpp"
#include "reports/report.hpp"
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
  bool jsonl = false;
  bool csv = false;
  bool quiet = false;
};

int run_command(const RunOptions& o, std::ostream& out, std::ostream& err) {
  if (int(o.json) + int(o.jsonl) + int(o.csv) > 1)
    throw InputError("--json, --jsonl and --csv: more than one was given (accepted: at most one)");
  RunConfig config;
  config.engine = parse_engine(o.engine);
  // An engine's own limit on n is make_simulation's to state (it names the engine).
  config.n = parse_count(o.n, "n", std::nullopt, max_n(Engine::automatic) - 1, 1);
  config.m = parse_balls(o.m, config.n);
  config.gap_level = parse_real(o.gap_level, "gap-level");
  const std::uint64_t runs = parse_count(o.runs, "runs", std::nullopt, kMaxCount, 1);
  const std::uint64_t seed = parse_count(o.seed, "seed");
  const std::uint64_t first = parse_count(o.first_replicate, "first-replicate");
  // Every replicate of the batch must replay alone (--first-replicate r --runs 1), and a
  // replicate is at most kMaxCount (2^63 - 1), the largest first-replicate accepted.
  if (runs - 1 > kMaxCount - first)
    throw InputError("first-replicate=" + o.first_replicate + " is too large for runs=" +
                     o.runs + " (the last replicate, first + runs - 1, must stay below 2^63)");
  const unsigned threads = parse_threads(o.threads);
  const Simulation simulation = make_simulation(Spec::parse(o.process), Spec::parse(o.setting),
                                                Spec::parse(o.weights), config);
  std::optional<store::RunStore> db;
  if (!o.db.empty()) db = store::RunStore::open(o.db);
  const Format format = o.json    ? Format::json
                        : o.jsonl ? Format::jsonl
                        : o.csv   ? Format::csv
                                  : Format::table;
  const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO);
  return run_batch({simulation, seed, first, runs, threads, format, db ? &*db : nullptr,
                    terminal && !o.quiet, !o.quiet},
                   out, err);
}

// A value that is another option is refused, naming the option that lacks it: `--runs --json`
// must not run with runs "--json". `--threads ''` is refused too (it silently meant the default);
// `--db ''` keeps meaning "no run store".
void require_values(CLI::App& app) {
  const CLI::Validator not_an_option(
      [](std::string& value) -> std::string {
        if (value.starts_with("--")) return "needs a value, got the option " + value;
        return {};
      },
      "", "not an option");
  const CLI::Validator not_empty(
      [](std::string& value) -> std::string {
        return value.empty() ? "needs a value, got an empty one" : "";
      },
      "", "not empty");
  for (CLI::App* sub : app.get_subcommands({}))
    for (CLI::Option* option : sub->get_options()) {
      if (option->get_expected_max() == 0) continue;  // a flag
      option->check(not_an_option);
      if (option->check_name("--threads")) option->check(not_empty);
    }
}

// The command named by the first argument, or null.
const CLI::App* command_of(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.empty()) return nullptr;
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->get_name() == args[0]) return sub;
  return nullptr;
}

// An option of one value given twice names itself and its count (CLI11 says "At Most 1
// required but received 2"). Repeatable options (`check --catalog`) take a list.
void require_once(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* command = command_of(app, args);
  if (command == nullptr) return;
  for (const CLI::Option* option : command->get_options()) {
    if (option->get_expected_max() != 1) continue;  // flags (0) and lists
    for (const std::string& name : option->get_lnames()) {
      const std::string flag = "--" + name;
      const auto given = std::count_if(args.begin(), args.end(), [&](const std::string& a) {
        return a == flag || a.starts_with(flag + "=");
      });
      if (given > 1)
        throw InputError(flag + " was given " + std::to_string(given) + " times (give it once)");
    }
  }
}

// The command's options, as `--name`, for messages.
std::string option_names(const CLI::App& command) {
  std::string names;
  for (const CLI::Option* option : command.get_options())
    for (const std::string& name : option->get_lnames())
      names += (names.empty() ? "--" : ", --") + name;
  return names;
}

// What CLI11 words its own way is said here first, naming the argument: an option the command
// does not have ("The following argument was not expected", or a missing required option
// reported before it: `--proces` read as "--process is required"), a flag given a value
// (CLI11 reads `--quiet=3` as --quiet), an option given last or as `--n=` without its value
// ("1 required TEXT missing"), and a positional argument the command has no place for.
void require_known_options(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* command = command_of(app, args);
  if (command == nullptr) return;
  const std::string where = "gapcheck " + command->get_name();
  constexpr std::size_t kMany = std::numeric_limits<std::size_t>::max();
  std::size_t positionals = 0;  // places for positional arguments
  for (const CLI::Option* option : command->get_options())
    if (option->get_positional())
      positionals = option->get_expected_max() > 1 || positionals == kMany ? kMany
                                                                         : positionals + 1;
  // -h is an option; -1 and -.5 are values
  const auto is_option = [](const std::string& a) {
    return a.starts_with("-") && a.size() > 1 && !std::isdigit(static_cast<unsigned char>(a[1])) &&
           a[1] != '.';
  };
  std::size_t given_positionals = 0;
  for (std::size_t k = 1; k < args.size(); ++k) {
    const std::string& arg = args[k];
    if (arg == "--") break;  // everything after it is positional, as CLI11 reads it
    if (!arg.starts_with("--")) {
      if (is_option(arg)) continue;  // a short option (-h): CLI11 names it well
      ++given_positionals;
      if (given_positionals > positionals)
        throw InputError("unexpected argument '" + arg + "': " + where +
                         (positionals == 0 ? " takes no argument without an option name"
                                           : " takes " + std::to_string(positionals) +
                                                 (positionals == 1 ? " argument" : " arguments") +
                                                 " without an option name"));
      continue;
    }
    const auto equals = arg.find('=');
    const std::string flag = arg.substr(0, equals);
    const CLI::Option* option = nullptr;
    for (const CLI::Option* candidate : command->get_options())
      if (candidate->check_lname(flag.substr(2))) option = candidate;
    if (option == nullptr)
      throw InputError("unknown option " + flag + " for " + where + " (its options: " +
                       option_names(*command) + ")");
    const int values = option->get_expected_max();  // 0: a flag; more than 1: a list
    if (values == 0 && equals != std::string::npos)
      throw InputError(flag + " takes no value (got " + arg + ")");
    if (values != 0 && equals + 1 == arg.size()) throw InputError(flag + " needs a value");
    if (values != 0 && equals == std::string::npos) {
      if (k + 1 == args.size()) throw InputError(flag + " needs a value");
      if (args[k + 1].starts_with("--"))
        throw InputError(flag + " needs a value, got the option " + args[k + 1]);
      ++k;  // its value
    }
    // a list takes the arguments up to the next option, as CLI11 reads them (`--catalog=a b`)
    while (values > 1 && k + 1 < args.size() && !is_option(args[k + 1])) ++k;
  }
}

// `gapcheck bogus`: name the word that is not a command (CLI11 only says one is required).
void require_known_command(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.empty() || args[0].starts_with("-") || command_of(app, args) != nullptr) return;
  std::string known;
  for (const CLI::App* sub : app.get_subcommands({}))
    known += (known.empty() ? "" : ", ") + sub->get_name();
  throw InputError("unknown command '" + args[0] + "' (known: " + known + ")");
}

// Error messages are one line, whatever the library that produced them.
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string& command_name_slot() {
  static std::string name = "gapcheck";
  return name;
}

}  // namespace

void use_command_name(std::string name) { command_name_slot() = std::move(name); }
const std::string& command_name() { return command_name_slot(); }

unsigned parse_threads(const std::string& text) {
  constexpr std::uint64_t kMaxThreads = 1024;
  if (text.empty()) return std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(parse_count(text, "threads", std::nullopt, kMaxThreads, 1));
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
                  "loads), levels (the load histogram; n up to 2^48) or bulk (the histogram, many "
                  "balls at a time: one-choice, d-choice, exact setting); docs/engines.md");
  run->add_option("--db", o.db,
                  "run store (SQLite file): runs found there are read back, the others are "
                  "simulated and stored as they finish");
  run->add_flag("--json", o.json, "print one JSON object (batches that fit in memory)");
  run->add_flag("--jsonl", o.jsonl,
                "print JSON Lines: a batch line, one line per run as it finishes, a summary line");
  run->add_flag("--csv", o.csv, "print one CSV row per run, as it finishes");
  run->add_flag("--quiet", o.quiet,
                "no progress line on a terminal's stderr, and no estimate before a long batch");

  const std::vector<Command> commands = {add_check_command(app), add_sweep_command(app),
                                         add_export_command(app), add_merge_command(app),
                                         add_report_command(app, args)};

  require_values(app);
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them backwards
  std::optional<int> help_code;  // --help, --version: the text is written like any output
  std::ostringstream help_text;
  try {
    require_known_command(app, args);
    require_once(app, args);
    require_known_options(app, args);
    app.parse(reversed);
  } catch (const CLI::Success& e) {
    help_code = app.exit(e, help_text, help_text);
  } catch (const InputError& e) {
    const bool command = command_of(app, args) != nullptr;
    err << "gapcheck: " << e.what() << " (see gapcheck " << (command ? args[0] + " " : "")
        << "--help)\n";
    return kExitBadInput;
  } catch (const CLI::ParseError& e) {
    std::string parsed;
    for (const auto* sub : app.get_subcommands()) parsed = sub->get_name() + " ";
    err << "gapcheck: " << one_line(e.what()) << " (see gapcheck " << parsed << "--help)\n";
    return kExitBadInput;
  }

  try {
    // Output that did not reach its reader (a full disk, a closed pipe) fails the command,
    // whichever command wrote it.
    const auto delivered = [&out](int code) {
      out.flush();
      require_written(out);
      return code;
    };
    if (help_code) {
      out << help_text.str();
      return delivered(*help_code);
    }
    for (const auto& command : commands)
      if (command.app->parsed()) return delivered(command.run(out, err));
    if (!list->parsed()) return delivered(run_command(o, out, err));
    out << format_list();
    return delivered(kExitOk);
  } catch (const InputError& e) {
    err << "gapcheck: " << one_line(e.what()) << "\n";
    return kExitBadInput;
  } catch (const OutputError& e) {
    err << "gapcheck: " << one_line(e.what()) << "\n";
    return kExitInternal;
  } catch (const reports::WriteError& e) {
    err << "gapcheck: " << one_line(e.what()) << "\n";
    return kExitInternal;
  } catch (const store::StoreError& e) {
    err << "gapcheck: " << one_line(e.what()) << "\n";
    return kExitInternal;
  } catch (const ProcessRuleError& e) {
    err << "gapcheck: " << one_line(e.what()) << "\n";
    return kExitInternal;
  } catch (const std::bad_alloc&) {
    err << "gapcheck: out of memory (the machine gave less than this command needed; fewer "
           "--threads or a smaller n need less; for run, --jsonl or --csv instead of --json)\n";
    return kExitInternal;
  } catch (const std::exception& e) {
    err << "gapcheck: internal error: " << one_line(e.what()) << "\n";
    return kExitInternal;
  }
}

}  // namespace gapcheck::cli
