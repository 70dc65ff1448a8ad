// The ladder's memos (ladder/memo.hpp) only spare work: a rung skips a digit or unit
// it found nothing in while that has not changed, because it would find nothing
// there again (Nishio chains among them: a digit's runs stay within it). Rating with
// and without them must give the same path: same rating, hardest technique and
// counts. So must rating with and without AVX2. Among the puzzles, two X-Sudoku puzzles where a
// memo once skipped a digit whose X-chain had only been looked for within a lower
// limit (found later by a cheaper-rung restart, so it counted one X-chain short).

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "graded.hpp"
#include "ladder/board_singles.hpp"
#include "ladder/ladder.hpp"
#include "refuter.hpp"
#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/unit_board.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/grade.hpp"
#include "test_data.hpp"

namespace sudoforge::grader::ladder {
namespace {

// The same path: the same rating, hardest technique and counts, and the rating the
// grader gives.
void expect_same_rated(const Rated& a, const Rated& b, const Grade& grade, const std::string& where) {
  EXPECT_EQ(a.rating, b.rating) << where;
  EXPECT_EQ(a.hardest, b.hardest) << where;
  EXPECT_EQ(a.counts, b.counts) << where;
  EXPECT_EQ(a.rating, grade.rating) << where;
}

// The grader's core (its trial and error) behind a classic ladder, for nested chains.
struct CoreRefuter {
  const engine::Geometry classic;
  const engine::UnitLayout<9> layout{classic};
  const grader::detail::Propagation<9> propagation{layout};
  grader::detail::BoardRefuter<9> refuter{propagation};
};

// Rates each puzzle with a fresh ladder as it is and once more after `switch_off`
// turns something off, and expects the same path; returns how many were compared.
template <typename SwitchOff>
int expect_same_paths(const std::vector<engine::Grid>& puzzles, SwitchOff&& switch_off) {
  int compared = 0;
  test::for_each_without_nested(puzzles, [&](const engine::Grid& puzzle, const Grade& grade) {
    Ladder<2> ladder(puzzle.geometry());
    const Rated with = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    switch_off(ladder);
    const Rated without = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    expect_same_rated(with, without, grade, engine::to_line(puzzle));
    ++compared;
  });
  return compared;
}

// Every 5th puzzle of top1465 and every 50th of 17clue.
std::vector<engine::Grid> classic_sample() {
  std::vector<engine::Grid> puzzles;
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 5) puzzles.push_back(top[i]);
  const auto clue17 = test::load_puzzles("17clue.txt");
  for (std::size_t i = 0; i < clue17.size(); i += 50) puzzles.push_back(clue17[i]);
  return puzzles;
}

// classic_sample() and 40 random X-Sudoku puzzles made from `seed`.
std::vector<engine::Grid> sample_with_diagonal(std::uint64_t seed) {
  const engine::Geometry diagonal(3, 3, engine::Variant::Diagonal);
  std::vector<engine::Grid> puzzles = classic_sample();
  engine::Rng rng(seed);
  for (int i = 0; i < 40; ++i) puzzles.push_back(test::carve_unique(test::random_full_grid(diagonal, rng), rng));
  return puzzles;
}

TEST(LadderMemo, RatingWithoutMemosTakesTheSamePath) {
  const engine::Geometry diagonal(3, 3, engine::Variant::Diagonal);
  std::vector<engine::Grid> puzzles = sample_with_diagonal(31);
  for (const char* line : {"....1...5.....5..9..123.....3....8.4...9.8........3.1..4..8..........6..6........",
                           "..9.2.....3............3..88.....6..97......1.....4..56.......41.....29....6....."}) {
    puzzles.push_back(engine::parse_puzzle(line, diagonal));
  }
  EXPECT_GT(expect_same_paths(puzzles, [](Ladder<2>& ladder) { ladder.use_memos(false); }), 1000);
}

// The same without the templates' settled digits (templates.hpp): every single-digit
// rung asked about every digit its memo lets through. A digit wrongly called settled
// would hide a fish, a chain or a Nishio contradiction, and the path would change.
TEST(LadderMemo, RatingWithoutSettledDigitsTakesTheSamePath) {
  EXPECT_GT(expect_same_paths(sample_with_diagonal(37), [](Ladder<2>& ladder) { ladder.use_templates(false); }), 1000);
}

// The same with static forcing chains that look at units where a digit has two
// places too (forcing.hpp, after_alternating_chains: an alternating chain rated lower
// would have been found first). Were the proof wrong, a unit forcing chain would be
// missed and the counts would change; top1465 needs 4,929 of them.
TEST(LadderMemo, ForcingChainsWithTwoPlaceUnitsTakeTheSamePath) {
  EXPECT_GT(expect_same_paths(sample_with_diagonal(41), [](Ladder<2>& ladder) { ladder.two_place_units(true); }), 1000);
}

// The same for the dynamic runs' plain path, and for the forcing chains' runs 256
// at a time beside 512 (sweep_test.cpp compares the runs themselves).
TEST(LadderMemo, RatingWithNarrowerInstructionsTakesTheSamePath) {
  std::vector<engine::Grid> puzzles;
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 7) puzzles.push_back(top[i]);
  for (const Simd simd : {Simd::Avx2, Simd::Plain}) {
    EXPECT_GT(expect_same_paths(puzzles, [simd](Ladder<2>& ladder) { ladder.use_simd(simd); }), 150);
  }
}

