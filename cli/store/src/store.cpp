#include "sudoforge/store/store.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <random>
#include <thread>

#include "impl.hpp"
#include "schema.hpp"
#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::store {

namespace {

constexpr const char* kInsertPuzzle =
    "INSERT INTO puzzles (box, variant, canonical, puzzle, solution, clues, symmetry, status, tier, te_depth, "
    "score, rounds, search_nodes, search_depth, naked_singles, hidden_singles, naked_twins, hidden_twins, run_id, "
    "source, created, rating, level, hardest_technique, techniques, rating_version, mined_from, move, note) VALUES (?1, ?2, ?3, "
    "?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, "
    "?28, ?29) "
    "ON CONFLICT (box, variant, canonical) DO NOTHING";

// Switches the file to WAL (a lasting property of the file). The switch needs the
// file to itself, and SQLite does not wait for that through the busy handler: when
// several processes open a new file at once, retry for as long as the busy
// timeout would wait.
void use_wal(sqlite::Connection& db) {
  {
    sqlite::Statement mode(db, "PRAGMA journal_mode");
    if (mode.step() && mode.text(0) == "wal") return;
  }
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(sqlite::kBusyTimeoutMs);
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    const int code = sqlite3_exec(db.handle(), "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
    if (code == SQLITE_OK) return;
    if ((code & 0xFF) != SQLITE_BUSY && (code & 0xFF) != SQLITE_LOCKED) break;
    if (std::chrono::steady_clock::now() > give_up) break;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
  db.fail("cannot run 'PRAGMA journal_mode = WAL'");
}

// Opens and readies the connection: WAL, NORMAL sync, foreign keys, busy timeout,
// then the schema. Reading user_version first makes a file that is not SQLite fail
// here, with SQLite's own words.
sqlite::Connection ready(sqlite::Connection&& db) {
  db.check(sqlite3_busy_timeout(db.handle(), sqlite::kBusyTimeoutMs), "cannot set the busy timeout");
  try {
    detail::schema_version(db);
  } catch (const StoreError&) {
    throw StoreError("cannot open database '" + db.path() + "': " + sqlite3_errmsg(db.handle()));
  }
  // A new file gets pages of 16 KiB instead of SQLite's 4 KiB: importing 17clue makes
  // 0.39 of the write calls and 0.25 of the reads, for 0.94 of the CPU time (measured);
  // an existing file keeps its own pages (the pragma does nothing there).
  db.execute("PRAGMA page_size = 16384");
  use_wal(db);
  db.execute("PRAGMA synchronous = NORMAL");
  db.execute("PRAGMA foreign_keys = ON");
  db.execute("PRAGMA temp_store = MEMORY");
  // 16 MiB of pages: as fast as 64 MiB for imports and generate runs of 100,000
  // puzzles (measured), and the peak memory stays flat as the file grows.
  db.execute("PRAGMA cache_size = -16384");
  detail::prepare_schema(db, Store::kSchemaVersion);
  return std::move(db);
}

std::string box_of(const engine::Geometry& geometry) {
  return std::to_string(geometry.box_rows()) + "x" + std::to_string(geometry.box_cols());
}

}  // namespace

namespace detail {

std::string now_utc() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

void bind_puzzle(sqlite::Statement& insert, const NewPuzzle& puzzle, const std::string& created, RowText& text) {
  const grader::Grade& grade = puzzle.grade;
  const engine::Geometry& geometry = puzzle.puzzle.geometry();
  text.box = box_of(geometry);
  text.puzzle = engine::to_line(puzzle.puzzle);
  text.solution = engine::to_line(grade.solution);
  insert.bind_static(1, text.box)
      .bind_static(2, engine::variant_name(geometry.variant()))
      .bind_static(3, puzzle.canonical)
      .bind_static(4, text.puzzle)
      .bind_static(5, text.solution)
      .bind(6, std::int64_t{grade.clues})
      .bind_static(7, puzzle.symmetry)
      .bind_static(8, grader::status_name(grade.status))
      .bind_static(9, grader::tier_name(grade.tier))
      .bind(10, std::int64_t{grade.te_depth})
      .bind(11, std::int64_t{grade.score})
      .bind(12, std::int64_t{grade.rounds})
      .bind(13, static_cast<std::int64_t>(grade.search_nodes))
      .bind(14, std::int64_t{grade.search_depth});
  for (int t = 0; t < grader::kTechniqueCount; ++t) insert.bind(15 + t, std::int64_t{grade.technique_counts[static_cast<std::size_t>(t)]});
  insert.bind(19, puzzle.run > 0 ? std::optional<std::int64_t>(puzzle.run) : std::nullopt)
      .bind_static(20, puzzle.source)
      .bind_static(21, created);
  bind_rating(insert, 22, grade, puzzle.rated ? std::optional<int>(puzzle.rating_version) : std::nullopt, text.techniques);
  // NULL for a puzzle that was not mined, or whose file said nothing of it.
  for (const auto& [at, value] : {std::pair{27, &puzzle.mined_from}, std::pair{28, &puzzle.move}, std::pair{29, &puzzle.note}}) {
    if (value->empty()) {
      insert.bind_null(at);
    } else {
      insert.bind_static(at, *value);
    }
  }
}

void bind_rating(sqlite::Statement& statement, int first, const grader::Grade& grade, std::optional<int> version,
                 std::string& techniques) {
  if (!version) {
    for (int i = 0; i < 5; ++i) statement.bind_null(first + i);
    return;
  }
  techniques = grader::techniques_text(grade.human_counts);
  statement.bind(first, std::int64_t{grade.rating})
      .bind_static(first + 1, grader::level_name(grade.level))
      .bind_static(first + 2, grader::human_technique_name(grade.hardest))
      .bind_static(first + 3, techniques)
      .bind(first + 4, std::int64_t{*version});
}

}  // namespace detail

namespace {

// A database for reading only (list, stats, export): never created, never changed,
// readable in a folder this process cannot write. A file of an older schema is
// migrated first where it can be written (an older database gets the new fields
// when it is opened), and refused where it cannot.
sqlite::Connection open_for_reading(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    throw StoreError("cannot open database '" + path +
                     "': no such file (list, stats and export only read a database: import or generate make one)");
  }
  for (const bool immutable : {false, true}) {
    sqlite::Connection db(path, sqlite::Connection::ReadOnly{immutable});
    db.check(sqlite3_busy_timeout(db.handle(), sqlite::kBusyTimeoutMs), "cannot set the busy timeout");
    int version = 0;
    try {
      version = detail::schema_version(db);
    } catch (const StoreError&) {
      // A WAL database in a folder that cannot be written: no -shm file can be made,
      // and none is needed when nobody can write the database either.
      const int primary = sqlite3_extended_errcode(db.handle()) & 0xFF;
      if (!immutable && (primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY)) continue;
      throw StoreError("cannot open database '" + path + "': " + sqlite3_errmsg(db.handle()));
    }
    if (version > 0 && version < Store::kSchemaVersion && ::access(path.c_str(), W_OK) == 0) {
      return ready(sqlite::Connection(path, false));
    }
    detail::require_version(db, Store::kSchemaVersion);  // not sudoforge's, newer, or older and read-only: throws
    db.execute("PRAGMA query_only = 1");
    return db;
  }
  throw StoreError("cannot open database '" + path + "'");  // not reached: the immutable pass returns or throws
}

sqlite::Connection connect(const std::string& path, Store::Access access) {
  if (access == Store::Access::ReadOnly) return open_for_reading(path);
  return ready(sqlite::Connection(path, true));
}

}  // namespace

