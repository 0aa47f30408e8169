// The report as a reader meets it: a tiny-tier report is built with the gapcheck command and
// every file it promises is checked; broken copies of it prove the checker catches missing,
// empty and corrupt files and dangling links.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "reports/check.hpp"
#include "processes/registry.hpp"
#include "reports/report.hpp"

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
  int compared = 0;
  while (std::getline(rerun, row)) {
    std::vector<std::string> f;
    std::istringstream fields(row);
    for (std::string x; std::getline(fields, x, ',');) f.push_back(x);
    const std::string stored = fmt::format(",1024,20480,{},{},{},{},{},", f.at(6), f.at(7), f.at(8),
                                           f.at(9), f.at(10));
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
                         "batch-unit", "batch-exp", "batch-beta", "batch-published", "firstdiff-d2",
                         "firstdiff-d3", "firstdiff-d4", "firstdiff-probes", "thinning-over-time",
                         "fluid-greedy", "fluid-left-beta-thinning"})
    EXPECT_NE(html.find(std::string("src=\"figures/") + id + ".png\""), std::string::npos) << id;
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
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

TEST(Report, WellFormedXml) {
  EXPECT_TRUE(well_formed_xml("<?xml version=\"1.0\"?>\n<!-- c --><svg a='>'><g><path d=\"M0\"/></g></svg>"));
  EXPECT_TRUE(well_formed_xml("<svg><![CDATA[ <not a tag> ]]><text>a &lt; b</text></svg>"));
  EXPECT_FALSE(well_formed_xml("<svg><g></svg></g>"));       // crossed
  EXPECT_FALSE(well_formed_xml("<svg><g>"));                 // unclosed
  EXPECT_FALSE(well_formed_xml("<svg></svg><svg></svg>"));   // two roots
  EXPECT_FALSE(well_formed_xml("<svg><path d=\"M0 </svg>")); // unterminated attribute
  EXPECT_FALSE(well_formed_xml("plain text"));
}

TEST(Report, ClaimOutcomesBecomeTheVerdictTableAndTheirFigures) {
  claims::ClaimOutcome outcome;
  outcome.id = "two-choice-loglog";
  outcome.statement = "Two-Choice gap = log2 log n + O(1)";
  outcome.source = "theory.md 1.2";
  outcome.verdict = claims::Verdict::pass;
  outcome.evidence = "a in interval";
  outcome.x_variable = "n";
  for (const double n : {256.0, 1024.0, 4096.0, 16384.0})
    outcome.points.push_back({{{"n", n}}, std::log2(std::log(n)) + 0.5, 0.05, 20});
  outcome.fits.push_back({"log2 log n", 1.0, {0.9, 1.1}, 0.5, {0.4, 0.6}, 1.0, 2.0, 0.6, 3.0});
  outcome.fits.push_back({"log n", 0.2, {0.1, 0.3}, 1.0, {0.5, 1.5}, 30.0, 2.0, 1e-6, 40.0});
  outcome.transition = stats::SegmentedFit{2048, {1024, 4096}, 1, 0.5, {0.8, 1.2}, {0.3, 0.7}, 0.1, 0.01};
  claims::ClaimOutcome control = outcome;
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
  EXPECT_NE(csv.find("claims,\"two-choice:ties=random\",\"exact\",\"unit\",16,32,7,2,"),
            std::string::npos) << csv;
  EXPECT_NE(read(options.out / "commands.txt").find("\nrepeat claims\n"), std::string::npos);
  EXPECT_EQ(summary.figures,
            (std::vector<std::string>{"claim-two-choice-loglog", "claim-two-choice-loglog-ratio",
                                      "claim-two-choice-logn", "claim-two-choice-logn-ratio"}));
  const auto problems = check_report(options.out);
  EXPECT_TRUE(problems.empty()) << problems.front();
  const std::string html = read(options.out / "index.html");
  EXPECT_NE(html.find("<td class=\"pass\">pass</td>"), std::string::npos);
  EXPECT_NE(html.find("fail (control, expected to fail)"), std::string::npos);
  EXPECT_NE(html.find("log2 log n: a = 1 [0.9, 1.1], c = 0.5 [0.4, 0.6]"), std::string::npos);
  // The ratio panel divides by the claimed shape: gap / log2 ln n = 1 + 0.5 / log2 ln n.
  const std::string dat = read(options.out / "figures/claim-two-choice-loglog-ratio.dat");
  const auto at = dat.find("\n256 ");
  ASSERT_NE(at, std::string::npos) << dat;
  EXPECT_NEAR(std::stod(dat.substr(at + 5)), 1 + 0.5 / std::log2(std::log(256.0)), 1e-9);
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
