// End-to-end tests of `sudoforge generate`.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/symmetry.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/generator/generator.hpp"
#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;
using test::fresh_db;
using test::csv_rows;
using test::lines_of;

// Fields: 0 source, 1 puzzle, 2 status, 4 tier, 5 te_depth, 7 clues, 15 solution.
void expect_unique_minimal(const std::string& line_puzzle, engine::Symmetry symmetry,
                           const engine::Geometry& geometry = engine::Geometry{}) {
  const engine::Grid puzzle = engine::parse_puzzle(line_puzzle, geometry);
  ASSERT_EQ(engine::count_solutions(puzzle, 2).count, 1) << line_puzzle;
  generator::Options options;
  options.symmetry = symmetry;
  generator::Generator generator(geometry, options);
  EXPECT_TRUE(generator.is_minimal(puzzle)) << line_puzzle;
  EXPECT_TRUE(engine::has_symmetry(puzzle, symmetry)) << line_puzzle;
}

TEST(GenerateCommand, StoresUniqueMinimalPuzzlesWithRunSeedAndIndex) {
  const std::string db = fresh_db("generate.db");
  const auto result = run_command(sudoforge("generate --count 40 --seed 3 --db " + db));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("generate: seed 3\n"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("done: 40 of 40 puzzles"), std::string::npos) << result.err;
  const auto list = run_command(sudoforge("list --db " + db));
  const auto rows = csv_rows(list.out);
  ASSERT_EQ(rows.size(), 40u);
  for (const auto& row : rows) {
    EXPECT_EQ(row[0].rfind("run 1 #", 0), 0u) << row[0];
    expect_unique_minimal(row[1], engine::Symmetry::None);
  }
  const auto stats = run_command(sudoforge("stats --db " + db));
  EXPECT_NE(stats.out.find("1 generate done"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("seed 3"), std::string::npos);
}

TEST(GenerateCommand, GivesTheSameBytesForTheSameSeedOnAnyThreadCount) {
  const std::string one = testing::TempDir() + "gen1.csv";
  const std::string two = testing::TempDir() + "gen2.csv";
  const std::string again = testing::TempDir() + "gen3.csv";
  const std::string args = "generate --count 60 --mix singles=1,twins=1,diabolical=1 --seed 42 --no-db -q --out ";
  ASSERT_EQ(run_command(sudoforge(args + one + " --threads 1")).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge(args + two + " --threads 2")).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge(args + again + " --threads 2")).exit_code, 0);
  const std::string text = test::read_file(one);
  EXPECT_EQ(text, test::read_file(two));
  EXPECT_EQ(text, test::read_file(again));
  EXPECT_EQ(csv_rows(text).size(), 60u);
  const std::string other = testing::TempDir() + "gen4.csv";
  ASSERT_EQ(run_command(sudoforge("generate --count 60 --mix singles=1,twins=1,diabolical=1 --seed 43 --no-db -q "
                                  "--out " + other)).exit_code, 0);
  EXPECT_NE(text, test::read_file(other));
}

TEST(GenerateCommand, MeetsTheMixTierDepthClueAndSymmetryAskedFor) {
  const auto mix = run_command(sudoforge("generate --count 40 --mix singles=2,twins=1,diabolical=1 --seed 8 --no-db -q --out -"));
  ASSERT_EQ(mix.exit_code, 0) << mix.err;
  std::map<std::string, int> tiers;
  for (const auto& row : csv_rows(mix.out)) ++tiers[row[4]];
  EXPECT_EQ(tiers["singles"], 20);
  EXPECT_EQ(tiers["twins"], 10);
  EXPECT_EQ(tiers["diabolical"], 10);

  const auto picky = run_command(sudoforge(
      "generate --count 8 --tier diabolical --te-depth 1 --clues :24 --symmetry rot180 --seed 2 --no-db -q --out -"));
  ASSERT_EQ(picky.exit_code, 0) << picky.err;
  const auto rows = csv_rows(picky.out);
  ASSERT_EQ(rows.size(), 8u);
  for (const auto& row : rows) {
    EXPECT_EQ(row[4], "diabolical");
    EXPECT_EQ(row[5], "1");
    EXPECT_LE(std::stoi(row[7]), 24);
    expect_unique_minimal(row[1], engine::Symmetry::Rot180);
  }
}

