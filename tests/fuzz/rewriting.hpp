#pragma once
// For the fuzz targets: a rewriting of a board that no grade may see (harness.cpp).

#include <algorithm>
#include <span>
#include <vector>

#include "sudoforge/engine/geometry.hpp"
#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/random.hpp"

namespace sudoforge::fuzz {

// A rewriting of the board that keeps every unit a unit, so that no grade may see
// it: digits relabelled; in the classic variant bands, rows within bands, stacks and
// columns within stacks permuted, and square boxes transposed; in the diagonal
// variant one permutation of rows and columns that keeps boxes and commutes with
// reversing the order (each diagonal onto itself), the columns then maybe reversed
// (the diagonals swap), and square boxes transposed.
class Rewriting {
 public:
  Rewriting(const engine::Geometry& geometry, engine::Rng& rng) : n_(geometry.size()) {
    digits_.resize(static_cast<std::size_t>(n_ + 1));
    std::vector<int> order(static_cast<std::size_t>(n_));
    for (int d = 0; d < n_; ++d) order[static_cast<std::size_t>(d)] = d + 1;
    rng.shuffle(std::span<int>(order));
    for (int d = 1; d <= n_; ++d) digits_[static_cast<std::size_t>(d)] = order[static_cast<std::size_t>(d - 1)];
    const bool square = geometry.box_rows() == geometry.box_cols();
    transpose_ = square && rng.below(2) == 1;
    if (geometry.variant() == engine::Variant::Classic) {
      rows_ = lines(geometry.box_rows(), rng, false);
      cols_ = lines(geometry.box_cols(), rng, false);
      return;
    }
    rows_ = square ? lines(geometry.box_rows(), rng, true) : reversed_or_not(rng);
    cols_ = rows_;
    if (rng.below(2) == 1) std::reverse(cols_.begin(), cols_.end());
  }

  engine::Grid apply(const engine::Grid& grid) const {
    const engine::Geometry& g = grid.geometry();
    engine::Grid out(g);
    for (int row = 0; row < n_; ++row) {
      for (int col = 0; col < n_; ++col) {
        const int from_row = rows_[static_cast<std::size_t>(row)];
        const int from_col = cols_[static_cast<std::size_t>(col)];
        const engine::Cell from = transpose_ ? g.cell(from_col, from_row) : g.cell(from_row, from_col);
        out.set(g.cell(row, col), static_cast<engine::Digit>(digits_[grid[from]]));
      }
    }
    return out;
  }

 private:
  // The source line of each line: blocks of `block` lines permuted, and lines within
  // blocks; `mirrored`: only such permutations p with p(n-1-i) = n-1-p(i).
  std::vector<int> lines(int block, engine::Rng& rng, bool mirrored) const {
    const int blocks = n_ / block;
    std::vector<int> block_order(static_cast<std::size_t>(blocks));
    std::vector<std::vector<int>> inner(static_cast<std::size_t>(blocks));
    for (int b = 0; b < blocks; ++b) {
      block_order[static_cast<std::size_t>(b)] = b;
      for (int i = 0; i < block; ++i) inner[static_cast<std::size_t>(b)].push_back(i);
    }
    if (!mirrored) {
      rng.shuffle(std::span<int>(block_order));
      for (auto& each : inner) rng.shuffle(std::span<int>(each));
    } else {
      for (int b = 0; b < blocks - 1 - b; ++b) {  // pairs of blocks mirrored into each other, maybe swapped
        if (rng.below(2) == 1) std::swap(block_order[static_cast<std::size_t>(b)], block_order[static_cast<std::size_t>(blocks - 1 - b)]);
      }
      for (int b = 0; b < blocks; ++b) {
        const int mirror = blocks - 1 - b;
        auto& mine = inner[static_cast<std::size_t>(b)];
        if (b < mirror) {
          rng.shuffle(std::span<int>(mine));
          for (int i = 0; i < block; ++i) inner[static_cast<std::size_t>(mirror)][static_cast<std::size_t>(i)] = block - 1 - mine[static_cast<std::size_t>(block - 1 - i)];
        } else if (b == mirror) {  // the middle block: pairs of lines mirrored, maybe swapped
          for (int i = 0; i < block - 1 - i; ++i) {
            if (rng.below(2) == 1) std::swap(mine[static_cast<std::size_t>(i)], mine[static_cast<std::size_t>(block - 1 - i)]);
          }
        }
      }
    }
    std::vector<int> out;
    for (int b = 0; b < blocks; ++b) {
      const int source = block_order[static_cast<std::size_t>(b)];
      for (const int i : inner[static_cast<std::size_t>(b)]) out.push_back(source * block + i);
    }
    return out;
  }
  std::vector<int> reversed_or_not(engine::Rng& rng) const {
    std::vector<int> out(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i) out[static_cast<std::size_t>(i)] = i;
    if (rng.below(2) == 1) std::reverse(out.begin(), out.end());
    return out;
  }

  int n_;
  std::vector<int> digits_;  // new digit of each digit, 0 -> 0
  std::vector<int> rows_;    // source row of each row
  std::vector<int> cols_;    // source column of each column
  bool transpose_ = false;
};

}  // namespace sudoforge::fuzz
