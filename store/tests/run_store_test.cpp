// The run store: what goes in comes back bit for bit, a stored run is never simulated again, a
// run of another results version is never reused, and a file that is not a gapcheck store is
// refused and left byte for byte as it was.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <thread>
#include <stdexcept>
#include <string>

#include "processes/tests/same_run.hpp"
#include "store/executor.hpp"
#include "store/run_store.hpp"
#include "store/sweep.hpp"

namespace gapcheck::store {
namespace {

namespace fs = std::filesystem;

// A fresh folder per test, removed afterwards.
class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("gapcheck_store_test_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
            std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path file(const std::string& name) const { return dir_ / name; }
  fs::path dir_;
};

// A point whose runs carry setting counts and a histogram of several levels.
Simulation bounded_point() {
  RunConfig config;
  config.n = 64;
  config.m = 64 * 20;
  config.gap_level = 1.5;
  return make_simulation(Spec::parse("two-choice"), Spec::parse("g-bounded:g=2"),
                         Spec::parse("unit"), config);
}

// Weighted runs: every result field is a non-integer double.
Simulation weighted_point() {
  RunConfig config;
  config.n = 50;
  config.m = 1000;
  return make_simulation(Spec::parse("d-choice:d=3"), Spec::parse("exact"), Spec::parse("exp"),
                         config);
}

// The same simulation, counting the runs it simulates.
Simulation counting(const Simulation& simulation, std::atomic<int>& calls) {
  Simulation counted = simulation;
  counted.run = [inner = simulation.run, &calls](std::uint64_t seed, std::uint64_t replicate) {
    ++calls;
    return inner(seed, replicate);
  };
  return counted;
}

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void sql(const fs::path& path, const std::string& statements) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, statements.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);
}

// Files in `dir` other than SQLite's own -wal and -shm files, which reading a WAL-mode database
// may leave beside it.
std::set<fs::path> files_in(const fs::path& dir) {
  std::set<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (!name.ends_with("-wal") && !name.ends_with("-shm")) files.insert(entry.path());
  }
  return files;
}

