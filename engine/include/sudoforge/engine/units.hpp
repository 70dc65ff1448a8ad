#pragma once
// The unit table of a geometry: which cells each unit holds, which units and peers
// each cell has. Built once per geometry (it allocates); lookups are O(1).

#include <span>
#include <string>
#include <vector>

#include "sudoforge/engine/geometry.hpp"

namespace sudoforge::engine {

enum class UnitKind { Row, Column, Box, Diagonal };

class Units {
 public:
  explicit Units(const Geometry& geometry);

  const Geometry& geometry() const { return geometry_; }
  int count() const { return geometry_.unit_count(); }

  // The `size` cells of `unit`, in increasing order.
  std::span<const Cell> cells(int unit) const;
  // The units holding `cell`: row, column, box, then any diagonals.
  std::span<const int> units_of(Cell cell) const;
  // Every other cell sharing a unit with `cell`, in increasing order.
  std::span<const Cell> peers(Cell cell) const;

  UnitKind kind(int unit) const;
  // "row 3", "column 5", "box 2", "main diagonal", "anti-diagonal" (1-based).
  std::string name(int unit) const;

 private:
  Geometry geometry_;
  std::vector<Cell> unit_cells_;          // count() * size
  std::vector<int> cell_units_;           // 5 slots per cell
  std::vector<int> cell_unit_counts_;     // 3, 4 or 5 per cell
  std::vector<Cell> peer_cells_;          // flattened
  std::vector<int> peer_offsets_;         // cell_count + 1
};

}  // namespace sudoforge::engine
