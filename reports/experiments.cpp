#include "reports/experiments.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "stats/fluid_limit.hpp"
#include "stats/interval.hpp"
#include "stats/summary.hpp"

namespace gapcheck::reports {
namespace {

using Counts = std::vector<std::uint64_t>;

std::string note(Tier tier, const std::string& sizes, std::uint64_t runs, std::uint64_t seed) {
  return figure_note(tier_name(tier), sizes, fmt::format("{} runs", runs), fmt::format("seed {}", seed));
}

Counts geometric(std::uint64_t first, std::uint64_t last, std::uint64_t factor) {
  Counts out;
  for (std::uint64_t n = first; n <= last; n *= factor) out.push_back(n);
  return out;
}

std::string fixed(double v, int digits = 2) { return fmt::format("{:.{}f}", v, digits); }

struct MeanCi {
  double mean, lo, hi;
};
MeanCi mean_ci(const std::vector<double>& sample) {
  const stats::Summary s = stats::summarize(sample);
  const bool finite = std::isfinite(s.ci95_lo) && std::isfinite(s.ci95_hi);
  return {s.mean, finite ? s.ci95_lo : s.mean, finite ? s.ci95_hi : s.mean};
}

// A CSV file of stats/claims/published/: one map per row, keyed by the header. Fields may be quoted
// with "" inside quotes, as the files are written.
std::vector<std::map<std::string, std::string>> read_csv(const std::filesystem::path& path) {
  std::ifstream file(path);
  if (!file) throw InputError("cannot read the published table " + path.string());
  const auto split = [](const std::string& line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        fields.emplace_back();
      } else {
        fields.back() += c;
      }
    }
    return fields;
  };
  std::string line;
  std::getline(file, line);
  const auto header = split(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(file, line)) {
    if (line.empty()) continue;
    const auto fields = split(line);
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) row[header[i]] = fields[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

// A published gap distribution (gap value -> % of runs) and its mean and standard error.
struct Published {
  std::map<double, double> percent;
  double mean = 0, se = 0;
  std::uint64_t runs = 0;
};
Published published_distribution(const std::vector<std::map<std::string, std::string>>& rows,
                                 const std::function<bool(const std::map<std::string, std::string>&)>& keep) {
  Published p;
  for (const auto& row : rows)
    if (keep(row)) {
      p.percent[std::stod(row.at("gap_value"))] += std::stod(row.at("value"));
      p.runs = std::stoull(row.at("runs"));
    }
  double total = 0, sum = 0, sum2 = 0;
  for (const auto& [gap, pct] : p.percent) {
    total += pct;
    sum += gap * pct;
    sum2 += gap * gap * pct;
  }
  if (total > 0) {
    p.mean = sum / total;
    const double var = std::max(0.0, sum2 / total - p.mean * p.mean);
    p.se = std::sqrt(var / static_cast<double>(std::max<std::uint64_t>(p.runs, 1)));
  }
  return p;
}

std::string distribution_text(const std::map<double, double>& percent) {
  std::string out;
  for (const auto& [gap, pct] : percent)
    out += fmt::format("{}{}: {:.0f}%", out.empty() ? "" : ", ", gap, pct);
  return out;
}

std::map<double, double> measured_distribution(const std::vector<double>& gaps) {
  std::map<double, double> out;
  for (const auto& [gap, count] : stats::distribution(gaps))
    out[gap] = 100.0 * static_cast<double>(count) / static_cast<double>(gaps.size());
  return out;
}

// z of measured against published means; both standard errors as if runs were independent.
// (measured − published) over their joint standard error; NaN where neither has an error.
double z_value(double measured, double measured_se, const Published& p) {
  const double se = std::hypot(measured_se, p.se);
  return se > 0 ? (measured - p.mean) / se : NAN;
}
std::string z_text(double measured, double measured_se, const Published& p) {
  const double z = z_value(measured, measured_se, p);
  return std::isnan(z) ? "–" : fixed(z, 1);
}

// A series in a given palette colour and dash pattern (-1: solid).
Series styled(Series s, int color, int dash = -1) {
  s.color = color;
  s.dash = dash;
  return s;
}

double standard_error(const std::vector<double>& sample) {
  const stats::Summary s = stats::summarize(sample);
  return s.count > 1 ? s.sd / std::sqrt(static_cast<double>(s.count)) : 0.0;
}

// ---------------------------------------------------------------------------------------------
// Noise (Los & Sauerwald, PODC'22, §12): Two-Choice under g-Bounded, g-Myopic and
// σ-Noisy-Load, m = 1000n.

struct NoiseSetting {
  const char* name;   // setting spec name
  const char* param;  // its parameter
  const char* label;  // for people
  const char* symbol;
};
constexpr NoiseSetting kNoiseSettings[] = {{"g-bounded", "g", "g-Bounded", "g"},
                                           {"g-myopic", "g", "g-Myopic", "g"},
                                           {"sigma-noisy", "sigma", "σ-Noisy-Load", "σ"}};

Section noise(const ExperimentContext& c) {
  const Counts ns = by_tier<Counts>(c.tier, {256}, {1024, 4096}, {10000, 50000, 100000});
  const std::vector<double> gs = by_tier<std::vector<double>>(
      c.tier, {0, 2, 4}, {0, 1, 2, 3, 4, 6, 8, 12, 16, 20},
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
  const std::uint64_t m_per_bin = by_tier<std::uint64_t>(c.tier, 100, 1000, 1000);
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 3, 10, 100);
  Section section{"noise", "Noise: gap against g and σ", "", {}, {}};
  section.text = fmt::format(
      "Two-Choice under the three noise settings of Los & Sauerwald (PODC'22), m = {}n, "
      "independent runs (the paper's runs are successive snapshots of one long run). The claimed "
      "shape is Θ((g/log g)·log log n) for g ≤ log n and Θ(g) beyond; for σ-Noisy-Load the "
      "paper's bounds were not retrieved, so only monotonicity in σ is visible here.",
      m_per_bin);
  for (const NoiseSetting& s : kNoiseSettings) {
    Figure f;
    f.id = std::string("noise-") + s.name;
    f.title = fmt::format("Two-Choice under {}", s.label);
    f.x_label = s.symbol;
    f.y_label = "mean gap at m";
    f.note = note(c.tier, fmt::format("m = {}n", m_per_bin), runs, c.runner.seed());
    for (const std::uint64_t n : ns) {
      std::vector<std::vector<double>> samples;
      for (const double g : gs)
        samples.push_back(values(c.runner.run(section.id, "two-choice",
                                              fmt::format("{}:{}={}", s.name, s.param,
                                                          format_real(g)),
                                              "unit", n, m_per_bin * n, runs),
                                 &RunResult::gap));
      f.series.push_back(mean_series(fmt::format("n = {}", n), gs, samples));
    }
    f.caption = fmt::format(
        "Mean gap of Two-Choice under {} against {}, one curve per n. The gap grows with {} and, "
        "at fixed {}, only slowly with n; at {} = 0 every curve starts at plain Two-Choice.",
        s.label, s.symbol, s.symbol, s.symbol, s.symbol);
    section.figures.push_back(std::move(f));
  }
  return section;
}

Section noise_published(const ExperimentContext& c) {
  const auto rows = read_csv(c.published / "noise22_gap_distributions_n1e4.csv");
  const std::uint64_t n = by_tier<std::uint64_t>(c.tier, 1000, 10000, 10000);
  const std::uint64_t m_per_bin = by_tier<std::uint64_t>(c.tier, 100, 1000, 1000);
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 3, 20, 100);
  const std::vector<double> params = {0, 1, 2, 4, 8, 16};
  Section section{"noise22-published", "Noise: the published gap distributions", "", {}, {}};
  section.text = fmt::format(
      "Los & Sauerwald's tables (n = 10^4, m = 1000n, 100 runs; stats/claims/published/) beside "
      "this tool's runs at n = {}, m = {}n, {} independent runs. The authors' runs are "
      "successive snapshots of one long run, so their spread is not independent sampling error; "
      "z treats both as independent and is a guide, not a test.",
      n, m_per_bin, runs);
  Figure f;
  f.id = "noise22-published";
  f.title = "Noise: published (PODC'22) and measured";
  f.x_label = "g or σ";
  f.y_label = "mean gap at the run's end";
  f.note = note(c.tier, fmt::format("n = {}, m = {}n", n, m_per_bin), runs, c.runner.seed());
  int color = 0;
  for (const NoiseSetting& s : kNoiseSettings) {
    Table table{fmt::format("{}: gap distribution, published and measured", s.label),
                {s.symbol, "published mean", "measured mean [95% CI]", "z",
                 "published % of runs by gap", "measured % of runs by gap"},
                {},
                ""};
    Series published{fmt::format("{}, published (m = 1000n)", s.label), Series::Style::points, {}, {}, {}, {}, color, -1};
    std::vector<double> xs;
    std::vector<std::vector<double>> samples;
    for (const double g : params) {
      const Published p = published_distribution(rows, [&](const auto& row) {
        return row.at("setting") == s.name && std::stod(row.at("param_value")) == g;
      });
      const auto gaps =
          values(c.runner.run(section.id, "two-choice",
                              fmt::format("{}:{}={}", s.name, s.param, format_real(g)), "unit", n,
                              m_per_bin * n, runs),
                 &RunResult::gap);
      const MeanCi m = mean_ci(gaps);
      published.x.push_back(g);
      published.y.push_back(p.mean);
      xs.push_back(g);
      samples.push_back(gaps);
      table.rows.push_back({format_real(g), fixed(p.mean), fmt::format("{} [{}, {}]", fixed(m.mean), fixed(m.lo), fixed(m.hi)),
                            z_text(m.mean, standard_error(gaps), p), distribution_text(p.percent),
                            distribution_text(measured_distribution(gaps))});
    }
    f.series.push_back(std::move(published));
    f.series.push_back(styled(
        mean_series(fmt::format("{}, measured (m = {}n)", s.label, m_per_bin), xs, samples), color, 2));
    section.tables.push_back(std::move(table));
    ++color;
  }
  f.caption =
      "Published mean gaps (points, computed from the authors' gap distributions) and measured "
      "ones (dashed, with 95% intervals) for the three noise settings. The tables below give both "
      "distributions; a |z| well above 3 marks a disagreement, to be read with the protocol "
      "differences in mind.";
  section.figures.push_back(std::move(f));
  return section;
}

// ---------------------------------------------------------------------------------------------
// Batches (Los & Sauerwald, SPAA'22 and SPAA'23).

double tuned_beta(double n, double b, double c) { return std::min(1.0, c * std::sqrt(n / b * std::log(n))); }

Section batches(const ExperimentContext& c) {
  const std::uint64_t n = by_tier<std::uint64_t>(c.tier, 256, 1u << 14, 1u << 16);
  const std::vector<int> ks = by_tier<std::vector<int>>(c.tier, {-2, 0, 2, 4}, {-4, -2, 0, 1, 2, 3, 4, 5, 6},
                                                        {-6, -4, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8});
  const std::uint64_t m_min = by_tier<std::uint64_t>(c.tier, 20, 100, 1000) * n;
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 3, 10, 50);
  const auto batch_size = [n](int k) { return k >= 0 ? n << k : n >> -k; };
  // Whole batches: a run read mid-batch shows a gap its last batch has not finished building.
  const auto m_of = [m_min](std::uint64_t b) { return (std::max(m_min, 10 * b) + b - 1) / b * b; };
  Section section{"batch", "Batches: gap against the batch size", "", {}, {}};
  section.text = fmt::format(
      "b-Batched allocation at n = {}, m = max({}n, 10b) rounded up to whole batches: Two-Choice, (1+β) with the tuned "
      "β = min(1, √((n/b) ln n)) and mixed Quantile (η = min(1, √((n/b) ln n)), δ = 0.5) of "
      "Los & Sauerwald (SPAA'23), and One-Choice with m = b balls, the lower-bound reference. "
      "Claimed: Two-Choice Θ(b/n) for b ≥ n log n; the tuned processes O(√((b/n) log n)).",
      n, m_min / n);
  for (const auto& [weights, weights_label] :
       {std::pair<std::string, std::string>{"unit", "unit weights"}, {"exp:mean=1", "Exp(1) weights"}}) {
    Figure f;
    f.id = weights == "unit" ? "batch-unit" : "batch-exp";
    f.title = fmt::format("Batched allocation, {}", weights_label);
    f.x_label = "b/n (batch size / bins)";
    f.y_label = "mean gap at m";
    f.log2_x = true;
    f.log_y = true;
    f.note = note(c.tier, fmt::format("n = {}, m = max({}n, 10b) in whole batches", n, m_min / n), runs, c.runner.seed());
    std::vector<double> xs;
    std::map<std::string, std::vector<std::vector<double>>> samples;
    for (const int k : ks) {
      const std::uint64_t b = batch_size(k);
      xs.push_back(static_cast<double>(b) / static_cast<double>(n));
      const std::string batch = fmt::format("batch:b={}", b);
      const double beta = tuned_beta(static_cast<double>(n), static_cast<double>(b), 1.0);
      const auto gaps = [&, &weights = weights](const std::string& process,
                                                  const std::string& setting, std::uint64_t m) {
        return values(c.runner.run(section.id, process, setting, weights, n, m, runs), &RunResult::gap);
      };
      samples["two"].push_back(gaps("two-choice", batch, m_of(b)));
      samples["beta"].push_back(gaps(fmt::format("one-plus-beta:beta={}", format_real(beta)), batch, m_of(b)));
      if (weights == "unit")  // Quantile ranks bins by integer load levels: unit weights only
        samples["quantile"].push_back(
            gaps(fmt::format("mixed-quantile:eta={},delta=0.5", format_real(beta)), batch, m_of(b)));
      samples["one"].push_back(gaps("one-choice", "exact", b));
    }
    f.series.push_back(mean_series("Two-Choice", xs, samples["two"]));
    f.series.push_back(mean_series("(1+β), β = min(1, √((n/b) ln n))", xs, samples["beta"]));
    if (weights == "unit")
      f.series.push_back(mean_series("mixed Quantile, δ = 0.5", xs, samples["quantile"]));
    f.series.push_back(mean_series("One-Choice, m = b (no batches)", xs, samples["one"]));
    f.caption = fmt::format(
        "Mean gap against b/n with {} (log-log). Two-Choice's gap grows linearly in b/n once b is "
        "well above n, while the tuned (1+β) and mixed Quantile, once b is past n ln n and their "
        "tuned parameter below 1, follow the One-Choice-with-b-balls reference, √((b/n) log n) "
        "in shape (below that the tuned (1+β) is Two-Choice, β = 1).{}",
        weights_label,
        weights == "unit" ? "" : " Mixed Quantile is absent: it ranks bins by integer load levels "
                                 "and is defined for unit weights only.");
    section.figures.push_back(std::move(f));
  }
  // (1+β) against β at b = 20n.
  const std::uint64_t b = 20 * n;
  const std::vector<double> betas = by_tier<std::vector<double>>(
      c.tier, {0.1, 0.5, 1}, {0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1}, {0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 0.85, 1});
  Figure f;
  f.id = "batch-beta";
  f.title = "(1+β) in batches of b = 20n";
  f.x_label = "β";
  f.y_label = "mean gap at m";
  f.note = note(c.tier, fmt::format("n = {}, m = {}", n, m_of(b)), runs, c.runner.seed());
  int color = 0;
  for (const std::string weights : {"unit", "exp:mean=1"}) {
    std::vector<std::vector<double>> samples;
    for (const double beta : betas)
      samples.push_back(values(c.runner.run(section.id, fmt::format("one-plus-beta:beta={}", format_real(beta)),
                                            fmt::format("batch:b={}", b), weights, n, m_of(b), runs),
                               &RunResult::gap));
    f.series.push_back(styled(
        mean_series(weights == "unit" ? "(1+β), unit weights" : "(1+β), Exp(1) weights", betas, samples),
        color++));
  }
  const double tuned = tuned_beta(static_cast<double>(n), static_cast<double>(b), 1.0);
  f.caption = fmt::format(
      "Mean gap of (1+β) against β in batches of b = 20n. β = 1 is Two-Choice. The tuned value "
      "min(1, √((n/b) ln n)) is {:.3f} here; the curve's minimum lies inside (0, 1), which is the "
      "papers' point that less choice helps in large batches.",
      tuned);
  section.figures.push_back(std::move(f));
  return section;
}

