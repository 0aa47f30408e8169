// The claims machinery on hand-made inputs: catalog files, grids, seeds, the published tables,
// and each rule deciding PASS and FAIL on samples whose truth is known by construction.
#include <map>
#include <gtest/gtest.h>


#include <cmath>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "processes/core/spec.hpp"
#include "stats/claims/published.hpp"
#include "stats/claims/rules.hpp"
#include "stats/claims/tests/synthetic.hpp"

namespace gapcheck::claims {
namespace {

std::filesystem::path write_catalog(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("gapcheck_claims_" + name + ".toml");
  std::ofstream(path) << text;
  return path;
}

const char* kClaimHead = R"(
[[claim]]
id = "x"
statement = "s"
source = "src"
evidence = "D"
process = "one-plus-beta:beta={beta}"
setting = "batch:b={b}"
rule = "shape"
form = "b/n"
rivals = ["1"]
)";

TEST(Catalog, BuiltinCatalogLoadsWithUniqueIdsAndControls) {
  const auto claims = builtin_catalog();
  std::set<std::string> ids;
  std::size_t controls = 0;
  for (const auto& c : claims) {
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
    controls += c.control;
    for (const auto& [tier, grid] : c.tiers) EXPECT_FALSE(c.points(tier).empty()) << c.id;
  }
  EXPECT_GT(controls, 5u);
}

// b and beta zipped, m a multiple of b; each test puts its own [claim.ci] and n in front.
const char* kZippedGrid = R"(b = ["10n", "20n"]
beta = [0.5, 0.25]
zip = ["b", "beta"]
m = "3*{b}"
runs = 5
)";

TEST(Catalog, ZippedAxesVaryTogetherAndMMultipliesACount) {
  const auto file = write_catalog("zip", std::string(kClaimHead) + "[claim.ci]\nn = [100, 200]\n" +
                                               kZippedGrid);
  const auto claims = load_catalog(file);
  ASSERT_EQ(claims.size(), 1u);
  const auto points = claims[0].points("ci");
  ASSERT_EQ(points.size(), 4u);  // 2 values of n × 2 zipped pairs, not 2 × 2 × 2
  EXPECT_EQ(points[0].specs.process, "one-plus-beta:beta=0.5");
  EXPECT_EQ(points[0].specs.setting, "batch:b=10n");
  EXPECT_EQ(points[0].n, 100u);
  EXPECT_EQ(points[0].m, 3000u);  // 3 × 10 × 100
  EXPECT_EQ(points[0].vars.at("b"), 1000.0);
  EXPECT_EQ(points[3].m, 12000u);  // 3 × 20 × 200
  EXPECT_EQ(points[3].vars.at("beta"), 0.25);
}

TEST(Catalog, TheBSideMayReplaceM) {
  const auto file = write_catalog(
      "than_m", std::regex_replace(std::string(kClaimHead), std::regex("\"shape\""), "\"order\"") +
                    "than = { process = \"one-choice\", setting = \"exact\", m = \"{b}\" }\n"
                    "[claim.ci]\nn = 100\n" + kZippedGrid);
  const auto claim = load_catalog(file).at(0);
  const auto b = claim.than_points("ci");
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].specs.process, "one-choice");
  EXPECT_EQ(b[0].m, 1000u);  // m = b = 10 × 100, not 3·b
  EXPECT_EQ(claim.points("ci")[0].m, 3000u);
}

// A finding that documents one tier's grid does not excuse the claim at another tier.
TEST(Catalog, AFindingAppliesOnlyAtTheTiersItDocuments) {
  const std::string grids = "\n[claim.ci]\nn = 100\nb = \"1n\"\nbeta = 0.5\nm = \"10n\"\nruns = 5\n"
                            "[claim.paper]\nn = 1000\nb = \"1n\"\nbeta = 0.5\nm = \"10n\"\nruns = 5\n";
  const std::string head = std::string(kClaimHead) + "finding = \"why\"\n";
  const auto everywhere = load_catalog(write_catalog("finding_all", head + grids)).at(0);
  EXPECT_EQ(everywhere.finding("ci"), "why");
  EXPECT_EQ(everywhere.finding("paper"), "why");
  const auto ci_only =
      load_catalog(write_catalog("finding_ci", head + "finding_tiers = [\"ci\"]\n" + grids)).at(0);
  EXPECT_EQ(ci_only.finding("ci"), "why");
  EXPECT_EQ(ci_only.finding("paper"), "");
  EXPECT_THROW(load_catalog(write_catalog("finding_bad", head + "finding_tiers = [\"huge\"]\n" + grids)),
               InputError);
  EXPECT_THROW(load_catalog(write_catalog("finding_none", std::string(kClaimHead) +
                                                          "finding_tiers = [\"ci\"]\n" + grids)),
               InputError);
}

