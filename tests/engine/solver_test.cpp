#include "sudoforge/engine/solver.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "test_data.hpp"

namespace sudoforge::engine {

// Readable test names and failure messages for parameterized geometries.
void PrintTo(const Geometry& geometry, std::ostream* out) { *out << geometry.name(); }

namespace {

// Solves every puzzle and checks: exactly one solution, complete, valid, keeps the givens.
void expect_unique_and_valid(const std::vector<Grid>& puzzles, const std::string& name) {
  ASSERT_FALSE(puzzles.empty()) << name;
  Solver solver(puzzles.front().geometry());
  const Units units(puzzles.front().geometry());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const SolveResult result = solver.count_solutions(puzzles[i], 2);
    ASSERT_EQ(result.count, 1) << name << " puzzle " << i + 1 << ": " << to_line(puzzles[i]);
    ASSERT_TRUE(is_solution_of(result.solution, puzzles[i], units)) << name << " puzzle " << i + 1;
    ASSERT_GE(result.stats.nodes, 1u);
  }
}

TEST(Solver, SolvesEveryTop1465PuzzleUniquely) {
  const auto puzzles = test::load_puzzles("top1465.txt");
  EXPECT_EQ(puzzles.size(), 1465u);
  expect_unique_and_valid(puzzles, "top1465");
}

TEST(Solver, SolvesNorvigsHardSetsUniquely) {
  expect_unique_and_valid(test::load_puzzles("top95.txt"), "top95");
  expect_unique_and_valid(test::load_puzzles("hardest.txt"), "hardest");
}

TEST(Solver, SolvesASampleOf17CluePuzzlesUniquely) {
  const auto all = test::load_puzzles("17clue.txt");
  EXPECT_EQ(all.size(), 49158u);
  std::vector<Grid> sample;
  for (std::size_t i = 0; i < all.size(); i += 16) sample.push_back(all[i]);
  EXPECT_GT(sample.size(), 3000u);
  expect_unique_and_valid(sample, "17clue");
}

TEST(Solver, CountsSeveralSolutionsWhenAClueIsRemoved) {
  // 17-clue puzzles are minimal: without any one clue they have several solutions.
  const auto puzzles = test::load_puzzles("17clue.txt");
  Solver solver{Geometry{}};
  const Units units{Geometry{}};
  for (std::size_t i = 0; i < 200; ++i) {
    Grid puzzle = puzzles[i * 97];
    for (Cell cell = 0; cell < 81; ++cell) {
      if (puzzle[cell] != 0) {
        puzzle.set(cell, 0);
        break;
      }
    }
    const SolveResult two = solver.count_solutions(puzzle, 2);
    ASSERT_EQ(two.count, 2) << to_line(puzzle);
    EXPECT_TRUE(is_solution_of(two.solution, puzzle, units));
    EXPECT_GE(solver.count_solutions(puzzle, 5).count, 2);
    EXPECT_EQ(solver.count_solutions(puzzle, 1).count, 1);
  }
}

TEST(Solver, CountsUpToTheLimitOnAnEmptyGrid) {
  Solver solver{Geometry{}};
  EXPECT_EQ(solver.count_solutions(Grid{Geometry{}}, 1).count, 1);
  EXPECT_EQ(solver.count_solutions(Grid{Geometry{}}, 2).count, 2);
  EXPECT_EQ(solver.count_solutions(Grid{Geometry{}}, 1000).count, 1000);
  EXPECT_EQ(solver.count_solutions(Grid{Geometry{}}, 0).count, 1);  // limits below 1 count as 1
}

TEST(Solver, FindsNoSolutionWhenAConsistentLookingGivenIsWrong) {
  const auto puzzles = test::load_puzzles("top95.txt");
  Solver solver{Geometry{}};
  const Units units{Geometry{}};
  int checked = 0;
  for (const Grid& original : puzzles) {
    const SolveResult solved = solver.count_solutions(original, 2);
    // Give the first empty cell a digit that clashes with no given but is not the answer.
    for (Cell cell = 0; cell < 81 && checked < 200; ++cell) {
      if (original[cell] != 0) continue;
      for (Digit digit = 1; digit <= 9; ++digit) {
        if (digit == solved.solution[cell]) continue;
        Grid puzzle = original;
        puzzle.set(cell, digit);
        if (find_clash(puzzle, units)) continue;
        const SolveResult result = solver.count_solutions(puzzle, 2);
        EXPECT_EQ(result.count, 0) << to_line(puzzle);
        EXPECT_GE(result.stats.nodes, 1u);
        ++checked;
        break;
      }
      break;
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(Solver, RejectsClashingGivensWithoutSearching) {
  Grid puzzle = parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  puzzle.set(1, 4);  // a second 4 in row 1
  const SolveResult result = count_solutions(puzzle, 2);
  EXPECT_EQ(result.count, 0);
  EXPECT_EQ(result.stats.nodes, 0u);
}

TEST(Solver, SolvesACompleteGrid) {
  const Grid solution =
      parse_puzzle("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  const SolveResult result = count_solutions(solution, 2);
  EXPECT_EQ(result.count, 1);
  EXPECT_EQ(result.solution, solution);
}

TEST(Solver, ThisPuzzleIsUniqueOnlyAsXSudoku) {
  const char* text = "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
  const Geometry diagonal(3, 3, Variant::Diagonal);
  const Grid x_puzzle = parse_puzzle(text, diagonal);
  const SolveResult as_x = count_solutions(x_puzzle, 2);
  ASSERT_EQ(as_x.count, 1);
  EXPECT_TRUE(is_solution_of(as_x.solution, x_puzzle, Units(diagonal)));
  EXPECT_EQ(count_solutions(parse_puzzle(text), 2).count, 2);
}

// Found by fuzzing: a 13-clue X-Sudoku without a solution. No cell has two
// candidates once singles and locked candidates are done, so a cell choice alone
// searched 878,069 nodes to refute it; a digit with two places in a unit (here on a
// diagonal) branches as tightly and refutes it in a few.
TEST(Solver, RefutesASparseDiagonalPuzzleByADigitWithTwoPlaces) {
  const Geometry diagonal(3, 3, Variant::Diagonal);
  const Grid puzzle =
      parse_puzzle(".6..1..8.........1.1........4.....5...1...4....5...2.....17......................", diagonal);
  const SolveResult result = count_solutions(puzzle, 2);
  EXPECT_EQ(result.count, 0);
  EXPECT_LT(result.stats.nodes, 100u);
}

// A plain count to `limit` over candidate masks: the fewest-candidates cell, each of
// its digits in turn, no other inference. The reference for the solver's counts.
int reference_count(const Units& units, std::vector<std::uint32_t>& candidates, Grid& grid, int limit) {
  Cell best = -1;
  int fewest = 99;
  for (Cell cell = 0; cell < grid.geometry().cell_count(); ++cell) {
    if (grid[cell] != 0) continue;
    const int n = std::popcount(candidates[static_cast<std::size_t>(cell)]);
    if (n < fewest) {
      fewest = n;
      best = cell;
    }
  }
  if (best < 0) return 1;
  int count = 0;
  for (std::uint32_t digits = candidates[static_cast<std::size_t>(best)]; digits != 0 && count < limit;
       digits &= digits - 1) {
    const int d = std::countr_zero(digits);
    std::vector<std::uint32_t> next = candidates;
    for (Cell peer : units.peers(best)) next[static_cast<std::size_t>(peer)] &= ~(1U << d);
    grid.set(best, static_cast<Digit>(d + 1));
    count += reference_count(units, next, grid, limit - count);
    grid.set(best, 0);
  }
  return count;
}
int reference_count(const Units& units, const Grid& puzzle, int limit) {
  std::vector<std::uint32_t> candidates(static_cast<std::size_t>(puzzle.cell_count()),
                                        all_digits(puzzle.geometry().size()));
  for (Cell cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell] == 0) continue;
    for (Cell peer : units.peers(cell)) candidates[static_cast<std::size_t>(peer)] &= ~digit_bit(puzzle[cell]);
  }
  Grid work = puzzle;
  return reference_count(units, candidates, work, limit);
}

// `clues` givens of `full`, in cells drawn at random.
Grid random_givens(const Grid& full, int clues, Rng& rng) {
  Grid puzzle(full.geometry());
  for (int placed = 0; placed < clues;) {
    const auto cell = static_cast<Cell>(rng.below(static_cast<std::uint32_t>(full.cell_count())));
    if (puzzle[cell] != 0) continue;
    puzzle.set(cell, full[cell]);
    ++placed;
  }
  return puzzle;
}

// Random sparse X-Sudoku positions (many without a solution, where the search's
// branching on a digit's two places counts most): counts to two as the plain
// reference counts them, and a unique solution that is one.
TEST(Solver, CountsSparseDiagonalPositionsAsAPlainSearchDoes) {
  const Geometry diagonal(3, 3, Variant::Diagonal);
  const Units units(diagonal);
  Solver solver(diagonal);
  Rng rng(5);
  int by_count[3] = {0, 0, 0};
  for (int i = 0; i < 300; ++i) {
    // Even: random clash-free givens (14 to 24 of them); odd: 24 to 30 givens kept
    // from a random full grid, so some are unique.
    const Grid puzzle = i % 2 == 0 ? test::random_clash_free(diagonal, 14 + i / 2 % 11, rng)
                                   : random_givens(test::random_full_grid(diagonal, rng), 24 + i / 2 % 7, rng);
    const int expected = reference_count(units, puzzle, 2);
    const SolveResult result = solver.count_solutions(puzzle, 2);
    ASSERT_EQ(result.count, expected) << to_line(puzzle);
    if (result.count == 1) {
      EXPECT_TRUE(is_solution_of(result.solution, puzzle, units)) << to_line(puzzle);
    }
    ++by_count[expected];
  }
  // The sample holds every outcome, so each kind of count was checked.
  EXPECT_GT(by_count[0], 20);
  EXPECT_GT(by_count[1], 5);
  EXPECT_GT(by_count[2], 20);
}

TEST(Solver, StatisticsAreDeterministic) {
  const auto puzzles = test::load_puzzles("hardest.txt");
  Solver first{Geometry{}};
  Solver second{Geometry{}};
  for (const Grid& puzzle : puzzles) {
    const SolveResult a = first.count_solutions(puzzle, 2);
    second.count_solutions(puzzles.front(), 2);  // a different history must not matter
    const SolveResult b = second.count_solutions(puzzle, 2);
    EXPECT_EQ(a.stats.nodes, b.stats.nodes);
    EXPECT_EQ(a.stats.guesses, b.stats.guesses);
    EXPECT_EQ(a.stats.max_depth, b.stats.max_depth);
  }
}

TEST(Solver, RelabellingDigitsRelabelsTheSolution) {
  const auto puzzles = test::load_puzzles("top95.txt");
  const int map[10] = {0, 3, 7, 1, 9, 2, 8, 5, 4, 6};
  Solver solver{Geometry{}};
  for (const Grid& puzzle : puzzles) {
    Grid relabelled = puzzle;
    for (Cell cell = 0; cell < 81; ++cell) relabelled.set(cell, map[puzzle[cell]]);
    const SolveResult original = solver.count_solutions(puzzle, 2);
    const SolveResult mapped = solver.count_solutions(relabelled, 2);
    ASSERT_EQ(mapped.count, 1);
    for (Cell cell = 0; cell < 81; ++cell) ASSERT_EQ(mapped.solution[cell], map[original.solution[cell]]);
  }
}

TEST(Solver, RandomSolutionsDependOnlyOnTheSeed) {
  Solver solver{Geometry{}};
  const Units units{Geometry{}};
  Grid a;
  Grid b;
  Grid c;
  Rng rng_a(11);
  Rng rng_b(11);
  Rng rng_c(12);
  ASSERT_TRUE(solver.random_solution(Grid{Geometry{}}, rng_a, a));
  ASSERT_TRUE(solver.random_solution(Grid{Geometry{}}, rng_b, b));
  ASSERT_TRUE(solver.random_solution(Grid{Geometry{}}, rng_c, c));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_TRUE(is_solution_of(a, Grid{Geometry{}}, units));
  Grid clash{Geometry{}};
  clash.set(0, 1);
  clash.set(1, 1);
  EXPECT_FALSE(solver.random_solution(clash, rng_a, a));
}

// Every supported shape, classic and diagonal: a random full grid is valid, and a
// puzzle carved from it while it stays unique solves back to it.
class EveryGeometry : public testing::TestWithParam<Geometry> {};

TEST_P(EveryGeometry, FillsCarvesAndSolvesBack) {
  const Geometry geometry = GetParam();
  const Units units(geometry);
  Solver solver(geometry);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Rng rng(seed);
    const Grid full = test::random_full_grid(geometry, rng);
    ASSERT_TRUE(is_solution_of(full, Grid(geometry), units)) << geometry.name() << " seed " << seed;
    // Remove clues in random order while the puzzle stays unique, up to 60% of them.
    std::vector<Cell> order(static_cast<std::size_t>(geometry.cell_count()));
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<Cell>(i);
    rng.shuffle(std::span<Cell>(order));
    Grid puzzle = full;
    int removed = 0;
    for (Cell cell : order) {
      if (removed * 10 >= geometry.cell_count() * 6) break;
      puzzle.set(cell, 0);
      if (solver.count_solutions(puzzle, 2).count == 1) {
        ++removed;
      } else {
        puzzle.set(cell, full[cell]);
      }
    }
    EXPECT_GT(removed, geometry.cell_count() / 3) << geometry.name();
    const SolveResult result = solver.count_solutions(puzzle, 2);
    ASSERT_EQ(result.count, 1) << geometry.name() << ": " << to_line(puzzle);
    EXPECT_EQ(result.solution, full) << geometry.name();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, EveryGeometry,
    testing::Values(Geometry(2, 2), Geometry(2, 3), Geometry(3, 2), Geometry(2, 4), Geometry(3, 3), Geometry(2, 5),
                    Geometry(3, 4), Geometry(4, 4), Geometry(2, 2, Variant::Diagonal),
                    Geometry(2, 3, Variant::Diagonal), Geometry(3, 3, Variant::Diagonal),
                    Geometry(3, 4, Variant::Diagonal), Geometry(4, 4, Variant::Diagonal)),
    [](const testing::TestParamInfo<Geometry>& shape) {
      std::string name = std::to_string(shape.param.box_rows()) + "x" + std::to_string(shape.param.box_cols());
      if (shape.param.variant() == Variant::Diagonal) name += "_diagonal";
      return name;
    });

}  // namespace
}  // namespace sudoforge::engine
