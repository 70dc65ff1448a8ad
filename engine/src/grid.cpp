#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {

int Grid::clue_count() const {
  return static_cast<int>(std::ranges::count_if(values(), [](std::uint8_t v) { return v != 0; }));
}

int Grid::filled_cells(std::array<Cell, kMaxCells>& cells) const {
  int count = 0;
  for (Cell cell = 0; cell < cell_count(); ++cell) {
    cells[static_cast<std::size_t>(count)] = cell;
    count += values_[static_cast<std::size_t>(cell)] != 0 ? 1 : 0;
  }
  return count;
}

bool Grid::is_complete() const { return clue_count() == cell_count(); }

}  // namespace sudoforge::engine
