// Other programs' files (tests/data/formats/, hand-made in each program's layout):
// every puzzle read, titles and headers kept as notes, nothing else taken for one.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "sudoforge/engine/text_format.hpp"
#include "test_data.hpp"

namespace sudoforge::engine {
namespace {

constexpr const char* kEasy = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";
constexpr const char* kNorvig = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
constexpr const char* kTop = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

struct Read {
  std::vector<ParsedPuzzle> puzzles;
  std::vector<ParseError> errors;
};

Read read(const std::string& name, TextFormat format = TextFormat::Auto, const Geometry& geometry = Geometry{}) {
  PuzzleParser parser(geometry, format, name);
  Read out;
  std::istringstream in(test::read_file(test::fixture_path("formats/" + name)));
  const auto take = [&] {
    while (auto parsed = parser.next()) {
      if (parsed->puzzle) {
        out.puzzles.push_back(*parsed->puzzle);
      } else {
        out.errors.push_back(*parsed->error);
      }
    }
  };
  for (std::string line; std::getline(in, line);) {
    parser.feed(line);
    take();
  }
  parser.finish();
  take();
  return out;
}

std::vector<std::string> lines(const Read& r) {
  std::vector<std::string> out;
  for (const ParsedPuzzle& p : r.puzzles) out.push_back(to_line(p.grid));
  return out;
}

TEST(PuzzleFiles, KennettTitlesNameTheGridsThatFollow) {
  for (const TextFormat format : {TextFormat::Auto, *parse_text_format("kennett")}) {
    const Read r = read("kennett.txt", format);
    EXPECT_TRUE(r.errors.empty());
    ASSERT_EQ(lines(r), (std::vector<std::string>{kNorvig, kTop}));
    EXPECT_EQ(r.puzzles[0].note, "Easy 1 (hand-made test file in Kennett's layout)");
    EXPECT_EQ(r.puzzles[0].line, 2);
    EXPECT_EQ(r.puzzles[1].note, "Hard 2");
  }
}

TEST(PuzzleFiles, SadmanHeadersBecomeTheNoteAndTheStateSectionIsNoPuzzle) {
  const Read r = read("sadman.sdk");
  EXPECT_TRUE(r.errors.empty());
  ASSERT_EQ(lines(r), std::vector<std::string>{kEasy});  // [State] holds the same grid: not read twice
  EXPECT_EQ(r.puzzles[0].note,
            "author: Ruud; description: A random puzzle, written the way SudoCue and SadMan Sudoku save one; "
            "date: 03-08-2006; level: Easy");
  EXPECT_EQ(r.puzzles[0].line, 6);
}

TEST(PuzzleFiles, SimpleSudokuFramesAndSeparatorsAreNotCells) {
  EXPECT_EQ(lines(read("simple.ss")), std::vector<std::string>{kEasy});
  EXPECT_EQ(lines(read("simple.ss", *parse_text_format("ss"))), std::vector<std::string>{kEasy});
  EXPECT_EQ(lines(read("simple_plain.ss")), std::vector<std::string>{kNorvig});
}

TEST(PuzzleFiles, SdmIsOnePuzzlePerLine) {
  EXPECT_EQ(lines(read("collection.sdm", *parse_text_format("sdm"))), (std::vector<std::string>{kEasy, kTop}));
}

TEST(PuzzleFiles, OpenSudokuGamesAndTheirNotes) {
  const Read r = read("opensudoku.xml");
  EXPECT_TRUE(r.errors.empty());
  ASSERT_EQ(lines(r), (std::vector<std::string>{kEasy, kTop}));
  EXPECT_EQ(r.puzzles[0].note, "");
  EXPECT_EQ(r.puzzles[1].note, "Arto & friends");  // entities decoded
  EXPECT_EQ(r.puzzles[1].line, 6);
}

TEST(PuzzleFiles, TathamGameIdsInTheirOwnShape) {
  const Read classic = read("tatham.txt");
  EXPECT_TRUE(classic.errors.empty());
  ASSERT_EQ(classic.puzzles.size(), 2U);
  // 3x3:a4_8d2...: one blank, 4, 8, four blanks, 2, ...
  EXPECT_TRUE(to_line(classic.puzzles[0].grid).starts_with(".48....2.5..8..9.1"));
  const Read six = read("tatham_6x6.txt", TextFormat::Auto, Geometry(3, 2));
  EXPECT_TRUE(six.errors.empty());
  ASSERT_EQ(six.puzzles.size(), 2U);
  EXPECT_EQ(to_line(six.puzzles[0].grid), ".6....1..2.63..6....6..24.5..1....4.");
  // Read as another shape: an error that says which shape to ask for.
  const Read wrong = read("tatham_6x6.txt");
  ASSERT_EQ(wrong.errors.size(), 2U);
  EXPECT_EQ(wrong.errors[0].reason(), "a Tatham game ID of 6x6 (3x2 boxes), not 9x9: read it with --box 3x2");
}

TEST(PuzzleFiles, TathamIdsThatAreNotClassicOrAreBrokenAreErrors) {
  const auto errors = [](const std::string& text) {
    PuzzleParser parser(Geometry{}, TextFormat::Auto, "in.txt");
    parser.feed(text);
    parser.finish();
    std::vector<std::string> reasons;
    while (auto parsed = parser.next()) reasons.push_back(parsed->error ? parsed->error->reason() : "puzzle");
    return reasons;
  };
  EXPECT_EQ(errors("3x3j:a4b"), std::vector<std::string>{"a Tatham game ID of jigsaw Sudoku, which sudoforge does not read"});
  EXPECT_EQ(errors("3x3k:a4b"), std::vector<std::string>{"a Tatham game ID of killer Sudoku, which sudoforge does not read"});
  EXPECT_EQ(errors("3x3:a4b"), std::vector<std::string>{"a Tatham game ID of 4 cells, expected 81 for boxes of 3x3"});
  EXPECT_EQ(errors("3x3:a4?"), std::vector<std::string>{"bad character '?' in a Tatham game ID"});
  EXPECT_EQ(errors("3x3:12z"), std::vector<std::string>{"given 12 is out of range for boxes of 3x3"});
  // Boxes too big to multiply in an int (found by fuzzing: the product overflowed).
  EXPECT_EQ(errors("6x1111111111:18111111111"),
            std::vector<std::string>{"a Tatham game ID with boxes of 6x1111111111, beyond the 16x16 supported"});
  EXPECT_EQ(errors("7177x777777777:1"),
            std::vector<std::string>{"a Tatham game ID with boxes of 7177x777777777, beyond the 16x16 supported"});
  // The diagonal variant ('x' after the shape) needs --diagonal.
  EXPECT_EQ(errors("3x3x:c3f8_3b5a4b9_7a6d2c4b7a7_5a8a3a9_1a1b5c8d9a3_6b3a2b7_5f4c"),
            std::vector<std::string>{"a Tatham game ID of 9x9 diagonal, not 9x9: read it with --box 3x3 --diagonal"});
}

// HoDoKu's library lines: the givens are the puzzle ('+' digits were placed by its
// solver, not given), the other fields its note; bad givens are errors that say why.
TEST(PuzzleFiles, HodokuLibraryLinesGiveTheirGivens) {
  const Read r = read("hodoku.txt");
  EXPECT_TRUE(r.errors.empty());
  ASSERT_EQ(lines(r), (std::vector<std::string>{kEasy, kNorvig, kTop}));
  EXPECT_EQ(r.puzzles[0].note, "HoDoKu :0000:x::::");
  EXPECT_EQ(r.puzzles[1].note, "HoDoKu :0200:4::115 125::");
  EXPECT_EQ(r.puzzles[2].note, "HoDoKu :0003:7::::117:");  // its line places 4+1+7+3+6+9 around the givens
  EXPECT_EQ(r.puzzles[2].line, 3);
  const auto errors = [](const std::string& text, const Geometry& geometry = Geometry{}) {
    PuzzleParser parser(geometry, TextFormat::Auto, "in.txt");
    parser.feed(text);
    parser.finish();
    std::vector<std::string> reasons;
    while (auto parsed = parser.next()) reasons.push_back(parsed->error ? parsed->error->reason() : "puzzle");
    return reasons;
  };
  const std::string top(kTop);
  EXPECT_EQ(errors(":0000:x:" + top.substr(0, 20) + "x" + top.substr(21) + ":::"),
            std::vector<std::string>{"bad character 'x' at column 29 in HoDoKu's givens"});
  EXPECT_EQ(errors(":0000:x:" + top.substr(0, 80) + ":::"), std::vector<std::string>{"HoDoKu's givens hold 80 cells, not 81"});
  EXPECT_EQ(errors(":0000:x:+.+" + top.substr(2) + ":::"), std::vector<std::string>{"bad character '.' at column 10 in HoDoKu's givens"});
  EXPECT_EQ(errors(":0000:x:" + top + ":::", Geometry(2, 3)),
            std::vector<std::string>{"a HoDoKu line is a 9x9 puzzle, not 6x6 (2x3 boxes): read it without --size, --box or --diagonal"});
  EXPECT_EQ(errors(":0000:x"),
            std::vector<std::string>{"a line of HoDoKu's library format without its givens (:technique:candidates:givens:...)"});
}

// The writers give back what the programs themselves wrote: Solo's IDs byte for byte.
TEST(PuzzleFiles, WritesTathamIdsAsSoloDoes) {
  for (const auto& [file, geometry] : {std::pair{"tatham.txt", Geometry{}}, std::pair{"tatham_6x6.txt", Geometry(3, 2)}}) {
    const Read r = read(file, TextFormat::Auto, geometry);
    std::string written;
    for (const ParsedPuzzle& p : r.puzzles) written += to_tatham_id(p.grid);
    EXPECT_EQ(written, test::read_file(test::fixture_path(std::string("formats/") + file)));
  }
  // Long runs of blanks go 26 at a time; a 16x16 ID reads back the same.
  const Grid empty_but_one = [] {
    Grid g(Geometry(4, 4));
    g.set(255, 16);
    return g;
  }();
  EXPECT_EQ(to_tatham_id(empty_but_one), "4x4:" + std::string(9, 'z') + "u16\n");
  PuzzleParser parser(Geometry(4, 4), TextFormat::Auto, "in.txt");
  parser.feed(to_tatham_id(empty_but_one).substr(0, to_tatham_id(empty_but_one).size() - 1));
  const auto parsed = parser.next();
  ASSERT_TRUE(parsed && parsed->puzzle);
  EXPECT_EQ(parsed->puzzle->grid, empty_but_one);
}

TEST(PuzzleFiles, SimpleSudokuAndOpenSudokuWritersReadBack) {
  const Read r = read("collection.sdm");
  ASSERT_EQ(r.puzzles.size(), 2U);
  std::string ss;
  std::string xml = "<opensudoku>\n";
  for (const ParsedPuzzle& p : r.puzzles) {
    ss += to_simple_sudoku(p.grid) + "\n";
    xml += to_opensudoku_game(p.grid, "a \"note\" & <more>");
  }
  xml += "</opensudoku>\n";
  EXPECT_TRUE(ss.starts_with("*-----------*\n|2..|1.5|..3|\n|.54|...|71.|\n|.1.|2.3|.8.|\n|---+---+---|\n")) << ss;
  for (const std::string& text : {ss, xml}) {
    PuzzleParser parser(Geometry{}, TextFormat::Auto, "in.txt");
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) parser.feed(line);
    parser.finish();
    std::vector<std::string> back;
    while (auto parsed = parser.next()) {
      ASSERT_TRUE(parsed->puzzle) << parsed->error->what();
      back.push_back(to_line(parsed->puzzle->grid));
      if (text == xml) {
        EXPECT_EQ(parsed->puzzle->note, "a \"note\" & <more>");
      }
    }
    EXPECT_EQ(back, lines(r));
  }
}

// CSV: the column a header names "puzzle" (our own records put it second, after a
// source that may hold commas in quotes), else the first.
TEST(PuzzleFiles, CsvTakesTheColumnNamedPuzzle) {
  const auto puzzles = [](const std::string& text) {
    PuzzleParser parser(Geometry{}, TextFormat::Auto, "in.csv");
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) parser.feed(line);
    parser.finish();
    std::vector<std::string> out;
    while (auto parsed = parser.next()) out.push_back(parsed->puzzle ? to_line(parsed->puzzle->grid) : "error");
    return out;
  };
  EXPECT_EQ(puzzles(std::string("source,puzzle,status\n\"a, b.txt:1\",") + kTop + ",unique\nx.txt:2," + kEasy + ",\n"),
            (std::vector<std::string>{kTop, kEasy}));
  EXPECT_EQ(puzzles(std::string("Id,Level,PUZZLE\n1,easy,") + kEasy + "\n"), std::vector<std::string>{kEasy});
  EXPECT_EQ(puzzles(std::string("quizzes,solutions\n") + kTop + ",x\n"), std::vector<std::string>{kTop});
}

TEST(PuzzleFiles, QQWingOutputReadsAsItIs) {
  const Read readable = read("qqwing_readable.txt");
  const Read csv = read("qqwing.csv");
  EXPECT_TRUE(readable.errors.empty());
  EXPECT_TRUE(csv.errors.empty());
  ASSERT_EQ(readable.puzzles.size(), 2U);
  EXPECT_EQ(lines(readable), lines(csv));
}

}  // namespace
}  // namespace sudoforge::engine
