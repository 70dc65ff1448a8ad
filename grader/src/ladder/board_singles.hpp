#pragma once
// The ladder's first rounds, on the unit-major boards. Until a rung above singles
// applies, every round of the ladder places all the full houses, or else all the
// hidden singles in boxes, or else all those in lines (Ladder::singles_round), and
// the position is the givens and what those rounds placed, nothing eliminated. Those
// rounds are most of what an easy puzzle's rating does, and on the boards of the
// tier-2 propagation (engine/unit_board.hpp) a round asks every unit at once: so they
// run here, and the ladder takes over from the grid they reach (Ladder::rate's
// `prefix`) with the counts and rating they made. The same rounds, the same placements
// and counts: LadderMemo.SinglesOnTheBoardsTakeTheLaddersPath checks it.
//
// Only for a puzzle that has a solution (a cell is never wanted by two digits).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "../singles.hpp"
#include "ladder.hpp"
#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/unit_board.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::grader::ladder {

template <int N>
class BoardSingles {
 public:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using Board = typename Layout::Board;
  using RowSet = typename Layout::RowSet;

  BoardSingles(const Layout& layout, const engine::Units& units)
      : layout_(layout), unit_count_(units.count()), cells_(without(layout.empty_board(), layout.spare())) {
    Kind& boxes = kinds_[0];
    Kind& lines = kinds_[1];
    boxes.technique = HumanTechnique::HiddenSingleBox;
    lines.technique = HumanTechnique::HiddenSingleLine;
    for (int u = 0; u < units.count(); ++u) {
      if (units.kind(u) == engine::UnitKind::Box) boxes.units |= layout.field(u);
    }
    lines.units = without(cells_, boxes.units);
    for (Kind& kind : kinds_) {
      kind.first_word = Layout::kWords;
      for (int i = 0; i < Layout::kWords; ++i) {
        if (kind.units.words[static_cast<std::size_t>(i)] == 0) continue;
        kind.first_word = std::min(kind.first_word, i);
        kind.end_word = i + 1;
      }
    }
  }

  // Runs the singles rounds from the givens of `puzzle`: `prefix` gets the grid they
  // reach, what they count and, unless the grid is complete, its places by unit.
  void run(const engine::Grid& puzzle, Prefix& prefix) {
    const std::span<const std::uint8_t> givens = puzzle.values();
    std::array<std::uint8_t, engine::kMaxCells> values{};
    std::copy(givens.begin(), givens.end(), values.begin());
    State state;
    state.clear(layout_);
    std::array<engine::Cell, engine::kMaxCells> filled;
    for (const engine::Cell c : std::span(filled.data(), static_cast<std::size_t>(puzzle.filled_cells(filled)))) {
      state.place(layout_, values[static_cast<std::size_t>(c)] - 1, c);
    }
    prefix.rated = Rated{};
    std::uint32_t stale = (1U << N) - 1;  // digits whose hidden singles are not known
    for (;;) {
      found_.clear();
      RowSet seen;
      const auto keep = [&](int position, int d) {
        const engine::Cell cell = layout_.cell_at(position);
        const int row = layout_.row_position(cell);
        if (seen.test(row)) return;
        seen.set(row);
        found_.push_back({cell, d});
      };
      // Full houses: the units with one open cell.
      const Board open = without(cells_, state.solved);
      Board nonempty;
      Board several;
      layout_.classify(open, nonempty, several);
      (open & layout_.expand(without(nonempty, several))).for_each([&](int position) {
        keep(position, std::countr_zero(state.candidates(layout_, layout_.cell_at(position))));
      });
      HumanTechnique technique = HumanTechnique::FullHouse;
      if (found_.empty()) {
        for (; stale != 0; stale &= stale - 1) {
          const int d = std::countr_zero(stale);
          // (No unit runs out of places for a digit: the puzzle has a solution.)
          Board& singles = hidden_[static_cast<std::size_t>(d)];
          detail::Singles<N>::hidden_singles(layout_, state.live(d), singles);
          // Which kinds of unit hold any (the other digits' are as they were).
          for (Kind& kind : kinds_) {
            const bool any = (singles & kind.units).any();
            kind.digits = (kind.digits & ~(1U << d)) | static_cast<std::uint32_t>(any) << d;
          }
        }
        // Those in boxes, or else those in lines: only the digits that have any,
        // and only the words the units lie in (the boxes' are a third of the board).
        for (const Kind& kind : kinds_) {
          for (std::uint32_t ds = kind.digits; ds != 0; ds &= ds - 1) {
            const int d = std::countr_zero(ds);
            const Board& singles = hidden_[static_cast<std::size_t>(d)];
            for (int i = kind.first_word; i < kind.end_word; ++i) {
              const auto at = static_cast<std::size_t>(i);
              for (std::uint64_t word = singles.words[at] & kind.units.words[at]; word != 0; word &= word - 1) {
                keep(64 * i + std::countr_zero(word), d);
              }
            }
          }
          technique = kind.technique;
          if (!found_.empty()) break;
        }
      }
      if (found_.empty()) break;
      Rated& rated = prefix.rated;
      rated.counts[static_cast<std::size_t>(technique)] += static_cast<int>(found_.size());
      const int rating = base_rating(technique);
      if (rating > rated.rating || (rating == rated.rating && technique > rated.hardest)) rated.hardest = technique;
      rated.rating = std::max(rated.rating, rating);
      for (const auto& [cell, d] : found_) {
        stale |= state.candidates(layout_, cell);  // every digit that loses a place
        state.place(layout_, d, cell);
        values[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d + 1);
      }
    }
    prefix.reached = engine::Grid(puzzle.geometry(), std::span<const std::uint8_t>(values.data(), givens.size()));
    if (!state.complete(layout_)) unit_places(state, prefix.places);  // (the ladder's position starts from them)
  }

