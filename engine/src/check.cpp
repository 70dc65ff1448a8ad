#include "sudoforge/engine/check.hpp"

#include <array>

#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::engine {

std::optional<Clash> find_clash(const Grid& grid, const Units& units) {
  for (int unit = 0; unit < units.count(); ++unit) {
    std::array<Cell, kMaxSize + 1> first_at{};
    first_at.fill(-1);
    for (Cell cell : units.cells(unit)) {
      const Digit digit = grid[cell];
      if (digit == 0) continue;
      auto& first = first_at[static_cast<std::size_t>(digit)];
      if (first >= 0) return Clash{digit, unit, first, cell};
      first = cell;
    }
  }
  return std::nullopt;
}

std::string describe(const Clash& clash, const Units& units) {
  const Geometry& geometry = units.geometry();
  return std::string(1, digit_symbol(clash.digit)) + " twice in " + units.name(clash.unit) + " (" +
         cell_name(geometry, clash.first) + " and " + cell_name(geometry, clash.second) + ")";
}

bool is_solution_of(const Grid& solution, const Grid& puzzle, const Units& units) {
  if (!(solution.geometry() == puzzle.geometry()) || !solution.is_complete()) return false;
  for (Cell cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) return false;
  }
  return !find_clash(solution, units).has_value();
}

}  // namespace sudoforge::engine