// The file is refused with an InputError naming it, and not a byte of it has changed, nor has a
// file been created beside it.
void expect_refused(const fs::path& path, const std::string& reason) {
  const std::string before = bytes_of(path);
  const auto siblings = files_in(path.parent_path());
  for (auto mode : {RunStore::Mode::read_write, RunStore::Mode::read_only}) {
    try {
      RunStore::open(path, mode);
      ADD_FAILURE() << "opened " << path;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(bytes_of(path), before);
  EXPECT_EQ(files_in(path.parent_path()), siblings);
}

TEST_F(StoreTest, StoredRunsReadBackBitForBit) {
  for (const Simulation& simulation : {bounded_point(), weighted_point()}) {
    const auto direct = run_replicates(simulation, 7, 3, 5, 1);
    ASSERT_FALSE(direct[0].setting_counts.empty() && simulation.setting.name != "exact");
    {
      RunStore store = RunStore::open(file("runs.db"));
      expect_same_runs(run_or_reuse(&store, simulation, 7, 3, 5, 2), direct);
    }
    RunStore reopened = RunStore::open(file("runs.db"), RunStore::Mode::read_only);
    const auto stored = reopened.read(PointKey::of(simulation, 7), 0, 100);
    ASSERT_EQ(stored.size(), 5u);
    for (const auto& result : direct) expect_same_run(stored.at(result.replicate), result);
  }
}

TEST_F(StoreTest, StoredRunsAreNeverSimulatedAgain) {
  RunStore store = RunStore::open(file("runs.db"));
  std::atomic<int> calls{0};
  const Simulation simulation = counting(bounded_point(), calls);
  const auto first = run_or_reuse(&store, simulation, 1, 0, 5, 2);
  EXPECT_EQ(calls, 5);
  const auto again = run_or_reuse(&store, simulation, 1, 0, 5, 2);
  EXPECT_EQ(calls, 5);
  expect_same_runs(again, first);
  // Overlapping replicates: only 5..7 are new.
  const auto overlap = run_or_reuse(&store, simulation, 1, 3, 5, 2);
  EXPECT_EQ(calls, 8);
  expect_same_runs(overlap, run_replicates(bounded_point(), 1, 3, 5, 1));
  EXPECT_EQ(store.replicates(PointKey::of(simulation, 1)),
            (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Another seed is another point.
  run_or_reuse(&store, simulation, 2, 0, 1, 1);
  EXPECT_EQ(calls, 9);
}

// The same point on the three engines: the store keeps them all, and answers each with its own
// runs.
TEST_F(StoreTest, RunsOfDifferentEnginesNeverMix) {
  RunStore store = RunStore::open(file("runs.db"));
  auto on = [](Engine engine) {
    RunConfig config;
    config.n = 64;
    config.m = 64 * 20;
    config.engine = engine;
    return make_simulation(Spec::parse("two-choice"), Spec::parse("exact"), Spec::parse("unit"),
                           config);
  };
  std::atomic<int> calls{0};
  const auto levels = run_or_reuse(&store, counting(on(Engine::levels), calls), 1, 0, 4, 1);
  const auto bins = run_or_reuse(&store, counting(on(Engine::bins), calls), 1, 0, 4, 1);
  const auto bulk = run_or_reuse(&store, counting(on(Engine::bulk), calls), 1, 0, 4, 1);
  EXPECT_EQ(calls, 12);  // nothing of one engine's runs was reused for another
  expect_same_runs(bins, run_replicates(on(Engine::bins), 1, 0, 4, 1));
  expect_same_runs(bulk, run_replicates(on(Engine::bulk), 1, 0, 4, 1));
  expect_same_runs(run_or_reuse(&store, on(Engine::levels), 1, 0, 4, 1), levels);
  expect_same_runs(run_or_reuse(&store, on(Engine::bulk), 1, 0, 4, 1), bulk);
  EXPECT_EQ(calls, 12);
  EXPECT_EQ(store.rows_of_other_versions(), 0u);
  std::vector<std::string> engines;
  store.for_each([&](const StoredRun& run) { engines.push_back(run.key.engine); });
  EXPECT_EQ(engines, (std::vector<std::string>{"bins", "bins", "bins", "bins", "bulk", "bulk",
                                               "bulk", "bulk", "levels", "levels", "levels",
                                               "levels"}));
}

// A sweep's estimate takes each missing run at the rate of the stored runs of its own process,
// setting, weights, engine and n; else of its kind at any n; else of the whole store.
TEST_F(StoreTest, ASweepEstimatesEachRunAtTheRateOfItsOwnKind) {
  auto point = [](const char* process, std::uint64_t n) {
    RunConfig config;
    config.n = n;
    config.m = 1280;
    config.engine = Engine::bins;
    return GridPoint{make_simulation(Spec::parse(process), Spec::parse("exact"),
                                     Spec::parse("unit"), config),
                     1, 4};
  };
  Grid grid;
  grid.points = {point("two-choice", 64), point("one-choice", 64), point("two-choice", 128),
                 point("two-choice", 256), point("quantile", 64)};
  RunStore store = RunStore::open(file("runs.db"));
  // Stored: replicate 0 of Two-Choice at n = 64 in 2 s and at n = 128 in 6 s; replicates 0, 1, 2
  // of One-Choice in 0.1 s each.
  std::vector<StoredRun> rows;
  auto store_run = [&](std::size_t p, std::uint64_t replicate, double seconds) {
    RunResult result = grid.points[p].simulation.run(grid.points[p].seed, replicate);
    result.replicate = replicate;
    rows.push_back({PointKey::of(grid.points[p].simulation, grid.points[p].seed), result, seconds});
  };
  store_run(0, 0, 2.0);
  store_run(2, 0, 6.0);
  for (std::uint64_t r = 0; r < 3; ++r) store_run(1, r, 0.1);
  store.write(rows);
  const double balls = 1280;  // each stored run placed m balls
  const double cost = 1280;   // m + n, n added below
  const double expected =
      3 * (2.0 / balls) * (cost + 64) +         // Two-Choice at 64: its own n
      1 * (0.1 / balls) * (cost + 64) +         // One-Choice at 64: its own n
      3 * (6.0 / balls) * (cost + 128) +        // Two-Choice at 128: its own n
      4 * (8.0 / (2 * balls)) * (cost + 256) +  // Two-Choice at 256: its kind at any n
      4 * (8.3 / (5 * balls)) * (cost + 64);    // Quantile: nothing of its kind, the whole store
  const double all = 8.3 / (5 * balls);
  const SweepPlan plan = plan_sweep(grid, store);
  ASSERT_EQ(plan.missing.size(), 15u);
  EXPECT_NEAR(plan.seconds_left, expected, 1e-9 * expected);
  // The store-wide rate alone would be far off: the check tells the two apart.
  EXPECT_GT(std::abs(all * plan.cost_left - expected), 0.2 * expected);
  EXPECT_NE(status_text(grid, store, plan, 2).find(
                "about " + human_duration(expected / 2) + " on 2 workers at the stored rates"),
            std::string::npos)
      << status_text(grid, store, plan, 2);
}

TEST_F(StoreTest, WithoutStoreRunsPlainReplicates) {
  expect_same_runs(run_or_reuse(nullptr, weighted_point(), 3, 0, 4, 2),
              run_replicates(weighted_point(), 3, 0, 4, 1));
}

TEST_F(StoreTest, AnotherResultsVersionIsNeverReused) {
  std::atomic<int> calls{0};
  const Simulation simulation = counting(bounded_point(), calls);
  {
    RunStore old_version = RunStore::open(file("runs.db"), RunStore::Mode::read_write, "old");
    run_or_reuse(&old_version, simulation, 1, 0, 4, 1);
  }
  RunStore current = RunStore::open(file("runs.db"), RunStore::Mode::read_write, "new");
  EXPECT_TRUE(current.read(PointKey::of(simulation, 1), 0, 4).empty());
  EXPECT_EQ(current.rows_of_other_versions(), 4u);
  run_or_reuse(&current, simulation, 1, 0, 4, 1);
  EXPECT_EQ(calls, 8);  // simulated again under the new version
  EXPECT_EQ(current.count(PointKey::of(simulation, 1), 0, 4), 4u);
  EXPECT_EQ(current.rows_of_other_versions(), 4u);  // the old rows are kept, apart
}

TEST_F(StoreTest, NotAnSqliteFileIsRefusedUntouched) {
  std::ofstream(file("notes.db")) << std::string(4096, 'x') << "results of last week\n";
  expect_refused(file("notes.db"), "is not a gapcheck run store");
}

TEST_F(StoreTest, AnotherProgramsDatabaseIsRefusedUntouched) {
  sql(file("other.db"), "CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ada');");
  expect_refused(file("other.db"), "another program");
  sql(file("tagged.db"), "PRAGMA application_id = 1234; CREATE TABLE t (x);");
  expect_refused(file("tagged.db"), "another program");
}

TEST_F(StoreTest, OtherSchemaIsRefusedUntouched) {
  { RunStore::open(file("runs.db")); }
  sql(file("runs.db"), "PRAGMA user_version = 99");
  expect_refused(file("runs.db"), "schema 99");
  { RunStore::open(file("changed.db")); }
  sql(file("changed.db"), "ALTER TABLE runs ADD COLUMN note TEXT");
  expect_refused(file("changed.db"), "other columns");
}

TEST_F(StoreTest, ReadingAMissingStoreCreatesNothing) {
  EXPECT_THROW(RunStore::open(file("missing.db"), RunStore::Mode::read_only), InputError);
  EXPECT_FALSE(fs::exists(file("missing.db")));
}

// A directory is said to be one, in either mode.
TEST_F(StoreTest, ADirectoryIsRefusedAsOne) {
  fs::create_directory(file("folder.db"));
  for (const auto mode : {RunStore::Mode::read_write, RunStore::Mode::read_only}) {
    try {
      RunStore::open(file("folder.db"), mode);
      ADD_FAILURE() << "a directory opened as a store";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("folder.db': it is a directory"), std::string::npos)
          << e.what();
    }
  }
}

TEST_F(StoreTest, MergeAddsWhatIsMissingOnce) {
  const Simulation simulation = bounded_point();
  {
    RunStore a = RunStore::open(file("a.db"));
    run_or_reuse(&a, simulation, 1, 0, 6, 1);
    RunStore b = RunStore::open(file("b.db"));
    run_or_reuse(&b, simulation, 1, 4, 6, 1);
  }
  RunStore a = RunStore::open(file("a.db"));
  EXPECT_EQ(a.merge_from(file("b.db")), 4u);  // 6..9; 4 and 5 are in both
  EXPECT_EQ(a.merge_from(file("b.db")), 0u);
  std::uint64_t rows = 0;
  a.for_each([&](const StoredRun&) { ++rows; });
  EXPECT_EQ(rows, 10u);
  expect_same_runs(run_or_reuse(&a, simulation, 1, 0, 10, 1),
                   run_replicates(simulation, 1, 0, 10, 1));
  sql(file("foreign.db"), "CREATE TABLE runs (x)");
  EXPECT_THROW(a.merge_from(file("foreign.db")), InputError);
}

TEST(Executor, CommitsEveryTaskOnce) {
  std::vector<Task> tasks;
  for (std::uint64_t r = 0; r < 200; ++r) tasks.push_back({r % 3, r});
  std::vector<int> committed(200, 0);
  std::size_t groups = 0;
  execute(
      tasks, 4,
      [](const Task& t) {
        RunResult r;
        r.replicate = t.replicate;
        return r;
      },
      [&](std::span<const FinishedTask> done) {
        ++groups;
        for (const auto& f : done) ++committed[f.result.replicate];
      });
  EXPECT_EQ(committed, std::vector<int>(200, 1));
  EXPECT_GE(groups, 1u);
}

TEST(Executor, AFailingCommitStopsAndIsRethrown) {
  std::vector<Task> tasks(50);
  std::atomic<int> ran{0};
  EXPECT_THROW(execute(
                   tasks, 2,
                   [&](const Task&) {
                     std::this_thread::sleep_for(std::chrono::milliseconds(2));
                     ++ran;
                     return RunResult{};
                   },
                   [](std::span<const FinishedTask>) { throw std::runtime_error("disk full"); }),
               std::runtime_error);
  EXPECT_LT(ran, 10);  // each thread stops after the run it is in when the commit fails
}

}  // namespace
}  // namespace gapcheck::store
