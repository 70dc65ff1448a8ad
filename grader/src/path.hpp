#pragma once
// The rated solving path: rounds, cheapest technique first. Each round finds every
// instance of the cheapest technique that applies in the current position and
// applies them all together, then starts again from the cheapest. Because a round
// sees one position whole, the counts (and tier) depend only on the puzzle, not on
// how its cells are numbered: relabelling, transposing or permuting rows and bands
// never changes them.

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "propagation.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::grader::detail {

enum class PathEnd { Solved, Stuck, Contradiction };

struct Elimination {
  engine::Cell cell = 0;
  engine::Digit digit = 0;
};

template <int N>
class RatedPath {
 public:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using Board = typename Layout::Board;
  using RowSet = typename Layout::RowSet;
  using Values = typename Propagation<N>::Values;

  explicit RatedPath(const Propagation<N>& propagation)
      : propagation_(propagation), layout_(propagation.layout()) {}

  // Runs rounds on `state` until it is solved, stuck or contradicts. Counts uses of
  // each technique and the rounds into `grade`. (The steps a person reads are the
  // human path's: ladder/ladder.hpp.)
  // Out of line (once per puzzle) so that scripts/bench-grade can name its share.
  [[gnu::noinline]] PathEnd run(State& state, Values& values, Grade& grade) {
    unchecked_ = (1U << N) - 1;
    for (;;) {
      if (state.complete(layout_)) return PathEnd::Solved;
      RowSet naked;
      if (!Singles<N>::naked_singles(layout_, state, naked)) return PathEnd::Contradiction;
      if (naked.any()) {
        ++grade.rounds;
        if (!place_naked(state, values, naked, grade)) return PathEnd::Contradiction;
        continue;
      }
      int found = find_hidden(state);
      if (found < 0) return PathEnd::Contradiction;
      if (found > 0) {
        ++grade.rounds;
        if (!place_hidden(state, values, grade)) return PathEnd::Contradiction;
        continue;
      }
      found = naked_twins(state, grade);
      if (found < 0) return PathEnd::Contradiction;
      if (found > 0) continue;
      found = hidden_twins(state, grade);
      if (found > 0) continue;
      return PathEnd::Stuck;
    }
  }

 private:
  bool place_naked(State& state, Values& values, const RowSet& naked, Grade& grade) {
    // Every cell's digit, read before any placement, so the round sees one position.
    std::vector<std::pair<engine::Cell, int>>& placements = placements_;
    placements.clear();
    // The order does not matter: a round's placements clash in any order or in none.
    naked.for_each([&](int position) {
      const engine::Cell cell = layout_.cell_at(position);
      placements.emplace_back(cell, std::countr_zero(state.candidates(layout_, cell)));
    });
    for (const auto& [cell, d] : placements) {
      if (!state.allows(layout_, d, cell)) return false;  // two singles of one digit in a unit
      propagation_.place(state, d, cell, &values);  // the cell held d alone: only d's board changes
      unchecked_ |= 1U << d;
      ++grade.technique_counts[static_cast<int>(Technique::NakedSingle)];
    }
    return true;
  }

  // Every hidden single of the position into hidden_ (cell, digit, unit). -1 on a
  // contradiction, else how many.
  int find_hidden(const State& state) {
    hidden_.clear();
    // First which digits have any, without a branch per digit (which mispredicts).
    std::uint32_t found = 0;
    bool consistent = true;
    for (std::uint32_t digits = unchecked_; digits != 0; digits &= digits - 1) {
      const int d = std::countr_zero(digits);
      Board& singles = singles_[static_cast<std::size_t>(d)];
      consistent &= Singles<N>::hidden_singles(layout_, state.live(d), singles);
      found |= static_cast<std::uint32_t>(singles.any()) << d;
    }
    if (!consistent) return -1;
    unchecked_ = found;  // the others have none until their boards change
    for (; found != 0; found &= found - 1) {
      const int d = std::countr_zero(found);
      const Board& singles = singles_[static_cast<std::size_t>(d)];
      // Positions rise with the unit index, so a cell's first position is its first unit.
      RowSet seen;
      singles.for_each([&](int position) {
        const engine::Cell cell = layout_.cell_at(position);
        const int row_position = layout_.row_position(cell);
        if (seen.test(row_position)) return;
        seen.set(row_position);
        hidden_.push_back({cell, d, layout_.unit_at(position)});
      });
    }
    return static_cast<int>(hidden_.size());
  }

  bool place_hidden(State& state, Values& values, Grade& grade) {
    for (const Hidden& single : hidden_) {
      // One cell wanted by two digits, or a digit twice in a unit: no solution.
      if (state.is_solved(layout_, single.cell) || !state.allows(layout_, single.digit, single.cell)) return false;
      unchecked_ |= state.candidates(layout_, single.cell);  // every digit that loses a place
      propagation_.place(state, single.digit, single.cell, &values);
      ++grade.technique_counts[static_cast<int>(Technique::HiddenSingle)];
    }
    return true;
  }

