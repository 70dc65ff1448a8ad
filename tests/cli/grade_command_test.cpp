// End-to-end tests of `sudoforge grade` and `sudoforge explain`.

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/rating.hpp"
#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;
using test::lines_of;

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.push_back(field);
      field.clear();
    } else {
      field += c;
    }
  }
  fields.push_back(field);
  return fields;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  test::write_file(path, text);
  return path;
}

constexpr const char* kHeader =
    "source,puzzle,status,reason,tier,te_depth,score,rating,level,hardest_technique,clues,rounds,search_nodes,"
    "search_depth,naked_singles,hidden_singles,naked_twins,hidden_twins,techniques,solution,note";

TEST(GradeCommand, WritesOneCsvRecordPerPuzzleInInputOrder) {
  const auto result = run_command(sudoforge("grade " + test::data_path("hardest.txt")));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 12u);
  EXPECT_EQ(lines[0], kHeader);
  const auto puzzles = test::load_puzzles("hardest.txt");
  const engine::Units units{engine::Geometry{}};
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const auto fields = fields_of(lines[i + 1]);
    ASSERT_EQ(fields.size(), 21u) << lines[i + 1];
    EXPECT_EQ(fields[0], test::data_path("hardest.txt") + ":" + std::to_string(i + 1));
    EXPECT_EQ(fields[1], engine::to_line(puzzles[i]));
    EXPECT_EQ(fields[2], "unique");
    EXPECT_TRUE(fields[4] == "singles" || fields[4] == "twins" || fields[4] == "diabolical");
    EXPECT_EQ(fields[5] != "0", fields[4] == "diabolical") << lines[i + 1];
    // The rating: a number with one decimal, its level, the hardest technique among
    // those counted.
    const auto rating = grader::parse_rating(fields[7]);
    ASSERT_TRUE(rating) << lines[i + 1];
    const auto level = grader::parse_level(fields[8]);
    ASSERT_TRUE(level) << lines[i + 1];
    EXPECT_EQ(*level, grader::level_of(*rating, fields[4] == "singles"));
    EXPECT_NE(fields[18].find(fields[9] + ":"), std::string::npos) << lines[i + 1];
    EXPECT_TRUE(grader::parse_techniques(fields[18])) << lines[i + 1];
    EXPECT_TRUE(engine::is_solution_of(engine::parse_puzzle(fields[19]), puzzles[i], units));
  }
  EXPECT_NE(result.err.find("grade: 11 puzzles: 1 singles, 1 twins, 9 diabolical (te_depth 1: 7, te_depth 2: 2)"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("puzzles/s"), std::string::npos);
}

TEST(GradeCommand, WritesJsonLines) {
  const auto result = run_command(sudoforge("grade --format jsonl --quiet " + test::data_path("top95.txt")));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 95u);
  for (const std::string& line : lines) {
    const auto json = nlohmann::json::parse(line);
    EXPECT_EQ(json["status"], "unique");
    EXPECT_TRUE(json["score"].is_number_integer());
    EXPECT_TRUE(json["reason"].is_null());
    EXPECT_GE(json["search_nodes"].get<int>(), 1);
    EXPECT_TRUE(json["rating"].is_number());
    EXPECT_GE(json["rating"].get<double>(), 1.0);
    EXPECT_TRUE(grader::parse_level(json["level"].get<std::string>()));
    ASSERT_TRUE(json["techniques"].is_object());
    EXPECT_TRUE(json["techniques"].contains(json["hardest_technique"].get<std::string>())) << line;
    EXPECT_EQ(json.size(), 21u);
  }
}

