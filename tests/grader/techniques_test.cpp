// Each technique on hand-made positions where it must fire and where it must not.

#include <gtest/gtest.h>

#include "propagation.hpp"
#include "singles.hpp"
#include "twins.hpp"

namespace sudoforge::grader::detail {
namespace {

constexpr int N = 9;
using Layout = engine::UnitLayout<N>;
using State = engine::UnitBoards<N>;
using Board = Layout::Board;

class Techniques : public testing::Test {
 protected:
  Techniques() : layout_(engine::Geometry{}) { state_.clear(layout_); }

  engine::Cell cell(int row, int col) const { return layout_.geometry().cell(row - 1, col - 1); }
  void place(int row, int col, engine::Digit digit) { state_.place(layout_, digit - 1, cell(row, col)); }
  void eliminate(int row, int col, std::initializer_list<engine::Digit> digits) {
    for (engine::Digit digit : digits) state_.eliminate(layout_, digit - 1, cell(row, col));
  }
  std::vector<engine::Cell> cells_of(const Board& positions) const {
    std::vector<engine::Cell> cells;
    positions.for_each([&](int position) { cells.push_back(layout_.cell_at(position)); });
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    return cells;
  }
  std::vector<int> units_of(const Board& flags) const {
    std::vector<int> units;
    flags.for_each([&](int flag) { units.push_back(layout_.unit_at(flag)); });
    return units;
  }