// The position the ladder starts from the boards' places by unit is the one it
// makes from the grid they reach: every view, every mark. Returns what differs
// (nothing if they are the same).
template <int W>
std::string start_difference(const Tables<W>& t, const Prefix& prefix) {
  Position<W> own;
  own.start(t, prefix.reached);
  Position<W> from;
  from.start(t, prefix.reached, prefix.places);
  std::ostringstream out;
  if (own.open != from.open) out << " open cells;";
  for (Cell c = 0; c < t.cells; ++c) {
    const auto at = static_cast<std::size_t>(c);
    if (own.cand[at] != from.cand[at]) out << " candidates of cell " << c << ";";
    if (own.value[at] != from.value[at]) out << " value of cell " << c << ";";
  }
  for (int d = 0; d < t.n; ++d) {
    if (own.digit[static_cast<std::size_t>(d)] != from.digit[static_cast<std::size_t>(d)]) out << " cells of digit " << d << ";";
  }
  for (int u = 0; u < t.unit_count; ++u) {
    const auto at = static_cast<std::size_t>(u);
    if (own.where[at] != from.where[at]) out << " places in unit " << u << ";";
    if (own.placed[at] != from.placed[at]) out << " digits placed in unit " << u << ";";
    if (own.open_at[at] != from.open_at[at]) out << " open cells of unit " << u << ";";
  }
  if (own.one_open != from.one_open) out << " units with one open cell;";
  if (own.may_single != from.may_single) out << " units that may hold a single;";
  return out.str();
}

// The first rounds of singles run on the unit-major boards (board_singles.hpp) and
// the ladder goes on from the grid they reach, and from its places by unit: the same
// path as the ladder's own rounds. Returns how many puzzles the boards took part of
// the way (not all of it) and adds to `whole` those they solved.
template <int N>
int expect_same_with_prefix(const std::vector<engine::Grid>& puzzles, int& whole) {
  const engine::Geometry& geometry = puzzles.front().geometry();
  const engine::UnitLayout<N> layout(geometry);
  BoardSingles<N> singles(layout, engine::Units(geometry));
  Ladder<words_for(N * N)> ladder(geometry);
  const Tables<words_for(N * N)> tables(geometry);
  Grader grader{geometry};
  int part = 0;
  for (const engine::Grid& puzzle : puzzles) {
    Prefix prefix;
    singles.run(puzzle, prefix);
    const std::string where = engine::to_line(puzzle);
    // First, since a ladder that starts from a wrong position (the grader's too) may
    // never end.
    if (!prefix.reached.is_complete()) {
      const std::string differs = start_difference(tables, prefix);
      EXPECT_EQ(differs, "") << where;
      if (!differs.empty()) continue;
    }
    const Grade grade = grader.grade(puzzle);
    EXPECT_EQ(grade.status, Status::Unique);
    if (grade.hardest == HumanTechnique::NestedForcingChain) continue;  // they need the grader's core
    const Rated own = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    const Rated from = ladder.rate(puzzle, grade.solution, nullptr, nullptr, &prefix);
    EXPECT_EQ(own.rating, from.rating) << where;
    EXPECT_EQ(own.hardest, from.hardest) << where;
    EXPECT_EQ(own.counts, from.counts) << where;
    EXPECT_EQ(own.counts, grade.human_counts) << where;  // the grader takes the boards' way
    const bool placed = prefix.reached.clue_count() > puzzle.clue_count();
    whole += prefix.reached.is_complete() ? 1 : 0;
    part += placed && !prefix.reached.is_complete() ? 1 : 0;
  }
  return part;
}

