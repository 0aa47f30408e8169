#include "store/grid.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

#include "processes/core/spec.hpp"

namespace gapcheck::store {
namespace {

// A key's values as text: one value or an array of them; integers and reals as written numbers,
// so that `n = 1000` and `n = "1000"` and `n = "1e3"` all mean the same.
std::vector<std::string> texts(const toml::node& node, const std::string& where) {
  auto text = [&](const toml::node& value) -> std::string {
    if (auto s = value.as_string()) return s->get();
    if (auto i = value.as_integer()) return std::to_string(i->get());
    if (auto f = value.as_floating_point()) return format_real(f->get());
    const std::string type(
        toml::impl::node_type_friendly_names[static_cast<std::size_t>(value.type())]);
    throw InputError(where + " holds " + (type.front() == 'a' ? "an " : "a ") + type +
                     " (accepted: strings and numbers)");
  };
  std::vector<std::string> values;
  if (auto array = node.as_array()) {
    for (const auto& element : *array) values.push_back(text(element));
    if (values.empty()) throw InputError(where + " is an empty list");
  } else {
    values.push_back(text(node));
  }
  return values;
}

}  // namespace

std::uint64_t Grid::total_runs() const {
  std::uint64_t total = 0;
  for (const auto& p : points) total += p.runs;
  return total;
}

std::string Grid::describe() const {
  const bool uniform = std::all_of(points.begin(), points.end(), [&](const GridPoint& p) {
    return p.runs == points.front().runs && p.seed == points.front().seed;
  });
  if (uniform && !points.empty())
    return fmt::format("{} x {} = {}, seed {}", counted(points.size(), "point"),
                       counted(points.front().runs, "run"), counted(total_runs(), "run"),
                       points.front().seed);
  return fmt::format("{}, {} (runs and seed per point)", counted(points.size(), "point"),
                     counted(total_runs(), "run"));
}

std::string points_toml(const std::vector<GridPoint>& points, const std::vector<std::string>& notes) {
  // TOML basic strings: specs hold no quote or backslash, but say so rather than assume it.
  const auto quoted = [](const std::string& text) {
    std::string q = "\"";
    for (const char c : text) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return q + "\"";
  };
  std::string out;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const GridPoint& p = points[k];
    const RunConfig& c = p.simulation.config;
    out += fmt::format(
        "\n[[point]]\nprocess = {}\nsetting = {}\nweights = {}\nengine = \"{}\"\nn = {}\nm = {}\n"
        "runs = {}\nseed = {}\n",
        quoted(p.simulation.process.str()), quoted(p.simulation.setting.str()),
        quoted(p.simulation.weights.str()), engine_name(c.engine), c.n, c.m, p.runs, p.seed);
    if (c.gap_level != 0) out += "gap_level = " + format_real(c.gap_level) + "\n";
    if (k < notes.size() && !notes[k].empty()) out += "# " + notes[k] + "\n";
  }
  return out;
}

void add_point(Grid& grid, GridPoint point) {
  const auto same = [&](const GridPoint& q) {
    const Simulation &a = q.simulation, &b = point.simulation;
    return a.process.str() == b.process.str() && a.setting.str() == b.setting.str() &&
           a.weights.str() == b.weights.str() && a.config.n == b.config.n &&
           a.config.m == b.config.m && a.config.engine == b.config.engine &&
           a.config.gap_level == b.config.gap_level && q.seed == point.seed;
  };
  if (const auto it = std::find_if(grid.points.begin(), grid.points.end(), same);
      it != grid.points.end())
    it->runs = std::max(it->runs, point.runs);
  else
    grid.points.push_back(std::move(point));
}

namespace {

std::string known_list(const std::vector<std::string>& known) {
  std::string list;
  for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
  return list;
}

}  // namespace

