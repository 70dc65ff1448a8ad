#include "sudoforge/engine/geometry.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {
namespace {

TEST(Geometry, DefaultsToClassicNineByNine) {
  const Geometry geometry;
  EXPECT_EQ(geometry.size(), 9);
  EXPECT_EQ(geometry.cell_count(), 81);
  EXPECT_EQ(geometry.unit_count(), 27);
  EXPECT_EQ(geometry.variant(), Variant::Classic);
  EXPECT_EQ(geometry.name(), "9x9");
}

TEST(Geometry, PicksTheUsualBoxForEachSize) {
  const std::pair<int, std::pair<int, int>> expected[] = {
      {4, {2, 2}}, {6, {2, 3}}, {8, {2, 4}}, {9, {3, 3}}, {10, {2, 5}}, {12, {3, 4}}, {16, {4, 4}}};
  for (const auto& [size, box] : expected) {
    const Geometry geometry = Geometry::for_size(size);
    EXPECT_EQ(geometry.box_rows(), box.first) << "size " << size;
    EXPECT_EQ(geometry.box_cols(), box.second) << "size " << size;
  }
}

TEST(Geometry, RejectsSizesWithoutABoxShape) {
  EXPECT_THROW(Geometry::for_size(7), std::invalid_argument);
  EXPECT_THROW(Geometry::for_size(17), std::invalid_argument);
  EXPECT_THROW(Geometry::for_size(0), std::invalid_argument);
  EXPECT_THROW(Geometry(5, 4), std::invalid_argument);
  EXPECT_THROW(Geometry(0, 3), std::invalid_argument);
}

TEST(Geometry, ParsesBoxShapes) {
  const Geometry geometry = Geometry::parse_box("3x4", Variant::Diagonal);
  EXPECT_EQ(geometry.size(), 12);
  EXPECT_EQ(geometry.unit_count(), 38);
  EXPECT_EQ(geometry.name(), "12x12 (3x4 boxes) diagonal");
  EXPECT_EQ(Geometry::parse_box("1X7").size(), 7);
  for (const char* bad : {"", "3", "3x", "x3", "3x3x", "a x b", "-3x3", "3x3 "}) {
    EXPECT_THROW(Geometry::parse_box(bad), std::invalid_argument) << "'" << bad << "'";
  }
}

TEST(Geometry, MapsCellsToRowsColumnsAndBoxes) {
  const Geometry geometry(2, 3);  // 6x6, boxes two rows high and three columns wide
  EXPECT_EQ(geometry.cell(4, 5), 29);
  EXPECT_EQ(geometry.row(29), 4);
  EXPECT_EQ(geometry.col(29), 5);
  EXPECT_EQ(geometry.box(geometry.cell(0, 0)), 0);
  EXPECT_EQ(geometry.box(geometry.cell(1, 3)), 1);
  EXPECT_EQ(geometry.box(geometry.cell(2, 2)), 2);
  EXPECT_EQ(geometry.box(geometry.cell(5, 5)), 5);
  EXPECT_EQ(cell_name(geometry, 29), "r5c6");
}

}  // namespace
}  // namespace sudoforge::engine

namespace sudoforge::engine {
namespace {

TEST(Grid, TakesItsValuesInOneGo) {
  const Geometry six(2, 3);
  std::vector<std::uint8_t> values(static_cast<std::size_t>(six.cell_count()) + 5, 0);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint8_t>(i % 7);
  const Grid grid(six, values);
  for (Cell cell = 0; cell < six.cell_count(); ++cell) EXPECT_EQ(grid[cell], cell % 7) << cell;
  EXPECT_EQ(grid.values().size(), 36u);  // extra values are not taken
  EXPECT_EQ(grid.geometry(), six);
}

}  // namespace
}  // namespace sudoforge::engine
