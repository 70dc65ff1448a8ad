#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "impl.hpp"
#include "schema.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::store {

namespace {

// The WHERE clause of a selection. Only fixed SQL is written here; every value
// goes in as a parameter (bind_where).
std::string where_clause(const Selection& s) {
  std::string where = " WHERE 1";
  if (s.tier) where += " AND tier = :tier";
  if (s.te_depth) where += " AND te_depth = :te_depth";
  if (s.level) where += " AND level = :level";
  if (s.rating_min) where += " AND rating >= :rating_min";
  if (s.rating_max) where += " AND rating <= :rating_max";
  if (s.score_min) where += " AND score >= :score_min";
  if (s.score_max) where += " AND score <= :score_max";
  if (s.clues_min) where += " AND clues >= :clues_min";
  if (s.clues_max) where += " AND clues <= :clues_max";
  if (s.geometry) where += " AND box = :box AND variant = :variant";
  if (s.run) where += " AND run_id = :run";
  if (s.id) where += " AND id = :id";
  return where;
}

void bind_where(sqlite::Statement& statement, const Selection& s) {
  if (s.tier) statement.bind(statement.parameter(":tier"), grader::tier_name(*s.tier));
  if (s.te_depth) statement.bind(statement.parameter(":te_depth"), std::int64_t{*s.te_depth});
  if (s.level) statement.bind(statement.parameter(":level"), grader::level_name(*s.level));
  if (s.rating_min) statement.bind(statement.parameter(":rating_min"), std::int64_t{*s.rating_min});
  if (s.rating_max) statement.bind(statement.parameter(":rating_max"), std::int64_t{*s.rating_max});
  if (s.score_min) statement.bind(statement.parameter(":score_min"), std::int64_t{*s.score_min});
  if (s.score_max) statement.bind(statement.parameter(":score_max"), std::int64_t{*s.score_max});
  if (s.clues_min) statement.bind(statement.parameter(":clues_min"), std::int64_t{*s.clues_min});
  if (s.clues_max) statement.bind(statement.parameter(":clues_max"), std::int64_t{*s.clues_max});
  if (s.geometry) {
    statement.bind(statement.parameter(":box"),
                   std::to_string(s.geometry->box_rows()) + "x" + std::to_string(s.geometry->box_cols()));
    statement.bind(statement.parameter(":variant"), engine::variant_name(s.geometry->variant()));
  }
  if (s.run) statement.bind(statement.parameter(":run"), *s.run);
  if (s.id) statement.bind(statement.parameter(":id"), *s.id);
}

}  // namespace

namespace detail {

std::string unknown_value(std::int64_t id, std::string_view field, std::string_view text) {
  return "puzzle " + std::to_string(id) + " has the unknown " + std::string(field) + " '" + std::string(text) +
         "' (a database changed by hand, or by a newer sudoforge)";
}

StoredPuzzle read_puzzle(const sqlite::Statement& row) {
  StoredPuzzle stored;
  stored.id = row.integer(0);
  stored.source = row.text(1);
  stored.run = row.is_null(2) ? 0 : row.integer(2);
  stored.symmetry = row.text(3);
  const std::string box = row.text(4);
  const auto variant = row.text(5) == "diagonal" ? engine::Variant::Diagonal : engine::Variant::Classic;
  const engine::Geometry geometry = engine::Geometry::parse_box(box, variant);
  stored.puzzle = engine::parse_puzzle(row.text(6), geometry);
  grader::Grade& grade = stored.grade;
  grade.solution = engine::parse_puzzle(row.text(7), geometry);
  grade.clues = static_cast<int>(row.integer(8));
  grade.status = grader::Status::Unique;
  grade.tier = known(grader::parse_tier(row.text(10)), stored.id, "tier", row.text(10));
  grade.te_depth = static_cast<int>(row.integer(11));
  grade.score = static_cast<int>(row.integer(12));
  grade.rounds = static_cast<int>(row.integer(13));
  grade.search_nodes = static_cast<std::uint64_t>(row.integer(14));
  grade.search_depth = static_cast<int>(row.integer(15));
  for (int t = 0; t < grader::kTechniqueCount; ++t) {
    grade.technique_counts[static_cast<std::size_t>(t)] = static_cast<int>(row.integer(16 + t));
  }
  stored.rated = !row.is_null(20);
  if (stored.rated) {
    grade.rating = static_cast<int>(row.integer(20));
    grade.level = known(grader::parse_level(row.text(21)), stored.id, "level", row.text(21));
    grade.hardest = known(grader::parse_human_technique(row.text(22)), stored.id, "hardest technique", row.text(22));
    grade.human_counts = known(grader::parse_techniques(row.text(23)), stored.id, "techniques", row.text(23));
  }
  if (!row.is_null(24)) stored.mined_from = row.text(24);
  if (!row.is_null(25)) stored.move = row.text(25);
  if (!row.is_null(26)) stored.note = row.text(26);
  // A rating stored before versions were kept (schema 5 and older) is version 1.
  if (stored.rated) stored.rating_version = row.is_null(27) ? 1 : static_cast<int>(row.integer(27));
  return stored;
}

}  // namespace detail