 private:
  // Each unit's field of each digit's board, read as places (bit k, the unit's k-th
  // cell, as Tables numbers them too: both go by engine::Units::cells): the open
  // cells that may hold the digit, and its spare, set while the digit is still to
  // be placed in the unit.
  void unit_places(const State& state, UnitPlaces& places) const {
    constexpr std::uint64_t kField = (std::uint64_t{1} << N) - 1;
    for (int u = 0; u < unit_count_; ++u) {
      const auto at = static_cast<std::size_t>(u);
      const int base = layout_.unit_base(u);
      const auto word = static_cast<std::size_t>(base >> 6);
      const int shift = base & 63;
      const std::uint64_t open = ~(state.solved.words[word] >> shift) & kField;
      LanePlaces& where = places.where[at];
      where.fill(0);
      std::uint16_t placed = 0;
      for (int d = 0; d < N; ++d) {
        const std::uint64_t field = state.boards[static_cast<std::size_t>(d)].words[word] >> shift;
        where[static_cast<std::size_t>(d)] = static_cast<std::uint16_t>(field & open);
        placed = static_cast<std::uint16_t>(placed | (~field >> N & 1U) << d);
      }
      places.placed[at] = placed;
      places.open_at[at] = static_cast<std::uint16_t>(open);
    }
  }

  const Layout& layout_;
  int unit_count_ = 0;
  Board cells_;  // every cell position of every unit
  // The boxes, then the other units (rows, columns, diagonals): the hidden singles
  // of each kind rate alike.
  struct Kind {
    HumanTechnique technique{};
    Board units;          // the cell positions of those units
    int first_word = 0;   // the words [first_word, end_word) that hold them
    int end_word = 0;
    std::uint32_t digits = 0;  // the digits whose hidden singles (hidden_) lie in them
  };
  std::array<Kind, 2> kinds_{};
  std::array<Board, N> hidden_{};  // each digit's hidden singles, as positions
  std::vector<std::pair<engine::Cell, int>> found_;  // a round's singles, each cell once
};

}  // namespace sudoforge::grader::ladder