Grid load_grid(const std::filesystem::path& file) {
  const std::string name = file.string();
  std::error_code exists_error;
  if (!std::filesystem::exists(file, exists_error))
    throw InputError("cannot read the grid file '" + name + "': " +
                     (exists_error ? exists_error.message() : std::string("no such file")));
  if (std::filesystem::is_directory(file) || !std::ifstream(file))
    throw InputError("cannot read the grid file '" + name + "'" +
                     (std::filesystem::is_directory(file) ? ": it is a folder" : ""));
  toml::table table;
  try {
    table = toml::parse_file(name);
  } catch (const toml::parse_error& e) {
    throw InputError(name + ":" + std::to_string(e.source().begin.line) + ": " +
                     std::string(e.description()));
  }
  std::map<std::string, std::vector<std::string>> values = {
      {"settings", {"exact"}}, {"weights", {"unit"}},  {"engines", {"auto"}},
      {"seed", {"1"}},         {"gap_level", {"0"}}};
  const std::vector<std::string> known = {"processes", "settings", "weights",   "engines", "n",
                                          "m",         "runs",     "seed",      "gap_level",
                                          "point"};
  std::map<std::string, std::string> lines;  // file:line of each key the file sets
  const toml::array* listed = nullptr;         // the [[point]] tables
  for (const auto& [key, node] : table) {
    const std::string k(key.str());
    lines[k] = name + ":" + std::to_string(node.source().begin.line);
    const std::string where = lines[k] + ": " + k;
    if (std::find(known.begin(), known.end(), k) == known.end())
      throw InputError(where + " is not a grid key (known: " + known_list(known) + ")");
    if (k == "point") {
      listed = node.as_array();
      if (listed == nullptr || !listed->is_array_of_tables())
        throw InputError(where + " must be [[point]] tables");
      continue;
    }
    values[k] = texts(node, where);
  }
  const bool combined = values.contains("processes");
  if (!combined && listed == nullptr)
    throw InputError(name + ": no points: give processes, n, m and runs, or [[point]] tables");
  // Without processes these keys would combine nothing: each [[point]] names its own.
  if (!combined)
    for (const char* key : {"settings", "weights", "engines", "n", "m"})
      if (lines.contains(key))
        throw InputError(lines.at(key) + ": " + key + " combines with processes, which this grid "
                         "does not give (a [[point]] names its own setting, weights, engine, n, m)");
  if (combined)
    for (const char* required : {"n", "m", "runs"})
      if (!values.contains(required))
        throw InputError(name + ": the required key " + std::string(required) +
                         " is missing (required: processes, n, m, runs)");
  for (const char* single : {"runs", "seed", "gap_level"})
    if (values.contains(single) && values[single].size() != 1)
      throw InputError(name + ": " + single + " takes one value, not a list");

  // A bad value's message names the file and the line of its key (the file alone for a default).
  const auto at_key = [&](const std::string& key, auto parse) {
    try {
      return parse();
    } catch (const InputError& e) {
      throw InputError((lines.contains(key) ? lines.at(key) : name) + ": " + e.what());
    }
  };
  const auto parse_runs = [](const std::string& text) {
    return parse_count(text, "runs", std::nullopt, kMaxCount, 1);
  };
  const std::optional<std::uint64_t> runs =
      values.contains("runs") ? std::optional(at_key("runs", [&] { return parse_runs(values["runs"][0]); }))
                              : std::nullopt;
  const std::uint64_t seed = at_key("seed", [&] { return parse_count(values["seed"][0], "seed"); });
  const double gap_level =
      at_key("gap_level", [&] { return parse_real(values["gap_level"][0], "gap_level"); });
  // One point, checked: InputError naming it (`what`) on any bad value.
  const auto point_of = [&](const std::string& what, const std::string& process,
                            const std::string& setting, const std::string& weights, Engine engine,
                            const std::string& n_text, const std::string& m_text, double level) {
    try {
      RunConfig config;
      config.n = parse_count(n_text, "n", std::nullopt, max_n(Engine::automatic) - 1, 1);
      config.m = parse_balls(m_text, config.n);
      config.gap_level = level;
      config.engine = engine;
      return make_simulation(Spec::parse(process), Spec::parse(setting), Spec::parse(weights),
                             config);
    } catch (const InputError& e) {
      throw InputError(name + ": point " + what + ": " + e.what());
    }
  };
  Grid grid;
  grid.file = file;
  if (combined) {
    // A point's name in a message carries its engine where the grid names engines.
    const bool engines_named = table.contains("engines");
    std::vector<Engine> engines;
    for (const auto& engine : values["engines"])
      engines.push_back(at_key("engines", [&] { return parse_engine(engine, "engines"); }));
    for (const auto& process : values["processes"])
      for (const auto& setting : values["settings"])
        for (const auto& weights : values["weights"])
          for (const Engine engine : engines)
            for (const auto& n_text : values["n"])
              for (const auto& m_text : values["m"]) {
                const std::string what =
                    process + " / " + setting + " / " + weights +
                    (engines_named ? std::string(" / engine=") + engine_name(engine) : "") +
                    " / n=" + n_text + " / m=" + m_text;
                add_point(grid, {point_of(what, process, setting, weights, engine, n_text, m_text,
                                          gap_level),
                                 seed, *runs});
              }
  }
  if (listed != nullptr) {
    const std::vector<std::string> point_keys = {"process", "setting", "weights", "engine", "n",
                                                 "m",       "runs",    "seed",    "gap_level"};
    std::size_t index = 0;
    for (const toml::node& node : *listed) {
      ++index;
      const toml::table& entry = *node.as_table();
      const std::string at = name + ":" + std::to_string(node.source().begin.line) +
                             ": [[point]] " + std::to_string(index);
      std::map<std::string, std::string> v = {{"setting", "exact"}, {"weights", "unit"},
                                              {"engine", "auto"}};
      for (const auto& [key, value] : entry) {
        const std::string k(key.str());
        if (std::find(point_keys.begin(), point_keys.end(), k) == point_keys.end())
          throw InputError(at + ": " + k + " is not a key of a point (known: " +
                           known_list(point_keys) + ")");
        const auto got = texts(value, at + ": " + k);
        if (got.size() != 1) throw InputError(at + ": " + k + " takes one value, not a list");
        v[k] = got[0];
      }
      for (const char* required : {"process", "n", "m"})
        if (!v.contains(required))
          throw InputError(at + ": the required key " + std::string(required) +
                           " is missing (required: process, n, m, and runs unless the grid sets it)");
      if (!v.contains("runs") && !runs)
        throw InputError(at + ": the required key runs is missing (the grid sets no runs)");
      const auto in_point = [&](auto parse) {
        try {
          return parse();
        } catch (const InputError& e) {
          throw InputError(at + ": " + e.what());
        }
      };
      const Engine engine = in_point([&] { return parse_engine(v["engine"], "engine"); });
      const double level =
          v.contains("gap_level") ? in_point([&] { return parse_real(v["gap_level"], "gap_level"); })
                                  : gap_level;
      const std::uint64_t point_seed =
          v.contains("seed") ? in_point([&] { return parse_count(v["seed"], "seed"); }) : seed;
      const std::uint64_t point_runs =
          v.contains("runs") ? in_point([&] { return parse_runs(v["runs"]); }) : *runs;
      const std::string what = std::to_string(index) + " (" + v["process"] + " / " + v["setting"] +
                               " / " + v["weights"] + " / n=" + v["n"] + " / m=" + v["m"] + ")";
      add_point(grid, {point_of(what, v["process"], v["setting"], v["weights"], engine, v["n"],
                                v["m"], level),
                       point_seed, point_runs});
    }
  }
  return grid;
}

}  // namespace gapcheck::store
