#include "sudoforge/engine/units.hpp"

#include <algorithm>

namespace sudoforge::engine {

namespace {
constexpr int kUnitSlots = 5;  // row, column, box and up to two diagonals
}

Units::Units(const Geometry& geometry) : geometry_(geometry) {
  const int size = geometry.size();
  const int cells = geometry.cell_count();
  unit_cells_.reserve(static_cast<std::size_t>(count() * size));
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) unit_cells_.push_back(geometry.cell(row, col));
  }
  for (int col = 0; col < size; ++col) {
    for (int row = 0; row < size; ++row) unit_cells_.push_back(geometry.cell(row, col));
  }
  for (int box = 0; box < size; ++box) {
    for (Cell cell = 0; cell < cells; ++cell) {
      if (geometry.box(cell) == box) unit_cells_.push_back(cell);
    }
  }
  if (geometry.variant() == Variant::Diagonal) {
    for (int i = 0; i < size; ++i) unit_cells_.push_back(geometry.cell(i, i));
    for (int i = 0; i < size; ++i) unit_cells_.push_back(geometry.cell(size - 1 - i, i));
  }

  cell_units_.assign(static_cast<std::size_t>(cells * kUnitSlots), -1);
  cell_unit_counts_.assign(static_cast<std::size_t>(cells), 0);
  for (int unit = 0; unit < count(); ++unit) {
    for (Cell cell : this->cells(unit)) {
      auto& n = cell_unit_counts_[static_cast<std::size_t>(cell)];
      cell_units_[static_cast<std::size_t>(cell * kUnitSlots + n)] = unit;
      ++n;
    }
  }

  peer_offsets_.reserve(static_cast<std::size_t>(cells + 1));
  peer_offsets_.push_back(0);
  std::vector<char> seen(static_cast<std::size_t>(cells));
  for (Cell cell = 0; cell < cells; ++cell) {
    std::ranges::fill(seen, 0);
    for (int unit : units_of(cell)) {
      for (Cell other : this->cells(unit)) seen[static_cast<std::size_t>(other)] = 1;
    }
    seen[static_cast<std::size_t>(cell)] = 0;
    for (Cell other = 0; other < cells; ++other) {
      if (seen[static_cast<std::size_t>(other)]) peer_cells_.push_back(other);
    }
    peer_offsets_.push_back(static_cast<int>(peer_cells_.size()));
  }
}

std::span<const Cell> Units::cells(int unit) const {
  const auto size = static_cast<std::size_t>(geometry_.size());
  return std::span<const Cell>(unit_cells_).subspan(static_cast<std::size_t>(unit) * size, size);
}

std::span<const int> Units::units_of(Cell cell) const {
  return std::span<const int>(cell_units_)
      .subspan(static_cast<std::size_t>(cell * kUnitSlots),
               static_cast<std::size_t>(cell_unit_counts_[static_cast<std::size_t>(cell)]));
}

std::span<const Cell> Units::peers(Cell cell) const {
  const auto begin = static_cast<std::size_t>(peer_offsets_[static_cast<std::size_t>(cell)]);
  const auto end = static_cast<std::size_t>(peer_offsets_[static_cast<std::size_t>(cell) + 1]);
  return std::span<const Cell>(peer_cells_).subspan(begin, end - begin);
}

UnitKind Units::kind(int unit) const {
  const int size = geometry_.size();
  if (unit < size) return UnitKind::Row;
  if (unit < 2 * size) return UnitKind::Column;
  if (unit < 3 * size) return UnitKind::Box;
  return UnitKind::Diagonal;
}

std::string Units::name(int unit) const {
  const int size = geometry_.size();
  switch (kind(unit)) {
    case UnitKind::Row: return "row " + std::to_string(unit + 1);
    case UnitKind::Column: return "column " + std::to_string(unit - size + 1);
    case UnitKind::Box: return "box " + std::to_string(unit - 2 * size + 1);
    case UnitKind::Diagonal: return unit == 3 * size ? "main diagonal" : "anti-diagonal";
  }
  return {};
}

}  // namespace sudoforge::engine
