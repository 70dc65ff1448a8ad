#include "sudoforge/store/store.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/symmetry.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "test_data.hpp"

namespace sudoforge::store {
namespace {

std::string fresh_path(const std::string& name) {
  const std::string path = testing::TempDir() + name;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

// Graded and keyed, as the import workers prepare them.
std::vector<NewPuzzle> prepare(const std::vector<engine::Grid>& puzzles, std::int64_t run, const std::string& file) {
  grader::Grader grader{engine::Geometry{}};
  std::vector<NewPuzzle> prepared;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    prepared.push_back(NewPuzzle{puzzles[i], grader.grade(puzzles[i]), engine::canonical_key(puzzles[i]),
                                 std::string(engine::symmetry_name(engine::detect_symmetry(puzzles[i]))),
                                 file + ":" + std::to_string(i + 1), run, std::nullopt, true, {}, {}, {}});
  }
  return prepared;
}

// Sets the schema version in the file header (offset 60, big-endian), the way a
// newer sudoforge or a foreign program would leave it.
void set_user_version(const std::string& path, std::uint32_t version) {
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp(60);
  const char bytes[4] = {static_cast<char>(version >> 24), static_cast<char>(version >> 16),
                         static_cast<char>(version >> 8), static_cast<char>(version)};
  file.write(bytes, 4);
}

TEST(Store, CreatesItsSchemaAndOpensItAgain) {
  const std::string path = fresh_path("schema.db");
  {
    Store store(path);
    EXPECT_EQ(store.integrity_check(), "ok");
    EXPECT_EQ(store.stats().puzzles, 0);
  }
  Store again(path);
  EXPECT_TRUE(again.runs().empty());
}

// The file's page size, read from its header (offset 16, big-endian; 1 means 65536).
int page_size(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  file.seekg(16);
  unsigned char bytes[2] = {0, 0};
  file.read(reinterpret_cast<char*>(bytes), 2);
  const int size = bytes[0] << 8 | bytes[1];
  return size == 1 ? 65536 : size;
}

// New files get large pages (fewer writes for the same rows); a file made with
// SQLite's default keeps it, and takes new rows as before.
TEST(Store, MakesNewFilesWithLargePagesAndKeepsAnOldFilesOwn) {
  const std::string path = fresh_path("pages.db");
  {
    Store store(path);
    store.add(prepare(test::load_puzzles("top95.txt"), store.begin_run("import", "{}", std::nullopt, 0), "top95.txt"));
    EXPECT_EQ(store.stats().puzzles, 94);  // top95 holds 94 distinct puzzles
  }
  EXPECT_EQ(page_size(path), 16384);
  const std::string old = fresh_path("pages_v1.db");
  std::filesystem::copy_file(test::fixture_path("schema_v1.db"), old);
  ASSERT_EQ(page_size(old), 4096);
  {
    Store store(old);
    const auto added = store.add(prepare(test::load_puzzles("top95.txt"), store.runs().front().id, "top95.txt"));
    const auto fresh = std::count(added.begin(), added.end(), true);
    EXPECT_GE(fresh, 94 - 11);  // top95's 94, less any of the file's 11 among them
    EXPECT_EQ(store.stats().puzzles, 11 + fresh);
    EXPECT_EQ(store.integrity_check(), "ok");
  }
  EXPECT_EQ(page_size(old), 4096);
}

TEST(Store, RefusesAFileThatIsNotSqlite) {
  const std::string path = fresh_path("junk.db");
  test::write_file(path, "this is not a database, just some text that is long enough to have a header\n");
  try {
    Store store(path);
    FAIL() << "opened junk";
  } catch (const StoreError& error) {
    EXPECT_EQ(std::string(error.what()), "cannot open database '" + path + "': file is not a database");
  }
  EXPECT_EQ(test::read_file(path).substr(0, 12), "this is not ");  // untouched
}

TEST(Store, RefusesANewerSchemaAndAForeignDatabase) {
  const std::string path = fresh_path("newer.db");
  { Store store(path); }
  set_user_version(path, 9);
  try {
    Store store(path);
    FAIL() << "opened a newer schema";
  } catch (const StoreError& error) {
    EXPECT_EQ(std::string(error.what()),
              "database '" + path + "' has schema version 9; this sudoforge knows up to " + std::to_string(Store::kSchemaVersion) + ": use a newer sudoforge");
  }
  set_user_version(path, 0);
  EXPECT_THROW(
      {
        try {
          Store store(path);
        } catch (const StoreError& error) {
          EXPECT_EQ(std::string(error.what()), "database '" + path + "' is not a sudoforge database (it has other tables)");
          throw;
        }
      },
      StoreError);
}

// A value this sudoforge does not know (a tier, a level) is an error naming the
// puzzle, never silently another value (it used to read as diabolical).
TEST(Store, RefusesATierOrLevelItDoesNotKnow) {
  const std::string path = fresh_path("unknown_tier.db");
  {
    Store store(path);
    store.add(prepare(test::load_puzzles("hardest.txt"), 0, "hardest.txt"));
  }
  for (const char* change : {"UPDATE puzzles SET tier = 'twinz' WHERE id = 3", "UPDATE puzzles SET tier = 'diabolical', "
                                                                                  "level = 'insane' WHERE id = 3"}) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, change, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
    Store store(path);
    try {
      store.select(Selection{}, [](const StoredPuzzle&) {});
      FAIL() << "read an unknown value: " << change;
    } catch (const StoreError& error) {
      const std::string what = std::string(change).find("insane") != std::string::npos ? "level 'insane'" : "tier 'twinz'";
      EXPECT_EQ(std::string(error.what()),
                "puzzle 3 has the unknown " + what + " (a database changed by hand, or by a newer sudoforge)");
    }
  }
}

TEST(Store, KeepsEachPuzzleOnceAndRecordsWhereItWasSeenAgain) {
  Store store(fresh_path("once.db"));
  // top95 holds 94 distinct puzzles: its line 76 is line 74 transformed.
  const auto top95 = test::load_puzzles("top95.txt");
  const std::int64_t run = store.begin_run("import", "{}", std::nullopt, 0);
  const auto first = store.add(prepare(top95, run, "top95.txt"));
  EXPECT_EQ(std::count(first.begin(), first.end(), true), 94);
  // The same puzzles relabelled, transposed and permuted are the same puzzles.
  std::vector<engine::Grid> moved;
  engine::Rng rng(3);
  for (const auto& puzzle : top95) moved.push_back(test::random_transform(engine::Geometry{}, rng).apply(puzzle));
  const auto second = store.add(prepare(moved, run, "moved.txt"));
  EXPECT_EQ(std::count(second.begin(), second.end(), true), 0);
  const Stats stats = store.stats();
  EXPECT_EQ(stats.puzzles, 94);
  EXPECT_EQ(stats.sources, 190);
  ASSERT_EQ(stats.by_geometry.size(), 1U);
  EXPECT_EQ(stats.by_geometry[0].name, "9x9");
  EXPECT_EQ(stats.by_geometry[0].puzzles, 94);
  std::int64_t by_clues = 0;
  for (const auto& [clues, count] : stats.by_geometry[0].by_clues) by_clues += count;
  EXPECT_EQ(by_clues, 94);
}

TEST(Store, AddsABatchWhollyOrNotAtAll) {
  Store store(fresh_path("atomic.db"));
  auto batch = prepare(test::load_puzzles("hardest.txt"), 0, "hardest.txt");
  batch.back().run = 12345;  // no such run: the foreign key fails on the last puzzle
  EXPECT_THROW(store.add(batch), StoreError);
  EXPECT_EQ(store.stats().puzzles, 0);
  batch.back().run = 0;
  EXPECT_EQ(store.add(batch).size(), 11u);
  EXPECT_EQ(store.stats().puzzles, 11);
}

TEST(Store, SelectsByTierScoreCluesAndOrders) {
  Store store(fresh_path("select.db"));
  const auto top1465 = test::load_puzzles("top1465.txt");
  store.add(prepare(std::vector<engine::Grid>(top1465.begin(), top1465.begin() + 300), 0, "top1465.txt"));
  Selection twins;
  twins.tier = grader::Tier::Twins;
  std::int64_t seen = 0;
  store.select(twins, [&](const StoredPuzzle& stored) {
    EXPECT_EQ(stored.grade.tier, grader::Tier::Twins);
    ++seen;
  });
  EXPECT_EQ(seen, store.count(twins));
  EXPECT_GT(seen, 0);

  Selection range;
  range.score_min = 3050;
  range.clues_max = 22;
  range.order = Selection::Order::Score;
  int last_score = 0;
  store.select(range, [&](const StoredPuzzle& stored) {
    EXPECT_GE(stored.grade.score, 3050);
    EXPECT_LE(stored.grade.clues, 22);
    EXPECT_GE(stored.grade.score, last_score);
    last_score = stored.grade.score;
  });

  Selection shuffled;
  shuffled.order = Selection::Order::Random;
  shuffled.seed = 7;
  shuffled.limit = 50;
  std::vector<std::int64_t> a;
  std::vector<std::int64_t> b;
  store.select(shuffled, [&](const StoredPuzzle& stored) { a.push_back(stored.id); });
  store.select(shuffled, [&](const StoredPuzzle& stored) { b.push_back(stored.id); });
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.size(), 50u);
  EXPECT_FALSE(std::is_sorted(a.begin(), a.end()));
  EXPECT_EQ(std::set<std::int64_t>(a.begin(), a.end()).size(), 50u);
}

