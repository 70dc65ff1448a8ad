#pragma once
// The candidate position the ladder's finders read, in the three views they need:
// each open cell's candidates (a digit mask), each digit's cells (a cell set: one bit
// per cell, W words), and each unit's places of each digit (a mask of the unit's
// cells, bit k for its k-th cell). Every change goes through place() and remove(),
// which keep the three in step. Digits are indices 0..N-1 here, as on the boards.
//
// Tables holds what never changes for a geometry: the units' cells and cell sets,
// peers, and the pairs of units that share two or more cells (box and line, or a
// diagonal and a box), where locked candidates live.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "lanes.hpp"
#include "sudoforge/engine/bits.hpp"
#include "sudoforge/engine/geometry.hpp"
#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::grader::ladder {

using engine::Cell;
using Mask = std::uint32_t;  // digits of a cell, or places of a digit in a unit
using Parts = std::uint64_t;  // digits (bit d) or units (bit u) of a position

// Words of a cell set for a geometry of `cells` cells.
constexpr int words_for(int cells) { return (cells + 63) / 64; }

template <int W>
struct Tables {
  using CellSet = engine::Bits<W>;

  struct Crossing {
    int first;   // a unit
    int second;  // another unit sharing two or more cells with it
    CellSet common;
    Mask first_places;   // the common cells as places of `first`
    Mask second_places;  // ... and of `second`
    // Crossings of another unit of first's kind with the same second, each with the
    // places of that unit (as `first_places` are) which this crossing's locked
    // candidates take: those in `second` but not in `first`. Two lines or boxes of
    // one kind share no cell, so that is all of them, but the two diagonals share
    // the centre cell of an odd grid.
    struct Sibling {
      int crossing;
      Mask taken;
    };
    std::vector<Sibling> siblings;
    int reverse = -1;  // the crossing of `second` with `first`
  };

  explicit Tables(const engine::Geometry& geometry) : units(geometry) {
    n = geometry.size();
    cells = geometry.cell_count();
    unit_count = geometry.unit_count();
    unit_cells.resize(static_cast<std::size_t>(unit_count));
    unit_set.resize(static_cast<std::size_t>(unit_count));
    for (int u = 0; u < unit_count; ++u) {
      int k = 0;
      for (const Cell cell : units.cells(u)) {
        unit_cells[static_cast<std::size_t>(u)][static_cast<std::size_t>(k++)] = static_cast<std::int16_t>(cell);
        unit_set[static_cast<std::size_t>(u)].set(cell);
      }
    }
    cell_units.resize(static_cast<std::size_t>(cells));
    peers.resize(static_cast<std::size_t>(cells));
    for (Cell cell = 0; cell < cells; ++cell) {
      CellInfo& info = cell_units[static_cast<std::size_t>(cell)];
      for (const int u : units.units_of(cell)) {
        info.unit[static_cast<std::size_t>(info.count)] = static_cast<std::int8_t>(u);
        info.index[static_cast<std::size_t>(info.count)] = static_cast<std::int8_t>(index_in(u, cell));
        ++info.count;
      }
      for (const Cell peer : units.peers(cell)) peers[static_cast<std::size_t>(cell)].set(peer);
    }
    for (int a = 0; a < unit_count; ++a) {
      for (int b = 0; b < unit_count; ++b) {
        if (a == b) continue;
        const CellSet common = unit_set[static_cast<std::size_t>(a)] & unit_set[static_cast<std::size_t>(b)];
        if (common.count() >= 2) crossings.push_back({a, b, common, places_of(a, common), places_of(b, common), {}});
      }
    }
    for (std::size_t i = 0; i < crossings.size(); ++i) {
      for (std::size_t j = 0; j < crossings.size(); ++j) {
        if (crossings[j].first == crossings[i].second && crossings[j].second == crossings[i].first) {
          crossings[i].reverse = static_cast<int>(j);
        }
        if (i != j && crossings[j].second == crossings[i].second &&
            units.kind(crossings[j].first) == units.kind(crossings[i].first)) {
          const CellSet taken = without(crossings[j].common, unit_set[static_cast<std::size_t>(crossings[i].first)]);
          crossings[i].siblings.push_back({static_cast<int>(j), places_of(crossings[j].first, taken)});
        }
      }
    }
  }

