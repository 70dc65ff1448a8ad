#pragma once
// Locked candidates on every pair of units that share two or more cells (a box and a
// row or column; a box and a diagonal in the diagonal variant): when a digit's places
// in the first unit all lie in the shared cells, it leaves the rest of the second.
// Pointing when the first unit is a box, claiming when it is a line. The direct
// variants are the same patterns where the removals leave a hidden single at once
// in a unit of the first one's kind (Sudoku Explainer rates those lower than a naked
// single); they report the single's placement too.

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "lanes.hpp"
#include "singles.hpp"

namespace sudoforge::grader::ladder {

// The crossings of a position where some digit is locked, with those digits, in the
// order of Tables::crossings: what the direct and the plain rung both start from,
// found once per position.
template <int W>
class LockedCrossings {
 public:
  struct Locked {
    int crossing;  // index into Tables::crossings
    Mask digits;
  };

  // For position `p`, known by `id` (a new id for each position).
  std::span<const Locked> of(const Tables<W>& t, const Position<W>& p, std::uint64_t id) {
    if (id == id_) return found_;
    id_ = id;
    found_.clear();
    // Every digit at once: each crossing's digits whose places in its first unit all
    // lie in the common cells. The crossing of the same two units the other way
    // round asks the same of the second, so each is asked once.
    const std::size_t count = t.crossings.size();
    if (within_.size() != count) within_.assign(count, 0);
    for (std::size_t i = 0; i < count; ++i) {
      const auto& crossing = t.crossings[i];
      within_[i] = within_lanes(p.where[static_cast<std::size_t>(crossing.first)], crossing.first_places);
    }
    // The crossings are listed unit by unit (Tables): each first unit's digits with
    // two or more places are counted once.
    int first = -1;
    Mask several = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const auto& crossing = t.crossings[i];
      if (crossing.first != first) {
        first = crossing.first;
        several = count_lanes(p.where[static_cast<std::size_t>(first)], 2, 16);
      }
      // Two or more places in the first unit, all common, and some outside the
      // first in the second.
      const Mask locked = several & within_[i] & ~within_[static_cast<std::size_t>(crossing.reverse)];
      if (locked != 0) found_.push_back({static_cast<int>(i), locked});
    }
    return found_;
  }

 private:
  std::uint64_t id_ = ~std::uint64_t{0};
  std::vector<Locked> found_;
  std::vector<Mask> within_;  // by crossing: the digits whose places in its first unit are all common
};

// `direct`: report only the direct variants (with their placement); otherwise every
// instance, as plain pointing and claiming. Only the digits in `digits` are looked
// at, on the crossings `locked` says have any.
template <int W>
void find_locked(const Tables<W>& t, const Position<W>& p, std::span<const typename LockedCrossings<W>::Locked> locked,
                 bool direct, Mask digits, Findings& out) {
  for (const auto& at : locked) {
    const auto& crossing = t.crossings[static_cast<std::size_t>(at.crossing)];
    const bool pointing = t.is_box(crossing.first);
    const auto& first = t.unit_set[static_cast<std::size_t>(crossing.first)];
    for (Mask ds = at.digits & digits; ds != 0; ds &= ds - 1) {
      const int d = std::countr_zero(ds);
      const HumanTechnique technique =
          direct ? (pointing ? HumanTechnique::DirectPointing : HumanTechnique::DirectClaiming)
                 : (pointing ? HumanTechnique::Pointing : HumanTechnique::Claiming);
      const auto report = [&](Cell single) {
        const engine::Bits<W> inside = p.cells_of(d) & first;
        const engine::Bits<W> gone = without(p.cells_of(d) & t.unit_set[static_cast<std::size_t>(crossing.second)], first);
        out.start(technique, base_rating(technique), Mask{1} << d);
        out.unit(crossing.first);
        out.unit(crossing.second);
        out.cells(inside);
        gone.for_each([&](int c) { out.removal(c, d); });
        if (single >= 0) out.placement(single, d);
        out.finish();
      };
      if (!direct) {
        report(-1);
        continue;
      }
      // A hidden single at once: another unit of the first one's kind that crosses
      // the second keeps one place of the digit once the removals take theirs.
      for (const auto& [j, taken] : crossing.siblings) {
        const int unit = t.crossings[static_cast<std::size_t>(j)].first;
        const Mask before = p.places(unit, d);
        const Mask after = before & ~taken;
        if (std::popcount(before) >= 2 && std::popcount(after) == 1) report(t.cell_of(unit, std::countr_zero(after)));
      }
    }
  }
}

// The same for a position on its own.
template <int W>
void find_locked(const Tables<W>& t, const Position<W>& p, bool direct, Mask digits, Findings& out) {
  LockedCrossings<W> crossings;
  find_locked(t, p, crossings.of(t, p, 0), direct, digits, out);
}

}  // namespace sudoforge::grader::ladder