TEST(GradeCommand, WithoutTheRatingGivesTheClassificationAlone) {
  const std::string file = test::fixture_path("golden_puzzles.txt");
  const auto rated = run_command(sudoforge("grade --quiet --threads 1 " + file));
  const auto plain = run_command(sudoforge("grade --quiet --threads 1 --no-rating " + file));
  ASSERT_EQ(rated.exit_code, 0) << rated.err;
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto rated_lines = lines_of(rated.out);
  const auto plain_lines = lines_of(plain.out);
  ASSERT_EQ(rated_lines.size(), plain_lines.size());
  EXPECT_EQ(plain_lines[0], kHeader);
  int unique = 0;
  for (std::size_t i = 1; i < rated_lines.size(); ++i) {
    const auto with = fields_of(rated_lines[i]);
    const auto without = fields_of(plain_lines[i]);
    ASSERT_EQ(without.size(), 21u) << plain_lines[i];
    for (const std::size_t k : {0u, 1u, 2u, 3u, 4u, 5u, 10u, 11u, 12u, 13u, 14u, 15u, 16u, 17u, 19u}) {
      EXPECT_EQ(without[k], with[k]) << "field " << k << " of " << plain_lines[i];
    }
    if (with[2] != "unique") continue;
    ++unique;
    // No rating, level, hardest technique or counts; the score is the tier's base.
    for (const std::size_t k : {7u, 8u, 9u, 18u}) EXPECT_EQ(without[k], "") << plain_lines[i];
    const int base = with[4] == "singles" ? 1000 : with[4] == "twins" ? 2000 : 2000 + 1000 * std::stoi(with[5]);
    EXPECT_EQ(without[6], std::to_string(base)) << plain_lines[i];
  }
  EXPECT_GT(unique, 30);
}

TEST(GradeCommand, MatchesTheGoldenRecords) {
  // Run from tests/data so the source field holds the same relative name as the file.
  const auto result = run_command("cd '" + test::fixture_path("") + "' && " + sudoforge("grade --quiet golden_puzzles.txt"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, test::read_file(test::fixture_path("graded_golden.csv")));
}

// grader::kRatingVersion tells a database which rating its rows hold, so that
// `upgrade` rates again what an older one rated; it must be raised with any change
// that moves a rating. This pins the golden records' ratings (score, rating, level,
// hardest technique, technique counts) to the version that made them: when
// graded_golden.csv is regenerated because ratings moved, raise kRatingVersion and pin
// the new digest beside it. A tripwire, not a proof: the golden puzzles are classic
// 9x9, so a change that moves only other shapes' ratings goes past it.
TEST(RatingVersion, IsRaisedWhenTheGoldenRatingsMove) {
  constexpr int kPinnedVersion = 2;
  constexpr std::uint64_t kPinnedDigest = 0x165527a311aedb00ull;
  const auto rows = test::csv_rows(test::read_file(test::fixture_path("graded_golden.csv")));
  ASSERT_GT(rows.size(), 30u);
  std::uint64_t digest = 14695981039346656037ull;  // FNV-1a
  for (const auto& row : rows) {
    for (const std::size_t k : {6u, 7u, 8u, 9u, 18u}) {
      for (const char c : row.at(k) + ",") digest = (digest ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    }
  }
  EXPECT_EQ(grader::kRatingVersion, kPinnedVersion) << "pin this version's golden digest here: " << std::hex << digest;
  EXPECT_EQ(digest, kPinnedDigest) << "the golden ratings moved: raise grader::kRatingVersion and pin " << std::hex
                                   << digest;
}

// A unique puzzle, one with several solutions, an unreadable line, one without a
// solution, one with clashing givens and the unique one again.
std::string bad_lines() {
  const std::string unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::string several = unique;
  several[0] = '.';
  std::string none = unique;
  none[1] = '6';
  return unique + "\n" + several + "\nxyz\n" + none + "\n44" + unique.substr(2) + "\n" + unique + "\n";
}

TEST(GradeCommand, GivesEveryBadLineARecordAndAMessageAndGradesTheRest) {
  const std::string file = temp_file("grade_bad.txt", bad_lines());
  const auto result = run_command(sudoforge("grade --quiet " + file));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, file + ":2: more than one solution\n" + file + ":3: bad character 'x' at column 1\n" + file +
                            ":4: no solution\n" + file + ":5: clashing givens: 4 twice in row 1 (r1c1 and r1c2)\n");
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 7u);
  const std::vector<std::string> statuses = {"unique", "multiple", "invalid", "none", "invalid", "unique"};
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    const auto fields = fields_of(lines[i + 1]);
    EXPECT_EQ(fields[2], statuses[i]) << lines[i + 1];
    EXPECT_EQ(fields[0], file + ":" + std::to_string(i + 1));
    if (statuses[i] != "unique") {
      EXPECT_TRUE(fields[4].empty() && fields[6].empty() && fields[7].empty() && fields[8].empty() &&
                  fields[18].empty() && fields[19].empty())
          << lines[i + 1];
    }
  }
  EXPECT_EQ(fields_of(lines[3])[1], "");  // an unreadable line has no puzzle
  EXPECT_EQ(fields_of(lines[3])[3], "bad character 'x' at column 1");
}

