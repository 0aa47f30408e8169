// The report as a reader meets it: a tiny-tier report is built with the gapcheck command and
// every file it promises is checked; broken copies of it prove the checker catches missing,
// empty and corrupt files and dangling links.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "reports/check.hpp"
#include "processes/registry.hpp"
#include "reports/report.hpp"
#include "stats/shapes.hpp"

namespace gapcheck::reports {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("gapcheck_report_test_" + name);
  fs::remove_all(dir);
  fs::remove_all(dir.string() + ".partial");
  return dir;
}

std::string read(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

int gapcheck(const std::vector<std::string>& args, std::string* err = nullptr) {
  std::ostringstream out, error;
  const int code = cli::run_cli(args, out, error);
  if (err != nullptr) *err = error.str();
  return code;
}

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const auto& p : problems)
    if (p.find(text) != std::string::npos) return true;
  return false;
}

// A claim's runs are in runs.csv, and its line in commands.txt runs them again: its point seed is
// above 2^53, so this fails if a seed passes through a double on the way back in.
TEST(Report, AClaimsCommandLineRepeatsItsRuns) {
  const fs::path dir = scratch("claim_runs");
  std::string err;
  ASSERT_EQ(gapcheck({"report", "two-choice-loglog", "--db", "", "--out", dir.string(), "--threads",
                      "2"}, &err), 0) << err;
  const std::string commands = read(dir / "commands.txt");
  const auto at = commands.find("gapcheck run --process two-choice:ties=random --setting exact "
                                "--weights unit --n 1024 ");
  ASSERT_NE(at, std::string::npos) << commands;
  std::istringstream line(commands.substr(at, commands.find('\n', at) - at));
  std::vector<std::string> args;
  for (std::string word; line >> word;) args.push_back(word);
  args.erase(args.begin());  // "gapcheck"
  const auto seed = args.at(std::find(args.begin(), args.end(), "--seed") - args.begin() + 1);
  EXPECT_GT(std::stoull(seed), 1ULL << 53);
  args.insert(args.end(), {"--csv", "--threads", "1"});
  std::ostringstream out, error;
  ASSERT_EQ(cli::run_cli(args, out, error), 0) << error.str();
  // Each replicate's row, as runs.csv has it: seed, replicate, gap, max load, max gap over time.
  std::istringstream rerun(out.str());
  std::string row;
  std::getline(rerun, row);  // header
  const std::string csv = read(dir / "runs.csv");
  // Every row names the engine that ran it, as every other output does.
  EXPECT_TRUE(csv.starts_with("experiment,process,setting,weights,engine,n,m,seed,")) << csv;
  int compared = 0;
  while (std::getline(rerun, row)) {
    std::vector<std::string> f;
    std::istringstream fields(row);
    for (std::string x; std::getline(fields, x, ',');) f.push_back(x);
    const std::string stored = fmt::format("{},1024,20480,{},{},{},{},{},", f.at(3), f.at(6),
                                           f.at(7), f.at(8), f.at(9), f.at(10));
    EXPECT_NE(csv.find(stored), std::string::npos) << stored;
    ++compared;
  }
  EXPECT_EQ(compared, 60);
}

// The whole figure set at the tiny tier, then damaged copies of it.
TEST(Report, TinyTierWritesEveryFigureInEveryFormatAndTheCheckerCatchesDamage) {
  const fs::path dir = scratch("tiny");
  std::string err;
  ASSERT_EQ(gapcheck({"report", "--db", "", "--tier", "tiny", "--out", dir.string(), "--threads", "2"}, &err), 0)
      << err;
  EXPECT_FALSE(fs::exists(dir.string() + ".partial"));
  const auto problems = check_report(dir);
  EXPECT_TRUE(problems.empty()) << problems.front();
  // Every experiment's figures are on the page (ids listed in docs/report.md).
  const std::string html = read(dir / "index.html");
  for (const char* id : {"noise-g-bounded", "noise-g-myopic", "noise-sigma-noisy", "noise22-published",
                         "batch-unit", "batch-exp", "batch-beta", "batch-published", "tower-published-n1000",
                         "firstdiff-d2",
                         "firstdiff-d3", "firstdiff-d4", "firstdiff-probes", "thinning-over-time",
                         "fluid-greedy", "fluid-left-beta-thinning"})
    EXPECT_NE(html.find(std::string("src=\"figures/") + id + ".png\""), std::string::npos) << id;
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  // The tiny tier checks no claim, and says so rather than that none was selected.
  EXPECT_NE(html.find("The tiny tier checks no claim of the catalog"), std::string::npos);
  EXPECT_EQ(html.find("No claim of the catalog was selected"), std::string::npos);
  // The published noise points and the measured ones name their own m (the tiny tier runs 100n).
  const std::string noise = read(dir / "figures/noise22-published.gp");
  EXPECT_NE(noise.find("published (m = 1000n)"), std::string::npos);
  EXPECT_NE(noise.find("measured (m = 100n)"), std::string::npos);
  EXPECT_NE(read(dir / "commands.txt").find("gapcheck run --process first-diff:cap=4"),
            std::string::npos);
  EXPECT_NE(read(dir / "README.md").find("![Batched allocation, unit weights](figures/batch-unit.png)"),
            std::string::npos);

  // Negative controls: each damage is reported, naming the file.
  const auto damaged = [&](const std::string& name, const std::function<void(const fs::path&)>& damage) {
    const fs::path copy = scratch("damaged_" + name);
    fs::copy(dir, copy, fs::copy_options::recursive);
    damage(copy);
    return check_report(copy);
  };
  EXPECT_TRUE(mentions(damaged("missing_pdf", [](const fs::path& d) { fs::remove(d / "figures/batch-beta.pdf"); }),
                       "figures/batch-beta.pdf: missing"));
  EXPECT_TRUE(mentions(damaged("empty_tex", [](const fs::path& d) { write(d / "figures/fluid-greedy-latex.tex", ""); }),
                       "figures/fluid-greedy-latex.tex: empty"));
  EXPECT_TRUE(mentions(damaged("bad_png",
                               [](const fs::path& d) {
                                 std::string png = read(d / "figures/firstdiff-d2.png");
                                 png[1] = 'X';
                                 write(d / "figures/firstdiff-d2.png", png);
                               }),
                       "figures/firstdiff-d2.png: not a PNG"));
  EXPECT_TRUE(mentions(damaged("bad_pdf",
                               [](const fs::path& d) {
                                 const std::string pdf = read(d / "figures/thinning-over-time.pdf");
                                 write(d / "figures/thinning-over-time.pdf", pdf.substr(3));
                               }),
                       "figures/thinning-over-time.pdf: not a PDF"));
  EXPECT_TRUE(mentions(damaged("truncated_svg",
                               [](const fs::path& d) {
                                 const std::string svg = read(d / "figures/noise-g-myopic.svg");
                                 write(d / "figures/noise-g-myopic.svg", svg.substr(0, svg.size() / 2));
                               }),
                       "figures/noise-g-myopic.svg: not well-formed SVG"));
  EXPECT_TRUE(mentions(damaged("dangling_link",
                               [](const fs::path& d) {
                                 write(d / "index.html", read(d / "index.html") +
                                                             "<a href=\"figures/nowhere.pdf\">x</a>");
                               }),
                       "figures/nowhere.pdf: missing"));
  EXPECT_TRUE(mentions(damaged("dangling_markdown_link",
                               [](const fs::path& d) {
                                 write(d / "README.md", read(d / "README.md") +
                                                            "| [claim](figures/verdicts.png) |\n");
                               }),
                       "README.md links to figures/verdicts.png: missing"));
  EXPECT_TRUE(mentions(damaged("network",
                               [](const fs::path& d) {
                                 write(d / "index.html", read(d / "index.html") +
                                                             "<img src=\"https://example.org/x.png\">");
                               }),
                       "refers to the network"));
}

