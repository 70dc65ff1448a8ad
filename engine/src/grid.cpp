#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {

int Grid::clue_count() const {
  return static_cast<int>(std::ranges::count_if(values(), [](std::uint8_t v) { return v != 0; }));
}

bool Grid::is_complete() const { return clue_count() == cell_count(); }

}  // namespace sudoforge::engine