void Store::select(const Selection& selection, const std::function<void(const StoredPuzzle&)>& each) {
  auto& db = impl_->db;
  const std::string where = where_clause(selection);
  if (selection.order == Selection::Order::Random) {
    // Ids in a shuffled order that depends only on the seed, then the rows.
    sqlite::Statement ids(db, "SELECT id FROM puzzles" + where + " ORDER BY id");
    bind_where(ids, selection);
    std::vector<std::int64_t> order;
    while (ids.step()) order.push_back(ids.integer(0));
    engine::Rng rng(selection.seed);
    rng.shuffle(std::span<std::int64_t>(order));
    if (selection.limit && static_cast<std::size_t>(*selection.limit) < order.size()) {
      order.resize(static_cast<std::size_t>(*selection.limit));
    }
    sqlite::Statement row(db, std::string("SELECT ") + detail::kPuzzleColumns + " FROM puzzles WHERE id = ?1");
    for (std::int64_t id : order) {
      row.bind(1, id);
      if (row.step()) each(detail::read_puzzle(row));
      row.reset();
    }
    return;
  }
  std::string sql = std::string("SELECT ") + detail::kPuzzleColumns + " FROM puzzles" + where;
  const char* direction = selection.descending ? " DESC" : "";
  switch (selection.order) {
    case Selection::Order::Score: sql += std::string(" ORDER BY score") + direction + ", id" + direction; break;
    case Selection::Order::Rating:
      // Unrated rows (NULL) last either way.
      sql += std::string(" ORDER BY rating IS NULL, rating") + direction + ", id" + direction;
      break;
    case Selection::Order::Clues: sql += std::string(" ORDER BY clues") + direction + ", id" + direction; break;
    default: sql += std::string(" ORDER BY id") + direction; break;
  }
  if (selection.limit) sql += " LIMIT :limit";
  sqlite::Statement rows(db, sql);
  bind_where(rows, selection);
  if (selection.limit) rows.bind(rows.parameter(":limit"), *selection.limit);
  while (rows.step()) each(detail::read_puzzle(rows));
}

std::int64_t Store::count(const Selection& selection) {
  sqlite::Statement count(impl_->db, "SELECT count(*) FROM puzzles" + where_clause(selection));
  bind_where(count, selection);
  count.step();
  const std::int64_t all = count.integer(0);
  return selection.limit ? std::min(all, *selection.limit) : all;
}

