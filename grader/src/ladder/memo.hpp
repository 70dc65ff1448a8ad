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
// Per part the memo keeps the limit the rung was asked with when it last found
// nothing there; the ladder tells every memo which parts have changed since
// (forget(): Changes below), and while a part has not, the rung would find nothing
// there again. Rungs that look at the whole position (Whole) keep no memo.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "position.hpp"

namespace sudoforge::grader::ladder {

enum class Scope : std::uint8_t { Whole, Digits, Units };

// Which parts of a position have changed between two of its states: the digits that
// lost a candidate cell, and the units that lost a place of some digit. A position
// only loses candidates, and a unit's places of a digit are its cells among the
// digit's candidate cells, so both follow from the digits' cells alone.
template <int W>
class Changes {
 public:
  // `p` as it is now: what later changes are told against.
  void mark(const Tables<W>& t, const Position<W>& p) { std::copy_n(p.digit.begin(), t.n, digit_.begin()); }

  // The digits and units that changed in `p` since mark() (and marks it).
  void since(const Tables<W>& t, const Position<W>& p, Parts& digits, Parts& units) {
    digits = 0;
    units = 0;
    for (int d = 0; d < t.n; ++d) {
      auto& before = digit_[static_cast<std::size_t>(d)];
      const engine::Bits<W>& now = p.cells_of(d);
      if (before == now) continue;
      digits |= Parts{1} << d;
      without(before, now).for_each([&](int c) {
        const auto& info = t.cell_units[static_cast<std::size_t>(c)];
        for (int i = 0; i < info.count; ++i) units |= Parts{1} << info.unit[static_cast<std::size_t>(i)];
      });
      before = now;
    }
  }

 private:
  std::array<engine::Bits<W>, engine::kMaxSize> digit_{};
};

class Memo {
 public:
  void clear() { valid_ = 0; }

  // The parts that changed: the rung will look at them again.
  void forget(Scope scope, Parts digits, Parts units) { valid_ &= ~(scope == Scope::Units ? units : digits); }

  // Every part of `scope` (all of them for Whole) but those that have not changed
  // since the rung found nothing in them with a limit of at least `limit`.
  Parts changed(int parts, Scope scope, int limit) const {
    Parts all = parts == 64 ? ~Parts{0} : (Parts{1} << parts) - 1;
    if (scope == Scope::Whole) return all;
    for (Parts known = valid_; known != 0; known &= known - 1) {
      const int i = std::countr_zero(known);
      all &= ~(Parts{limit_[static_cast<std::size_t>(i)] >= limit} << i);
    }
    return all;
  }

  // The rung, asked with `limit`, found nothing in the parts `empty`.
  void remember(Scope scope, Parts empty, int limit) {
    if (scope == Scope::Whole) return;
    for (Parts parts = empty; parts != 0; parts &= parts - 1) limit_[static_cast<std::size_t>(std::countr_zero(parts))] = limit;
    valid_ |= empty;
  }

 private:
  std::array<int, engine::kMaxUnits> limit_{};
  Parts valid_ = 0;
};

}  // namespace sudoforge::grader::ladder