Store::Impl::Impl(const std::string& path, Store::Access access)
    : db(connect(path, access)),
      insert_puzzle(db, kInsertPuzzle),
      find_puzzle(db, "SELECT id FROM puzzles WHERE box = ?1 AND variant = ?2 AND canonical = ?3"),
      insert_source(db,
                    "INSERT INTO sources (puzzle_id, run_id, source, seen, item) VALUES (?1, ?2, ?3, ?4, ?5) "
                    "ON CONFLICT (puzzle_id, source) DO NOTHING") {}

std::pair<std::int64_t, bool> Store::Impl::add(const NewPuzzle& puzzle, const std::string& now) {
  // A failure half-way through an earlier call leaves a statement mid-step.
  insert_puzzle.reset();
  find_puzzle.reset();
  insert_source.reset();
  detail::RowText text;
  detail::bind_puzzle(insert_puzzle, puzzle, now, text);
  std::int64_t id = 0;
  insert_puzzle.run();
  const bool added = db.changes() == 1;
  if (added) {
    id = db.last_insert_rowid();
  } else {
    const engine::Geometry& geometry = puzzle.puzzle.geometry();
    find_puzzle.bind_static(1, text.box).bind_static(2, engine::variant_name(geometry.variant())).bind_static(3, puzzle.canonical);
    if (!find_puzzle.step()) db.fail("cannot find a stored puzzle");
    id = find_puzzle.integer(0);
    find_puzzle.reset();
  }
  insert_puzzle.reset();
  insert_source.bind(1, id)
      .bind(2, puzzle.run > 0 ? std::optional<std::int64_t>(puzzle.run) : std::nullopt)
      .bind_static(3, puzzle.source)
      .bind_static(4, now)
      .bind(5, puzzle.item)
      .run();
  insert_source.reset();
  return {id, added};
}

