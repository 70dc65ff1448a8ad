#include "sudoforge/engine/units.hpp"

#include <gtest/gtest.h>

#include <set>

namespace sudoforge::engine {
namespace {

TEST(Units, ClassicGridHasTwentyPeersPerCell) {
  const Units units{Geometry{}};
  ASSERT_EQ(units.count(), 27);
  for (Cell cell = 0; cell < 81; ++cell) {
    EXPECT_EQ(units.peers(cell).size(), 20u) << cell_name(Geometry{}, cell);
    EXPECT_EQ(units.units_of(cell).size(), 3u);
  }
}

TEST(Units, EveryUnitHoldsEachCellOnceAndCellsAgree) {
  for (const Geometry& geometry : {Geometry(2, 2), Geometry(2, 3), Geometry(3, 3, Variant::Diagonal),
                                   Geometry(3, 4), Geometry(4, 4, Variant::Diagonal)}) {
    const Units units(geometry);
    for (int unit = 0; unit < units.count(); ++unit) {
      const auto cells = units.cells(unit);
      EXPECT_EQ(std::set<Cell>(cells.begin(), cells.end()).size(), static_cast<std::size_t>(geometry.size()));
      for (Cell cell : cells) {
        const auto of = units.units_of(cell);
        EXPECT_NE(std::find(of.begin(), of.end(), unit), of.end()) << geometry.name() << " unit " << unit;
      }
    }
  }
}

TEST(Units, DiagonalVariantAddsBothDiagonals) {
  const Geometry geometry(3, 3, Variant::Diagonal);
  const Units units(geometry);
  ASSERT_EQ(units.count(), 29);
  EXPECT_EQ(units.name(27), "main diagonal");
  EXPECT_EQ(units.name(28), "anti-diagonal");
  EXPECT_EQ(units.units_of(geometry.cell(4, 4)).size(), 5u);  // the centre is on both
  EXPECT_EQ(units.peers(geometry.cell(4, 4)).size(), 20u + 6u + 6u);  // diagonal cells outside its box
  EXPECT_EQ(units.peers(geometry.cell(0, 1)).size(), 20u);
  EXPECT_EQ(units.kind(28), UnitKind::Diagonal);
}

TEST(Units, NamesUnitsForPeople) {
  const Units units{Geometry{}};
  EXPECT_EQ(units.name(0), "row 1");
  EXPECT_EQ(units.name(9 + 4), "column 5");
  EXPECT_EQ(units.name(18 + 8), "box 9");
}

}  // namespace
}  // namespace sudoforge::engine