TEST(LadderMemo, SinglesOnTheBoardsTakeTheLaddersPath) {
  engine::Rng rng(47);
  const auto fresh = [&rng](const engine::Geometry& geometry, int count) {
    std::vector<engine::Grid> puzzles;
    for (int i = 0; i < count; ++i) puzzles.push_back(test::carve_unique(test::random_full_grid(geometry, rng), rng));
    return puzzles;
  };
  int whole = 0;
  EXPECT_GT(expect_same_with_prefix<9>(classic_sample(), whole), 500);
  EXPECT_GT(whole, 300);
  whole = 0;
  EXPECT_GT(expect_same_with_prefix<9>(fresh(engine::Geometry(3, 3, engine::Variant::Diagonal), 40), whole), 20);
  whole = 0;
  expect_same_with_prefix<6>(fresh(engine::Geometry(2, 3), 40), whole);
  EXPECT_GT(whole, 20);
}

// Nested forcing chains spare work five ways (nested.hpp, refuter.hpp): chains
// inside measured only where a contradiction rests on them, replays stopped once they
// must rate above the least so far, the first pass not trying what an assumption
// that holds placed, what static chains and cell and unit forcing chains inside find
// in a position kept for the step's later replays that meet it, and the first pass
// asked about a candidate only where its answer counts. Each puzzle Sudoku Explainer
// rates 9.5 and up that we ship is rated both ways with the grader's core behind the
// ladder: the same path.
TEST(LadderMemo, NestedChainsRateAsThePlainWayDoes) {
  CoreRefuter core;
  grader::detail::BoardRefuter<9>& refuter = core.refuter;
  Grader grader{core.classic};
  std::istringstream deep(test::read_file(test::data_path("deep_se_rated.csv")));
  int compared = 0;
  int line_number = 0;
  for (std::string line; std::getline(deep, line);) {
    if (line.size() < 83 || line[81] != ',' || ++line_number % 2 == 0) continue;  // every other puzzle
    const engine::Grid puzzle = engine::parse_puzzle(line.substr(0, 81));
    const Grade grade = grader.grade(puzzle);
    ASSERT_EQ(grade.status, Status::Unique) << line;
    // (The grader rates a path with nested chains on the puzzle's canonical form.)
    const engine::CanonicalMap map = engine::whole_group_map(puzzle);
    const engine::Grid form = map.apply(puzzle);
    const engine::Grid solution = map.apply(grade.solution);
    Ladder<2> ladder(core.classic);
    ladder.set_refuter(&refuter);
    refuter.try_all(false);
    ladder.plain_nested(false);
    const Rated fast = ladder.rate(form, solution, nullptr, nullptr);
    refuter.try_all(true);
    ladder.plain_nested(true);
    const Rated plain = ladder.rate(form, solution, nullptr, nullptr);
    expect_same_rated(fast, plain, grade, line);
    compared += fast.hardest == HumanTechnique::NestedForcingChain ? 1 : 0;
  }
  EXPECT_GE(compared, 8);  // (10 of the 16)
}

