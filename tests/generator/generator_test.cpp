#include "sudoforge/generator/generator.hpp"

#include <gtest/gtest.h>

#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "test_data.hpp"

namespace sudoforge::generator {
namespace {

// Minimal, checked independently of the generator: putting back nothing, removing
// any one orbit of givens leaves a second solution.
bool removing_any_orbit_breaks_uniqueness(const engine::Grid& puzzle, engine::Symmetry symmetry) {
  engine::Solver solver(puzzle.geometry());
  for (const auto& orbit : engine::symmetry_orbits(puzzle.geometry(), symmetry)) {
    if (puzzle[orbit.front()] == 0) continue;
    engine::Grid without = puzzle;
    for (engine::Cell cell : orbit) without.set(cell, 0);
    if (solver.count_solutions(without, 2).count != 2) return false;
  }
  return true;
}

void expect_sound(const Candidate& candidate, engine::Symmetry symmetry, const std::string& where) {
  const engine::Grid& puzzle = candidate.puzzle;
  const engine::SolveResult solved = engine::count_solutions(puzzle, 2);
  ASSERT_EQ(solved.count, 1) << where << ": " << engine::to_line(puzzle);
  EXPECT_EQ(solved.solution, candidate.grade.solution) << where;
  EXPECT_TRUE(engine::has_symmetry(puzzle, symmetry)) << where << ": " << engine::to_line(puzzle);
  EXPECT_TRUE(removing_any_orbit_breaks_uniqueness(puzzle, symmetry)) << where << ": " << engine::to_line(puzzle);
  EXPECT_EQ(candidate.grade.clues, puzzle.clue_count());
}

class EverySymmetry : public testing::TestWithParam<engine::Symmetry> {};

TEST_P(EverySymmetry, MakesUniqueMinimalSymmetricPuzzles) {
  Options options;
  options.symmetry = GetParam();
  Generator generator(engine::Geometry{}, options);
  for (std::uint64_t index = 0; index < 25; ++index) {
    const Candidate candidate = generator.make(2026, index, Target{});
    ASSERT_TRUE(candidate.accepted);
    expect_sound(candidate, GetParam(), "candidate " + std::to_string(index));
    EXPECT_TRUE(generator.is_minimal(candidate.puzzle));
  }
}

INSTANTIATE_TEST_SUITE_P(Symmetries, EverySymmetry,
                         testing::Values(engine::Symmetry::None, engine::Symmetry::Rot180, engine::Symmetry::Rot90,
                                         engine::Symmetry::Mirror, engine::Symmetry::Diagonal),
                         [](const testing::TestParamInfo<engine::Symmetry>& symmetry) {
                           return std::string(engine::symmetry_name(symmetry.param));
                         });

TEST(Generator, DependsOnlyOnSeedAndIndex) {
  Generator first(engine::Geometry{}, Options{});
  Generator second(engine::Geometry{}, Options{});
  second.make(1, 99, Target{});  // a different history must not matter
  for (std::uint64_t index : {5U, 0U, 17U}) {
    const Candidate a = first.make(77, index, Target{});
    const Candidate b = second.make(77, index, Target{});
    EXPECT_EQ(a.puzzle, b.puzzle);
    EXPECT_EQ(a.grade.score, b.grade.score);
  }
  EXPECT_NE(first.make(77, 1, Target{}).puzzle, first.make(78, 1, Target{}).puzzle);
  EXPECT_NE(first.make(77, 1, Target{}).puzzle, first.make(77, 2, Target{}).puzzle);
}

TEST(Generator, AcceptsOnlyWhatTheTargetAsksFor) {
  Generator generator(engine::Geometry{}, Options{});
  for (const grader::Tier tier : {grader::Tier::Singles, grader::Tier::Twins, grader::Tier::Diabolical}) {
    Target target;
    target.tier = tier;
    int accepted = 0;
    for (std::uint64_t index = 0; index < 40; ++index) {
      const Candidate candidate = generator.make(5, index, target);
      EXPECT_EQ(candidate.accepted, candidate.grade.tier == tier);
      accepted += candidate.accepted;
    }
    EXPECT_GT(accepted, 0) << grader::tier_name(tier);
  }
}

TEST(Generator, ClimbsToClueCountsThatCarvingSeldomGives) {
  Options options;
  options.max_steps = 80;
  Generator generator(engine::Geometry{}, options);
  Target target;
  target.clues_max = 21;
  int accepted = 0;
  for (std::uint64_t index = 0; index < 20; ++index) {
    const Candidate candidate = generator.make(9, index, target);
    if (!candidate.accepted) continue;
    ++accepted;
    EXPECT_LE(candidate.puzzle.clue_count(), 21);
    expect_sound(candidate, engine::Symmetry::None, "low-clue candidate " + std::to_string(index));
  }
  EXPECT_GE(accepted, 3);
}

// Witnesses (grids found by earlier searches) answer some of carve's questions
// without a search: the carve must be exactly the one every question searched
// gives, whatever it is tuned for (CarveFor: another solver core proves removals,
// and more witnesses are kept). Neighbours of hard puzzles, as mining carves them (a
// given dropped, a cell of the solution added), and fresh puzzles from full grids,
// with orbits of one, two and four cells.
TEST(Generator, CarvesTheSameWithWitnessesAsWithout) {
  Generator without(engine::Geometry{}, Options{});
  without.use_witnesses(false);
  Generator fresh(engine::Geometry{}, Options{});
  Generator mining(engine::Geometry{}, Options{.carve_for = CarveFor::Neighbourhoods});
  engine::Solver solver(engine::Geometry{});
  int carved = 0;
  for (const engine::Grid& puzzle : test::load_puzzles("hardest.txt")) {
    const engine::Grid solution = solver.count_solutions(puzzle, 2).solution;
    for (engine::Cell drop = 0; drop < puzzle.cell_count(); drop += 3) {
      if (puzzle[drop] == 0) continue;
      for (engine::Cell add = 1; add < puzzle.cell_count(); add += 7) {
        if (puzzle[add] != 0) continue;
        engine::Grid candidate = puzzle;
        candidate.set(drop, 0);
        candidate.set(add, solution[add]);
        if (solver.count_solutions(candidate, 2).count != 1) continue;
        const auto seed = static_cast<std::uint64_t>(carved);
        engine::Rng a(seed);
        const engine::Grid expected = without.carve(candidate, a);
        for (Generator* with : {&fresh, &mining}) {
          engine::Rng b(seed);
          ASSERT_EQ(with->carve(candidate, b), expected) << engine::to_line(candidate);
        }
        ++carved;
      }
    }
  }
  EXPECT_GT(carved, 100);
  // (The test means something only if witnesses answered: more than once a carve.)
  EXPECT_GT(fresh.witness_answers(), static_cast<std::uint64_t>(carved));
  EXPECT_GT(mining.witness_answers(), fresh.witness_answers());
  for (std::uint64_t index = 0; index < 20; ++index) {
    const engine::Grid expected = without.make(3, index, Target{}).puzzle;
    EXPECT_EQ(fresh.make(3, index, Target{}).puzzle, expected);
    EXPECT_EQ(mining.make(3, index, Target{}).puzzle, expected);
  }
  EXPECT_EQ(without.witness_answers(), 0U);
  for (const engine::Symmetry symmetry : {engine::Symmetry::Rot180, engine::Symmetry::Rot90}) {
    Generator plain(engine::Geometry{}, Options{.symmetry = symmetry});
    plain.use_witnesses(false);
    Generator with(engine::Geometry{}, Options{.symmetry = symmetry, .carve_for = CarveFor::Neighbourhoods});
    // Symmetric puzzles, each with an empty orbit filled from its solution, carved again.
    const auto orbits = engine::symmetry_orbits(engine::Geometry{}, symmetry);
    for (std::uint64_t index = 0; index < 10; ++index) {
      const engine::Grid puzzle = plain.make(5, index, Target{}).puzzle;
      const engine::Grid solution = solver.count_solutions(puzzle, 2).solution;
      for (std::size_t o = 0; o < orbits.size(); ++o) {
        if (puzzle[orbits[o].front()] != 0) continue;
        engine::Grid candidate = puzzle;
        for (const engine::Cell cell : orbits[o]) candidate.set(cell, solution[cell]);
        engine::Rng a(o);
        engine::Rng b(o);
        ASSERT_EQ(with.carve(candidate, a), plain.carve(candidate, b)) << engine::to_line(candidate);
      }
    }
    EXPECT_GT(with.witness_answers(), 20U);
  }
}

TEST(Generator, WorksForEveryShapeAndTheDiagonalVariant) {
  for (const engine::Geometry& geometry :
       {engine::Geometry(2, 2), engine::Geometry(2, 3), engine::Geometry(2, 4), engine::Geometry(3, 4),
        engine::Geometry(4, 4), engine::Geometry(2, 2, engine::Variant::Diagonal),
        engine::Geometry(3, 3, engine::Variant::Diagonal), engine::Geometry(2, 3, engine::Variant::Diagonal)}) {
    Options options;
    options.symmetry = engine::Symmetry::Rot180;
    Generator generator(geometry, options);
    const engine::Units units(geometry);
    for (std::uint64_t index = 0; index < 3; ++index) {
      const Candidate candidate = generator.make(4, index, Target{});
      expect_sound(candidate, engine::Symmetry::Rot180, geometry.name());
      EXPECT_TRUE(engine::is_solution_of(candidate.grade.solution, candidate.puzzle, units)) << geometry.name();
    }
  }
}

}  // namespace
}  // namespace sudoforge::generator
