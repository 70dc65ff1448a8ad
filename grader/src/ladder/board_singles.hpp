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
      : layout_(layout), cells_(without(layout.empty_board(), layout.spare())) {
    for (int u = 0; u < units.count(); ++u) {
      if (units.kind(u) == engine::UnitKind::Box) boxes_ |= layout.field(u);
    }
    lines_ = without(cells_, boxes_);
    for (const auto& [set, range] : {std::pair{&boxes_, &box_words_}, std::pair{&lines_, &line_words_}}) {
      *range = {kWords, 0};
      for (int i = 0; i < kWords; ++i) {
        if (set->words[static_cast<std::size_t>(i)] == 0) continue;
        range->first = std::min(range->first, i);
        range->second = i + 1;
      }
    }
  }

  // Runs the singles rounds from the givens of `puzzle`: `prefix` gets the grid they
  // reach and what they count.
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
          for (const std::size_t kind : {0, 1}) {
            const bool any = (singles & (kind == 0 ? boxes_ : lines_)).any();
            with_singles_[kind] = (with_singles_[kind] & ~(1U << d)) | static_cast<std::uint32_t>(any) << d;
          }
        }
        // Those in boxes, or else those in lines.
        for (const HumanTechnique kind : {HumanTechnique::HiddenSingleBox, HumanTechnique::HiddenSingleLine}) {
          const bool boxes = kind == HumanTechnique::HiddenSingleBox;
          const Board& units = boxes ? boxes_ : lines_;
          // Only the words the units lie in (the boxes' are a third of the board).
          const auto [first_word, end_word] = boxes ? box_words_ : line_words_;
          for (std::uint32_t ds = with_singles_[boxes ? 0 : 1]; ds != 0; ds &= ds - 1) {
            const int d = std::countr_zero(ds);
            const Board& singles = hidden_[static_cast<std::size_t>(d)];
            for (int i = first_word; i < end_word; ++i) {
              const auto at = static_cast<std::size_t>(i);
              for (std::uint64_t word = singles.words[at] & units.words[at]; word != 0; word &= word - 1) {
                keep(64 * i + std::countr_zero(word), d);
              }
            }
          }
          technique = kind;
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
  }

 private:
  const Layout& layout_;
  Board cells_;  // every cell position of every unit
  Board boxes_;  // those of the boxes
  Board lines_;  // and of the other units
  static constexpr int kWords = Layout::kWords;
  std::pair<int, int> box_words_;   // the words [first, end) that hold boxes_
  std::pair<int, int> line_words_;  // ... and lines_
  std::array<Board, N> hidden_{};  // each digit's hidden singles, as positions
  std::array<std::uint32_t, 2> with_singles_{};  // the digits with any in boxes_, and in lines_
  std::vector<std::pair<engine::Cell, int>> found_;  // a round's singles, each cell once
};

}  // namespace sudoforge::grader::ladder
