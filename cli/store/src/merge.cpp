#include <sqlite3.h>

#include <map>

#include "impl.hpp"
#include "schema.hpp"

namespace sudoforge::store {

MergeCounts Store::merge_from(const std::string& other_path) {
  auto& db = impl_->db;
  // Read-only: merging never changes its inputs.
  sqlite::Connection other(other_path, false);
  other.check(sqlite3_busy_timeout(other.handle(), sqlite::kBusyTimeoutMs), "cannot set the busy timeout");
  {
    sqlite::Statement readonly(other, "PRAGMA query_only = 1");
    readonly.run();
  }
  detail::require_version(other, kSchemaVersion);

  MergeCounts counts;
  sqlite::Transaction transaction(db);

  // Runs, by their unique identity; remember where each landed.
  std::map<std::int64_t, std::int64_t> run_ids;
  sqlite::Statement runs(other,
                         "SELECT id, uid, command, parameters, seed, started, finished, status, requested, added, "
                         "duplicates, rejected, next_index FROM runs ORDER BY id");
  sqlite::Statement insert_run(db,
                               "INSERT INTO runs (uid, command, parameters, seed, started, finished, status, "
                               "requested, added, duplicates, rejected, next_index) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
                               "?7, ?8, ?9, ?10, ?11, ?12) ON CONFLICT (uid) DO NOTHING");
  sqlite::Statement find_run(db, "SELECT id FROM runs WHERE uid = ?1");
  while (runs.step()) {
    insert_run.bind(1, runs.text(1)).bind(2, runs.text(2)).bind(3, runs.text(3));
    insert_run.bind(4, runs.is_null(4) ? std::nullopt : std::optional<std::int64_t>(runs.integer(4)));
    insert_run.bind(5, runs.text(5)).bind(6, runs.text(6)).bind(7, runs.text(7));
    for (int c = 8; c <= 12; ++c) insert_run.bind(c, runs.integer(c));
    insert_run.run();
    counts.runs += db.changes();
    insert_run.reset();
    find_run.bind(1, runs.text(1));
    find_run.step();
    run_ids[runs.integer(0)] = find_run.integer(0);
    find_run.reset();
  }

  // Puzzles, through the same insert as any other; then every sighting.
  std::int64_t sources_before = 0;
  {
    sqlite::Statement count(db, "SELECT count(*) FROM sources");
    count.step();
    sources_before = count.integer(0);
  }
  std::map<std::int64_t, std::int64_t> puzzle_ids;
  sqlite::Statement puzzles(other, std::string("SELECT ") + detail::kPuzzleColumns + ", canonical, created FROM puzzles ORDER BY id");
  while (puzzles.step()) {
    const StoredPuzzle stored = detail::read_puzzle(puzzles);
    NewPuzzle puzzle{stored.puzzle, stored.grade, puzzles.text(detail::kPuzzleColumnCount), stored.symmetry, stored.source,
                     stored.run > 0 ? run_ids.at(stored.run) : 0, std::nullopt, stored.rated, stored.mined_from, stored.move, stored.note,
                     stored.rating_version};
    const auto [id, added] = impl_->add(puzzle, puzzles.text(detail::kPuzzleColumnCount + 1));
    (added ? counts.puzzles : counts.duplicates)++;
    puzzle_ids[stored.id] = id;
  }
  const auto total_sources = [&] {
    sqlite::Statement count(db, "SELECT count(*) FROM sources");
    count.step();
    return count.integer(0);
  };
  sqlite::Statement sources(other, "SELECT puzzle_id, run_id, source, seen, item FROM sources ORDER BY id");
  while (sources.step()) {
    impl_->insert_source.bind(1, puzzle_ids.at(sources.integer(0)));
    impl_->insert_source.bind(2, sources.is_null(1) ? std::nullopt
                                                     : std::optional<std::int64_t>(run_ids.at(sources.integer(1))));
    impl_->insert_source.bind(3, sources.text(2)).bind(4, sources.text(3));
    impl_->insert_source.bind(5, sources.is_null(4) ? std::nullopt : std::optional<std::int64_t>(sources.integer(4)));
    impl_->insert_source.run();
    impl_->insert_source.reset();
  }
  counts.sources = total_sources() - sources_before;
  transaction.commit();
  return counts;
}

}  // namespace sudoforge::store
