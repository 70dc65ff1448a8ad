#pragma once
// A grid of digits (0 = empty) for one geometry. A plain value: fixed capacity,
// no allocation, cheap to copy, safe to hand between threads.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "sudoforge/engine/geometry.hpp"

namespace sudoforge::engine {

class Grid {
 public:
  // An empty classic 9x9 grid.
  Grid() = default;
  // An empty grid of the given geometry.
  explicit Grid(const Geometry& geometry) : geometry_(geometry) {}
  // A grid of the given geometry holding `values` (cell_count() of them, each in
  // [0, size()]), copied in one go.
  Grid(const Geometry& geometry, std::span<const std::uint8_t> values) : geometry_(geometry) {
    std::copy_n(values.begin(), std::min(values.size(), static_cast<std::size_t>(cell_count())), values_.begin());
  }

  const Geometry& geometry() const { return geometry_; }
  int size() const { return geometry_.size(); }
  int cell_count() const { return geometry_.cell_count(); }

  // The digit at `cell` (0 when empty). `cell` must be in [0, cell_count()).
  Digit operator[](Cell cell) const { return values_[static_cast<std::size_t>(cell)]; }
  // Sets `cell` to `digit` (0 clears it). `digit` must be in [0, size()].
  void set(Cell cell, Digit digit) {
    values_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
  }

  // The cell values, cell_count() of them.
  std::span<const std::uint8_t> values() const {
    return {values_.data(), static_cast<std::size_t>(cell_count())};
  }

  int clue_count() const;     // filled cells
  // The filled cells in order into `cells`, listed without a branch per cell (which
  // the blanks and givens of a puzzle would mispredict at every turn); returns how many.
  int filled_cells(std::array<Cell, kMaxCells>& cells) const;
  bool is_complete() const;   // no empty cell

  friend bool operator==(const Grid& a, const Grid& b) {
    return a.geometry_ == b.geometry_ && std::ranges::equal(a.values(), b.values());
  }

 private:
  Geometry geometry_;
  std::array<std::uint8_t, kMaxCells> values_{};
};

}  // namespace sudoforge::engine