Section batches_published(const ExperimentContext& c) {
  const auto rows = read_csv(c.published / "noise22_batched_table.csv");
  const std::uint64_t n = by_tier<std::uint64_t>(c.tier, 1000, 10000, 10000);
  const Counts bs = by_tier<Counts>(c.tier, {10, 1000}, {10, 100, 1000, 10000, 100000},
                                    {10, 100, 1000, 10000, 100000});
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 3, 20, 100);
  const auto m_of = [&](std::uint64_t b) {
    return by_tier<std::uint64_t>(c.tier, 5, 50, 50) * n * (b < n ? 1 : by_tier<std::uint64_t>(c.tier, 4, 20, 20));
  };
  Section section{"batch-published", "Batches: the published table", "", {}, {}};
  section.text = fmt::format(
      "The batched table of Los & Sauerwald (PODC'22, n = 10^4, 100 runs; m = 50n for b < n and "
      "1000n otherwise, per their code; gap rounded up) beside this tool at n = {}, {} runs, "
      "m = {}n for b < n and {}n otherwise. Its \"One-Choice, m = b\" row matches the maximum "
      "load of One-Choice with b balls rather than its gap: both are drawn.",
      n, runs, m_of(1) / n, m_of(n) / n);
  Table table{"b-Batched Two-Choice and One-Choice with m = b: published and measured",
              {"b", "process", "published mean", "measured mean [95% CI]", "z", "published % by value",
               "measured % by value"},
              {},
              ""};
  Series pub_two{"Two-Choice ⌈gap⌉, published", Series::Style::points, {}, {}, {}, {}, 0, -1};
  Series pub_one{"One-Choice m = b, published", Series::Style::points, {}, {}, {}, {}, 1, -1};
  std::vector<double> xs;
  std::vector<std::vector<double>> two, one_max, one_gap;
  std::vector<std::string> two_apart;  // the b where Two-Choice's |z| > 3
  for (const std::uint64_t b : bs) {
    const auto at = [&](const char* process) {
      return published_distribution(rows, [&](const auto& row) {
        return row.at("process") == process && std::stoull(row.at("b")) == b;
      });
    };
    const Published p_two = at("two-choice"), p_one = at("one-choice");
    auto two_gaps = values(c.runner.run(section.id, "two-choice", fmt::format("batch:b={}", b), "unit", n,
                                        m_of(b), runs),
                           &RunResult::gap);
    for (double& g : two_gaps) g = std::ceil(g - 1e-9);
    const auto& one = c.runner.run(section.id, "one-choice", "exact", "unit", n, b, runs);
    xs.push_back(static_cast<double>(b));
    two.push_back(two_gaps);
    one_max.push_back(values(one, &RunResult::max_load));
    one_gap.push_back(values(one, &RunResult::gap));
    if (!p_two.percent.empty()) {
      pub_two.x.push_back(static_cast<double>(b));
      pub_two.y.push_back(p_two.mean);
    }
    if (!p_one.percent.empty()) {
      pub_one.x.push_back(static_cast<double>(b));
      pub_one.y.push_back(p_one.mean);
    }
    const auto row = [&](const std::string& label, const Published& p, const std::vector<double>& sample) {
      const MeanCi m = mean_ci(sample);
      table.rows.push_back({std::to_string(b), label, p.percent.empty() ? "–" : fixed(p.mean),
                            fmt::format("{} [{}, {}]", fixed(m.mean), fixed(m.lo), fixed(m.hi)),
                            p.percent.empty() ? "–" : z_text(m.mean, standard_error(sample), p),
                            distribution_text(p.percent), distribution_text(measured_distribution(sample))});
    };
    row("Two-Choice, ceil(gap)", p_two, two.back());
    row("One-Choice m = b, max load", p_one, one_max.back());
    if (!p_two.percent.empty()) {  // apart: |z| > 3, or different means with no error to compare
      const double measured = mean_ci(two.back()).mean;
      const double z = z_value(measured, standard_error(two.back()), p_two);
      if (std::isnan(z) ? measured != p_two.mean : std::abs(z) > 3)
        two_apart.push_back(std::to_string(b));
    }
  }
  Figure f;
  f.id = "batch-published";
  f.title = "Batched Two-Choice: published (PODC'22) and measured";
  f.x_label = "b (batch size, balls)";
  f.y_label = "mean gap (max load for One-Choice)";
  f.log_x = true;
  f.log_y = true;
  f.note = note(c.tier,
                fmt::format("n = {} · Two-Choice m = {}n (b < n), {}n (b ≥ n) · One-Choice m = b", n,
                            m_of(1) / n, m_of(n) / n),
                runs, c.runner.seed());
  f.series = {pub_two, styled(mean_series("Two-Choice ⌈gap⌉, measured", xs, two), 0, 2), pub_one,
              styled(mean_series("One-Choice m = b, max load, measured", xs, one_max), 1, 2),
              styled(mean_series("One-Choice m = b, gap, measured", xs, one_gap), 2, 3)};
  const std::string apart = fmt::format("{}", fmt::join(two_apart, ", "));
  f.caption = fmt::format(
      "Published means (points, from the authors' distributions over 100 runs at n = 10^4) and "
      "measured ones (dashed, 95% intervals) for b-Batched Two-Choice and the One-Choice reference "
      "row. Both Two-Choice series are the gap rounded up, as the authors' code rounds it. {} The "
      "published reference row lies on the measured maximum load of One-Choice, not on its gap.",
      apart.empty() ? "Measured and published Two-Choice means are within 3 standard errors at every b."
                    : "Measured and published Two-Choice means are more than 3 standard errors apart at b = " +
                          apart + " (the table's z; docs/report.md).");
  section.figures.push_back(std::move(f));
  section.tables.push_back(std::move(table));
  return section;
}

