#include "store/run_store.hpp"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <bit>
#include <optional>
#include <stdexcept>
#include <utility>

#include "store/executor.hpp"
#include "store/result_json.hpp"

namespace gapcheck::store {
namespace {

std::int64_t as_int(std::uint64_t v) { return std::bit_cast<std::int64_t>(v); }
std::uint64_t as_uint(std::int64_t v) { return std::bit_cast<std::uint64_t>(v); }

// "the run store '/path/file.db': ": every message about the file names it.
std::string store_named(sqlite3* db) {
  const char* file = db ? sqlite3_db_filename(db, "main") : nullptr;
  return std::string("the run store '") + (file ? file : "") + "': ";
}

[[noreturn]] void fail(sqlite3* db, const std::string& what, const char* message = nullptr) {
  throw StoreError(db ? sqlite3_extended_errcode(db) : SQLITE_NOMEM,
                   store_named(db) + what + ": " +
                       (message ? message : db ? sqlite3_errmsg(db) : "out of memory"));
}

// What a run's version column appends to the results version for an engine: nothing for bins,
// "levels", and the version of the bulk engine's own draws (core/version.hpp).
std::string engine_tag(const std::string& engine) {
  return engine == "bulk" ? std::string(kBulkDrawsVersion) : engine;
}

// The version column of a run: the results version, plus "/" and its engine's tag for the runs of
// the levels and bulk engines.
std::string engine_version(const std::string& version, const std::string& engine) {
  return engine == "bins" ? version : version + "/" + engine_tag(engine);
}

// The engine of a version column that is `version` itself or one of its engine forms.
std::string engine_of_version(const std::string& version, const std::string& column) {
  if (column == version) return "bins";
  const std::string tag = column.substr(version.size() + 1);
  return tag == engine_tag("bulk") ? "bulk" : tag;
}

// "version IN (...)" over the forms of this program's results version: runs of every engine.
constexpr const char* kAnyEngine = "version IN (?1, ?2, ?3)";

}  // namespace

// One prepared statement: bind by index (1-based), step, read columns.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK)
      fail(db, "preparing '" + sql.substr(0, 60) + "'");
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& v) {
    check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind(int i, std::uint64_t v) { check(sqlite3_bind_int64(stmt_, i, as_int(v))); return *this; }
  Statement& bind(int i, double v) { check(sqlite3_bind_double(stmt_, i, v)); return *this; }
  // Binds ?1..?8 to a key: its version column, then the key's other columns.
  Statement& bind_key(const std::string& version_column, const PointKey& k) {
    return bind(1, version_column).bind(2, k.process).bind(3, k.setting).bind(4, k.weights)
        .bind(5, k.n).bind(6, k.m).bind(7, k.gap_level).bind(8, k.seed);
  }

  bool step() {  // true: a row is ready
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(db_, "reading or writing the store");
  }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  std::string text(int c) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, c));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c))) : "";
  }
  std::uint64_t uint(int c) const { return as_uint(sqlite3_column_int64(stmt_, c)); }
  std::int64_t integer(int c) const { return sqlite3_column_int64(stmt_, c); }
  double real(int c) const { return sqlite3_column_double(stmt_, c); }
  int type(int c) const { return sqlite3_column_type(stmt_, c); }
  sqlite3* db() const { return db_; }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) fail(db_, "binding a value");
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

namespace {

// The one table. The version column holds the results version, with "/levels" or "/bulk-3" (the
// bulk engine's draws version) appended for runs of those engines (PointKey::engine): a version
// names what produced the numbers. Unsigned
// 64-bit values (n, m, seed, replicate, counts) are stored as SQLite's signed INTEGER with the
// same bits: values below 2^63 read as themselves.
constexpr const char* kCreateRuns = R"sql(
CREATE TABLE runs (
  version              TEXT    NOT NULL,
  process              TEXT    NOT NULL,
  setting              TEXT    NOT NULL,
  weights              TEXT    NOT NULL,
  n                    INTEGER NOT NULL,
  m                    INTEGER NOT NULL,
  gap_level            REAL    NOT NULL,
  seed                 INTEGER NOT NULL,
  replicate            INTEGER NOT NULL,
  gap                  REAL    NOT NULL,
  max_load             REAL    NOT NULL,
  max_gap_over_time    REAL    NOT NULL,
  fraction_above_level REAL    NOT NULL,
  balls                INTEGER NOT NULL,
  steps                INTEGER NOT NULL,
  probes               INTEGER NOT NULL,
  histogram            TEXT    NOT NULL,
  setting_counts       TEXT    NOT NULL,
  seconds              REAL    NOT NULL,
  finished             TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (version, process, setting, weights, n, m, gap_level, seed, replicate)
) WITHOUT ROWID
)sql";

