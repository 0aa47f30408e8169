// The run store: every finished run is one row of an SQLite database, so nothing finished is lost.
//
// Why SQLite: a sweep may run for hours and be killed at any moment, by the user, the scheduler
// or a power cut, and a report or a notebook must be able to read the results while it runs. An
// SQLite file in WAL mode gives both: each commit is atomic (a SIGKILL loses only the runs not
// yet committed), readers never block the writer, and pandas, R and the sqlite3 shell read it
// without gapcheck.
//
// A run is identified by its key: the canonical process, setting and weights specs, n, m, the
// gap level, the seed, the replicate, and the results version (processes/core/version.hpp). A
// run is deterministic given its key, so a row is reused instead of simulating the run again;
// rows of another version stay in the file but are never read as results of this one.
//
// The file is ours only if it says so: the header's application_id and user_version and the
// table's columns are checked before anything is written, and any other file (not SQLite, another
// program's database, a newer schema) is refused with an InputError and left untouched.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "processes/core/version.hpp"
#include "processes/registry.hpp"

struct sqlite3;

namespace gapcheck::store {

class Statement;  // a prepared SQLite statement (run_store.cpp)

// A failure of the store's file while reading or writing it (a full disk, an I/O error, a
// damaged database), naming the file. What was committed before it stays in the store.
// A database with nothing in it, opened to be read (a sweep plans on it as on an empty store).
struct EmptyStore : InputError {
  using InputError::InputError;
};

// A row of the store that is not a run this program could have written (edited by hand, or by a
// broken build: a histogram that is not JSON, a gap that is text). Named with its key; never
// read as a run, and never copied by merge.
struct CorruptRow : InputError {
  using InputError::InputError;
};

struct StoreError : std::runtime_error {
  StoreError(int sqlite_code, const std::string& what)
      : std::runtime_error(what), code(sqlite_code) {}
  int code;  // SQLite's extended result code
};

// SQLite header fields that mark a gapcheck store: application_id is "GAPC" in ASCII,
// user_version the schema version of the `runs` table.
inline constexpr std::int32_t kApplicationId = 0x47415043;
inline constexpr std::int32_t kSchemaVersion = 1;

// The store that `sweep` (and `check`, `report`) use when --db is not given: in the working folder.
inline constexpr const char* kDefaultDb = "gapcheck.db";

// Everything that identifies a grid point's runs except the replicate.
struct PointKey {
  std::string process;  // canonical specs: every key with its value
  std::string setting;
  std::string weights;
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  double gap_level = 0;
  std::uint64_t seed = 0;
  // The engine that produced the runs (bins, levels or bulk). Stored in the version column, as the
  // results version with "/levels" or "/bulk-3" (kBulkDrawsVersion) appended for the runs of those
  // engines, so that they never mix.
  std::string engine = "bins";

  static PointKey of(const Simulation& simulation, std::uint64_t seed);
  auto operator<=>(const PointKey&) const = default;
};

// The fields of a run's key (PointKey and the replicate). A store opened with one of them
// ignored writes and looks up every run as if that field were the same for all: a mutant, for
// the test that shows the key's property test catching a key without any one of its fields.
enum class KeyField {
  none, version, engine, process, setting, weights, n, m, gap_level, seed, replicate
};

struct StoredRun {
  PointKey key;
  RunResult result;      // result.replicate is the replicate
  double seconds = 0;    // wall time of the run (for time estimates; not part of the result)
};

// The stored runs of one process, setting, weights, engine and n (`kind`'s m, gap_level and seed
// are 0: runs of any of them count), and their wall time and balls placed.
struct StoredTime {
  PointKey kind;
  double seconds = 0;
  double balls = 0;
};

class RunStore {
 public:
  enum class Mode { read_write, read_only };

  // Opens (read_write: creates if missing) the store at `path`. Throws InputError, naming the
  // file, when it is not a gapcheck store of this schema; such a file is not modified. `version`
  // is the results version whose rows count as results (results_version(), processes/registry.hpp);
  // tests pass another one.
  static RunStore open(const std::filesystem::path& path, Mode mode = Mode::read_write,
                       std::string version = results_version(),
                       KeyField ignored = KeyField::none);

  RunStore(RunStore&&) noexcept;
  RunStore& operator=(RunStore&&) noexcept;
  ~RunStore();

