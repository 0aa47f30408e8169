#include "store/grid.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <map>
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
  const std::vector<std::string> known = {"processes", "settings", "weights",  "engines", "n",
                                          "m",         "runs",     "seed",     "gap_level"};
  std::map<std::string, std::string> lines;  // file:line of each key the file sets
  for (const auto& [key, node] : table) {
    const std::string k(key.str());
    lines[k] = name + ":" + std::to_string(node.source().begin.line);
    const std::string where = lines[k] + ": " + k;
    if (std::find(known.begin(), known.end(), k) == known.end()) {
      std::string list;
      for (const auto& kn : known) list += (list.empty() ? "" : ", ") + kn;
      throw InputError(where + " is not a grid key (known: " + list + ")");
    }
    values[k] = texts(node, where);
  }
  for (const char* required : {"processes", "n", "m", "runs"})
    if (!values.contains(required))
      throw InputError(name + ": the required key " + std::string(required) +
                       " is missing (required: processes, n, m, runs)");
  for (const char* single : {"runs", "seed", "gap_level"})
    if (values[single].size() != 1)
      throw InputError(name + ": " + single + " takes one value, not a list");

  // A bad value's message names the file and the line of its key (the file alone for a default).
  const auto at_key = [&](const std::string& key, auto parse) {
    try {
      return parse();
    } catch (const InputError& e) {
      throw InputError((lines.contains(key) ? lines.at(key) : name) + ": " + e.what());
    }
  };
  Grid grid;
  grid.file = file;
  grid.runs = at_key(
      "runs", [&] { return parse_count(values["runs"][0], "runs", std::nullopt, kMaxCount, 1); });
  grid.seed = at_key("seed", [&] { return parse_count(values["seed"][0], "seed"); });
  const double gap_level =
      at_key("gap_level", [&] { return parse_real(values["gap_level"][0], "gap_level"); });
  std::set<std::tuple<std::string, std::string, std::string, std::uint64_t, std::uint64_t, Engine>>
      seen;
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
              try {
                RunConfig config;
                config.n =
                    parse_count(n_text, "n", std::nullopt, max_n(Engine::automatic) - 1, 1);
                config.m = parse_balls(m_text, config.n);
                config.gap_level = gap_level;
                config.engine = engine;
                Simulation point = make_simulation(Spec::parse(process), Spec::parse(setting),
                                                   Spec::parse(weights), config);
                // Two spellings of one point ("two-choice", "two-choice:ties=random") are one,
                // and so are `auto` and the engine it resolves to.
                if (seen.emplace(point.process.str(), point.setting.str(), point.weights.str(),
                                 point.config.n, point.config.m, point.config.engine)
                        .second)
                  grid.points.push_back(std::move(point));
              } catch (const InputError& e) {
                const std::string engine_part =
                    engines_named ? std::string(" / engine=") + engine_name(engine) : "";
                throw InputError(name + ": point " + process + " / " + setting + " / " +
                                 weights + engine_part + " / n=" + n_text + " / m=" + m_text +
                                 ": " + e.what());
              }
            }
  return grid;
}

}  // namespace gapcheck::store
