#pragma once
// Singles for the ladder: full house (the last open cell of a unit), hidden singles
// (a digit with one place left in a unit; boxes rate lower than lines) and naked
// singles (a cell with one candidate left). Each placement is reported once, by the
// first unit that shows it, so counts do not depend on how many units agree.

#include <bit>

#include "findings.hpp"
#include "lanes.hpp"

namespace sudoforge::grader::ladder {

// Calls f(unit, cell, digit) for each full house, each cell once.
template <int W, typename F>
void for_each_full_house(const Tables<W>& t, const Position<W>& p, F&& f) {
  engine::Bits<W> seen;
  for (std::uint64_t units = p.one_open; units != 0; units &= units - 1) {
    const int u = std::countr_zero(units);
    const Mask open = p.open_places(u);
    const Cell c = t.cell_of(u, std::countr_zero(open));
    if (seen.test(c) || p.count(c) != 1) continue;
    seen.set(c);
    f(u, c, std::countr_zero(static_cast<unsigned>(p.cand[static_cast<std::size_t>(c)])));
  }
}

// Calls f(unit, cell, digit) for each hidden single in boxes (boxes = true) or in
// rows, columns and diagonals, each cell once, looking only at the units that may
// have one (Position::may_single). Returns those it looked at that have none.
template <int W, typename F>
std::uint64_t for_each_hidden_single(const Tables<W>& t, const Position<W>& p, bool boxes, F&& f) {
  engine::Bits<W> seen;
  std::uint64_t none = 0;
  const auto scan = [&](int first, int last) {
    const std::uint64_t range = ((last == 64 ? 0 : std::uint64_t{1} << last) - 1) & ~((std::uint64_t{1} << first) - 1);
    for (std::uint64_t units = p.may_single & range; units != 0; units &= units - 1) {
      const int u = std::countr_zero(units);
      const Mask digits = single_lanes(p.where[static_cast<std::size_t>(u)]);
      none |= std::uint64_t{digits == 0} << u;
      for (Mask ds = digits; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        const Cell c = t.cell_of(u, std::countr_zero(static_cast<Mask>(p.places(u, d))));
        if (seen.test(c)) continue;
        seen.set(c);
        f(u, c, d);
      }
    }
  };
  // Units in order: the boxes are [2n, 3n); the lines are the rows and columns
  // before them and the diagonals after.
  if (boxes) {
    scan(2 * t.n, 3 * t.n);
  } else {
    scan(0, 2 * t.n);
    scan(3 * t.n, t.unit_count);
  }
  return none;
}

template <int W>
void report_single(HumanTechnique technique, int u, Cell c, int d, Findings& out) {
  out.start(technique, base_rating(technique), Mask{1} << d);
  out.unit(u);
  out.cell(c);
  out.placement(c, d);
  out.finish();
}

template <int W>
void find_full_houses(const Tables<W>& t, const Position<W>& p, Findings& out) {
  for_each_full_house(t, p, [&](int u, Cell c, int d) { report_single<W>(HumanTechnique::FullHouse, u, c, d, out); });
}

template <int W>
void find_hidden_singles(const Tables<W>& t, const Position<W>& p, bool boxes, Findings& out) {
  const HumanTechnique technique = boxes ? HumanTechnique::HiddenSingleBox : HumanTechnique::HiddenSingleLine;
  for_each_hidden_single(t, p, boxes, [&](int u, Cell c, int d) { report_single<W>(technique, u, c, d, out); });
}

template <int W>
void find_naked_singles(const Tables<W>& t, const Position<W>& p, Findings& out) {
  p.open.for_each([&](int c) {
    if (p.count(c) != 1) return;
    const int d = std::countr_zero(static_cast<unsigned>(p.cand[static_cast<std::size_t>(c)]));
    out.start(HumanTechnique::NakedSingle, base_rating(HumanTechnique::NakedSingle), Mask{1} << d);
    out.cell(c);
    out.placement(c, d);
    out.finish();
  });
  (void)t;
}

// Whether removing `gone` (cells of digit d) leaves d exactly one place in `unit`,
// where it had more: the hidden single a "direct" technique makes. Returns the cell
// or -1.
template <int W>
Cell direct_single(const Tables<W>& t, const Position<W>& p, int unit, int d, const engine::Bits<W>& gone) {
  if (p.is_placed(unit, d)) return -1;
  const engine::Bits<W> before = p.cells_of(d) & t.unit_set[static_cast<std::size_t>(unit)];
  if (before.count_upto_2() < 2) return -1;
  const engine::Bits<W> after = without(before, gone);
  if (after.count_upto_2() != 1) return -1;
  return after.first();
}

}  // namespace sudoforge::grader::ladder
