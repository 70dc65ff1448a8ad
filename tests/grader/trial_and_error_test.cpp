// Trial and error reuses what the uniqueness search learnt on its path to the
// solution; the depth it finds must be the depth it finds without that help.

#include <gtest/gtest.h>

#include "propagation.hpp"
#include "search.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "test_data.hpp"
#include "trial_and_error.hpp"

namespace sudoforge::grader::detail {
namespace {

constexpr int N = 9;

struct Census {
  int graded = 0;
  int path_refuted_whole_node = 0;  // puzzles where T&E starts past the root
  int path_partial_node = 0;        // puzzles where a path node had unrefuted wrong digits
};

// Where trial and error starts on `puzzle`: P's fixpoint in `state`, and the
// search's result from there (its path: search.solution_path()). False where P
// solves the puzzle or it is not unique.
bool diabolical_start(const engine::Grid& puzzle, const Propagation<N>& propagation, UniquenessSearch<N>& search,
                      engine::UnitBoards<N>& state, UniquenessSearch<N>::Result& result) {
  const auto& layout = propagation.layout();
  state.clear(layout);
  Propagation<N>::Values values{};
  for (engine::Cell cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell] != 0) propagation.place(state, puzzle[cell] - 1, cell, &values);
  }
  // The rated path stops at this same position: P's fixpoint is unique.
  if (!propagation.run(state, &values) || state.complete(layout)) return false;
  result = search.run(state, values);
  return result.count == 1;
}

// Depth with the search's path and with none, for each diabolical puzzle.
Census expect_same_depth(const std::vector<engine::Grid>& puzzles) {
  const engine::UnitLayout<N> layout{engine::Geometry{}};
  const Propagation<N> propagation(layout);
  UniquenessSearch<N> search(propagation);
  TrialAndError<N> trial(propagation);
  Census census;
  for (const engine::Grid& puzzle : puzzles) {
    engine::UnitBoards<N> state;
    UniquenessSearch<N>::Result result;
    if (!diabolical_start(puzzle, propagation, search, state, result)) continue;
    const auto path = search.solution_path();
    const int with_path = trial.depth(state, result.solution, 4, path);
    const int without_path = trial.depth(state, result.solution, 4, {});
    EXPECT_EQ(with_path, without_path) << engine::to_line(puzzle);
    ++census.graded;
    if (!path.empty() && path.front().consistent == 1U << path.front().digit) ++census.path_refuted_whole_node;
    for (const auto& node : path) {
      if (node.consistent != 1U << node.digit) {
        ++census.path_partial_node;
        break;
      }
    }
  }
  return census;
}

TEST(TrialAndError, SearchPathGivesTheSameDepthOnTop1465) {
  std::vector<engine::Grid> sample;
  const auto all = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < all.size(); i += 7) sample.push_back(all[i]);
  const Census census = expect_same_depth(sample);
  EXPECT_GT(census.graded, 150);
  // Both ways of starting from the path are exercised.
  EXPECT_GT(census.path_refuted_whole_node, 0);
  EXPECT_GT(census.path_partial_node, 0);
}

TEST(TrialAndError, SearchPathGivesTheSameDepthAtDepthTwo) {
  // Golden puzzles of te_depth 2 (tests/data/graded_golden.csv).
  const std::vector<engine::Grid> puzzles = {
      engine::parse_puzzle("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
                           engine::Geometry{}),
      engine::parse_puzzle("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
                           engine::Geometry{}),
  };
  EXPECT_EQ(expect_same_depth(puzzles).graded, 2);
}

// A trial that does not contradict spares the trials of the digits it placed until
// the position changes, and a trial is started from what P made of it in the
// top-level position before: none of the spared digits may contradict and every
// trial so started must end where it ends afresh (both checked the plain way), and
// the depth must be the one found trying every assumption afresh.
TEST(TrialAndError, SparedAndLedTrialsGiveTheSameDepth) {
  const engine::UnitLayout<N> layout{engine::Geometry{}};
  const Propagation<N> propagation(layout);
  UniquenessSearch<N> search(propagation);
  TrialAndError<N> fast(propagation);
  TrialAndError<N> plain(propagation);
  plain.plain(true);
  std::vector<engine::Grid> sample;
  const auto deep = test::load_puzzles("te_depth2.txt");
  for (std::size_t i = 0; i < deep.size(); i += 5) sample.push_back(deep[i]);
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 5) sample.push_back(top[i]);
  std::array<int, 3> by_depth{};  // 1, 2, more
  for (const engine::Grid& puzzle : sample) {
    engine::UnitBoards<N> state;
    UniquenessSearch<N>::Result result;
    if (!diabolical_start(puzzle, propagation, search, state, result)) continue;
    const auto path = search.solution_path();
    const int depth = plain.depth(state, result.solution, 4, path);
    EXPECT_EQ(fast.depth(state, result.solution, 4, path), depth) << engine::to_line(puzzle);
    ++by_depth[static_cast<std::size_t>(std::min(depth, 3) - 1)];
  }
  EXPECT_GT(by_depth[0], 200);
  EXPECT_GT(by_depth[1], 150);
  EXPECT_GT(fast.spared(), 1000U);
  EXPECT_GT(fast.led(), 10000U);
  EXPECT_GT(plain.led(), 10000U);  // (each checked against the trial afresh)
  EXPECT_EQ(plain.unsound(), 0U);
}

}  // namespace
}  // namespace sudoforge::grader::detail