// Table 6.5 of the Tower of Two Choices at its own n (ci tier: n = 10^4, 5 runs): each published
// cell and the second printed run beside the measured mean, and the caption counts the cells
// it compared.
TEST(Report, TowerTableSetsThePublishedCellsBesideTheMeasuredOnes) {
  const fs::path dir = scratch("tower");
  std::string err;
  ASSERT_EQ(gapcheck({"report", "tower-published", "--db", "", "--tier", "ci", "--out", dir.string(),
                      "--threads", "2"},
                     &err),
            0)
      << err;
  const std::string readme = read(dir / "README.md");
  EXPECT_NE(readme.find("| 10000 | 20n | Two-Choice | 36.45 | 36.50 | "), std::string::npos);
  EXPECT_NE(readme.find("| 10000 | 80n | mixed Quantile, δ = 0.5 | 55.65 | 55.65 | "), std::string::npos);
  EXPECT_NE(readme.find("| 10000 | 50n | One-Choice, m = b (gap) | 29.75 | 28.60 | "), std::string::npos);
  EXPECT_NE(readme.find("12 compared cells"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "figures/tower-published-n10000.png"));
}

TEST(Report, WellFormedXml) {
  EXPECT_TRUE(well_formed_xml("<?xml version=\"1.0\"?>\n<!-- c --><svg a='>'><g><path d=\"M0\"/></g></svg>"));
  EXPECT_TRUE(well_formed_xml("<svg><![CDATA[ <not a tag> ]]><text>a &lt; b</text></svg>"));
  EXPECT_FALSE(well_formed_xml("<svg><g></svg></g>"));       // crossed
  EXPECT_FALSE(well_formed_xml("<svg><g>"));                 // unclosed
  EXPECT_FALSE(well_formed_xml("<svg></svg><svg></svg>"));   // two roots
  EXPECT_FALSE(well_formed_xml("<svg><path d=\"M0 </svg>")); // unterminated attribute
  EXPECT_FALSE(well_formed_xml("plain text"));
}

// An outcome with the fields every test below sets: its id, its statement and the x axis.
claims::ClaimOutcome outcome_of(std::string id, std::string statement, std::string x_variable) {
  claims::ClaimOutcome o;
  o.id = std::move(id);
  o.statement = std::move(statement);
  o.x_variable = std::move(x_variable);
  return o;
}

TEST(Report, ClaimOutcomesBecomeTheVerdictTableAndTheirFigures) {
  claims::ClaimOutcome outcome =
      outcome_of("two-choice-loglog", "Two-Choice gap = log2 log n + O(1)", "n");
  outcome.source = "Los & Sauerwald, PODC'22, arXiv 2206.07503, abstract";
  outcome.verdict = claims::Verdict::pass;
  outcome.evidence = "a in interval";
  for (const double n : {256.0, 1024.0, 4096.0, 16384.0})
    outcome.points.push_back({{{"n", n}}, std::log2(std::log(n)) + 0.5, 0.05, 20});
  outcome.fits.push_back({"log2 log n", 1.0, {0.9, 1.1}, 0.5, {0.4, 0.6}, 1.0, 2.0, 0.6, 3.0});
  outcome.fits.push_back({"log n", 0.2, {0.1, 0.3}, 1.0, {0.5, 1.5}, 30.0, 2.0, 1e-6, 40.0});
  outcome.transition = stats::SegmentedFit{2048, {1024, 4096}, 1, 0.5, {0.8, 1.2}, {0.3, 0.7}, 0.1, 0.01};
  claims::ClaimOutcome control = outcome;
  // The true claim's ratio reading gets a figure of its own: the gap over the form itself.
  outcome.details["readings"]["ratio"] = {{"reading", "shows"}, {"evidence", "gap/f moves ×1.1"}};
  control.id = "two-choice-logn";
  control.control = true;
  control.verdict = claims::Verdict::fail;
  control.transition.reset();
  const ShapeFunction shape = [](const std::string& name, const stats::Vars& x) {
    const double n = x.at("n");
    return name == "log n" ? std::log(n) : std::log2(std::log(n));
  };
  ReportOptions options;
  options.glob = "two-choice-*";  // claims only: no experiment matches
  options.out = scratch("claims");
  options.published = default_published_dir();
  options.version = "gapcheck test";
  // The runs behind the claims: listed in runs.csv and commands.txt like an experiment's.
  RunConfig config;
  config.n = 16;
  config.m = 32;
  Batch claim_runs{"claims",
                   make_simulation(Spec::parse("two-choice"), Spec::parse("exact"),
                                   Spec::parse("unit"), config),
                   7, {}, 0.1};
  for (std::uint64_t r = 0; r < 3; ++r) claim_runs.results.push_back(claim_runs.simulation.run(7, r));
  const auto summary = write_report(options, {outcome, control}, {claim_runs}, shape, nullptr,
                                    [](const Batch& b) { return "repeat " + b.experiment; });
  EXPECT_EQ(summary.runs, 3u);
  EXPECT_EQ(summary.batches, 1u);
  const std::string csv = read(options.out / "runs.csv");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4) << csv;  // the header and three runs
  EXPECT_NE(csv.find("\"claims\",\"two-choice:ties=random\",\"exact\",\"unit\",\"bins\",16,32,7,2,"),
            std::string::npos) << csv;
  EXPECT_NE(read(options.out / "commands.txt").find("\nrepeat claims\n"), std::string::npos);
  EXPECT_EQ(summary.figures,
            (std::vector<std::string>{"claim-two-choice-loglog", "claim-two-choice-loglog-ratio",
                                      "claim-two-choice-loglog-over-f", "claim-two-choice-logn",
                                      "claim-two-choice-logn-ratio"}));
  const auto problems = check_report(options.out);
  EXPECT_TRUE(problems.empty()) << problems.front();
  const std::string html = read(options.out / "index.html");
  EXPECT_NE(html.find("<td class=\"pass\">pass</td>"), std::string::npos);
  EXPECT_NE(html.find("fail (control, expected to fail)"), std::string::npos);
  // The counts above the verdict table, in both pages.
  const std::string counts =
      "1 claim: 1 PASS, 0 FAIL, 0 INCONCLUSIVE; 1 control: 1 FAIL, 0 INCONCLUSIVE, 0 PASS; "
      "0 findings, 0 defects";
  EXPECT_LT(html.find(counts), html.find("<table>")) << html;
  const std::string markdown = read(options.out / "README.md");
  EXPECT_LT(markdown.find("**" + counts + "**"), markdown.find("| claim |")) << markdown;
  EXPECT_NE(html.find("log₂ ln n: a = 1 [0.9, 1.1], c = 0.5 [0.4, 0.6]"), std::string::npos);
  // The ratio panel takes the fitted intercept off before it divides by the claimed shape:
  // (gap − 0.5) / log2 ln n = 1, the fitted a, where gap / log2 ln n would read
  // 1 + 0.5 / log2 ln n (1.16 at n = 256) and drift although the form fits exactly.
  const std::string dat = read(options.out / "figures/claim-two-choice-loglog-ratio.dat");
  const auto at = dat.find("\n256 ");
  ASSERT_NE(at, std::string::npos) << dat;
  EXPECT_NEAR(std::stod(dat.substr(at + 5)), 1.0, 1e-9);
  EXPECT_NE(html.find("less the fitted intercept c = 0.5, divided by the claimed shape"),
            std::string::npos);
  EXPECT_NE(read(options.out / "figures/claim-two-choice-loglog-ratio.gp").find("fitted a = 1"),
            std::string::npos);
  // The over-f panel divides by the form alone: 1 + 0.5 / log2 ln n at n = 256, and quotes the
  // ratio reading.
  const std::string over = read(options.out / "figures/claim-two-choice-loglog-over-f.dat");
  const auto at256 = over.find("\n256 ");
  ASSERT_NE(at256, std::string::npos) << over;
  EXPECT_NEAR(std::stod(over.substr(at256 + 5)), 1.0 + 0.5 / std::log2(std::log(256.0)), 1e-9);
  EXPECT_NE(html.find("Its reading: gap/f moves ×1.1."), std::string::npos);
}

