#pragma once
// Naked and hidden singles as finders on unit-major bitboards
// (engine/unit_board.hpp). A finder finds every instance in a position at once and
// changes nothing: the rated path applies them all at once, the fast propagation
// immediately, so both share one definition of each technique.

#include "sudoforge/engine/unit_board.hpp"

namespace sudoforge::grader::detail {

template <int N>
struct Singles {
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using Board = typename Layout::Board;
  using RowSet = typename Layout::RowSet;
  static constexpr int R = Layout::kRowWords;

  // Naked singles: the unsolved cells with exactly one candidate (row section).
  // False when an unsolved cell has none.
  static bool naked_singles(const Layout& layout, const State& state, RowSet& singles) {
    const auto [some, several] = state.template count_planes<2>(layout);
    const RowSet open = without(layout.row_cells(), state.solved.template prefix<R>());
    if (!(some == open)) return false;
    singles = without(some, several);
    return true;
  }

  // Hidden singles of a digit whose live board (State::live) is `live`: its places
  // that are alone in their unit, as positions (a cell alone in its row and its box
  // shows up twice). False when a unit that still needs the digit has no place left
  // for it.
  [[gnu::always_inline]] static bool hidden_singles(const Layout& layout, const Board& live, Board& singles) {
    Board nonempty;
    Board several;
    layout.classify(live, nonempty, several);
    if (without(live & layout.spare(), nonempty).any()) return false;
    singles = live & layout.expand(without(nonempty, several));
    return true;
  }

};

}  // namespace sudoforge::grader::detail