// What nested chains keep of a position's chains inside (for the step's other
// replays and the puzzle's later steps, nested.hpp) is what the position gives read
// afresh, wherever a replay takes it, and also where it was read from a graph
// updated from the position before rather than built: every puzzle Sudoku Explainer
// rates 9.5 and up that we ship, each list checked where it is used.
TEST(LadderMemo, KeptChainsInsideAreWhatTheirPositionsGive) {
  CoreRefuter core;
  grader::detail::BoardRefuter<9>& refuter = core.refuter;
  Grader grader{core.classic};
  Ladder<2> ladder(core.classic);
  ladder.set_refuter(&refuter);
  refuter.try_all(false);
  ladder.check_nested_kept(true);
  std::istringstream deep(test::read_file(test::data_path("deep_se_rated.csv")));
  for (std::string line; std::getline(deep, line);) {
    if (line.size() < 83 || line[81] != ',') continue;
    const engine::Grid puzzle = engine::parse_puzzle(line.substr(0, 81));
    const Grade grade = grader.grade(puzzle);
    ASSERT_EQ(grade.status, Status::Unique) << line;
    ladder.rate(puzzle, grade.solution, nullptr, nullptr);
  }
  const auto checks = ladder.nested_kept_checks();
  EXPECT_EQ(checks.differed, 0) << "of " << checks.checked;
  EXPECT_GT(checks.checked, 10000);
  EXPECT_GT(checks.from_updates, checks.checked / 2);  // lists read from graphs update() made
}

// The grader's first pass of nested chains behind a refuter that counts the
// questions, and may deny one candidate (cell, digit).
class WatchedRefuter final : public NestedRefuter {
 public:
  explicit WatchedRefuter(NestedRefuter& real, Cell cell = -1, int digit = -1) : real_(real), cell_(cell), digit_(digit) {}
  void load(std::span<const std::uint16_t> candidates, std::span<const std::uint8_t> values) override {
    real_.load(candidates, values);
  }
  int refute(Cell c, int d, bool plus) override {
    ++asked;
    return c == cell_ && d == digit_ ? -1 : real_.refute(c, d, plus);
  }
  int asked = 0;

 private:
  NestedRefuter& real_;
  Cell cell_;
  int digit_;
};

// Calls f(puzzle, grade, ladder) with a fresh classic ladder for each puzzle of
// hardest.txt whose hardest step is a nested forcing chain; returns how many.
template <typename F>
int for_each_nested_of_hardest(const CoreRefuter& core, F&& f) {
  Grader grader{core.classic};
  int count = 0;
  for (const engine::Grid& puzzle : test::load_puzzles("hardest.txt")) {
    const Grade grade = grader.grade(puzzle);
    EXPECT_EQ(grade.status, Status::Unique);
    if (grade.hardest != HumanTechnique::NestedForcingChain) continue;
    Ladder<2> ladder(core.classic);
    f(puzzle, grade, ladder);
    ++count;
  }
  return count;
}

// The first pass of nested chains is asked about most candidates only where its
// answer counts (nested.hpp): still, only what it refutes is rated. Behind a refuter
// that denies the candidate the first nested step of a puzzle takes out, no nested
// step takes it out, and the path is the plain way's (which asks the first pass
// about every candidate before rating any).
TEST(LadderMemo, NestedChainsRateOnlyWhatTheFirstPassRefutes) {
  CoreRefuter core;
  grader::detail::BoardRefuter<9>& refuter = core.refuter;
  const int compared = for_each_nested_of_hardest(core, [&](const engine::Grid& puzzle, const Grade& grade, Ladder<2>& ladder) {
    ladder.set_refuter(&refuter);
    refuter.try_all(false);
    std::vector<HumanStep> steps;
    ladder.rate(puzzle, grade.solution, &steps, nullptr);
    const auto nested = std::find_if(steps.begin(), steps.end(), [](const HumanStep& step) {
      return step.technique == HumanTechnique::NestedForcingChain;
    });
    ASSERT_NE(nested, steps.end());
    const Removal denied = nested->removals.front();
    WatchedRefuter denying(refuter, denied.cell, denied.digit - 1);
    ladder.set_refuter(&denying);
    ladder.plain_nested(false);
    steps.clear();
    const Rated fast = ladder.rate(puzzle, grade.solution, &steps, nullptr);
    for (const HumanStep& step : steps) {
      if (step.technique != HumanTechnique::NestedForcingChain) continue;
      for (const Removal& r : step.removals) EXPECT_FALSE(r.cell == denied.cell && r.digit == denied.digit);
    }
    ladder.plain_nested(true);
    refuter.try_all(true);
    const Rated plain = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    EXPECT_EQ(fast.rating, plain.rating);
    EXPECT_EQ(fast.hardest, plain.hardest);
    EXPECT_EQ(fast.counts, plain.counts);
  });
  EXPECT_EQ(compared, 2);  // Norvig's two
}