// A documented finding (a true claim that fails, a control that passes, with the catalog's reason)
// is marked in the verdict table and its text printed, as `gapcheck check` does; an expected
// verdict with a finding in the catalog is not one.
double shape_value_for_findings(const std::string&, const stats::Vars& x) { return x.at("n"); }

TEST(Report, FindingsAreMarkedInTheVerdictTableWithTheirText) {
  claims::ClaimOutcome claim =
      outcome_of("first-diff-probes", "FirstDiff uses at most d probes per ball", "n");
  claim.source = "Augustine, Moses, Redlich & Upfal, SODA'16, arXiv 1602.08298";
  claim.verdict = claims::Verdict::fail;
  claim.finding = "averages more than d probes & the cap was not retrieved";
  for (const double n : {256.0, 1024.0}) claim.points.push_back({{{"n", n}}, 3.0, 0.05, 20});
  claims::ClaimOutcome control = claim;
  control.id = "g-bounded-linear-control";
  control.control = true;
  control.verdict = claims::Verdict::pass;
  control.finding = "the gap grows linearly in g";
  claims::ClaimOutcome expected = claim;
  expected.id = "first-diff-other";
  expected.verdict = claims::Verdict::pass;
  expected.finding = "not shown: the verdict is the expected one";
  EXPECT_TRUE(claim.is_finding());
  EXPECT_TRUE(control.is_finding());
  EXPECT_FALSE(expected.is_finding());
  EXPECT_EQ(verdict_name(claim), "fail (documented finding)");
  EXPECT_EQ(verdict_name(control), "pass (control, expected to fail; documented finding)");
  EXPECT_EQ(verdict_name(expected), "pass");
  ReportOptions options;
  options.glob = "*-*-*";  // claims only
  options.out = scratch("findings");
  options.published = default_published_dir();
  options.version = "gapcheck test";
  write_report(options, {claim, control, expected}, {}, shape_value_for_findings, nullptr,
               [](const Batch& b) { return b.experiment; });
  const std::string html = read(options.out / "index.html");
  EXPECT_NE(html.find("<td class=\"fail\">fail (documented finding)</td>"), std::string::npos);
  EXPECT_NE(html.find("<div class=\"finding\"><b>Finding:</b> averages more than d probes &amp; the "
                      "cap was not retrieved</div>"),
            std::string::npos);
  EXPECT_NE(html.find("<li><a href=\"#claim-g-bounded-linear-control\">g-bounded-linear-control</a>: "
                      "the gap grows linearly in g</li>"),
            std::string::npos);
  EXPECT_EQ(html.find("not shown"), std::string::npos);
  const std::string md = read(options.out / "README.md");
  EXPECT_NE(md.find("- first-diff-probes: averages more than d probes & the cap was not retrieved\n"),
            std::string::npos);
  EXPECT_NE(md.find("- g-bounded-linear-control: the gap grows linearly in g\n"), std::string::npos);
  EXPECT_TRUE(check_report(options.out).empty());
}

// A long note (claim-one-choice-heavy's, 110 characters) was clipped on the right of the PNG and
// set at 0.7 of a 6.5 pt font in the PDF: it wraps at its separators onto lines of at most
// kNoteWidth characters, at 0.85 of the font (\footnotesize in LaTeX).
TEST(Figure, ALongNoteWrapsOntoTwoLinesAtALegibleSize) {
  const std::string note = figure_note("ci", "m = t·n", "10–200 runs per point",
                                       "seeds from salt 20261130, one per point (fresh)");
  ASSERT_GT(note.size(), 104u);
  const auto lines = note_lines(note);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0] + " · " + lines[1], note);
  for (const auto& line : lines) EXPECT_LE(line.size(), kNoteWidth + 10) << line;  // bytes
  EXPECT_EQ(note_lines("tier ci · n = 4096 · 10 runs"),
            (std::vector<std::string>{"tier ci · n = 4096 · 10 runs"}));
  Figure f;
  f.id = "long-note";
  f.title = "t";
  f.note = note;
  f.series.push_back({"a", Series::Style::line, {1, 2}, {1, 2}, {}, {}});
  const std::string gp = gnuplot_script(f);
  EXPECT_NE(gp.find("T_note1 = "), std::string::npos) << gp;
  EXPECT_NE(gp.find("{/*0.85 %s}\\n{/*0.85 %s}\", T_title, T_note0, T_note1"), std::string::npos) << gp;
  EXPECT_NE(gp.find("{\\footnotesize %s}\\\\{\\footnotesize %s}}', T_title, T_note0, T_note1"),
            std::string::npos) << gp;
  EXPECT_EQ(gp.find("/*0.7 "), std::string::npos);
}

// A long claim title with its verdict was clipped on both sides of the PNG: the verdict goes on a
// line of its own.
TEST(Figure, ALongTitleBreaksBeforeItsVerdict) {
  const std::string title =
      "g-Bounded Two-Choice, g ≤ ln n: gap linear in g [pass (control, expected to fail; documented finding)]";
  EXPECT_EQ(title_lines(title),
            (std::vector<std::string>{"g-Bounded Two-Choice, g ≤ ln n: gap linear in g",
                                      "[pass (control, expected to fail; documented finding)]"}));
  EXPECT_EQ(title_lines("two-choice [pass]"), (std::vector<std::string>{"two-choice [pass]"}));
  Figure f;
  f.id = "long-title";
  f.title = title;
  f.series.push_back({"a", Series::Style::line, {1, 2}, {1, 2}, {}, {}});
  const std::string gp = gnuplot_script(f);
  EXPECT_NE(gp.find("sprintf(\"%s\\n%s\\n{/*0.85 %s}\", T_title, T_title1, T_note0)"), std::string::npos) << gp;
}

// Two series of one colour, solid and dashed, differ by their markers too (filled, open): the
// dashed one of a single point showed no dash, and looked like the solid one's.
TEST(Figure, ADashedSeriesHasItsColoursOpenMarker) {
  Figure f;
  f.id = "dashed";
  f.title = "t";
  f.series.push_back({"solid", Series::Style::points_errorbars, {1, 2}, {1, 2}, {}, {}, 1, -1});
  f.series.push_back({"dashed", Series::Style::points_errorbars, {1}, {1}, {}, {}, 1, 2});
  const std::string gp = gnuplot_script(f);
  EXPECT_NE(gp.find("lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0"), std::string::npos) << gp;
  EXPECT_NE(gp.find("lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s1"), std::string::npos) << gp;
}