Stats Store::stats() {
  auto& db = impl_->db;
  Stats stats;
  const auto scalar = [&](const char* sql) {
    sqlite::Statement statement(db, sql);
    statement.step();
    return statement.integer(0);
  };
  stats.puzzles = scalar("SELECT count(*) FROM puzzles");
  stats.sources = scalar("SELECT count(*) FROM sources");
  // Geometries in order of size, box rows, variant; each with its clue counts.
  std::vector<std::pair<engine::Geometry, GeometryStats>> geometries;
  sqlite::Statement geometry(db, "SELECT box, variant, clues, count(*) FROM puzzles GROUP BY box, variant, clues");
  while (geometry.step()) {
    const auto variant = geometry.text(1) == "diagonal" ? engine::Variant::Diagonal : engine::Variant::Classic;
    const engine::Geometry g = engine::Geometry::parse_box(geometry.text(0), variant);
    const auto at = std::find_if(geometries.begin(), geometries.end(), [&](const auto& e) { return e.first == g; });
    GeometryStats& entry = at != geometries.end() ? at->second : geometries.emplace_back(g, GeometryStats{g.name(), 0, {}}).second;
    entry.puzzles += geometry.integer(3);
    entry.by_clues[static_cast<int>(geometry.integer(2))] += geometry.integer(3);
  }
  const auto order = [](const engine::Geometry& g) {
    return std::make_tuple(g.size(), g.box_rows(), g.variant() == engine::Variant::Diagonal);
  };
  std::sort(geometries.begin(), geometries.end(), [&](const auto& a, const auto& b) { return order(a.first) < order(b.first); });
  for (auto& [g, entry] : geometries) stats.by_geometry.push_back(std::move(entry));
  // Tiers and levels easiest first (the enums' order); anything else after them.
  const auto ranked = [&](const char* sql, const auto& rank) {
    std::vector<std::pair<std::string, std::int64_t>> counts;
    sqlite::Statement select(db, sql);
    while (select.step()) counts.emplace_back(select.text(0), select.integer(1));
    std::stable_sort(counts.begin(), counts.end(), [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
    return counts;
  };
  stats.by_tier = ranked("SELECT tier, count(*) FROM puzzles GROUP BY tier", [](const std::string& name) {
    const auto tier = grader::parse_tier(name);
    return tier ? static_cast<int>(*tier) : static_cast<int>(grader::Tier::Diabolical) + 1;
  });
  stats.by_level = ranked("SELECT coalesce(level, 'unrated'), count(*) FROM puzzles GROUP BY level", [](const std::string& name) {
    const auto level = grader::parse_level(name);
    return level ? static_cast<int>(*level) : grader::kLevelCount;
  });
  sqlite::Statement depth(db, "SELECT te_depth, count(*) FROM puzzles WHERE tier = 'diabolical' GROUP BY te_depth");
  while (depth.step()) stats.by_te_depth[static_cast<int>(depth.integer(0))] = depth.integer(1);
  return stats;
}

namespace {

// Rows whose rating is not this sudoforge's: without a version (unrated, or rated
// before versions were kept) or with an older one. (SQLite reads the table for this
// OR, not the index: outdated() counts its parts apart.)
std::string outdated_rows_where() {
  return "(rating_version IS NULL OR rating_version < " + std::to_string(grader::kRatingVersion) + ")";
}

}  // namespace

Store::Outdated Store::outdated() {
  // Each count reads an index: rows without a rating, rows of an older version, and
  // rows rated before versions were kept.
  const auto count = [&](const std::string& where) {
    sqlite::Statement statement(impl_->db, "SELECT count(*) FROM puzzles WHERE " + where);
    statement.step();
    return statement.integer(0);
  };
  return {count("rating IS NULL"),
          count("rating_version < " + std::to_string(grader::kRatingVersion) + " AND rating IS NOT NULL") +
              count("rating_version IS NULL AND rating IS NOT NULL")};
}

std::vector<StoredPuzzle> Store::outdated_rows(std::int64_t after, std::int64_t limit) {
  sqlite::Statement select(impl_->db, std::string("SELECT ") + detail::kPuzzleColumns +
                                          " FROM puzzles WHERE id > ?1 AND " + outdated_rows_where() +
                                          " ORDER BY id LIMIT ?2");
  select.bind(1, after).bind(2, limit);
  std::vector<StoredPuzzle> rows;
  while (select.step()) rows.push_back(detail::read_puzzle(select));
  return rows;
}

Store::Rerated Store::store_ratings(std::span<const StoredPuzzle> rows, std::span<const grader::Grade> grades) {
  auto& db = impl_->db;
  if (grades.size() > rows.size()) throw std::logic_error("store_ratings: more grades than rows");
  sqlite::Transaction transaction(db);
  sqlite::Statement update(db,
                           "UPDATE puzzles SET score = ?2, rating = ?3, level = ?4, hardest_technique = ?5, "
                           "techniques = ?6, rating_version = ?7 WHERE id = ?1");
  Rerated counts;
  for (std::size_t i = 0; i < grades.size(); ++i) {
    const StoredPuzzle& row = rows[i];
    const grader::Grade& grade = grades[i];
    if (grade.status != grader::Status::Unique) {
      throw StoreError("cannot rate puzzle " + std::to_string(row.id) + " of database '" + db.path() + "': it grades as '" +
                       std::string(grader::status_name(grade.status)) + "'");
    }
    if (!row.rated) {
      ++counts.unrated;
    } else {
      ++counts.older;
      const grader::Grade& old = row.grade;
      if (old.rating != grade.rating || old.level != grade.level || old.hardest != grade.hardest ||
          old.human_counts != grade.human_counts || old.score != grade.score) {
        ++counts.changed;
      }
    }
    update.bind(1, row.id).bind(2, std::int64_t{grade.score});
    std::string techniques;
    detail::bind_rating(update, 3, grade, grader::kRatingVersion, techniques);
    update.run();
    update.reset();
  }
  transaction.commit();
  return counts;
}

}  // namespace sudoforge::store
