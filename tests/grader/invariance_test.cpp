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
      const grader::Grade original = grader.grade(puzzle);
      const grader::Grade moved = grader.grade(transform.apply(puzzle));
      const std::string where = "seed " + std::to_string(seed) + ": " + engine::to_line(puzzle);
      ASSERT_EQ(moved.status, original.status) << where;
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
    }
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