// ---------------------------------------------------------------------------------------------
// The Tower of Two Choices (Los & Sauerwald, SPAA'23, arXiv 2302.04399, §6, Table 6.5):
// b-Batched Two-Choice, (1+β) with β = 0.7·√((n/b) ln n) and mixed Quantile (δ = 0.5,
// η = √((n/b) ln n)) at b ∈ {20n, 50n, 80n}, m = 20b, 20 runs, beside One-Choice with m = b.
// The table's statistic is the mean over runs of the running maximum of the gap over batch
// ends: a batched run's loads are seen only at batch ends, so that is max_gap_over_time.

struct TowerProcess {
  const char* name;   // the table's process column
  const char* label;  // for people
};
constexpr TowerProcess kTowerProcesses[] = {{"two-choice", "Two-Choice"},
                                            {"one-plus-beta", "(1+β), β = 0.7·√((n/b) ln n)"},
                                            {"mixed-quantile", "mixed Quantile, δ = 0.5"},
                                            {"one-choice", "One-Choice, m = b (gap)"}};

// One process of the table at one n and b: its runs' statistic.
std::vector<double> tower_sample(const ExperimentContext& c, const std::string& section,
                                 const std::string& process, std::uint64_t n, std::uint64_t b,
                                 std::uint64_t runs) {
  const double nn = static_cast<double>(n), bb = static_cast<double>(b);
  if (process == "one-choice")
    return values(c.runner.run(section, "one-choice", "exact", "unit", n, b, runs), &RunResult::gap);
  const std::string spec =
      process == "two-choice"      ? "two-choice"
      : process == "one-plus-beta" ? fmt::format("one-plus-beta:beta={}", format_real(tuned_beta(nn, bb, 0.7)))
                                   : fmt::format("mixed-quantile:eta={},delta=0.5", format_real(tuned_beta(nn, bb, 1.0)));
  return values(c.runner.run(section, spec, fmt::format("batch:b={}", b), "unit", n, 20 * b, runs),
                &RunResult::max_gap_over_time);
}

