// End-to-end tests of import, list, stats and merge: the real binary, real files,
// real database files.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/rating.hpp"
#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;
using test::fresh_db;
using test::lines_of;
using test::stored;

// A file (under the test's scratch folder) of the first `count` puzzles of
// data/te_depth2.txt: puzzles slow to rate, for runs that must be stopped part-way.
std::string hard_puzzles(int count, const std::string& name) {
  std::string hard;
  for (const std::string& line : lines_of(test::read_file(test::data_path("te_depth2.txt")))) {
    if (count == 0) break;
    if (line.empty() || line[0] == '#') continue;
    hard += line + "\n";
    --count;
  }
  const std::string file = testing::TempDir() + name;
  test::write_file(file, hard);
  return file;
}

TEST(ImportCommand, StoresACollectionOnceHoweverOftenItIsImported) {
  const std::string db = fresh_db("twice.db");
  const std::string file = test::data_path("top1465.txt");
  const auto first = run_command(sudoforge("import --db " + db + " " + file));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.err.find("import: stored 1464 new, 1 already in"), std::string::npos) << first.err;
  const auto second = run_command(sudoforge("import --quiet --db " + db + " " + file));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  // top1465 holds 1464 distinct puzzles: its line 309 is line 302 with the bands rotated.
  EXPECT_EQ(stored(db), 1464);
  const auto stats = run_command(sudoforge("stats --check --db " + db));
  EXPECT_NE(stats.out.find("1465 sightings"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("tier: twins 103; diabolical 1361"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("1 import done"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("2 import done"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("integrity_check: ok"), std::string::npos) << stats.out;
}

// Geometries by size (4x4 before 9x9 before 12x12, not the alphabet's order), tiers
// and levels easiest first, and a clue histogram for each geometry.
TEST(StatsCommand, ListsGeometriesBySizeTiersByDifficultyAndCluesPerGeometry) {
  const std::string db = fresh_db("stats_order.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("top95.txt"))).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge("generate -q --count 3 --size 12 --seed 2 --db " + db)).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge("generate -q --count 6 --size 4 --seed 2 --db " + db)).exit_code, 0);
  const auto stats = run_command(sudoforge("stats --db " + db));
  ASSERT_EQ(stats.exit_code, 0) << stats.err;
  EXPECT_NE(stats.out.find("geometry: 4x4 6; 9x9 94; 12x12 (3x4 boxes) 3\n"), std::string::npos) << stats.out;
  const auto at = [&](const std::string& text) { return stats.out.find(text); };
  ASSERT_NE(at("tier: singles"), std::string::npos) << stats.out;
  const std::size_t twins = at("twins "), diabolical = at("diabolical ");
  EXPECT_LT(twins, diabolical) << stats.out;
  const std::size_t easy = at(" easy "), extreme = at(" extreme ");
  ASSERT_NE(easy, std::string::npos) << stats.out;
  EXPECT_LT(easy, extreme) << stats.out;
  // One histogram per geometry, in the same order; top95 has 94 distinct puzzles.
  const std::size_t small = at("clues, 4x4:\n"), classic = at("clues, 9x9:\n"), big = at("clues, 12x12 (3x4 boxes):\n");
  ASSERT_NE(small, std::string::npos) << stats.out;
  EXPECT_LT(small, classic);
  EXPECT_LT(classic, big);
  long counted = 0;
  std::istringstream lines(stats.out.substr(classic, big - classic));
  std::string line;
  std::getline(lines, line);  // the title
  while (std::getline(lines, line)) {
    int clues = 0;
    long count = 0;
    std::istringstream(line) >> clues >> count;
    EXPECT_GE(clues, 17) << line;
    counted += count;
  }
  EXPECT_EQ(counted, 94);
}

TEST(ImportCommand, StoresTransformedCopiesAsTheSamePuzzles) {
  const std::string db = fresh_db("copies.db");
  std::string text;
  engine::Rng rng(11);
  const auto hardest = test::load_puzzles("hardest.txt");
  for (const auto& puzzle : hardest) {
    text += engine::to_line(puzzle) + "\n";
    for (int copy = 0; copy < 3; ++copy) {
      text += engine::to_line(test::random_transform(engine::Geometry{}, rng).apply(puzzle)) + "\n";
    }
  }
  const std::string file = testing::TempDir() + "copies.txt";
  test::write_file(file, text);
  const auto result = run_command(sudoforge("import --db " + db + " " + file));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(stored(db), 11);
  EXPECT_NE(result.err.find("stored 11 new, 33 already in"), std::string::npos) << result.err;
}

// With --threads 1 on a machine of two or more cores the writer thread, which has a
// core of its own, computes the canonical keys and symmetries; with at least as many
// workers as cores (64 here) the workers do. The rows, their keys and what counts as a copy must not depend on which.
TEST(ImportCommand, StoresTheSameKeysWhicheverThreadComputesThem) {
  std::string text;
  engine::Rng rng(5);
  for (const auto& puzzle : test::load_puzzles("hardest.txt")) {
    text += engine::to_line(puzzle) + "\n";
    text += engine::to_line(test::random_transform(engine::Geometry{}, rng).apply(puzzle)) + "\n";
  }
  const std::string file = testing::TempDir() + "keys_copies.txt";
  test::write_file(file, text);
  std::vector<std::string> rows;
  for (const std::string threads : {"1", "64"}) {
    const std::string db = fresh_db("keys_" + threads + ".db");
    const auto result = run_command(sudoforge("import --threads " + threads + " --db " + db + " " + file));
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.err.find("stored 11 new, 11 already in"), std::string::npos) << result.err;
    const auto keys = run_command("sqlite3 " + db + " 'SELECT canonical, symmetry, puzzle FROM puzzles ORDER BY id'");
    ASSERT_EQ(keys.exit_code, 0) << keys.err;
    EXPECT_EQ(lines_of(keys.out).size(), 11U) << keys.out;
    rows.push_back(keys.out);
  }
  EXPECT_EQ(rows[0], rows[1]);
}

TEST(ImportCommand, ReportsBadLinesAndStoresTheRest) {
  const std::string db = fresh_db("mixed.db");
  const std::string file = test::fixture_path("solve_mixed.txt");
  const auto result = run_command(sudoforge("import --quiet --db " + db + " " + file));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, file + ":3: wrong length: 80 cells, expected 81 for 9x9\n" + file +
                            ":4: clashing givens: 4 twice in row 1 (r1c1 and r1c2)\n" + file +
                            ":6: bad character 'x' at column 79\n");
  EXPECT_EQ(stored(db), 2);
  const auto stats = run_command(sudoforge("stats --db " + db));
  EXPECT_NE(stats.out.find("2 new, 0 duplicates, 3 rejected"), std::string::npos) << stats.out;
}

TEST(ImportCommand, SurvivesBeingKilledAndCompletesTheSetWhenRunAgain) {
  const std::string db = fresh_db("killed.db");
  const std::string file = test::data_path("17clue.txt");
  // Kill -9 part-way through a one-thread import (about 3 s of work).
  test::stopped_by(sudoforge("import --quiet --threads 1 --db " + db + " " + file), db, "KILL", 0.8);
  const auto check = run_command(sudoforge("stats --check --db " + db));
  ASSERT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_NE(check.out.find("integrity_check: ok"), std::string::npos);
  const long partial = stored(db);
  EXPECT_LT(partial, 49158);
  EXPECT_NE(check.out.find("1 import running"), std::string::npos) << check.out;  // never finished
  const auto again = run_command(sudoforge("import --quiet --db " + db + " " + file));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(stored(db), 49158);
  const auto stats = run_command(sudoforge("stats --db " + db));
  EXPECT_NE(stats.out.find(std::to_string(49158 - partial) + " new, " + std::to_string(partial) + " duplicates"),
            std::string::npos)
      << stats.out;
}

// A slow import (hard puzzles, one thread: a few seconds for these 300, fewer than a
// transaction's rows) stores what it has graded as it goes: another process sees
// puzzles in the file while it still runs, not only once it ends.
TEST(ImportCommand, CommitsAsItGoesSoThatAReaderSeesASlowImport) {
  const std::string db = fresh_db("slow.db");
  const std::string file = hard_puzzles(300, "slow_import_300.txt");
  // Up to 20 s: poll `stats` while the import runs; stop it once puzzles show.
  const std::string stats = sudoforge("stats --db " + db) + " 2>/dev/null | head -1 | grep -q \": [1-9]\"";
  const auto result = run_command(
      "sh -c '" + sudoforge("import --quiet --threads 1 --db " + db + " " + file) + " & pid=$!; " +
      test::wait_for_file(db + "-run-1.lock") +
      "; seen=no; i=0; while [ $i -lt 200 ] && kill -0 $pid 2>/dev/null; do if " + stats +
      "; then kill -0 $pid 2>/dev/null && seen=yes; break; fi; sleep 0.1; i=$((i+1)); done; "
      "kill -INT $pid 2>/dev/null; wait $pid; echo seen=$seen'");
  EXPECT_NE(result.out.find("seen=yes"), std::string::npos) << result.out << result.err;
}

TEST(ListCommand, SelectsOrdersAndPrintsInEveryFormat) {
  const std::string db = fresh_db("list.db");
  ASSERT_EQ(run_command(sudoforge("import --quiet --db " + db + " " + test::data_path("top95.txt"))).exit_code, 0);
  const auto csv = run_command(sudoforge("list --db " + db + " --tier twins"));
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const auto csv_lines = lines_of(csv.out);
  ASSERT_GE(csv_lines.size(), 2u);
  EXPECT_EQ(csv_lines[0].substr(0, 20), "source,puzzle,status");
  for (std::size_t i = 1; i < csv_lines.size(); ++i) EXPECT_NE(csv_lines[i].find(",twins,"), std::string::npos);

  const auto json = run_command(sudoforge("list --db " + db + " --format jsonl --order score --score 3000:"));
  int last = 0;
  for (const auto& line : lines_of(json.out)) {
    const auto record = nlohmann::json::parse(line);
    EXPECT_EQ(record["tier"], "diabolical");
    EXPECT_GE(record["score"].get<int>(), last);
    last = record["score"].get<int>();
  }
  const auto first = run_command(sudoforge("list --db " + db + " --format line --order random --seed 5 --limit 10"));
  const auto again = run_command(sudoforge("list --db " + db + " --format line --order random --seed 5 --limit 10"));
  EXPECT_EQ(lines_of(first.out).size(), 10u);
  EXPECT_EQ(first.out, again.out);
  EXPECT_NE(first.out, run_command(sudoforge("list --db " + db + " --format line --order random --seed 6 --limit 10")).out);
  // Ranges that are not ranges, and ranges whose ends are the wrong way round (they
  // select nothing): each an error that says which.
  for (const auto& [range, error] : std::vector<std::pair<std::string, std::string>>{
           {"--score 10:x", "--score '10:x' is not a range MIN:MAX of whole numbers"},
           {"--score :", "--score ':' is not a range MIN:MAX of whole numbers"},
           {"--clues 30:24", "--clues '30:24' is empty: MIN 30 is above MAX 24"},
           {"--rating 9:8.5", "--rating '9:8.5' is empty: MIN 9 is above MAX 8.5"}}) {
    const auto bad = run_command(sudoforge("list --db " + db + " " + range));
    EXPECT_EQ(bad.exit_code, 2) << range;
    EXPECT_EQ(bad.err, "sudoforge: " + error + "\n");
  }
}

TEST(MergeCommand, CombinesShardsWithoutDuplicatesOrLosingSources) {
  const std::string a = fresh_db("shard_a.db");
  const std::string b = fresh_db("shard_b.db");
  const std::string out = fresh_db("merged_out.db");
  const std::string one = testing::TempDir() + "part1.txt";
  const std::string two = testing::TempDir() + "part2.txt";
  const auto puzzles = test::load_puzzles("top95.txt");
  std::string first;
  std::string second;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (i < 60) first += engine::to_line(puzzles[i]) + "\n";
    if (i >= 40) second += engine::to_line(puzzles[i]) + "\n";
  }
  test::write_file(one, first);
  test::write_file(two, second);
  ASSERT_EQ(run_command(sudoforge("import -q --db " + a + " " + one)).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge("import -q --db " + b + " " + two)).exit_code, 0);
  const auto merged = run_command(sudoforge("merge " + out + " " + a + " " + b));
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(stored(out), 94);  // top95's lines 74 and 76 are one puzzle
  ASSERT_EQ(run_command(sudoforge("merge " + out + " " + a)).exit_code, 0);
  EXPECT_EQ(stored(out), 94);
  const auto stats = run_command(sudoforge("stats --db " + out));
  EXPECT_NE(stats.out.find("115 sightings"), std::string::npos) << stats.out;  // every line of both files
  EXPECT_NE(stats.out.find("import done"), std::string::npos);
  const auto itself = run_command(sudoforge("merge " + out + " " + out));
  EXPECT_EQ(itself.exit_code, 2);
  EXPECT_EQ(itself.err, "sudoforge: cannot merge database '" + out + "' into itself\n");
}

