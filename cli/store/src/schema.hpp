#pragma once
// The schema, its version and the migrations that bring older files up to date.

#include "sqlite.hpp"

namespace sudoforge::store::detail {

// Makes `connection` a current sudoforge database: creates the schema in an empty
// file, migrates an older one, refuses a newer one or one that is not sudoforge's.
void prepare_schema(sqlite::Connection& connection, int version);

// The schema version of an open database (PRAGMA user_version).
int schema_version(sqlite::Connection& connection);

// Checks that `connection` holds a sudoforge database of exactly `version`
// without changing it (for files only read, like merge inputs).
void require_version(sqlite::Connection& connection, int version);

// The column list of puzzles shared by every query that reads whole rows.
constexpr const char* kPuzzleColumns =
    "id, source, run_id, symmetry, box, variant, puzzle, solution, clues, status, tier, te_depth, score, rounds, "
    "search_nodes, search_depth, naked_singles, hidden_singles, naked_twins, hidden_twins, rating, level, "
    "hardest_technique, techniques, mined_from, move, note, rating_version";
// How many columns kPuzzleColumns has (queries that read more put them after).
constexpr int kPuzzleColumnCount = 28;

}  // namespace sudoforge::store::detail