TEST(GradeCommand, RecordsAfterManyBatchesCarryNothingOverFromEarlierOnes) {
  // The pipeline reuses its items batch after batch: after 300 lines (top1465
  // puzzles, and the bad lines in reverse order among them) the bad lines' records
  // must read as they do on their own (but for their source).
  std::istringstream top(test::read_file(test::data_path("top1465.txt")));
  std::string before;
  int taken = 0;
  for (std::string line; taken < 294 && std::getline(top, line);) {
    if (line.empty() || line[0] == '#') continue;
    before += line + "\n";
    if (++taken == 170) {
      auto reversed = lines_of(bad_lines());
      std::reverse(reversed.begin(), reversed.end());
      for (const std::string& bad : reversed) before += bad + "\n";
    }
  }
  const auto alone = run_command(sudoforge("grade --quiet --threads 1 " + temp_file("reuse_alone.txt", bad_lines())));
  const auto after =
      run_command(sudoforge("grade --quiet --threads 1 " + temp_file("reuse_after.txt", before + bad_lines())));
  EXPECT_EQ(after.exit_code, alone.exit_code);
  const auto lines = lines_of(alone.out);
  const auto later = lines_of(after.out);
  ASSERT_EQ(lines.size(), 7u);
  ASSERT_EQ(later.size(), lines.size() + 300);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    auto fields = fields_of(lines[i]);
    auto later_fields = fields_of(later[i + 300]);
    fields.erase(fields.begin());
    later_fields.erase(later_fields.begin());
    EXPECT_EQ(later_fields, fields) << later[i + 300];
  }
}

TEST(GradeCommand, GivesTheSameBytesWithOneOrTwoThreads) {
  const std::string file = test::data_path("top1465.txt");
  const auto one = run_command(sudoforge("grade --threads 1 --quiet " + file));
  const auto two = run_command(sudoforge("grade --threads 2 --quiet " + file));
  ASSERT_EQ(one.exit_code, 0);
  EXPECT_EQ(lines_of(one.out).size(), 1466u);
  EXPECT_EQ(one.out, two.out);
}

TEST(GradeCommand, ShardsTakeEveryNthRecordBadOnesIncluded) {
  // Bad records count like good ones, so each shard's share is fixed by position.
  std::string text = test::read_file(test::data_path("top95.txt"));
  text.insert(text.find('\n', 1000) + 1, "not a puzzle\n");
  const std::string file = temp_file("grade_shards.txt", text);
  const auto whole = run_command(sudoforge("grade --quiet --format jsonl " + file));
  ASSERT_EQ(whole.exit_code, 1);
  const auto all = lines_of(whole.out);
  ASSERT_EQ(all.size(), 96u);
  std::vector<std::string> merged(all.size());
  for (int k = 0; k < 3; ++k) {
    const auto part = run_command(sudoforge("grade --quiet --format jsonl --shard " + std::to_string(k) + "/3 " + file));
    const auto lines = lines_of(part.out);
    EXPECT_EQ(lines.size(), 32u);
    for (std::size_t i = 0; i < lines.size(); ++i) merged[i * 3 + static_cast<std::size_t>(k)] = lines[i];
    const bool has_bad = part.out.find("\"invalid\"") != std::string::npos;
    EXPECT_EQ(part.exit_code, has_bad ? 1 : 0) << part.err;
  }
  EXPECT_EQ(merged, all);
  const auto bad = run_command(sudoforge("grade --quiet --shard 3/3 " + file));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "sudoforge: --shard '3/3' is not K/N with 0 <= K < N\n");
}