TEST(ImportCommand, ShardsOfAFileMergeToTheWholeImport) {
  const std::string file = test::data_path("top95.txt");
  const std::string whole = fresh_db("import_whole.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + whole + " " + file)).exit_code, 0);
  std::string parts;
  std::vector<std::string> dbs;
  for (int k = 0; k < 2; ++k) {
    dbs.push_back(fresh_db("import_part" + std::to_string(k) + ".db"));
    const auto part =
        run_command(sudoforge("import -q --shard " + std::to_string(k) + "/2 --db " + dbs.back() + " " + file));
    ASSERT_EQ(part.exit_code, 0) << part.err;
    parts += " " + dbs.back();
  }
  EXPECT_EQ(stored(dbs[0]), 48);  // lines 1, 3, ..., 95
  const std::string merged = fresh_db("import_merged.db");
  ASSERT_EQ(run_command(sudoforge("merge " + merged + parts)).exit_code, 0);
  const std::string list = "list --format line --db ";
  auto a = lines_of(run_command(sudoforge(list + whole)).out);
  auto b = lines_of(run_command(sudoforge(list + merged)).out);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a.size(), 94u);
  EXPECT_EQ(a, b);
}

// Eight writers at once on one new file: 4 imports and 4 generates. Every record
// of each must be there, as if they had run one after another.
TEST(StoreCommands, EightConcurrentWritersLoseNothing) {
  const std::string shared = fresh_db("load.db");
  const std::string serial = fresh_db("load_serial.db");
  std::vector<std::string> commands;
  for (const char* file : {"top1465.txt", "top95.txt", "hardest.txt"}) {
    commands.push_back("import -q --threads 1 " + test::data_path(file));
  }
  commands.push_back("import -q --threads 1 --shard 0/10 " + test::data_path("17clue.txt"));
  for (int seed = 1; seed <= 4; ++seed) {
    commands.push_back("generate -q --threads 1 --count 400 --seed " + std::to_string(seed));
  }
  std::string together = "sh -c 'status=0; pids=; ";
  for (const auto& command : commands) together += sudoforge(command + " --db " + shared) + " & pids=\"$pids $!\"; ";
  together += "for pid in $pids; do wait $pid || status=1; done; exit $status'";
  const auto load = run_command(together);
  EXPECT_EQ(load.exit_code, 0) << load.err;
  for (const auto& command : commands) {
    ASSERT_EQ(run_command(sudoforge(command + " --db " + serial)).exit_code, 0) << command;
  }
  const auto check = run_command(sudoforge("stats --check --db " + shared));
  EXPECT_NE(check.out.find("integrity_check: ok"), std::string::npos) << check.out;
  const auto runs = [&](const std::string& what) {
    long n = 0;
    for (auto at = check.out.find(what); at != std::string::npos; at = check.out.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(runs(" import done "), 4) << check.out;
  EXPECT_EQ(runs(" generate done "), 4) << check.out;
  // Which of two equivalent puzzles is stored first depends on who came first:
  // compare the classes (canonical forms).
  const auto classes = [](const std::string& db) {
    std::set<std::string> keys;
    for (const auto& line : lines_of(run_command(sudoforge("list --format line --db " + db)).out)) {
      keys.insert(engine::canonical_key(engine::parse_puzzle(line)));
    }
    return keys;
  };
  const auto expected = classes(serial);
  EXPECT_GT(expected.size(), 7000u);
  const auto got = classes(shared);
  EXPECT_EQ(got.size(), expected.size());
  EXPECT_TRUE(got == expected);
  EXPECT_EQ(stored(shared), stored(serial));
}

TEST(StoreCommands, GiveAClearErrorForFilesThatAreNotSudoforgeDatabases) {
  const std::string junk = testing::TempDir() + "junk.db";
  test::write_file(junk, "just text, not a database at all, but long enough for sqlite to look at it\n");
  const auto stats = run_command(sudoforge("stats --db " + junk));
  EXPECT_EQ(stats.exit_code, 2);
  EXPECT_EQ(stats.err, "sudoforge: cannot open database '" + junk + "': file is not a database\n");
  const auto merge = run_command(sudoforge("merge " + fresh_db("into.db") + " " + junk));
  EXPECT_EQ(merge.exit_code, 2);
  EXPECT_NE(merge.err.find("file is not a database"), std::string::npos) << merge.err;
  const auto missing = run_command(sudoforge("merge " + fresh_db("into2.db") + " /nonexistent/x.db"));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "sudoforge: cannot open database '/nonexistent/x.db': No such file or directory\n");
}

}  // namespace
}  // namespace sudoforge