Section tower_published(const ExperimentContext& c) {
  const auto rows = read_csv(c.published / "tower23_table65.csv");
  const Counts ns = by_tier<Counts>(c.tier, {1000}, {10000}, {10000, 100000});
  const Counts per_bin = by_tier<Counts>(c.tier, {20, 50}, {20, 50, 80}, {20, 50, 80});
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 3, 5, 20);
  // The published value of one cell and its runs, by provenance (the paper's table, or the
  // second printed run of the same code); NaN where the table has none.
  struct Cell {
    double value = NAN;
    double runs = NAN;
  };
  const auto published = [&](const char* process, std::uint64_t n, std::uint64_t b,
                             const char* provenance) -> Cell {
    for (const auto& row : rows)
      if (row.at("process") == process && row.at("provenance") == provenance &&
          std::stoull(row.at("n")) == n && std::stoull(row.at("b")) == b)
        return {std::stod(row.at("value")), std::stod(row.at("runs"))};
    return {};
  };
  Section section{"tower-published", "Batches: the Tower of Two Choices' Table 6.5", "", {}, {}};
  section.text = fmt::format(
      "Table 6.5 of Los & Sauerwald (SPAA'23): b-Batched allocation with m = 20b (20 batches), unit "
      "weights, 20 runs, the mean over runs of the running maximum of the gap over batch ends; "
      "One-Choice with m = b balls is the reference. Here: n = {}, b/n = {}, {} independent runs "
      "(the paper's protocol, n = 10^4 and 10^5 with 20 runs, is the paper tier). The published "
      "side has no spread: its runs are taken to spread as the measured ones do, so z is the "
      "difference over sd·√(1/runs + 1/published runs); the second printed run of the authors' code "
      "shows how far two runs of the same code lie apart.",
      fmt::join(ns, ", "), fmt::join(per_bin, ", "), runs);
  Table table{"Table 6.5: published and measured",
              {"n", "b", "process", "published", "second printed run", "measured mean [95% CI]", "z"},
              {},
              ""};
  std::vector<std::string> apart;  // the cells with |z| > 3
  std::size_t compared = 0;
  for (const std::uint64_t n : ns) {
    Figure f;
    f.id = fmt::format("tower-published-n{}", n);
    f.title = fmt::format("Table 6.5 at n = {}: published (SPAA'23) and measured", n);
    f.x_label = "b/n (batch size / bins)";
    f.y_label = "mean running max of the gap";
    f.note = note(c.tier, fmt::format("n = {}, m = 20b (One-Choice: m = b)", n), runs, c.runner.seed());
    int color = 0;
    for (const TowerProcess& p : kTowerProcesses) {
      Series pub{fmt::format("{}, published", p.label), Series::Style::points, {}, {}, {}, {}, color, -1};
      std::vector<double> xs;
      std::vector<std::vector<double>> samples;
      for (const std::uint64_t k : per_bin) {
        const std::uint64_t b = k * n;
        const auto sample = tower_sample(c, section.id, p.name, n, b, runs);
        xs.push_back(static_cast<double>(k));
        samples.push_back(sample);
        const Cell cell = published(p.name, n, b, "table_svg");
        const double table_value = cell.value;
        const double second = published(p.name, n, b, "raw_out").value;
        const MeanCi m = mean_ci(sample);
        // The published mean's standard error as if its runs spread as the measured ones.
        const double se = standard_error(sample) *
                          std::sqrt(1 + static_cast<double>(sample.size()) / cell.runs);
        const double z = se > 0 ? (m.mean - table_value) / se : NAN;
        if (!std::isnan(table_value)) {
          pub.x.push_back(static_cast<double>(k));
          pub.y.push_back(table_value);
          ++compared;
          if (!std::isnan(z) && std::abs(z) > 3)
            apart.push_back(fmt::format("{} at n = {}, b = {}n", p.label, n, k));
        }
        table.rows.push_back({std::to_string(n), fmt::format("{}n", k), p.label,
                              std::isnan(table_value) ? "–" : fixed(table_value),
                              std::isnan(second) ? "–" : fixed(second),
                              fmt::format("{} [{}, {}]", fixed(m.mean), fixed(m.lo), fixed(m.hi)),
                              std::isnan(table_value) || std::isnan(z) ? "–" : fixed(z, 1)});
      }
      if (!pub.x.empty()) f.series.push_back(pub);
      f.series.push_back(styled(mean_series(fmt::format("{}, measured", p.label), xs, samples), color, 2));
      ++color;
    }
    f.caption =
        "Published values (points: Table 6.5, the mean over 20 runs of the running maximum of the "
        "gap over batch ends) and measured ones (dashed, 95% intervals) for b-Batched Two-Choice, "
        "(1+β) and mixed Quantile with m = 20b, and One-Choice with m = b balls, whose plain gap is "
        "the reference.";
    section.figures.push_back(std::move(f));
  }
  table.caption =
      compared == 0   ? std::string("The table has no value at this n (its n are 10^4 and 10^5).")
      : apart.empty() ? fmt::format("All {} compared cells within |z| ≤ 3 (z: measured less "
                                    "published, over sd·√(1/runs + 1/published runs)).",
                                    compared)
                      : fmt::format("{} of {} compared cells more than 3 apart (|z| > 3): {}.",
                                    apart.size(), compared, fmt::join(apart, "; "));
  section.tables.push_back(std::move(table));
  return section;
}

