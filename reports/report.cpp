#include "reports/report.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <chrono>
#include <fstream>

#include <fmt/format.h>

#include "processes/core/spec.hpp"
#include "reports/experiments.hpp"
#include "stats/claims/catalog.hpp"


namespace gapcheck::reports {
namespace {

namespace fs = std::filesystem;

bool matches(const std::string& glob, const std::string& id) {
  return fnmatch(glob.c_str(), id.c_str(), 0) == 0;
}

std::string html(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string md_cell(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  if (!file) throw std::runtime_error("cannot write " + path.string());
}

// The report's parts in page order, whatever produced them.
struct Page {
  // claim, source, verdict, constants, figure id, finding (empty unless the outcome is a finding)
  std::vector<std::vector<std::string>> verdicts;
  std::string no_verdicts;  // what the page says where it has no verdicts
  std::string summary;      // the verdicts counted, above their table (claims::summary_line)
  std::vector<Section> sections;
};

constexpr const char* kStyle = R"(
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 1100px;
       margin: 2em auto; padding: 0 1em; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 1em 0; font-size: .88em; }
th, td { border: 1px solid #ccc; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
.meta { color: #555; font-size: .9em; } .meta code { font-size: .95em; }
.figures { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; width: 500px; } figure img { width: 100%; border: 1px solid #eee; }
figcaption { font-size: .88em; } .files { font-size: .82em; color: #555; }
.pass { color: #006d2c; font-weight: bold; } .fail { color: #b30000; font-weight: bold; }
.inconclusive { color: #8a6d00; font-weight: bold; }
.finding { background: #fff6e0; } div.finding { margin-top: .3em; padding: .2em .4em; }
)";

std::string figure_links(const std::string& id, bool markdown) {
  const std::vector<std::pair<std::string, std::string>> files = {
      {"PDF", id + ".pdf"},           {"SVG", id + ".svg"}, {"LaTeX", id + "-latex.tex"},
      {"LaTeX PDF", id + "-latex.pdf"}, {"data", id + ".dat"}, {"gnuplot", id + ".gp"}};
  std::string out;
  for (const auto& [label, file] : files) {
    if (!out.empty()) out += markdown ? " · " : " &middot; ";
    out += markdown ? fmt::format("[{}](figures/{})", label, file)
                    : fmt::format("<a href=\"figures/{}\">{}</a>", file, label);
  }
  return out;
}

std::string html_table(const Table& t) {
  std::string out = fmt::format("<h3>{}</h3>\n<table>\n<tr>", html(t.title));
  for (const auto& h : t.header) out += "<th>" + html(h) + "</th>";
  out += "</tr>\n";
  for (const auto& row : t.rows) {
    out += "<tr>";
    for (const auto& cell : row) out += "<td>" + html(cell) + "</td>";
    out += "</tr>\n";
  }
  out += "</table>\n";
  if (!t.caption.empty()) out += "<p class=\"caption\">" + html(t.caption) + "</p>\n";
  return out;
}

std::string md_table(const Table& t) {
  const auto row = [](const std::vector<std::string>& cells) {
    std::string line = "|";
    for (const auto& cell : cells) line += fmt::format(" {} |", md_cell(cell));
    return line + "\n";
  };
  std::string out = fmt::format("**{}**\n\n", t.title) + row(t.header) + "|";
  for (std::size_t i = 0; i < t.header.size(); ++i) out += "---|";
  out += "\n";
  for (const auto& r : t.rows) out += row(r);
  if (!t.caption.empty()) out += "\n" + t.caption + "\n";
  return out + "\n";
}

std::string verdict_class(const std::string& verdict) {
  return verdict.rfind("pass", 0) == 0 ? "pass" : verdict.rfind("fail", 0) == 0 ? "fail" : "inconclusive";
}

// The findings below the verdict table, as `gapcheck check` prints them: a true claim that FAILs
// or a control that PASSes where the catalog documents a disagreement with the publication. They
// are why such a verdict leaves the exit code 0.
constexpr const char* kFindingsIntro =
    "Findings: verdicts that differ from what the catalog expects (a true claim that fails, a "
    "control that passes) and that the catalog documents as a disagreement between measurement "
    "and publication. They are reported, not counted as defects, so the report exits 0.";

// A verdict row's claim id: its claim cell is "id: statement" (ids hold no ':').
std::string claim_id(const std::vector<std::string>& row) { return row[0].substr(0, row[0].find(':')); }

std::string findings_html(const Page& page) {
  std::string items;
  for (const auto& v : page.verdicts)
    if (!v[5].empty())
      items += fmt::format("<li><a href=\"#{}\">{}</a>: {}</li>\n", html(v[4]),
                           html(claim_id(v)), html(v[5]));
  if (items.empty()) return {};
  return fmt::format("<p id=\"findings\" class=\"finding\">{}</p>\n<ul class=\"finding\">\n{}</ul>\n",
                     html(kFindingsIntro), items);
}

std::string html_page(const Page& page, const std::string& meta) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>gapcheck report</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<h1>gapcheck report</h1>\n<div class=\"meta\">{}</div>\n",
      kStyle, meta);
  out += "<h2 id=\"verdicts\">Verdicts</h2>\n";
  if (page.verdicts.empty()) {
    out += "<p>" + html(page.no_verdicts) + "</p>\n";
  } else {
    out += "<p id=\"summary\"><b>" + html(page.summary) + "</b></p>\n";
    out += "<table>\n<tr><th>claim</th><th>source</th><th>verdict</th><th>fitted constants / evidence</th></tr>\n";
    for (const auto& v : page.verdicts)
      out += fmt::format("<tr><td><a href=\"#{}\">{}</a></td><td>{}</td><td class=\"{}\">{}</td><td>{}{}</td></tr>\n",
                         html(v[4]), html(v[0]), html(v[1]), verdict_class(v[2]), html(v[2]), html(v[3]),
                         v[5].empty() ? "" : "<div class=\"finding\"><b>Finding:</b> " + html(v[5]) + "</div>");
    out += "</table>\n";
    out += findings_html(page);
  }
  out += "<p>Contents: ";
  for (std::size_t i = 0; i < page.sections.size(); ++i)
    out += fmt::format("{}<a href=\"#{}\">{}</a>", i ? " &middot; " : "", page.sections[i].id,
                       html(page.sections[i].title));
  out += "</p>\n";
  for (const Section& s : page.sections) {
    out += fmt::format("<h2 id=\"{}\">{}</h2>\n<p>{}</p>\n<div class=\"figures\">\n", s.id, html(s.title), html(s.text));
    for (const Figure& f : s.figures)
      out += fmt::format(
          "<figure id=\"{0}\"><img src=\"figures/{0}.png\" alt=\"{1}\">\n<figcaption><b>{0}.</b> {2}"
          "<div class=\"files\">{3}</div></figcaption></figure>\n",
          f.id, html(f.title), html(f.caption), figure_links(f.id, false));
    out += "</div>\n";
    for (const Table& t : s.tables) out += html_table(t);
  }
  return out + "</body>\n</html>\n";
}

std::string markdown_page(const Page& page, const std::string& meta) {
  std::string out = "# gapcheck report\n\n" + meta + "\n\n## Verdicts\n\n";
  if (page.verdicts.empty()) {
    out += page.no_verdicts + "\n\n";
  } else {
    out += "**" + page.summary + "**\n\n";
    out += "| claim | source | verdict | fitted constants / evidence |\n|---|---|---|---|\n";
    for (const auto& v : page.verdicts)
      out += fmt::format("| {} | {} | {} | {} |\n",
                         v[4] == "verdicts" ? md_cell(v[0])  // no figure of its own
                                            : fmt::format("[{}](figures/{}.png)", md_cell(v[0]), v[4]),
                         md_cell(v[1]), md_cell(v[2]),
                         md_cell(v[5].empty() ? v[3] : v[3] + " — Finding: " + v[5]));
    out += "\n";
    std::string findings;
    for (const auto& v : page.verdicts)
      if (!v[5].empty()) findings += fmt::format("- {}: {}\n", claim_id(v), v[5]);
    if (!findings.empty()) out += std::string(kFindingsIntro) + "\n\n" + findings + "\n";
  }
  for (const Section& s : page.sections) {
    out += fmt::format("## {}\n\n{}\n\n", s.title, s.text);
    for (const Figure& f : s.figures)
      out += fmt::format("![{0}](figures/{1}.png)\n\n**{1}.** {2}\n\n{3}\n\n", f.title, f.id, f.caption,
                         figure_links(f.id, true));
    for (const Table& t : s.tables) out += md_table(t);
  }
  return out;
}

std::string runs_csv(const std::vector<const Batch*>& batches) {
  std::string out =
      "experiment,process,setting,weights,engine,n,m,seed,replicate,gap,max_load,max_gap_over_time,"
      "balls,steps,probes\n";
  for (const Batch* batch : batches) {
    const Batch& b = *batch;
    const Simulation& s = b.simulation;
    for (const RunResult& r : b.results)
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_text(b.experiment),
                         csv_text(s.process.str()), csv_text(s.setting.str()),
                         csv_text(s.weights.str()), csv_text(engine_name(s.config.engine)),
                         s.config.n, s.config.m, b.seed, r.replicate, r.gap, r.max_load,
                         r.max_gap_over_time, r.balls, r.steps, r.probes);
  }
  return out;
}

// DIR with a suffix, beside it: DIR.partial, where the report is written before it replaces DIR,
// and DIR.previous, where a previous report waits until it has.
fs::path sibling(const fs::path& out, const char* suffix) {
  return out.parent_path() / (out.filename().string() + suffix);
}
fs::path staging_of(const fs::path& out) { return sibling(out, ".partial"); }

// An empty DIR.partial with its figures folder, made afresh.
void make_staging(const fs::path& out) {
  const fs::path staging = staging_of(out);
  try {
    fs::remove_all(staging);
    fs::create_directories(staging / "figures");
  } catch (const fs::filesystem_error& e) {
    throw WriteError("out=" + out.string() + " cannot be written: " + staging.string() + ": " +
                     e.code().message());
  }
}

// An existing --out directory is replaced only when it holds a previous report; DIR.partial must
// be possible to make (it is made and removed again), so that an unwritable DIR fails before runs.
void check_out_dir(const fs::path& out) {
  if (fs::exists(out) &&
      (!fs::is_directory(out) || (!fs::is_empty(out) && !(fs::exists(out / "index.html") &&
                                                          fs::exists(out / "commands.txt")))))
    throw InputError("out=" + out.string() +
                     " exists and is not a gapcheck report (accepted: a new directory, an empty "
                     "one, or a previous report)");
  make_staging(out);
  fs::remove_all(staging_of(out));
}

// DIR.partial onto DIR: a previous report is moved aside first and removed only once the new one
// is in place, so that a failure leaves the one or the other.
void replace_with_staging(const fs::path& out) {
  const fs::path staging = staging_of(out);
  const fs::path previous = sibling(out, ".previous");
  try {
    fs::remove_all(previous);
    if (fs::exists(out)) fs::rename(out, previous);
    fs::rename(staging, out);
    fs::remove_all(previous);
  } catch (const fs::filesystem_error& e) {
    throw WriteError("out=" + out.string() + " cannot be written: " + e.code().message() +
                     " (the new report is in " + staging.string() + ")");
  }
}

bool claim_selected(const std::string& glob, const std::string& id) {
  return matches(glob, id) || matches(glob, "claim-" + id);
}

}  // namespace

void check_report_options(const ReportOptions& options, const std::vector<std::string>& claim_ids) {
  const bool any_experiment = std::any_of(experiments().begin(), experiments().end(),
                                          [&](const Experiment& e) { return matches(options.glob, e.id); });
  const bool any_claim = std::any_of(claim_ids.begin(), claim_ids.end(),
                                     [&](const std::string& id) { return claim_selected(options.glob, id); });
  if (!any_experiment && !any_claim) {
    std::string known;
    for (const auto& id : report_ids()) known += (known.empty() ? "" : ", ") + id;
    for (const auto& id : claim_ids) known += ", " + id;
    throw InputError("glob=" + options.glob + " matches no experiment or claim (known: " + known + ")");
  }
  check_out_dir(report_dir(options.out));
}

fs::path report_dir(const fs::path& out) {
  fs::path dir = out.lexically_normal();
  while (!dir.empty() && dir.filename().empty() && dir != dir.root_path()) dir = dir.parent_path();
  const std::string name = dir.filename().string();
  if (name.empty() || name == "." || name == "..")
    throw InputError("out=" + out.string() +
                     " names no directory of its own (accepted: a directory path, such as report)");
  return dir;
}

fs::path default_published_dir() { return claims::data_dir() / "published"; }

std::vector<std::string> report_ids() {
  std::vector<std::string> ids;
  for (const Experiment& e : experiments()) ids.push_back(e.id);
  return ids;
}

namespace {

// The report's files, written into `staging`.
ReportSummary write_staged(const ReportOptions& options, const std::vector<Batch>& claim_batches,
                           const ShapeFunction& shape, std::ostream* progress,
                           const std::function<std::string(const Batch&)>& command_of,
                           const std::vector<const Experiment*>& selected,
                           const std::vector<const claims::ClaimOutcome*>& chosen,
                           const fs::path& staging, std::chrono::steady_clock::time_point start) {
  Runner runner(options.seed, options.threads, progress, options.store, options.stop);
  const ExperimentContext context{runner, options.tier, options.published};
  Page page;
  page.no_verdicts = options.tier == Tier::tiny
                         ? "The tiny tier checks no claim of the catalog; --tier ci or paper does."
                         : "No claim of the catalog was selected.";
  ReportSummary summary;
  if (!chosen.empty()) {
    Section claim_section{"claims", "Claims", "One figure per checked claim: the statistic with 95% "
                          "intervals, one series per value of the grid's other axes, and what the "
                          "rule decided on (the compared process, the fitted claimed curve and the "
                          "best rival, a tolerated band, a bound, a breakpoint); the ratio to the "
                          "claimed shape. A claim's runs are seeded per point from the catalog's "
                          "salt, not from --seed.", {}, {}};
    for (const claims::ClaimOutcome* c : chosen) {
      auto figures = claim_figures(*c, shape, tier_name(options.tier));
      page.verdicts.push_back({c->id + ": " + c->statement, c->source, verdict_name(*c),
                               fitted_constants(*c), figures.empty() ? "verdicts" : figures.front().id,
                               c->is_finding() ? c->finding : std::string()});
      for (auto& f : figures) claim_section.figures.push_back(std::move(f));
    }
    page.sections.push_back(std::move(claim_section));
    page.summary = claims::summary_line(chosen);
  }
  for (std::size_t i = 0; i < selected.size(); ++i) {
    if (progress != nullptr)
      *progress << fmt::format("[{}/{}] {}\n", i + 1, selected.size(), selected[i]->id) << std::flush;
    page.sections.push_back(selected[i]->make(context));
  }
  for (const Section& s : page.sections)
    for (const Figure& f : s.figures) {
      render(f, staging / "figures");
      summary.figures.push_back(f.id);
    }

  std::vector<const Batch*> batches;
  for (const Batch& b : claim_batches) batches.push_back(&b);
  for (const Batch& b : runner.batches()) batches.push_back(&b);
  for (const Batch* b : batches) summary.runs += b->results.size();
  summary.batches = batches.size();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const Batch& b : claim_batches) summary.seconds += b.seconds;  // run before this call
  std::string commands = fmt::format(
      "# {}\n# Produced by: {}\n# tier {}, seed {}, {}, {}, {:.0f} s on {}.\n"
      "# Each line below repeats one batch exactly (same seed, same replicates):\n",
      options.version, options.command_line, tier_name(options.tier), options.seed,
      counted(summary.batches, "batch", "batches"), counted(summary.runs, "run"), summary.seconds,
      counted(options.threads, "thread"));
  for (const Batch* b : batches) commands += command_of(*b) + "\n";
  write_file(staging / "commands.txt", commands);
  write_file(staging / "runs.csv", runs_csv(batches));

  const std::string meta_text = fmt::format(
      "{} · tier {} · seed {} · {} in {} · {:.0f} s on {} · command: {}", options.version,
      tier_name(options.tier), options.seed, counted(summary.runs, "run"),
      counted(summary.batches, "batch", "batches"), summary.seconds,
      counted(options.threads, "thread"), options.command_line);
  const std::string meta_html = html(meta_text) +
                                "<br>Per-run results: <a href=\"runs.csv\">runs.csv</a> &middot; "
                                "commands, seeds and version: <a href=\"commands.txt\">commands.txt</a>";
  write_file(staging / "index.html", html_page(page, meta_html));
  write_file(staging / "README.md",
             markdown_page(page, meta_text + "\n\nPer-run results: [runs.csv](runs.csv) · commands, "
                                             "seeds and version: [commands.txt](commands.txt)"));
  return summary;
}

}  // namespace

std::vector<Batch> planned_batches(const ReportOptions& options) {
  Runner runner = Runner::planning(options.seed);
  const ExperimentContext context{runner, options.tier, options.published};
  for (const Experiment& e : experiments())
    if (matches(options.glob, e.id)) e.make(context);
  return {runner.batches().begin(), runner.batches().end()};
}

ReportSummary write_report(const ReportOptions& options,
                           const std::vector<claims::ClaimOutcome>& claims,
                           const std::vector<Batch>& claim_batches,
                           const ShapeFunction& shape, std::ostream* progress,
                           const std::function<std::string(const Batch&)>& command_of) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> claim_ids;
  for (const auto& c : claims) claim_ids.push_back(c.id);
  check_report_options(options, claim_ids);
  std::vector<const Experiment*> selected;
  for (const Experiment& e : experiments())
    if (matches(options.glob, e.id)) selected.push_back(&e);
  std::vector<const claims::ClaimOutcome*> chosen;
  for (const auto& c : claims)
    if (claim_selected(options.glob, c.id)) chosen.push_back(&c);
  const fs::path out = report_dir(options.out);
  const fs::path staging = staging_of(out);
  make_staging(out);
  ReportSummary summary;
  try {
    summary = write_staged(options, claim_batches, shape, progress, command_of, selected, chosen,
                           staging, start);
  } catch (...) {  // DIR stays as it was, and no DIR.partial is left behind
    std::error_code ignored;
    fs::remove_all(staging, ignored);
    throw;
  }
  replace_with_staging(out);
  return summary;
}

}  // namespace gapcheck::reports
