// The classic 9x9 core (engine/src/classic9_*) against the generic core, build by
// build (SSE4, AVX2, AVX-512: each that this processor runs). The two cores must give
// the same count for every puzzle and limit, and the same solution for a puzzle with
// one; the builds of the classic core must agree with each other in everything,
// first solutions, statistics and random fills included. (fuzz target "solve9" does
// the same on arbitrary inputs.)

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "test_data.hpp"

namespace sudoforge::engine {
namespace {

const std::vector<SolverCore> kBuilds = {SolverCore::Classic9Sse4, SolverCore::Classic9Avx2, SolverCore::Classic9Avx512};

std::string name_of(SolverCore core) { return std::string(solver_core_name(core)); }

// The builds this processor runs (SSE4 at least, on any x86-64-v2 processor).
std::vector<SolverCore> builds_here() {
  std::vector<SolverCore> here;
  for (const SolverCore core : kBuilds) {
    if (Solver::available(core, Geometry{})) here.push_back(core);
  }
  if (here.size() < kBuilds.size()) std::cout << "(" << here.size() << " of 3 classic builds run here)\n";
  return here;
}

Solver solver_of(SolverCore core) { return Solver(Geometry{}, SolverOptions{.core = core}); }

// `puzzle` (unique, with this `solution`) with another digit in its first empty cell
// where one does not clash: a puzzle with no solution.
Grid with_a_wrong_digit(const Grid& puzzle, const Grid& solution) {
  const Units units{Geometry{}};
  Grid wrong = puzzle;
  for (Cell cell = 0; cell < 81 && wrong == puzzle; ++cell) {
    if (wrong[cell] != 0) continue;
    for (Digit d = 1; d <= 9; ++d) {
      if (d == solution[cell]) continue;
      wrong.set(cell, d);
      if (!find_clash(wrong, units)) break;
      wrong.set(cell, 0);
    }
  }
  return wrong;
}

// Each build against the generic core on every puzzle of `puzzles`, counting to `limit`.
void expect_same_counts(const std::vector<Grid>& puzzles, int limit, const std::string& what) {
  ASSERT_FALSE(puzzles.empty()) << what;
  Solver generic = solver_of(SolverCore::Generic);
  for (const SolverCore core : builds_here()) {
    Solver classic = solver_of(core);
    int mismatches = 0;
    for (const Grid& puzzle : puzzles) {
      const SolveResult expected = generic.count_solutions(puzzle, limit);
      const SolveResult got = classic.count_solutions(puzzle, limit);
      const bool same = got.count == expected.count && (got.count != 1 || limit < 2 || got.solution == expected.solution);
      if (!same && ++mismatches <= 5) {
        ADD_FAILURE() << name_of(core) << " on " << what << ", limit " << limit << ": " << to_line(puzzle) << " counts "
                      << got.count << ", generic " << expected.count;
      }
    }
    EXPECT_EQ(mismatches, 0) << name_of(core) << " on " << what;
  }
}

TEST(Classic9, EveryCoreIsNamedAndParsedBothWays) {
  for (const SolverCore core : kSolverCores) EXPECT_EQ(parse_solver_core(solver_core_name(core)), core);
  EXPECT_EQ(parse_solver_core("avx2"), SolverCore::Classic9Avx2);
  EXPECT_FALSE(parse_solver_core("AVX2"));
  EXPECT_FALSE(parse_solver_core(""));
}

TEST(Classic9, FastestIsTheClassicCoreFor9x9Only) {
  EXPECT_NE(Solver(Geometry{}).core(), SolverCore::Generic);
  EXPECT_EQ(Solver(Geometry(3, 3, Variant::Diagonal)).core(), SolverCore::Generic);
  EXPECT_EQ(Solver(Geometry(2, 3)).core(), SolverCore::Generic);
  EXPECT_FALSE(Solver::available(SolverCore::Classic9Sse4, Geometry(2, 3)));
  EXPECT_THROW(Solver(Geometry(2, 3), SolverOptions{.core = SolverCore::Classic9Sse4}), std::invalid_argument);
  EXPECT_EQ(Solver(Geometry{}, SolverOptions{.core = SolverCore::Generic}).core(), SolverCore::Generic);
}

TEST(Classic9, AgreesWithTheGenericCoreOnTop1465) {
  expect_same_counts(test::load_puzzles("top1465.txt"), 2, "top1465");
}

TEST(Classic9, AgreesWithTheGenericCoreOnEvery17CluePuzzle) {
  const auto puzzles = test::load_puzzles("17clue.txt");
  EXPECT_EQ(puzzles.size(), 49158u);
  expect_same_counts(puzzles, 2, "17clue");
}

TEST(Classic9, AgreesWithTheGenericCoreOnTheHardestSets) {
  expect_same_counts(test::load_puzzles("hardest.txt"), 2, "hardest");
  expect_same_counts(test::load_puzzles("top95.txt"), 2, "top95");
  const auto deep = test::load_puzzles("te_depth2.txt");
  EXPECT_EQ(deep.size(), 1000u);
  expect_same_counts(deep, 2, "te_depth2");
}

// Puzzles with several solutions (a 17-clue puzzle without some of its clues) and
// without any (a digit added that no solution has), counted to several limits.
TEST(Classic9, AgreesOnPuzzlesWithSeveralSolutionsOrNone) {
  const auto clues17 = test::load_puzzles("17clue.txt");
  Solver generic = solver_of(SolverCore::Generic);
  std::vector<Grid> several;
  std::vector<Grid> none;
  for (std::size_t i = 0; i < 300; ++i) {
    Grid puzzle = clues17[i * 157];
    int removed = 0;
    for (Cell cell = static_cast<Cell>(i % 81); removed < 1 + static_cast<int>(i % 4); cell = (cell + 29) % 81) {
      if (puzzle[cell] != 0) {
        puzzle.set(cell, 0);
        ++removed;
      }
    }
    several.push_back(puzzle);
    none.push_back(with_a_wrong_digit(clues17[i * 157], generic.count_solutions(clues17[i * 157], 1).solution));
  }
  for (const int limit : {1, 2, 3, 10, 100}) expect_same_counts(several, limit, "17clue less clues");
  expect_same_counts(none, 2, "17clue with a wrong digit");
  int counted = 0;
  for (const Grid& puzzle : none) counted += generic.count_solutions(puzzle, 2).count;
  EXPECT_EQ(counted, 0);  // they really have none
  Grid empty;
  expect_same_counts({empty}, 1000, "the empty grid");
}

// Digits ruled out of empty cells, as the generator asks ("a solution with another
// digit where the clue was"), and many at once.
TEST(Classic9, AgreesWithDigitsRuledOut) {
  const auto puzzles = test::load_puzzles("top1465.txt");
  Solver generic = solver_of(SolverCore::Generic);
  Rng rng(17);
  for (const SolverCore core : builds_here()) {
    Solver classic = solver_of(core);
    for (std::size_t i = 0; i < puzzles.size(); i += 5) {
      Grid puzzle = puzzles[i];
      std::vector<Exclusion> out;
      // One clue taken out and its digit ruled out there, and a few random exclusions.
      for (Cell cell = static_cast<Cell>(rng.below(81));; cell = (cell + 1) % 81) {
        if (puzzle[cell] == 0) continue;
        out.push_back({cell, puzzle[cell]});
        puzzle.set(cell, 0);
        break;
      }
      for (std::uint32_t k = rng.below(40); k > 0; --k) {
        out.push_back({static_cast<Cell>(rng.below(81)), static_cast<Digit>(1 + rng.below(9))});
      }
      for (const int limit : {1, 2}) {
        const SolveResult expected = generic.count_solutions(puzzle, limit, out);
        const SolveResult got = classic.count_solutions(puzzle, limit, out);
        ASSERT_EQ(got.count, expected.count) << name_of(core) << " " << to_line(puzzle) << " limit " << limit;
        if (got.count > 0) {
          for (const Exclusion& e : out) {  // (on a given an exclusion is ignored)
            if (puzzle[e.cell] != 0) continue;
            EXPECT_NE(got.solution[e.cell], e.digit) << name_of(core) << " " << to_line(puzzle);
          }
        }
      }
    }
  }
}

// `puzzle` without its first clue at or after `from`.
Grid without_a_clue(Grid puzzle, Cell from) {
  for (Cell cell = from;; ++cell) {
    if (puzzle[cell] == 0) continue;
    puzzle.set(cell, 0);
    return puzzle;
  }
}

// The tally of every solution (Solver::tally_solutions) against counting each
// one-clue extension: a te_depth-2 puzzle without one clue has hundreds of solutions.
TEST(Classic9, TalliesTheSolutionsAsTheGenericCoreAndEveryExtensionsCount) {
  const auto deep = test::load_puzzles("te_depth2.txt");
  const Units units{Geometry{}};
  Solver generic = solver_of(SolverCore::Generic);
  for (std::size_t i = 0; i < 40; i += 8) {
    const Grid base = without_a_clue(deep[i], static_cast<Cell>(i));
    std::vector<std::uint32_t> expected(81 * 9);
    const SolveResult all = generic.tally_solutions(base, 1'000'000, expected);
    ASSERT_GT(all.count, 1) << to_line(base);
    ASSERT_LT(all.count, 1'000'000);
    for (const SolverCore core : builds_here()) {
      std::vector<std::uint32_t> tally(81 * 9);
      Solver classic = solver_of(core);
      EXPECT_EQ(classic.tally_solutions(base, 1'000'000, tally).count, all.count) << name_of(core);
      EXPECT_EQ(tally, expected) << name_of(core) << " " << to_line(base);
    }
    for (Cell cell = 0; cell < 81; ++cell) {
      if (base[cell] != 0) {
        EXPECT_EQ(expected[static_cast<std::size_t>(9 * cell + base[cell] - 1)], static_cast<std::uint32_t>(all.count));
        continue;
      }
      for (Digit d = 1; d <= 9; ++d) {
        Grid next = base;
        next.set(cell, d);
        if (find_clash(next, units)) continue;
        const auto tallied = static_cast<int>(std::min<std::uint32_t>(expected[static_cast<std::size_t>(9 * cell + d - 1)], 2));
        ASSERT_EQ(generic.count_solutions(next, 2).count, tallied) << to_line(next);
      }
    }
  }
  std::vector<std::uint32_t> short_tally(81 * 9 - 1);
  EXPECT_THROW(generic.tally_solutions(deep[0], 2, short_tally), std::invalid_argument);
}

// A tally asked up to two (what uniqueness needs) against the exact one: each counter
// the same where it is below 2, 2 or more where the exact one is; the search skips
// solutions to get there; and counters that start at 2 are not wanted again.
TEST(Classic9, TalliesUpToTwoAsTheExactTallySaysAndSkipsTheRest) {
  const auto deep = test::load_puzzles("te_depth2.txt");
  Solver generic = solver_of(SolverCore::Generic);
  const auto up_to_two = [](std::vector<std::uint32_t> tally) {
    for (auto& n : tally) n = std::min<std::uint32_t>(n, 2);
    return tally;
  };
  std::uint64_t exact_nodes = 0;
  std::uint64_t fewer_nodes = 0;
  for (std::size_t i = 0; i < 40; i += 4) {
    const Grid base = without_a_clue(deep[i], static_cast<Cell>(i));
    std::vector<std::uint32_t> expected(81 * 9);
    const SolveResult all = generic.tally_solutions(base, 1'000'000, expected);
    ASSERT_GT(all.count, 1) << to_line(base);
    for (const SolverCore core : builds_here()) {
      Solver classic = solver_of(core);
      std::vector<std::uint32_t> exact(81 * 9);
      exact_nodes += classic.tally_solutions(base, 1'000'000, exact).stats.nodes;
      std::vector<std::uint32_t> tally(81 * 9);
      const SolveResult some = classic.tally_solutions(base, 1'000'000, tally, TallyCounts::UpToTwo);
      fewer_nodes += some.stats.nodes;
      EXPECT_LE(some.count, all.count) << name_of(core);
      EXPECT_EQ(up_to_two(tally), up_to_two(expected)) << name_of(core) << " " << to_line(base);
      // Asked again on the same counters: the candidates at 2 are not wanted, and
      // only what was below 2 can change (by what the first tally added).
      std::vector<std::uint32_t> again = tally;
      classic.tally_solutions(base, 1'000'000, again, TallyCounts::UpToTwo);
      for (std::size_t k = 0; k < again.size(); ++k) {
        const std::uint32_t twice = expected[k] == 0 ? 0 : 2;
        EXPECT_EQ(std::min<std::uint32_t>(again[k], 2), twice) << name_of(core) << " counter " << k;
      }
    }
    // (The generic core counts exactly, which the contract allows.)
    std::vector<std::uint32_t> plain(81 * 9);
    EXPECT_EQ(generic.tally_solutions(base, 1'000'000, plain, TallyCounts::UpToTwo).count, all.count);
    EXPECT_EQ(plain, expected);
  }
  EXPECT_LT(4 * fewer_nodes, 3 * exact_nodes);  // (45% of the nodes, measured)
}

TEST(Classic9, RefusesClashingGivensWithoutSearching) {
  for (const SolverCore core : builds_here()) {
    Solver classic = solver_of(core);
    Grid puzzle;
    puzzle.set(0, 5);
    puzzle.set(80, 5);
    EXPECT_EQ(classic.count_solutions(puzzle, 2).count, 2) << name_of(core);  // no clash: many solutions
    puzzle.set(8, 5);                                                        // row 1 holds 5 twice
    const SolveResult result = classic.count_solutions(puzzle, 2);
    EXPECT_EQ(result.count, 0) << name_of(core);
    EXPECT_EQ(result.stats.nodes, 0u) << name_of(core);
  }
}

// Two digits that each have one place left in a box, both in the same cell: no
// solution, and singles show it before any guess. Found by fuzzing (the
// `propagation` target, tests/fuzz/regressions/propagation): in this 15-clue puzzle
// box 8 can take 4 only at r7c5, and 7 only there too. Each build searched 23.7 M
// nodes (2.6 to 3.3 s) before the box looked for two values asserted to one cell.
TEST(Classic9, RefutesTwoDigitsForcedIntoOneCellBeforeAnyGuess) {
  const Grid puzzle = parse_puzzle("1.2..7....8.4.................716.................4...3......1..4......7..7...4..");
  for (const SolverCore core : builds_here()) {
    Solver classic = solver_of(core);
    const SolveResult result = classic.count_solutions(puzzle, 2);
    EXPECT_EQ(result.count, 0) << name_of(core);
    EXPECT_EQ(result.stats.nodes, 1u) << name_of(core);  // the root, settled
    EXPECT_EQ(result.stats.guesses, 0u) << name_of(core);
  }
  EXPECT_EQ(solver_of(SolverCore::Generic).count_solutions(puzzle, 2).stats.nodes, 1u);
}

// The builds are one algorithm: the same first solution of a puzzle with several,
// the same statistics, the same grid filled from the same seed.
TEST(Classic9, BuildsAgreeInEverything) {
  const auto builds = builds_here();
  std::vector<Solver> solvers;
  for (const SolverCore core : builds) solvers.push_back(solver_of(core));
  const auto top = test::load_puzzles("top1465.txt");
  const auto deep = test::load_puzzles("te_depth2.txt");
  std::vector<Grid> puzzles(top.begin(), top.end());
  puzzles.insert(puzzles.end(), deep.begin(), deep.begin() + 200);
  for (std::size_t i = 0; i < 200; ++i) {  // several solutions
    Grid puzzle = top[i * 7];
    for (Cell cell = 0; cell < 81; cell += 5) puzzle.set(cell, 0);
    puzzles.push_back(puzzle);
  }
  for (const Grid& puzzle : puzzles) {
    const SolveResult first = solvers[0].count_solutions(puzzle, 3);
    for (std::size_t b = 1; b < solvers.size(); ++b) {
      const SolveResult other = solvers[b].count_solutions(puzzle, 3);
      ASSERT_EQ(other.count, first.count) << name_of(builds[b]) << " " << to_line(puzzle);
      ASSERT_EQ(other.solution, first.solution) << name_of(builds[b]) << " " << to_line(puzzle);
      ASSERT_EQ(other.stats.nodes, first.stats.nodes) << name_of(builds[b]) << " " << to_line(puzzle);
      ASSERT_EQ(other.stats.guesses, first.stats.guesses) << name_of(builds[b]) << " " << to_line(puzzle);
      ASSERT_EQ(other.stats.max_depth, first.stats.max_depth) << name_of(builds[b]) << " " << to_line(puzzle);
    }
  }
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Grid first;
    Rng rng(seed);
    ASSERT_TRUE(solvers[0].random_solution(Grid(), rng, first));
    for (std::size_t b = 1; b < solvers.size(); ++b) {
      Grid other;
      Rng again(seed);
      ASSERT_TRUE(solvers[b].random_solution(Grid(), again, other));
      ASSERT_EQ(other, first) << name_of(builds[b]) << " seed " << seed;
    }
  }
}

// Filling: every grid is complete and valid, keeps a partial grid's digits, depends
// only on the seed, and the seeds give many different grids.
TEST(Classic9, FillsValidRandomGridsFromTheSeed) {
  const Units units{Geometry{}};
  Solver solver{Geometry{}};
  std::vector<Grid> grids;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Rng rng(seed);
    Grid full;
    ASSERT_TRUE(solver.random_solution(Grid(), rng, full));
    ASSERT_TRUE(full.is_complete());
    ASSERT_FALSE(find_clash(full, units));
    Rng again(seed);
    Grid repeat;
    ASSERT_TRUE(solver.random_solution(Grid(), again, repeat));
    ASSERT_EQ(repeat, full) << "seed " << seed;
    grids.push_back(full);
  }
  std::sort(grids.begin(), grids.end(), [](const Grid& a, const Grid& b) { return to_line(a) < to_line(b); });
  EXPECT_EQ(std::unique(grids.begin(), grids.end()) - grids.begin(), 300);
  // Digits at the first cell are spread over all nine.
  std::vector<int> first(10, 0);
  for (const Grid& grid : grids) ++first[static_cast<std::size_t>(grid[0])];
  for (int d = 1; d <= 9; ++d) EXPECT_GT(first[static_cast<std::size_t>(d)], 10) << "digit " << d;
  // A partial grid is completed around its digits; one with no solution fails.
  const auto top = test::load_puzzles("top1465.txt");
  Rng rng(5);
  Grid out;
  ASSERT_TRUE(solver.random_solution(top[0], rng, out));
  EXPECT_TRUE(is_solution_of(out, top[0], units));
  const Grid impossible = with_a_wrong_digit(top[0], solver.count_solutions(top[0], 1).solution);
  ASSERT_EQ(solver.count_solutions(impossible, 1).count, 0);  // top[0] is unique: another digit has no solution
  EXPECT_FALSE(solver.random_solution(impossible, rng, out));
}

}  // namespace
}  // namespace sudoforge::engine