TEST(Store, ReadsBackWhatItStored) {
  Store store(fresh_path("roundtrip.db"));
  const auto batch = prepare(test::load_puzzles("hardest.txt"), 0, "hardest.txt");
  store.add(batch);
  std::size_t i = 0;
  store.select(Selection{}, [&](const StoredPuzzle& stored) {
    const grader::Grade& grade = batch[i].grade;
    EXPECT_EQ(stored.puzzle, batch[i].puzzle);
    EXPECT_EQ(stored.source, batch[i].source);
    EXPECT_EQ(stored.grade.tier, grade.tier);
    EXPECT_EQ(stored.grade.te_depth, grade.te_depth);
    EXPECT_EQ(stored.grade.score, grade.score);
    EXPECT_EQ(stored.grade.technique_counts, grade.technique_counts);
    EXPECT_EQ(stored.grade.search_nodes, grade.search_nodes);
    EXPECT_EQ(stored.grade.solution, grade.solution);
    ++i;
  });
  EXPECT_EQ(i, batch.size());
}

TEST(Store, KeepsAMinedPuzzlesProvenanceAndAMiningRunsStateThroughMerge) {
  const std::string path = fresh_path("mined.db");
  const auto puzzles = test::load_puzzles("hardest.txt");
  {
    Store store(path);
    const auto run = store.begin_run("generate", "{}", 1, 2);
    auto batch = prepare(std::vector<engine::Grid>(puzzles.begin(), puzzles.begin() + 2), run, "x");
    batch[0].mined_from = engine::to_line(puzzles[5]);
    batch[0].move = "-1+1";
    store.add(batch, std::make_pair(run, std::int64_t{7}), std::string("round 2\nbase 5\n"));
    EXPECT_EQ(store.run(run)->state, "round 2\nbase 5\n");
    EXPECT_EQ(store.run(run)->next_index, 7);
    store.add({}, std::make_pair(run, std::int64_t{9}));  // no state given: the last one stays
    EXPECT_EQ(store.run(run)->state, "round 2\nbase 5\n");
    EXPECT_TRUE(store.contains(engine::Geometry{}, batch[1].canonical));
    EXPECT_FALSE(store.contains(engine::Geometry{}, engine::canonical_key(puzzles[5])));
    EXPECT_FALSE(store.contains(engine::Geometry::parse_box("2x2", engine::Variant::Classic), batch[1].canonical));
  }
  Store merged(fresh_path("mined_merged.db"));
  merged.merge_from(path);
  std::vector<StoredPuzzle> rows;
  merged.select(Selection{}, [&](const StoredPuzzle& stored) { rows.push_back(stored); });
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].mined_from, engine::to_line(puzzles[5]));
  EXPECT_EQ(rows[0].move, "-1+1");
  EXPECT_EQ(rows[1].mined_from, "");  // not mined: NULL
  EXPECT_EQ(rows[1].move, "");
}