constexpr const char* kColumns[] = {
    "version", "process",  "setting",           "weights",              "n",
    "m",       "gap_level", "seed",             "replicate",            "gap",
    "max_load", "max_gap_over_time", "fraction_above_level", "balls", "steps",
    "probes",  "histogram", "setting_counts",   "seconds",              "finished"};

constexpr const char* kResultColumns =
    "process, setting, weights, n, m, gap_level, seed, replicate, gap, max_load, "
    "max_gap_over_time, fraction_above_level, balls, steps, probes, histogram, setting_counts, "
    "seconds";

constexpr const char* kKeyMatch =
    "version = ?1 AND process = ?2 AND setting = ?3 AND weights = ?4 AND n = ?5 AND m = ?6 AND "
    "gap_level = ?7 AND seed = ?8";

void exec(sqlite3* db, const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    fail(db, "'" + sql.substr(0, 60) + "'", text.c_str());
  }
}

std::int64_t pragma(sqlite3* db, const std::string& name) {
  Statement s(db, "PRAGMA " + name);
  return s.step() ? s.integer(0) : 0;
}

// The columns of kResultColumns as SQLite must hold them in a row this program wrote.
enum class Held { text, integer, real, json };
constexpr Held kResultHeld[] = {Held::text,    Held::text,    Held::text,    Held::integer,
                                Held::integer, Held::real,    Held::integer, Held::integer,
                                Held::real,    Held::real,    Held::real,    Held::real,
                                Held::integer, Held::integer, Held::integer, Held::json,
                                Held::json,    Held::real};
constexpr const char* kResultNames[] = {
    "process", "setting", "weights", "n", "m", "gap_level", "seed", "replicate", "gap",
    "max_load", "max_gap_over_time", "fraction_above_level", "balls", "steps", "probes",
    "histogram", "setting_counts", "seconds"};

// Why column `c` of a row selected with kResultColumns does not hold what it must (empty: it
// does); a JSON column that holds what it must is parsed into `parsed`. A real column may hold an
// integer: SQLite stores whole reals that way.
std::string unheld(const Statement& s, int c, ordered_json& parsed) {
  const int type = s.type(c);
  const auto shown = [&] {
    const std::string text = s.text(c);
    return text.size() > 40 ? text.substr(0, 40) + "..." : text;
  };
  const auto type_name = [&] {
    switch (type) {
      case SQLITE_INTEGER: return "an integer";
      case SQLITE_FLOAT: return "a real";
      case SQLITE_TEXT: return "text";
      case SQLITE_BLOB: return "a blob";
      default: return "null";
    }
  };
  const bool held = [&] {
    switch (kResultHeld[c]) {
      case Held::text: return type == SQLITE_TEXT;
      case Held::integer: return type == SQLITE_INTEGER;
      case Held::real: return type == SQLITE_FLOAT || type == SQLITE_INTEGER;
      case Held::json: return type == SQLITE_TEXT;
    }
    return false;
  }();
  if (!held) return std::string(kResultNames[c]) + " is " + type_name() + " ('" + shown() + "')";
  if (kResultHeld[c] != Held::json) return {};
  const auto not_stored = [&](const std::string& why) {
    return std::string(kResultNames[c]) + " is not what a run stores ('" + shown() + "': " + why +
           ")";
  };
  const auto counts = [](const ordered_json& j) {
    return std::all_of(j.begin(), j.end(), [](const auto& v) { return v.is_number_unsigned(); });
  };
  try {
    parsed = ordered_json::parse(s.text(c));
  } catch (const nlohmann::json::exception& e) {
    return not_stored(e.what());
  }
  const ordered_json& j = parsed;
  if (!j.is_object()) return not_stored("not a JSON object");
  if (c == 16 && !counts(j)) return not_stored("a count that is not a whole number");
  // Rows stored before histograms had widths have no level_width (histogram_from_json: 1).
  if (c == 15 && !(j.contains("first_level") && j["first_level"].is_number_unsigned() &&
                   (!j.contains("level_width") || j["level_width"].is_number_unsigned()) &&
                   j.contains("bins") && j["bins"].is_array() && counts(j["bins"])))
    return not_stored("not a histogram of whole counts");
  return {};
}