TEST(GradeCommand, ReadsStandardInputAndOtherLayouts) {
  const engine::Grid puzzle =
      engine::parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const std::string input = engine::to_block(puzzle);
  const auto result = run_command(sudoforge("grade --quiet --format jsonl -"), &input);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["source"], "<stdin>:1");
  EXPECT_EQ(json["puzzle"], engine::to_line(puzzle));
}

TEST(ExplainCommand, WalksThroughTheStepsOfAPuzzle) {
  const auto result =
      run_command(sudoforge("explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("rating: 2.6 (medium), hardest step: pointing\ntier: twins;"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Now pointing is needed (2.6). The candidates here:"), std::string::npos);
  EXPECT_NE(result.out.find("Pointing (2.6): in box 5, 2 lies only in column 6, so 2 leaves r1c6, r2c6 and r3c6"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("Hidden single in a box (1.2): in box "), std::string::npos);
  EXPECT_NE(result.out.find("solution:\n    4 1 7 | 3 6 9 | 8 2 5\n"), std::string::npos) << result.out;
}

TEST(ExplainCommand, WalksADiabolicalPuzzleToTheEndWithChains) {
  // Norvig's hardest that needs trial and error to depth 2: no "guess" any more,
  // but forcing chains printed link by link, and nested ones where they are needed.
  const std::string puzzle = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
  const auto result = run_command(sudoforge("explain " + puzzle));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("tier: diabolical, te_depth 2"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("hardest step: nested forcing chain"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("guess"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Dynamic forcing chain ("), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(" would both hold and not hold "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Nested forcing chain (10."), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("solution:\n"), std::string::npos) << result.out;
  // Each nested chain spelled out: the assumption's two branches to a contradiction,
  // then the chains inside it rests on, link by link, numbered, each on a line of its
  // own indented under the step.
  int nested = 0;
  for (std::size_t at = result.out.find("Nested forcing chain ("); at != std::string::npos;
       at = result.out.find("Nested forcing chain (", at + 1)) {
    const std::string line = result.out.substr(at, result.out.find('\n', at) - at);
    const auto colon = line.find("): assuming r");
    ASSERT_NE(colon, std::string::npos) << line;
    const std::string assumption = line.substr(colon + 12, 6);  // "r1c7=4"
    EXPECT_NE(line.find(assumption + ": " + assumption + " => "), std::string::npos) << line;
    EXPECT_NE(line.find(" and " + assumption + " => "), std::string::npos) << line;
    EXPECT_NE(line.find(" would both hold and not hold "), std::string::npos) << line;
    EXPECT_NE(line.find(" inside, each in the position the assumption had led to when it was found:"), std::string::npos)
        << line;
    const std::size_t next = result.out.find('\n', at) + 1;
    EXPECT_EQ(result.out.substr(next, 10), "      [1] ") << line;
    ++nested;
  }
  EXPECT_GT(nested, 0);
  // The README shows its sixth round as it is.
  const std::string readme = test::read_file(test::data_path("../README.md"));
  const auto intro = readme.find("The sixth round of the `explain` above");
  ASSERT_NE(intro, std::string::npos);
  const auto block = readme.find("```\n", intro) + 4;
  const std::string shown = readme.substr(block, readme.find("```", block) - block);
  EXPECT_NE(result.out.find("round 6:\n" + shown), std::string::npos) << shown;
}

TEST(ExplainCommand, PrintsChainsLinkByLink) {
  // A top1465 puzzle whose hardest step is an alternating inference chain.
  const auto result =
      run_command(sudoforge("explain .5....1.....16..7....5.9.3.5.9..........3.2.72..4...6..4...1.....7.4...8.6.3.8..."));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Skyscraper (6.6): on 9, one of r5c8 and r8c7 holds it"), std::string::npos) << result.out;
  // Each chain runs from its assumption to its negation, link by link.
  const auto at = result.out.find("Alternating inference chain (7.3): r1c4=8 => r1c4<>2 => ");
  ASSERT_NE(at, std::string::npos) << result.out;
  const std::string line = result.out.substr(at, result.out.find('\n', at) - at);
  EXPECT_NE(line.find("=> r1c4<>8; so 8 leaves r1c4"), std::string::npos) << line;
}

TEST(ExplainCommand, NamesThePatternsOfPlusChains) {
  // The puzzle whose hardest step is a dynamic forcing chain "plus" (README's example):
  // a candidate taken out by a pattern, not a link, says which kind of pattern.
  const auto result =
      run_command(sudoforge("explain 7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Dynamic forcing chain (+) (9.3): r5c2=7 => r5c7<>7 => r2c7<>7 (locked candidates) => "
                            "r2c9<>5 (hidden pair) => r2c5=5"),
            std::string::npos)
      << result.out;
}

TEST(ExplainCommand, RefusesPuzzlesWithoutOneSolutionAndBadText) {
  const auto several = run_command(sudoforge("explain " + std::string(81, '.')));
  EXPECT_EQ(several.exit_code, 1);
  EXPECT_NE(several.out.find("status: multiple: more than one solution"), std::string::npos) << several.out;
  const auto bad = run_command(sudoforge("explain 1.345"));
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "sudoforge: cannot read the puzzle: wrong length: 5 cells, expected 81 for 9x9\n");
  // A number is more likely an id than a puzzle: say how to explain one.
  const auto id = run_command(sudoforge("explain 12345"));
  EXPECT_EQ(id.exit_code, 1);
  EXPECT_EQ(id.err, "sudoforge: cannot read the puzzle: wrong length: 5 cells, expected 81 for 9x9 (to explain a "
                    "stored puzzle by its id, give --db)\n");
}

// explain FILE:LINE (the source grade's records name): that record's puzzle, explained
// exactly as its text would be, under a line naming it; FILE alone when it holds one
// puzzle. A line inside a grid names the grid. Every way of naming no puzzle is an
// error that says which file and line, and what is there instead.
TEST(ExplainCommand, ExplainsOnePuzzleOfAFileByTheSourceGradeNames) {
  const std::string easy = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const engine::Grid grid = engine::parse_puzzle("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
                                                 engine::Geometry{});
  // Line 1 a comment, 2 a puzzle, 3 blank, 4 to 12 a grid (with the rows of a block),
  // then a malformed line.
  std::string text = "# three puzzles\n" + easy + "\n\n" + engine::to_block(grid);
  const int grid_lines = static_cast<int>(lines_of(engine::to_block(grid)).size());
  const int bad_line = 4 + grid_lines;
  text += "1234\n";
  const std::string file = temp_file("explain_lines.txt", text);

  const auto graded = run_command(sudoforge("grade -q " + file));
  ASSERT_EQ(graded.exit_code, 1) << graded.err;  // the malformed line
  const auto rows = test::csv_rows(graded.out);
  ASSERT_EQ(rows.size(), 3U) << graded.out;
  EXPECT_EQ(rows[0][0], file + ":2");
  EXPECT_EQ(rows[1][0], file + ":4");
  for (std::size_t i = 0; i < 2; ++i) {
    const auto by_source = run_command(sudoforge("explain " + rows[i][0]));
    ASSERT_EQ(by_source.exit_code, 0) << by_source.err;
    const auto by_text = run_command(sudoforge("explain " + rows[i][1]));
    ASSERT_EQ(by_text.exit_code, 0) << by_text.err;
    EXPECT_EQ(by_source.out, rows[i][0] + "\n" + by_text.out);
    EXPECT_EQ(by_source.err, "");
  }
  const auto inside_grid = run_command(sudoforge("explain " + file + ":" + std::to_string(bad_line - 2)));
  ASSERT_EQ(inside_grid.exit_code, 0) << inside_grid.err;
  EXPECT_TRUE(inside_grid.out.starts_with(file + ":4\npuzzle: " + engine::to_line(grid))) << inside_grid.out;
  // grade's own output is such a file too (CSV, the record on line 2 after the header),
  // and so is a HoDoKu save (one record, on line 1, with HoDoKu's rating as its note).
  const std::string records = temp_file("explain_records.csv", graded.out);
  const auto from_csv = run_command(sudoforge("explain " + records + ":2"));
  ASSERT_EQ(from_csv.exit_code, 0) << from_csv.err;
  EXPECT_TRUE(from_csv.out.starts_with(records + ":2\npuzzle: " + easy + " ")) << from_csv.out;
  const std::string save = test::fixture_path("formats/hodoku_rated.hsol");
  const auto from_save = run_command(sudoforge("explain " + save));
  ASSERT_EQ(from_save.exit_code, 0) << from_save.err;
  EXPECT_TRUE(from_save.out.starts_with(save + ":1 (HoDoKu: Medium, score 696)\npuzzle: " + easy + " ")) << from_save.out;
  const auto page = run_command(sudoforge("explain --html - " + file + ":2"));
  ASSERT_EQ(page.exit_code, 0) << page.err;
  EXPECT_NE(page.out.find("<title>" + file + ":2</title>"), std::string::npos);

  const auto whole = run_command(sudoforge("explain " + file));
  EXPECT_EQ(whole.exit_code, 2);
  EXPECT_EQ(whole.err, "sudoforge: " + file + " has more than one puzzle line: name one, as grade's source column does (" +
                           file + ":2, " + file + ":4, ...)\n");
  const auto blank = run_command(sudoforge("explain " + file + ":3"));
  EXPECT_EQ(blank.exit_code, 1);
  EXPECT_EQ(blank.err, "sudoforge: " + file + ":3: no puzzle on this line (the nearest are on lines 2 and 4)\n");
  const auto comment = run_command(sudoforge("explain " + file + ":1"));
  EXPECT_EQ(comment.exit_code, 1);
  EXPECT_EQ(comment.err, "sudoforge: " + file + ":1: no puzzle on this line (the first is on line 2)\n");
  const auto past = run_command(sudoforge("explain " + file + ":" + std::to_string(bad_line + 1)));
  EXPECT_EQ(past.exit_code, 1);
  EXPECT_EQ(past.err, "sudoforge: " + file + ":" + std::to_string(bad_line + 1) + ": no puzzle on this line (the last is on line " +
                          std::to_string(bad_line) + ")\n");
  const auto bad = run_command(sudoforge("explain " + file + ":" + std::to_string(bad_line)));
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "sudoforge: " + file + ":" + std::to_string(bad_line) +
                         ": wrong length: 4 cells, expected 81 for 9x9; it is the length of a 2x2 puzzle (--size 2)\n");
  EXPECT_EQ(bad.out, "");

  // A file of one puzzle needs no line (its note is said with its place); the same
  // file read as 6x6 has none.
  const std::string one = temp_file("explain_one.txt", "# one\n" + easy + " # Norvig \"x\", famous\n");
  const auto alone = run_command(sudoforge("explain " + one));
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_TRUE(alone.out.starts_with(one + ":2 (Norvig \"x\", famous)\npuzzle: " + easy)) << alone.out;
  const auto six = run_command(sudoforge("explain --size 6 " + one + ":2"));
  EXPECT_EQ(six.exit_code, 1);
  EXPECT_EQ(six.err, "sudoforge: " + one + ":2: wrong length: 81 cells, expected 36 for 6x6 (2x3 boxes); it is the length of a 9x9 puzzle (--size 9)\n");
  const std::string empty = temp_file("explain_empty.txt", "# nothing\n");
  const auto none = run_command(sudoforge("explain " + empty));
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("sudoforge: " + empty + " holds no puzzle to explain\n"), std::string::npos) << none.err;
  const auto none_at = run_command(sudoforge("explain " + empty + ":1"));
  EXPECT_EQ(none_at.exit_code, 1);
  EXPECT_NE(none_at.err.find(empty + ":1: no puzzle on this line (the file holds none)\n"), std::string::npos) << none_at.err;

  // Neither a puzzle nor a file: the puzzle's error says that no such file is there either.
  const auto missing = run_command(sudoforge("explain " + file + "x:2"));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_TRUE(missing.err.starts_with("sudoforge: cannot read the puzzle: bad character '/' at column 1 (nor is it a file, or "
                                      "FILE:LINE of one, that exists)"))
      << missing.err;
  // A file that cannot be read (the kernel refuses to read this one's first page).
  const auto unreadable = run_command(sudoforge("explain /proc/self/mem:1"));
  EXPECT_EQ(unreadable.exit_code, 2);
  EXPECT_EQ(unreadable.err, "sudoforge: cannot read file '/proc/self/mem': Input/output error\n");
  const auto folder = run_command(sudoforge("explain " + testing::TempDir()));
  EXPECT_EQ(folder.exit_code, 2);
  EXPECT_EQ(folder.err, "sudoforge: '" + testing::TempDir() + "' is a folder: explain takes a puzzle, or one of a file's as FILE:LINE\n");
}

