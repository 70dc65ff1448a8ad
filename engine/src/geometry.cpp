#include "sudoforge/engine/geometry.hpp"

#include <charconv>
#include <stdexcept>

namespace sudoforge::engine {

std::string_view variant_name(Variant variant) {
  return variant == Variant::Diagonal ? "diagonal" : "classic";
}

Geometry::Geometry(int box_rows, int box_cols, Variant variant) : variant_(variant) {
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > kMaxSize) {
    throw std::invalid_argument("box " + std::to_string(box_rows) + "x" + std::to_string(box_cols) +
                                " is not supported: boxes need 1 to " + std::to_string(kMaxSize) +
                                " cells");
  }
  box_rows_ = static_cast<std::uint8_t>(box_rows);
  box_cols_ = static_cast<std::uint8_t>(box_cols);
}

Geometry Geometry::for_size(int size, Variant variant) {
  if (size < 1 || size > kMaxSize) {
    throw std::invalid_argument("size " + std::to_string(size) + " is not supported: sizes run from 1 to " +
                                std::to_string(kMaxSize));
  }
  int best = 0;  // the largest rows <= sqrt(size), above 1, that divides size
  for (int rows = 2; rows * rows <= size; ++rows) {
    if (size % rows == 0) best = rows;
  }
  if (best == 0) {
    if (size == 1) return Geometry(1, 1, variant);
    throw std::invalid_argument("size " + std::to_string(size) + " has no box shape; ask for --box 1x" +
                                std::to_string(size) + " explicitly");
  }
  return Geometry(best, size / best, variant);
}

Geometry Geometry::parse_box(std::string_view text, Variant variant) {
  const auto bad = [&] {
    return std::invalid_argument("box '" + std::string(text) + "' is not of the form RxC (e.g. 3x3 or 2x3)");
  };
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) throw bad();
  int rows = 0;
  int cols = 0;
  const auto parse = [](std::string_view part, int& value) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    return error == std::errc{} && end == part.data() + part.size() && !part.empty();
  };
  if (!parse(text.substr(0, x), rows) || !parse(text.substr(x + 1), cols)) throw bad();
  return Geometry(rows, cols, variant);
}

std::string Geometry::name() const {
  std::string name = std::to_string(size()) + "x" + std::to_string(size());
  if (box_rows_ != box_cols_) {
    name += " (" + std::to_string(box_rows_) + "x" + std::to_string(box_cols_) + " boxes)";
  }
  if (variant_ == Variant::Diagonal) name += " diagonal";
  return name;
}

std::string cell_name(const Geometry& geometry, Cell cell) {
  return "r" + std::to_string(geometry.row(cell) + 1) + "c" + std::to_string(geometry.col(cell) + 1);
}

}  // namespace sudoforge::engine
