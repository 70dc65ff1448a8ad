#include "sudoforge/engine/text_format.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "test_data.hpp"

namespace sudoforge::engine {
namespace {

constexpr const char* kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

struct Fed {
  std::vector<ParsedPuzzle> puzzles;
  std::vector<ParseError> errors;
  std::vector<std::string> spans;  // every result in order: "puzzle 1-9", "error 10-18"
};

// Feeds `text` line by line, collecting puzzles and errors as a caller would.
Fed feed_all(const std::string& text, TextFormat format = TextFormat::Auto, const Geometry& geometry = Geometry{}) {
  PuzzleParser parser(geometry, format, "in.txt");
  Fed fed;
  std::istringstream in(text);
  std::string line;
  const auto take = [&] {
    while (auto parsed = parser.next()) {
      if (parsed->puzzle) {
        fed.puzzles.push_back(*parsed->puzzle);
        fed.spans.push_back("puzzle " + std::to_string(parsed->puzzle->line) + "-" +
                            std::to_string(parsed->puzzle->last_line));
      } else {
        fed.errors.push_back(*parsed->error);
        fed.spans.push_back("error " + std::to_string(parsed->error->first_line()) + "-" +
                            std::to_string(parsed->error->last_line()));
      }
    }
  };
  while (std::getline(in, line)) {
    parser.feed(line);
    take();
  }
  parser.finish();
  take();
  return fed;
}

TEST(TextFormat, ReadsOneLinePuzzlesWithAnyBlankSymbol) {
  std::string zeros = kPuzzle;
  std::string mixed = kPuzzle;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  for (std::size_t i = 0; i < mixed.size(); ++i) {
    if (mixed[i] == '.') mixed[i] = "._-0"[i % 4];
  }
  const Fed fed = feed_all(std::string(kPuzzle) + "\n" + zeros + "\n" + mixed + "\n");
  ASSERT_EQ(fed.errors.size(), 0u);
  ASSERT_EQ(fed.puzzles.size(), 3u);
  EXPECT_EQ(fed.puzzles[0].grid, fed.puzzles[1].grid);
  EXPECT_EQ(fed.puzzles[0].grid, fed.puzzles[2].grid);
  EXPECT_EQ(to_line(fed.puzzles[0].grid), kPuzzle);
  EXPECT_EQ(fed.puzzles[0].grid.clue_count(), 17);
  EXPECT_EQ(fed.puzzles[2].line, 3);
}

// What text_format.hpp documents for each symbol, -1 for anything else.
int documented_value(char symbol) {
  if (symbol >= '1' && symbol <= '9') return symbol - '0';
  if (symbol >= 'A' && symbol <= 'G') return symbol - 'A' + 10;
  if (symbol >= 'a' && symbol <= 'g') return symbol - 'a' + 10;
  if (symbol == '.' || symbol == '0' || symbol == '_' || symbol == '-') return 0;
  return -1;
}

TEST(TextFormat, ReadsEveryByteAsDocumentedAnywhereInTheLine) {
  for (int byte = 0; byte < 256; ++byte) {
    const char symbol = static_cast<char>(byte);
    const int value = documented_value(symbol);
    EXPECT_EQ(symbol_value(symbol), value) << "byte " << byte;
    if (symbol == '\n' || symbol == ' ' || symbol == '\t' || symbol == '\v' || symbol == '\f' || symbol == '#') {
      continue;  // these end the puzzle's text
    }
    for (const std::size_t at : {std::size_t{1}, std::size_t{33}, std::size_t{80}}) {  // every part of the fast path
      std::string line = kPuzzle;
      line[at] = symbol;
      const Fed fed = feed_all(line + "\n");
      if (value < 0 || value > 9) {
        EXPECT_EQ(fed.errors.size(), 1u) << "byte " << byte << " at " << at;
        continue;
      }
      ASSERT_EQ(fed.puzzles.size(), 1u) << "byte " << byte << " at " << at;
      EXPECT_EQ(fed.puzzles[0].grid[static_cast<Cell>(at)], value) << "byte " << byte << " at " << at;
    }
  }
}

TEST(TextFormat, SkipsCommentsAndBlankLinesAndKeepsTrailingNotes) {
  const Fed fed = feed_all(std::string("# a header\n\n   \n") + kPuzzle + "   # from Norvig's essay\n" + kPuzzle +
                           " rated 9.2\n");
  ASSERT_EQ(fed.errors.size(), 0u);
  ASSERT_EQ(fed.puzzles.size(), 2u);
  EXPECT_EQ(fed.puzzles[0].line, 4);
  EXPECT_EQ(fed.puzzles[0].note, "from Norvig's essay");
  EXPECT_EQ(fed.puzzles[1].note, "rated 9.2");
}

TEST(TextFormat, IgnoresCarriageReturnsAndAByteOrderMark) {
  const Fed fed = feed_all(std::string("\xEF\xBB\xBF") + kPuzzle + "\r\n" + kPuzzle + "\r\n");
  ASSERT_EQ(fed.errors.size(), 0u);
  EXPECT_EQ(fed.puzzles.size(), 2u);
}

TEST(TextFormat, ReadsNorvigsGridLayout) {
  const std::string grid =
      "4 . . |. . . |8 . 5 \n"
      ". 3 . |. . . |. . . \n"
      ". . . |7 . . |. . . \n"
      "------+------+------\n"
      ". 2 . |. . . |. 6 . \n"
      ". . . |. 8 . |4 . . \n"
      ". . . |. 1 . |. . . \n"
      "------+------+------\n"
      ". . . |6 . 3 |. 7 . \n"
      "5 . . |2 . . |. . . \n"
      "1 . 4 |. . . |. . . \n";
  const Fed fed = feed_all(grid + "\n" + grid);
  ASSERT_EQ(fed.errors.size(), 0u);
  ASSERT_EQ(fed.puzzles.size(), 2u);
  EXPECT_EQ(to_line(fed.puzzles[0].grid), kPuzzle);
  EXPECT_EQ(fed.puzzles[1].line, 13);
}

TEST(TextFormat, ReadsTheNineLineSdkLayout) {
  const std::string sdk =
      "#A someone\n#D a puzzle\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n"
      "5..2.....\n1.4......\n";
  const Fed fed = feed_all(sdk, TextFormat::Grid);
  ASSERT_EQ(fed.errors.size(), 0u);
  ASSERT_EQ(fed.puzzles.size(), 1u);
  EXPECT_EQ(to_line(fed.puzzles[0].grid), kPuzzle);
  EXPECT_EQ(fed.puzzles[0].line, 3);
}

TEST(TextFormat, ReadsTheFirstCsvColumnAndSkipsTheHeader) {
  std::string zeros = kPuzzle;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  const Fed fed = feed_all("quizzes,solutions\n" + zeros + ",123\n\"" + zeros + "\",456\n");
  ASSERT_EQ(fed.errors.size(), 0u);
  ASSERT_EQ(fed.puzzles.size(), 2u);
  EXPECT_EQ(to_line(fed.puzzles[1].grid), kPuzzle);
  EXPECT_EQ(fed.puzzles[1].line, 3);
}

TEST(TextFormat, ReportsABadCharacterWithItsColumn) {
  std::string bad = kPuzzle;
  bad[13] = 'x';
  const Fed fed = feed_all(std::string(kPuzzle) + "\n" + bad + "\n" + kPuzzle + "\n");
  ASSERT_EQ(fed.puzzles.size(), 2u);
  ASSERT_EQ(fed.errors.size(), 1u);
  EXPECT_STREQ(fed.errors[0].what(), "in.txt:2: bad character 'x' at column 14");
  EXPECT_EQ(fed.errors[0].line(), 2);
  EXPECT_EQ(fed.errors[0].column(), 14);
}

TEST(TextFormat, ReportsBinaryBytesByValue) {
  const Fed fed = feed_all(std::string("4..\x01..") + "\n");
  ASSERT_EQ(fed.errors.size(), 1u);
  EXPECT_EQ(fed.errors[0].reason(), "bad character byte 0x01 at column 4");
}

TEST(TextFormat, ReportsTheWrongLength) {
  const Fed fed = feed_all(std::string(kPuzzle).substr(1) + "\n" + kPuzzle + "4\n");
  ASSERT_EQ(fed.errors.size(), 2u);
  EXPECT_EQ(fed.errors[0].reason(), "wrong length: 80 cells, expected 81 for 9x9");
  EXPECT_EQ(fed.errors[1].reason(), "wrong length: 82 cells, expected 81 for 9x9");
}

TEST(TextFormat, ReportsDigitsOutOfRangeForTheGeometry) {
  const Fed fed = feed_all("1234....5.......\n", TextFormat::Auto, Geometry(2, 2));
  ASSERT_EQ(fed.errors.size(), 1u);
  EXPECT_EQ(fed.errors[0].reason(), "digit '5' at column 9 is out of range for 4x4");
}

TEST(TextFormat, ReadsLettersForDigitsAboveNine) {
  const Geometry geometry(4, 4);
  std::string line(256, '.');
  line[0] = 'A';
  line[1] = 'g';
  line[2] = '9';
  const Fed fed = feed_all(line + "\n", TextFormat::Auto, geometry);
  ASSERT_EQ(fed.errors.size(), 0u);
  ASSERT_EQ(fed.puzzles.size(), 1u);
  EXPECT_EQ(fed.puzzles[0].grid[0], 10);
  EXPECT_EQ(fed.puzzles[0].grid[1], 16);
  EXPECT_EQ(to_line(fed.puzzles[0].grid).substr(0, 3), "AG9");
}

TEST(TextFormat, ReportsABadGridRowAndKeepsTheNextGrid) {
  const std::string good =
      "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n";
  const std::string bad =
      "4.....8.5\n.3.......\n...7.....\n.2....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n";
  const Fed fed = feed_all(good + bad + good, TextFormat::Grid);
  ASSERT_EQ(fed.puzzles.size(), 2u);
  EXPECT_EQ(fed.puzzles[1].line, 19);
  ASSERT_EQ(fed.errors.size(), 1u);
  EXPECT_STREQ(fed.errors[0].what(),
               "in.txt:13: grid row has 8 cells, expected 9 for 9x9; the grid on lines 10-18 is skipped");
  EXPECT_EQ(fed.spans, (std::vector<std::string>{"puzzle 1-9", "error 10-18", "puzzle 19-27"}));
}

TEST(TextFormat, ReportsAnIncompleteGrid) {
  const Fed fed = feed_all("4.....8.5\n.3.......\n...7.....\n", TextFormat::Grid);
  EXPECT_EQ(fed.puzzles.size(), 0u);
  ASSERT_EQ(fed.errors.size(), 1u);
  EXPECT_STREQ(fed.errors[0].what(), "in.txt:1: incomplete grid: 3 of 9 rows (lines 1-3)");
}

TEST(TextFormat, ReportsAGridCutShortByABlankLine) {
  const Fed fed = feed_all("4.....8.5\n.3.......\n\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n"
                           "...6.3.7.\n5..2.....\n1.4......\n",
                           TextFormat::Grid);
  ASSERT_EQ(fed.errors.size(), 1u);
  EXPECT_STREQ(fed.errors[0].what(), "in.txt:1: incomplete grid: 2 of 9 rows (lines 1-2)");
  ASSERT_EQ(fed.puzzles.size(), 1u);
  EXPECT_EQ(fed.puzzles[0].line, 4);
}

// The automatic layout is decided line by line: a short first line does not turn a
// file of one-line puzzles into grids (which lost 8 of every 9 lines), and one-line
// puzzles after a grid are read as such.
TEST(TextFormat, AShortFirstLineDoesNotMakeTheFileAGridFile) {
  for (const char* first : {"---------", "4.....8.5"}) {
    const Fed fed = feed_all(std::string(first) + "\n" + kPuzzle + "\n" + kPuzzle + "\n");
    EXPECT_EQ(fed.spans, (std::vector<std::string>{"error 1-1", "puzzle 2-2", "puzzle 3-3"})) << first;
    ASSERT_EQ(fed.errors.size(), 1u);
    EXPECT_STREQ(fed.errors[0].what(),
                 "in.txt:1: a lone grid row: 9 cells, not a puzzle (81 cells on a line, or 9 rows of 9)");
  }
}

TEST(TextFormat, ReadsOneLinePuzzlesAfterAGridAndAGridAfterThem) {
  const std::string grid = to_block(parse_puzzle(kPuzzle));  // 11 lines
  const Fed fed = feed_all(grid + kPuzzle + "\n" + kPuzzle + "\n" + grid);
  EXPECT_EQ(fed.spans, (std::vector<std::string>{"puzzle 1-11", "puzzle 12-12", "puzzle 13-13", "puzzle 14-24"}));
  // A one-line puzzle cuts a grid short: the grid's rows are one error, the puzzle kept.
  const Fed cut = feed_all(grid.substr(0, 3 * 22) + kPuzzle + "\n");
  EXPECT_EQ(cut.spans, (std::vector<std::string>{"error 1-3", "puzzle 4-4"}));
}

TEST(TextFormat, ACommaInANoteDoesNotMakeTheFileCsv) {
  const Fed fed = feed_all(std::string(kPuzzle) + " # Norvig \"hard1\", famous\n" + kPuzzle + "\n");
  ASSERT_EQ(fed.errors.size(), 0u);
  ASSERT_EQ(fed.puzzles.size(), 2u);
  EXPECT_EQ(fed.puzzles[0].note, "Norvig \"hard1\", famous");
  const Fed csv = feed_all(std::string("puzzle,solution\n") + kPuzzle + ",x\n");
  EXPECT_EQ(csv.spans, (std::vector<std::string>{"puzzle 2-2"}));
}

TEST(TextFormat, WritesTheGridLayoutItReads) {
  const Grid grid = parse_puzzle(kPuzzle);
  const std::string block = to_block(grid);
  EXPECT_EQ(block.substr(0, 22), "4 . . | . . . | 8 . 5\n");
  EXPECT_NE(block.find("------+-------+------\n"), std::string::npos);
  EXPECT_EQ(parse_puzzle(block), grid);
  const Geometry six(2, 3);
  Grid small(six);
  small.set(0, 6);
  EXPECT_EQ(parse_puzzle(to_block(small), six), small);
}

// Boxes wider than tall, separators every two rows, digits past 9: the whole text.
TEST(TextFormat, WritesTheGridLayoutExactlyForOtherBoxes) {
  const Geometry six(2, 3);
  Grid grid(six);
  grid.set(0, 6);
  grid.set(8, 1);
  grid.set(35, 4);
  EXPECT_EQ(to_block(grid),
            "6 . . | . . .\n"
            ". . 1 | . . .\n"
            "------+------\n"
            ". . . | . . .\n"
            ". . . | . . .\n"
            "------+------\n"
            ". . . | . . .\n"
            ". . . | . . 4\n");
  const Geometry twelve(4, 3);
  Grid big(twelve);
  big.set(11, 12);
  big.set(12, 10);
  const std::string block = to_block(big);
  EXPECT_EQ(block.substr(0, 30), ". . . | . . . | . . . | . . C\n");
  EXPECT_EQ(block.substr(30, 30), "A . . | . . . | . . . | . . .\n");
  EXPECT_EQ(block.substr(4 * 30, 30), "------+-------+-------+------\n");
  EXPECT_EQ(block.size(), 14U * 30U);  // 12 rows and 2 separators
  EXPECT_EQ(parse_puzzle(block, twelve), big);
}

TEST(TextFormat, ParsePuzzleWantsExactlyOnePuzzle) {
  EXPECT_THROW(parse_puzzle(""), ParseError);
  EXPECT_THROW(parse_puzzle(std::string(kPuzzle) + "\n" + kPuzzle), ParseError);
}

TEST(TextFormat, NamesFormats) {
  EXPECT_EQ(parse_text_format("sdk"), TextFormat::Grid);
  EXPECT_EQ(parse_text_format("csv"), TextFormat::Csv);
  EXPECT_FALSE(parse_text_format("xml").has_value());
  EXPECT_EQ(text_format_name(TextFormat::Line), "line");
}

// Every shipped collection reads without a single error.
TEST(TextFormat, ReadsEveryShippedCollection) {
  for (const char* name : {"top95.txt", "hardest.txt", "top1465.txt"}) {
    const Fed fed = feed_all(test::read_file(test::data_path(name)));
    EXPECT_EQ(fed.errors.size(), 0u) << name;
    EXPECT_GT(fed.puzzles.size(), 10u) << name;
  }
}

}  // namespace
}  // namespace sudoforge::engine