// The LaTeX text of a figure is ASCII with the symbols as math: Θ, τ, φ, Ω, ₂, ³ went through as
// UTF-8, which pdflatex without a Unicode setup cannot typeset.
TEST(Figure, LatexTextMapsEveryNonAsciiSymbolToMath) {
  Figure f;
  f.id = "symbols";
  f.title = "gap = Θ(log₂ n) and Ω(n³) for τ, φ → ∞, ∝ √n";
  f.x_label = "τ, m ≫ n";
  f.y_label = "✓ unknown";
  f.series.push_back({"φ", Series::Style::line, {1, 2}, {1, 2}, {}, {}});
  const std::string gp = gnuplot_script(f);
  const auto tex_text = [&](const std::string& name) {
    const auto at = gp.find(name + " = tex ? '");
    EXPECT_NE(at, std::string::npos) << name;
    const auto from = gp.find('\'', at) + 1;
    return gp.substr(from, gp.find("' : ", from) - from);
  };
  const std::string title = tex_text("T_title");
  EXPECT_EQ(title, "gap = $\\Theta$(log$_2$ n) and $\\Omega$(n$^3$) for $\\tau$, $\\varphi$ $\\to$ "
                   "$\\infty$, $\\propto$ $\\surd$n");
  EXPECT_EQ(tex_text("T_x"), "$\\tau$, m $\\gg$ n");
  EXPECT_EQ(tex_text("T_y"), "? unknown");
  EXPECT_EQ(tex_text("T_s0"), "$\\varphi$");
  for (const char* name : {"T_title", "T_x", "T_y", "T_s0"})
    for (const char c : tex_text(name)) EXPECT_EQ(c & 0x80, 0) << name;
}

// --- the claims' figures: what each rule decided on is in the drawn data -------------------

// The blocks of a .dat file by their label ("# index K: LABEL"), each as its (x, y) rows.
std::map<std::string, std::vector<std::pair<double, double>>> blocks(const std::string& dat) {
  std::map<std::string, std::vector<std::pair<double, double>>> out;
  std::istringstream lines(dat);
  std::string label;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("# index ", 0) == 0) {
      label = line.substr(line.find(": ") + 2);
      out[label];
    } else if (!line.empty() && line[0] != '#' && !label.empty()) {
      std::istringstream row(line);
      double x, y;
      row >> x >> y;
      out[label].emplace_back(x, y);
    }
  }
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A flat claim as the checker reports it: t = m/n ∈ {1, 4, 16, 64, 256} at n = 256 and 4096.
claims::ClaimOutcome flat_outcome() {
  claims::ClaimOutcome o =
      outcome_of("two-choice-flat-in-m", "Two-Choice: the gap does not grow with m (m ≥ n)", "t");
  o.source = "Los & Sauerwald, PODC'22, arXiv 2206.07503, abstract";
  o.verdict = claims::Verdict::pass;
  o.evidence = "growth per doubling of t at n=4096: 0.035 [0.0266, 0.0434] vs ±0.1";
  o.specs.process = "two-choice";
  o.m_form = "{t}n";
  o.details = {{"rule", "flat"}, {"variable", "gap"}, {"salt", 20261130}, {"fixed_seeds", true},
               {"band", {-0.1, 0.1}}};
  for (const double n : {256.0, 4096.0}) {
    for (const double t : {1.0, 4.0, 16.0, 64.0, 256.0})
      o.points.push_back({{{"n", n}, {"m", t * n}, {"t", t}}, 2 + 0.1 * std::log2(n) + 0.01 * t / 64,
                          0.02, 200});
    o.details["slopes"].push_back(
        {{"n", n}, {"slope_per_doubling", 0.03 * n / 4096}, {"ci", {0.01, 0.05}}});
  }
  return o;
}

double shape_value(const std::string& name, const stats::Vars& x) { return stats::shape(name).f(x); }

// A transition claim: the range the rule accepts the breakpoint in is shaded, the breakpoint has
// its interval, and the two fitted segments are drawn from the outcome's intercept and slopes on
// a linear x axis.
TEST(ClaimFigures, TransitionClaimShadesTheClaimedRangeAndDrawsTheSegmentsOnALinearAxis) {
  claims::ClaimOutcome o =
      outcome_of("g-myopic-transition", "g-Myopic: a phase transition in g near ln n", "g");
  o.verdict = claims::Verdict::pass;
  const double ln_n = std::log(1024.0);
  for (const double g : {1.0, 2.0, 4.0, 8.0, 16.0, 32.0})
    o.points.push_back({{{"n", 1024.0}, {"g", g}}, 3 + 0.9 * g - 0.2 * std::max(0.0, g - 9.76), 0.1, 30});
  stats::SegmentedFit fit{9.76, {8.18, 13.4}, 0.9, 0.7, {0.85, 0.95}, {0.65, 0.75}, 1, 0.001};
  fit.intercept = 3;
  o.transition = fit;
  o.details = {{"rule", "transition"}, {"claimed_range", {0.5 * ln_n, 2 * ln_n}}};
  const auto figures = claim_figures(o, shape_value, "ci");
  ASSERT_FALSE(figures.empty());
  const Figure& f = figures.front();
  const auto b = blocks(data_file(f));
  const auto range = b.find("claimed range [0.5, 2]·ln n = [3.47, 13.9]");
  ASSERT_NE(range, b.end()) << data_file(f);
  EXPECT_NEAR(range->second.front().first, 0.5 * ln_n, 1e-8);
  EXPECT_NEAR(range->second.back().first, 2 * ln_n, 1e-8);
  const auto segments = b.find("segments: slope 0.9 [0.85, 0.95] → 0.7 [0.65, 0.75]");
  ASSERT_NE(segments, b.end()) << data_file(f);
  EXPECT_NEAR(segments->second.front().second, 3 + 0.9 * 1, 1e-9);
  EXPECT_NEAR(segments->second.back().second, 3 + 0.9 * 32 - 0.2 * (32 - 9.76), 1e-9);
  ASSERT_EQ(segments->second.size(), 3u);  // the ends and the bend between them
  EXPECT_NEAR(segments->second[1].first, 9.76, 1e-9);
  EXPECT_NEAR(segments->second[1].second, 3 + 0.9 * 9.76, 1e-9);
  EXPECT_NE(b.find("95% interval [8.18, 13.4]"), b.end());
  // Linear in g, as the segments are fitted: on a log axis two segments whose slope falls look
  // convex.
  const std::string gp = gnuplot_script(f);
  EXPECT_EQ(gp.find("set logscale x"), std::string::npos) << gp;
  EXPECT_EQ(gp.find("set xtics ("), std::string::npos) << gp;
  EXPECT_NE(gp.find("with filledcurves"), std::string::npos) << gp;
}

