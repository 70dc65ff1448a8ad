// End-to-end tests of mining: `generate --from FILE`, `--from-db`, `--mine`.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "cli_test.hpp"
#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/symmetry.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/generator/generator.hpp"
#include "sudoforge/store/store.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::fresh_db;
using test::run_command;
using test::sudoforge;

// Records of --out (CSV): the fields the tests read.
struct Record {
  std::string source;
  std::string puzzle;
  std::string tier;
};
std::vector<Record> records_of(const std::string& csv) {
  std::vector<Record> records;
  for (const auto& fields : test::csv_rows(csv)) records.push_back({fields.at(0), fields.at(1), fields.at(4)});
  return records;
}

std::string hardest() { return test::data_path("hardest.txt"); }

TEST(MineCommand, SeededRunsGiveTheSameBytesOnAnyThreadCount) {
  const std::string args = "generate --from " + hardest() + " --tier diabolical --count 120 --seed 4 --no-db -q --out -";
  const auto one = run_command(sudoforge(args + " --threads 1"));
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto two = run_command(sudoforge(args + " --threads 2"));
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(records_of(one.out).size(), 120u);
}

TEST(MineCommand, EveryFindIsUniqueMinimalNewMeetsTheRequestAndNamesItsSeedAndMove) {
  const std::string db = fresh_db("mined.db");
  const auto seeds = test::read_file(hardest());
  const auto run = run_command(sudoforge("generate --from " + hardest() +
                                         " --tier diabolical --rating 7: --count 60 --seed 2 --threads 2 --db " + db));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("mining jobs in"), std::string::npos) << run.err;
  store::Store store(db, store::Store::Access::ReadOnly);
  std::set<std::string> seed_keys;
  for (const engine::Grid& seed : test::load_puzzles("hardest.txt")) seed_keys.insert(engine::canonical_key(seed));
  std::set<std::string> keys;
  generator::Generator generator(engine::Geometry{}, generator::Options{});
  std::size_t count = 0;
  store.select(store::Selection{}, [&](const store::StoredPuzzle& stored) {
    ++count;
    const std::string line = engine::to_line(stored.puzzle);
    EXPECT_EQ(engine::count_solutions(stored.puzzle, 2).count, 1) << line;
    EXPECT_TRUE(generator.is_minimal(stored.puzzle)) << line;
    const std::string key = engine::canonical_key(stored.puzzle);
    EXPECT_FALSE(seed_keys.contains(key)) << "a seed again: " << line;
    EXPECT_TRUE(keys.insert(key).second) << line;
    EXPECT_EQ(stored.grade.tier, grader::Tier::Diabolical);
    EXPECT_GE(stored.grade.rating, 70);
    // Provenance: the seed (one of the file's, or an earlier find) and the move.
    EXPECT_FALSE(stored.mined_from.empty()) << line;
    EXPECT_TRUE(stored.move == "-1+1" || stored.move == "-2+2" || stored.move == "-0+1" || stored.move == "-1+0")
        << stored.move;
    EXPECT_NE(stored.source.find(": " + stored.move + " from " + stored.mined_from), std::string::npos) << stored.source;
  });
  EXPECT_EQ(count, 60u);
}

TEST(MineCommand, KeepsTheSymmetryAskedForAndIsMinimalForIt) {
  const auto mined = run_command(sudoforge("generate --from " + test::data_path("top95.txt") +
                                           " --symmetry rot180 --tier diabolical --count 8 --seed 2 -q --no-db --out -"));
  ASSERT_EQ(mined.exit_code, 0) << mined.err;
  generator::Options options;
  options.symmetry = engine::Symmetry::Rot180;
  generator::Generator generator(engine::Geometry{}, options);
  const std::vector<Record> records = records_of(mined.out);
  ASSERT_EQ(records.size(), 8u);
  for (const Record& record : records) {
    const engine::Grid puzzle = engine::parse_puzzle(record.puzzle);
    EXPECT_TRUE(engine::has_symmetry(puzzle, engine::Symmetry::Rot180)) << record.puzzle;
    EXPECT_TRUE(generator.is_minimal(puzzle)) << record.puzzle;
  }
}