// The first pass of nested chains is asked about a candidate only where its answer
// can count: to find one it refutes, where a replay rates the candidate at or below
// the least so far, or where no replay rated below the least it could measure
// itself. (Every candidate no replay took to a contradiction was asked, most of them
// where a level above the least would have: 42% of the candidates of nested steps
// on mined finds rated 10.0 and up, against 6%.) On Norvig's two, counted, against
// the plain way's asking every candidate: the same path, and fewer than a fifth of
// its questions (13 of 289 and 29 of 449; 80 of 289 before).
TEST(LadderMemo, NestedChainsAskTheFirstPassOnlyWhereItCounts) {
  CoreRefuter core;
  const int compared = for_each_nested_of_hardest(core, [&](const engine::Grid& puzzle, const Grade& grade, Ladder<2>& ladder) {
    WatchedRefuter fast_refuter(core.refuter);
    ladder.set_refuter(&fast_refuter);
    const Rated fast = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    WatchedRefuter plain_refuter(core.refuter);
    ladder.set_refuter(&plain_refuter);
    ladder.plain_nested(true);
    const Rated plain = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    expect_same_rated(fast, plain, grade, engine::to_line(puzzle));
    EXPECT_GT(fast_refuter.asked, 0);
    EXPECT_LT(5 * fast_refuter.asked, plain_refuter.asked) << engine::to_line(puzzle);
  });
  EXPECT_EQ(compared, 2);  // Norvig's two
}

// Nested chains rate a contradiction that cannot rate at or below the least so far
// by a floor of its complexity that measures nothing (nested.hpp): the chains inside
// not measured yet count the least their kind has, and what they rest on is not
// followed. So the floor must never exceed the complexity. At the positions where
// Norvig's two take a nested step, every false candidate followed with dynamic
// chains inside (node by node, as nested chains replay it): the floor at or below
// the complexity, and below it where chains inside were left unmeasured (440
// contradictions, all below: by 51 nodes or more, since what a chain inside rests
// on outside is not followed).
TEST(LadderMemo, NestedComplexityFloorIsAtMostTheComplexity) {
  CoreRefuter core;
  grader::detail::BoardRefuter<9>& refuter = core.refuter;
  const Tables<2> tables(core.classic);
  int contradictions = 0;
  int below = 0;
  const int puzzles = for_each_nested_of_hardest(core, [&](const engine::Grid& puzzle, const Grade& grade, Ladder<2>& ladder) {
    ladder.set_refuter(&refuter);
    std::vector<HumanStep> steps;
    std::vector<std::pair<std::size_t, CandidateSnapshot>> rises;
    ladder.rate(puzzle, grade.solution, &steps, &rises);
    ChainContext<2> context(tables);
    context.start(grade.solution.values().data(), false);
    NestedChains<2> nested(context);
    Implications<2> outer(tables);
    outer.set_inner(&nested);
    for (const auto& [at, shot] : rises) {
      if (at >= steps.size() || steps[at].technique != HumanTechnique::NestedForcingChain) continue;
      Position<2> p;
      p.start(tables, shot.grid);
      p.open.for_each([&](int c) {
        for (Mask ds = p.cand[static_cast<std::size_t>(c)] & ~shot.candidates[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
          p.remove(tables, c, std::countr_zero(ds));
        }
      });
      p.open.for_each([&](int c) {
        for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
          const int d = std::countr_zero(ds);
          if (grade.solution[c] == d + 1) continue;
          const int clash = outer.run(p, outer.slot(c, d, true), Links::Nested);
          if (clash < 0) continue;
          const int floor = outer.complexity_floor(clash, Implications<2>::kLeastDynamicComplexity);
          const int complexity = outer.complexity(clash);
          EXPECT_LE(floor, complexity) << engine::to_line(puzzle) << " r" << c / 9 + 1 << "c" << c % 9 + 1 << "=" << d + 1;
          ++contradictions;
          below += floor < complexity ? 1 : 0;
        }
      });
    }
  });
  EXPECT_EQ(puzzles, 2);  // Norvig's two
  EXPECT_GT(contradictions, 100);
  EXPECT_GT(below, 0);
}