namespace sudoforge {
namespace {

// What a file says of a puzzle (Kennett's title, SadMan's headers, OpenSudoku's
// note, text after a one-line puzzle) goes into its grade record and the database.
TEST(Formats, NotesReachTheGradeRecordAndTheDatabase) {
  const std::string kennett = test::fixture_path("formats/kennett.txt");
  const auto graded = run_command(sudoforge("grade -q " + kennett));
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  const auto rows = test::csv_rows(graded.out);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0][20], "Easy 1 (hand-made test file in Kennett's layout)");
  EXPECT_EQ(rows[1][20], "Hard 2");
  const std::string db = test::fresh_db("notes.db");
  const std::string line = testing::TempDir() + "noted_line.txt";
  test::write_file(line, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... # seen before\n"
                         "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.. # SE 10.5, Norvig\n");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::fixture_path("formats/sadman.sdk") + " " +
                                  test::fixture_path("formats/opensudoku.xml") + " " + line))
                .exit_code,
            0);
  const auto listed = run_command(sudoforge("list --format jsonl --db " + db));
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  std::vector<std::string> notes;
  for (const std::string& record : lines_of(listed.out)) {
    const auto json = nlohmann::json::parse(record);
    notes.push_back(json["note"].is_null() ? "(none)" : json["note"].get<std::string>());
  }
  // The OpenSudoku file holds sadman's puzzle again (no new row: the note stays the
  // first one's, and the XML's first game has none) and top95's first, whose note
  // comes from the XML, not the later line.
  EXPECT_EQ(notes, (std::vector<std::string>{"author: Ruud; description: A random puzzle, written the way SudoCue and "
                                             "SadMan Sudoku save one; date: 03-08-2006; level: Easy",
                                             "Arto & friends", "SE 10.5, Norvig"}));
}