  const std::filesystem::path& path() const { return path_; }
  const std::string& version() const { return version_; }

  // Stored runs of `key` (this version) with replicate in [first, first + runs), by replicate.
  std::map<std::uint64_t, RunResult> read(const PointKey& key, std::uint64_t first,
                                          std::uint64_t runs) const;
  // Number of stored runs of `key` (this version) with replicate in [first, first + runs).
  std::uint64_t count(const PointKey& key, std::uint64_t first, std::uint64_t runs) const;
  // Replicates of `key` (this version) stored, ascending.
  std::vector<std::uint64_t> replicates(const PointKey& key) const;
  // Wall time and balls of the stored runs of this version, summed per process, setting,
  // weights, engine and n: the rates behind a sweep's time estimate.
  std::vector<StoredTime> stored_times() const;
  // Rows written under other results versions (kept, never read as results).
  std::uint64_t rows_of_other_versions() const;

  // Writes `runs` in one transaction; a run whose key is already stored is left as it is.
  void write(std::span<const StoredRun> runs);

  // Every stored run of this version, ordered by key and replicate.
  void for_each(const std::function<void(const StoredRun&)>& visit) const;

  // Reads every row of this results version (of every version: what merge copies) as a run:
  // CorruptRow names the first that is not one.
  void check_rows(bool every_version = false) const;

  // Copies into this store every row of the store at `other` (all versions) that this one lacks.
  // Returns the number of rows added. `other` is checked like open() and check_rows() check, and
  // not modified; nothing is copied from a source with a corrupt row.
  std::uint64_t merge_from(const std::filesystem::path& other);

 private:
  RunStore(std::filesystem::path path, std::string version, KeyField ignored, sqlite3* db);
  // What the key's columns hold for `key` and a replicate (all of it, but for the ignored field).
  std::string version_column(const std::string& engine) const;
  PointKey keyed(PointKey key) const;
  std::uint64_t keyed(std::uint64_t replicate) const;

  std::filesystem::path path_;
  std::string version_;
  KeyField ignored_ = KeyField::none;
  sqlite3* db_ = nullptr;
  std::unique_ptr<Statement> insert_;
};

// The store at `path` as a plan reads it: opened read-only with every row checked (a corrupt
// row counted as done would never be run again), or nullopt where the file holds no store yet
// (EmptyStore). What cannot be read, or is not a gapcheck store, throws as open() does.
std::optional<RunStore> read_existing_store(const std::filesystem::path& path);

// A batch that a stop request (SIGINT, SIGTERM) ended before its last run: the runs that
// finished are stored, the batch's results are incomplete.
struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Results of replicates [first, first+runs) of `simulation` under `seed`: rows already in `store`
// are read back, the missing ones are simulated (on `threads` threads) and written as they finish.
// store == nullptr: nothing is read or written. When `stop` returns true no new run starts, the
// runs in progress finish (and are stored), and Interrupted is thrown.
std::vector<RunResult> run_or_reuse(RunStore* store, const Simulation& simulation,
                                    std::uint64_t seed, std::uint64_t first, std::uint64_t runs,
                                    unsigned threads, const std::function<bool()>& stop = {});

struct Streamed {
  std::uint64_t delivered = 0;  // replicates first .. first + delivered - 1 were delivered
  unsigned threads = 0;         // threads that ran: fewer than asked if some could not start,
                                // or if fewer runs were simulated (0: every run read back)
  std::uint64_t stored_runs = 0;   // of the delivered runs, those read back from the store
  std::uint64_t stored_balls = 0;  // and their balls
};

// run_or_reuse one result at a time: each result goes to `deliver` in replicate order as soon as
// it and every earlier one are done, from whichever thread finished it (never two at once). The
// replicates go in chunks of a few hundred per thread, so memory is bounded whatever `runs` is;
// the order, and so the output, does not depend on `threads`. When `stop` returns true no new run
// starts, the runs in progress finish (and are stored), and the call returns the prefix it
// delivered. An exception of `deliver` stops the batch the same way and is rethrown.
Streamed stream_runs(RunStore* store, const Simulation& simulation, std::uint64_t seed,
                     std::uint64_t first, std::uint64_t runs, unsigned threads,
                     const std::function<void(RunResult&&)>& deliver,
                     const std::function<bool()>& stop = {});

}  // namespace gapcheck::store