// A crossover claim: the claimed range [lo, hi]·n ln n is shaded (an open end reaching to the
// grid's edge), and the crossover estimate with its interval is drawn, or said to be below the
// grid in the legend.
TEST(ClaimFigures, CrossoverClaimShadesTheClaimedRangeAndMarksTheEstimate) {
  claims::ClaimOutcome o = outcome_of("tuned-crossover", "crossover", "b");
  const double n = 1024, scale = n * std::log(n);
  for (const double b : {8192.0, 16384.0, 32768.0, 65536.0, 131072.0}) {
    o.points.push_back({{{"n", n}, {"b", b}}, b / 3000, 0.1, 40});
    o.than_points.push_back({{{"n", n}, {"b", b}}, b / 2000, 0.1, 40});
  }
  o.than = claims::Specs{"two-choice", "batch:b={b}", "unit", ""};
  o.specs = claims::Specs{"one-plus-beta", "batch:b={b}", "unit", ""};
  o.details = {{"rule", "crossover"},
               {"crossover",
                {{"estimate", 0.0}, {"interval", {0.0, 8760.0}}, {"scale", "n log n"},
                 {"direction", "falls"}, {"claimed_range", {8 * scale, nullptr}}}}};
  const ShapeFunction shape = [](const std::string&, const stats::Vars& x) {
    return x.at("n") * std::log(x.at("n"));
  };
  const auto figures = claim_figures(o, shape, "ci");
  ASSERT_FALSE(figures.empty());
  const auto b = blocks(data_file(figures.front()));
  const auto range = b.find("claimed range [8, ∞]·n ln n = [5.68e+04, ∞]");
  ASSERT_NE(range, b.end()) << data_file(figures.front());
  EXPECT_NEAR(range->second.front().first, 8 * scale, 1e-3);
  EXPECT_EQ(range->second.back().first, 131072.0);
  EXPECT_NE(b.find("crossover b = below the grid"), b.end()) << data_file(figures.front());
  const auto interval = b.find("95% interval [below the grid, 8.76e+03]");
  ASSERT_NE(interval, b.end());
  EXPECT_EQ(interval->second.front().first, 8760.0);
}

// A bound claim gets the figure of what its rule decides on: the ratio mean/f from the outcome's
// log_ratios on log-log axes, the fitted power law of the ratio and the tolerated x^tolerance.
TEST(ClaimFigures, BoundClaimDrawsTheRatioItsFittedExponentAndTheToleranceOnLogLogAxes) {
  claims::ClaimOutcome o = outcome_of("g-bounded-upper-bound", "gap = O(g + ln n)", "g");
  o.verdict = claims::Verdict::pass;
  o.details = {{"rule", "bound"},
               {"fit",
                {{"bound", "g + log n"}, {"sense", "at_most"}, {"slope_of_log_ratio", 0.11},
                 {"intercept_of_log_ratio", -0.33}, {"ci", {0.076, 0.14}},
                 {"band", {nullptr, 0.25}}}}};
  for (const double g : {8.0, 11.0, 16.0, 22.0, 32.0}) {
    o.points.push_back({{{"n", 1024.0}, {"g", g}}, g + 6.9, 0.2, 30});
    o.details["log_ratios"].push_back({{"x", g}, {"log_ratio", 0.1 * std::log(g) - 0.3}, {"se", 0.02}});
  }
  const auto figures = claim_figures(o, shape_value, "ci");
  ASSERT_EQ(figures.size(), 2u);
  const Figure& f = figures.back();
  EXPECT_EQ(f.id, "claim-g-bounded-upper-bound-ratio");
  EXPECT_TRUE(f.log_x && f.log_y);
  const auto b = blocks(data_file(f));
  const auto ratio = b.find("measured / bound");
  ASSERT_NE(ratio, b.end()) << data_file(f);
  EXPECT_NEAR(ratio->second.front().second, std::exp(0.1 * std::log(8.0) - 0.3), 1e-7);
  const auto line = b.find("fit: ratio ∝ g^0.11, exponent [0.076, 0.14]");
  ASSERT_NE(line, b.end()) << data_file(f);
  EXPECT_NEAR(line->second.back().second, std::exp(-0.33 + 0.11 * std::log(32.0)), 1e-7);
  const auto fan = b.find("tolerated: g^0.25 from the fit at the first point");
  ASSERT_NE(fan, b.end()) << data_file(f);
  ASSERT_EQ(fan->second.size(), 2u);  // an O-bound: the upper edge only
  EXPECT_NEAR(fan->second.front().second, std::exp(-0.33 + 0.11 * std::log(8.0)) * std::pow(4.0, 0.25), 1e-7);
  EXPECT_FALSE(f.y_tics.empty());  // less than a decade: round tics, not 10^0 alone

  // The main figure draws the bound along the points: f (each point's mean over its ratio) times
  // the fitted ratio at the smallest g, in black.
  const double scale = std::exp(-0.33 + 0.11 * std::log(8.0));
  const auto main_blocks = blocks(data_file(figures.front()));
  const auto bound = main_blocks.find(fmt::format("{:.3g}·(g + ln n)", scale));
  ASSERT_NE(bound, main_blocks.end()) << data_file(figures.front());
  ASSERT_EQ(bound->second.size(), 5u);
  EXPECT_NEAR(bound->second.back().second, scale * (32 + 6.9) / std::exp(0.1 * std::log(32.0) - 0.3),
              1e-5);  // the .dat file's precision
  EXPECT_NE(figures.front().caption.find("Dashed black: the bound g + ln n times"), std::string::npos)
      << figures.front().caption;
}

// The ratio figure of a shape claim. The constant shape fits c alone: its figure shows the
// statistic itself against c. A negative intercept is added back, and the axis says "+ |c|".
TEST(ClaimFigures, RatioFigureOfTheConstantShapeAndOfANegativeIntercept) {
  claims::ClaimOutcome flat = outcome_of("flat-gap", "gap = Θ(1)", "n");
  flat.details = {{"rule", "shape"}};
  for (const double n : {256.0, 1024.0, 4096.0}) flat.points.push_back({{{"n", n}}, 3.25, 0.05, 20});
  flat.fits.push_back({"1", 0.0, {0.0, 0.0}, 3.25, {3.2, 3.3}, 1.0, 2.0, 0.6, 3.0});
  const auto flat_figures = claim_figures(flat, shape_value, "ci");
  ASSERT_EQ(flat_figures.size(), 2u);
  const auto flat_blocks = blocks(data_file(flat_figures.back()));
  const auto at_c = flat_blocks.find("fitted c = 3.25");
  ASSERT_NE(at_c, flat_blocks.end()) << data_file(flat_figures.back());
  EXPECT_EQ(at_c->second.front(), std::make_pair(256.0, 3.25));
  EXPECT_EQ(at_c->second.back(), std::make_pair(4096.0, 3.25));
  const auto flat_measured = flat_blocks.find("measured");
  ASSERT_NE(flat_measured, flat_blocks.end());
  EXPECT_EQ(flat_measured->second.front().second, 3.25);  // the statistic, not statistic − c

  claims::ClaimOutcome log = outcome_of("log-gap", "gap = Θ(ln n)", "n");
  log.details = {{"rule", "shape"}};
  for (const double n : {256.0, 1024.0, 4096.0})
    log.points.push_back({{{"n", n}}, 2 * std::log(n) - 0.5, 0.05, 20});
  log.fits.push_back({"log n", 2.0, {1.9, 2.1}, -0.5, {-0.6, -0.4}, 1.0, 2.0, 0.6, 3.0});
  const auto log_figures = claim_figures(log, shape_value, "ci");
  ASSERT_EQ(log_figures.size(), 2u);
  // The caption ends the evidence's sentence before saying what is drawn.
  log.evidence = "gap/f moves ×1.1; stage 1 of 3";
  EXPECT_NE(claim_figures(log, shape_value, "ci").front().caption.find(
                "; stage 1 of 3. Points: the mean"),
            std::string::npos)
      << claim_figures(log, shape_value, "ci").front().caption;
  // The fitted curve's label writes a negative c with its own sign.
  EXPECT_TRUE(blocks(data_file(log_figures.front())).count("claimed: 2·ln n − 0.5"))
      << data_file(log_figures.front());
  EXPECT_NE(log_figures.back().y_label.find(" + 0.5) / ln n"), std::string::npos)
      << log_figures.back().y_label;
  const auto log_blocks = blocks(data_file(log_figures.back()));
  const auto log_measured = log_blocks.find("measured");
  ASSERT_NE(log_measured, log_blocks.end());
  for (const auto& [n, y] : log_measured->second) EXPECT_NEAR(y, 2.0, 1e-6) << n;
}