TEST(MineCommand, AFindThatIsATransformedSeedIsNotNew) {
  const std::string args = " --tier diabolical --count 30 --seed 6 --threads 1 --no-db -q --out -";
  const auto first = run_command(sudoforge("generate --from " + hardest() + args));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const std::vector<Record> found = records_of(first.out);
  ASSERT_EQ(found.size(), 30u);
  // The first find, transposed and relabelled, as one more seed.
  const engine::Grid find = engine::parse_puzzle(found.front().puzzle);
  engine::Grid transformed(find.geometry());
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int digit = find[c * 9 + r];
      transformed.set(r * 9 + c, digit == 0 ? 0 : 10 - digit);
    }
  }
  ASSERT_NE(engine::to_line(transformed), found.front().puzzle);
  const std::string seeds = testing::TempDir() + "seeds_plus.txt";
  test::write_file(seeds, test::read_file(hardest()) + engine::to_line(transformed) + "\n");
  const auto second = run_command(sudoforge("generate --from " + seeds + args));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const std::string key = engine::canonical_key(find);
  for (const Record& record : records_of(second.out)) {
    EXPECT_NE(engine::canonical_key(engine::parse_puzzle(record.puzzle)), key) << record.puzzle;
  }
}

TEST(MineCommand, SurvivesSigkillAndResumesToTheSameFindsAndBytes) {
  const std::string db = fresh_db("mine_kill.db");
  const std::string out = testing::TempDir() + "mine_kill.csv";
  std::filesystem::remove(out);
  // One seed a round, so that kills fall in several rounds and at their ends.
  const std::string request = "generate --from " + hardest() + " --tier diabolical --count 500 --width 1 --seed 8";
  const std::string args = request + " -q --threads 2 --db " + db + " --out " + out;
  std::mt19937 random(20261123);
  std::uniform_int_distribution<int> delay_ms(150, 800);
  for (int kill = 0; kill < 4; ++kill) {
    const int ms = delay_ms(random);
    test::stopped_by(sudoforge(args), db, "KILL", ms / 1000.0);
    const auto check = run_command(sudoforge("stats --check --db " + db));
    ASSERT_EQ(check.exit_code, 0) << "after a kill " << ms << " ms into the run: " << check.out << check.err;
  }
  const auto finished = run_command(sudoforge(args));
  ASSERT_EQ(finished.exit_code, 0) << finished.err;
  const auto stats = run_command(sudoforge("stats --check --db " + db));
  EXPECT_NE(stats.out.find("500 puzzles, 500 sightings"), std::string::npos) << stats.out;
  {
    store::Store store(db, store::Store::Access::ReadOnly);
    const std::string state = store.run(1)->state;
    EXPECT_TRUE(state.starts_with("round ") && !state.starts_with("round 0\n")) << state.substr(0, 40);
  }
  const auto straight = run_command(sudoforge(request + " --threads 1 --no-db -q --out -"));
  ASSERT_EQ(straight.exit_code, 0) << straight.err;
  EXPECT_EQ(test::read_file(out), straight.out);
}

// Stopped while its seeds are being rated (seconds, for a large file of hard seeds),
// a run keeps no state: run again, it rates them all and makes what an unstopped run
// makes. (It saved a first round of the seeds rated so far, and went on from those.)
TEST(MineCommand, StoppedWhileRatingItsSeedsResumesFromAllOfThem) {
  const std::string db = fresh_db("mine_stopped_seeds.db");
  const std::string seeds = testing::TempDir() + "mine_600_seeds.txt";
  const std::string out = testing::TempDir() + "mine_stopped_seeds.csv";
  std::filesystem::remove(out);
  {
    std::ofstream file(seeds);
    const auto deep = test::load_puzzles("te_depth2.txt");
    for (std::size_t i = 0; i < 600; ++i) file << engine::to_line(deep[i]) << "\n";
  }
  // (About 3 s to rate on one thread; stopped 0.5 s in.)
  const std::string request = "generate --from " + seeds + " --tier diabolical --count 10 --seed 5";
  const std::string args = request + " -q --threads 1 --db " + db + " --out " + out;
  const auto stopped = test::stopped_by(sudoforge(args), db, "INT", 0.5);
  ASSERT_EQ(stopped.exit_code, 130) << stopped.err;
  EXPECT_EQ(test::stored(db), 0);
  const auto resumed = run_command(sudoforge(args));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto straight = run_command(sudoforge(request + " --threads 2 --no-db -q --out -"));
  ASSERT_EQ(straight.exit_code, 0) << straight.err;
  EXPECT_EQ(records_of(straight.out).size(), 10u);
  EXPECT_EQ(test::read_file(out), straight.out);
}

