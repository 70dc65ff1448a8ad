#pragma once
// Wings: short patterns of bivalue cells around a pivot.
//  - XY-wing: pivot {x,y} sees wings {x,z} and {y,z}: z leaves every cell seeing both wings.
//  - XYZ-wing: pivot {x,y,z} sees wings {x,z} and {y,z}: z leaves every cell seeing all three.
//  - W-wing: two cells {x,y} that do not see each other, and a unit where x has just
//    two places, one seen by each cell: y leaves every cell seeing both. As a chain
//    it has six nodes, so it rates as an XY forcing chain of six.

#include <array>
#include <bit>

#include "findings.hpp"

namespace sudoforge::grader::ladder {

template <int W>
void find_xy_wings(const Tables<W>& t, const Position<W>& p, bool xyz, Findings& out) {
  const HumanTechnique technique = xyz ? HumanTechnique::XYZWing : HumanTechnique::XYWing;
  const engine::Bits<W> bivalue = p.cells_with(t, 2);
  std::array<Cell, engine::kMaxCells> wing{};
  (xyz ? p.cells_with(t, 3) : bivalue).for_each([&](int pivot) {
    const Mask pm = p.cand[static_cast<std::size_t>(pivot)];
    // Only a wing that shares one digit with the pivot (XY), or lies within it
    // (XYZ), can be part of one: those, in order, then each pair of them.
    int wings = 0;
    (bivalue & t.peers[static_cast<std::size_t>(pivot)]).for_each([&](int w) {
      const Mask wm = p.cand[static_cast<std::size_t>(w)];
      if (xyz ? (wm & ~pm) == 0 : std::popcount(wm & pm) == 1) wing[static_cast<std::size_t>(wings++)] = static_cast<Cell>(w);
    });
    for (int i = 0; i < wings; ++i) {
      const Cell a = wing[static_cast<std::size_t>(i)];
      const Mask am = p.cand[static_cast<std::size_t>(a)];
      for (int j = i + 1; j < wings; ++j) {
        const Cell b = wing[static_cast<std::size_t>(j)];
        const Mask bm = p.cand[static_cast<std::size_t>(b)];
        const Mask z = am & bm;
        if (std::popcount(z) != 1 || am == bm) continue;
        if (xyz ? ((am | bm) != pm) : ((pm & z) != 0 || (am | bm) != (pm | z))) continue;
        const int d = std::countr_zero(z);
        engine::Bits<W> seen = t.peers[static_cast<std::size_t>(a)] & t.peers[static_cast<std::size_t>(b)] & p.cells_of(d);
        if (xyz) seen &= t.peers[static_cast<std::size_t>(pivot)];
        seen.reset(pivot);
        if (!seen.any()) continue;  // (a wing that takes nothing is not reported)
        out.start(technique, base_rating(technique), pm | z);
        out.cell(pivot);
        out.cell(a);
        out.cell(b);
        seen.for_each([&](int c) { out.removal(c, d); });
        out.finish();
      }
    }
  });
}

template <int W>
void find_w_wings(const Tables<W>& t, const Position<W>& p, Findings& out) {
  const int rating = base_rating(HumanTechnique::WWing) + length_bonus(6);
  std::array<Cell, engine::kMaxCells> bivalue{};
  std::size_t count = 0;
  p.cells_with(t, 2).for_each([&](int c) { bivalue[count++] = static_cast<Cell>(c); });
  for (std::size_t i = 0; i < count; ++i) {
    const Cell a = bivalue[i];
    const Mask m = p.cand[static_cast<std::size_t>(a)];
    for (std::size_t j = i + 1; j < count; ++j) {
      const Cell b = bivalue[j];
      if (p.cand[static_cast<std::size_t>(b)] != m || t.sees(a, b)) continue;
      for (Mask link = m; link != 0; link &= link - 1) {
        const int x = std::countr_zero(link);
        const int y = std::countr_zero(m & ~(Mask{1} << x));
        const engine::Bits<W> gone = t.peers[static_cast<std::size_t>(a)] & t.peers[static_cast<std::size_t>(b)] & p.cells_of(y);
        if (!gone.any()) continue;
        for (int u = 0; u < t.unit_count; ++u) {
          const Mask places = p.places(u, x);
          if (std::popcount(places) != 2) continue;
          const Cell x1 = t.cell_of(u, std::countr_zero(places));
          const Cell x2 = t.cell_of(u, 31 - std::countl_zero(places));
          if (x1 == a || x1 == b || x2 == a || x2 == b) continue;
          const bool straight = t.sees(x1, a) && t.sees(x2, b);
          const bool crossed = t.sees(x1, b) && t.sees(x2, a);
          if (!straight && !crossed) continue;
          out.start(HumanTechnique::WWing, rating, m);
          out.unit(u);
          out.cell(a);
          out.cell(b);
          out.cell(straight ? x1 : x2);
          out.cell(straight ? x2 : x1);
          gone.for_each([&](int c) { out.removal(c, y); });
          out.finish();
        }
      }
    }
  }
}

}  // namespace sudoforge::grader::ladder
