#include "sudoforge/engine/symmetry.hpp"

namespace sudoforge::engine {

namespace {

// The image of `cell` under one application of the symmetry.
Cell image(const Geometry& geometry, Symmetry symmetry, Cell cell) {
  const int n = geometry.size();
  const int row = geometry.row(cell);
  const int col = geometry.col(cell);
  switch (symmetry) {
    case Symmetry::None: return cell;
    case Symmetry::Rot180: return geometry.cell(n - 1 - row, n - 1 - col);
    case Symmetry::Rot90: return geometry.cell(col, n - 1 - row);
    case Symmetry::Mirror: return geometry.cell(row, n - 1 - col);
    case Symmetry::Diagonal: return geometry.cell(col, row);
  }
  return cell;
}

}  // namespace

std::string_view symmetry_name(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::None: return "none";
    case Symmetry::Rot180: return "rot180";
    case Symmetry::Rot90: return "rot90";
    case Symmetry::Mirror: return "mirror";
    case Symmetry::Diagonal: return "diagonal";
  }
  return "none";
}

std::optional<Symmetry> parse_symmetry(std::string_view name) {
  for (Symmetry symmetry : {Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal}) {
    if (name == symmetry_name(symmetry)) return symmetry;
  }
  return std::nullopt;
}

std::vector<std::vector<Cell>> symmetry_orbits(const Geometry& geometry, Symmetry symmetry) {
  std::vector<std::vector<Cell>> orbits;
  std::vector<char> seen(static_cast<std::size_t>(geometry.cell_count()), 0);
  for (Cell cell = 0; cell < geometry.cell_count(); ++cell) {
    if (seen[static_cast<std::size_t>(cell)]) continue;
    std::vector<Cell> orbit;
    for (Cell at = cell; !seen[static_cast<std::size_t>(at)]; at = image(geometry, symmetry, at)) {
      seen[static_cast<std::size_t>(at)] = 1;
      orbit.push_back(at);
    }
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

bool has_symmetry(const Grid& puzzle, Symmetry symmetry) {
  for (Cell cell = 0; cell < puzzle.cell_count(); ++cell) {
    if ((puzzle[cell] != 0) != (puzzle[image(puzzle.geometry(), symmetry, cell)] != 0)) return false;
  }
  return true;
}

Symmetry detect_symmetry(const Grid& puzzle) {
  for (Symmetry symmetry : {Symmetry::Rot90, Symmetry::Rot180, Symmetry::Mirror, Symmetry::Diagonal}) {
    if (has_symmetry(puzzle, symmetry)) return symmetry;
  }
  return Symmetry::None;
}

}  // namespace sudoforge::engine