TEST(Store, MergesOverlappingDatabasesWithoutDuplicates) {
  const auto top95 = test::load_puzzles("top95.txt");
  const std::string a_path = fresh_path("a.db");
  const std::string b_path = fresh_path("b.db");
  {
    Store a(a_path);
    const auto run = a.begin_run("import", "{\"part\":1}", std::nullopt, 60);
    a.add(prepare(std::vector<engine::Grid>(top95.begin(), top95.begin() + 60), run, "a.txt"));
    Store b(b_path);
    const auto run_b = b.begin_run("import", "{\"part\":2}", std::nullopt, 55);
    b.add(prepare(std::vector<engine::Grid>(top95.begin() + 40, top95.end()), run_b, "b.txt"));
  }
  Store out(fresh_path("merged.db"));
  const MergeCounts from_a = out.merge_from(a_path);
  EXPECT_EQ(from_a.puzzles, 60);
  EXPECT_EQ(from_a.runs, 1);
  const MergeCounts from_b = out.merge_from(b_path);
  // b holds 54 puzzles (its 55 lines include top95's equivalent lines 74 and 76).
  EXPECT_EQ(from_b.puzzles, 34);
  EXPECT_EQ(from_b.duplicates, 20);
  EXPECT_EQ(from_b.sources, 55);  // every sighting in b, the 20 shared puzzles' included
  const MergeCounts again = out.merge_from(a_path);
  EXPECT_EQ(again.puzzles + again.runs + again.sources, 0);
  EXPECT_EQ(out.stats().puzzles, 94);
  EXPECT_EQ(out.stats().sources, 115);
  EXPECT_EQ(out.runs().size(), 2u);
  EXPECT_EQ(out.integrity_check(), "ok");
}

