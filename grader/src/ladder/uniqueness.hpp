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

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>

#include "findings.hpp"

namespace sudoforge::grader::ladder {

// Rectangles in rows r1 < r2 and columns c1 < c2, in that order, then pairs {x, y}
// of their common candidates in order. Every instance has two corners holding just
// {x, y} in one row or column (three corners for type 1, two of which share a line;
// for types 2 and 4 the other two share one, so these do too), so only rectangles
// through such pairs of cells are looked at.
template <int W>
void find_unique_rectangles(const Tables<W>& t, const Position<W>& p, Findings& out) {
  const engine::Geometry& g = t.units.geometry();
  const bool diagonal = g.variant() == engine::Variant::Diagonal;
  const int rating = base_rating(HumanTechnique::UniqueRectangle);
  // Candidate rectangles as (r1, r2, c1, c2, low digit, high digit), packed to sort.
  // (A line holds at most N / 2 such pairs: in a position with a solution no three
  // cells of a unit hold just the same two digits. So at most N^2 (N - 1) keys.)
  std::array<std::uint64_t, engine::kMaxSize * engine::kMaxSize * engine::kMaxSize> keys;  // (read up to count only)
  std::size_t count = 0;
  const auto offer = [&](int r1, int r2, int c1, int c2, Mask xy) {
    if (r1 > r2) std::swap(r1, r2);
    if (c1 > c2) std::swap(c1, c2);
    if ((r1 / g.box_rows() == r2 / g.box_rows()) == (c1 / g.box_cols() == c2 / g.box_cols())) return;  // two boxes exactly
    if (count == keys.size()) return;
    const auto low = static_cast<std::uint64_t>(std::countr_zero(xy));
    const auto high = static_cast<std::uint64_t>(31 - std::countl_zero(xy));
    keys[count++] = static_cast<std::uint64_t>(r1) << 40 | static_cast<std::uint64_t>(r2) << 32 |
                    static_cast<std::uint64_t>(c1) << 24 | static_cast<std::uint64_t>(c2) << 16 | low << 8 | high;
  };
  for (int line = 0; line < 2 * g.size(); ++line) {  // rows, then columns
    const Mask open = p.open_places(line);
    for (Mask i = open; i != 0; i &= i - 1) {
      const int a = std::countr_zero(i);
      const Mask xy = p.cand[static_cast<std::size_t>(t.cell_of(line, a))];
      if (std::popcount(xy) != 2) continue;
      for (Mask j = i & (i - 1); j != 0; j &= j - 1) {
        const int b = std::countr_zero(j);
        if (p.cand[static_cast<std::size_t>(t.cell_of(line, b))] != xy) continue;
        // The pair's line, and every other line across.
        for (int other = 0; other < g.size(); ++other) {
          const int here = line < g.size() ? line : line - g.size();
          if (other == here) continue;
          if (line < g.size()) {
            offer(here, other, a, b, xy);
          } else {
            offer(a, b, here, other, xy);
          }
        }
      }
    }
  }
  std::sort(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(count));
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0 && keys[i] == keys[i - 1]) continue;
    const std::uint64_t k = keys[i];
    const auto field = [&](int shift) { return static_cast<int>((k >> shift) & 0xFF); };
    const int r1 = field(40);
    const int r2 = field(32);
    const int c1 = field(24);
    const int c2 = field(16);
    const Mask xy = (Mask{1} << field(8)) | (Mask{1} << field(0));
    const std::array<Cell, 4> corner = {g.cell(r1, c1), g.cell(r1, c2), g.cell(r2, c1), g.cell(r2, c2)};
    Mask common = ~Mask{0};
    bool skip = false;
    for (const Cell c : corner) {
      common &= p.cand[static_cast<std::size_t>(c)];
      skip = skip || (diagonal && (g.on_main_diagonal(c) || g.on_anti_diagonal(c)));
    }
    if (skip || (common & xy) != xy) continue;
    rectangle(t, p, corner, xy, rating, out);
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
