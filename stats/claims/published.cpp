#include "stats/claims/published.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

#include "processes/core/spec.hpp"

namespace gapcheck::claims {
namespace {

// One CSV record: commas separate fields, double quotes protect commas, "" is a quote.
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        fields.back() += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields.emplace_back();
    } else if (ch != '\r') {
      fields.back() += ch;
    }
  }
  return fields;
}

}  // namespace

PublishedDistribution read_published(const std::filesystem::path& file,
                                     const std::string& selection) {
  std::ifstream in(file);
  if (!in) throw InputError("cannot read published table " + file.string());
  std::string line;
  std::getline(in, line);
  const auto header = csv_fields(line);
  auto column = [&](const std::string& name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    throw InputError(file.string() + " has no column '" + name + "'");
  };
  std::vector<std::pair<std::size_t, std::string>> wanted;
  std::stringstream parts(selection);
  for (std::string part; std::getline(parts, part, ',');) {
    const auto eq = part.find('=');
    if (eq == std::string::npos)
      throw InputError("published selection '" + selection + "' must read column=value,...");
    wanted.emplace_back(column(part.substr(0, eq)), part.substr(eq + 1));
  }
  const std::size_t gap = column("gap_value"), value = column("value"), runs = column("runs"),
                    notes = column("notes"), statistic = column("statistic");
  PublishedDistribution d;
  d.rows = selection;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto f = csv_fields(line);
    if (f.size() != header.size()) throw InputError(file.string() + ": malformed row: " + line);
    bool match = f[statistic] == "pct_runs_with_gap";
    for (const auto& [i, v] : wanted) match = match && f[i] == v;
    if (!match) continue;
    d.runs = parse_count(f[runs], "runs");
    const double percent = parse_real(f[value], "value");
    d.counts[parse_real(f[gap], "gap_value")] +=
        static_cast<std::uint64_t>(std::llround(percent * static_cast<double>(d.runs) / 100));
    if (d.notes.empty()) d.notes = f[notes];
  }
  if (d.counts.empty())
    throw InputError(file.string() + ": no rows match '" + selection + "'");
  return d;
}

}  // namespace gapcheck::claims