// Reads a row selected with kResultColumns, whose version column holds `version_column`.
// A row that is not a run this program could have written (edited by hand, or by a broken
// build) is refused with an InputError naming its key: read as a run, it would give wrong
// numbers to every later check and report.
StoredRun row_of(const Statement& s, const std::string& version_column) {
  ordered_json histogram, counts;
  for (int c = 0; c < static_cast<int>(std::size(kResultHeld)); ++c)
    if (const std::string why = unheld(s, c, c == 15 ? histogram : counts); !why.empty())
      throw CorruptRow(store_named(s.db()) + "the row of " + s.text(0) + ", " + s.text(1) + ", " +
                       s.text(2) + ", n=" + s.text(3) + ", m=" + s.text(4) + ", gap level " +
                       s.text(5) + ", seed " + s.text(6) + ", replicate " + s.text(7) +
                       " (version " + version_column + ") is not a run: " + why +
                       "; delete that row (or the store) to simulate the run again");
  StoredRun run;
  run.key = {s.text(0), s.text(1), s.text(2), s.uint(3), s.uint(4), s.real(5), s.uint(6)};
  RunResult& r = run.result;
  r.replicate = s.uint(7);
  r.gap = s.real(8);
  r.max_load = s.real(9);
  r.max_gap_over_time = s.real(10);
  r.fraction_above_level = s.real(11);
  r.balls = s.uint(12);
  r.steps = s.uint(13);
  r.probes = s.uint(14);
  r.histogram = histogram_from_json(histogram);
  r.setting_counts = counts_from_json(counts);
  run.seconds = s.real(17);
  return run;
}

// Checks that `db` (opened on `path`) is a gapcheck store of this schema, or a database with
// nothing in it (which read_write mode then turns into one). Reads only.
// Returns true when the file holds the store, false when it is empty.
bool check_ours(sqlite3* db, const std::filesystem::path& path) {
  const std::string file = std::string("'").append(path.string()).append("'");
  std::int64_t application_id = 0, user_version = 0, objects = 0;
  try {
    application_id = pragma(db, "application_id");
    user_version = pragma(db, "user_version");
    Statement count(db, "SELECT count(*) FROM sqlite_master");
    objects = count.step() ? count.integer(0) : 0;
  } catch (const StoreError& e) {
    // A file SQLite cannot read as a database is not ours; any other failure (a folder without
    // write access for the WAL's files, an I/O error) is about reaching the file, not its content.
    if ((e.code & 0xff) != SQLITE_NOTADB) throw;
    throw InputError(file + " is not a gapcheck run store (" + sqlite3_errstr(e.code) +
                     "); left untouched");
  }
  if (application_id == 0 && user_version == 0 && objects == 0) return false;
  if (application_id != kApplicationId)
    throw InputError(file + " is an SQLite database of another program (application_id " +
                     std::to_string(application_id) + ", a gapcheck store has " +
                     std::to_string(kApplicationId) + "); left untouched");
  if (user_version != kSchemaVersion)
    throw InputError(file + " is a gapcheck store of schema " + std::to_string(user_version) +
                     ", this gapcheck reads schema " + std::to_string(kSchemaVersion) +
                     "; left untouched");
  std::vector<std::string> columns;
  Statement info(db, "PRAGMA table_info(runs)");
  while (info.step()) columns.push_back(info.text(1));
  if (columns != std::vector<std::string>(std::begin(kColumns), std::end(kColumns)))
    throw InputError(file + " says it is a gapcheck store but its runs table has other columns; "
                     "left untouched");
  return true;
}