  Layout layout_;
  State state_;
};

TEST_F(Techniques, NakedSingleFiresOnACellWithOneCandidateLeft) {
  for (int col = 2; col <= 9; ++col) place(1, col, col);  // row 1 holds 2..9
  Singles<N>::RowSet singles;
  ASSERT_TRUE(Singles<N>::naked_singles(layout_, state_, singles));
  ASSERT_EQ(singles.count(), 1);
  EXPECT_EQ(layout_.cell_at(singles.first()), cell(1, 1));
}

TEST_F(Techniques, NakedSingleDoesNotFireOnAnOpenGrid) {
  place(1, 2, 2);
  Singles<N>::RowSet singles;
  ASSERT_TRUE(Singles<N>::naked_singles(layout_, state_, singles));
  EXPECT_FALSE(singles.any());
}

TEST_F(Techniques, NakedSingleReportsACellWithNoCandidate) {
  for (int col = 2; col <= 9; ++col) place(1, col, col);
  place(2, 1, 1);  // r1c1 can be nothing but 1, and box 1 now has its 1 elsewhere
  Singles<N>::RowSet singles;
  EXPECT_FALSE(Singles<N>::naked_singles(layout_, state_, singles));
}

TEST_F(Techniques, HiddenSingleFiresWhereADigitHasOnePlaceInAUnit) {
  place(2, 4, 1);  // 1 out of rows 2 and 3 and columns 2 and 3 around box 1
  place(3, 7, 1);
  place(4, 2, 1);
  place(7, 3, 1);
  Board singles;
  ASSERT_TRUE(Singles<N>::hidden_singles(layout_, state_.live(0), singles));
  EXPECT_EQ(cells_of(singles), std::vector<engine::Cell>{cell(1, 1)});
  EXPECT_EQ(state_.candidates(layout_, cell(1, 1)), 0x1FFu);  // not a naked single
}

TEST_F(Techniques, HiddenSingleDoesNotFireWithTwoPlacesLeft) {
  place(2, 4, 1);
  place(3, 7, 1);
  place(4, 2, 1);
  Board singles;
  ASSERT_TRUE(Singles<N>::hidden_singles(layout_, state_.live(0), singles));
  EXPECT_FALSE(singles.any());
}

TEST_F(Techniques, HiddenSingleReportsADigitWithNoPlaceInAUnit) {
  for (int col = 1; col <= 9; ++col) eliminate(5, col, {4});
  Board singles;
  EXPECT_FALSE(Singles<N>::hidden_singles(layout_, state_.live(3), singles));
}

TEST_F(Techniques, NakedTwinsFireOnTwoCellsHoldingTheSameTwoDigits) {
  eliminate(1, 1, {3, 4, 5, 6, 7, 8, 9});  // r1c1 and r1c2: {1, 2}
  eliminate(1, 2, {3, 4, 5, 6, 7, 8, 9});
  const Propagation<N> propagation(layout_);
  const Board pairs = propagation.positions_of(propagation.pair_cells(state_));
  Board units;
  ASSERT_TRUE(Twins<N>::naked_twins(layout_, pairs & state_.live(0) & state_.live(1), units));
  EXPECT_EQ(units_of(units), (std::vector<int>{0, 18}));  // row 1 and box 1
  ASSERT_EQ(propagation.apply_twins(state_), 1);
  EXPECT_EQ(state_.candidates(layout_, cell(1, 9)), 0x1FCu);  // 1 and 2 left r1c9
  EXPECT_EQ(state_.candidates(layout_, cell(3, 3)), 0x1FCu);  // and r3c3 in box 1
  EXPECT_EQ(state_.candidates(layout_, cell(2, 4)), 0x1FFu);  // but not r2c4
}

TEST_F(Techniques, NakedTwinsDoNotFireOnThreeCandidates) {
  eliminate(1, 1, {3, 4, 5, 6, 7, 8, 9});
  eliminate(1, 2, {4, 5, 6, 7, 8, 9});  // {1, 2, 3}
  const Propagation<N> propagation(layout_);
  const Board pairs = propagation.positions_of(propagation.pair_cells(state_));
  Board units;
  ASSERT_TRUE(Twins<N>::naked_twins(layout_, pairs & state_.live(0) & state_.live(1), units));
  EXPECT_FALSE(units.any());
}

TEST_F(Techniques, NakedTwinsReportThreeCellsSharingTwoDigits) {
  for (int col = 1; col <= 3; ++col) eliminate(1, col, {3, 4, 5, 6, 7, 8, 9});
  const Propagation<N> propagation(layout_);
  const Board pairs = propagation.positions_of(propagation.pair_cells(state_));
  Board units;
  EXPECT_FALSE(Twins<N>::naked_twins(layout_, pairs & state_.live(0) & state_.live(1), units));
}

// Naked twins take a digit only where d or e has a place outside the two cells.
TEST_F(Techniques, NakedTwinsTakeOnlyWhereTheirDigitsHaveOtherPlaces) {
  eliminate(1, 1, {3, 4, 5, 6, 7, 8, 9});  // r1c1 and r1c2: {1, 2}
  eliminate(1, 2, {3, 4, 5, 6, 7, 8, 9});
  for (int col = 3; col <= 9; ++col) eliminate(1, col, {1, 2});  // nothing else in row 1 holds 1 or 2
  const Propagation<N> propagation(layout_);
  const Board pairs = propagation.positions_of(propagation.pair_cells(state_));
  Board units;
  ASSERT_TRUE(Twins<N>::naked_twins(layout_, pairs & state_.live(0) & state_.live(1), units));
  ASSERT_EQ(units_of(units), (std::vector<int>{0, 18}));
  const Board live1 = state_.live(0);
  const Board live2 = state_.live(1);
  const auto taking = [&] {
    return units_of(Twins<N>::naked_taking(layout_, units, live1, live2, pairs & live1 & live2));
  };
  EXPECT_EQ(taking(), std::vector<int>{18});  // box 1 still has 1 and 2 elsewhere; row 1 does not
  for (int row = 2; row <= 3; ++row) {
    for (int col = 1; col <= 3; ++col) eliminate(row, col, {1, 2});
  }
  const Board live1_after = state_.live(0);
  const Board live2_after = state_.live(1);
  EXPECT_TRUE(units_of(Twins<N>::naked_taking(layout_, units, live1_after, live2_after,
                                              pairs & live1_after & live2_after))
                  .empty());
  EXPECT_EQ(propagation.apply_twins(state_), 0);
}

// The digit pairs offered as naked twin candidates: exactly those two pair cells hold.
TEST_F(Techniques, NakedTwinCandidatesAreDigitPairsOfTwoPairCells) {
  eliminate(1, 1, {3, 4, 5, 6, 7, 8, 9});  // {1, 2}
  eliminate(5, 5, {3, 4, 5, 6, 7, 8, 9});  // {1, 2}, in no unit with r1c1: still offered
  eliminate(2, 7, {1, 2, 3, 4, 5, 6, 7});  // {8, 9}: alone
  eliminate(3, 3, {1, 3, 4, 5, 6, 7, 8});  // {2, 9}
  eliminate(9, 9, {1, 3, 4, 5, 6, 7, 8, 9});  // a naked single {2}: not a pair cell
  const Propagation<N> propagation(layout_);
  std::array<Board, N> live;
  for (int d = 0; d < N; ++d) live[d] = state_.live(d);
  std::vector<std::pair<int, int>> offered;
  Twins<N>::for_each_naked_candidate(live, propagation.pair_cells(state_), [&](int d, int e) {
    offered.emplace_back(d, e);
    return true;
  });
  EXPECT_EQ(offered, (std::vector<std::pair<int, int>>{{0, 1}}));
  eliminate(7, 7, {1, 3, 4, 5, 6, 7, 8});  // a second {2, 9}
  for (int d = 0; d < N; ++d) live[d] = state_.live(d);
  offered.clear();
  EXPECT_TRUE(Twins<N>::for_each_naked_candidate(live, propagation.pair_cells(state_), [&](int d, int e) {
    offered.emplace_back(d, e);
    return true;
  }));
  EXPECT_EQ(offered, (std::vector<std::pair<int, int>>{{0, 1}, {1, 8}}));
  offered.clear();
  EXPECT_FALSE(Twins<N>::for_each_naked_candidate(live, propagation.pair_cells(state_), [&](int d, int e) {
    offered.emplace_back(d, e);
    return false;  // stops at the first
  }));
  EXPECT_EQ(offered, (std::vector<std::pair<int, int>>{{0, 1}}));
}

TEST_F(Techniques, HiddenTwinsFireOnTwoDigitsWithTheSameTwoPlaces) {
  for (int col = 3; col <= 9; ++col) eliminate(1, col, {1, 2});  // 1 and 2: only r1c1, r1c2 in row 1
  const Board live1 = state_.live(0);
  const Board live2 = state_.live(1);
  const Board units = Twins<N>::hidden_twins(layout_, live1, live2, layout_.exactly_two(live1));
  EXPECT_EQ(units_of(units), std::vector<int>{0});
  const Propagation<N> propagation(layout_);
  ASSERT_EQ(propagation.apply_twins(state_), 1);
  EXPECT_EQ(state_.candidates(layout_, cell(1, 1)), 0x3u);
  EXPECT_EQ(state_.candidates(layout_, cell(1, 2)), 0x3u);
}

// Hidden twins take a digit only where one of their two cells holds a third one.
TEST_F(Techniques, HiddenTwinsTakeNothingFromCellsHoldingOnlyThem) {
  for (int col = 3; col <= 9; ++col) eliminate(1, col, {1, 2});  // 1 and 2: only r1c1, r1c2 in row 1
  const Propagation<N> propagation(layout_);
  const Board live1 = state_.live(0);
  const Board units = Twins<N>::hidden_twins(layout_, live1, state_.live(1), layout_.exactly_two(live1));
  ASSERT_EQ(units_of(units), std::vector<int>{0});
  const auto taking = [&] {
    return units_of(Twins<N>::taking(layout_, units, live1, propagation.positions_of(propagation.pair_cells(state_))));
  };
  EXPECT_EQ(taking(), std::vector<int>{0});  // both cells hold all nine digits
  eliminate(1, 1, {3, 4, 5, 6, 7, 8, 9});
  EXPECT_EQ(taking(), std::vector<int>{0});  // r1c2 still holds seven more
  eliminate(1, 2, {3, 4, 5, 6, 7, 8, 9});
  EXPECT_TRUE(taking().empty());  // the twins are a naked pair now: nothing left to take
}

TEST_F(Techniques, HiddenTwinsDoNotFireWhenOneDigitHasAThirdPlace) {
  for (int col = 3; col <= 9; ++col) eliminate(1, col, {1});
  for (int col = 4; col <= 9; ++col) eliminate(1, col, {2});  // 2 may still go to r1c3
  const Board live1 = state_.live(0);
  const Board units =
      Twins<N>::hidden_twins(layout_, live1, state_.live(1), layout_.exactly_two(live1));
  EXPECT_FALSE(units.any());
  const Propagation<N> propagation(layout_);
  EXPECT_EQ(propagation.apply_twins(state_), 0);
}

}  // namespace
}  // namespace sudoforge::grader::detail
