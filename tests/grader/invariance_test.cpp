// A grade belongs to the puzzle, not to how it is written down: relabelling digits,
// transposing, and permuting bands, stacks, rows and columns within them never
// change status, tier, te_depth, technique counts, rounds, the human rating, its
// level, hardest technique and technique counts, or the score.

#include <gtest/gtest.h>

#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

// Grades `puzzle` and `transform` of it, and expects the same grade; returns the first.
grader::Grade expect_same_grade(grader::Grader& grader, const engine::Grid& puzzle, const test::Transform& transform,
                                const std::string& where) {
  const grader::Grade original = grader.grade(puzzle);
  const grader::Grade moved = grader.grade(transform.apply(puzzle));
  EXPECT_EQ(moved.status, original.status) << where;
  EXPECT_EQ(moved.tier, original.tier) << where;
  EXPECT_EQ(moved.te_depth, original.te_depth) << where;
  EXPECT_EQ(moved.technique_counts, original.technique_counts) << where;
  EXPECT_EQ(moved.rounds, original.rounds) << where;
  EXPECT_EQ(moved.rating, original.rating) << where;
  EXPECT_EQ(moved.level, original.level) << where;
  EXPECT_EQ(moved.hardest, original.hardest) << where;
  EXPECT_EQ(moved.human_counts, original.human_counts) << where;
  EXPECT_EQ(moved.score, original.score) << where;
  EXPECT_EQ(moved.solution, transform.apply(original.solution)) << where;
  return original;
}

TEST(Invariance, GradesDoNotDependOnHowThePuzzleIsWritten) {
  std::vector<engine::Grid> puzzles = test::load_puzzles("top95.txt");
  const auto clue17 = test::load_puzzles("17clue.txt");
  for (std::size_t i = 0; i < clue17.size(); i += 500) puzzles.push_back(clue17[i]);
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 50) puzzles.push_back(top[i]);

  grader::Grader grader{engine::Geometry{}};
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    engine::Rng rng(seed);
    for (const engine::Grid& puzzle : puzzles) {
      const test::Transform transform = test::random_transform(puzzle.geometry(), rng);
      expect_same_grade(grader, puzzle, transform, "seed " + std::to_string(seed) + ": " + engine::to_line(puzzle));
    }
  }
}

// Nested forcing chains are rated by the nodes a contradiction rests on, and which
// those are follows the order the runs meet the nodes in: the grader rates such a
// path on the puzzle's canonical form (grader.cpp), so that it does not depend on
// how the puzzle is written either. The famous hardest and mined puzzles that need
// trial and error to depth 2 (a third of those need nested chains).
TEST(Invariance, PathsWithNestedChainsDoNotDependOnHowThePuzzleIsWritten) {
  std::vector<engine::Grid> puzzles = test::load_puzzles("famous_hardest.txt");
  const auto deep = test::load_puzzles("te_depth2.txt");
  for (std::size_t i = 0; i < 40; ++i) puzzles.push_back(deep[i]);
  grader::Grader grader{engine::Geometry{}};
  engine::Rng rng(16);
  int nested = 0;
  for (const engine::Grid& puzzle : puzzles) {
    const test::Transform transform = test::random_transform(puzzle.geometry(), rng);
    const grader::Grade grade = expect_same_grade(grader, puzzle, transform, engine::to_line(puzzle));
    nested += grade.human_counts[static_cast<std::size_t>(grader::HumanTechnique::NestedForcingChain)] > 0;
  }
  EXPECT_GE(nested, 10);
}

// Other shapes of the classic variant, made puzzles: 6x6 (2x3 boxes) and 12x12 (3x4),
// whose boxes are not square, so the transforms permute bands of one height and
// stacks of another.
TEST(Invariance, OtherShapesGradesDoNotDependOnHowThePuzzleIsWritten) {
  for (const engine::Geometry geometry : {engine::Geometry(2, 3), engine::Geometry(3, 4)}) {
    grader::Grader grader{geometry};
    engine::Rng rng(62);
    int beyond_singles = 0;  // most made 6x6 puzzles need singles only
    for (int i = 0; i < 100; ++i) {
      const engine::Grid puzzle = test::carve_unique(test::random_full_grid(geometry, rng), rng);
      const test::Transform transform = test::random_transform(geometry, rng);
      const grader::Grade grade = expect_same_grade(grader, puzzle, transform, geometry.name() + ": " + engine::to_line(puzzle));
      beyond_singles += grade.tier != grader::Tier::Singles;
    }
    EXPECT_GE(beyond_singles, 5) << geometry.name();
  }
}

// X-Sudoku: the symmetries that keep both diagonals and the boxes (test::
// random_transform: besides the 8 of the square, one permutation of rows and
// columns alike that commutes with reversing the order), each with a relabelling.
// Made puzzles, and one that needs nested forcing chains, whose path is rated on a
// form under this whole group (a fuzz run found that its rating's counts differed
// where the form took only the square's 8: engine::whole_group_map).
TEST(Invariance, DiagonalGradesDoNotDependOnHowThePuzzleIsWritten) {
  for (const engine::Geometry geometry : {engine::Geometry(3, 3, engine::Variant::Diagonal),
                                          engine::Geometry(2, 3, engine::Variant::Diagonal)}) {
    grader::Grader grader{geometry};
    engine::Rng rng(61);
    for (int i = 0; i < 40; ++i) {
      const engine::Grid puzzle = test::carve_unique(test::random_full_grid(geometry, rng), rng);
      const test::Transform transform = test::random_transform(geometry, rng);
      expect_same_grade(grader, puzzle, transform, geometry.name() + ": " + engine::to_line(puzzle));
    }
  }
  const engine::Geometry diagonal(3, 3, engine::Variant::Diagonal);
  grader::Grader grader{diagonal};
  const engine::Grid nested = engine::parse_puzzle(
      ".......6.1..2.5....54....8...............3...985.1...3.29..4.......9.7...........", diagonal);
  engine::Rng rng(63);
  for (int i = 0; i < 4; ++i) {
    const grader::Grade grade = expect_same_grade(grader, nested, test::random_transform(diagonal, rng), "nested");
    EXPECT_GT(grade.human_counts[static_cast<std::size_t>(grader::HumanTechnique::NestedForcingChain)], 0);
  }
}

TEST(Invariance, TransformsAreSymmetriesOfTheGrid) {
  // The helper itself: a transformed solution is still a solution.
  const auto puzzles = test::load_puzzles("hardest.txt");
  grader::Grader grader{engine::Geometry{}};
  engine::Rng rng(9);
  const grader::Grade grade = grader.grade(puzzles.front());
  const test::Transform transform = test::random_transform(engine::Geometry{}, rng);
  const engine::Grid moved = transform.apply(grade.solution);
  EXPECT_EQ(grader.grade(moved).status, grader::Status::Unique);
  EXPECT_NE(moved, grade.solution);
}

}  // namespace
}  // namespace sudoforge
