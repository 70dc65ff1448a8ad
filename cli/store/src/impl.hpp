#pragma once
// Store::Impl, shared by the files that implement the store's parts.

#include <optional>
#include <string>

#include "sqlite.hpp"
#include "sudoforge/store/store.hpp"

namespace sudoforge::store {

class Store::Impl {
 public:
  Impl(const std::string& path, Store::Access access);

  sqlite::Connection db;
  sqlite::Statement insert_puzzle;
  sqlite::Statement find_puzzle;
  sqlite::Statement insert_source;

  // Stores one puzzle (inside the caller's transaction): its id, and whether it is new.
  std::pair<std::int64_t, bool> add(const NewPuzzle& puzzle, const std::string& now);
};

namespace detail {

// Now, as ISO 8601 UTC with seconds ("2026-11-22T01:40:05Z").
std::string now_utc();

// What a row holds that this sudoforge does not know: "puzzle ID has the unknown
// FIELD 'TEXT' (...)".
std::string unknown_value(std::int64_t id, std::string_view field, std::string_view text);
// A value read from a row, or StoreError when it is not one this sudoforge knows:
// never silently another value.
template <typename T>
T known(const std::optional<T>& value, std::int64_t id, std::string_view field, std::string_view text) {
  if (!value) throw StoreError(unknown_value(id, field, text));
  return *value;
}

// A StoredPuzzle from a row of kPuzzleColumns.
StoredPuzzle read_puzzle(const sqlite::Statement& row);

// Binds every column of puzzles but id for an insert, starting at parameter 1: box,
// variant, canonical, puzzle, solution, clues, symmetry, status, tier, te_depth,
// score, rounds, search_nodes, search_depth, the four counts, run_id, source,
// created, rating, level, hardest_technique, techniques, rating_version, mined_from,
// move, note.
// Text is bound without copies: `puzzle`, `created` and `text` (which holds the
// text made here) must stay unchanged until the statement is reset.
struct RowText {
  std::string box, puzzle, solution, techniques;
};
void bind_puzzle(sqlite::Statement& insert, const NewPuzzle& puzzle, const std::string& created, RowText& text);
// Binds rating, level, hardest technique, technique counts and rating version at
// `first`..`first`+4: the grade's, with `version` (all NULL when there is none: not
// rated); `techniques` keeps the counts' text until the reset.
void bind_rating(sqlite::Statement& statement, int first, const grader::Grade& grade, std::optional<int> version,
                 std::string& techniques);

}  // namespace detail
}  // namespace sudoforge::store
