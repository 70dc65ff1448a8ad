#pragma once
// What a rung of the ladder found nothing in, so that the next rounds do not look
// there again while it has not changed.
//
// Many rungs look at one part of the position at a time, and what they find in it
// depends on that part alone:
//  - Digits: one digit's candidate cells (fish, single-digit patterns, X-chains,
//    locked candidates);
//  - Units: one unit's places of every digit (naked and hidden subsets: a unit's
//    cells' candidates are its places read the other way, and its open cells and
//    placed digits follow from them in a position that has a solution).
// Per part the memo keeps what it was when the rung last found nothing in it, and
// the limit the rung was asked with; while both hold, the rung would find nothing
// there again. Rungs that look at the whole position (Whole) keep no memo.

#include <array>
#include <cstdint>

#include "position.hpp"

namespace sudoforge::grader::ladder {

enum class Scope : std::uint8_t { Whole, Digits, Units };

template <int W>
class Memo {
 public:
  void clear() { valid_ = 0; }

  // Every part of `scope` (all of them for Whole) but those that have not changed
  // since the rung found nothing in them with a limit of at least `limit`.
  Parts changed(const Tables<W>& t, const Position<W>& p, Scope scope, int limit) const {
    const int parts = scope == Scope::Units ? t.unit_count : t.n;
    Parts all = parts == 64 ? ~Parts{0} : (Parts{1} << parts) - 1;
    if (scope == Scope::Whole) return all;
    for (Parts known = valid_; known != 0; known &= known - 1) {
      const int i = std::countr_zero(known);
      const auto at = static_cast<std::size_t>(i);
      if (limit_[at] < limit) continue;
      const bool same = scope == Scope::Digits ? cells_[at] == p.cells_of(i) : places_[at] == p.where[at];
      if (same) all &= ~(Parts{1} << i);
    }
    return all;
  }

  // The rung, asked about `asked` with `limit`, found nothing in `empty` of them.
  void remember(const Position<W>& p, Scope scope, Parts empty, int limit) {
    if (scope == Scope::Whole) return;
    for (; empty != 0; empty &= empty - 1) {
      const int i = std::countr_zero(empty);
      const auto at = static_cast<std::size_t>(i);
      if (scope == Scope::Digits) {
        cells_[at] = p.cells_of(i);
      } else {
        places_[at] = p.where[at];
      }
      limit_[at] = limit;
      valid_ |= Parts{1} << i;
    }
  }

 private:
  std::array<engine::Bits<W>, engine::kMaxSize> cells_{};  // Digits: by digit
  std::array<std::array<std::uint16_t, engine::kMaxSize>, engine::kMaxUnits> places_{};  // Units: by unit
  std::array<int, engine::kMaxUnits> limit_{};
  Parts valid_ = 0;
};

}  // namespace sudoforge::grader::ladder