// One batch of `upgrade`: the next `limit` outdated rows after `after`, graded (only
// the first `graded` of them: a run stopped part-way) and stored; moves `after` past
// what was stored.
Store::Rerated rate_batch(Store& store, grader::Grader& grader, std::int64_t& after, std::int64_t limit,
                          std::size_t graded = SIZE_MAX) {
  const std::vector<StoredPuzzle> rows = store.outdated_rows(after, limit);
  std::vector<grader::Grade> grades;
  for (std::size_t i = 0; i < rows.size() && i < graded; ++i) grades.push_back(grader.grade(rows[i].puzzle));
  if (!grades.empty()) after = rows[grades.size() - 1].id;
  return store.store_ratings(rows, grades);
}

// Every stored puzzle holds today's rating: what `grader` says of it, and the version.
void expect_rated_as_today(Store& store, grader::Grader& grader) {
  store.select(Selection{}, [&](const StoredPuzzle& stored) {
    ASSERT_TRUE(stored.rated);
    EXPECT_EQ(stored.rating_version, grader::kRatingVersion);
    const grader::Grade fresh = grader.grade(stored.puzzle);
    EXPECT_EQ(stored.grade.rating, fresh.rating);
    EXPECT_EQ(stored.grade.level, fresh.level);
    EXPECT_EQ(stored.grade.hardest, fresh.hardest);
    EXPECT_EQ(stored.grade.human_counts, fresh.human_counts);
    EXPECT_EQ(stored.grade.score, fresh.score);
  });
}