// A connection to `path` through `uri` (file_uri), or InputError naming the file.
sqlite3* connect(const std::filesystem::path& path, const std::string& uri, int flags) {
  std::error_code fs_error;
  if (std::filesystem::is_directory(path, fs_error))
    throw InputError("cannot open the run store '" + path.string() +
                     "': it is a directory (accepted: a store file, or a name for a new one)");
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(uri.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw InputError("cannot open the run store '" + path.string() + "': " + message);
  }
  // Concurrent writers (two sweeps on one file) wait for each other instead of failing.
  sqlite3_busy_timeout(db, 60'000);
  return db;
}

// How a command that only reads opens a store. SQLite keeps a write-ahead-log store's log and
// shared-memory files beside it while it is open, and deletes them when the last connection
// closes, if that connection may write. Made by a reader that may not write the store, they
// would belong to that reader, and the store's owner could no longer write it. So:
//  - a store the user may write, in a folder the user may write, is opened read-write and only
//    read (query_only);
//  - one that another command has open (both files beside it) is read under SQLite's locks,
//    read-only, through the files that are there;
//  - any other (an archived store, a read-only mount, another user's store that nothing has
//    open) is read immutable, without those files: require_no_log() first refuses a log that a
//    stopped writer left. A writer that opens the store during such a read writes its own log
//    and folds it into the store only when the log grows large or the writer closes.
enum class ReadAccess { read_write, read_only, immutable };

// The file SQLite opens for `path`: absolute, with symbolic links resolved, since SQLite keeps
// the log's files beside the link's target.
std::filesystem::path resolved(const std::filesystem::path& path) {
  std::error_code error;
  const auto real = std::filesystem::weakly_canonical(std::filesystem::absolute(path), error);
  return error ? std::filesystem::absolute(path) : real;
}

bool exists_beside(const std::filesystem::path& real, const char* suffix) {
  std::error_code none;
  return std::filesystem::exists(real.string() + suffix, none);
}

ReadAccess read_access(const std::filesystem::path& real) {
  if (::access(real.parent_path().c_str(), W_OK) == 0 && ::access(real.c_str(), W_OK) == 0)
    return ReadAccess::read_write;
  if (exists_beside(real, "-wal") && exists_beside(real, "-shm")) return ReadAccess::read_only;
  return ReadAccess::immutable;
}

// A store read immutable must not have a log beside it: SQLite would not see the runs it holds.
void require_no_log(const std::filesystem::path& path, const std::filesystem::path& real) {
  std::error_code no_size;
  const auto wal = real.string() + "-wal";
  if (std::filesystem::file_size(wal, no_size) > 0 && !no_size)
    throw InputError("the run store '" + path.string() + "' has a write-ahead log ('" + wal +
                     "') that a writer left and only a writer of the store can fold in: read it "
                     "as a user who may write it and its folder, or copy both files to a folder "
                     "you may write and read the copy");
}

// `real` (resolved()) as a file: URI with `query` ("mode=rw", "immutable=1", ...): how the
// store is opened, and how merge attaches a source. The empty authority ("file://") keeps a
// path that starts with two slashes a path.
std::string file_uri(const std::filesystem::path& real, const std::string& query) {
  std::string uri = "file://";
  for (const unsigned char c : real.string()) {
    if (std::isalnum(c) || std::strchr("/-._~", c) != nullptr) {
      uri += static_cast<char>(c);
    } else {
      constexpr const char* kHex = "0123456789ABCDEF";
      uri += {'%', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return uri + "?" + query;
}

// `path` read immutable (resolved: `real`), after refusing a log that such a read would not see.
std::string immutable_uri(const std::filesystem::path& path, const std::filesystem::path& real) {
  require_no_log(path, real);
  return file_uri(real, "immutable=1");
}

// How a store is opened: the URI, the open flags, whether the connection may write but must
// only read (a reader's read_write), and whether it reads immutable.
struct Opening {
  std::string uri;
  int flags;
  bool query_only = false;
  bool immutable = false;
};

// How a reading command opens `path` (read_access).
Opening reading(const std::filesystem::path& path) {
  const auto real = resolved(path);
  switch (read_access(real)) {
    case ReadAccess::read_write: return {file_uri(real, "mode=rw"), SQLITE_OPEN_READWRITE, true};
    case ReadAccess::read_only: return {file_uri(real, "mode=ro"), SQLITE_OPEN_READONLY};
    case ReadAccess::immutable: break;
  }
  return {immutable_uri(path, real), SQLITE_OPEN_READONLY, false, true};
}

// How a writing command opens `path`: created if missing (":memory:": the empty store no file
// holds).
Opening writing(const std::filesystem::path& path) {
  return {path == ":memory:" ? std::string(":memory:") : file_uri(resolved(path), "mode=rwc"),
          SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE};
}

// Whether SQLite could not make the write-ahead log's files beside the store: its folder is not
// writable (or not even readable as a folder).
bool folder_refused(const StoreError& e) {
  return (e.code & 0xff) == SQLITE_CANTOPEN || e.code == SQLITE_READONLY_DIRECTORY;
}

sqlite3* open_checked(const std::filesystem::path& path, RunStore::Mode mode) {
  const bool writable = mode == RunStore::Mode::read_write;
  if (path.empty()) throw InputError("--db '' names no run store");
  if (!writable && !std::filesystem::exists(path))
    throw InputError("no run store at '" + path.string() + "'");
  const Opening opening = writable ? writing(path) : reading(path);
  sqlite3* db = connect(path, opening.uri, opening.flags | SQLITE_OPEN_URI);
  try {
    if (opening.query_only) exec(db, "PRAGMA query_only = 1");
    bool ours = false;
    try {
      ours = check_ours(db, path);
    } catch (const StoreError& e) {
      if (!folder_refused(e)) throw;
      if (writable)
        throw InputError("cannot write the run store '" + path.string() +
                         "': its folder must be writable too (SQLite keeps the store's "
                         "write-ahead log beside it)");
      if (opening.immutable) throw;
      // The folder refused what access(2) allowed: read immutable.
      const std::string immutable = immutable_uri(path, resolved(path));
      sqlite3_close(std::exchange(db, nullptr));
      db = connect(path, immutable, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
      ours = check_ours(db, path);
    }
    // SQLite opens a file it may not write read-only without saying so: refuse it here, before
    // any run is simulated for it.
    if (writable && sqlite3_db_readonly(db, "main") == 1)
      throw InputError("the run store '" + path.string() +
                       "' is read-only, and this command stores its runs there (export and "
                       "sweep --status read it as it is)");
    if (ours) {
      if (writable) exec(db, "PRAGMA journal_mode = WAL");
    } else {
      if (!writable) throw EmptyStore("'" + path.string() + "' holds no runs yet");
      // An empty database: make it a store, in one transaction that re-checks emptiness (another
      // process may be doing the same).
      exec(db, "PRAGMA journal_mode = WAL");
      exec(db, "BEGIN IMMEDIATE");
      try {
        if (!check_ours(db, path)) {
          exec(db, kCreateRuns);
          exec(db, "PRAGMA application_id = " + std::to_string(kApplicationId));
          exec(db, "PRAGMA user_version = " + std::to_string(kSchemaVersion));
        }
        exec(db, "COMMIT");
      } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
      }
    }
    // WAL with synchronous = NORMAL: a commit survives the process being killed; only a power
    // cut may lose the last commits (never corrupt the file).
    exec(db, "PRAGMA synchronous = NORMAL");
  } catch (...) {
    sqlite3_close(db);
    throw;
  }
  return db;
}

}  // namespace

PointKey PointKey::of(const Simulation& simulation, std::uint64_t seed) {
  return {simulation.process.str(), simulation.setting.str(), simulation.weights.str(),
          simulation.config.n,      simulation.config.m,      simulation.config.gap_level,
          seed,                     engine_name(simulation.config.engine)};
}

RunStore::RunStore(std::filesystem::path path, std::string version, KeyField ignored, sqlite3* db)
    : path_(std::move(path)), version_(std::move(version)), ignored_(ignored), db_(db) {}

RunStore RunStore::open(const std::filesystem::path& path, Mode mode, std::string version,
                        KeyField ignored) {
  return RunStore(path, std::move(version), ignored, open_checked(path, mode));
}

std::string RunStore::version_column(const std::string& engine) const {
  if (ignored_ == KeyField::engine) return version_;
  if (ignored_ == KeyField::version) return engine_version("any version", engine);
  return engine_version(version_, engine);
}

PointKey RunStore::keyed(PointKey key) const {
  switch (ignored_) {
    case KeyField::process: key.process.clear(); break;
    case KeyField::setting: key.setting.clear(); break;
    case KeyField::weights: key.weights.clear(); break;
    case KeyField::n: key.n = 0; break;
    case KeyField::m: key.m = 0; break;
    case KeyField::gap_level: key.gap_level = 0; break;
    case KeyField::seed: key.seed = 0; break;
    default: break;
  }
  return key;
}

std::uint64_t RunStore::keyed(std::uint64_t replicate) const {
  return ignored_ == KeyField::replicate ? 0 : replicate;
}

RunStore::RunStore(RunStore&& other) noexcept
    : path_(std::move(other.path_)),
      version_(std::move(other.version_)),
      ignored_(other.ignored_),
      db_(std::exchange(other.db_, nullptr)),
      insert_(std::move(other.insert_)) {}

RunStore& RunStore::operator=(RunStore&& other) noexcept {
  if (this != &other) {
    insert_.reset();
    sqlite3_close(db_);
    path_ = std::move(other.path_);
    version_ = std::move(other.version_);
    ignored_ = other.ignored_;
    db_ = std::exchange(other.db_, nullptr);
    insert_ = std::move(other.insert_);
  }
  return *this;
}

RunStore::~RunStore() {
  insert_.reset();  // statements are finalized before their connection closes
  sqlite3_close(db_);
}

std::map<std::uint64_t, RunResult> RunStore::read(const PointKey& key, std::uint64_t first,
                                                  std::uint64_t runs) const {
  Statement s(db_, std::string("SELECT ") + kResultColumns + " FROM runs WHERE " + kKeyMatch +
                       " AND replicate >= ?9 AND replicate < ?10");
  s.bind_key(version_column(key.engine), keyed(key)).bind(9, keyed(first))
      .bind(10, keyed(first) + runs);
  std::map<std::uint64_t, RunResult> found;
  while (s.step()) {
    StoredRun run = row_of(s, version_column(key.engine));
    found.emplace(run.result.replicate, std::move(run.result));
  }
  return found;
}

std::uint64_t RunStore::count(const PointKey& key, std::uint64_t first, std::uint64_t runs) const {
  Statement s(db_, std::string("SELECT count(*) FROM runs WHERE ") + kKeyMatch +
                       " AND replicate >= ?9 AND replicate < ?10");
  s.bind_key(version_column(key.engine), keyed(key)).bind(9, keyed(first))
      .bind(10, keyed(first) + runs);
  return s.step() ? s.uint(0) : 0;
}

std::vector<std::uint64_t> RunStore::replicates(const PointKey& key) const {
  Statement s(db_, std::string("SELECT replicate FROM runs WHERE ") + kKeyMatch +
                       " ORDER BY replicate");
  s.bind_key(version_column(key.engine), keyed(key));
  std::vector<std::uint64_t> found;
  while (s.step()) found.push_back(s.uint(0));
  return found;
}

std::vector<StoredTime> RunStore::stored_times() const {
  Statement s(db_, std::string("SELECT version, process, setting, weights, n, sum(seconds), "
                               "sum(balls) FROM runs WHERE ") +
                       kAnyEngine + " GROUP BY version, process, setting, weights, n");
  s.bind(1, version_).bind(2, engine_version(version_, "levels"))
      .bind(3, engine_version(version_, "bulk"));
  std::vector<StoredTime> times;
  while (s.step()) {
    StoredTime t;
    t.kind.engine = engine_of_version(version_, s.text(0));
    t.kind.process = s.text(1);
    t.kind.setting = s.text(2);
    t.kind.weights = s.text(3);
    t.kind.n = s.uint(4);
    t.seconds = s.real(5);
    t.balls = s.real(6);
    times.push_back(std::move(t));
  }
  return times;
}

std::uint64_t RunStore::rows_of_other_versions() const {
  Statement s(db_, std::string("SELECT count(*) FROM runs WHERE NOT ") + kAnyEngine);
  s.bind(1, version_).bind(2, engine_version(version_, "levels"))
      .bind(3, engine_version(version_, "bulk"));
  return s.step() ? s.uint(0) : 0;
}

void RunStore::write(std::span<const StoredRun> runs) {
  if (runs.empty()) return;
  if (!insert_)  // prepared once: a sweep of tiny runs writes thousands of times a second
    insert_ = std::make_unique<Statement>(
        db_, std::string("INSERT OR IGNORE INTO runs (version, ") + kResultColumns +
                 ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, "
                 "?16, ?17, ?18, ?19)");
  Statement& s = *insert_;
  const auto roll_back = [&] {
    s.reset();
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  };
  try {
    exec(db_, "BEGIN IMMEDIATE");
    for (const StoredRun& run : runs) {
      const RunResult& r = run.result;
      s.bind_key(version_column(run.key.engine), keyed(run.key))
          .bind(9, keyed(r.replicate)).bind(10, r.gap).bind(11, r.max_load)
          .bind(12, r.max_gap_over_time).bind(13, r.fraction_above_level)
          .bind(14, r.balls).bind(15, r.steps).bind(16, r.probes)
          .bind(17, histogram_to_json(r.histogram).dump())
          .bind(18, counts_to_json(r.setting_counts).dump())
          .bind(19, run.seconds);
      s.step();
      s.reset();
    }
    exec(db_, "COMMIT");
  } catch (const StoreError& e) {
    roll_back();
    throw StoreError(e.code, std::string(e.what()) + " (the runs committed before are kept)");
  } catch (...) {
    roll_back();
    throw;
  }
}

void RunStore::for_each(const std::function<void(const StoredRun&)>& visit) const {
  Statement s(db_, std::string("SELECT ") + kResultColumns + ", version FROM runs WHERE " +
                       kAnyEngine +
                       " ORDER BY process, setting, weights, n, m, gap_level, seed, version, "
                       "replicate");
  s.bind(1, version_).bind(2, engine_version(version_, "levels"))
      .bind(3, engine_version(version_, "bulk"));
  while (s.step()) {
    StoredRun run = row_of(s, s.text(18));
    run.key.engine = engine_of_version(version_, s.text(18));
    visit(run);
  }
}

void RunStore::check_rows(bool every_version) const {
  Statement s(db_, std::string("SELECT ") + kResultColumns + ", version FROM runs" +
                       (every_version ? "" : std::string(" WHERE ") + kAnyEngine));
  if (!every_version)
    s.bind(1, version_).bind(2, engine_version(version_, "levels"))
        .bind(3, engine_version(version_, "bulk"));
  while (s.step()) row_of(s, s.text(18));
}

std::uint64_t RunStore::merge_from(const std::filesystem::path& other) {
  open(other, Mode::read_only, version_).check_rows(true);  // refuses foreign files and bad rows
  std::error_code ignored;
  if (std::filesystem::equivalent(other, path_, ignored))
    throw InputError("'" + other.string() + "' is the store being merged into");
  // Attached as a reading command opens it (read_access): nothing is left beside it.
  Statement attach(db_, "ATTACH DATABASE ?1 AS other");
  attach.bind(1, reading(other).uri);
  attach.step();
  std::uint64_t added = 0;
  try {
    // Deferred: IMMEDIATE would also take the write lock of the attached source. The one
    // statement writes main first, so it waits for main's writers as IMMEDIATE would.
    exec(db_, "BEGIN");
    const std::int64_t before = sqlite3_total_changes64(db_);
    exec(db_, "INSERT OR IGNORE INTO main.runs SELECT * FROM other.runs");
    added = static_cast<std::uint64_t>(sqlite3_total_changes64(db_) - before);
    exec(db_, "COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_exec(db_, "DETACH DATABASE other", nullptr, nullptr, nullptr);
    throw;
  }
  exec(db_, "DETACH DATABASE other");
  return added;
}

Streamed stream_runs(RunStore* store, const Simulation& simulation, std::uint64_t seed,
                     std::uint64_t first, std::uint64_t runs, unsigned threads,
                     const std::function<void(RunResult&&)>& deliver,
                     const std::function<bool()>& stop) {
  constexpr std::uint64_t kChunkPerThread = 256;
  const std::uint64_t chunk = kChunkPerThread * std::max(1u, threads);
  const std::optional<PointKey> key =
      store ? std::optional(PointKey::of(simulation, seed)) : std::nullopt;
  Streamed streamed{0, std::max(1u, threads)};
  std::uint64_t simulated = 0;  // runs simulated to the end (not read back)
  for (std::uint64_t start = 0; start < runs && !(stop && stop()); start += chunk) {
    const std::uint64_t size = std::min(chunk, runs - start);
    const std::uint64_t base = first + start;
    std::vector<std::optional<RunResult>> ready(size);
    std::vector<bool> from_store(size, false);
    if (store)
      for (auto& [replicate, result] : store->read(*key, base, size)) {
        from_store[replicate - base] = true;
        ready[replicate - base] = std::move(result);
      }
    std::uint64_t next = 0;  // the chunk's next replicate to deliver
    auto deliver_ready = [&] {
      for (; next < size && ready[next]; ++next, ++streamed.delivered) {
        if (from_store[next]) {
          ++streamed.stored_runs;
          streamed.stored_balls += ready[next]->balls;
        }
        deliver(std::move(*ready[next]));
        ready[next].reset();
      }
    };
    deliver_ready();  // stored runs before the first missing one
    std::vector<Task> missing;
    for (std::uint64_t k = next; k < size; ++k)
      if (!ready[k]) missing.push_back({0, base + k});
    const unsigned ran = execute(
        missing, threads, [&](const Task& task) { return simulation.run(seed, task.replicate); },
        [&](std::span<const FinishedTask> done) {
          simulated += done.size();
          if (store) {
            std::vector<StoredRun> rows;
            for (const auto& f : done) rows.push_back({*key, f.result, f.seconds});
            store->write(rows);
          }
          for (const auto& f : done) ready[f.task.replicate - base] = f.result;
          deliver_ready();
        },
        stop);
    if (ran < std::min<std::uint64_t>(threads, missing.size()))
      streamed.threads = std::min(streamed.threads, ran);
    deliver_ready();
    if (next < size) break;  // stopped
  }
  // No more threads ran than runs were simulated (none, where every run was read back).
  streamed.threads = static_cast<unsigned>(std::min<std::uint64_t>(streamed.threads, simulated));
  return streamed;
}

std::vector<RunResult> run_or_reuse(RunStore* store, const Simulation& simulation,
                                    std::uint64_t seed, std::uint64_t first, std::uint64_t runs,
                                    unsigned threads, const std::function<bool()>& stop) {
  std::vector<RunResult> results;
  results.reserve(runs);
  const Streamed streamed = stream_runs(
      store, simulation, seed, first, runs, threads,
      [&](RunResult&& result) { results.push_back(std::move(result)); }, stop);
  if (streamed.delivered < runs)
    throw Interrupted("stopped after " + std::to_string(streamed.delivered) + " of " +
                      std::to_string(runs) + " runs of a batch");
  return results;
}

std::optional<RunStore> read_existing_store(const std::filesystem::path& path) {
  try {
    RunStore store = RunStore::open(path, RunStore::Mode::read_only);
    store.check_rows();
    return store;
  } catch (const EmptyStore&) {
    return std::nullopt;
  }
}

}  // namespace gapcheck::store
