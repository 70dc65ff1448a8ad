#include "schema.hpp"

#include <string>

#include "sudoforge/store/store.hpp"

namespace sudoforge::store::detail {

namespace {

// Version 1. Tier and status are kept as words so the file reads well in sqlite3.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  command TEXT NOT NULL,
  parameters TEXT NOT NULL,
  seed INTEGER,
  started TEXT NOT NULL,
  finished TEXT,
  status TEXT NOT NULL,
  requested INTEGER NOT NULL DEFAULT 0,
  added INTEGER NOT NULL DEFAULT 0,
  duplicates INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE puzzles (
  id INTEGER PRIMARY KEY,
  box TEXT NOT NULL,
  variant TEXT NOT NULL,
  canonical TEXT NOT NULL,
  puzzle TEXT NOT NULL,
  solution TEXT NOT NULL,
  clues INTEGER NOT NULL,
  symmetry TEXT NOT NULL,
  status TEXT NOT NULL,
  tier TEXT NOT NULL,
  te_depth INTEGER NOT NULL,
  score INTEGER NOT NULL,
  rounds INTEGER NOT NULL,
  search_nodes INTEGER NOT NULL,
  search_depth INTEGER NOT NULL,
  naked_singles INTEGER NOT NULL,
  hidden_singles INTEGER NOT NULL,
  naked_twins INTEGER NOT NULL,
  hidden_twins INTEGER NOT NULL,
  run_id INTEGER REFERENCES runs(id),
  source TEXT NOT NULL,
  created TEXT NOT NULL,
  UNIQUE (box, variant, canonical)
);
CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
  run_id INTEGER REFERENCES runs(id),
  source TEXT NOT NULL,
  seen TEXT NOT NULL,
  UNIQUE (puzzle_id, source)
);
CREATE INDEX puzzles_by_tier ON puzzles(tier, te_depth);
CREATE INDEX puzzles_by_score ON puzzles(score);
CREATE INDEX puzzles_by_clues ON puzzles(clues);
CREATE INDEX puzzles_by_run ON puzzles(run_id);
)sql";

// Version 2: generation runs can be resumed (the next candidate index is kept with
// the puzzles it covers), and each sighting keeps the candidate index it came from.
constexpr const char* kMigrationV2 = R"sql(
ALTER TABLE runs ADD COLUMN next_index INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sources ADD COLUMN item INTEGER;
CREATE INDEX sources_by_run ON sources(run_id);
)sql";

// Version 3: the human rating (tenths of Sudoku Explainer's scale), its level, its
// hardest technique and the uses of every technique ("naked_single:12;x_wing:1").
// Rows made before it have none of these (NULL) until `sudoforge upgrade` rates
// them; the score they keep is the old one until then.
constexpr const char* kMigrationV3 = R"sql(
ALTER TABLE puzzles ADD COLUMN rating INTEGER;
ALTER TABLE puzzles ADD COLUMN level TEXT;
ALTER TABLE puzzles ADD COLUMN hardest_technique TEXT;
ALTER TABLE puzzles ADD COLUMN techniques TEXT;
CREATE INDEX puzzles_by_rating ON puzzles(rating);
CREATE INDEX puzzles_by_level ON puzzles(level, rating);
)sql";

// Version 4: mining. A mined puzzle keeps the seed puzzle it was found from and the
// move ("-1+1", ...); a mining run keeps its state (the frontier and the round under
// way) with every commit, so a killed run resumes exactly.
constexpr const char* kMigrationV4 = R"sql(
ALTER TABLE puzzles ADD COLUMN mined_from TEXT;
ALTER TABLE puzzles ADD COLUMN move TEXT;
ALTER TABLE runs ADD COLUMN state TEXT;
)sql";

// Version 5: a puzzle's note, what the file it was first read from said of it (a
// title, an author, a rating written after it); NULL when it said nothing.
constexpr const char* kMigrationV5 = R"sql(
ALTER TABLE puzzles ADD COLUMN note TEXT;
)sql";

// Version 6: which rating a row holds (grader::kRatingVersion when it was rated), so
// that `sudoforge upgrade` can rate again what an older sudoforge rated. Rows rated
// before it keep NULL, read as version 1; unrated rows keep NULL. Indexed, so that
// the count of outdated rows that list, stats and export print a note of reads the
// index, not the table (8 ms for 49,158 rows without it).
constexpr const char* kMigrationV6 = R"sql(
ALTER TABLE puzzles ADD COLUMN rating_version INTEGER;
CREATE INDEX puzzles_by_rating_version ON puzzles(rating_version);
)sql";

}  // namespace

int schema_version(sqlite::Connection& connection) {
  sqlite::Statement version(connection, "PRAGMA user_version");
  version.step();
  return static_cast<int>(version.integer(0));
}

void require_version(sqlite::Connection& connection, int version) {
  const int found = schema_version(connection);
  if (found == version) return;
  if (found == 0) throw StoreError("database '" + connection.path() + "' is not a sudoforge database");
  if (found > version) {
    throw StoreError("database '" + connection.path() + "' has schema version " + std::to_string(found) +
                     "; this sudoforge knows up to " + std::to_string(version) + ": use a newer sudoforge");
  }
  throw StoreError("database '" + connection.path() + "' has the older schema version " + std::to_string(found) +
                   ": open it once with this sudoforge (e.g. sudoforge stats --db ...) to upgrade it");
}

void prepare_schema(sqlite::Connection& connection, int version) {
  if (schema_version(connection) == version) return;  // the usual case: no write lock
  // BEGIN IMMEDIATE, then look again: of several processes opening a new file at
  // once, one creates (or migrates) the schema and the others find it done.
  sqlite::Transaction transaction(connection);
  const int found = schema_version(connection);
  if (found > version) require_version(connection, version);  // throws: newer than we know
  if (found == 0) {
    sqlite::Statement tables(connection, "SELECT count(*) FROM sqlite_master");
    tables.step();
    if (tables.integer(0) != 0) {
      throw StoreError("database '" + connection.path() + "' is not a sudoforge database (it has other tables)");
    }
    connection.execute(kSchemaV1);
    connection.execute("PRAGMA user_version = 1");
  }
  // Migrations from version k to k + 1, all in the one transaction.
  if (schema_version(connection) == 1) {
    connection.execute(kMigrationV2);
    connection.execute("PRAGMA user_version = 2");
  }
  if (schema_version(connection) == 2) {
    connection.execute(kMigrationV3);
    connection.execute("PRAGMA user_version = 3");
  }
  if (schema_version(connection) == 3) {
    connection.execute(kMigrationV4);
    connection.execute("PRAGMA user_version = 4");
  }
  if (schema_version(connection) == 4) {
    connection.execute(kMigrationV5);
    connection.execute("PRAGMA user_version = 5");
  }
  if (schema_version(connection) == 5) {
    connection.execute(kMigrationV6);
    connection.execute("PRAGMA user_version = 6");
  }
  transaction.commit();
}

}  // namespace sudoforge::store::detail
