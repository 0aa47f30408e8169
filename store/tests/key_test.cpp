// The run store's key, field by field. A run is a function of its key (results version and
// engine, process, setting and weights specs, n, m, gap level, seed, replicate), and the store
// hands a stored run to every later run, check and report that asks for its key: a lookup that
// ignored one field would silently give one run's numbers for another. So:
//  - a run stored under one key is never read back under a key that differs in any one field;
//  - a run read back equals the same run simulated afresh, every output field;
//  - the first property fails on a store that ignores any one field of the key (the mutants of
//    RunStore::open's KeyField), so it can fail for each field.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "store/result_json.hpp"
#include "store/run_store.hpp"

namespace gapcheck::store {
namespace {

namespace fs = std::filesystem;

constexpr std::array kVaried = {KeyField::version, KeyField::engine,    KeyField::process,
                                KeyField::setting, KeyField::weights,   KeyField::n,
                                KeyField::m,       KeyField::gap_level, KeyField::seed,
                                KeyField::replicate};

const char* name_of(KeyField field) {
  constexpr const char* kNames[] = {"none",    "version", "engine", "process", "setting", "weights",
                                    "n",       "m",       "gap_level", "seed", "replicate"};
  return kNames[static_cast<int>(field)];
}

// A store file of its own for each property, removed afterwards. Its cases share it: their keys
// differ in n and m drawn from 2^40 values or more, so one case never meets another's row.
struct StoreFile {
  fs::path path;
  StoreFile() {
    static std::atomic<int> made{0};
    path = fs::temp_directory_path() / ("gapcheck_key_test_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(made++) + ".db");
    remove();
  }
  ~StoreFile() { remove(); }
  void remove() const {
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path.string() + suffix);
  }
};

// rc::check under RC_PARAMS's seed, with at most 300 cases: every pool value of every field is
// drawn many times over in 300, and CI's RC_PARAMS asks the process triples for thousands.
// `print`: a failure's counterexample goes to stderr (the mutants' expected failures do not).
template <class Property>
bool check(const std::string& name, Property property, bool print = true) {
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  params.maxSuccess = std::min(params.maxSuccess, 300);
  const auto result = rc::detail::checkTestable(property, rc::detail::TestMetadata{name, name},
                                                params);
  if (result.template is<rc::detail::SuccessResult>()) return true;
  if (print) {
    rc::detail::printResultMessage(result, std::cerr);
    std::cerr << "\n";
  }
  return false;
}

// A whole key: the results version, the point and the replicate.
struct FullKey {
  std::string version;
  PointKey point;
  std::uint64_t replicate = 0;
};

const std::vector<std::string> kVersions = {"gapcheck-0.1/results-5", "gapcheck-0.1/results-6"};
const std::vector<std::string> kEngines = {"bins", "levels", "bulk"};
const std::vector<std::string> kProcesses = {"two-choice:ties=random", "one-choice",
                                             "d-choice:d=3,ties=random"};
const std::vector<std::string> kSettings = {"exact", "g-bounded:g=2,adversary=heavier",
                                            "batch:b=64"};
const std::vector<std::string> kWeights = {"unit", "exp:mean=1"};
const auto kNs = rc::gen::inRange<std::uint64_t>(1, 1ull << 40);
const auto kMs = rc::gen::inRange<std::uint64_t>(1, 1ull << 50);
const auto kGapLevels = rc::gen::element(0.0, 0.5, 1.5, 4.0);
const auto kReplicates = rc::gen::inRange<std::uint64_t>(0, 1ull << 40);

FullKey any_key() {
  return {*rc::gen::elementOf(kVersions),
          {*rc::gen::elementOf(kProcesses), *rc::gen::elementOf(kSettings),
           *rc::gen::elementOf(kWeights), *kNs, *kMs, *kGapLevels,
           *rc::gen::arbitrary<std::uint64_t>(), *rc::gen::elementOf(kEngines)},
          *kReplicates};
}

// `key` with `field` changed to another value.
FullKey vary(FullKey key, KeyField field) {
  const auto other = [](const std::vector<std::string>& pool, const std::string& value) {
    return *rc::gen::distinctFrom(rc::gen::elementOf(pool), value);
  };
  PointKey& p = key.point;
  switch (field) {
    case KeyField::version: key.version = other(kVersions, key.version); break;
    case KeyField::engine: p.engine = other(kEngines, p.engine); break;
    case KeyField::process: p.process = other(kProcesses, p.process); break;
    case KeyField::setting: p.setting = other(kSettings, p.setting); break;
    case KeyField::weights: p.weights = other(kWeights, p.weights); break;
    case KeyField::n: p.n = *rc::gen::distinctFrom(kNs, p.n); break;
    case KeyField::m: p.m = *rc::gen::distinctFrom(kMs, p.m); break;
    case KeyField::gap_level: p.gap_level = *rc::gen::distinctFrom(kGapLevels, p.gap_level); break;
    case KeyField::seed: p.seed = *rc::gen::distinctFrom(p.seed); break;
    case KeyField::replicate: key.replicate = *rc::gen::distinctFrom(kReplicates, key.replicate); break;
    case KeyField::none: break;
  }
  return key;
}

// A run's numbers: any, since only the key is under test.
RunResult any_result(std::uint64_t replicate) {
  RunResult r;
  r.replicate = replicate;
  r.gap = *rc::gen::inRange(0, 1000) / 8.0;
  r.max_load = r.gap + 3;
  r.max_gap_over_time = r.gap + 1;
  r.fraction_above_level = *rc::gen::inRange(0, 64) / 64.0;
  r.balls = r.steps = 1000;
  r.probes = 2000;
  r.histogram.first_level = 2;
  r.histogram.bins = {1, 5, 2};
  r.setting_counts = {{"flipped", 7}};
  return r;
}

// The property of the key, varying `field`: a run stored under one key is read back under it,
// and never under the key with `field` changed. Stores open with `ignored` (none: the store as
// it is; a field: a mutant).
bool key_holds(KeyField field, KeyField ignored) {
  const StoreFile file;
  const bool mutant = ignored != KeyField::none;
  return check(std::string("the key tells runs apart by ") + name_of(field), [&] {
    const FullKey stored = any_key();
    const FullKey asked = vary(stored, field);
    const RunResult result = any_result(stored.replicate);
    {
      RunStore store = RunStore::open(file.path, RunStore::Mode::read_write, stored.version, ignored);
      store.write(std::vector{StoredRun{stored.point, result, 0.5}});
      // A mutant is judged on the assertions below alone: that a run is read back for another
      // key is what its missing field must cause.
      if (!mutant) {
        const auto back = store.read(stored.point, stored.replicate, 1);
        RC_ASSERT(back.size() == 1u);
        RC_ASSERT(result_to_json(back.begin()->second) == result_to_json(result));
        // The row's own columns hold the key written (read without a lookup by key).
        bool found = false;
        store.for_each([&](const StoredRun& run) {
          found = found || (run.key == stored.point && run.result.replicate == stored.replicate);
        });
        RC_ASSERT(found);
      }
    }
    RunStore other = RunStore::open(file.path, RunStore::Mode::read_write, asked.version, ignored);
    RC_ASSERT(other.read(asked.point, asked.replicate, 1).empty());
    RC_ASSERT(other.count(asked.point, asked.replicate, 1) == 0u);
    const auto replicates = other.replicates(asked.point);
    RC_ASSERT(std::find(replicates.begin(), replicates.end(), asked.replicate) == replicates.end());
  }, !mutant);
}

TEST(StoreKey, NoRunIsReadBackForAKeyThatDiffersInOneField) {
  for (const KeyField field : kVaried) EXPECT_TRUE(key_holds(field, KeyField::none)) << name_of(field);
}

// The property can fail for every field: on a store that ignores the field, it does.
TEST(StoreKey, AStoreThatIgnoresAnyOneFieldFailsTheProperty) {
  for (const KeyField field : kVaried)
    EXPECT_FALSE(key_holds(field, field)) << "a store ignoring " << name_of(field) << " passed";
}

// A real run of one composition: what the store gives back is what a fresh simulation gives.
struct Point {
  const char* process;
  const char* setting;
  const char* weights;
  Engine engine;
};

const std::vector<Point> kPoints = {
    {"two-choice", "exact", "unit", Engine::bins},
    {"two-choice", "exact", "unit", Engine::levels},
    {"two-choice", "exact", "unit", Engine::bulk},
    {"one-choice", "exact", "unit", Engine::bulk},
    {"d-choice:d=3", "g-bounded:g=2", "unit", Engine::bins},
    {"one-plus-beta:beta=0.5", "batch:b=8", "unit", Engine::bins},
    {"one-plus-beta:beta=0.5", "exact", "unit", Engine::levels},
    {"left:d=2", "delay:tau=3", "unit", Engine::bins},
    {"quantile:delta=0.5", "sigma-noisy:sigma=1", "unit", Engine::bins},
    {"two-choice", "delay:tau=3", "exp:mean=1", Engine::bins},
    {"mean-thinning", "g-myopic:g=1", "uniform:lo=0.5,hi=1.5", Engine::bins},
    {"memory", "exact", "unit", Engine::bins},
};

TEST(StoreKey, ARunReadBackEqualsTheRunSimulatedAfresh) {
  const StoreFile file;
  EXPECT_TRUE(check("a stored run is the run", [&] {
    const Point point = *rc::gen::elementOf(kPoints);
    RunConfig config;
    config.n = *rc::gen::inRange<std::uint64_t>(4, 200);
    config.m = *rc::gen::inRange<std::uint64_t>(1, 2000);
    config.gap_level = *rc::gen::element(0.0, 1.0, 2.5);
    config.engine = point.engine;
    const Simulation simulation = make_simulation(Spec::parse(point.process),
                                                  Spec::parse(point.setting),
                                                  Spec::parse(point.weights), config);
    const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
    const std::uint64_t first = *rc::gen::inRange<std::uint64_t>(0, 1000);
    const std::uint64_t runs = *rc::gen::inRange<std::uint64_t>(1, 4);
    {
      RunStore store = RunStore::open(file.path);
      run_or_reuse(&store, simulation, seed, first, runs, 1);
    }
    const RunStore store = RunStore::open(file.path, RunStore::Mode::read_only);
    const auto back = store.read(PointKey::of(simulation, seed), first, runs);
    RC_ASSERT(back.size() == runs);
    for (const auto& [replicate, result] : back)
      RC_ASSERT(result_to_json(result) == result_to_json(simulation.run(seed, replicate)));
  }));
}

}  // namespace
}  // namespace gapcheck::store
