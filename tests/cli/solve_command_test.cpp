// End-to-end tests of `sudoforge solve`: the real binary on real files.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/solve_command.hpp"
#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;
using test::lines_of;

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  test::write_file(path, text);
  return path;
}

TEST(SolveCommand, PrintsAValidSolutionForEveryPuzzle) {
  const auto result = run_command(sudoforge("solve " + test::data_path("top95.txt")));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto puzzles = test::load_puzzles("top95.txt");
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), puzzles.size());
  const engine::Units units{engine::Geometry{}};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_TRUE(engine::is_solution_of(engine::parse_puzzle(lines[i]), puzzles[i], units)) << lines[i];
  }
  EXPECT_NE(result.err.find("solve: 95 puzzles read: 95 unique, 0 with several solutions, 0 with no solution; 0 rejected"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("puzzles/s"), std::string::npos);
}

// --core picks the solver core: every core the processor runs gives the same counts
// and solutions of unique puzzles; one it does not, or the classic core for another
// geometry, is refused with a reason.
TEST(SolveCommand, EveryCoreGivesTheSameAnswers) {
  const std::string file = test::data_path("top95.txt");
  const auto fastest = run_command(sudoforge("solve --quiet " + file));
  ASSERT_EQ(fastest.exit_code, 0) << fastest.err;
  const std::vector<std::pair<std::string, engine::SolverCore>> cores = {
      {"generic", engine::SolverCore::Generic},
      {"sse4", engine::SolverCore::Classic9Sse4},
      {"avx2", engine::SolverCore::Classic9Avx2},
      {"avx512", engine::SolverCore::Classic9Avx512}};
  for (const auto& [name, core] : cores) {
    const auto result = run_command(sudoforge("solve --quiet --core " + name + " " + file));
    if (!engine::Solver::available(core, engine::Geometry{})) {
      EXPECT_EQ(result.exit_code, 2) << name;
      EXPECT_EQ(result.err, "sudoforge: solve: the " + name + " core does not solve 9x9 puzzles on this processor\n");
      continue;
    }
    ASSERT_EQ(result.exit_code, 0) << name << ": " << result.err;
    EXPECT_EQ(result.out, fastest.out) << name;
  }
  const auto refused = run_command(sudoforge("solve --core sse4 --size 6 " + file));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "sudoforge: solve: the sse4 core does not solve 6x6 (2x3 boxes) puzzles on this processor\n");
  EXPECT_EQ(refused.out, "");
  const auto unknown = run_command(sudoforge("solve --core turbo " + file));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("--core"), std::string::npos) << unknown.err;
  // The same refused in-process, where no option parser has checked the name.
  cli::SolveOptions options;
  options.files = {file};
  options.core = "turbo";
  EXPECT_THROW(cli::run_solve(options), cli::CliError);
}

TEST(SolveCommand, ReportsBadLinesWithFileAndLineAndSolvesTheRest) {
  const std::string file = test::fixture_path("solve_mixed.txt");
  const auto result = run_command(sudoforge("solve --quiet " + file));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, file + ":3: wrong length: 80 cells, expected 81 for 9x9\n" + file +
                            ":4: clashing givens: 4 twice in row 1 (r1c1 and r1c2)\n" + file +
                            ":6: bad character 'x' at column 79\n");
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
  EXPECT_EQ(lines[1].size(), 81u);
}

TEST(SolveCommand, CountsNoneOneAndSeveralSolutions) {
  const std::string unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::string several = unique;
  several[0] = '.';
  std::string none = unique;
  none[1] = '6';  // clashes with no given, but the answer there is 1
  const std::string file = temp_file("counts.txt", unique + "\n" + several + "\n" + none + "\n");
  const auto counted = run_command(sudoforge("solve --count --quiet " + file));
  EXPECT_EQ(counted.exit_code, 0) << counted.err;
  EXPECT_EQ(counted.out, "1\n2\n0\n");
  EXPECT_EQ(run_command(sudoforge("solve --count --limit 50 --quiet " + file)).out, "1\n50\n0\n");
  const auto solved = run_command(sudoforge("solve " + file));
  const auto lines = lines_of(solved.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("  # several solutions"), std::string::npos);
  EXPECT_EQ(lines[2], none + "  # no solution");
  EXPECT_NE(solved.err.find("3 puzzles read: 1 unique, 1 with several solutions, 1 with no solution; 0 rejected"),
            std::string::npos)
      << solved.err;
}

TEST(SolveCommand, GivesTheSameOutputWithOneOrTwoThreads) {
  const std::string file = test::data_path("top1465.txt");
  const auto one = run_command(sudoforge("solve --threads 1 --quiet " + file));
  const auto two = run_command(sudoforge("solve --threads 2 --quiet " + file));
  ASSERT_EQ(one.exit_code, 0);
  EXPECT_EQ(lines_of(one.out).size(), 1465u);
  EXPECT_EQ(one.out, two.out);
}

TEST(SolveCommand, ReadsStandardInput) {
  const std::string input = test::read_file(test::data_path("hardest.txt"));
  const auto result = run_command(sudoforge("solve --count --quiet -"), &input);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n");
}

TEST(SolveCommand, ReadsAndWritesTheGridLayout) {
  const engine::Grid puzzle =
      engine::parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const std::string file = temp_file("grid.txt", engine::to_block(puzzle) + "\n" + engine::to_block(puzzle));
  const auto result = run_command(sudoforge("solve --layout grid --quiet " + file));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const engine::Grid solution = engine::count_solutions(puzzle).solution;
  EXPECT_EQ(result.out, engine::to_block(solution) + "\n" + engine::to_block(solution) + "\n");
}