// HoDoKu's saved games (.hsol, ZIP archives of XML; the two fixtures were saved by
// HoDoKu's own code): the puzzle is the givens (not what the player placed since),
// HoDoKu's rating goes into the note; from a file or stdin, into the database; a
// broken one is a rejected record that says why, and the other inputs are kept.
TEST(Formats, HodokuSavedGamesGiveTheirGivens) {
  const std::string rated = test::fixture_path("formats/hodoku_rated.hsol");
  const std::string playing = test::fixture_path("formats/hodoku_in_progress.hsol");
  const auto graded = run_command(sudoforge("grade -q --no-rating " + rated + " " + playing));
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  const auto rows = test::csv_rows(graded.out);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0][0], rated + ":1");
  EXPECT_EQ(rows[0][1], "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  EXPECT_EQ(rows[0][20], "HoDoKu: Medium, score 696");
  EXPECT_EQ(rows[1][1], "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1");  // 7 placed since
  EXPECT_EQ(rows[1][20], "");
  const std::string bytes = test::read_file(rated);
  const auto piped = run_command(sudoforge("solve -q -"), &bytes);
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out, "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n");
  const std::string db = test::fresh_db("hodoku.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + rated)).exit_code, 0);
  const auto listed = run_command(sudoforge("list --format jsonl --db " + db));
  EXPECT_NE(listed.out.find("\"note\":\"HoDoKu: Medium, score 696\""), std::string::npos) << listed.out;
  // Broken ones: each a record with its reason; the good file after them is still read.
  const std::string cut = testing::TempDir() + "cut.hsol";
  test::write_file(cut, bytes.substr(0, 100));
  std::string inputs;
  for (const char* file : {"formats/hodoku_no_data.zip", "formats/hodoku_bad_xml.hsol", "formats/hodoku_old.hsol"}) {
    inputs += " " + test::fixture_path(file);
  }
  const auto broken = run_command(sudoforge("grade -q --no-rating" + inputs + " " + cut + " " + playing));
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_EQ(broken.err,
            test::fixture_path("formats/hodoku_no_data.zip") + ":1: cannot read HoDoKu's game (.hsol): no \"SudokuData\" in "
            "the ZIP archive\n" + test::fixture_path("formats/hodoku_bad_xml.hsol") + ":1: cannot read HoDoKu's game (.hsol): "
            "its \"SudokuData\" is no XML: no element found at line 5\n" + test::fixture_path("formats/hodoku_old.hsol") +
            ":1: cannot read HoDoKu's game (.hsol): saved by HoDoKu before version 2.0 (sudoku.Sudoku): open and save it "
            "again with a newer HoDoKu\n" + cut + ":1: cannot read HoDoKu's game (.hsol): not a ZIP archive HoDoKu could "
            "have written (Not a zip archive)\n");
  EXPECT_EQ(test::csv_rows(broken.out).size(), 5U);
  // The reading is the HoDoKu module's (loaded only for .hsol files): without it, each
  // such file is a rejected record that says so, and the other inputs are read.
  const std::string nowhere = testing::TempDir() + "no_modules_hodoku";
  std::filesystem::create_directories(nowhere);
  const std::string line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
  const std::string text = testing::TempDir() + "one_line.txt";
  test::write_file(text, line + "\n");
  const auto without = run_command("SUDOFORGE_MODULE_DIR=" + nowhere + " " + sudoforge("grade -q --no-rating " + rated + " " + text));
  EXPECT_EQ(without.exit_code, 1);
  EXPECT_EQ(without.err, rated + ":1: cannot read HoDoKu's game (.hsol): cannot load module '" + nowhere +
                             "/sudoforge-hodoku.so': cannot open shared object file: No such file or directory (a sudoforge "
                             "installed or built whole has it; SUDOFORGE_MODULE_DIR names another folder)\n");
  const auto kept = test::csv_rows(without.out);
  ASSERT_EQ(kept.size(), 2U);
  EXPECT_EQ(kept[1][1], line);
  EXPECT_EQ(kept[1][2], "unique");
  const auto sized = run_command(sudoforge("grade -q --size 6 " + rated));
  EXPECT_EQ(sized.exit_code, 1);
  EXPECT_EQ(sized.err, rated + ":1: a ZIP archive, read as HoDoKu's game (.hsol), which is 9x9, not 6x6 (2x3 boxes): "
                                "read it without --size, --box or --diagonal\n");
}