Store::Store(const std::string& path, Access access) : impl_(std::make_unique<Impl>(path, access)) {}
Store::~Store() = default;
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;

const std::string& Store::path() const { return impl_->db.path(); }

std::int64_t Store::begin_run(const std::string& command, const std::string& parameters,
                              std::optional<std::int64_t> seed, std::int64_t requested) {
  // A random identity, so that runs stay distinct when databases are merged.
  std::random_device device;
  char uid[33];
  std::snprintf(uid, sizeof uid, "%08x%08x%08x%08x", device(), device(), device(), device());
  sqlite::Statement insert(impl_->db,
                           "INSERT INTO runs (uid, command, parameters, seed, started, status, requested) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, 'running', ?6)");
  insert.bind(1, std::string_view(uid)).bind(2, command).bind(3, parameters).bind(4, seed).bind(5, detail::now_utc());
  insert.bind(6, requested).run();
  return impl_->db.last_insert_rowid();
}

std::string_view run_status_name(RunStatus status) {
  switch (status) {
    case RunStatus::Done: return "done";
    case RunStatus::Interrupted: return "interrupted";
    case RunStatus::Incomplete: return "incomplete";
    case RunStatus::Failed: return "failed";
  }
  return "failed";
}

void Store::reopen_run(std::int64_t run) {
  sqlite::Statement update(impl_->db, "UPDATE runs SET finished = NULL, status = 'running' WHERE id = ?1");
  update.bind(1, run).run();
}

void Store::finish_run(std::int64_t run, RunStatus status, std::int64_t rejected) {
  sqlite::Statement update(impl_->db, "UPDATE runs SET finished = ?2, status = ?3, rejected = ?4 WHERE id = ?1");
  update.bind(1, run).bind(2, detail::now_utc()).bind(3, run_status_name(status)).bind(4, rejected);
  update.run();
}

void Store::set_run_counts(std::int64_t run, std::int64_t added, std::int64_t duplicates) {
  sqlite::Statement update(impl_->db, "UPDATE runs SET added = ?2, duplicates = ?3 WHERE id = ?1");
  update.bind(1, run).bind(2, added).bind(3, duplicates).run();
}

void Store::fail_run(std::int64_t run) noexcept {
  try {
    sqlite::Statement update(impl_->db, "UPDATE runs SET finished = ?2, status = 'failed' WHERE id = ?1");
    update.bind(1, run).bind(2, detail::now_utc());
    update.run();
  } catch (const std::exception&) {
    // The database is what failed (full, gone read-only, ...): the run stays "running".
  }
}

namespace {
constexpr const char* kRunColumns =
    "SELECT id, uid, command, parameters, seed, started, finished, status, requested, added, duplicates, rejected, "
    "next_index, state FROM runs";

Run read_run(const sqlite::Statement& select) {
  Run run;
  run.id = select.integer(0);
  run.uid = select.text(1);
  run.command = select.text(2);
  run.parameters = select.text(3);
  if (!select.is_null(4)) run.seed = select.integer(4);
  run.started = select.text(5);
  run.finished = select.text(6);
  run.status = select.text(7);
  run.requested = select.integer(8);
  run.added = select.integer(9);
  run.duplicates = select.integer(10);
  run.rejected = select.integer(11);
  run.next_index = select.integer(12);
  if (!select.is_null(13)) run.state = select.text(13);
  return run;
}
}  // namespace

std::vector<Run> Store::runs() {
  sqlite::Statement select(impl_->db, std::string(kRunColumns) + " ORDER BY id");
  std::vector<Run> runs;
  while (select.step()) runs.push_back(read_run(select));
  return runs;
}

std::optional<Run> Store::run(std::int64_t id) {
  sqlite::Statement select(impl_->db, std::string(kRunColumns) + " WHERE id = ?1");
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  return read_run(select);
}

std::optional<Run> Store::latest_run(const std::string& command, const std::string& parameters, std::int64_t seed) {
  sqlite::Statement select(impl_->db, std::string(kRunColumns) +
                                          " WHERE command = ?1 AND parameters = ?2 AND seed = ?3 "
                                          "ORDER BY id DESC LIMIT 1");
  select.bind(1, command).bind(2, parameters).bind(3, seed);
  if (!select.step()) return std::nullopt;
  return read_run(select);
}