TEST(SolveCommand, ReadsKaggleCsv) {
  const std::string unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::string zeros = unique;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  const std::string file = temp_file("kaggle.csv", "quizzes,solutions\n" + zeros + ",x\n" + zeros + ",y\n");
  const auto result = run_command(sudoforge("solve --count --quiet " + file));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "1\n1\n");
}

TEST(SolveCommand, SolvesOtherSizesAndTheDiagonalVariant) {
  for (const engine::Geometry& geometry :
       {engine::Geometry(2, 2), engine::Geometry(2, 3), engine::Geometry(3, 4), engine::Geometry(4, 4)}) {
    engine::Rng rng(3);
    std::string text;
    std::vector<engine::Grid> puzzles;
    for (int i = 0; i < 3; ++i) {
      puzzles.push_back(test::carve_unique(test::random_full_grid(geometry, rng), rng));
      text += engine::to_line(puzzles.back()) + "\n";
    }
    const std::string file = temp_file("size.txt", text);
    const std::string size = std::to_string(geometry.size());
    const auto result = run_command(sudoforge("solve --quiet --size " + size + " " + file));
    ASSERT_EQ(result.exit_code, 0) << geometry.name() << ": " << result.err;
    const auto lines = lines_of(result.out);
    ASSERT_EQ(lines.size(), 3u);
    const engine::Units units(geometry);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_TRUE(engine::is_solution_of(engine::parse_puzzle(lines[i], geometry), puzzles[i], units));
    }
    const auto wrong = run_command(sudoforge("solve --quiet " + file));
    EXPECT_EQ(wrong.exit_code, 1) << geometry.name();
    EXPECT_NE(wrong.err.find(":1: "), std::string::npos);
  }
  const std::string x = "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
  const std::string file = temp_file("x.txt", x + "\n");
  EXPECT_EQ(run_command(sudoforge("solve --count --quiet --diagonal " + file)).out, "1\n");
  EXPECT_EQ(run_command(sudoforge("solve --count --quiet " + file)).out, "2\n");
  EXPECT_EQ(run_command(sudoforge("solve --count --quiet --box 3x3 --diagonal " + file)).out, "1\n");
}

TEST(SolveCommand, PrefixesFileAndLineOnRequest) {
  const std::string file = test::fixture_path("solve_mixed.txt");
  const auto lines = lines_of(run_command(sudoforge("solve --count --source --quiet " + file)).out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], file + ":2: 1");
  EXPECT_EQ(lines[1], file + ":7: 1");
}

TEST(SolveCommand, AMissingFileIsAnErrorButOtherFilesAreSolved) {
  const auto result = run_command(sudoforge("solve --count --quiet no-such-file.txt " + test::data_path("hardest.txt")));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "sudoforge: cannot open file 'no-such-file.txt': No such file or directory\n");
  EXPECT_EQ(lines_of(result.out).size(), 11u);
}

// Reading fails after the file opened (a directory): named, exit code 2, the other
// file still solved.
TEST(SolveCommand, AnUnreadableSourceIsAnErrorButOtherFilesAreSolved) {
  const std::string folder = testing::TempDir() + "a-folder";
  std::filesystem::create_directories(folder);
  const auto result = run_command(sudoforge("solve --count --quiet " + folder + " " + test::data_path("hardest.txt")));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "sudoforge: cannot read file '" + folder + "': Is a directory\n");
  EXPECT_EQ(lines_of(result.out).size(), 11u);
}

// Lines are read in blocks of 64 KiB: a puzzle cut by a block boundary, and a last
// line without its newline, are read whole.
TEST(SolveCommand, ReadsLinesAcrossBlocksAndALastLineWithoutNewline) {
  const auto hardest = lines_of(test::read_file(test::data_path("hardest.txt")));
  const std::string puzzle = *std::find_if(hardest.begin(), hardest.end(), [](const std::string& line) {
    return line.size() >= 81 && line[0] != '#';
  });
  std::string text;
  while (text.size() < 70000) text += "# " + std::string(97, 'x') + "\n";  // comments, 100 bytes each
  text.resize(65536 - 40);
  text += "\n" + puzzle + "\n" + puzzle;  // the first puzzle straddles byte 65,536
  const std::string path = testing::TempDir() + "blocks.txt";
  test::write_file(path, text);
  const auto result = run_command(sudoforge("solve --count --quiet " + path));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "1\n1\n");
}

TEST(SolveCommand, RejectsBadGeometryOptions) {
  const auto box = run_command(sudoforge("solve --box 5x4 " + test::data_path("hardest.txt")));
  EXPECT_EQ(box.exit_code, 2);
  EXPECT_EQ(box.err, "sudoforge: box 5x4 is not supported: boxes need 1 to 16 cells\n");
  const auto size = run_command(sudoforge("solve --size 7 " + test::data_path("hardest.txt")));
  EXPECT_EQ(size.exit_code, 2);
  EXPECT_EQ(size.err, "sudoforge: size 7 has no box shape; ask for --box 1x7 explicitly\n");
  const auto both = run_command(sudoforge("solve --size 9 --box 3x3 " + test::data_path("hardest.txt")));
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("excludes"), std::string::npos) << both.err;
}

TEST(SolveCommand, RejectsAnOverlongLineWithoutLosingTheNext) {
  const std::string good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const std::string file = temp_file("long.txt", std::string((1 << 20) + 10, '.') + "\n" + good + "\n");
  const auto result = run_command(sudoforge("solve --count --quiet " + file));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, file + ":1: line too long: over 1048576 bytes\n");
  EXPECT_EQ(result.out, "1\n");
}

}  // namespace
}  // namespace sudoforge
