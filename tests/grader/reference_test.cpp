// The fast grader against the deliberately simple reference, puzzle by puzzle, and
// the tier census of the shipped collections.

#include <gtest/gtest.h>

#include <map>

#include "reference_grader.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

void expect_same_as_reference(const std::vector<engine::Grid>& puzzles, const std::string& name) {
  grader::Grader grader{engine::Geometry{}};
  for (const engine::Grid& puzzle : puzzles) {
    const grader::Grade fast = grader.grade(puzzle);
    const test::ReferenceGrade slow = test::reference_grade(puzzle);
    const std::string where = name + ": " + engine::to_line(puzzle);
    ASSERT_EQ(fast.status, slow.status) << where;
    EXPECT_EQ(fast.tier, slow.tier) << where;
    EXPECT_EQ(fast.te_depth, slow.te_depth) << where;
    EXPECT_EQ(fast.technique_counts, slow.counts) << where;
    EXPECT_EQ(fast.rounds, slow.rounds) << where;
    EXPECT_EQ(fast.search_nodes, slow.search_nodes) << where;
    EXPECT_EQ(fast.search_depth, slow.search_depth) << where;
    EXPECT_EQ(fast.solution, slow.solution) << where;
  }
}

std::vector<engine::Grid> every_nth(const std::vector<engine::Grid>& all, std::size_t step) {
  std::vector<engine::Grid> sample;
  for (std::size_t i = 0; i < all.size(); i += step) sample.push_back(all[i]);
  return sample;
}

TEST(Reference, AgreesOnNorvigsHardestPuzzles) {
  expect_same_as_reference(test::load_puzzles("hardest.txt"), "hardest");
}

TEST(Reference, AgreesOnASampleOfTop1465) {
  expect_same_as_reference(every_nth(test::load_puzzles("top1465.txt"), 25), "top1465");
}

TEST(Reference, AgreesOnASampleOf17Clue) {
  expect_same_as_reference(every_nth(test::load_puzzles("17clue.txt"), 150), "17clue");
}

TEST(Reference, AgreesOnPuzzlesWithoutOneSolution) {
  auto puzzles = every_nth(test::load_puzzles("17clue.txt"), 2000);
  std::vector<engine::Grid> broken;
  for (engine::Grid puzzle : puzzles) {
    for (engine::Cell cell = 0; cell < 81; ++cell) {
      if (puzzle[cell] != 0) {
        puzzle.set(cell, 0);  // several solutions
        break;
      }
    }
    broken.push_back(puzzle);
  }
  expect_same_as_reference(broken, "17clue minus a clue");
}

// Found by fuzzing: 10 clues, diagonal, no solution. The solver refutes it in
// microseconds; P's search needs 2.2 million nodes, so past its budget of 10,000 the
// solver decides.
TEST(Grader, LeavesARefutationTheSearchCannotFindToTheSolver) {
  const engine::Geometry diagonal(3, 3, engine::Variant::Diagonal);
  const engine::Grid puzzle = engine::parse_puzzle(
      "52..86.........8.6.................................................3..2...8....7.", diagonal);
  const grader::Grade grade = grader::Grader(diagonal).grade(puzzle);
  EXPECT_EQ(grade.status, grader::Status::None);
  EXPECT_EQ(grade.reason, "no solution");
  EXPECT_EQ(grade.search_nodes, 10000u);
  // A unique puzzle is still searched in full, past the budget if need be.
  const engine::Grid unique = test::load_puzzles("17clue.txt")[0];
  EXPECT_EQ(grader::Grader(engine::Geometry{}).grade(unique).search_nodes, test::reference_grade(unique).search_nodes);
}

// Every puzzle of the collections is unique; the census is printed for the record.
TEST(Census, EveryCollectionPuzzleIsUniqueAndRated) {
  grader::Grader grader{engine::Geometry{}};
  for (const char* name : {"top1465.txt", "17clue.txt"}) {
    std::map<std::string, int> census;
    for (const engine::Grid& puzzle : test::load_puzzles(name)) {
      const grader::Grade grade = grader.grade(puzzle);
      ASSERT_EQ(grade.status, grader::Status::Unique) << name << ": " << engine::to_line(puzzle);
      std::string key(grader::tier_name(grade.tier));
      if (grade.tier == grader::Tier::Diabolical) key += " te_depth " + std::to_string(grade.te_depth);
      ++census[key];
    }
    std::string line = std::string(name) + ":";
    for (const auto& [key, count] : census) line += " " + key + " = " + std::to_string(count) + ";";
    std::cout << "[ census   ] " << line << "\n";
    EXPECT_GE(census.size(), 2u) << line;
  }
}

}  // namespace
}  // namespace sudoforge
