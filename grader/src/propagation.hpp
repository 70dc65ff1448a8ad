#pragma once
// P, the tier-2 propagation: naked and hidden singles, then naked and hidden twins,
// to a fixpoint, applying each instance as soon as it is found. All four patterns
// survive candidate removal, so the fixpoint does not depend on that order; this is
// the fast form used at every node of the search and inside trial and error.

#include <array>
#include <bit>
#include <cstdint>

#include "singles.hpp"
#include "twins.hpp"

namespace sudoforge::grader::detail {

template <int N>
class Propagation {
 public:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using Board = typename Layout::Board;
  using RowSet = typename Layout::RowSet;
  using Values = std::array<std::uint8_t, engine::kMaxCells>;

  explicit Propagation(const Layout& layout) : layout_(layout) {}

  // Runs P on `state`. False on a contradiction. Digits placed are written to
  // `values` when it is given.
  bool run(State& state, Values* values) const {
    for (;;) {
      if (!singles(state, values)) return false;
      if (state.complete(layout_)) return true;
      const int twins = apply_twins(state);
      if (twins <= 0) return twins == 0;
    }
  }

  // Singles only, to their fixpoint. False on a contradiction.
  bool singles(State& state, Values* values) const {
    for (;;) {
      RowSet naked;
      if (!Singles<N>::naked_singles(layout_, state, naked)) return false;
      if (naked.any()) {
        for (int d = 0; d < N; ++d) {
          bool consistent = true;
          (naked & state.boards[d].template prefix<Layout::kRowWords>()).for_each([&](int position) {
            const engine::Cell cell = layout_.cell_at(position);
            consistent = consistent && state.allows(layout_, d, cell);  // a twin single took it
            if (consistent) place(state, d, cell, values);
          });
          if (!consistent) return false;
        }
        continue;
      }
      bool placed = false;
      for (int d = 0; d < N; ++d) {
        Board hidden;
        if (!Singles<N>::hidden_singles(layout_, state.live(d), hidden)) return false;
        hidden.for_each([&](int position) {
          const engine::Cell cell = layout_.cell_at(position);
          // Placed meanwhile, or lost meanwhile: the next pass sees any contradiction.
          if (state.is_solved(layout_, cell) || !state.allows(layout_, d, cell)) return;
          place(state, d, cell, values);
          placed = true;
        });
      }
      if (!placed) return true;
    }
  }

  // Every twin pattern of the position, applied. -1 on a contradiction, else whether
  // anything was eliminated.
  int apply_twins(State& state) const {
    std::array<Board, N> live;
    for (int d = 0; d < N; ++d) live[d] = state.live(d);
    bool eliminated = false;
    // Naked twins need two cells holding just d and e: check that cheaply, in the row
    // section, before looking at units.
    const RowSet pair_rows = pair_cells(state);
    Board pairs;
    bool pairs_known = false;
    const bool consistent = Twins<N>::for_each_naked_candidate(live, pair_rows, [&](int d, int e) {
      if (!pairs_known) {
        pairs = positions_of(pair_rows);
        pairs_known = true;
      }
      const Board both = pairs & live[d] & live[e];
      Board units;
      if (!Twins<N>::naked_twins(layout_, both, units)) return false;
      Twins<N>::naked_taking(layout_, units, live[d], live[e], both).for_each([&](int flag) {
        const Board& field = layout_.field(layout_.unit_at(flag));
        const Board twins = both & field;
        for (const int x : {d, e}) {
          without(state.live(x) & field, twins).for_each([&](int position) {
            state.eliminate(layout_, x, layout_.cell_at(position));
            eliminated = true;
          });
        }
      });
      return true;
    });
    if (!consistent) return -1;
    std::array<Board, N> two;
    for (int d = 0; d < N; ++d) two[d] = layout_.exactly_two(live[d]);
    for (int d = 0; d < N; ++d) {
      if (!two[d].any()) continue;
      for (std::uint32_t partners = Twins<N>::partners(two, d); partners != 0; partners &= partners - 1) {
        const int e = std::countr_zero(partners);
        const Board units = Twins<N>::hidden_twins(layout_, live[d], live[e], two[d]);
        if (!units.any()) continue;
        if (!pairs_known) {
          pairs = positions_of(pair_rows);
          pairs_known = true;
        }
        Twins<N>::taking(layout_, units, live[d], pairs).for_each([&](int flag) {
          (live[d] & layout_.field(layout_.unit_at(flag))).for_each([&](int position) {
            const engine::Cell cell = layout_.cell_at(position);
            for (int other = 0; other < N; ++other) {
              if (other == d || other == e || !state.allows(layout_, other, cell)) continue;
              state.eliminate(layout_, other, cell);
              eliminated = true;
            }
          });
        });
      }
    }
    return eliminated ? 1 : 0;
  }

  // Unsolved cells with exactly two candidates, row section.
  RowSet pair_cells(const State& state) const {
    const auto planes = state.template count_planes<3>(layout_);
    return without(planes[1], planes[2]);
  }

  // Every position (in all their units) of the given row-section cells.
  Board positions_of(const RowSet& cells) const {
    Board positions;
    cells.for_each([&](int position) { positions |= layout_.positions(layout_.cell_at(position)); });
    return positions;
  }

  void place(State& state, int d, engine::Cell cell, Values* values) const {
    state.place(layout_, d, cell);
    if (values != nullptr) (*values)[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d + 1);
  }

  const Layout& layout() const { return layout_; }

 private:
  const Layout& layout_;
};

}  // namespace sudoforge::grader::detail