// tests/data/schema_v1.db was written by sudoforge with schema version 1 (Norvig's
// hardest 11 imported); opening it must migrate it and keep every row.
TEST(Store, MigratesAVersionOneFile) {
  const std::string path = fresh_path("v1.db");
  std::filesystem::copy_file(test::fixture_path("schema_v1.db"), path);
  {
    Store store(path);
    EXPECT_EQ(store.stats().puzzles, 11);
    ASSERT_EQ(store.runs().size(), 1u);
    EXPECT_EQ(store.runs().front().next_index, 0);
    auto batch = prepare(test::load_puzzles("top95.txt"), store.runs().front().id, "top95.txt");
    batch.resize(3);
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i].item = static_cast<std::int64_t>(i);
    store.add(batch, std::make_pair(store.runs().front().id, std::int64_t{3}));
    EXPECT_EQ(store.run(1)->next_index, 3);
    EXPECT_EQ(store.run_puzzles(1).size(), 14u);
    EXPECT_EQ(store.integrity_check(), "ok");
    // The 11 rows of version 1 have no rating until they are rated; the 3 new ones have.
    EXPECT_EQ(store.outdated().unrated, 11);
    EXPECT_EQ(store.outdated().older, 0);
    // Unrated rows are counted last, after the levels.
    const auto levels = store.stats().by_level;
    ASSERT_FALSE(levels.empty());
    EXPECT_EQ(levels.back(), std::make_pair(std::string("unrated"), std::int64_t{11}));
    Selection extreme;
    extreme.level = grader::Level::Extreme;
    const std::int64_t extreme_before = store.count(extreme);
    grader::Grader grader{engine::Geometry{}};
    std::int64_t rated = 0;
    std::int64_t after = 0;
    for (;;) {
      const auto done = rate_batch(store, grader, after, 4);
      if (done.unrated + done.older == 0) break;
      EXPECT_EQ(done.older, 0);
      rated += done.unrated;
    }
    EXPECT_EQ(rated, 11);
    EXPECT_EQ(store.outdated().unrated, 0);
    EXPECT_GT(store.count(extreme), extreme_before);  // Norvig's hardest are extreme
    expect_rated_as_today(store, grader);
  }
  set_user_version(path, Store::kSchemaVersion);  // still what the migration wrote: reopening changes nothing
  Store again(path);
  EXPECT_EQ(again.stats().puzzles, 14);
}

// tests/data/schema_v5_diagonal.db was written with schema version 5, before rows
// kept which rating they hold: 20 X-Sudoku puzzles rated by the ladder of then. Its
// rows read as rated by version 1; rating them again goes batch by batch, a run
// stopped after one batch goes on where it stopped, and merging carries which rating
// each row holds.
TEST(Store, RatesAgainWhatAnOlderRatingRatedBatchByBatch) {
  const std::string path = fresh_path("v5.db");
  std::filesystem::copy_file(test::fixture_path("schema_v5_diagonal.db"), path);
  grader::Grader grader{engine::Geometry(3, 3, engine::Variant::Diagonal)};
  {
    Store store(path);
    EXPECT_EQ(store.outdated().unrated, 0);
    EXPECT_EQ(store.outdated().older, 20);
    store.select(Selection{}, [&](const StoredPuzzle& stored) { EXPECT_EQ(stored.rating_version, 1); });
    // Merged before it is rated again, a row stays outdated in its new home.
    Store merged(fresh_path("merged_old.db"));
    EXPECT_EQ(merged.merge_from(path).puzzles, 20);
    EXPECT_EQ(merged.outdated().older, 20);
    // A batch of 8 stopped after 5 grades: those 5 are stored, the other 3 left.
    std::int64_t after = 0;
    const Store::Rerated first = rate_batch(store, grader, after, 8, 5);
    EXPECT_EQ(first.older, 5);
    EXPECT_EQ(first.unrated, 0);
  }
  std::int64_t changed = 0;
  {
    Store store(path);
    EXPECT_EQ(store.outdated().older, 15);
    std::int64_t after = 0;  // a new run starts from the first row and skips what is done
    std::int64_t rated = 0;
    for (;;) {
      const Store::Rerated batch = rate_batch(store, grader, after, 5);
      if (batch.unrated + batch.older == 0) break;
      rated += batch.older;
      changed += batch.changed;
    }
    EXPECT_EQ(rated, 15);
    EXPECT_EQ(store.outdated().older, 0);
    expect_rated_as_today(store, grader);
    Store merged(fresh_path("merged_new.db"));
    EXPECT_EQ(merged.merge_from(path).puzzles, 20);
    EXPECT_EQ(merged.outdated().older, 0);
    EXPECT_EQ(merged.integrity_check(), "ok");
  }
  // The ladder of then walked wrong paths on some of these (X-Sudoku's direct
  // claiming); the count of the second run alone is at least one here.
  EXPECT_GT(changed, 0);
}

}  // namespace
}  // namespace sudoforge::store