// list and export write every layout they offer so that grade reads the same
// puzzles back; a layout that cannot hold a geometry is refused, naming the puzzle.
TEST(Formats, ListAndExportWriteEveryLayoutGradeReadsBack) {
  const std::string db = test::fresh_db("formats.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("top95.txt"))).exit_code, 0);
  const auto lines = run_command(sudoforge("list --format line --limit 20 --db " + db));
  ASSERT_EQ(lines.exit_code, 0);
  for (const std::string format : {"sdm", "ss", "opensudoku", "tatham", "csv"}) {
    const auto listed = run_command(sudoforge("list --format " + format + " --limit 20 --db " + db));
    ASSERT_EQ(listed.exit_code, 0) << format << ": " << listed.err;
    const std::string file = testing::TempDir() + "listed." + format;
    test::write_file(file, listed.out);
    const auto back = run_command(sudoforge("grade -q " + file));
    ASSERT_EQ(back.exit_code, 0) << format << ": " << back.err;
    std::string puzzles;
    for (const auto& row : test::csv_rows(back.out)) puzzles += row[1] + "\n";
    EXPECT_EQ(puzzles, lines.out) << format;
    // export writes the same puzzles (in book order: by level) to a file.
    const std::string exported = testing::TempDir() + "exported." + format;
    const auto exporting = run_command(sudoforge("export --limit 20 --" + format + " " + exported + " --db " + db));
    ASSERT_EQ(exporting.exit_code, 0) << format << ": " << exporting.err;
    const auto again = run_command(sudoforge("grade -q " + exported));
    ASSERT_EQ(again.exit_code, 0) << format << ": " << again.err;
    std::vector<std::string> a = lines_of(lines.out);
    std::vector<std::string> b;
    for (const auto& row : test::csv_rows(again.out)) b.push_back(row[1]);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << format;
  }
  // Simple Sudoku and OpenSudoku are 9x9 programs.
  ASSERT_EQ(run_command(sudoforge("generate -q --count 2 --size 6 --seed 1 --db " + db)).exit_code, 0);
  const auto six = run_command(sudoforge("list --format ss --size 6 --db " + db));
  EXPECT_EQ(six.exit_code, 2);
  EXPECT_NE(six.err.find("list --format ss: puzzle 95 cannot be written: Simple Sudoku's .ss holds 9x9 puzzles only, "
                         "not 6x6 (2x3 boxes)"),
            std::string::npos)
      << six.err;
  const std::string refused = testing::TempDir() + "refused.xml";
  std::filesystem::remove(refused);
  const auto xml = run_command(sudoforge("export --size 6 --opensudoku " + refused + " --pdf " + refused + ".pdf --db " + db));
  EXPECT_EQ(xml.exit_code, 2);
  EXPECT_NE(xml.err.find("export --opensudoku: puzzle 95 cannot be written: OpenSudoku holds 9x9 puzzles only"),
            std::string::npos)
      << xml.err;
  EXPECT_FALSE(std::filesystem::exists(refused + ".pdf"));  // nothing written
  // Tatham's IDs hold any shape.
  const auto ids = run_command(sudoforge("list --format tatham --size 6 --db " + db));
  ASSERT_EQ(ids.exit_code, 0) << ids.err;
  EXPECT_TRUE(ids.out.starts_with("2x3:")) << ids.out;
}

// A database whose ratings an older sudoforge made (tests/data/schema_v5_diagonal.db:
// 20 X-Sudoku puzzles rated before the fix of direct claiming where the diagonals
// cross): list says so, upgrade rates them again and says how many changed, and
// afterwards the database holds what grade says of the same puzzles today.
TEST(UpgradeCommand, RatesAgainWhatAnOlderSudoforgeRated) {
  const std::string db = fresh_db("v5.db");
  std::filesystem::copy_file(test::fixture_path("schema_v5_diagonal.db"), db);
  const auto before = run_command(sudoforge("list --db " + db));
  ASSERT_EQ(before.exit_code, 0) << before.err;
  EXPECT_EQ(before.err, "sudoforge: note: database '" + db +
                            "' has 20 puzzles rated by an older sudoforge, whose rating or level may differ from today's: "
                            "'sudoforge upgrade --db " + db + "' rates them again\n");
  const auto old_rows = test::csv_rows(before.out);
  ASSERT_EQ(old_rows.size(), 20u);
  // What grade says of the same puzzles now.
  const std::string puzzles = testing::TempDir() + "v5_puzzles.txt";
  {
    std::ofstream out(puzzles);
    for (const auto& row : old_rows) out << row[1] << '\n';
  }
  const auto graded = run_command(sudoforge("grade -q --diagonal " + puzzles));
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  const auto fresh = test::csv_rows(graded.out);
  ASSERT_EQ(fresh.size(), 20u);
  // score, rating, level, hardest technique; the technique counts.
  const std::vector<std::size_t> rating_fields{6, 7, 8, 9, 18};
  std::size_t changed = 0;
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    changed += std::any_of(rating_fields.begin(), rating_fields.end(), [&](std::size_t k) { return old_rows[i][k] != fresh[i][k]; });
  }
  ASSERT_GT(changed, 0u) << "the fixture should hold ratings the ladder of then got wrong";

  const auto upgraded = run_command(sudoforge("upgrade --db " + db));
  ASSERT_EQ(upgraded.exit_code, 0) << upgraded.err;
  EXPECT_EQ(upgraded.err, "upgrade: " + db + ": rated again 20 of 20 rated by an older sudoforge, " +
                              std::to_string(changed) + " of them now rated differently\n");
  const auto after = run_command(sudoforge("list --db " + db));
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.err, "");
  const auto new_rows = test::csv_rows(after.out);
  ASSERT_EQ(new_rows.size(), 20u);
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    // Everything from the puzzle to the solution (the source names where each was first seen).
    for (std::size_t k = 1; k <= 19; ++k) EXPECT_EQ(new_rows[i][k], fresh[i][k]) << "field " << k << " of " << fresh[i][1];
  }
  const auto again = run_command(sudoforge("upgrade --db " + db));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err, "upgrade: " + db + ": every puzzle holds this sudoforge's rating (version " +
                           std::to_string(grader::kRatingVersion) + ")\n");
  // One thread stores the same.
  const std::string one = fresh_db("v5_one_thread.db");
  std::filesystem::copy_file(test::fixture_path("schema_v5_diagonal.db"), one);
  ASSERT_EQ(run_command(sudoforge("upgrade -q --threads 1 --db " + one)).exit_code, 0);
  EXPECT_EQ(run_command(sudoforge("list --db " + one)).out, after.out);
}

