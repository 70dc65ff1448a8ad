#pragma once
// The SQLite store: every puzzle kept once (keyed by its canonical form), with its
// grade, where it was first seen and every other place it was seen again, and the
// runs (imports, generations, merges) that filled it. One file, WAL mode, batched
// transactions, bound parameters only, schema version in user_version.
// The only code that links SQLite; <sqlite3.h> stays out of this header.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::store {

// Any failure of the store; the message names the database and says why.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A puzzle to store, graded (status unique) and keyed by the caller, so that the
// expensive parts happen on worker threads.
struct NewPuzzle {
  engine::Grid puzzle;
  grader::Grade grade;
  std::string canonical;  // engine::canonical_key(puzzle)
  std::string symmetry;   // engine::symmetry_name of the pattern
  std::string source;     // "FILE:LINE" or "run 7 #12"
  std::int64_t run = 0;
  std::optional<std::int64_t> item;  // candidate index, for generated puzzles
  bool rated = true;  // whether grade holds the human rating (merging old rows: not yet)
  std::string mined_from;  // a mined puzzle: the seed puzzle it was found from (one line)
  std::string move;        // and the move ("-1+1", ...); both empty otherwise
  std::string note;        // what its file said of it (a title, an author): empty if nothing
  int rating_version = grader::kRatingVersion;  // which rating grade holds, when rated
};

// A stored puzzle, as queries return it.
struct StoredPuzzle {
  std::int64_t id = 0;
  std::string source;  // where it was first seen
  std::int64_t run = 0;
  std::string symmetry;
  engine::Grid puzzle;
  grader::Grade grade;
  bool rated = true;  // false for a row stored before schema 3 and not upgraded yet
  std::string mined_from;  // a mined puzzle: the seed puzzle it was found from, and the move
  std::string move;
  std::string note;  // what the file it was first read from said of it
  int rating_version = 0;  // which rating it holds (grader::kRatingVersion); 1 for a rating stored before versions were kept; 0 when not rated
};

// How a run ended (a run still going, or killed, reads "running").
enum class RunStatus {
  Done,         // made or read everything asked for
  Interrupted,  // stopped by a signal (SIGINT, SIGTERM, SIGHUP); the same command resumes it
  Incomplete,   // stopped by a bound (--max-candidates, or the give-up bound) before the count
  Failed,       // stopped by an error (disk full, output lost, ...); the same command resumes it
};
std::string_view run_status_name(RunStatus status);  // "done", "interrupted", "incomplete", "failed"

struct Run {
  std::int64_t id = 0;
  std::string uid;         // unique across databases, so merging twice adds nothing
  std::string command;     // "import", "generate", "merge"
  std::string parameters;  // JSON
  std::optional<std::int64_t> seed;
  std::string started;     // ISO 8601, UTC
  std::string finished;    // empty while running
  std::string status;      // "running", or run_status_name() of how it ended
  std::int64_t requested = 0;
  std::int64_t added = 0;       // new puzzles, as committed
  std::int64_t duplicates = 0;  // puzzles already stored, as committed
  std::int64_t rejected = 0;    // input that could not be stored
  std::int64_t next_index = 0;  // generation: candidates below this one are done
  std::string state;            // mining: the frontier and round as of the last commit
};

// A puzzle a run produced (possibly stored first by another run).
struct RunPuzzle {
  std::string canonical;
  grader::Tier tier = grader::Tier::Singles;
  std::int64_t item = 0;
  std::optional<grader::Level> level;  // none for a row not rated yet
};

// What list and export select. Unset fields select everything.
struct Selection {
  std::optional<grader::Tier> tier;
  std::optional<int> te_depth;
  std::optional<grader::Level> level;
  std::optional<int> rating_min, rating_max;  // tenths
  std::optional<int> score_min, score_max;
  std::optional<int> clues_min, clues_max;
  std::optional<engine::Geometry> geometry;  // its box shape and variant
  std::optional<std::int64_t> run;           // puzzles first seen in this run
  std::optional<std::int64_t> id;            // one puzzle, by the id list and books print
  std::optional<std::int64_t> limit;
  enum class Order { Id, Score, Rating, Clues, Random } order = Order::Id;
  bool descending = false;  // largest first (ties by id, descending too)
  std::uint64_t seed = 0;   // for Order::Random: same seed, same order
};

// One geometry's puzzles and their clue counts.
struct GeometryStats {
  std::string name;                         // "9x9", "12x12 (3x4 boxes)", "9x9 diagonal" ...
  std::int64_t puzzles = 0;
  std::map<int, std::int64_t> by_clues;     // clues -> puzzles
};

// Counts for `stats`, each list in a reader's order: geometries by size, then box
// shape (more rows last), classic before diagonal; tiers and levels easiest first.
struct Stats {
  std::int64_t puzzles = 0;
  std::int64_t sources = 0;
  std::vector<GeometryStats> by_geometry;
  std::vector<std::pair<std::string, std::int64_t>> by_tier;   // "singles" ...
  std::vector<std::pair<std::string, std::int64_t>> by_level;  // "easy" ...; "unrated" last, for rows not upgraded
  std::map<int, std::int64_t> by_te_depth;                     // diabolical only
};

struct MergeCounts {
  std::int64_t runs = 0;        // runs copied
  std::int64_t puzzles = 0;     // new puzzles
  std::int64_t duplicates = 0;  // puzzles already here
  std::int64_t sources = 0;     // sources copied
};

class Store {
 public:
  static constexpr int kSchemaVersion = 6;