std::vector<RunPuzzle> Store::run_puzzles(std::int64_t run) {
  sqlite::Statement select(impl_->db,
                           "SELECT p.canonical, p.tier, s.item, p.level, p.id FROM sources s JOIN puzzles p ON "
                           "p.id = s.puzzle_id WHERE s.run_id = ?1 ORDER BY s.item, s.id");
  select.bind(1, run);
  std::vector<RunPuzzle> puzzles;
  while (select.step()) {
    const std::int64_t id = select.integer(4);
    RunPuzzle puzzle{select.text(0), detail::known(grader::parse_tier(select.text(1)), id, "tier", select.text(1)),
                     select.integer(2), std::nullopt};
    if (!select.is_null(3)) puzzle.level = detail::known(grader::parse_level(select.text(3)), id, "level", select.text(3));
    puzzles.push_back(std::move(puzzle));
  }
  return puzzles;
}

std::vector<bool> Store::add(std::span<const NewPuzzle> batch,
                             std::optional<std::pair<std::int64_t, std::int64_t>> progress,
                             const std::optional<std::string>& state) {
  std::vector<bool> added;
  added.reserve(batch.size());
  const std::string now = detail::now_utc();
  sqlite::Transaction transaction(impl_->db);
  std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> counts;  // by run: added, duplicates
  for (const NewPuzzle& puzzle : batch) {
    added.push_back(impl_->add(puzzle, now).second);
    auto& count = counts[puzzle.run];
    (added.back() ? count.first : count.second)++;
  }
  for (const auto& [run, count] : counts) {
    sqlite::Statement update(impl_->db, "UPDATE runs SET added = added + ?2, duplicates = duplicates + ?3 WHERE id = ?1");
    update.bind(1, run).bind(2, count.first).bind(3, count.second).run();
  }
  if (progress) {
    sqlite::Statement update(impl_->db, "UPDATE runs SET next_index = ?2 WHERE id = ?1");
    update.bind(1, progress->first).bind(2, progress->second).run();
    if (state) {
      sqlite::Statement set_state(impl_->db, "UPDATE runs SET state = ?2 WHERE id = ?1");
      set_state.bind(1, progress->first).bind(2, *state).run();
    }
  }
  transaction.commit();
  return added;
}

bool Store::contains(const engine::Geometry& geometry, const std::string& canonical) {
  sqlite::Statement find(impl_->db, "SELECT 1 FROM puzzles WHERE box = ?1 AND variant = ?2 AND canonical = ?3");
  find.bind(1, box_of(geometry)).bind(2, engine::variant_name(geometry.variant())).bind(3, canonical);
  return find.step();
}

std::string Store::last_change() {
  sqlite::Statement latest(impl_->db, "SELECT max(max(started), coalesce(max(finished), '')) FROM runs");
  latest.step();
  std::string when = latest.text(0);
  if (!when.empty() && when.back() == 'Z') when.pop_back();
  return when;
}

std::string Store::integrity_check() {
  sqlite::Statement check(impl_->db, "PRAGMA integrity_check");
  std::string result;
  while (check.step()) result += (result.empty() ? "" : "\n") + check.text(0);
  return result;
}

RunGuard::RunGuard(Store& store, const std::string& command, const std::string& parameters,
                   std::optional<std::int64_t> seed, std::int64_t requested)
    : store_(store), id_(store.begin_run(command, parameters, seed, requested)) {
  try {
    lock();
  } catch (...) {
    store_.fail_run(id_);
    throw;
  }
}

RunGuard::RunGuard(Store& store, std::int64_t run) : store_(store), id_(run) {
  lock();  // before touching the run: another process may be working on it
  store_.reopen_run(id_);
}

RunGuard::~RunGuard() {
  if (!finished_) store_.fail_run(id_);
  unlock();
}

void RunGuard::finish(RunStatus status, std::int64_t rejected) {
  store_.finish_run(id_, status, rejected);
  finished_ = true;
  unlock();
}

void RunGuard::lock() {
  lock_path_ = store_.path() + "-run-" + std::to_string(id_) + ".lock";
  lock_fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) {
    throw StoreError("cannot lock run " + std::to_string(id_) + " of database '" + store_.path() + "': cannot open '" +
                     lock_path_ + "': " + std::strerror(errno));
  }
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(lock_fd_);
    lock_fd_ = -1;
    if (error == EWOULDBLOCK) {
      throw StoreError("run " + std::to_string(id_) + " of database '" + store_.path() +
                       "' is being made by another process right now: wait for it to end, or ask for something else "
                       "(another --seed)");
    }
    throw StoreError("cannot lock run " + std::to_string(id_) + " of database '" + store_.path() +
                     "': " + std::strerror(error));
  }
}

void RunGuard::unlock() noexcept {
  if (lock_fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while still held: no other process can be between open and flock on it
  ::close(lock_fd_);
  lock_fd_ = -1;
}

}  // namespace sudoforge::store