  // Every naked twin pattern that eliminates something, applied together. -1 on a
  // contradiction, else how many patterns.
  int naked_twins(State& state, Grade& grade) {
    const RowSet pair_rows = propagation_.pair_cells(state);
    const Board pairs = propagation_.positions_of(pair_rows);
    patterns_.clear();
    eliminations_.clear();
    std::array<Board, N> live;  // the round sees one position: nothing changes until applied
    for (int d = 0; d < N; ++d) live[d] = state.live(d);
    const bool consistent = Twins<N>::for_each_naked_candidate(live, pair_rows, [&](int d, int e) {
      const Board both = pairs & live[d] & live[e];
      Board units;
      if (!Twins<N>::naked_twins(layout_, both, units)) return false;
      Twins<N>::naked_taking(layout_, units, live[d], live[e], both).for_each([&](int flag) {
        const int unit = layout_.unit_at(flag);
        const Board& field = layout_.field(unit);
        const Board twins = both & field;
        const std::size_t first = eliminations_.size();
        for (const int x : {d, e}) {
          without(live[x] & field, twins).for_each([&](int position) {
            eliminations_.push_back({layout_.cell_at(position), x + 1});
          });
        }
        patterns_.push_back({Technique::NakedTwins, unit, d, e, twins, first, eliminations_.size()});
      });
      return true;
    });
    if (!consistent) return -1;
    return apply_patterns(state, grade);
  }

  int hidden_twins(State& state, Grade& grade) {
    Board pairs;  // found when first needed
    bool pairs_known = false;
    std::array<Board, N> live;
    std::array<Board, N> two;
    for (int d = 0; d < N; ++d) {
      live[d] = state.live(d);
      two[d] = layout_.exactly_two(live[d]);
    }
    patterns_.clear();
    eliminations_.clear();
    for (int d = 0; d < N; ++d) {
      if (!two[d].any()) continue;
      for (std::uint32_t partners = Twins<N>::partners(two, d); partners != 0; partners &= partners - 1) {
        const int e = std::countr_zero(partners);
        const Board units = Twins<N>::hidden_twins(layout_, live[d], live[e], two[d]);
        if (!units.any()) continue;
        if (!pairs_known) {
          pairs = propagation_.positions_of(propagation_.pair_cells(state));
          pairs_known = true;
        }
        Twins<N>::taking(layout_, units, live[d], pairs).for_each([&](int flag) {
          const int unit = layout_.unit_at(flag);
          const Board twins = live[d] & layout_.field(unit);
          const std::size_t first = eliminations_.size();
          twins.for_each([&](int position) {
            const engine::Cell cell = layout_.cell_at(position);
            for (int other = 0; other < N; ++other) {
              if (other != d && other != e && state.allows(layout_, other, cell)) {
                eliminations_.push_back({cell, other + 1});
              }
            }
          });
          if (eliminations_.size() > first) {
            patterns_.push_back({Technique::HiddenTwins, unit, d, e, twins, first, eliminations_.size()});
          }
        });
      }
    }
    return apply_patterns(state, grade);
  }

  struct Hidden {
    engine::Cell cell;
    int digit;  // index
    int unit;
  };

  struct Pattern {
    Technique technique;
    int unit;
    int first;   // digit indices
    int second;
    Board cells;
    std::size_t begin;  // its eliminations: eliminations_[begin, end)
    std::size_t end;
  };

  int apply_patterns(State& state, Grade& grade) {
    if (patterns_.empty()) return 0;
    ++grade.rounds;
    for (const Pattern& pattern : patterns_) {
      ++grade.technique_counts[static_cast<int>(pattern.technique)];
      const std::span<const Elimination> eliminations(eliminations_.data() + pattern.begin, pattern.end - pattern.begin);
      for (const Elimination& gone : eliminations) {
        state.eliminate(layout_, gone.digit - 1, gone.cell);
        unchecked_ |= 1U << (gone.digit - 1);
      }
    }
    return static_cast<int>(patterns_.size());
  }

  const Propagation<N>& propagation_;
  const Layout& layout_;
  // Scratch, kept to reuse their memory.
  std::vector<std::pair<engine::Cell, int>> placements_;
  std::vector<Hidden> hidden_;
  std::array<Board, N> singles_;  // find_hidden's, by digit
  // The digits whose boards changed since they were last found without hidden
  // singles: the others have none (they depend on nothing else).
  std::uint32_t unchecked_ = 0;
  std::vector<Pattern> patterns_;
  std::vector<Elimination> eliminations_;  // of every pattern in patterns_
};

}  // namespace sudoforge::grader::detail