TEST(MineCommand, SeedsFromTheDatabaseAndFindsNewToIt) {
  const std::string db = fresh_db("mine_db.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("top95.txt"))).exit_code, 0);
  const long before = test::stored(db);
  ASSERT_GT(before, 90);
  const auto mined = run_command(sudoforge("generate --from-db --from-rating 8: --from-limit 5 --from-order rating "
                                           "--from-descending --tier diabolical --count 25 --seed 3 -q --db " + db));
  ASSERT_EQ(mined.exit_code, 0) << mined.err;
  EXPECT_EQ(test::stored(db), before + 25);  // all new: none is a stored puzzle again
  const auto none = run_command(sudoforge("generate --from-db --tier diabolical --count 5 --no-db --out -"));
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "sudoforge: --from-db needs the database: drop --no-db\n");
}

// Seeds from the database go in the order of today's rating: a row an older
// sudoforge rated is rated again for the search (and left as it is: `upgrade` stores
// ratings), so mining from a database before and after `upgrade` takes the same path.
// The fixture's 20 X-Sudoku rows are of schema 5 (7 of them rate differently today);
// their old scores are also turned around here, so that the first round (the best 16)
// would not be today's.
TEST(MineCommand, SeedsAnOlderSudoforgeRatedGoInTheOrderOfTodaysRating) {
  const std::string old_db = fresh_db("mine_from_old.db");
  const std::string upgraded = fresh_db("mine_from_upgraded.db");
  std::filesystem::copy_file(test::fixture_path("schema_v5_diagonal.db"), old_db);
  std::filesystem::copy_file(test::fixture_path("schema_v5_diagonal.db"), upgraded);
  {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(old_db.c_str(), &handle), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(handle, "UPDATE puzzles SET score = 9000 - score", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(handle);
  }
  ASSERT_EQ(run_command(sudoforge("upgrade -q --db " + upgraded)).exit_code, 0);
  const std::string args = "generate --diagonal --from-db --tier diabolical --count 20 --seed 1 --threads 2 --out - --db ";
  const auto from_old = run_command(sudoforge(args + old_db));
  ASSERT_EQ(from_old.exit_code, 0) << from_old.err;
  EXPECT_NE(from_old.err.find("generate: 20 seeds of the database were rated by an older sudoforge (or not at all): "
                              "rated again for the search's order; 'sudoforge upgrade --db " + old_db +
                              "' stores today's ratings\n"),
            std::string::npos)
      << from_old.err;
  const auto from_upgraded = run_command(sudoforge(args + upgraded));
  ASSERT_EQ(from_upgraded.exit_code, 0) << from_upgraded.err;
  EXPECT_EQ(from_upgraded.err.find("rated again for the search"), std::string::npos) << from_upgraded.err;
  EXPECT_EQ(records_of(from_old.out).size(), 20u);
  EXPECT_EQ(from_old.out, from_upgraded.out);
  // The rows stay as they were: upgrade still has all 20 to rate.
  const auto upgrade = run_command(sudoforge("upgrade --db " + old_db));
  EXPECT_NE(upgrade.err.find("rated again 20 of 20 rated by an older sudoforge"), std::string::npos) << upgrade.err;
}

TEST(MineCommand, AFindTheDatabaseHoldsIsNotNew) {
  const std::string db = fresh_db("mine_known.db");
  const std::string args = "generate --from " + hardest() + " --tier diabolical --seed 9 -q --threads 2 --db " + db;
  ASSERT_EQ(run_command(sudoforge(args + " --count 10")).exit_code, 0);
  // Another request (a larger count), so another run: it meets the first run's
  // finds first, and takes none of them.
  const auto second = run_command(sudoforge(args + " --count 20"));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(test::stored(db), 30);
  const auto one = test::lines_of(run_command(sudoforge("list --format line --run 1 --db " + db)).out);
  const auto two = test::lines_of(run_command(sudoforge("list --format line --run 2 --db " + db)).out);
  ASSERT_EQ(one.size(), 10u);
  ASSERT_EQ(two.size(), 20u);
  for (const std::string& puzzle : one) EXPECT_EQ(std::count(two.begin(), two.end(), puzzle), 0) << puzzle;
  const auto alone = run_command(sudoforge("generate --from " + hardest() +
                                           " --tier diabolical --seed 9 -q --threads 1 --no-db --count 20 --out -"));
  EXPECT_EQ(records_of(alone.out).front().puzzle, one.front());  // without the database it is found first
}

TEST(MineCommand, ShardsTakeTheirOwnJobsAndMergeWithoutDuplicates) {
  std::vector<std::string> dbs;
  for (int k = 0; k < 2; ++k) {
    dbs.push_back(fresh_db("mine_shard" + std::to_string(k) + ".db"));
    const std::string args = "generate --from " + hardest() + " --tier diabolical --count 30 --seed 5 --shard " +
                             std::to_string(k) + "/2 -q --threads 2";
    const auto run = run_command(sudoforge(args + " --db " + dbs.back()));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto again = run_command(sudoforge(args + " --no-db --out -"));
    ASSERT_EQ(again.exit_code, 0) << again.err;
    const std::vector<Record> records = records_of(again.out);
    ASSERT_EQ(records.size(), 15u);  // this shard's part of 30
    for (const Record& record : records) {  // "seed 5 #J: ...": jobs J with J mod 2 = k
      const std::string job = record.source.substr(record.source.find('#') + 1);
      EXPECT_EQ(std::stol(job.substr(0, job.find(':'))) % 2, k) << record.source;
    }
    const auto stored = test::lines_of(run_command(sudoforge("list --format line --db " + dbs.back())).out);
    std::vector<std::string> written;
    for (const Record& record : records) written.push_back(record.puzzle);
    EXPECT_EQ(stored, written);  // the same finds, with or without the database
  }
  const std::string all = fresh_db("mine_all.db");
  ASSERT_EQ(run_command(sudoforge("merge " + all + " " + dbs[0] + " " + dbs[1])).exit_code, 0);
  const long merged = test::stored(all);
  EXPECT_GE(merged, 28);  // the two shards may meet the same puzzle; kept once
  EXPECT_LE(merged, 30);
}

TEST(MineCommand, ReportsBadSeedsAndRefusesWhenNoneIsLeft) {
  const std::string bad = testing::TempDir() + "bad_seeds.txt";
  test::write_file(bad, "123\n11..........................................................................\n");
  const auto none = run_command(sudoforge("generate --from " + bad + " --count 5 --no-db --out -"));
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find(bad + ":1: "), std::string::npos) << none.err;
  EXPECT_NE(none.err.find(bad + ":2: "), std::string::npos) << none.err;
  EXPECT_NE(none.err.find("sudoforge: generate: no seed puzzle to mine from\n"), std::string::npos) << none.err;
  const std::string some = testing::TempDir() + "some_seeds.txt";
  test::write_file(some, test::read_file(hardest()) + "123\n");
  const auto partly = run_command(sudoforge("generate --from " + some + " --tier diabolical --count 5 --no-db -q --out -"));
  EXPECT_EQ(partly.exit_code, 1) << partly.err;  // the puzzles made, and the bad line named
  EXPECT_NE(partly.err.find(some + ":12: "), std::string::npos) << partly.err;
  EXPECT_EQ(records_of(partly.out).size(), 5u);
  const auto moves = run_command(sudoforge("generate --from " + hardest() + " --moves -1+1,-3+3 --count 5 --no-db --out -"));
  EXPECT_EQ(moves.exit_code, 2);
  EXPECT_EQ(moves.err, "sudoforge: --moves '-1+1,-3+3': '-3+3' is not a move: -1+1, -2+2, -1+0 or -0+1\n");
}