// A mean_at_most claim whose bound is an axis (d): each series' bound is drawn in that series'
// colour and labelled with its own d, not as one black "bound" that the d = 2 series can be read
// against the d = 3 line.
TEST(ClaimFigures, EachSeriesBoundIsInItsColourWithItsOwnValue) {
  claims::ClaimOutcome o = outcome_of("first-diff-probes", "probes", "t");
  o.details = {{"rule", "mean_at_most"}, {"bound_axis", "d"}, {"variable", "probes_per_ball"}};
  for (const double d : {2.0, 3.0})
    for (const double t : {1.0, 50.0}) {
      o.points.push_back({{{"n", 4096.0}, {"t", t}, {"d", d}}, d + 0.9, 0.03, 30});
      o.details["points_vs_bound"].push_back({{"bound", d}});
    }
  const auto figures = claim_figures(o, shape_value, "ci");
  ASSERT_FALSE(figures.empty());
  const std::string dat = data_file(figures.front()), gp = gnuplot_script(figures.front());
  const auto b = blocks(dat);
  const auto two = b.find("bound of d = 2: d = 2");
  ASSERT_NE(two, b.end()) << dat;
  EXPECT_EQ(two->second.front().second, 2.0);
  ASSERT_NE(b.find("bound of d = 3: d = 3"), b.end()) << dat;
  // The d = 2 series and its bound share colour 1 (orange), d = 3 and its bound colour 2 (blue).
  EXPECT_EQ(count(gp, "with lines lc rgb '#E69F00'"), 1u) << gp;
  EXPECT_EQ(count(gp, "with lines lc rgb '#0072B2'"), 1u) << gp;
}

// Defects 1, 2, 3 and 6 of the flat figure: one zig-zag series, a linear axis over 1…256, no
// tolerance, and "seed 1" where the seeds come from a salt.
TEST(ClaimFigures, FlatClaimDrawsOneSeriesPerNOnALogAxisWithTheRulesGrowthAndItsTolerance) {
  const claims::ClaimOutcome o = flat_outcome();
  const auto figures = claim_figures(o, shape_value, "ci");
  ASSERT_EQ(figures.size(), 1u);
  const Figure& f = figures.front();
  const std::string dat = data_file(f), gp = gnuplot_script(f);
  const auto b = blocks(dat);
  ASSERT_TRUE(b.count("n = 256") && b.count("n = 4096")) << dat;
  EXPECT_EQ(b.at("n = 256").size(), 5u);
  for (const auto& [x, y] : b.at("n = 256")) EXPECT_LT(y, 3.1) << "a point of n = 4096 in n = 256";
  // Two measured series, a growth line per n, a tolerance fan per n (legend entry on the first).
  EXPECT_EQ(count(dat, "# index "), 6u) << dat;
  EXPECT_NE(gp.find("set logscale x 2"), std::string::npos);
  EXPECT_NE(gp.find("set xtics (1, 4, 16, 64, 256)"), std::string::npos) << gp;
  EXPECT_EQ(f.x_label, "t = m/n (balls per bin)");
  // The rule's growth per doubling, from the first point to the last: 0.03/16 at n = 256.
  const auto growth = b.find("n = 256: growth 0.0019 [0.01, 0.05] per doubling");
  ASSERT_NE(growth, b.end()) << dat;
  EXPECT_NEAR(growth->second.back().second - growth->second.front().second, 0.03 / 16 * 8, 1e-9);
  // The tolerated fan opens from the first point by ±0.1 per doubling: ±0.8 over 1…256.
  const auto fan = b.find("tolerated: ±0.1 per doubling of t, from each first point");
  ASSERT_NE(fan, b.end()) << dat;
  const double y0 = o.points.front().mean;
  ASSERT_EQ(fan->second.size(), 3u);
  EXPECT_NEAR(fan->second[0].second, y0 + 0.8, 1e-9);
  EXPECT_NEAR(fan->second[1].second, y0, 1e-9);
  EXPECT_NEAR(fan->second[2].second, y0 - 0.8, 1e-9);
  EXPECT_EQ(count(gp, " notitle"), 1u) << "the second fan shares the first one's legend entry";
  // The subtitle says how the claim's runs were seeded, its m and its runs per point.
  EXPECT_NE(f.note.find("seeds from salt 20261130, one per point"), std::string::npos) << f.note;
  EXPECT_NE(f.note.find("m = t·n"), std::string::npos) << f.note;
  EXPECT_NE(f.note.find("200 runs per point"), std::string::npos) << f.note;
  EXPECT_EQ(f.note.find("seed 1 "), std::string::npos) << f.note;
  EXPECT_NE(gp.find("seeds from salt 20261130"), std::string::npos);
}

// The verdict table's constants of a shape claim: the ratio reading's evidence first, then the
// fit, so that the fit's p is not read as what decided the verdict.
TEST(ClaimFigures, AShapeClaimsTableEntryGivesTheRatioReadingAndTheFit) {
  claims::ClaimOutcome o = outcome_of("shape-claim", "gap = Θ(ln n)", "n");
  stats::ShapeFit fit;
  fit.shape = "log n";
  fit.a = 1.5, fit.a_ci = {1.4, 1.6}, fit.c = 0.5, fit.c_ci = {0.1, 0.9}, fit.p_value = 1e-5;
  o.fits = {fit};
  const std::string constants = "ln n: a = 1.5 [1.4, 1.6], c = 0.5 [0.1, 0.9], p = 1e-05";
  EXPECT_EQ(fitted_constants(o), constants);
  o.details["readings"]["ratio"]["evidence"] = "gap/(log n) moves ×1.2 (≤ ×1.3) along the grid";
  EXPECT_EQ(fitted_constants(o),
            "ratio: gap/(log n) moves ×1.2 (≤ ×1.3) along the grid; fit: " + constants);
}