  int index_in(int unit, Cell cell) const {
    for (int k = 0; k < n; ++k) {
      if (unit_cells[static_cast<std::size_t>(unit)][static_cast<std::size_t>(k)] == cell) return k;
    }
    return -1;
  }
  Cell cell_of(int unit, int k) const {
    return unit_cells[static_cast<std::size_t>(unit)][static_cast<std::size_t>(k)];
  }
  bool is_box(int unit) const { return unit >= 2 * n && unit < 3 * n; }
  bool is_row(int unit) const { return unit < n; }
  bool is_column(int unit) const { return unit >= n && unit < 2 * n; }
  // The cells of `unit` at the places in `places`.
  CellSet cells_at(int unit, Mask places) const {
    CellSet set;
    for (; places != 0; places &= places - 1) set.set(cell_of(unit, std::countr_zero(places)));
    return set;
  }
  // Places (unit bits) of the cells of `set` that lie in `unit`.
  Mask places_of(int unit, const CellSet& set) const {
    Mask places = 0;
    for (int k = 0; k < n; ++k) places |= static_cast<Mask>(set.test(cell_of(unit, k))) << k;
    return places;
  }
  bool sees(Cell a, Cell b) const { return peers[static_cast<std::size_t>(a)].test(b); }

  struct CellInfo {
    std::array<std::int8_t, 5> unit{};
    std::array<std::int8_t, 5> index{};  // the cell's place in that unit
    int count = 0;
  };

  engine::Units units;
  int n = 0;
  int cells = 0;
  int unit_count = 0;
  std::vector<std::array<std::int16_t, engine::kMaxSize>> unit_cells;
  std::vector<CellSet> unit_set;
  std::vector<CellInfo> cell_units;
  std::vector<CellSet> peers;
  std::vector<Crossing> crossings;
};

// A position's places by unit, as made elsewhere (the ladder's first rounds, on the
// unit-major boards: board_singles.hpp) for Position::start to take over: for each
// unit u of the geometry, where[u][d] (bit k: its k-th cell, open, may hold digit d),
// the digits placed in it and its open cells as places.
struct UnitPlaces {
  std::array<LanePlaces, engine::kMaxUnits> where;
  std::array<std::uint16_t, engine::kMaxUnits> placed;
  std::array<std::uint16_t, engine::kMaxUnits> open_at;
};

template <int W>
struct Position {
  using CellSet = engine::Bits<W>;
  using T = Tables<W>;

  std::array<CellSet, engine::kMaxSize> digit{};  // digit d's candidate cells
  std::array<std::uint16_t, engine::kMaxCells> cand{};  // an open cell's candidates; 0 once placed
  std::array<std::uint8_t, engine::kMaxCells> value{};  // placed digit (1-based), 0 while open
  std::array<std::array<std::uint16_t, engine::kMaxSize>, engine::kMaxUnits> where{};  // where[u][d]
  std::array<std::uint16_t, engine::kMaxUnits> placed{};  // digits placed in each unit
  std::array<std::uint16_t, engine::kMaxUnits> open_at{};  // each unit's open cells, as places
  std::uint64_t one_open = 0;  // the units with exactly one open cell (bit u)
  // The units where some digit may have one place left (bit u): every unit that has
  // one, and perhaps others (a finder that looks may drop those).
  std::uint64_t may_single = 0;
  CellSet open;