// ---------------------------------------------------------------------------------------------
// FirstDiff (Augustine, Moses, Redlich, Upfal, SODA'16) against Left and Greedy.

Section first_diff(const ExperimentContext& c) {
  const Counts ns_light = by_tier<Counts>(c.tier, {256, 1024}, geometric(1u << 10, 1u << 20, 4),
                                          geometric(1u << 12, 1u << 24, 4));
  const Counts ns_heavy = by_tier<Counts>(c.tier, {256}, geometric(1u << 8, 1u << 12, 4),
                                          geometric(1u << 10, 1u << 16, 4));
  const std::uint64_t heavy = 1000;
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 3, 20, 100);
  Section section{"firstdiff", "FirstDiff against Left and Greedy", "", {}, {}};
  section.text =
      "FirstDiff[d] probes until a load differs from the first probe's, with at most `cap` "
      "probes (a parameter: the paper's cap was not retrieved; here cap = d², printed in every "
      "legend). Claimed: at most d probes per ball on average, and a maximum load as good as "
      "Left[d]'s, at m = n and in the heavily loaded case.";
  Figure probes;
  probes.id = "firstdiff-probes";
  probes.title = "FirstDiff[d]: probes per ball";
  probes.x_label = "n (bins)";
  probes.y_label = "mean probes per ball";
  probes.log2_x = true;
  probes.note = note(c.tier, fmt::format("m = n and m = {}n", heavy), runs, c.runner.seed());
  for (const std::uint64_t d : {2, 3, 4}) {
    Figure f;
    f.id = fmt::format("firstdiff-d{}", d);
    f.title = fmt::format("FirstDiff, Left and Greedy, d = {}", d);
    f.x_label = "n (bins)";
    f.y_label = "mean gap (max load − m/n)";
    f.log2_x = true;
    f.note = note(c.tier, fmt::format("m = n and m = {}n", heavy), runs, c.runner.seed());
    const std::string first_diff = fmt::format("first-diff:cap={}", d * d);
    const std::vector<std::pair<std::string, std::string>> processes = {
        {first_diff, fmt::format("FirstDiff[{}] cap={}", d, d * d)},
        {fmt::format("left:d={}", d), fmt::format("Left[{}]", d)},
        {fmt::format("d-choice:d={}", d), fmt::format("Greedy[{}]", d)}};
    int color = 0;
    for (const auto& [process, label] : processes) {
      for (const bool is_heavy : {false, true}) {
        const Counts& ns = is_heavy ? ns_heavy : ns_light;
        std::vector<double> xs;
        std::vector<std::vector<double>> gaps, per_ball;
        for (const std::uint64_t n : ns) {
          const auto& r = c.runner.run(section.id, process, "exact", "unit", n, is_heavy ? heavy * n : n, runs);
          xs.push_back(static_cast<double>(n));
          gaps.push_back(values(r, &RunResult::gap));
          std::vector<double> p;
          for (const RunResult& run : r) p.push_back(static_cast<double>(run.probes) / static_cast<double>(run.balls));
          per_ball.push_back(std::move(p));
        }
        const char* m = is_heavy ? "1000n" : "n";
        const int dash = is_heavy ? 2 : 1;
        f.series.push_back(styled(mean_series(fmt::format("{}, m = {}", label, m), xs, gaps), color, dash));
        if (process == first_diff)
          probes.series.push_back(styled(
              mean_series(fmt::format("FirstDiff[{}] cap={}, m = {}", d, d * d, m), xs, per_ball),
              static_cast<int>(d) - 2, dash));
      }
      ++color;
    }
    f.caption = fmt::format(
        "Mean gap against n (log2) for FirstDiff[{0}], Left[{0}] and Greedy[{0}], solid at m = n "
        "and dashed at m = 1000n. The claim is that FirstDiff's curve lies with Left's, below "
        "Greedy's.",
        d);
    section.figures.push_back(std::move(f));
  }
  for (const std::uint64_t d : {2, 3, 4}) {
    Series line{fmt::format("d = {} (Left[d], Greedy[d] use d)", d), Series::Style::line,
                {static_cast<double>(ns_heavy.front()), static_cast<double>(ns_light.back())},
                {static_cast<double>(d), static_cast<double>(d)}, {}, {}, static_cast<int>(d) - 2, 3};
    probes.series.push_back(std::move(line));
  }
  probes.caption =
      "Mean number of probes per ball of FirstDiff[d] (cap = d²) at m = n (solid) and m = 1000n "
      "(dashed); dotted lines mark d, the claimed upper bound on the average and the fixed cost of "
      "Left[d] and Greedy[d].";
  section.figures.push_back(std::move(probes));
  return section;
}