  enum class Access {
    ReadWrite,  // created if missing, an older schema migrated
    ReadOnly,   // for commands that only read: never created or changed; works in a
                // folder that cannot be written (an older schema is migrated where
                // the file can be written, else refused)
  };
  // Opens the database at `path`. Throws StoreError for a file that is missing (read
  // only), not SQLite or not sudoforge's, or whose schema is newer than this program knows.
  explicit Store(const std::string& path, Access access = Access::ReadWrite);
  ~Store();
  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;

  const std::string& path() const;

  // Records a run as started; returns its id. Prefer RunGuard, which also ends it.
  std::int64_t begin_run(const std::string& command, const std::string& parameters,
                         std::optional<std::int64_t> seed, std::int64_t requested);
  // Marks an unfinished run as running again (resuming it).
  void reopen_run(std::int64_t run);
  // Records its end and the input it rejected (its added and duplicates counts are
  // kept by add(), commit by commit).
  void finish_run(std::int64_t run, RunStatus status, std::int64_t rejected = 0);
  // Sets a run's counts (merge, whose puzzles do not go through add()).
  void set_run_counts(std::int64_t run, std::int64_t added, std::int64_t duplicates);
  // Marks a run "failed", if the database still takes writes; for error paths, so
  // it never throws (the error being handled is the one to report). The run can
  // still be resumed like an interrupted one.
  void fail_run(std::int64_t run) noexcept;
  std::vector<Run> runs();
  std::optional<Run> run(std::int64_t id);
  // The newest run of `command` with exactly these parameters and seed, if any.
  std::optional<Run> latest_run(const std::string& command, const std::string& parameters, std::int64_t seed);
  // Every puzzle a run produced, in candidate order.
  std::vector<RunPuzzle> run_puzzles(std::int64_t run);

  // Stores a batch in one transaction. For each puzzle: true if it was new, false
  // if an equivalent one was stored already (its source is then recorded as
  // another sighting); each puzzle's run counts it as added or duplicate in the
  // same transaction. All or nothing: on error nothing of the batch is kept. With
  // `progress` (run, next index), the run's next_index is set in the same
  // transaction, so a resumed run restarts exactly after what was committed.
  // With `state`, the run's state is set in it too (mining).
  std::vector<bool> add(std::span<const NewPuzzle> batch,
                        std::optional<std::pair<std::int64_t, std::int64_t>> progress = std::nullopt,
                        const std::optional<std::string>& state = std::nullopt);
  // Whether a puzzle with this canonical key (of this geometry) is stored.
  bool contains(const engine::Geometry& geometry, const std::string& canonical);

  // Calls `each` for every selected puzzle, in the selected order.
  void select(const Selection& selection, const std::function<void(const StoredPuzzle&)>& each);
  std::int64_t count(const Selection& selection);
  Stats stats();

  // Rows whose rating is not this sudoforge's: stored before schema 3 with none yet
  // (`unrated`), or rated by an older rating (`older`: rating_version below
  // grader::kRatingVersion).
  struct Outdated {
    std::int64_t unrated = 0;
    std::int64_t older = 0;
  };
  Outdated outdated();
  // Up to `limit` of those rows, the next ones in id order after the id `after`
  // (start from 0): each batch starts where the last ended, so a large database is
  // read once. A row stored by store_ratings is not outdated any more, so starting
  // again from 0 goes on where a stopped run left off.
  std::vector<StoredPuzzle> outdated_rows(std::int64_t after, std::int64_t limit);
  // Stores grades[i] (each unique, this sudoforge's grade of rows[i].puzzle) as the
  // rating, level, hardest technique, technique counts, score and rating version of
  // rows[i], in one transaction. `grades` may be shorter than `rows` (a run stopped
  // part-way): the rows past it are left as they are. Returns how many it rated and
  // how many of those rated before now read differently.
  struct Rerated {
    std::int64_t unrated = 0;  // rated for the first time
    std::int64_t older = 0;    // rated again
    std::int64_t changed = 0;  // of `older`: a rating, level, hardest technique, count or score changed
  };
  Rerated store_ratings(std::span<const StoredPuzzle> rows, std::span<const grader::Grade> grades);

  // Copies every run, puzzle and source of the database at `other` that is not
  // here yet. `other` is only read.
  MergeCounts merge_from(const std::string& other);

  // When the database last changed: the latest start or end of a run, as
  // "YYYY-MM-DDTHH:MM:SS" (empty for a database without runs). Books take their
  // date from here, so the same data gives the same bytes.
  std::string last_change();

  // PRAGMA integrity_check: "ok" when sound.
  std::string integrity_check();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// A run from its beginning to its end, for every command that makes one: if it is
// not finished, it is marked failed when the guard goes (an exception, an early
// return). It also holds a lock on the run (a file beside the database, "DB-run-N.lock",
// taken with flock), so that two processes never work on one run: a second that
// would resume it while the first is still going is refused.
class RunGuard {
 public:
  // Begins a new run.
  RunGuard(Store& store, const std::string& command, const std::string& parameters, std::optional<std::int64_t> seed,
           std::int64_t requested);
  // Takes up an unfinished run again. Throws StoreError if another process holds it.
  RunGuard(Store& store, std::int64_t run);
  ~RunGuard();
  RunGuard(const RunGuard&) = delete;
  RunGuard& operator=(const RunGuard&) = delete;

  std::int64_t id() const { return id_; }
  void finish(RunStatus status, std::int64_t rejected = 0);

 private:
  void lock();
  void unlock() noexcept;

  Store& store_;
  std::int64_t id_ = 0;
  bool finished_ = false;
  int lock_fd_ = -1;
  std::string lock_path_;
};

}  // namespace sudoforge::store
