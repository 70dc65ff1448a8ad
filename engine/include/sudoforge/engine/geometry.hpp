#pragma once
// Grid shapes: boxes of R x C cells, N = R * C digits, an N x N grid, and the variant.

#include <cstdint>
#include <string>
#include <string_view>

#include "sudoforge/engine/types.hpp"

namespace sudoforge::engine {

enum class Variant : std::uint8_t {
  Classic,   // rows, columns and boxes
  Diagonal,  // X-Sudoku: both main diagonals are units too
};

std::string_view variant_name(Variant variant);  // "classic" or "diagonal"

class Geometry {
 public:
  // The classic 9x9 grid with 3x3 boxes.
  constexpr Geometry() = default;

  // Boxes of `box_rows` x `box_cols` cells. Throws std::invalid_argument unless
  // both are >= 1 and their product (the digit count) is between 1 and kMaxSize.
  Geometry(int box_rows, int box_cols, Variant variant = Variant::Classic);

  // The usual box shape for `size` digits: the most square R x C with R <= C and
  // R > 1 (6 -> 2x3, 12 -> 3x4). Throws std::invalid_argument for sizes out of range
  // or without such a shape (primes: ask for a 1 x N box explicitly).
  static Geometry for_size(int size, Variant variant = Variant::Classic);

  // Parses "RxC" (e.g. "2x3"). Throws std::invalid_argument naming the text.
  static Geometry parse_box(std::string_view text, Variant variant = Variant::Classic);

  constexpr int box_rows() const { return box_rows_; }
  constexpr int box_cols() const { return box_cols_; }
  constexpr Variant variant() const { return variant_; }
  constexpr int size() const { return box_rows_ * box_cols_; }
  constexpr int cell_count() const { return size() * size(); }
  constexpr int unit_count() const { return 3 * size() + (variant_ == Variant::Diagonal ? 2 : 0); }

  constexpr int row(Cell cell) const { return cell / size(); }
  constexpr int col(Cell cell) const { return cell % size(); }
  constexpr int box(Cell cell) const {
    return (row(cell) / box_rows_) * (size() / box_cols_) + col(cell) / box_cols_;
  }
  constexpr Cell cell(int row, int col) const { return row * size() + col; }
  constexpr bool on_main_diagonal(Cell cell) const { return row(cell) == col(cell); }
  constexpr bool on_anti_diagonal(Cell cell) const { return row(cell) + col(cell) == size() - 1; }

  // "9x9", "6x6 (2x3 boxes)", "9x9 diagonal": for messages and storage.
  std::string name() const;

  friend constexpr bool operator==(const Geometry&, const Geometry&) = default;

 private:
  std::uint8_t box_rows_ = 3;
  std::uint8_t box_cols_ = 3;
  Variant variant_ = Variant::Classic;
};

// "r3c5": 1-based row and column, as people read them.
std::string cell_name(const Geometry& geometry, Cell cell);

}  // namespace sudoforge::engine