// ---------------------------------------------------------------------------------------------
// Two-thinning (Feldheim, Gurel-Gurevich, Li, AAP 2024): the gap over time.

Section thinning(const ExperimentContext& c) {
  const Counts ns = by_tier<Counts>(c.tier, {256, 1024}, geometric(1u << 8, 1u << 16, 4),
                                    geometric(1u << 10, 1u << 20, 4));
  const std::uint64_t m_per_bin = by_tier<std::uint64_t>(c.tier, 20, 100, 1000);
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 3, 10, 50);
  Section section{"thinning", "Two-thinning: the gap over time", "", {}, {}};
  section.text = fmt::format(
      "Threshold strategies of two-thinning at m = {}n. For each, the maximum over all times "
      "t ∈ [m] of the gap, and the gap at t = m (a typical time). Claimed: no strategy keeps the "
      "maximum over [m] below order log n/log log n, while a typical gap of order √log n is "
      "achievable (by multi-stage strategies; simple thresholds need not reach it).",
      m_per_bin);
  Figure f;
  f.id = "thinning-over-time";
  f.title = "Two-thinning: worst and typical gap";
  f.x_label = "n (bins)";
  f.y_label = "gap";
  f.log2_x = true;
  f.note = note(c.tier, fmt::format("m = {}n", m_per_bin), runs, c.runner.seed());
  const std::vector<std::pair<std::string, std::string>> strategies = {
      {"mean-thinning", "mean threshold t/n"},
      {"thinning:threshold=relative,L=1", "threshold t/n + 1"},
      {"thinning:threshold=relative,L=2", "threshold t/n + 2"}};
  std::vector<double> xs;
  for (const std::uint64_t n : ns) xs.push_back(static_cast<double>(n));
  int color = 1;
  for (const auto& [process, label] : strategies) {
    std::vector<std::vector<double>> worst, final_gap;
    for (const std::uint64_t n : ns) {
      const auto& r = c.runner.run(section.id, process, "exact", "unit", n, m_per_bin * n, runs);
      worst.push_back(values(r, &RunResult::max_gap_over_time));
      final_gap.push_back(values(r, &RunResult::gap));
    }
    f.series.push_back(styled(mean_series(label + ", max over [m]", xs, worst), color));
    f.series.push_back(styled(mean_series(label + ", at t = m", xs, final_gap), color, 2));
    ++color;
  }
  Series slow{"ln n / ln ln n", Series::Style::line, {}, {}, {}, {}, 0, 3};
  Series root{"√(ln n)", Series::Style::line, {}, {}, {}, {}, 0, 4};
  for (const double n : xs) {
    slow.x.push_back(n);
    slow.y.push_back(std::log(n) / std::log(std::log(n)));
    root.x.push_back(n);
    root.y.push_back(std::sqrt(std::log(n)));
  }
  f.series.push_back(std::move(slow));
  f.series.push_back(std::move(root));
  f.caption =
      "Solid: the largest gap seen at any time in [m]; dashed: the gap at t = m. The black "
      "reference curves are ln n/ln ln n and √(ln n) with constant 1, for shape only. The worst "
      "case over time sits well above the typical value for every threshold.";
  section.figures.push_back(std::move(f));
  return section;
}

