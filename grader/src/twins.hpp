#pragma once
// Naked and hidden twins (pairs) as finders on unit-major bitboards; see singles.hpp.

#include <array>
#include <cstdint>

#include "sudoforge/engine/unit_board.hpp"

namespace sudoforge::grader::detail {

template <int N>
struct Twins {
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using Board = typename Layout::Board;
  using RowSet = typename Layout::RowSet;

  // The digits e > d (bit e) that have exactly two places in some unit where d has
  // too (`two` holds Layout::exactly_two of each digit's live board): the only
  // candidates for hidden twins with d. Without a branch per digit, which would
  // mispredict.
  static std::uint32_t partners(const std::array<Board, N>& two, int d) {
    std::uint32_t digits = 0;
    for (int e = d + 1; e < N; ++e) digits |= static_cast<std::uint32_t>((two[d] & two[e]).any()) << e;
    return digits;
  }

  // Calls f(d, e) for each pair of digits d < e that at least two of the
  // `pair_rows` cells (row section: the unsolved cells with two candidates) hold
  // alone: the only digit pairs that can be naked twins. Stops when f returns false;
  // returns whether it ran to the end.
  template <typename F>
  static bool for_each_naked_candidate(const std::array<Board, N>& live, const RowSet& pair_rows, F&& f) {
    RowSet lower;  // pair cells holding a digit below d
    for (int d = 0; d < N; ++d) {
      const RowSet with_d = pair_rows & live[d].template prefix<Layout::kRowWords>();
      const RowSet lowest_d = without(with_d, lower);  // d is their lower digit
      lower |= with_d;
      if (lowest_d.count_upto_2() < 2) continue;
      for (int e = d + 1; e < N; ++e) {
        if ((lowest_d & live[e].template prefix<Layout::kRowWords>()).count_upto_2() < 2) continue;
        if (!f(d, e)) return false;
      }
    }
    return true;
  }

  // Naked twins of digits d < e: the units (spare flags) where exactly two cells
  // hold just d and e. `both` is pairs & live_d & live_e, where `pairs` holds every
  // position of every cell with exactly two candidates. False when three such cells
  // share a unit (no room for them).
  static bool naked_twins(const Layout& layout, const Board& both, Board& units) {
    Board two_or_more;
    Board three_or_more;
    layout.classify(layout.drop_lowest(both), two_or_more, three_or_more);
    units = two_or_more;
    return !three_or_more.any();
  }

  // Of the units (spare flags) where d and e are naked twins, those where the pair
  // takes something: d or e has a place there outside the twins. `both` as
  // naked_twins takes it.
  static Board naked_taking(const Layout& layout, const Board& units, const Board& live_d, const Board& live_e,
                            const Board& both) {
    Board elsewhere;
    Board unused;
    layout.classify(without(live_d | live_e, both), elsewhere, unused);
    return units & elsewhere;
  }

  // Hidden twins of digits d < e: the units (spare flags) where both have the same
  // two places. `two_d` is Layout::exactly_two of d's live board.
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
