#pragma once
// Symmetries of the pattern of givens: the carving orbits of the generator, and
// what a stored puzzle's pattern shows.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {

enum class Symmetry : std::uint8_t {
  None,
  Rot180,    // half turn
  Rot90,     // quarter turn (implies Rot180)
  Mirror,    // left-right reflection
  Diagonal,  // reflection in the main diagonal
};

std::string_view symmetry_name(Symmetry symmetry);  // "none", "rot180", "rot90", "mirror", "diagonal"
std::optional<Symmetry> parse_symmetry(std::string_view name);

// The cells, grouped into orbits: cells a symmetric pattern fills or empties
// together. Every cell is in exactly one orbit; orbits are listed by their
// smallest cell. Allocates; compute once per geometry.
std::vector<std::vector<Cell>> symmetry_orbits(const Geometry& geometry, Symmetry symmetry);

// Whether the pattern of givens is unchanged by the symmetry.
bool has_symmetry(const Grid& puzzle, Symmetry symmetry);
// The most demanding symmetry the pattern has: rot90, then rot180, mirror,
// diagonal, else none.
Symmetry detect_symmetry(const Grid& puzzle);

}  // namespace sudoforge::engine
