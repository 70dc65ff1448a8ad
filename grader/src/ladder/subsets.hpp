#pragma once
// Naked and hidden subsets of size 2 to 4 in any unit. Naked: k cells whose
// candidates together are k digits; those digits leave the unit's other cells.
// Hidden: k digits whose places in the unit are the same k cells; every other digit
// leaves those cells. As Sudoku Explainer does, a subset is only looked for where its
// complement in the unit is not smaller (a naked set of k needs 2k open cells, a
// hidden one more), so each pattern is named by its cheaper half. The direct hidden
// pair and triple are hidden subsets whose removals leave a hidden single at once in
// the same unit; they report its placement too.

#include <array>
#include <bit>

#include "lanes.hpp"
#include "singles.hpp"

namespace sudoforge::grader::ladder {

namespace subsets_detail {

// Calls f(chosen, union) for every choice of k of the `masks` (as a bit set of
// indices) whose union has exactly k bits.
template <typename F>
void for_each_tuple(const std::array<Mask, engine::kMaxSize>& masks, int count, int k, F&& f) {
  std::array<int, 4> at{};
  std::array<Mask, 5> unions{};
  int depth = 0;
  at[0] = -1;
  while (depth >= 0) {
    const int next = ++at[static_cast<std::size_t>(depth)];
    if (next > count - (k - depth)) {
      --depth;
      continue;
    }
    const Mask joined = unions[static_cast<std::size_t>(depth)] | masks[static_cast<std::size_t>(next)];
    if (std::popcount(joined) > k) continue;
    if (depth + 1 == k) {
      Mask chosen = 0;
      for (int i = 0; i < k; ++i) chosen |= Mask{1} << at[static_cast<std::size_t>(i)];
      f(chosen, joined);
      continue;
    }
    unions[static_cast<std::size_t>(depth + 1)] = joined;
    ++depth;
    at[static_cast<std::size_t>(depth)] = next;
  }
}

constexpr HumanTechnique kNaked[] = {HumanTechnique::NakedPair, HumanTechnique::NakedTriple, HumanTechnique::NakedQuad};
constexpr HumanTechnique kHidden[] = {HumanTechnique::HiddenPair, HumanTechnique::HiddenTriple,
                                      HumanTechnique::HiddenQuad};

}  // namespace subsets_detail

// (Both look only at the units in `units`, and name the unit first.)
template <int W>
void find_naked_subsets(const Tables<W>& t, const Position<W>& p, int k, Parts units, Findings& out) {
  const HumanTechnique technique = subsets_detail::kNaked[k - 2];
  for (; units != 0; units &= units - 1) {
    const int u = std::countr_zero(units);
    const Mask open = p.open_places(u);
    if (std::popcount(open) < 2 * k) continue;
    std::array<Mask, engine::kMaxSize> masks{};
    std::array<Cell, engine::kMaxSize> cells{};
    int count = 0;
    for (Mask rest = open; rest != 0; rest &= rest - 1) {
      const Cell c = t.cell_of(u, std::countr_zero(rest));
      const int size = p.count(c);
      if (size < 2 || size > k) continue;
      cells[static_cast<std::size_t>(count)] = c;
      masks[static_cast<std::size_t>(count++)] = p.cand[static_cast<std::size_t>(c)];
    }
    subsets_detail::for_each_tuple(masks, count, k, [&](Mask chosen, Mask digits) {
      engine::Bits<W> subset;
      for (Mask i = chosen; i != 0; i &= i - 1) subset.set(cells[static_cast<std::size_t>(std::countr_zero(i))]);
      out.start(technique, base_rating(technique), digits);
      out.unit(u);
      out.cells(subset);
      for (Mask ds = digits; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        without(p.cells_of(d) & t.unit_set[static_cast<std::size_t>(u)], subset).for_each([&](int c) {
          out.removal(c, d);
        });
      }
      out.finish();
    });
  }
}

// Hidden subsets of size k; with `direct` (k = 2 or 3), only those that leave a
// hidden single in their unit, reported as the direct technique.
template <int W>
void find_hidden_subsets(const Tables<W>& t, const Position<W>& p, int k, bool direct, Parts units, Findings& out) {
  const HumanTechnique technique = direct ? (k == 2 ? HumanTechnique::DirectHiddenPair : HumanTechnique::DirectHiddenTriple)
                                          : subsets_detail::kHidden[k - 2];
  for (; units != 0; units &= units - 1) {
    const int u = std::countr_zero(units);
    const int open = std::popcount(p.open_places(u));
    if (direct ? open <= k : open <= 2 * k) continue;
    const Mask usable = count_lanes(p.where[static_cast<std::size_t>(u)], 2, k);
    if (std::popcount(usable) < k) continue;
    std::array<Mask, engine::kMaxSize> masks;
    std::array<int, engine::kMaxSize> digits;
    int count = 0;
    for (Mask ds = usable; ds != 0; ds &= ds - 1) {
      const int d = std::countr_zero(ds);
      digits[static_cast<std::size_t>(count)] = d;
      masks[static_cast<std::size_t>(count++)] = p.places(u, d);
    }
    subsets_detail::for_each_tuple(masks, count, k, [&](Mask chosen, Mask places) {
      Mask set = 0;
      for (Mask i = chosen; i != 0; i &= i - 1) set |= Mask{1} << digits[static_cast<std::size_t>(std::countr_zero(i))];
      const engine::Bits<W> cells = t.cells_at(u, places);
      // A direct one's singles, each digit's once, found before anything is
      // reported: most hidden subsets leave none.
      std::array<Cell, engine::kMaxSize> single;
      single.fill(-1);
      if (direct) {
        bool any = false;
        for (int d = 0; d < t.n; ++d) {
          const engine::Bits<W> gone = p.cells_of(d) & cells;
          if ((set >> d & 1U) != 0 || !gone.any()) continue;
          single[static_cast<std::size_t>(d)] = direct_single(t, p, u, d, gone);
          any = any || single[static_cast<std::size_t>(d)] >= 0;
        }
        if (!any) return;
      }
      out.start(technique, base_rating(technique), set);
      out.unit(u);
      out.cells(cells);
      for (int d = 0; d < t.n; ++d) {
        if ((set >> d & 1U) != 0) continue;
        (p.cells_of(d) & cells).for_each([&](int c) { out.removal(c, d); });
        if (single[static_cast<std::size_t>(d)] >= 0) out.placement(single[static_cast<std::size_t>(d)], d);
      }
      out.finish();
    });
  }
}

}  // namespace sudoforge::grader::ladder