TEST(MineCommand, RefusesASavedStateChangedByHand) {
  const std::string db = fresh_db("mine_state.db");
  const std::string args = "generate --from " + hardest() + " --tier diabolical --count 500 --seed 3 -q --db " + db;
  const auto part = run_command(sudoforge(args + " --max-candidates 5"));
  ASSERT_EQ(part.exit_code, 1) << part.err;  // incomplete: stopped by the bound
  {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(handle, "UPDATE runs SET state = 'round 1\nbase x\n'", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(handle);
  }
  const auto resumed = run_command(sudoforge(args));
  EXPECT_EQ(resumed.exit_code, 2);
  EXPECT_EQ(resumed.err,
            "sudoforge: the run's saved mining state cannot be read (a mining state line that is not one: 'base x'): it "
            "was changed by hand?\n");
}

TEST(MineCommand, MinesFromNothing) {
  const auto mined = run_command(sudoforge("generate --mine --tier diabolical --count 4 --seed 1 --threads 2 --no-db --out -"));
  ASSERT_EQ(mined.exit_code, 0) << mined.err;
  const std::vector<Record> records = records_of(mined.out);
  ASSERT_EQ(records.size(), 4u);
  for (const Record& record : records) EXPECT_EQ(record.tier, "diabolical");
}

}  // namespace
}  // namespace sudoforge
