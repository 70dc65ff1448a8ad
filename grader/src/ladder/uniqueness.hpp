#pragma once
// Uniqueness patterns. They are sound only for a puzzle with exactly one solution,
// which the grader proves (the uniqueness search) before the ladder runs; on a
// puzzle with several they could remove a true candidate, so nothing else calls them.
//  - Unique rectangle: four cells in two rows, two columns and two boxes that could
//    all hold only x and y would let x and y swap (two solutions). Type 1: three
//    corners hold just {x,y}: x and y leave the fourth. Type 2: two corners hold just
//    {x,y}, the other two {x,y,z}: z is in one of those, so it leaves every cell that
//    sees both. Type 4: two corners hold just {x,y}, and in a unit holding the other
//    two, x has no other place: y leaves those two.
//  - BUG+1: every open cell holds two candidates but one, which holds three, and every
//    digit has two places in each unit but the extra one, three in that cell's units:
//    without it the grid would have no solution or several, so it goes there.
// In the diagonal variant, rectangles with a corner on a diagonal are skipped (the
// swap could break the diagonal).

#include <bit>

#include "findings.hpp"

namespace sudoforge::grader::ladder {

template <int W>
void find_unique_rectangles(const Tables<W>& t, const Position<W>& p, Findings& out) {
  const engine::Geometry& g = t.units.geometry();
  const int n = t.n;
  const bool diagonal = g.variant() == engine::Variant::Diagonal;
  const int rating = base_rating(HumanTechnique::UniqueRectangle);
  for (int r1 = 0; r1 < n; ++r1) {
    for (int r2 = r1 + 1; r2 < n; ++r2) {
      const bool same_band = r1 / g.box_rows() == r2 / g.box_rows();
      for (int c1 = 0; c1 < n; ++c1) {
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const bool same_stack = c1 / g.box_cols() == c2 / g.box_cols();
          if (same_band == same_stack) continue;  // two boxes exactly
          const std::array<Cell, 4> corner = {g.cell(r1, c1), g.cell(r1, c2), g.cell(r2, c1), g.cell(r2, c2)};
          Mask common = ~Mask{0};
          bool skip = false;
          for (const Cell c : corner) {
            common &= p.cand[static_cast<std::size_t>(c)];
            skip = skip || (diagonal && (g.on_main_diagonal(c) || g.on_anti_diagonal(c)));
          }
          if (skip || std::popcount(common) < 2) continue;
          for (Mask a = common; a != 0; a &= a - 1) {
            for (Mask b = a & (a - 1); b != 0; b &= b - 1) {
              const Mask xy = (Mask{1} << std::countr_zero(a)) | (Mask{1} << std::countr_zero(b));
              rectangle(t, p, corner, xy, rating, out);
            }
          }
        }
      }
    }
  }
}

template <int W>
void rectangle(const Tables<W>& t, const Position<W>& p, const std::array<Cell, 4>& corner, Mask xy, int rating,
               Findings& out) {
  int exact = 0;
  Mask exact_corners = 0;
  for (int i = 0; i < 4; ++i) {
    if (p.cand[static_cast<std::size_t>(corner[static_cast<std::size_t>(i)])] == xy) {
      ++exact;
      exact_corners |= Mask{1} << i;
    }
  }
  const auto start = [&] {
    out.start(HumanTechnique::UniqueRectangle, rating, xy);
    for (const Cell c : corner) out.cell(c);
  };
  if (exact == 3) {  // type 1
    const Cell roof = corner[static_cast<std::size_t>(std::countr_zero(~exact_corners & 0xF))];
    start();
    for (Mask d = xy; d != 0; d &= d - 1) out.removal(roof, std::countr_zero(d));
    out.finish();
    return;
  }
  if (exact != 2) return;
  // The two others must share a row or column (corners 0-1, 2-3, 0-2, 1-3 do).
  const Mask others = ~exact_corners & 0xF;
  if (others == 0x9 || others == 0x6) return;  // diagonal corners: no shared unit
  const Cell e = corner[static_cast<std::size_t>(std::countr_zero(others))];
  const Cell f = corner[static_cast<std::size_t>(31 - std::countl_zero(others))];
  const Mask extra_e = p.cand[static_cast<std::size_t>(e)] & ~xy;
  const Mask extra_f = p.cand[static_cast<std::size_t>(f)] & ~xy;
  if (extra_e == extra_f && std::popcount(extra_e) == 1) {  // type 2
    const int z = std::countr_zero(extra_e);
    start();
    (t.peers[static_cast<std::size_t>(e)] & t.peers[static_cast<std::size_t>(f)] & p.cells_of(z)).for_each([&](int c) {
      out.removal(c, z);
    });
    out.finish();
  }
  // Type 4: a unit holding e and f where x's only places are e and f.
  const auto& ue = t.cell_units[static_cast<std::size_t>(e)];
  for (int i = 0; i < ue.count; ++i) {
    const int u = ue.unit[static_cast<std::size_t>(i)];
    if (!t.unit_set[static_cast<std::size_t>(u)].test(f)) continue;
    for (Mask m = xy; m != 0; m &= m - 1) {
      const int x = std::countr_zero(m);
      const int y = std::countr_zero(xy & ~(Mask{1} << x));
      if (std::popcount(p.places(u, x)) != 2) continue;
      start();
      out.unit(u);
      out.removal(e, y);
      out.removal(f, y);
      out.finish();
    }
  }
}

template <int W>
void find_bug_plus_one(const Tables<W>& t, const Position<W>& p, Findings& out) {
  Cell extra = -1;
  bool bug = true;
  p.open.for_each([&](int c) {
    const int count = p.count(c);
    if (count == 2) return;
    if (count == 3 && extra < 0) {
      extra = c;
    } else {
      bug = false;
    }
  });
  if (!bug || extra < 0) return;
  // The digit with three places in the extra cell's units; every other count is 2.
  int digit = -1;
  for (int u = 0; u < t.unit_count && bug; ++u) {
    const bool holds = t.unit_set[static_cast<std::size_t>(u)].test(extra);
    for (int d = 0; d < t.n; ++d) {
      const int places = std::popcount(p.places(u, d));
      if (places == 0 || places == 2) continue;
      if (places == 3 && holds && p.has(extra, d) && (digit < 0 || digit == d)) {
        digit = d;
        continue;
      }
      bug = false;
      break;
    }
  }
  if (!bug || digit < 0) return;
  out.start(HumanTechnique::BugPlusOne, base_rating(HumanTechnique::BugPlusOne), p.cand[static_cast<std::size_t>(extra)]);
  out.cell(extra);
  out.placement(extra, digit);
  out.finish();
}

}  // namespace sudoforge::grader::ladder