TEST(GenerateCommand, MakesEveryShapeAndTheDiagonalVariant) {
  for (const std::string& shape : {std::string("--size 4"), std::string("--size 6"), std::string("--size 12"),
                                   std::string("--size 16"), std::string("--diagonal"), std::string("--box 3x2")}) {
    const auto result = run_command(sudoforge("generate --count 2 --seed 1 --no-db -q --out - " + shape));
    ASSERT_EQ(result.exit_code, 0) << shape << ": " << result.err;
    const auto rows = csv_rows(result.out);
    ASSERT_EQ(rows.size(), 2u) << shape;
    const engine::Geometry geometry = shape == "--size 4"    ? engine::Geometry(2, 2)
                                      : shape == "--size 6"  ? engine::Geometry(2, 3)
                                      : shape == "--size 12" ? engine::Geometry(3, 4)
                                      : shape == "--size 16" ? engine::Geometry(4, 4)
                                      : shape == "--box 3x2" ? engine::Geometry(3, 2)
                                                             : engine::Geometry(3, 3, engine::Variant::Diagonal);
    for (const auto& row : rows) expect_unique_minimal(row[1], engine::Symmetry::None, geometry);
  }
}

TEST(GenerateCommand, FinishesAnInterruptedRunExactlyOnceWhenRunAgain) {
  const std::string db = fresh_db("resume.db");
  const std::string args = "generate --count 800 --tier twins --seed 11 --threads 1 --db " + db;
  // Ctrl-C part-way: what was made is committed and the run marked interrupted.
  const auto stopped = test::stopped_by(sudoforge(args), db, "INT", 0.3);
  EXPECT_EQ(stopped.exit_code, 130) << stopped.err;  // as for every command stopped by a signal
  EXPECT_NE(stopped.err.find("interrupted"), std::string::npos) << stopped.err;
  // The same command and seed again resumes it.
  const auto resumed = run_command(sudoforge(args + " -q"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto stats = run_command(sudoforge("stats --check --db " + db));
  EXPECT_NE(stats.out.find("800 puzzles, 800 sightings"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("1 generate done"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("integrity_check: ok"), std::string::npos);
  // And the set is exactly the one an uninterrupted run makes.
  const auto straight = run_command(sudoforge("generate --count 800 --tier twins --seed 11 --no-db -q --out -"));
  const auto stored = run_command(sudoforge("list --format line --db " + db));
  std::vector<std::string> a;
  std::vector<std::string> b;
  for (const auto& row : csv_rows(straight.out)) a.push_back(row[1]);
  std::istringstream lines(stored.out);
  for (std::string line; std::getline(lines, line);) b.push_back(line);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
  const auto done = run_command(sudoforge(args));
  EXPECT_EQ(done.exit_code, 0);
}

TEST(GenerateCommand, SurvivesSigkillAtRandomPointsAndResumesToExactlyTheCount) {
  const std::string db = fresh_db("sigkill.db");
  const std::string out = testing::TempDir() + "sigkill.csv";
  std::filesystem::remove(out);
  const std::string args = "generate -q --count 1500 --tier twins --seed 12 --threads 1 --db " + db + " --out " + out;
  std::mt19937 random(20261122);
  std::uniform_int_distribution<int> delay_ms(50, 700);
  long before = 0;
  for (int kill = 0; kill < 4; ++kill) {
    const int ms = delay_ms(random);
    test::stopped_by(sudoforge(args), db, "KILL", ms / 1000.0);
    const auto check = run_command(sudoforge("stats --check --db " + db));
    ASSERT_EQ(check.exit_code, 0) << "after a kill " << ms << " ms into the run: " << check.out << check.err;
    EXPECT_NE(check.out.find("integrity_check: ok"), std::string::npos) << check.out;
    // One sighting per puzzle: nothing stored twice, and what was committed stays.
    const long puzzles = std::stol(check.out.substr(check.out.find(": ") + 2));
    EXPECT_NE(check.out.find(std::to_string(puzzles) + " puzzles, " + std::to_string(puzzles) + " sightings"),
              std::string::npos)
        << check.out;
    EXPECT_GE(puzzles, before);
    EXPECT_LE(puzzles, 1500);
    before = puzzles;
  }
  const auto finished = run_command(sudoforge(args));
  ASSERT_EQ(finished.exit_code, 0) << finished.err;
  const auto stats = run_command(sudoforge("stats --check --db " + db));
  EXPECT_NE(stats.out.find("1500 puzzles, 1500 sightings"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("1 generate done"), std::string::npos) << stats.out;
  const auto straight = run_command(sudoforge("generate --count 1500 --tier twins --seed 12 --no-db -q --out -"));
  // --out holds exactly the run's records, byte for byte, however often it was killed.
  EXPECT_EQ(test::read_file(out), straight.out);
  std::vector<std::string> a;
  for (const auto& row : csv_rows(straight.out)) a.push_back(row[1]);
  std::istringstream lines(run_command(sudoforge("list --format line --db " + db)).out);
  std::vector<std::string> b;
  for (std::string line; std::getline(lines, line);) b.push_back(line);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
}

// Sorted puzzle column of --out records.
std::vector<std::string> puzzles_of(const std::string& csv) {
  std::vector<std::string> puzzles;
  for (const auto& row : csv_rows(csv)) puzzles.push_back(row[1]);
  std::sort(puzzles.begin(), puzzles.end());
  return puzzles;
}

TEST(GenerateCommand, ShardsWithoutAFilterMakeExactlyTheSingleMachineSet) {
  const std::string args = "generate --count 30 --seed 21 --no-db -q --out - --symmetry rot180";
  const auto whole = run_command(sudoforge(args));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  std::vector<std::string> shards;
  std::map<std::string, int> per_shard;
  for (int k = 0; k < 4; ++k) {
    const auto part = run_command(sudoforge(args + " --threads " + std::to_string(1 + k % 2) + " --shard " +
                                            std::to_string(k) + "/4"));
    ASSERT_EQ(part.exit_code, 0) << part.err;
    for (const auto& row : csv_rows(part.out)) {
      shards.push_back(row[1]);
      // Shard k makes only candidates k, k+4, ...: its sources say so.
      const auto hash = row[0].find('#');
      ASSERT_NE(hash, std::string::npos) << row[0];
      EXPECT_EQ(std::stoi(row[0].substr(hash + 1)) % 4, k) << row[0];
      ++per_shard[std::to_string(k)];
    }
  }
  std::sort(shards.begin(), shards.end());
  EXPECT_EQ(shards, puzzles_of(whole.out));
  EXPECT_EQ(per_shard["0"], 8);  // 30 = 8 + 8 + 7 + 7
  EXPECT_EQ(per_shard["3"], 7);
}

TEST(GenerateCommand, ShardsWithAFilterSplitEachQuotaAndMergeToTheCount) {
  const std::string args = "generate --count 21 --mix singles=1,twins=1,diabolical=1 --seed 5 -q";
  std::string dbs;
  for (int k = 0; k < 3; ++k) {
    const std::string db = fresh_db("shard" + std::to_string(k) + ".db");
    const auto part = run_command(sudoforge(args + " --shard " + std::to_string(k) + "/3 --db " + db));
    ASSERT_EQ(part.exit_code, 0) << part.err;
    dbs += " " + db;
  }
  const std::string merged = fresh_db("merged.db");
  const auto merge = run_command(sudoforge("merge " + merged + dbs));
  ASSERT_EQ(merge.exit_code, 0) << merge.err;
  const auto stats = run_command(sudoforge("stats --check --db " + merged));
  EXPECT_NE(stats.out.find("21 puzzles"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("integrity_check: ok"), std::string::npos) << stats.out;
  const auto tiers = run_command(sudoforge("list --tier twins --format line --db " + merged));
  EXPECT_EQ(std::count(tiers.out.begin(), tiers.out.end(), '\n'), 7) << tiers.out;
}

// A 16x16 candidate can take seconds: candidates are made one at a time, so a
// single thread makes none past the count (it made 4 per batch, up to 3 of them for
// nothing: a 16x16 diagonal --count 1 took 13 s where the puzzle takes 0.3 s).
TEST(GenerateCommand, MakesNoLargeCandidatePastTheCountOnOneThread) {
  const auto large = run_command(sudoforge("generate --count 2 --size 16 --seed 3 --threads 1 --no-db --out -"));
  ASSERT_EQ(large.exit_code, 0) << large.err;
  EXPECT_NE(large.err.find(" from 2 candidates in "), std::string::npos) << large.err;
  EXPECT_EQ(large.err.find("made in flight"), std::string::npos) << large.err;
}

// Candidates flow until the count is met; the summary counts those looked at (through
// the last one kept) and owns up to any made in flight for nothing.
TEST(GenerateCommand, SummaryCountsTheCandidatesLookedAtAndThoseUnused) {
  const auto result = run_command(sudoforge("generate --count 2 --tier twins --seed 3 --threads 2 --no-db --out -"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto records = lines_of(result.out);
  ASSERT_EQ(records.size(), 3u) << result.out;
  // The last record's source is "seed 3 #INDEX".
  const std::string prefix = "seed 3 #";
  ASSERT_EQ(records[2].rfind(prefix, 0), 0u) << records[2];
  const long last_index = std::stol(records[2].substr(prefix.size()));
  // The summary: "... from N candidates in ..." or "... from N candidates (and M made
  // in flight, unused) in ..." with M > 0.
  const auto from = result.err.find(" from ");
  ASSERT_NE(from, std::string::npos) << result.err;
  std::istringstream summary(result.err.substr(from + 6));
  long looked_at = 0;
  std::string word;
  summary >> looked_at >> word;
  EXPECT_EQ(word, "candidates") << result.err;
  EXPECT_EQ(looked_at, last_index + 1) << result.err;
  summary >> word;
  if (word != "in") {
    long unused = 0;
    std::string rest;
    summary >> unused;
    std::getline(summary, rest);
    EXPECT_EQ(word, "(and") << result.err;
    EXPECT_GT(unused, 0) << result.err;
    EXPECT_EQ(rest.rfind(" made in flight, unused) in ", 0), 0u) << result.err;
  }
}

TEST(GenerateCommand, RefusesAMalformedShard) {
  for (const char* shard : {"4/4", "1", "-1/3", "a/b", "1/0", "0/3x"}) {
    const auto result = run_command(sudoforge(std::string("generate --count 3 --no-db --out - --shard ") + shard));
    EXPECT_EQ(result.exit_code, 2) << shard;
    EXPECT_EQ(result.err, std::string("sudoforge: --shard '") + shard + "' is not K/N with 0 <= K < N\n") << shard;
  }
}

TEST(GenerateCommand, RefusesRequestsItCannotMeet) {
  const auto mix = run_command(sudoforge("generate --count 5 --mix tricky=1 --no-db --out -"));
  EXPECT_EQ(mix.exit_code, 2);
  EXPECT_EQ(mix.err,
            "sudoforge: --mix 'tricky=1': 'tricky=1' is not NAME=SHARE (tiers: singles, twins, diabolical; or levels: "
            "easy, medium, hard, fiendish, extreme)\n");
  const auto mixed = run_command(sudoforge("generate --count 5 --mix singles=1,hard=1 --no-db --out -"));
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_EQ(mixed.err, "sudoforge: --mix 'singles=1,hard=1' mixes tiers and levels: use one or the other\n");
  const auto both = run_command(sudoforge("generate --count 5 --tier twins --level hard --no-db --out -"));
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_EQ(both.err, "sudoforge: --tier, --level and --mix exclude each other\n");
  const auto easy_depth = run_command(sudoforge("generate --count 5 --level easy --te-depth 1 --no-db --out -"));
  EXPECT_EQ(easy_depth.exit_code, 2);
  EXPECT_EQ(easy_depth.err,
            "sudoforge: --te-depth rates diabolical puzzles only, and easy puzzles are never diabolical\n");
  const auto rating = run_command(sudoforge("generate --count 5 --rating 7.15: --no-db --out -"));
  EXPECT_EQ(rating.exit_code, 2);
  EXPECT_EQ(rating.err,
            "sudoforge: --rating '7.15:' is not a rating range MIN:MAX (numbers with at most one decimal, e.g. 7.1:8.5 "
            "or 9:)\n");
  const auto depth = run_command(sudoforge("generate --count 5 --tier singles --te-depth 2 --no-db --out -"));
  EXPECT_EQ(depth.exit_code, 2);
  EXPECT_EQ(depth.err, "sudoforge: --te-depth rates diabolical puzzles only: drop singles and twins from the request\n");
  const auto count = run_command(sudoforge("generate --no-db --out -"));
  EXPECT_EQ(count.exit_code, 2);
  EXPECT_EQ(count.err, "sudoforge: generate needs --count N with N > 0\n");
  const auto nowhere = run_command(sudoforge("generate --count 3 --no-db"));
  EXPECT_EQ(nowhere.exit_code, 2);
  EXPECT_EQ(nowhere.err, "sudoforge: --no-db needs --out, or the puzzles go nowhere\n");
  const auto capped = run_command(sudoforge("generate --count 3 --clues :5 --max-steps 2 --max-candidates 10 --no-db --out -"));
  EXPECT_EQ(capped.exit_code, 1);
  EXPECT_NE(capped.err.find("incomplete (--max-candidates 10 reached): 0 of 3 puzzles"), std::string::npos) << capped.err;
  // What no run could ever meet is refused before any work (these used to spin forever).
  const auto no_grid = run_command(sudoforge("generate --count 1 --box 1x2 --diagonal --no-db --out -"));
  EXPECT_EQ(no_grid.exit_code, 2);
  EXPECT_EQ(no_grid.err, "sudoforge: generate: nothing can meet this request: no complete grid of 2x2 (1x2 boxes) "
                         "diagonal exists, so neither does a puzzle\n");
  const auto deep = run_command(sudoforge("generate --count 1 --te-depth 9 --no-db --out -"));
  EXPECT_EQ(deep.exit_code, 2);
  EXPECT_EQ(deep.err, "sudoforge: generate: nothing can meet this request: --te-depth 9 is deeper than the grader "
                      "looks (--max-te-depth 4, at most 8)\n");
}

// What is merely rare (here: more 2x2 puzzles than exist, and more 4x4 classes than
// a run meets) ends at the give-up bound with a summary that says so, the run marked
// incomplete, and exit code 1.
TEST(GenerateCommand, GivesUpOnARequestTooRareToMeet) {
  const std::string db = fresh_db("give_up.db");
  const auto tiny = run_command(sudoforge("generate --box 1x2 --count 2 --seed 1 --db " + db));
  EXPECT_EQ(tiny.exit_code, 1);
  EXPECT_NE(tiny.err.find("generate: incomplete (gave up: none accepted in the last 200000 candidates, 1 in 1 "
                          "accepted, 200000 since the last; the request may be impossible or very rare: --give-up N "
                          "waits longer): 1 of 2 puzzles"),
            std::string::npos)
      << tiny.err;
  const auto stats = run_command(sudoforge("stats --db " + db));
  EXPECT_NE(stats.out.find("1 generate incomplete"), std::string::npos) << stats.out;
  const auto four = run_command(sudoforge("generate --size 4 --count 40 --seed 1 --give-up 20000 --no-db --out -"));
  EXPECT_EQ(four.exit_code, 1);
  EXPECT_NE(four.err.find("gave up: none accepted in the last 20000 candidates"), std::string::npos) << four.err;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// --format line: the puzzles of the CSV records, one per line, nothing else.
TEST(GenerateCommand, WritesBarePuzzlesWithFormatLine) {
  const std::string args = "generate -q --count 12 --seed 8 --no-db --out -";
  const auto csv = run_command(sudoforge(args));
  const auto line = run_command(sudoforge(args + " --format line"));
  ASSERT_EQ(line.exit_code, 0) << line.err;
  std::vector<std::string> expected;
  for (const auto& row : csv_rows(csv.out)) expected.push_back(row[1]);
  EXPECT_EQ(lines_of(line.out), expected);
  ASSERT_EQ(expected.size(), 12U);
}

// An unfinished run (a cap on candidates) resumed into the same --format line file
// ends with exactly the lines of a straight run; a file whose lines are not this
// run's puzzles is refused, never overwritten.
TEST(GenerateCommand, ResumesIntoABarePuzzleFileAndRefusesAForeignOne) {
  const std::string db = fresh_db("resume_line.db");
  const std::string out = testing::TempDir() + "resume_line.txt";
  std::filesystem::remove(out);
  const std::string args = "generate -q --count 40 --tier twins --seed 4 --db " + db + " --out " + out + " --format line";
  const auto capped = run_command(sudoforge(args + " --max-candidates 60"));
  EXPECT_EQ(capped.exit_code, 1) << capped.err;  // incomplete
  const std::size_t first = lines_of(read_text(out)).size();
  ASSERT_GT(first, 0U);
  ASSERT_LT(first, 40U);
  const auto resumed = run_command(sudoforge(args));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto straight = run_command(sudoforge("generate -q --count 40 --tier twins --seed 4 --no-db --out - --format line"));
  EXPECT_EQ(read_text(out), straight.out);

  const std::string db2 = fresh_db("resume_line_foreign.db");
  const std::string args2 = "generate -q --count 40 --tier twins --seed 4 --db " + db2 + " --out " + out + " --format line";
  ASSERT_EQ(run_command(sudoforge(args2 + " --max-candidates 60")).exit_code, 1);
  std::string text = read_text(out);
  text[0] = text[0] == '.' ? '1' : '.';  // the first puzzle is no longer the one made
  std::ofstream(out, std::ios::trunc) << text;
  const auto refused = run_command(sudoforge(args2));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("cannot resume into '" + out + "': its line 1 is not the puzzle this run made there"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(read_text(out), text);  // left as it was
}

// Resuming into a CSV file that is not this run's records is refused, never overwritten.
TEST(GenerateCommand, RefusesToResumeIntoAFileOfOtherRecords) {
  const std::string db = fresh_db("resume_foreign_csv.db");
  const std::string out = testing::TempDir() + "resume_foreign.csv";
  const std::string args = "generate -q --count 40 --tier twins --seed 4 --db " + db + " --out " + out;
  ASSERT_EQ(run_command(sudoforge(args + " --max-candidates 60")).exit_code, 1);
  const std::string records = read_text(out);
  const std::string header = records.substr(0, records.find('\n') + 1);
  std::ofstream(out, std::ios::trunc) << "puzzle\n" << records.substr(header.size());
  const auto headless = run_command(sudoforge(args));
  EXPECT_EQ(headless.exit_code, 2);
  EXPECT_NE(headless.err.find("cannot resume into '" + out + "': it does not start with the header of CSV records"),
            std::string::npos)
      << headless.err;
  std::ofstream(out, std::ios::trunc) << header << "seed 5 #0,1.2\n";
  const auto foreign = run_command(sudoforge(args));
  EXPECT_EQ(foreign.exit_code, 2);
  EXPECT_NE(foreign.err.find("its record 1 is not 'seed 4 #"), std::string::npos) << foreign.err;
  EXPECT_EQ(read_text(out), header + "seed 5 #0,1.2\n");
}

// --score selects as list does: every puzzle within the range; a range no tier asked
// for can reach is refused up front.
TEST(GenerateCommand, MeetsAScoreRangeAndRefusesOneItCannot) {
  const auto made = run_command(sudoforge("generate -q --count 10 --seed 6 --score 3300:3500 --no-db --out -"));
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const auto rows = csv_rows(made.out);
  ASSERT_EQ(rows.size(), 10U);
  for (const auto& row : rows) {
    const int score = std::stoi(row[6]);
    EXPECT_GE(score, 3300) << row[1];
    EXPECT_LE(score, 3500) << row[1];
  }
  const auto none = run_command(sudoforge("generate --count 5 --tier singles --score 2500: --no-db --out -"));
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("--score 2500: holds no score of what is asked"), std::string::npos) << none.err;
  const auto bad = run_command(sudoforge("generate --count 5 --score 3000:x --no-db --out -"));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--score '3000:x' is not a range MIN:MAX of whole numbers"), std::string::npos) << bad.err;
}


}  // namespace
}  // namespace sudoforge
