#pragma once
// Naked and hidden twins (pairs) as finders on unit-major bitboards; see singles.hpp.

#include "sudoforge/engine/unit_board.hpp"

namespace sudoforge::grader::detail {

template <int N>
struct Twins {
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using Board = typename Layout::Board;
  using RowSet = typename Layout::RowSet;

  // Per field of `bits`, the spare flag where it holds exactly two bits.
  static Board exactly_two(const Layout& layout, const Board& bits) {
    Board two_or_more;
    Board three_or_more;
    layout.classify(layout.drop_lowest(bits), two_or_more, three_or_more);
    return without(two_or_more, three_or_more);
  }

  // Naked twins of digits d < e: the units (spare flags) where exactly two cells
  // hold just d and e. `pairs` holds every position of every cell with exactly two
  // candidates. False when three such cells share a unit (no room for them).
  static bool naked_twins(const Layout& layout, const State& state, const Board& pairs, int d, int e,
                          Board& units) {
    const Board both = pairs & state.live(d) & state.live(e);
    Board two_or_more;
    Board three_or_more;
    layout.classify(layout.drop_lowest(both), two_or_more, three_or_more);
    units = two_or_more;
    return !three_or_more.any();
  }

  // Hidden twins of digits d < e: the units (spare flags) where both have the same
  // two places. `two_d` is exactly_two of d's live board.
  static Board hidden_twins(const Layout& layout, const Board& live_d, const Board& live_e, const Board& two_d) {
    Board differ;
    Board unused;
    layout.classify(live_d ^ live_e, differ, unused);
    return without(two_d, differ);
  }

  // Of the units (spare flags) where d and e are hidden twins, those where the pair
  // takes something: one of d's two places there holds a third digit. `pairs` holds
  // every position of every cell with exactly two candidates; twins whose two cells
  // are both among them (a naked pair too) leave nothing to eliminate.
  static Board taking(const Layout& layout, const Board& units, const Board& live_d, const Board& pairs) {
    Board elsewhere;
    Board unused;
    layout.classify(without(live_d, pairs), elsewhere, unused);
    return units & elsewhere;
  }
};

}  // namespace sudoforge::grader::detail
