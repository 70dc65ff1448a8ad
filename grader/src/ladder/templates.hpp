#pragma once
// Digits that single-digit logic has nothing left to do in, found by their templates
// (the "pattern overlay method"): a template of digit d is a way to place d once in
// every unit that still needs it, on cells that may hold it. Every single-digit
// technique of the ladder (fish, finned fish, skyscraper, kite, turbot fish, simple
// colouring, X-chains, Nishio) reasons from d's own cells and rules alone, so what it
// takes out lies in no template, and what it places lies in all of them. A digit
// whose every candidate cell lies in some template, and none of whose open cells lies
// in all, is "settled": those rungs find nothing in it, and the ladder does not ask
// them (the rating is the same: tests/grader/templates_test.cpp and memo_test.cpp).
// This is a filter, never a step: no rating comes from it.
//
// The answer depends on the digit's candidate cells alone, so it is kept per digit
// until they change. The solution's placement of d is a template to start from; the
// rest are found by a search that must pass through (or avoid) a given cell, row by
// row, fewest places first. A digit whose searches take more than kNodeBudget nodes
// together is called unsettled, which only costs the rungs their usual work.
//
// The positions of one puzzle that of() is asked about only lose candidates (the
// ladder's path), so a digit only loses templates: a template of a later position is
// one of the earlier position's, less the cells where d has been placed since. So
// what of() found for a digit serves it later too:
//  - an unsettled digit stays unsettled while the cell that showed it keeps d as a
//    candidate: a cell in no template stays in none, and an open cell in every
//    template stays in every one;
//  - the templates found last are templates still where each of their cells has d
//    as a candidate or holds it: the next search starts from them as from the
//    solution's.

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "position.hpp"

namespace sudoforge::grader::ladder {

template <int W>
class SettledDigits {
  using CellSet = engine::Bits<W>;

 public:
  static constexpr int kNodeBudget = 4096;

  explicit SettledDigits(const Tables<W>& t, int node_budget = kNodeBudget) : t_(t), budget_(node_budget) {
    units_of_.resize(static_cast<std::size_t>(t.cells));
    for (Cell c = 0; c < t.cells; ++c) {
      const auto& info = t.cell_units[static_cast<std::size_t>(c)];
      std::uint64_t units = 0;
      for (int i = 0; i < info.count; ++i) units |= std::uint64_t{1} << info.unit[static_cast<std::size_t>(i)];
      units_of_[static_cast<std::size_t>(c)] = units;
    }
  }

  // A new puzzle, with its solution (digits 1-based by cell).
  void start(const std::uint8_t* solution) {
    solution_ = solution;
    for (Known& known : known_) {
      known.valid = false;
      known.witness = -1;
      known.kept = 0;
    }
  }

  // Of `digits`, those settled in `p` (a position of the puzzle started, which keeps
  // every true candidate, and has no candidate the positions asked about before had
  // not).
  Mask of(const Position<W>& p, Mask digits) {
    Mask settled = 0;
    for (; digits != 0; digits &= digits - 1) {
      const int d = std::countr_zero(digits);
      Known& known = known_[static_cast<std::size_t>(d)];
      if (!known.valid || known.cells != p.cells_of(d)) {
        known.cells = p.cells_of(d);
        known.valid = true;
        // (Unsettled still while its witness keeps d: no search.)
        if (known.settled || known.witness < 0 || !p.has(known.witness, d)) known.settled = settle(p, d, known);
      }
      settled |= static_cast<Mask>(known.settled) << d;
    }
    return settled;
  }

 private:
  // The most templates kept a digit for its next search.
  static constexpr int kKept = 8;
  struct Known {
    CellSet cells;
    bool settled = false;
    bool valid = false;
    Cell witness = -1;  // unsettled: a cell in no template, or an open cell in all (-1: the budget ran out)
    int kept = 0;
    std::array<CellSet, kKept> templates{};  // found by the last search (settled or not)
  };

