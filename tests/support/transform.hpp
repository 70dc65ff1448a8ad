#pragma once
// A random symmetry of a grid, for tests that a result belongs to the puzzle and not
// to how it is written down. Header only (no GoogleTest), so the fuzz targets use it
// too.

#include <algorithm>
#include <span>
#include <vector>

#include "sudoforge/engine/geometry.hpp"
#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/random.hpp"

namespace sudoforge::test {

// Digits relabelled and lines permuted; maps a puzzle to an equivalent puzzle.
struct Transform {
  std::vector<int> digit_map;  // new digit of each digit, 0 -> 0
  std::vector<int> row_map;    // source row of each row
  std::vector<int> col_map;    // source column of each column
  bool transpose = false;

  engine::Grid apply(const engine::Grid& grid) const {
    const engine::Geometry& geometry = grid.geometry();
    engine::Grid out(geometry);
    for (int row = 0; row < geometry.size(); ++row) {
      for (int col = 0; col < geometry.size(); ++col) {
        const int from_row = row_map[static_cast<std::size_t>(row)];
        const int from_col = col_map[static_cast<std::size_t>(col)];
        const engine::Cell from = transpose ? geometry.cell(from_col, from_row) : geometry.cell(from_row, from_col);
        out.set(geometry.cell(row, col), static_cast<engine::Digit>(digit_map[static_cast<std::size_t>(grid[from])]));
      }
    }
    return out;
  }
};

namespace detail {

// Blocks of `block` lines permuted, and lines permuted within each block: the source
// line of each line. With `mirrored`, only permutations p with p(n-1-i) = n-1-p(i):
// pairs of blocks that mirror each other are swapped or not, a block's lines are
// permuted and its mirror block's follow suit, and a middle block (its own mirror)
// swaps pairs of mirrored lines or not.
inline std::vector<int> permuted_lines(int size, int block, engine::Rng& rng, bool mirrored = false) {
  const auto u = [](int k) { return static_cast<std::size_t>(k); };
  const int blocks = size / block;
  std::vector<int> order(u(blocks));
  std::vector<std::vector<int>> inner(u(blocks), std::vector<int>(u(block)));
  for (int b = 0; b < blocks; ++b) {
    order[u(b)] = b;
    for (int i = 0; i < block; ++i) inner[u(b)][u(i)] = i;
  }
  if (!mirrored) {
    rng.shuffle(std::span<int>(order));
    for (auto& lines : inner) rng.shuffle(std::span<int>(lines));
  } else {
    for (int b = 0; b < blocks - 1 - b; ++b) {
      if (rng.below(2) == 1) std::swap(order[u(b)], order[u(blocks - 1 - b)]);
    }
    for (int b = 0; b <= blocks - 1 - b; ++b) {
      auto& lines = inner[u(b)];
      if (b < blocks - 1 - b) {
        rng.shuffle(std::span<int>(lines));
        for (int i = 0; i < block; ++i) inner[u(blocks - 1 - b)][u(i)] = block - 1 - lines[u(block - 1 - i)];
      } else {
        for (int i = 0; i < block - 1 - i; ++i) {
          if (rng.below(2) == 1) std::swap(lines[u(i)], lines[u(block - 1 - i)]);
        }
      }
    }
  }
  std::vector<int> out;
  for (int b = 0; b < blocks; ++b) {
    for (const int i : inner[u(b)]) out.push_back(order[u(b)] * block + i);
  }
  return out;
}

}  // namespace detail

// A random symmetry of a grid of `geometry`, digits relabelled. The classic variant:
// rows permuted within bands and bands permuted, columns within stacks and stacks
// permuted, and (square boxes only) transposed half of the time. The diagonal
// variant, whose symmetries must keep both diagonals: one permutation p of rows and
// columns alike, that keeps the boxes and commutes with reversing the order (each
// diagonal onto itself; where boxes are not square, only the identity or the
// reversal), then the columns reversed half of the time (the diagonals swap), and
// (square boxes only) transposed half of the time.
inline Transform random_transform(const engine::Geometry& geometry, engine::Rng& rng) {
  Transform t;
  const int size = geometry.size();
  t.digit_map.resize(static_cast<std::size_t>(size + 1));
  std::vector<int> digits(static_cast<std::size_t>(size));
  for (int d = 0; d < size; ++d) digits[static_cast<std::size_t>(d)] = d + 1;
  rng.shuffle(std::span<int>(digits));
  for (int d = 1; d <= size; ++d) t.digit_map[static_cast<std::size_t>(d)] = digits[static_cast<std::size_t>(d - 1)];
  const bool square = geometry.box_rows() == geometry.box_cols();
  if (geometry.variant() == engine::Variant::Classic) {
    t.row_map = detail::permuted_lines(size, geometry.box_rows(), rng);
    t.col_map = detail::permuted_lines(size, geometry.box_cols(), rng);
    t.transpose = square && rng.below(2) == 1;
    return t;
  }
  if (square) {
    t.row_map = detail::permuted_lines(size, geometry.box_rows(), rng, true);
  } else {  // (those that keep bands and stacks of two sizes besides these are left out)
    t.row_map.resize(static_cast<std::size_t>(size));
    const bool reverse = rng.below(2) == 1;
    for (int i = 0; i < size; ++i) t.row_map[static_cast<std::size_t>(i)] = reverse ? size - 1 - i : i;
  }
  t.col_map = t.row_map;
  if (rng.below(2) == 1) {
    for (int& line : t.col_map) line = size - 1 - line;
  }
  t.transpose = square && rng.below(2) == 1;
  return t;
}

}  // namespace sudoforge::test
