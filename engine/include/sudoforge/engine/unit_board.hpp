#pragma once
// The unit-major bitboards that the solver and the grader's techniques work on.
//
// Each digit has one board holding, for every unit, a field of N + 1 bits: bit k
// stands for the unit's k-th cell, and the top bit of the field (the "spare") is set
// while the digit is still to be placed in that unit. Per-field arithmetic (SWAR)
// never borrows across fields because the spare is forced to 1 before subtracting,
// and fields never straddle words, so a few word operations answer a question for
// every unit at once. A cell appears once per unit it is in; rows come first, so the
// first kRowWords words hold every cell once, row-major: the "row section".
//
// Placing digit d in cell c clears c's peers (and the spares of c's units) from d's
// board and marks c solved. The other digits' boards keep c: their bits for solved
// cells are stale and every reader masks them with `solved` (live()). For unsolved
// cells every board is exact, and a placement costs two word loops instead of N.

#include <array>
#include <cstdint>
#include <vector>

#include "sudoforge/engine/bits.hpp"
#include "sudoforge/engine/geometry.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::engine {

namespace unit_board_detail {
struct Shape {
  int fields_per_word;
  int words;      // every unit
  int row_words;  // the row section
};
constexpr Shape shape(int size, int units) {
  const int per_word = 64 / (size + 1);
  return {per_word, (units + per_word - 1) / per_word, (size + per_word - 1) / per_word};
}
// Sized for the diagonal variant, so one layout type serves both variants.
constexpr Shape widest(int size) { return shape(size, 3 * size + 2); }
}  // namespace unit_board_detail

// The tables of the layout for one geometry with N digits. Built once (allocates);
// every accessor is O(1).
template <int N>
class UnitLayout {
 public:
  // Words rounded up to pairs so that the compiler keeps word loops in SSE registers.
  static constexpr int kWords = (unit_board_detail::widest(N).words + 1) / 2 * 2;
  static_assert(kWords % 2 == 0);
  static constexpr int kRowWords = unit_board_detail::widest(N).row_words;
  using Board = Bits<kWords>;
  using RowSet = Bits<kRowWords>;

  explicit UnitLayout(const Geometry& geometry);

  const Geometry& geometry() const { return geometry_; }
  int cell_count() const { return geometry_.cell_count(); }

  const Board& positions(Cell cell) const { return cells_[static_cast<std::size_t>(cell)].positions; }
  // What placing a digit in `cell` clears from that digit's board.
  const Board& placed_mask(Cell cell) const { return cells_[static_cast<std::size_t>(cell)].placed_mask; }
  const RowSet& row_peers(Cell cell) const { return cells_[static_cast<std::size_t>(cell)].row_peers; }
  int row_position(Cell cell) const { return cells_[static_cast<std::size_t>(cell)].row_position; }
  Cell cell_at(int position) const { return position_cell_[static_cast<std::size_t>(position)]; }
  // The unit of a cell position or of a spare bit.
  int unit_at(int position) const { return position_unit_[static_cast<std::size_t>(position)]; }
  int unit_base(int unit) const { return unit_base_[static_cast<std::size_t>(unit)]; }
  // The cell bits of one unit's field.
  const Board& field(int unit) const { return fields_[static_cast<std::size_t>(unit)]; }

  const Board& low() const { return low_; }      // lowest bit of every field
  const Board& spare() const { return spare_; }  // spare bit of every field
  // A digit's board on an empty grid: every cell and every spare.
  const Board& empty_board() const { return empty_board_; }
  const RowSet& row_cells() const { return row_cells_; }  // every cell, row section

  // Per field of `bits` (spares ignored): the spare bit set where the field is
  // non-empty, and where it holds two or more bits.
  // (kWords is even: these loops take two words, one SSE register, at a time.)
  void classify(const Board& bits, Board& nonempty, Board& several) const {
    for (int i = 0; i < kWords / 2; ++i) classify_pair(i, bits.pair(i), nonempty.pair(i), several.pair(i));
  }
  // The same for word pair `i` alone, for callers that fuse it into their own loop.
  void classify_pair(int i, bits_detail::Pair bits, bits_detail::Pair& nonempty, bits_detail::Pair& several) const {
    const auto spare = spare_.pair(i);
    const auto low = low_.pair(i);
    const auto v = bits & ~spare;
    const auto decremented = (v | spare) - low;  // x - 1; spare = (x != 0)
    nonempty = decremented & spare;
    several = (((decremented & v) | spare) - low) & spare;
  }
  // Per field of `bits` (spares ignored), the field without its lowest bit.
  Board drop_lowest(const Board& bits) const {
    Board rest;
    for (int i = 0; i < kWords / 2; ++i) {
      const auto spare = spare_.pair(i);
      const auto v = bits.pair(i) & ~spare;
      rest.pair(i) = ((v | spare) - low_.pair(i)) & v;
    }
    return rest;
  }
  // Per field of `bits` (spares ignored): the spare bit set where it holds exactly
  // two bits (a digit with two places left in a unit, when `bits` is its live board).
  Board exactly_two(const Board& bits) const {
    Board two_or_more;
    Board three_or_more;
    classify(drop_lowest(bits), two_or_more, three_or_more);
    return without(two_or_more, three_or_more);
  }
  // The cell bits of the fields whose spare is set in `flags`.
  Board expand(const Board& flags) const {
    Board cells;
    for (int i = 0; i < kWords / 2; ++i) cells.pair(i) = expand_pair(flags.pair(i));
    return cells;
  }
  static bits_detail::Pair expand_pair(bits_detail::Pair flags) { return flags - (flags >> N); }