  // Whether digit d is settled in `p`: its witness or templates into `known`, which
  // holds those of an earlier position of the puzzle (or none).
  bool settle(const Position<W>& p, int d, Known& known) {
    load(p, d);
    nodes_ = 0;
    known.witness = -1;
    // The cells in some template found so far, and those in every one: the
    // solution's placement to start with, if the position kept it whole, and the
    // templates of the last search that are templates still.
    CellSet some;
    int true_cells = 0;
    for (int e = 0; e < entries_; ++e) {
      const Cell c = entry_cell_[static_cast<std::size_t>(e)];
      if (solution_ != nullptr && solution_[c] == d + 1) {
        some.set(c);
        ++true_cells;
      }
    }
    const bool from_solution = true_cells == rows_;
    if (!from_solution) some = CellSet{};
    const CellSet& cells = p.cells_of(d);
    CellSet every = from_solution ? some : cells;
    int kept = 0;
    for (int k = 0; k < known.kept; ++k) {
      const CellSet& old = known.templates[static_cast<std::size_t>(k)];
      bool still = true;
      old.for_each([&](int c) { still = still && (cells.test(c) || p.value[static_cast<std::size_t>(c)] == d + 1); });
      if (!still) continue;
      const CellSet now = old & cells;
      some |= now;
      every &= now;
      known.templates[static_cast<std::size_t>(kept++)] = now;
    }
    known.kept = kept;
    for (int e = 0; e < entries_; ++e) {
      const Cell x = entry_cell_[static_cast<std::size_t>(e)];
      if (some.test(x)) continue;
      // A template through x, or x can go.
      avoid_ = -1;
      chosen_count_ = 0;
      chosen_[chosen_count_++] = x;
      if (!search(0, entry_units_[static_cast<std::size_t>(e)])) {
        if (nodes_ <= budget_) known.witness = x;
        return false;
      }
      const CellSet found = chosen();
      keep(known, found);
      some |= found;
      every &= found;
    }
    // A template without each cell in every one so far, or that cell must hold d.
    while (every.any()) {
      avoid_ = every.first();
      chosen_count_ = 0;
      if (!search(0, 0)) {
        if (nodes_ <= budget_) known.witness = avoid_;
        return false;
      }
      const CellSet found = chosen();
      keep(known, found);
      every &= found;
    }
    return true;
  }
  static void keep(Known& known, const CellSet& found) {
    if (known.kept < kKept) known.templates[static_cast<std::size_t>(known.kept++)] = found;
  }

  // Digit d's rows that need it, fewest places first, with their cells and the
  // units each cell lies in; and the units that need it.
  void load(const Position<W>& p, int d) {
    needed_ = 0;
    for (int u = 0; u < t_.unit_count; ++u) needed_ |= static_cast<std::uint64_t>(p.places(u, d) != 0) << u;
    rows_ = 0;
    entries_ = 0;
    for (int r = 0; r < t_.n; ++r) {  // the first n units are the rows
      Mask at = p.places(r, d);
      if (at == 0) continue;
      const int count = std::popcount(at);
      int k = rows_++;
      for (; k > 0 && row_count_[static_cast<std::size_t>(k - 1)] > count; --k) {
        row_[static_cast<std::size_t>(k)] = row_[static_cast<std::size_t>(k - 1)];
        row_count_[static_cast<std::size_t>(k)] = row_count_[static_cast<std::size_t>(k - 1)];
        row_begin_[static_cast<std::size_t>(k)] = row_begin_[static_cast<std::size_t>(k - 1)];
      }
      row_[static_cast<std::size_t>(k)] = r;
      row_count_[static_cast<std::size_t>(k)] = count;
      row_begin_[static_cast<std::size_t>(k)] = entries_;
      for (; at != 0; at &= at - 1) {
        const Cell c = t_.cell_of(r, std::countr_zero(at));
        entry_cell_[static_cast<std::size_t>(entries_)] = c;
        entry_units_[static_cast<std::size_t>(entries_++)] = units_of_[static_cast<std::size_t>(c)];
      }
    }
  }

  // Completes chosen_ (whose units are `used`) from the k-th row on: true with a
  // template in chosen_, false if there is none (or the budget ran out).
  bool search(int k, std::uint64_t used) {
    if (++nodes_ > budget_) return false;
    while (k < rows_ && (used >> row_[static_cast<std::size_t>(k)] & 1U) != 0) ++k;
    if (k == rows_) return (used & needed_) == needed_;  // (a diagonal may still be missing)
    const int begin = row_begin_[static_cast<std::size_t>(k)];
    for (int e = begin; e < begin + row_count_[static_cast<std::size_t>(k)]; ++e) {
      const std::uint64_t units = entry_units_[static_cast<std::size_t>(e)];
      if ((units & used) != 0 || entry_cell_[static_cast<std::size_t>(e)] == avoid_) continue;
      chosen_[static_cast<std::size_t>(chosen_count_++)] = entry_cell_[static_cast<std::size_t>(e)];
      if (search(k + 1, used | units)) return true;
      --chosen_count_;
    }
    return false;
  }

  CellSet chosen() const {
    CellSet set;
    for (int i = 0; i < chosen_count_; ++i) set.set(chosen_[static_cast<std::size_t>(i)]);
    return set;
  }

  const Tables<W>& t_;
  int budget_;
  std::vector<std::uint64_t> units_of_;  // by cell: its units (bit u)
  const std::uint8_t* solution_ = nullptr;
  std::array<Known, engine::kMaxSize> known_{};
  // The digit being searched.
  std::uint64_t needed_ = 0;  // units that need it
  int rows_ = 0;
  std::array<int, engine::kMaxSize> row_{}, row_count_{}, row_begin_{};
  int entries_ = 0;
  std::array<Cell, engine::kMaxCells> entry_cell_{};
  std::array<std::uint64_t, engine::kMaxCells> entry_units_{};
  Cell avoid_ = -1;
  std::array<Cell, engine::kMaxSize> chosen_{};
  int chosen_count_ = 0;
  int nodes_ = 0;
};

}  // namespace sudoforge::grader::ladder
