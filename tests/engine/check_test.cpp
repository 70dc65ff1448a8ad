#include "sudoforge/engine/check.hpp"

#include <gtest/gtest.h>

#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::engine {
namespace {

constexpr const char* kSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

TEST(Check, FindsNoClashInAValidGrid) {
  const Units units{Geometry{}};
  EXPECT_FALSE(find_clash(parse_puzzle(kSolution), units).has_value());
}

TEST(Check, NamesAClashInARow) {
  const Units units{Geometry{}};
  Grid grid{Geometry{}};
  grid.set(2 * 9 + 1, 5);
  grid.set(2 * 9 + 6, 5);
  const auto clash = find_clash(grid, units);
  ASSERT_TRUE(clash.has_value());
  EXPECT_EQ(describe(*clash, units), "5 twice in row 3 (r3c2 and r3c7)");
}

TEST(Check, NamesAClashInAColumnAndABox) {
  const Units units{Geometry{}};
  Grid column{Geometry{}};
  column.set(0 * 9 + 4, 7);
  column.set(8 * 9 + 4, 7);
  EXPECT_EQ(describe(*find_clash(column, units), units), "7 twice in column 5 (r1c5 and r9c5)");
  Grid box{Geometry{}};
  box.set(3 * 9 + 3, 1);
  box.set(5 * 9 + 5, 1);
  EXPECT_EQ(describe(*find_clash(box, units), units), "1 twice in box 5 (r4c4 and r6c6)");
}

TEST(Check, SeesDiagonalClashesOnlyInTheDiagonalVariant) {
  Grid grid{Geometry(3, 3, Variant::Diagonal)};
  grid.set(0, 9);
  grid.set(8 * 9 + 8, 9);
  const Units diagonal(grid.geometry());
  EXPECT_EQ(describe(*find_clash(grid, diagonal), diagonal), "9 twice in main diagonal (r1c1 and r9c9)");
  Grid classic{Geometry{}};
  classic.set(0, 9);
  classic.set(8 * 9 + 8, 9);
  EXPECT_FALSE(find_clash(classic, Units{Geometry{}}).has_value());
}

TEST(Check, AcceptsOnlyCompleteConsistentSolutions) {
  const Units units{Geometry{}};
  const Grid solution = parse_puzzle(kSolution);
  Grid puzzle = solution;
  for (Cell cell = 0; cell < 81; cell += 2) puzzle.set(cell, 0);
  EXPECT_TRUE(is_solution_of(solution, puzzle, units));
  Grid wrong_given = puzzle;
  wrong_given.set(1, solution[1] % 9 + 1);
  EXPECT_FALSE(is_solution_of(solution, wrong_given, units));
  Grid incomplete = solution;
  incomplete.set(40, 0);
  EXPECT_FALSE(is_solution_of(incomplete, puzzle, units));
  Grid swapped = solution;  // swap two cells of a row: columns now clash
  swapped.set(0, solution[1]);
  swapped.set(1, solution[0]);
  EXPECT_FALSE(is_solution_of(swapped, Grid{Geometry{}}, units));
}

}  // namespace
}  // namespace sudoforge::engine