 private:
  struct CellInfo {
    Board positions;    // the cell in each of its units
    Board placed_mask;  // peers in each of their units, and the spares of its units
    RowSet row_peers;   // the peers, row section
    int row_position = 0;
  };

  Geometry geometry_;
  Board low_;
  Board spare_;
  Board empty_board_;
  RowSet row_cells_;
  std::vector<CellInfo> cells_;
  std::vector<std::int16_t> position_cell_;
  std::vector<std::int16_t> position_unit_;
  std::vector<int> unit_base_;
  std::vector<Board> fields_;
};

// A candidate state on a layout: one board per digit and the solved cells.
template <int N>
struct UnitBoards {
  using Layout = UnitLayout<N>;
  using Board = typename Layout::Board;
  using RowSet = typename Layout::RowSet;

  std::array<Board, N> boards;
  Board solved;  // every position of every placed cell

  // Every digit possible everywhere.
  void clear(const Layout& layout) {
    boards.fill(layout.empty_board());
    solved = {};
  }
  // Digit index d (0-based) goes to `cell`.
  [[gnu::always_inline]] void place(const Layout& layout, int d, Cell cell) {
    boards[static_cast<std::size_t>(d)].remove(layout.placed_mask(cell));
    solved |= layout.positions(cell);
  }
  [[gnu::always_inline]] void eliminate(const Layout& layout, int d, Cell cell) {
    boards[static_cast<std::size_t>(d)].remove(layout.positions(cell));
  }
  bool is_solved(const Layout& layout, Cell cell) const { return solved.test(layout.row_position(cell)); }
  // Whether d may still go to the unsolved `cell`.
  bool allows(const Layout& layout, int d, Cell cell) const {
    return boards[static_cast<std::size_t>(d)].test(layout.row_position(cell));
  }
  // Digit d's places in unsolved cells, with the spares of the units it still needs.
  [[gnu::always_inline]] Board live(int d) const { return without(boards[static_cast<std::size_t>(d)], solved); }
  bool complete(const Layout& layout) const {
    const RowSet rows = layout.row_cells();
    return (solved.template prefix<Layout::kRowWords>() & rows) == rows;
  }
  // Unsolved cells counted by candidates, bit-sliced, in the row section:
  // planes[k] holds the unsolved cells with more than k candidates.
  template <int K>
  std::array<RowSet, K> count_planes(const Layout& layout) const {
    std::array<RowSet, K> planes{};
    for (int d = 0; d < N; ++d) {
      const RowSet board = boards[static_cast<std::size_t>(d)].template prefix<Layout::kRowWords>();
      for (int k = K - 1; k > 0; --k) planes[k] |= planes[k - 1] & board;
      planes[0] |= board;
    }
    const RowSet open = without(layout.row_cells(), solved.template prefix<Layout::kRowWords>());
    for (auto& plane : planes) plane &= open;
    return planes;
  }
  // The candidates of an unsolved cell as a mask (bit d for digit index d).
  std::uint32_t candidates(const Layout& layout, Cell cell) const {
    std::uint32_t digits = 0;
    const int position = layout.row_position(cell);
    for (int d = 0; d < N; ++d) digits |= static_cast<std::uint32_t>(boards[d].test(position)) << d;
    return digits;
  }
};

template <int N>
UnitLayout<N>::UnitLayout(const Geometry& geometry)
    : geometry_(geometry),
      cells_(static_cast<std::size_t>(geometry.cell_count())),
      position_cell_(64 * kWords, -1),
      position_unit_(64 * kWords, -1) {
  const Units units(geometry);
  const unit_board_detail::Shape shape = unit_board_detail::shape(N, geometry.unit_count());
  fields_.resize(static_cast<std::size_t>(units.count()));
  for (int unit = 0; unit < units.count(); ++unit) {
    const int base = (unit / shape.fields_per_word) * 64 + (unit % shape.fields_per_word) * (N + 1);
    unit_base_.push_back(base);
    low_.set(base);
    spare_.set(base + N);
    empty_board_.set(base + N);
    position_unit_[static_cast<std::size_t>(base + N)] = static_cast<std::int16_t>(unit);
    int k = 0;
    for (Cell cell : units.cells(unit)) {
      const int position = base + k++;
      empty_board_.set(position);
      fields_[static_cast<std::size_t>(unit)].set(position);
      cells_[static_cast<std::size_t>(cell)].positions.set(position);
      position_cell_[static_cast<std::size_t>(position)] = static_cast<std::int16_t>(cell);
      position_unit_[static_cast<std::size_t>(position)] = static_cast<std::int16_t>(unit);
      if (unit < N) cells_[static_cast<std::size_t>(cell)].row_position = position;
    }
  }
  for (Cell cell = 0; cell < geometry.cell_count(); ++cell) {
    CellInfo& info = cells_[static_cast<std::size_t>(cell)];
    for (Cell peer : units.peers(cell)) {
      info.placed_mask |= cells_[static_cast<std::size_t>(peer)].positions;
      info.row_peers.set(cells_[static_cast<std::size_t>(peer)].row_position);
    }
    for (int unit : units.units_of(cell)) info.placed_mask.set(unit_base_[static_cast<std::size_t>(unit)] + N);
    row_cells_.set(info.row_position);
  }
}

}  // namespace sudoforge::engine