// A fluid claim tests the fractions s_i against the ODE, not the gap: its figure draws each
// tested level's z, one series per grid point, against |z| = 1.96 and the FAIL level 3.89.
TEST(ClaimFigures, FluidClaimDrawsEachLevelsZAgainstTheODE) {
  claims::ClaimOutcome o = outcome_of("fluid-greedy", "Greedy[d]: fractions match the ODE", "n");
  o.verdict = claims::Verdict::pass;
  o.evidence = "worst s_3 at n=4096, t=2: 0.0105 vs ODE 0.0102 (z=2.1), Holm p=0.21";
  o.m_form = "{t}n";
  o.details = {{"rule", "fluid"}, {"salt", 20261130}, {"fixed_seeds", true}};
  for (const double t : {1.0, 2.0}) {
    o.points.push_back({{{"n", 4096.0}, {"m", t * 4096}, {"t", t}}, 2.0, 0.05, 30});
    nlohmann::json levels = nlohmann::json::array();
    for (int i = 1; i <= 3; ++i)
      levels.push_back({{"i", i}, {"measured", 0.5}, {"ode", 0.5}, {"se", 0.01}, {"z", t * i / 2}});
    o.details["levels"].push_back(
        {{"vars", {{"n", 4096.0}, {"m", t * 4096}, {"t", t}}}, {"seed", 1}, {"levels", levels}});
  }
  const auto figures = claim_figures(o, shape_value, "ci");
  ASSERT_EQ(figures.size(), 1u);
  const Figure& f = figures.front();
  EXPECT_EQ(f.y_label, "z of s_i against the ODE");
  EXPECT_NE(f.note.find("z = (mean − ODE) / se"), std::string::npos) << f.note;
  EXPECT_EQ(f.note.find("bars"), std::string::npos) << f.note;
  const auto b = blocks(data_file(f));
  ASSERT_TRUE(b.count("n = 4096, t = 2")) << data_file(f);
  EXPECT_EQ(b.at("n = 4096, t = 2"), (std::vector<std::pair<double, double>>{{1, 1}, {2, 2}, {3, 3}}));
  ASSERT_TRUE(b.count("n = 4096, t = 1"));
  ASSERT_TRUE(b.count("|z| = 3.89 (p = 0.0001)")) << data_file(f);
  EXPECT_NEAR(b.at("|z| = 3.89 (p = 0.0001)").front().second, -3.8906, 1e-4);
  EXPECT_TRUE(b.count("|z| = 1.96"));
  EXPECT_NE(f.caption.find("Verdict: pass. worst s_3"), std::string::npos) << f.caption;
  // The 7th series takes the 1st's colour again, dash-dotted; none is black, the references'.
  for (const auto& series : f.series)
    if (!series.label.starts_with("|z|") && !series.label.empty()) EXPECT_NE(series.color, 0);

  // One level tested: the references reach half a level past it, so the x range is not empty.
  claims::ClaimOutcome one = o;
  one.details["levels"] = nlohmann::json::array();
  one.details["levels"].push_back(o.details["levels"][0]);
  one.details["levels"][0]["levels"] = nlohmann::json::array({o.details["levels"][0]["levels"][0]});
  const auto one_level = claim_figures(one, shape_value, "ci");
  ASSERT_EQ(one_level.size(), 1u);
  for (const auto& series : one_level.front().series)
    if (series.style == Series::Style::line) EXPECT_EQ(series.x, (std::vector<double>{0.5, 1.5}));
  // No level tested (an INCONCLUSIVE verdict says so): no figure, rather than an empty one.
  claims::ClaimOutcome none = o;
  for (auto& point : none.details["levels"]) point["levels"] = nlohmann::json::array();
  EXPECT_TRUE(claim_figures(none, shape_value, "ci").empty());
  none.details.erase("levels");
  EXPECT_TRUE(claim_figures(none, shape_value, "ci").empty());
}

// Defect 4: the B side of an order claim is drawn, with its own legend entry per n.
TEST(ClaimFigures, OrderClaimDrawsBothSides) {
  claims::ClaimOutcome o =
      outcome_of("variant-beats-one-choice", "variant: smaller gap than One-Choice", "n");
  o.specs.process = "one-plus-beta:beta=0.5";
  o.than = claims::Specs{"one-choice", "exact", "unit", ""};
  o.m_form = "20n";
  o.details = {{"rule", "order"}, {"salt", 20261130}, {"fixed_seeds", true}};
  for (const double n : {1024.0, 4096.0}) {
    o.points.push_back({{{"n", n}, {"m", 20 * n}}, 4.0, 0.1, 40});
    o.than_points.push_back({{{"n", n}, {"m", 20 * n}}, 9.0, 0.2, 40});
  }
  for (const char* process : {"one-plus-beta:beta=0.5", "one-choice"})
    for (const double n : {1024.0, 4096.0})
      o.details["grid"].push_back({{"process", process}, {"setting", "exact"}, {"n", n}, {"m", 20 * n}});
  const auto figures = claim_figures(o, shape_value, "ci");
  ASSERT_EQ(figures.size(), 1u);
  const auto b = blocks(data_file(figures.front()));
  ASSERT_EQ(b.size(), 2u) << data_file(figures.front());  // one grid axis only: n is x
  ASSERT_TRUE(b.count("A: one-plus-beta:beta=0.5")) << data_file(figures.front());
  ASSERT_TRUE(b.count("B: one-choice"));
  for (const auto& [x, y] : b.at("B: one-choice")) EXPECT_EQ(y, 9.0);
  // n spans a factor of 4: a linear axis.
  EXPECT_EQ(gnuplot_script(figures.front()).find("set logscale x"), std::string::npos);
  EXPECT_EQ(figures.front().x_label, "n (bins)");

  // With a second axis the sides pair up by colour, one legend entry per side and value.
  claims::ClaimOutcome by_d = o;
  by_d.x_variable = "d";
  by_d.points.clear();
  by_d.than_points.clear();
  by_d.details["grid"] = nlohmann::json::array();
  for (const bool b_side : {false, true})
    for (const double n : {4096.0, 16384.0})
      for (const double d : {2.0, 3.0}) {
        auto& side = b_side ? by_d.than_points : by_d.points;
        side.push_back({{{"n", n}, {"m", 20 * n}, {"d", d}}, b_side ? 5.0 : 4.0, 0.1, 200});
        by_d.details["grid"].push_back(
            {{"process", fmt::format("{}:d={}", b_side ? "d-choice" : "left", d)}, {"setting", "exact"}});
      }
  by_d.specs.process = "left:d={d}";
  by_d.than->process = "d-choice:d={d}";
  const Figure f = claim_figures(by_d, shape_value, "ci").front();
  const auto bd = blocks(data_file(f));
  EXPECT_EQ(bd.size(), 4u);
  EXPECT_TRUE(bd.count("A: left:d={d}, n = 4096") && bd.count("B: d-choice:d={d}, n = 16384"))
      << data_file(f);
  EXPECT_EQ(f.x_label, "d (left:d)") << "the registry's description of left's d is too long";
}

// Defect 5: the additive rule's own fitted line is drawn, from the outcome's details.
TEST(ClaimFigures, AdditiveClaimDrawsTheRulesFittedLine) {
  claims::ClaimOutcome o =
      outcome_of("two-choice-loglog", "Two-Choice: gap = log₂ ln n + Θ(1) for m ≥ n", "n");
  o.specs.process = "two-choice";
  o.m_form = "20n";
  o.details = {{"rule", "additive"}, {"salt", 20261130}, {"fixed_seeds", true},
               {"fit", {{"form", "log2 log n"}, {"slope", 0.832}, {"intercept", 0.5},
                        {"slope_ci", {0.419, 1.24}}}}};
  for (const double n : {64.0, 1024.0, 16384.0, 262144.0})
    o.points.push_back({{{"n", n}, {"m", 20 * n}}, std::log2(std::log(n)), 0.05, 60});
  const Figure f = claim_figures(o, shape_value, "ci").front();
  const std::string dat = data_file(f), gp = gnuplot_script(f);
  const auto b = blocks(dat);
  const auto fit = b.find("fit: 0.832·log₂ ln n + 0.5; slope [0.42, 1.2], claimed 1");
  ASSERT_NE(fit, b.end()) << dat;
  // Smooth: 15 more points between each two of the grid's, at n interpolated geometrically (and
  // m = 20n with it), every one on the fitted form.
  ASSERT_EQ(fit->second.size(), 4u + 3 * 15);
  EXPECT_EQ(fit->second.front().first, 64.0);
  EXPECT_NEAR(fit->second[8].first, std::sqrt(64.0 * 1024.0), 1e-3);  // halfway, geometrically
  EXPECT_EQ(fit->second.back().first, 262144.0);
  for (const auto& [n, y] : fit->second) EXPECT_NEAR(y, 0.832 * std::log2(std::log(n)) + 0.5, 1e-5);
  EXPECT_TRUE(b.count("measured"));
  EXPECT_NE(gp.find("set logscale x 2"), std::string::npos);
  EXPECT_EQ(dat.find("log2 log n"), std::string::npos) << "the shape's name, not its display";
  EXPECT_NE(f.note.find("m = 20n"), std::string::npos) << f.note;
  EXPECT_NE(f.note.find("60 runs per point"), std::string::npos) << f.note;
  // A negative intercept is written with its own sign.
  o.details["fit"]["intercept"] = -0.104;
  EXPECT_TRUE(blocks(data_file(claim_figures(o, shape_value, "ci").front()))
                  .count("fit: 0.832·log₂ ln n − 0.1; slope [0.42, 1.2], claimed 1"));
}