  // Every digit possible in every cell.
  void clear(const T& t) {
    const Mask all = (Mask{1} << t.n) - 1;
    open = CellSet::first_n(t.cells);
    for (int d = 0; d < t.n; ++d) digit[static_cast<std::size_t>(d)] = open;
    for (Cell c = 0; c < t.cells; ++c) {
      cand[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(all);
      value[static_cast<std::size_t>(c)] = 0;
    }
    for (int u = 0; u < t.unit_count; ++u) {
      placed[static_cast<std::size_t>(u)] = 0;
      open_at[static_cast<std::size_t>(u)] = static_cast<std::uint16_t>(all);
      for (int d = 0; d < t.n; ++d) where[static_cast<std::size_t>(u)][static_cast<std::size_t>(d)] = static_cast<std::uint16_t>(all);
    }
    find_unit_marks(t);
  }

  // The givens of `puzzle` placed (what clear() and place() of each would give, for
  // givens that do not clash), the views made at once.
  void start(const T& t, const engine::Grid& puzzle) {
    // Without a branch on given or blank anywhere (17 givens of 81 at random places
    // would mispredict at every turn): a blank's digit bit is (1 << 0) >> 1 = 0.
    const Mask all = (Mask{1} << t.n) - 1;
    open = CellSet{};
    for (int u = 0; u < t.unit_count; ++u) {
      placed[static_cast<std::size_t>(u)] = 0;
      open_at[static_cast<std::size_t>(u)] = 0;
      where[static_cast<std::size_t>(u)].fill(0);
    }
    for (Cell c = 0; c < t.cells; ++c) {
      value[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(puzzle[c]);
      const auto bit = static_cast<std::uint16_t>((1U << puzzle[c]) >> 1);
      const auto& info = t.cell_units[static_cast<std::size_t>(c)];
      for (int i = 0; i < info.count; ++i) placed[static_cast<std::size_t>(info.unit[static_cast<std::size_t>(i)])] |= bit;
    }
    for (Cell c = 0; c < t.cells; ++c) {
      const auto blank = static_cast<Mask>(puzzle[c] == 0);
      Mask m = all & (0U - blank);
      const auto& info = t.cell_units[static_cast<std::size_t>(c)];
      for (int i = 0; i < info.count; ++i) m &= ~static_cast<Mask>(placed[static_cast<std::size_t>(info.unit[static_cast<std::size_t>(i)])]);
      open.words[static_cast<std::size_t>(c >> 6)] |= std::uint64_t{blank} << (c & 63);
      cand[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(m);
    }
    find_digit_cells(t);
    for (int u = 0; u < t.unit_count; ++u) {
      LanePlaces cells{};  // the unit's cells' candidates (0 for givens)
      unsigned blanks = 0;
      for (int k = 0; k < t.n; ++k) {
        const Cell c = t.cell_of(u, k);
        cells[static_cast<std::size_t>(k)] = cand[static_cast<std::size_t>(c)];
        blanks |= static_cast<unsigned>(puzzle[c] == 0) << k;
      }
      open_at[static_cast<std::size_t>(u)] = static_cast<std::uint16_t>(blanks);
      transpose_places(cells, t.n, where[static_cast<std::size_t>(u)]);
    }
    find_unit_marks(t);
  }

  // The same position from `grid` (its placed digits) and `units`, its places by
  // unit, which those of `grid` with nothing eliminated must be: what start(t, grid)
  // makes, with each unit's places taken as they are and each cell's candidates read
  // off its row's (each cell lies in one row).
  void start(const T& t, const engine::Grid& grid, const UnitPlaces& units) {
    for (int u = 0; u < t.unit_count; ++u) {
      const auto at = static_cast<std::size_t>(u);
      where[at] = units.where[at];
      placed[at] = units.placed[at];
      open_at[at] = units.open_at[at];
    }
    open = CellSet{};
    for (Cell c = 0; c < t.cells; ++c) {
      value[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(grid[c]);
      open.words[static_cast<std::size_t>(c >> 6)] |= std::uint64_t{grid[c] == 0} << (c & 63);
    }
    for (int row = 0; row < t.n; ++row) {
      LanePlaces cells;  // the row's cells' candidates (0 for placed ones)
      transpose_places(where[static_cast<std::size_t>(row)], t.n, cells);
      for (int k = 0; k < t.n; ++k) cand[static_cast<std::size_t>(t.cell_of(row, k))] = cells[static_cast<std::size_t>(k)];
    }
    find_digit_cells(t);
    find_unit_marks(t);
  }

  // Digit d's cells from open and placed: the open cells outside every unit that
  // holds d (for a position with nothing eliminated).
  void find_digit_cells(const T& t) {
    for (int d = 0; d < t.n; ++d) digit[static_cast<std::size_t>(d)] = open;
    for (int u = 0; u < t.unit_count; ++u) {
      for (Mask ds = placed[static_cast<std::size_t>(u)]; ds != 0; ds &= ds - 1) {
        digit[static_cast<std::size_t>(std::countr_zero(ds))].remove(t.unit_set[static_cast<std::size_t>(u)]);
      }
    }
  }

  // one_open and may_single from open_at and where (place() and remove() keep them
  // up to date after).
  void find_unit_marks(const T& t) {
    one_open = 0;
    may_single = 0;
    for (int u = 0; u < t.unit_count; ++u) {
      if (std::popcount(static_cast<unsigned>(open_at[static_cast<std::size_t>(u)])) == 1) one_open |= std::uint64_t{1} << u;
      if (single_lanes(where[static_cast<std::size_t>(u)]) != 0) may_single |= std::uint64_t{1} << u;
    }
  }

  // The candidates of `other` (cand, digit, where, open_at and open), without its
  // placed digits and unit marks: for a working copy that only loses candidates
  // (remove()) and is read through them. Copies only what the geometry uses.
  void copy_candidates(const T& t, const Position& other) {
    std::copy_n(other.cand.begin(), t.cells, cand.begin());
    std::copy_n(other.digit.begin(), t.n, digit.begin());
    std::copy_n(other.where.begin(), t.unit_count, where.begin());
    std::copy_n(other.open_at.begin(), t.unit_count, open_at.begin());
    open = other.open;
  }

  bool has(Cell c, int d) const { return (cand[static_cast<std::size_t>(c)] >> d & 1U) != 0; }
  int count(Cell c) const { return std::popcount(static_cast<unsigned>(cand[static_cast<std::size_t>(c)])); }
  Mask places(int unit, int d) const { return where[static_cast<std::size_t>(unit)][static_cast<std::size_t>(d)]; }
  // Open cells of a unit, as places.
  Mask open_places(int unit) const { return open_at[static_cast<std::size_t>(unit)]; }
  bool is_placed(int unit, int d) const { return (placed[static_cast<std::size_t>(unit)] >> d & 1U) != 0; }
  const CellSet& cells_of(int d) const { return digit[static_cast<std::size_t>(d)]; }
  // The open cells with exactly `k` candidates (k < 4), counted over the n digits'
  // cells a bit slice at a time instead of cell by cell.
  CellSet cells_with(const T& t, int k) const {
    engine::SliceCount<CellSet> count;
    for (int d = 0; d < t.n; ++d) count.add(digit[static_cast<std::size_t>(d)]);
    const CellSet ones_bit = (k & 1) != 0 ? count.ones : without(open, count.ones);
    const CellSet twos_bit = (k & 2) != 0 ? count.twos : without(open, count.twos);
    return without(ones_bit & twos_bit, count.more);
  }

  // Digit d leaves cell c (it must be a candidate there). `Marks`: may_single is kept
  // up to date (a working copy that copy_candidates() made keeps no unit marks).
  template <bool Marks = true>
  void remove(const T& t, Cell c, int d) {
    cand[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(cand[static_cast<std::size_t>(c)] & ~(1U << d));
    digit[static_cast<std::size_t>(d)].reset(c);
    const auto& info = t.cell_units[static_cast<std::size_t>(c)];
    for (int i = 0; i < info.count; ++i) take_place<Marks>(info.unit[static_cast<std::size_t>(i)], d, info.index[static_cast<std::size_t>(i)]);
  }

  // Digit d (a candidate) goes to cell c: its other candidates go, and d leaves c's
  // peers. (What remove() would do for each, with c's units done for all digits at
  // once: c is no digit's place any more, and d has no place left in them.)
  void place(const T& t, Cell c, int d) {
    const auto cell = static_cast<std::size_t>(c);
    for (Mask all = cand[cell]; all != 0; all &= all - 1) digit[static_cast<std::size_t>(std::countr_zero(all))].reset(c);
    cand[cell] = 0;
    value[cell] = static_cast<std::uint8_t>(d + 1);
    open.reset(c);
    const auto& info = t.cell_units[cell];
    for (int i = 0; i < info.count; ++i) {
      const auto u = static_cast<std::size_t>(info.unit[static_cast<std::size_t>(i)]);
      const auto bit = static_cast<std::uint16_t>(1U << info.index[static_cast<std::size_t>(i)]);
      clear_place(where[u], bit);  // any digit of the unit may be down to one place
      may_single |= std::uint64_t{1} << u;
      where[u][static_cast<std::size_t>(d)] = 0;
      placed[u] |= static_cast<std::uint16_t>(1U << d);
      open_at[u] = static_cast<std::uint16_t>(open_at[u] & ~bit);
      // (A unit goes from two or more open cells to one, then none.)
      const unsigned left = open_at[u];
      if ((left & (left - 1)) == 0) {
        const std::uint64_t unit = std::uint64_t{1} << u;
        one_open = left != 0 ? (one_open | unit) : (one_open & ~unit);
      }
    }
    auto& cells = digit[static_cast<std::size_t>(d)];
    const CellSet peers = t.peers[cell] & cells;
    cells.remove(peers);
    peers.for_each([&](int peer) {
      cand[static_cast<std::size_t>(peer)] = static_cast<std::uint16_t>(cand[static_cast<std::size_t>(peer)] & ~(1U << d));
      const auto& units = t.cell_units[static_cast<std::size_t>(peer)];
      for (int i = 0; i < units.count; ++i) take_place(units.unit[static_cast<std::size_t>(i)], d, units.index[static_cast<std::size_t>(i)]);
    });
  }

  // Digit d loses place k of unit u.
  template <bool Marks = true>
  void take_place(int u, int d, int k) {
    auto& w = where[static_cast<std::size_t>(u)][static_cast<std::size_t>(d)];
    const unsigned left = w & ~(1U << k);
    w = static_cast<std::uint16_t>(left);
    // (Without a branch: whether one place is left is as good as random.)
    if constexpr (Marks) may_single |= std::uint64_t{std::popcount(left) == 1} << u;
  }

  // Placed digits (0 for open cells) as a grid of `geometry`.
  engine::Grid grid(const engine::Geometry& geometry) const {
    return engine::Grid(geometry, std::span<const std::uint8_t>(value.data(), static_cast<std::size_t>(geometry.cell_count())));
  }
  bool solved() const { return !open.any(); }
};

}  // namespace sudoforge::grader::ladder
