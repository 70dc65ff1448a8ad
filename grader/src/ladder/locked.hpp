#pragma once
// Locked candidates on every pair of units that share two or more cells (a box and a
// row or column; a box and a diagonal in the diagonal variant): when a digit's places
// in the first unit all lie in the shared cells, it leaves the rest of the second.
// Pointing when the first unit is a box, claiming when it is a line. The direct
// variants are the same patterns where the removals leave a hidden single at once
// in a unit of the first one's kind (Sudoku Explainer rates those lower than a naked
// single); they report the single's placement too.

#include <bit>

#include "lanes.hpp"
#include "singles.hpp"

namespace sudoforge::grader::ladder {

// `direct`: report only the direct variants (with their placement); otherwise every
// instance, as plain pointing and claiming. Only the digits in `digits` are looked at.
template <int W>
void find_locked(const Tables<W>& t, const Position<W>& p, bool direct, Mask digits, Findings& out) {
  for (const auto& crossing : t.crossings) {
    const bool pointing = t.is_box(crossing.first);
    const auto& first = t.unit_set[static_cast<std::size_t>(crossing.first)];
    // Every digit at once: two or more places in the first unit, all common, and
    // some outside the first in the second.
    const Mask locked = locked_lanes(p.where[static_cast<std::size_t>(crossing.first)], crossing.first_places) &
                        outside_lanes(p.where[static_cast<std::size_t>(crossing.second)], crossing.second_places) & digits;
    for (Mask ds = locked; ds != 0; ds &= ds - 1) {
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
      // the second keeps one place of the digit outside it.
      for (const int j : crossing.siblings) {
        const auto& sibling = t.crossings[static_cast<std::size_t>(j)];
        const Mask before = p.places(sibling.first, d);
        const Mask after = before & ~sibling.first_places;
        if (std::popcount(before) >= 2 && std::popcount(after) == 1) report(t.cell_of(sibling.first, std::countr_zero(after)));
      }
    }
  }
}

}  // namespace sudoforge::grader::ladder