// A form defined only at integers (φ_d) is drawn at the grid's points alone: between d = 2 and
// d = 3 it has no value (generalized_golden_ratio throws), where interpolating d would draw jumps.
TEST(ClaimFigures, AFormDefinedOnlyAtIntegersIsDrawnAtTheGridsPoints) {
  claims::ClaimOutcome o = outcome_of("left-d-loglog", "Left[d]: gap = ln ln n / (d ln φ_d)", "d");
  o.details = {{"rule", "additive"},
               {"fit", {{"form", "log log n/(d log phi_d)"}, {"slope", 1.0}, {"intercept", 0.0},
                        {"slope_ci", {0.9, 1.1}}}}};
  for (const double d : {2.0, 3.0, 4.0})
    o.points.push_back({{{"n", 4096.0}, {"d", d}}, 1.0, 0.05, 60});
  const Figure f = claim_figures(o, shape_value, "ci").front();
  const auto b = blocks(data_file(f));
  const auto fit = std::find_if(b.begin(), b.end(), [](const auto& block) {
    return block.first.rfind("fit: ", 0) == 0;
  });
  ASSERT_NE(fit, b.end()) << data_file(f);
  ASSERT_EQ(fit->second.size(), 3u) << data_file(f);
  EXPECT_EQ(fit->second[1].first, 3.0);
}

// The checker hands the figure what it needs: templates, m, the B side's points, the salt. A
// small catalog of a flat and an order claim, through `gapcheck report`.
TEST(ClaimFigures, TheReportDrawsACatalogsFlatAndOrderClaimsFromTheChecker) {
  const fs::path dir = scratch("claim_catalog");
  fs::create_directories(dir);
  const fs::path catalog = dir / "claims.toml";
  write(catalog, R"([[claim]]
id = "small-flat"
statement = "Two-Choice: the gap does not grow with m"
source = "test"
evidence = "D"
process = "two-choice"
rule = "flat"
x = "t"
tolerance = 0.5
[claim.ci]
n = [64, 256]
t = [1, 4, 16]
m = "{t}n"
runs = 6

[[claim]]
id = "small-order"
statement = "Two-Choice: smaller gap than One-Choice"
source = "test"
evidence = "D"
process = "two-choice"
than = { process = "one-choice" }
rule = "order"
[claim.ci]
n = [64, 256]
m = "10n"
runs = 6
)");
  const fs::path out = dir / "report";
  std::string err;
  ASSERT_EQ(gapcheck({"report", "small-*", "--catalog", catalog.string(), "--db", "", "--out",
                      out.string(), "--threads", "2"}, &err), 0) << err;
  const std::string flat_dat = read(out / "figures/claim-small-flat.dat");
  const std::string flat_gp = read(out / "figures/claim-small-flat.gp");
  const auto flat = blocks(flat_dat);
  EXPECT_TRUE(flat.count("n = 64") && flat.count("n = 256")) << flat_dat;
  EXPECT_TRUE(flat.count("tolerated: ±0.5 per doubling of t, from each first point")) << flat_dat;
  EXPECT_NE(flat_gp.find("set logscale x 2"), std::string::npos);
  EXPECT_NE(flat_gp.find("t = m/n (balls per bin)"), std::string::npos);
  EXPECT_NE(flat_gp.find("seeds from salt 20261130, one per point"), std::string::npos);
  const auto order = blocks(read(out / "figures/claim-small-order.dat"));
  EXPECT_TRUE(order.count("A: two-choice"));
  EXPECT_TRUE(order.count("B: one-choice")) << read(out / "figures/claim-small-order.dat");
  EXPECT_TRUE(check_report(out).empty());
}

TEST(Report, BadInputIsOneLineAndLeavesNothing) {
  const fs::path dir = scratch("bad");
  std::string err;
  EXPECT_EQ(gapcheck({"report", "--db", "", "--tier", "fast", "--out", dir.string()}, &err), 2);
  EXPECT_EQ(err, "gapcheck: tier=fast is not a tier (accepted: tiny, ci, paper)\n");
  EXPECT_EQ(gapcheck({"report", "--db", "", "nothing*", "--tier", "tiny", "--out", dir.string()}, &err), 2);
  EXPECT_NE(err.find("glob=nothing* matches no experiment or claim"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir));
  EXPECT_FALSE(fs::exists(dir.string() + ".partial"));
  // A directory that is not a report is never replaced.
  fs::create_directories(dir);
  write(dir / "thesis.tex", "precious");
  EXPECT_EQ(gapcheck({"report", "--db", "", "fluid-limit", "--tier", "tiny", "--out", dir.string()}, &err), 2);
  EXPECT_NE(err.find("exists and is not a gapcheck report"), std::string::npos) << err;
  EXPECT_EQ(read(dir / "thesis.tex"), "precious");
}

// At the ci tier the claims take minutes: bad input is refused before they run and before the
// run store is created.
TEST(Report, BadInputIsRefusedBeforeTheClaimsRunAndTheStoreIsOpened) {
  const fs::path dir = scratch("bad_ci");
  const fs::path db = scratch("bad_ci_db");
  fs::create_directories(dir);
  write(dir / "thesis.tex", "precious");
  std::string err;
  EXPECT_EQ(gapcheck({"report", "--db", db.string(), "--out", dir.string()}, &err), 2);
  EXPECT_NE(err.find("exists and is not a gapcheck report"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << "more than the refusal (claims ran?): " << err;
  EXPECT_EQ(gapcheck({"report", "--db", db.string(), "nothing*", "--out", scratch("bad_ci_out").string()}, &err), 2);
  EXPECT_NE(err.find("glob=nothing* matches no experiment or claim"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(db));
}

TEST(Report, RunsDoNotDependOnThreads) {
  const fs::path one = scratch("threads1"), two = scratch("threads2");
  ASSERT_EQ(gapcheck({"report", "--db", "", "fluid-limit", "--tier", "tiny", "--out", one.string(), "--threads", "1"}), 0);
  ASSERT_EQ(gapcheck({"report", "--db", "", "fluid-limit", "--tier", "tiny", "--out", two.string(), "--threads", "2"}), 0);
  EXPECT_EQ(read(one / "runs.csv"), read(two / "runs.csv"));
  EXPECT_EQ(read(one / "figures/fluid-greedy.dat"), read(two / "figures/fluid-greedy.dat"));
}

}  // namespace
}  // namespace gapcheck::reports