// The nested chains' first pass (refuter.hpp) starts each assumption inside from
// what it places on its own in the loaded position, and takes a first round's answer
// for a pair of assumptions from the other way round when that was asked first. Every
// false candidate of the start of some te_depth-2 puzzles, followed with singles and
// with pairs too: the same refutations, of the same lengths, as the plain way (each
// assumption inside followed from its placement alone, every one tried).
TEST(LadderMemo, FirstPassRefutesAsThePlainWayDoes) {
  CoreRefuter core;
  grader::detail::BoardRefuter<9>& refuter = core.refuter;
  Grader grader{core.classic};
  const Tables<2> tables(core.classic);
  const auto deep = test::load_puzzles("te_depth2.txt");
  int refuted = 0;
  int held = 0;
  for (std::size_t n = 0; n < deep.size(); n += 400) {
    const engine::Grid& puzzle = deep[n];
    const Grade grade = grader.grade(puzzle);
    ASSERT_EQ(grade.status, Status::Unique);
    Position<2> p;  // loaded as nested chains load their position
    p.start(tables, puzzle);
    for (const bool plus : {false, true}) {
      std::vector<int> fast;
      std::vector<int> plain;
      for (const bool all : {false, true}) {
        refuter.try_all(all);
        refuter.load(std::span<const std::uint16_t>(p.cand.data(), 81), std::span<const std::uint8_t>(p.value.data(), 81));
        p.open.for_each([&](int c) {
          for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
            const int d = std::countr_zero(ds);
            if (grade.solution[c] != d + 1) (all ? plain : fast).push_back(refuter.refute(c, d, plus));
          }
        });
      }
      EXPECT_EQ(fast, plain) << engine::to_line(puzzle) << (plus ? " with pairs" : " singles");
      for (const int length : fast) (length >= 0 ? refuted : held) += 1;
    }
  }
  EXPECT_GT(refuted, 500);  // (1,062 of 1,068)
  EXPECT_GT(held, 0);
}

// Dynamic plus chains take up the Dynamic rung's runs of the same position where the
// sweep ran them dry (forcing.hpp; searches_test.cpp compares the runs themselves).
// Rated with the plus runs all followed from their start instead: the same path, on
// puzzles that need trial and error to depth 2 (every one asks for plus chains in
// many rounds), with the grader's core behind the ladder for the nested chains.
TEST(LadderMemo, PlusChainsTakenUpFromTheSweepRateAsWholeRunsDo) {
  CoreRefuter core;
  Grader grader{core.classic};
  const auto deep = test::load_puzzles("te_depth2.txt");
  int compared = 0;
  for (std::size_t n = 0; n < deep.size(); n += 50) {
    const engine::Grid& puzzle = deep[n];
    const Grade grade = grader.grade(puzzle);
    ASSERT_EQ(grade.status, Status::Unique);
    Ladder<2> ladder(core.classic);
    ladder.set_refuter(&core.refuter);
    const Rated taken_up = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    ladder.plus_from_sweep(false);
    const Rated whole = ladder.rate(puzzle, grade.solution, nullptr, nullptr);
    expect_same_rated(taken_up, whole, grade, engine::to_line(puzzle));
    compared += whole.rating >= base_rating(HumanTechnique::DynamicForcingChainPlus) ? 1 : 0;
  }
  EXPECT_GE(compared, 15);  // (of the 20)
}

}  // namespace
}  // namespace sudoforge::grader::ladder