// Ctrl-C stops upgrade at the next puzzle, not at the end of its batch of 512: what
// it rated is committed, it exits with 130, and running it again rates the rest.
TEST(UpgradeCommand, StopsAtTheNextPuzzleAndGoesOnWhenRunAgain) {
  const std::string db = fresh_db("stopped.db");
  const std::string file = hard_puzzles(400, "upgrade_400.txt");
  ASSERT_EQ(run_command(sudoforge("import --quiet --db " + db + " " + file)).exit_code, 0);
  {
    // Read as rated by an older rating, as the rows of a database of schema 5 are.
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(handle, "UPDATE puzzles SET rating_version = NULL", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(handle);
  }
  // Rating these 400 takes about 1.8 s on one thread (fewer than a batch); stop it
  // 0.3 s after it opened the database (its handlers are in place by then).
  const auto stopped = run_command("sh -c '" + sudoforge("upgrade --threads 1 --db " + db) + " & pid=$!; " +
                                   test::wait_for_file(db + "-wal") + "; sleep 0.3; kill -INT $pid; wait $pid'");
  ASSERT_EQ(stopped.exit_code, 130) << stopped.err;
  const std::string head = "upgrade: " + db + ": rated again ";
  ASSERT_EQ(stopped.err.rfind(head, 0), 0u) << stopped.err;
  const int first = std::stoi(stopped.err.substr(head.size()));
  EXPECT_LT(first, 400);
  EXPECT_EQ(stopped.err, head + std::to_string(first) + " of 400 rated by an older sudoforge, 0 of them now rated "
                                                       "differently; interrupted: run it again to go on\n");
  const auto again = run_command(sudoforge("upgrade --db " + db));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const std::string rest = std::to_string(400 - first);
  // The ratings were today's all along: none reads differently.
  EXPECT_EQ(again.err, head + rest + " of " + rest + " rated by an older sudoforge, 0 of them now rated differently\n");
}

}  // namespace
}  // namespace sudoforge