// explain ID --db: the stored puzzle, in its own geometry, explained exactly as its
// text would be; list's records end with that id.
TEST(ExplainCommand, ExplainsAStoredPuzzleByTheIdListShows) {
  const std::string db = test::fresh_db("explain_id.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("top95.txt"))).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge("generate -q --count 3 --size 6 --seed 1 --db " + db)).exit_code, 0);
  const auto listed = run_command(sudoforge("list --size 6 --limit 1 --db " + db));
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_TRUE(listed.out.starts_with("source,puzzle,") && listed.out.find(",solution,note,id\n") != std::string::npos)
      << listed.out;
  const auto rows = test::csv_rows(listed.out);
  ASSERT_EQ(rows.size(), 1U);
  const std::string id = rows[0].back();
  EXPECT_EQ(id, "95");  // top95 holds 94 distinct puzzles: the 6x6 ones come after
  const auto by_id = run_command(sudoforge("explain " + id + " --db " + db));
  ASSERT_EQ(by_id.exit_code, 0) << by_id.err;
  const auto by_text = run_command(sudoforge("explain --size 6 " + rows[0][1]));
  ASSERT_EQ(by_text.exit_code, 0) << by_text.err;
  EXPECT_EQ(by_id.out, "id 95 in " + db + " (first seen: " + rows[0][0] + ")\n" + by_text.out);
  const auto json = run_command(sudoforge("list --size 6 --limit 1 --format jsonl --db " + db));
  EXPECT_EQ(nlohmann::json::parse(json.out)["id"], 95);

  const auto missing = run_command(sudoforge("explain 9999 --db " + db));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "sudoforge: database '" + db + "' holds no puzzle with id 9999\n");
  const auto word = run_command(sudoforge("explain first --db " + db));
  EXPECT_EQ(word.exit_code, 2);
  EXPECT_EQ(word.err, "sudoforge: with --db, explain takes a puzzle's id (a whole number, as list shows it), not 'first'\n");
  const auto nowhere = run_command(sudoforge("explain 1 --db " + testing::TempDir() + "no_such.db"));
  EXPECT_EQ(nowhere.exit_code, 2);
}

}  // namespace
}  // namespace sudoforge
