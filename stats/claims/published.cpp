#include "stats/claims/published.hpp"
#include "stats/claims/catalog.hpp"

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
  double percent_sum = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto f = csv_fields(line);
    if (f.size() != header.size()) throw InputError(file.string() + ": malformed row: " + line);
    bool match = f[statistic] == "pct_runs_with_gap";
    for (const auto& [i, v] : wanted) match = match && f[i] == v;
    if (!match) continue;
    const std::uint64_t row_runs = parse_count(f[runs], "runs");
    if (d.runs != 0 && row_runs != d.runs)
      throw InputError(file.string() + ": the rows of '" + selection + "' give runs " +
                       std::to_string(d.runs) + " and " + std::to_string(row_runs));
    d.runs = row_runs;
    const double percent = parse_real(f[value], "value");
    if (!(percent >= 0 && percent <= 100))
      throw InputError(file.string() + ": value " + f[value] + " is not a percentage: " + line);
    const double gap_value = parse_real(f[gap], "gap_value");
    if (d.counts.count(gap_value) != 0)
      throw InputError(file.string() + ": gap_value " + f[gap] + " is given twice in '" +
                       selection + "'");
    d.counts[gap_value] =
        static_cast<std::uint64_t>(std::llround(percent * static_cast<double>(d.runs) / 100));
    percent_sum += percent;
    if (d.notes.empty()) d.notes = f[notes];
  }
  if (d.counts.empty())
    throw InputError(file.string() + ": no rows match '" + selection + "'");
  // Percentages rounded for print sum to 100 within their rounding: more than a point off is a
  // table that does not describe all of its runs.
  if (std::abs(percent_sum - 100) > 1)
    throw InputError(file.string() + ": the percentages of '" + selection + "' sum to " +
                     format_real(percent_sum) + ", not 100");
  return d;
}

PublishedDistribution claim_published(const Claim& claim) {
  return read_published(claim.catalog.parent_path() / claim.text("published"),
                        claim.text("published_rows"));
}

}  // namespace gapcheck::claims