// ---------------------------------------------------------------------------------------------
// Fluid limits at t = m/n = 1: the simulated load profile against the mean-field ODE.

struct FluidCase {
  std::string process, label;
  stats::FluidModel model;
};

Section fluid(const ExperimentContext& c) {
  const std::uint64_t n = by_tier<std::uint64_t>(c.tier, 1u << 12, 1u << 18, 1u << 22);
  const std::uint64_t runs = by_tier<std::uint64_t>(c.tier, 2, 5, 20);
  Section section{"fluid-limit", "Fluid limits at m = n", "", {}, {}};
  section.text = fmt::format(
      "The fraction s_i of bins with load at least i after m = n balls: simulated (n = {}, {} "
      "runs, 95% intervals) and the mean-field ODE (Mitzenmacher, Combin. Probab. Comput. 1999; "
      "stats::fluid_limit, RK4, "
      "h = 10^-4). For "
      "large n they must agree to within sampling error, level by level. The table's t is "
      "(simulated − ODE) over the standard error of the {} runs, read against Student's t "
      "(degrees of freedom: {}), as the interval is: the ODE value lies outside the interval "
      "where |t| > {:.2f}.",
      n, runs, runs, runs - 1, stats::t_critical(static_cast<double>(runs - 1), 0.95));
  using M = stats::FluidModel;
  const std::vector<std::vector<FluidCase>> groups = {
      {{"one-choice", "One-Choice", M::one_choice()},
       {"d-choice:d=2", "Greedy[2]", M::greedy(2)},
       {"d-choice:d=3", "Greedy[3]", M::greedy(3)},
       {"d-choice:d=4", "Greedy[4]", M::greedy(4)}},
      {{"left:d=2", "Left[2]", M::left(2)},
       {"left:d=3", "Left[3]", M::left(3)},
       {"one-plus-beta:beta=0.5", "(1+β), β = 0.5", M::one_plus_beta(0.5)},
       {"thinning:threshold=absolute,l=2", "thinning ℓ = 2", M::thinning_absolute(2)}}};
  constexpr std::size_t kLevels = 6;
  Table table{"Fraction of bins with load ≥ i at m = n: ODE and simulated",
              {"process", "i", "ODE s_i", "simulated [95% CI]", "t"}, {}, ""};
  const double floor = 0.3 / (static_cast<double>(n) * static_cast<double>(runs));
  for (std::size_t g = 0; g < groups.size(); ++g) {
    Figure f;
    f.id = g == 0 ? "fluid-greedy" : "fluid-left-beta-thinning";
    f.title = g == 0 ? "Fluid limit: One-Choice and Greedy[d]" : "Fluid limit: Left, (1+β), thinning";
    f.x_label = "load level i";
    f.y_label = "fraction of bins with load ≥ i";
    f.log_y = true;
    f.y_range = std::pair{floor, 1.5};
    f.note = note(c.tier, fmt::format("n = {}, m = n", n), runs, c.runner.seed());
    int color = 0;
    for (const FluidCase& fc : groups[g]) {
      const auto& r = c.runner.run(section.id, fc.process, "exact", "unit", n, n, runs);
      std::vector<double> levels, ode_levels, ode_values;
      std::vector<std::vector<double>> fractions;
      const std::vector<double> ode = stats::fluid_limit(fc.model, 1.0, 1e-4, kLevels);
      for (std::size_t i = 1; i <= kLevels; ++i) {
        std::vector<double> sample;
        for (const RunResult& run : r) {
          std::uint64_t at_least = 0;
          for (std::size_t k = 0; k < run.histogram.bins.size(); ++k)
            if (run.histogram.first_level + k >= i) at_least += run.histogram.bins[k];
          sample.push_back(static_cast<double>(at_least) / static_cast<double>(n));
        }
        const MeanCi m = mean_ci(sample);
        if (m.mean > 0) {
          levels.push_back(static_cast<double>(i));
          fractions.push_back(sample);
        }
        if (ode[i] >= floor) {
          ode_levels.push_back(static_cast<double>(i));
          ode_values.push_back(ode[i]);
        }
        if (ode[i] >= floor || m.mean > 0) {
          const double se = standard_error(sample);
          table.rows.push_back({fc.label, std::to_string(i), fmt::format("{:.4g}", ode[i]),
                                fmt::format("{:.4g} [{:.4g}, {:.4g}]", m.mean, m.lo, m.hi),
                                se > 0 ? fixed((m.mean - ode[i]) / se, 2) : "–"});
        }
      }
      Series simulated = styled(mean_series(fc.label + ", simulated", levels, fractions), color);
      simulated.style = Series::Style::errorbars;
      f.series.push_back(std::move(simulated));
      f.series.push_back({fc.label + ", ODE", Series::Style::line, ode_levels, ode_values, {}, {}, color, 1});
      ++color;
    }
    f.caption = fmt::format(
        "Fraction of bins with load at least i after n balls, simulated (points) and from the "
        "mean-field ODE (lines), log scale down to about one bin in all runs ({:.1e}). Points on "
        "their curve level by level mean the fluid limit describes the process at this n.",
        floor);
    section.figures.push_back(std::move(f));
  }
  section.tables.push_back(std::move(table));
  return section;
}

}  // namespace

Series mean_series(std::string label, const std::vector<double>& x,
                   const std::vector<std::vector<double>>& samples) {
  Series s;
  s.label = std::move(label);
  for (std::size_t i = 0; i < x.size() && i < samples.size(); ++i) {
    if (samples[i].empty()) continue;
    const MeanCi m = mean_ci(samples[i]);
    s.x.push_back(x[i]);
    s.y.push_back(m.mean);
    s.y_lo.push_back(m.lo);
    s.y_hi.push_back(m.hi);
  }
  return s;
}

const std::vector<Experiment>& experiments() {
  static const std::vector<Experiment> list = {
      {"noise", noise},           {"noise22-published", noise_published},
      {"batch", batches},         {"batch-published", batches_published},
      {"tower-published", tower_published},
      {"firstdiff", first_diff},  {"thinning", thinning},
      {"fluid-limit", fluid},
  };
  return list;
}

}  // namespace gapcheck::reports