TEST(Catalog, BadEntriesNameTheFileClaimAndField) {
  auto error_of = [](const std::string& name, const std::string& text) {
    try {
      load_catalog(write_catalog(name, text));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string grid = "\n[claim.ci]\nn = 100\nb = \"1n\"\nbeta = 0.5\nm = \"10n\"\nruns = 5\n";
  std::string text = kClaimHead + grid;
  EXPECT_NE(error_of("rule", std::string(text).replace(text.find("\"shape\""), 7, "\"magic\""))
                .find("rule='magic'"),
            std::string::npos);
  EXPECT_NE(error_of("form", std::string(text).replace(text.find("\"b/n\""), 5, "\"n^7\""))
                .find("unknown shape 'n^7'"),
            std::string::npos);
  EXPECT_NE(error_of("axis", std::string(kClaimHead) + "\n[claim.ci]\nn = 100\nb = \"1n\"\nm = \"10n\"\nruns = 5\n")
                .find("placeholder"),
            std::string::npos);
  EXPECT_NE(error_of("runs", std::string(text).replace(text.find("runs = 5"), 8, "runs = 1"))
                .find("runs must be an integer >= 2"),
            std::string::npos);
  EXPECT_NE(error_of("syntax", "[[claim]\n").find("gapcheck_claims_syntax.toml:1"),
            std::string::npos);
  // A parameter the rule does not read (a misspelt one would leave its default in force), and
  // an evidence tag that docs/theory.md does not define; the same claim without them loads
  // (control).
  const std::string flat = std::string(text).replace(text.find("\"shape\""), 7, "\"flat\"");
  EXPECT_NE(error_of("tolerence", std::string(flat).insert(flat.find("form ="), "tolerence = 5\n"))
                .find("'tolerence' is not a field of a claim nor a parameter of rule 'flat' "
                      "(its parameters: tolerance)"),
            std::string::npos);
  EXPECT_NE(error_of("evidence", std::string(text).replace(text.find("\"D\""), 3, "\"X\""))
                .find("evidence='X' is not one of: V, C, M, D"),
            std::string::npos);
  EXPECT_EQ(error_of("control", flat), "no error");
  // A rule's parameters are checked before any run: their types, their choices, the required
  // ones, and the axes they name.
  const auto with = [&](std::string claim, const std::string& rule, const std::string& fields) {
    claim.replace(claim.find("\"shape\""), 7, "\"" + rule + "\"");
    return claim.insert(claim.find("form ="), fields);
  };
  const std::vector<std::pair<std::string, std::string>> refused = {
      {with(text, "flat", "tolerance = \"wide\"\n"), "'tolerance' must be a number"},
      {with(text, "order", "sense = \"more\"\n"), "sense='more' is not one of: less, close"},
      {with(text, "mean_at_most", ""), "rule 'mean_at_most' needs 'bound'"},
      {with(text, "mean_at_most", "bound = \"four\"\n"),
       "bound='four' is not an axis of the ci grid (a number is written without quotes)"},
      {with(text, "flat", "x = \"tt\"\n"), "x='tt' is not an axis of the ci grid"},
      {with(text, "crossover", "scale = \"n^7\"\n"), "scale='n^7': unknown shape 'n^7'"},
      // a point that cannot run: refused when the catalog loads, not after the points before it
      {std::string(text).replace(text.find("one-plus-beta:beta={beta}"), 25, "three-choice"),
       "ci point three-choice / batch:b=1n / unit / n=100 / m=1000: unknown process"},
      {with(text, "fluid", "model = \"greedy\"\n"),
       "model='greedy' needs 'd': a number of the claim or an axis of the ci grid"},
      {std::string(text).replace(text.find("m = \"10n\""), 9, "m = \"2^40\""),
       "m=1099511627776 is outside the accepted range [1, 2^32)"},
      // the same point twice would count its runs twice as independent evidence: a repeated
      // value, or an axis that no spec and no m uses
      {std::string(text).replace(text.find("n = 100"), 7, "n = [100, 100]"), "comes twice"},
      {std::string(text).insert(text.find("n = 100"), "copy = [1, 2]\n"), "comes twice"},
      {with(text, "flat", "tolerance = -1\n"), "'tolerance' = -1 must be positive"},
      {with(text, "order", ""), "rule 'order' compares with a B side: give than"},
      {with(text, "mean_at_most", "bound = 4\nthan = { process = \"one-choice\" }\n"),
       "rule 'mean_at_most' reads no B side"},
      {with(text, "flat", "tolerance = inf\n"), "'tolerance' must be a finite number"},
      {with(text, "order", "margin = nan\n"), "'margin' must be a finite number"},
      {std::string(text).replace(text.find("id = \""), 6, "id = \"50%"),
       "must be letters, digits, - and _"}};
  for (const auto& [claim, message] : refused)
    EXPECT_NE(error_of("parameter", claim).find(message), std::string::npos)
        << error_of("parameter", claim);
  // A grid point outside the statement's range (its domain) is refused at load, naming the
  // point and both sides' values; at n = 100, b = n: b/n = 1 and ln n = 4.61.
  const auto in_domain = [&](const std::string& domain) {
    return std::string(text).insert(text.find("form ="), "domain = " + domain + "\n");
  };
  EXPECT_NE(error_of("domain", in_domain("\"b/n >= log n\""))
                .find("ci point one-plus-beta:beta=0.5 / batch:b=1n / unit / n=100 / m=1000 lies "
                      "outside the claim's domain (b/n >= log n): b/n = 1 < log n = 4.6"),
            std::string::npos)
      << error_of("domain", in_domain("\"b/n >= log n\""));
  EXPECT_NE(error_of("domain", in_domain("[\"m/n >= 1\", \"log n <= b/n\"]"))
                .find("(log n <= b/n): log n = 4.6"),
            std::string::npos);
  EXPECT_NE(error_of("domain", in_domain("\"1 >= b/n <= log n\"")).find("is not one condition"),
            std::string::npos);
  EXPECT_NE(error_of("domain", in_domain("\"b/n = log n\"")).find("is not one condition"),
            std::string::npos);
  // strict conditions, numbers and a number times a shape; the negation names the side that lost
  EXPECT_NE(error_of("domain", in_domain("\"b/n > 1\"")).find("(b/n > 1): b/n = 1 <= 1 = 1"),
            std::string::npos);
  EXPECT_NE(error_of("domain", in_domain("\"1/beta < 2\"")).find("1/beta = 2 >= 2 = 2"),
            std::string::npos);
  EXPECT_NE(error_of("domain", in_domain("\"4 * b/n >=\t log n\"")).find("4 * b/n = 4 < log n = 4.6"),
            std::string::npos);
  EXPECT_EQ(error_of("domain", in_domain("[\"1/beta > 1\", \"b/n <= 1\", \"5 * b/n >= log n\"]")), "no error");
  // a shape that needs an axis the grid lacks names the file, the claim and the point
  EXPECT_NE(error_of("domain", in_domain("\"g <= log n\""))
                .find("claim 'x': ci point one-plus-beta:beta=0.5 / batch:b=1n / unit / n=100 / "
                      "m=1000: domain (g <= log n): shape 'g' needs the variable g"),
            std::string::npos)
      << error_of("domain", in_domain("\"g <= log n\""));
  EXPECT_NE(error_of("domain", in_domain("[]")).find("'domain' is empty"), std::string::npos);
  EXPECT_NE(error_of("domain", in_domain("\"two * b/n >= 1\"")).find("the factor of 'two * b/n'"),
            std::string::npos);
  EXPECT_NE(error_of("domain", in_domain("\"b/n <= n^7\"")).find("domain: unknown shape 'n^7'"),
            std::string::npos);
  EXPECT_NE(error_of("domain", in_domain("3")).find("'domain' must be a condition"), std::string::npos);
  EXPECT_EQ(error_of("domain", in_domain("\"b/n <= log n\"")), "no error");
  EXPECT_EQ(error_of("domain", in_domain("[\"m/n >= 1\", \"b/n <= log n\"]")), "no error");
  EXPECT_EQ(error_of("parameter", with(text, "mean_at_most", "bound = \"beta\"\n")), "no error");
  EXPECT_EQ(error_of("parameter", with(text, "mean_at_most", "bound = 4\n")), "no error");
  EXPECT_EQ(error_of("parameter", with(text, "fluid", "model = \"greedy\"\nd = 2\n")), "no error");
  EXPECT_EQ(error_of("parameter", with(text, "fluid", "model = \"one_plus_beta\"\n")), "no error");
}

TEST(Seeds, DependOnThePointAndTheSaltOnly) {
  PointSpec a{{"two-choice", "exact", "unit", ""}, 1024, 20480, 10, {}};
  PointSpec b = a;
  b.runs = 99;  // more runs of the same point: the same seed, a longer prefix
  PointSpec c = a;
  c.n = 2048;
  EXPECT_EQ(point_seed(kFixedSalt, a), point_seed(kFixedSalt, b));
  EXPECT_NE(point_seed(kFixedSalt, a), point_seed(kFixedSalt, c));
  EXPECT_NE(point_seed(kFixedSalt, a), point_seed(kFixedSalt + 1, a));
  EXPECT_LT(point_seed(kFixedSalt, a), 1ULL << 63);
}

TEST(Published, GMyopicG2RowIsReadAsCounts) {
  // published/noise22_gap_distributions_n1e4.csv, g-myopic g=2: 49 % of 100 runs at gap 5,
  // 51 % at gap 6 (as printed in the authors' table).
  const auto d = read_published(builtin_catalog_dir() / "../published/noise22_gap_distributions_n1e4.csv",
                                "setting=g-myopic,param_value=2");
  EXPECT_EQ(d.runs, 100u);
  EXPECT_EQ(d.counts, (std::map<double, std::uint64_t>{{5, 49}, {6, 51}}));
  EXPECT_THROW(read_published(builtin_catalog_dir() / "../published/noise22_batched_table.csv",
                              "setting=batch,b=7"),
               InputError);
}

// A table that cannot be a distribution of its runs is refused, naming the file and the fault;
// the same table made whole is read (control).
TEST(Published, ATableThatIsNoDistributionIsRefused) {
  const auto table = [](const std::string& rows) {
    const auto path = std::filesystem::temp_directory_path() / "gapcheck_published_test.csv";
    std::ofstream(path) << "setting,runs,statistic,gap_value,value,notes\n" << rows;
    return path;
  };
  const auto error_of = [&](const std::string& rows) {
    try {
      read_published(table(rows), "setting=s");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string row = "s,100,pct_runs_with_gap,";
  EXPECT_EQ(error_of(row + "5,40,\n" + row + "6,60,\n"), "no error");
  EXPECT_NE(error_of(row + "5,40,\n" + row + "6,10,\n").find("sum to 50, not 100"),
            std::string::npos);
  EXPECT_NE(error_of(row + "5,120,\n" + row + "6,-20,\n").find("is not a percentage"),
            std::string::npos);
  EXPECT_NE(error_of(row + "5,40,\n" + row + "5,60,\n").find("gap_value 5 is given twice"),
            std::string::npos);
  EXPECT_NE(error_of(row + "5,40,\ns,50,pct_runs_with_gap,6,60,\n").find("give runs 100 and 50"),
            std::string::npos);
}

TEST(Glob, MatchesShellPatterns) {
  EXPECT_TRUE(glob_match("g-bounded*", "g-bounded-transition"));
  EXPECT_TRUE(glob_match("*", "x"));
  EXPECT_FALSE(glob_match("two-choice", "two-choice-loglog"));
}

// ---- the rules on samples whose truth is known ----------------------------------------------

// Fake, claim_of and decide_on: stats/claims/tests/synthetic.hpp.

TEST(Rules, AdditivePassesUnitSlopeAndFailsDoubleSlope) {
  const Claim c = claim_of(RuleKind::additive, "log2 log n");
  Fake right, wrong;
  for (int k = 4; k <= 24; k += 4) {
    const double n = std::ldexp(1.0, k);
    const double f = std::log2(std::log(n));
    right.add({{"n", n}}, 50, f + 1, k);
    wrong.add({{"n", n}}, 50, 2 * f + 1, k);
  }
  EXPECT_EQ(decide_on(c, right), Verdict::pass);
  EXPECT_EQ(decide_on(c, wrong), Verdict::fail);
}

TEST(Rules, ShapeRanksTheTrueFormFirstAndFailsAWrongOne) {
  // gap = 0.8 ln n + 2 at n = 2^first .. 2^(first + 20).
  const auto data_from = [](int first) {
    Fake data;
    for (int k = first; k <= first + 20; k += 4) {
      const double n = std::ldexp(1.0, k);
      data.add({{"n", n}}, 50, 0.8 * std::log(n) + 2, k);
    }
    return data;
  };
  Claim right = claim_of(RuleKind::shape, "log n");
  right.rivals = {"log2 log n", "1"};
  Claim wrong = claim_of(RuleKind::shape, "log2 log n");
  wrong.rivals = {"log n"};
  auto large = data_from(8);
  EXPECT_EQ(decide_on(right, large), Verdict::pass);
  EXPECT_EQ(decide_on(wrong, large), Verdict::fail);
  // From n = 16 the constant 2 makes gap/ln n move more (×1.65) than gap/log₂ ln n (×1.45): the
  // ratio reading shows the wrong form while the fit refutes it, and the claim stays undecided.
  auto small = data_from(4);
  const auto o = outcome_of(wrong, small);
  EXPECT_EQ(o.details["readings"]["ratio"]["reading"], "shows") << o.evidence;
  EXPECT_EQ(o.details["readings"]["fit"]["reading"], "refutes") << o.evidence;
  EXPECT_EQ(o.verdict, Verdict::inconclusive) << o.evidence;
  EXPECT_NE(o.evidence.find("the two readings contradict each other"), std::string::npos);
  // Up to n = 2^20 ln n and log₂ ln n part by only ×1.94: the fit, which prefers ln n, contests
  // the claim instead of refuting it, and still keeps it from the PASS the ratio would give.
  Fake shorter;
  for (int k = 4; k <= 20; k += 4) {
    const double n = std::ldexp(1.0, k);
    shorter.add({{"n", n}}, 50, 0.8 * std::log(n) + 2, k);
  }
  const auto c = outcome_of(wrong, shorter);
  EXPECT_EQ(c.details["readings"]["ratio"]["reading"], "shows") << c.evidence;
  EXPECT_EQ(c.details["readings"]["fit"]["reading"], "contests") << c.evidence;
  EXPECT_EQ(c.verdict, Verdict::inconclusive) << c.evidence;
}

TEST(Rules, MeanAtMostDecidesBothWays) {
  Claim c = claim_of(RuleKind::mean_at_most);
  c.numbers["bound"] = 2;
  Fake below, above;
  below.add({{"n", 10}}, 40, 1.5, 1);
  above.add({{"n", 10}}, 40, 2.5, 2);
  EXPECT_EQ(decide_on(c, below), Verdict::pass);
  EXPECT_EQ(decide_on(c, above), Verdict::fail);
}

TEST(Rules, OrderDecidesBothWays) {
  Claim c = claim_of(RuleKind::order);
  c.x_variable = "n";
  Fake low, high;
  low.add({{"n", 10}}, 40, 1, 1);
  high.add({{"n", 10}}, 40, 2, 2);
  EXPECT_EQ(decide_on(c, low, &high), Verdict::pass);
  EXPECT_EQ(decide_on(c, high, &low), Verdict::fail);
}

// Over several points the evidence quotes the point the verdict rests on: the weakest of a
// PASS's points, the most refuting point of a FAIL, with every variable of that point.
TEST(Rules, EvidenceQuotesThePointTheVerdictRestsOn) {
  Claim c = claim_of(RuleKind::order);
  c.x_variable = "n";
  Fake a, b;
  a.add({{"n", 10}}, 40, 1.0, 1);  // far below B: shown at p ~ 1e-20
  a.add({{"n", 20}}, 40, 1.7, 2);  // just below: the weakest point
  a.add({{"n", 30}}, 40, 1.0, 3);
  for (const double n : {10.0, 20.0, 30.0}) b.add({{"n", n}}, 40, 2.0, 10 + n);
  ClaimOutcome pass;
  decide(c, a.view(), b.view(), pass);
  EXPECT_EQ(pass.verdict, Verdict::pass);
  EXPECT_EQ(pass.evidence.rfind("A-B -0.", 0), 0u) << pass.evidence;
  EXPECT_NE(pass.evidence.find(" at n=20;"), std::string::npos) << pass.evidence;

  Claim at_most = claim_of(RuleKind::mean_at_most);
  at_most.numbers["bound"] = 2;
  Fake over;
  over.add({{"d", 3}, {"n", 10}}, 40, 3.0, 5);  // far above: the most refuting point
  over.add({{"d", 2}, {"n", 10}}, 40, 2.2, 4);  // above the bound, barely
  ClaimOutcome fail;
  decide(at_most, over.view(), {}, fail);
  EXPECT_EQ(fail.verdict, Verdict::fail);
  EXPECT_NE(fail.evidence.find("vs bound 2 at d=3, n=10;"), std::string::npos) << fail.evidence;
}

TEST(Rules, FlatPassesAConstantAndFailsAGrowingStatistic) {
  Claim c = claim_of(RuleKind::flat);
  c.x_variable = "t";
  c.numbers["tolerance"] = 0.1;
  Fake flat, growing;
  for (double t : {1, 4, 16, 64, 256}) {
    flat.add({{"n", 100}, {"t", t}}, 100, 3, static_cast<std::uint64_t>(t));
    growing.add({{"n", 100}, {"t", t}}, 100, 3 + std::sqrt(t), static_cast<std::uint64_t>(t));
  }
  EXPECT_EQ(decide_on(c, flat), Verdict::pass);
  EXPECT_EQ(decide_on(c, growing), Verdict::fail);
}

TEST(Rules, CrossoverPassesInsideTheRangeAndFailsOutside) {
  // A = 10, B = 6, 8, 11, 14, 17 at b = 8..128: A − B = 4, 2, −1, −4, −7 falls through 0 two
  // thirds of the way from 16 to 32 in ln b: 16·2^(2/3) = 25.40 (closed form).
  Fake a, b;
  const std::vector<double> bs{8, 16, 32, 64, 128}, other{6, 8, 11, 14, 17};
  for (std::size_t i = 0; i < bs.size(); ++i) {
    a.add({{"n", 1}, {"b", bs[i]}}, 50, 10, 2 * i + 1);
    b.add({{"n", 1}, {"b", bs[i]}}, 50, other[i], 2 * i + 2);
  }
  Claim c = claim_of(RuleKind::crossover);
  c.x_variable = "b";
  c.numbers["crossover_lo"] = 20;
  c.numbers["crossover_hi"] = 30;
  ClaimOutcome out;
  decide(c, a.view(), b.view(), out);
  EXPECT_EQ(out.verdict, Verdict::pass);
  // se of each difference ≈ 0.3·√(2/50) = 0.06, so the root moves by ≈ 0.25 per se: ±1.
  EXPECT_NEAR(out.details["crossover"]["estimate"].get<double>(), 25.40, 1.0);
  c.numbers["crossover_lo"] = 40;  // the control: the crossover lies beyond 40
  c.numbers["crossover_hi"] = 1000;
  EXPECT_EQ(decide_on(c, a, &b), Verdict::fail);
  c.texts["direction"] = "rises";  // A − B never turns positive for good: above the grid
  c.numbers["crossover_lo"] = 20;
  c.numbers["crossover_hi"] = 30;
  EXPECT_EQ(decide_on(c, a, &b), Verdict::fail);
}

TEST(Rules, TransitionPlacesTheBendAndReadsItsDirection) {
  // ln n = 8, so the claimed range is [4, 16]; the bend is at g = 8. `rising` has slope 0.2 then
  // 1 ("sub-linear below, linear above"), `falling` slope 1 then 0.2.
  const double n = std::exp(8.0);
  Fake rising, falling;
  for (const double g : {1, 2, 3, 4, 6, 8, 11, 16, 22, 32}) {
    const auto seed = static_cast<std::uint64_t>(g);
    rising.add({{"n", n}, {"g", g}}, 40, g <= 8 ? 0.2 * g : 1.6 + (g - 8), seed);
    falling.add({{"n", n}, {"g", g}}, 40, g <= 8 ? g : 8 + 0.2 * (g - 8), seed);
  }
  Claim c = claim_of(RuleKind::transition);
  c.x_variable = "g";
  EXPECT_EQ(decide_on(c, rising), Verdict::pass);  // slope "any": the direction is not read
  EXPECT_EQ(decide_on(c, falling), Verdict::pass);
  c.texts["slope"] = "rises";
  EXPECT_EQ(decide_on(c, rising), Verdict::pass);
  EXPECT_EQ(decide_on(c, falling), Verdict::fail);
  c.texts["slope"] = "falls";
  EXPECT_EQ(decide_on(c, falling), Verdict::pass);
  EXPECT_EQ(decide_on(c, rising), Verdict::fail);
  c.texts["slope"] = "any";
  c.numbers["breakpoint_lo"] = 3;  // the control: the bend lies in [24, 48]
  c.numbers["breakpoint_hi"] = 6;
  EXPECT_EQ(decide_on(c, rising), Verdict::fail);
}

TEST(Rules, BoundPassesALinearGapAndFailsAQuadraticOne) {
  // Along g = 8..32 at n = e^7 (ln n = 7), end-point slopes of the log ratio (closed form,
  // python: log((a32/b32)/(a8/b8))/log(4)): gap = 1.2·g + 5 against g + ln n: 0.097 < 0.25
  // (PASS); gap = 0.1·g² against g + ln n: 1.31 (FAIL); gap = 1.2·g + 5 against ln n alone:
  // 0.79 (FAIL, the control "O(ln n), independent of g").
  Fake linear, quadratic;
  for (double g : {8, 11, 16, 22, 32}) {
    linear.add({{"n", std::exp(7.0)}, {"g", g}}, 30, 1.2 * g + 5, static_cast<std::uint64_t>(g));
    quadratic.add({{"n", std::exp(7.0)}, {"g", g}}, 30, 0.1 * g * g, static_cast<std::uint64_t>(g));
  }
  Claim c = claim_of(RuleKind::bound, "g + log n");
  c.x_variable = "g";
  EXPECT_EQ(decide_on(c, linear), Verdict::pass);
  EXPECT_EQ(decide_on(c, quadratic), Verdict::fail);
  Claim control = claim_of(RuleKind::bound, "log n");  // "O(ln n), independent of g"
  control.x_variable = "g";
  EXPECT_EQ(decide_on(control, linear), Verdict::fail);
}

TEST(Rules, BoundSameOrderAgainstAMeasuredSide) {
  // A = 2·ln b + 1 against B = ln b + 3 along b = 4..256: the ratio moves from 3.77/4.39 to
  // 12.09/8.55, an end-point slope of ln((12.09/8.55)/(3.77/4.39))/ln 64 = 0.12 (python), inside
  // ±0.25: the same order. Against B' = b/8 it is ln((12.09/32)/(3.77/0.5))/ln 64 = −0.72:
  // not the same order (FAIL).
  Fake a, b, linear_b;
  for (double x : {4, 16, 64, 256}) {
    a.add({{"n", 1}, {"b", x}}, 40, 2 * std::log(x) + 1, static_cast<std::uint64_t>(x));
    b.add({{"n", 1}, {"b", x}}, 40, std::log(x) + 3, static_cast<std::uint64_t>(x) + 1);
    linear_b.add({{"n", 1}, {"b", x}}, 40, x / 8, static_cast<std::uint64_t>(x) + 2);
  }
  Claim c = claim_of(RuleKind::bound);
  c.x_variable = "b";
  c.texts["sense"] = "same_order";
  EXPECT_EQ(decide_on(c, a, &b), Verdict::pass);
  EXPECT_EQ(decide_on(c, a, &linear_b), Verdict::fail);
  c.texts["sense"] = "at_most";  // A = O(b/8): the ratio shrinks, which an O-bound allows
  EXPECT_EQ(decide_on(c, a, &linear_b), Verdict::pass);
}

TEST(Outcome, DefectsAreFailedTrueClaimsAndPassedControls) {
  ClaimOutcome o;
  o.verdict = Verdict::fail;
  EXPECT_TRUE(o.is_defect());
  o.verdict = Verdict::inconclusive;
  EXPECT_FALSE(o.is_defect());
  o.control = true;
  o.verdict = Verdict::fail;
  EXPECT_FALSE(o.is_defect());
  o.verdict = Verdict::pass;
  EXPECT_TRUE(o.is_defect());
  o.finding = "a documented disagreement with a publication";
  EXPECT_FALSE(o.is_defect());
  o.control = false;
  o.verdict = Verdict::fail;
  EXPECT_FALSE(o.is_defect());
}

}  // namespace
}  // namespace gapcheck::claims

namespace gapcheck::claims {
namespace {

TEST(Stages, AStageReadsItsShareOfTheRuns) {
  EXPECT_EQ(staged_runs(200, 1, 3), 50u);
  EXPECT_EQ(staged_runs(200, 2, 3), 100u);
  EXPECT_EQ(staged_runs(200, 3, 3), 200u);
  EXPECT_EQ(staged_runs(201, 1, 3), 51u);  // rounded up
  EXPECT_EQ(staged_runs(100, 1, 3), 30u);  // at least kMinStageRuns
  EXPECT_EQ(staged_runs(20, 1, 3), 20u);   // and never more than the catalog asks for
  EXPECT_EQ(staged_runs(40, 1, 1), 40u);
  EXPECT_THROW(staged_runs(40, 4, 3), std::logic_error);
  // A projection repeats each run it read equally often, so the means stay as they are.
  EXPECT_EQ(projected_runs(160, 40, 1), 160u);
  EXPECT_EQ(projected_runs(160, 40, 8), 1280u);
  EXPECT_EQ(projected_runs(100, 30, 1), 120u);  // 4 times each of 30, not 3 and a third
  EXPECT_EQ(projected_runs(100, 30, 2), 210u);
  EXPECT_THROW(projected_runs(100, 0, 1), std::logic_error);
  CheckOptions o;
  o.tier = "paper";
  EXPECT_EQ(stages_of(o), 3u);
  o.tier = "ci";
  EXPECT_EQ(stages_of(o), 1u);
  o.stages = 0;
  EXPECT_THROW(stages_of(o), InputError);
}

// Four claims on points of their own, every run 0.5 or 1.5 in turn (mean 1, sd 0.5): "clear"
// is decided at once (bound 100); "late" (bound 1.14) is not at 40 runs a point (one-sided t
// 1.75, Holm over two points), but would be at stage 3's 160 (t 3.5), so it goes on and is decided
// at stage 2 (t 2.49); "open" (mean exactly at its bound) could not be at any number of runs,
// so it stops at stage 1 (futile), and so does "far" (bound 1.03: t 0.38 at stage 1, 0.76 at
// 160 runs), which 8 times the catalog's runs would decide (t 2.15; 1.52 at 4 times). Without
// the futility stop, "open" reads every stage, and each point's runs are asked for in nested
// prefixes.
TEST(Stages, AClaimStopsAtTheFirstStageThatDecidesIt) {
  const std::string head = R"(
[[claim]]
statement = "s"
source = "src"
evidence = "D"
process = "one-choice"
rule = "mean_at_most"
x = "n"
)";
  const auto file = write_catalog(
      "stages",
      head + "id = \"clear\"\nbound = 100\n[claim.ci]\nn = [100, 200]\nm = \"1n\"\nruns = 160\n" +
          head + "id = \"open\"\nbound = 1\n[claim.ci]\nn = [300, 400]\nm = \"1n\"\nruns = 160\n" +
          head + "id = \"late\"\nbound = 1.14\n[claim.ci]\nn = [500, 600]\nm = \"1n\"\nruns = 160\n" +
          head + "id = \"far\"\nbound = 1.03\n[claim.ci]\nn = [700, 800]\nm = \"1n\"\nruns = 160\n");
  std::map<std::uint64_t, std::vector<std::uint64_t>> asked;  // n -> runs asked, in order
  CheckOptions o;
  o.catalogs = {file};
  o.stages = 3;
  o.simulator = [&](const PointSpec& point, std::uint64_t, unsigned) {
    asked[point.n].push_back(point.runs);
    std::vector<RunResult> runs(point.runs);
    for (std::size_t i = 0; i < runs.size(); ++i) runs[i].gap = i % 2 == 0 ? 0.5 : 1.5;
    return runs;
  };
  const auto outcomes = check_claims(o);
  ASSERT_EQ(outcomes.size(), 4u);
  EXPECT_EQ(outcomes[0].verdict, Verdict::pass) << outcomes[0].evidence;
  EXPECT_EQ(outcomes[0].details["stage"]["read_at"], 1);
  EXPECT_TRUE(outcomes[0].evidence.ends_with("; stage 1 of 3")) << outcomes[0].evidence;
  EXPECT_FALSE(outcomes[0].details["stage"].contains("futile"));
  EXPECT_EQ(outcomes[1].verdict, Verdict::inconclusive) << outcomes[1].evidence;
  EXPECT_EQ(outcomes[1].details["stage"]["read_at"], 1);
  EXPECT_EQ(outcomes[1].details["stage"]["futile"], true);
  EXPECT_TRUE(outcomes[1].evidence.ends_with(
      "; stage 1 of 3 (stopped for futility: the tier's runs (160 a point) would not decide it); "
      "if the means stay as they are, not even 16× the tier's runs (2560 a point) would decide "
      "it (the most projected)"))
      << outcomes[1].evidence;
  EXPECT_EQ(outcomes[1].details["more_runs"]["projected"], "INCONCLUSIVE");
  EXPECT_EQ(outcomes[2].verdict, Verdict::pass) << outcomes[2].evidence;
  EXPECT_EQ(outcomes[2].details["stage"]["read_at"], 2);
  EXPECT_FALSE(outcomes[2].details.contains("more_runs"));
  EXPECT_EQ(outcomes[3].verdict, Verdict::inconclusive) << outcomes[3].evidence;
  EXPECT_EQ(outcomes[3].details["stage"]["read_at"], 1);
  EXPECT_EQ(outcomes[3].details["more_runs"]["times"], 8);
  EXPECT_EQ(outcomes[3].details["more_runs"]["projected"], "PASS");
  EXPECT_EQ(outcomes[3].details["more_runs"]["runs_a_point"], 1280);
  EXPECT_TRUE(outcomes[3].evidence.ends_with(
      "; if the means stay as they are, 8× the tier's runs (1280 a point) would decide it: "
      "projected PASS"))
      << outcomes[3].evidence;
  const std::vector<std::uint64_t> once{40}, twice{40, 80}, nested{40, 80, 160};
  EXPECT_EQ(asked[100], once);
  EXPECT_EQ(asked[200], once);
  EXPECT_EQ(asked[300], once);
  EXPECT_EQ(asked[400], once);
  EXPECT_EQ(asked[500], twice);
  EXPECT_EQ(asked[600], twice);
  EXPECT_EQ(asked[700], once);
  EXPECT_EQ(asked[800], once);
  // Without the futility stop, "open" reads every stage.
  asked.clear();
  o.futility_stop = false;
  const auto every = check_claims(o);
  EXPECT_EQ(every[1].verdict, Verdict::inconclusive) << every[1].evidence;
  EXPECT_EQ(every[1].details["stage"]["read_at"], 3);
  EXPECT_EQ(every[1].details["grid"][0]["runs"], 160);
  EXPECT_EQ(asked[300], nested);
  EXPECT_EQ(asked[400], nested);
  EXPECT_EQ(every[2].details["stage"]["read_at"], 2);
  // One stage reads every run at once.
  asked.clear();
  o.stages = 1;
  const auto single = check_claims(o);
  EXPECT_EQ(asked[100], std::vector<std::uint64_t>{160});
  EXPECT_FALSE(single[0].details.contains("stage"));
}

}  // namespace
}  // namespace gapcheck::claims

namespace gapcheck::claims {
namespace {

// How far a shape claim's forms part along its grid: ln n against the constant doubles from
// n = 2^8 to 2^16; ln n against log₂ ln n parts by (16/8)·log₂(8 ln 2)/log₂(16 ln 2).
TEST(FormsSeparation, IsTheRangeOfTheFormsRatioAlongTheGrid) {
  Claim c = claim_of(RuleKind::shape, "log n");
  c.rivals = {"1", "log2 log n"};
  std::vector<PointSpec> points;
  for (const double n : {256.0, 4096.0, 65536.0}) points.push_back({{}, 0, 0, 1, {{"n", n}}});
  const auto parts = forms_separation(c, points);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].first, "1");
  EXPECT_NEAR(parts[0].second, 2.0, 1e-12);
  EXPECT_NEAR(parts[1].second,
              2.0 * std::log2(8 * std::log(2.0)) / std::log2(16 * std::log(2.0)), 1e-12);
  EXPECT_TRUE(forms_separation(claim_of(RuleKind::additive, "log n"), points).empty());
}

}  // namespace
}  // namespace gapcheck::claims
