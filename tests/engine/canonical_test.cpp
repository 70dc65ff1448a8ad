#include "sudoforge/engine/canonical.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bitset>
#include <numeric>
#include <set>

#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "test_data.hpp"

namespace sudoforge::engine {
namespace {

// The minimum over the whole group, by enumerating every element: only feasible for
// small grids (and, slowly, one 9x9), which is what makes it a check.
std::vector<std::vector<int>> line_orders(int size, int block) {
  std::vector<std::vector<int>> orders;
  std::vector<int> blocks(static_cast<std::size_t>(size / block));
  std::iota(blocks.begin(), blocks.end(), 0);
  do {
    std::vector<std::vector<int>> partial = {{}};
    for (int b : blocks) {
      std::vector<int> inner(static_cast<std::size_t>(block));
      std::iota(inner.begin(), inner.end(), b * block);
      std::vector<std::vector<int>> longer;
      do {
        for (const auto& p : partial) {
          auto q = p;
          q.insert(q.end(), inner.begin(), inner.end());
          longer.push_back(q);
        }
      } while (std::next_permutation(inner.begin(), inner.end()));
      partial = longer;
    }
    orders.insert(orders.end(), partial.begin(), partial.end());
  } while (std::next_permutation(blocks.begin(), blocks.end()));
  return orders;
}

std::string brute_force_key(const Grid& grid) {
  const Geometry& geometry = grid.geometry();
  const int n = geometry.size();
  const auto rows = line_orders(n, geometry.box_rows());
  const auto cols = line_orders(n, geometry.box_cols());
  std::vector<int> best;
  for (int transposed = 0; transposed < (geometry.box_rows() == geometry.box_cols() ? 2 : 1); ++transposed) {
    for (const auto& row_order : rows) {
      for (const auto& col_order : cols) {
        std::vector<int> candidate(static_cast<std::size_t>(n * n));
        std::vector<int> label(17, 0);
        int next = 1;
        for (int r = 0; r < n; ++r) {
          for (int c = 0; c < n; ++c) {
            const int row = row_order[static_cast<std::size_t>(r)];
            const int col = col_order[static_cast<std::size_t>(c)];
            const int value = grid[transposed ? geometry.cell(col, row) : geometry.cell(row, col)];
            if (value != 0 && label[static_cast<std::size_t>(value)] == 0) label[static_cast<std::size_t>(value)] = next++;
            candidate[static_cast<std::size_t>(r * n + c)] = label[static_cast<std::size_t>(value)];
          }
        }
        if (best.empty() || candidate < best) best = candidate;
      }
    }
  }
  std::string key;
  for (int value : best) key += digit_symbol(value);
  return key;
}

// A random grid of the geometry with a random share of its cells blanked: not a
// proper puzzle, which makes ties (blank rows, blank columns) common.
Grid random_partial(const Geometry& geometry, Rng& rng) {
  const Grid full = test::random_full_grid(geometry, rng);
  Grid grid(geometry);
  const auto keep = 20 + rng.below(60);
  for (Cell cell = 0; cell < geometry.cell_count(); ++cell) {
    if (rng.below(100) < keep) grid.set(cell, full[cell]);
  }
  return grid;
}

TEST(Canonical, IsTheMinimumOverTheWholeGroupOnSmallGrids) {
  for (const Geometry& geometry : {Geometry(2, 2), Geometry(2, 3), Geometry(3, 2), Geometry(2, 4)}) {
    Rng rng(17);
    const int puzzles = geometry.size() == 8 ? 5 : 150;
    for (int i = 0; i < puzzles; ++i) {
      const Grid grid = random_partial(geometry, rng);
      ASSERT_EQ(canonical_key(grid), brute_force_key(grid)) << geometry.name() << ": " << to_line(grid);
    }
  }
}

TEST(Canonical, IsTheMinimumOverAll3359232ArrangementsOfANineByNine) {
  const Grid puzzle = test::load_puzzles("top95.txt").front();
  EXPECT_EQ(canonical_key(puzzle), brute_force_key(puzzle));
}

TEST(Canonical, IsEqualForAPuzzleAndAThousandTransformsOfIt) {
  const auto puzzles = test::load_puzzles("top1465.txt");
  Rng rng(2026);
  for (std::size_t p = 0; p < puzzles.size(); p += 300) {
    const std::string key = canonical_key(puzzles[p]);
    for (int i = 0; i < 1000; ++i) {
      const Grid moved = test::random_transform(Geometry{}, rng).apply(puzzles[p]);
      ASSERT_EQ(canonical_key(moved), key) << "puzzle " << p << ", transform " << i;
    }
  }
}

TEST(Canonical, IsEqualUnderTransformsOfOtherShapes) {
  for (const Geometry& geometry : {Geometry(2, 3), Geometry(3, 4), Geometry(4, 4)}) {
    Rng rng(8);
    const Grid grid = random_partial(geometry, rng);
    const std::string key = canonical_key(grid);
    for (int i = 0; i < 50; ++i) {
      ASSERT_EQ(canonical_key(test::random_transform(geometry, rng).apply(grid)), key) << geometry.name();
    }
  }
}

TEST(Canonical, DiffersForPuzzlesThatAreNotEquivalent) {
  // The 17-clue list holds no two equivalent puzzles.
  const auto puzzles = test::load_puzzles("17clue.txt");
  std::set<std::string> keys;
  for (std::size_t i = 0; i < puzzles.size(); i += 10) keys.insert(canonical_key(puzzles[i]));
  EXPECT_EQ(keys.size(), (puzzles.size() + 9) / 10);
}

TEST(Canonical, FindsTheOnePairOfEquivalentPuzzlesInTop1465) {
  // Line 309 of top1465 is line 302 with its bands rotated.
  const auto puzzles = test::load_puzzles("top1465.txt");
  std::set<std::string> keys;
  for (const Grid& puzzle : puzzles) keys.insert(canonical_key(puzzle));
  EXPECT_EQ(keys.size(), 1464u);
  EXPECT_EQ(canonical_key(puzzles[301 - 2]), canonical_key(puzzles[308 - 2]));
}

TEST(Canonical, IsAnEquivalentPuzzleAndIdempotent) {
  for (const Grid& puzzle : test::load_puzzles("hardest.txt")) {
    const Grid canonical = canonical_form(puzzle);
    EXPECT_EQ(canonical.clue_count(), puzzle.clue_count());
    EXPECT_EQ(canonical_form(canonical), canonical);
    EXPECT_EQ(to_line(canonical).find_first_not_of('.'), to_line(canonical).find('1'));  // labels in order
  }
}

TEST(Canonical, KeepsTheDiagonalsInTheDiagonalVariant) {
  const Geometry geometry(3, 3, Variant::Diagonal);
  const Grid puzzle =
      parse_puzzle("2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3", geometry);
  const std::string key = canonical_key(puzzle);
  for (int symmetry = 0; symmetry < 8; ++symmetry) {
    Grid moved(geometry);
    for (int row = 0; row < 9; ++row) {
      for (int col = 0; col < 9; ++col) {
        int r = row;
        int c = col;
        if (symmetry & 1) std::swap(r, c);
        if (symmetry & 2) r = 8 - r;
        if (symmetry & 4) c = 8 - c;
        moved.set(geometry.cell(row, col), puzzle[geometry.cell(r, c)]);
      }
    }
    EXPECT_EQ(canonical_key(moved), key) << "symmetry " << symmetry;
  }
  // Swapping two rows of a band keeps a classic puzzle's class, not a diagonal one's.
  Grid swapped(geometry);
  for (int row = 0; row < 9; ++row) {
    const int from = row == 0 ? 1 : row == 1 ? 0 : row;
    for (int col = 0; col < 9; ++col) swapped.set(geometry.cell(row, col), puzzle[geometry.cell(from, col)]);
  }
  EXPECT_NE(canonical_key(swapped), key);
}

// A 6x6 grid of 2x3 boxes transposed has 3x2 boxes: not the same puzzle in any
// relabelling, so not the same key (the key once took the 8 symmetries of the square
// here too, and stored a diagonal puzzle as a duplicate of its transpose).
TEST(Canonical, TransposesDiagonalGridsOnlyWhereTheBoxesAreSquare) {
  const Geometry geometry(2, 3, Variant::Diagonal);
  Rng rng(5);
  for (int i = 0; i < 20; ++i) {
    const Grid grid = random_partial(geometry, rng);
    Grid transposed(geometry);
    for (int row = 0; row < 6; ++row) {
      for (int col = 0; col < 6; ++col) transposed.set(geometry.cell(row, col), grid[geometry.cell(col, row)]);
    }
    EXPECT_NE(canonical_key(transposed), canonical_key(grid)) << to_line(grid);
  }
}

// whole_group_map: where each cell of the form comes from and what each digit
// becomes. It gives the form (for the classic variant the keys' canonical form; the
// diagonal variant's form is checked by the tests after this), it is a symmetry
// (cells and digits each one to one), and it carries a full grid of the puzzle to a
// full grid of the form's.
void expect_map_gives_the_form(const Grid& grid, const Grid& full) {
  const Geometry& geometry = grid.geometry();
  const CanonicalMap map = whole_group_map(grid);
  const std::string where = geometry.name() + ": " + to_line(grid);
  const Grid form = map.apply(grid);
  const Grid key_form = canonical_form(grid);
  if (geometry.variant() == Variant::Classic) {
    ASSERT_EQ(form, key_form) << where;
  } else {  // the least over a bigger group: never above the keys' form
    ASSERT_FALSE(std::lexicographical_compare(key_form.values().begin(), key_form.values().end(),
                                              form.values().begin(), form.values().end()))
        << where;
  }
  ASSERT_EQ(whole_group_map(form).apply(form), form) << where;  // a form is its own form
  std::vector<int> cells(static_cast<std::size_t>(geometry.cell_count()));
  for (Cell c = 0; c < geometry.cell_count(); ++c) cells[static_cast<std::size_t>(c)] = map.source_cell[static_cast<std::size_t>(c)];
  std::sort(cells.begin(), cells.end());
  for (Cell c = 0; c < geometry.cell_count(); ++c) ASSERT_EQ(cells[static_cast<std::size_t>(c)], c) << where;
  std::vector<int> digits(map.digit.begin() + 1, map.digit.begin() + geometry.size() + 1);
  std::sort(digits.begin(), digits.end());
  for (int d = 1; d <= geometry.size(); ++d) ASSERT_EQ(digits[static_cast<std::size_t>(d - 1)], d) << where;
  EXPECT_EQ(map.digit[0], 0);
  EXPECT_TRUE(is_solution_of(map.apply(full), map.apply(grid), Units(geometry))) << where;
}

TEST(Canonical, ItsMapCarriesAPuzzleAndItsSolutionOntoTheForm) {
  // (Not 16x16 classic grids: a partly blank one can take the search seconds.)
  for (const Geometry& geometry : {Geometry(2, 3), Geometry(3, 2), Geometry(3, 3), Geometry(3, 4),
                                   Geometry(3, 3, Variant::Diagonal), Geometry(2, 3, Variant::Diagonal),
                                   Geometry(4, 4, Variant::Diagonal)}) {
    Rng rng(31);
    for (int i = 0; i < (geometry.size() > 12 ? 2 : geometry.size() > 9 ? 5 : 60); ++i) {
      const Grid full = test::random_full_grid(geometry, rng);
      Grid grid(geometry);
      const auto keep = 20 + rng.below(60);
      for (Cell cell = 0; cell < geometry.cell_count(); ++cell) {
        if (rng.below(100) < keep) grid.set(cell, full[cell]);
      }
      expect_map_gives_the_form(grid, full);
      if (i == 0) expect_map_gives_the_form(full, full);
    }
  }
}

// The symmetries of a 9x9 X-Sudoku, counted the slow way: every permutation of the
// 9 lines that keeps the bands and commutes with reversing the order, on rows and
// columns alike, with the columns then reversed or not, transposed or not, each
// relabelled at random. whole_group_map gives one form for all of them, and the
// keys' canonical form one for the 8 symmetries of the square among them only.
TEST(Canonical, TheWholeGroupOfTheDiagonalVariantGivesOneForm) {
  const Geometry geometry(3, 3, Variant::Diagonal);
  const Units units(geometry);
  std::vector<std::vector<int>> lines;
  std::vector<int> p(9);
  std::iota(p.begin(), p.end(), 0);
  do {
    bool keeps = true;
    for (int i = 0; i < 9; ++i) {
      keeps = keeps && p[static_cast<std::size_t>(8 - i)] == 8 - p[static_cast<std::size_t>(i)] &&
              p[static_cast<std::size_t>(i)] / 3 == p[static_cast<std::size_t>(i / 3 * 3)] / 3;
    }
    if (keeps) lines.push_back(p);
  } while (std::next_permutation(p.begin(), p.end()));
  ASSERT_EQ(lines.size(), 24u);
  const std::vector<int> identity = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const std::vector<int> reversal = {8, 7, 6, 5, 4, 3, 2, 1, 0};
  Rng rng(71);
  for (int puzzle = 0; puzzle < 5; ++puzzle) {
    const Grid full = test::random_full_grid(geometry, rng);
    const Grid grid = random_partial(geometry, rng);
    const Grid form = whole_group_map(grid).apply(grid);
    std::set<std::string> square_keys;  // keys of the 8 symmetries of the square
    std::set<std::string> keys;
    for (const auto& rows : lines) {
      for (int swap = 0; swap < 2; ++swap) {
        for (int transpose = 0; transpose < 2; ++transpose) {
          test::Transform t = test::random_transform(geometry, rng);  // for its relabelling
          t.row_map = rows;
          t.col_map = rows;
          if (swap) for (int& line : t.col_map) line = 8 - line;
          t.transpose = transpose == 1;
          ASSERT_TRUE(is_solution_of(t.apply(full), Grid(geometry), units)) << "not a symmetry";
          const Grid moved = t.apply(grid);
          ASSERT_EQ(whole_group_map(moved).apply(moved), form) << to_line(grid) << " -> " << to_line(moved);
          keys.insert(canonical_key(moved));
          if (rows == identity || rows == reversal) square_keys.insert(canonical_key(moved));
        }
      }
    }
    EXPECT_EQ(square_keys.size(), 1u);
    EXPECT_GT(keys.size(), 1u);  // the keys' group is the smaller one
  }
}

// random_transform's symmetries of X-Sudoku are symmetries (a solution stays one),
// and whole_group_map's form does not see them, on every shape with diagonals.
TEST(Canonical, TheWholeGroupFormIsEqualUnderRandomDiagonalSymmetries) {
  for (const Geometry& geometry : {Geometry(3, 3, Variant::Diagonal), Geometry(2, 3, Variant::Diagonal),
                                   Geometry(4, 4, Variant::Diagonal)}) {
    const Units units(geometry);
    Rng rng(73);
    for (int i = 0; i < (geometry.size() > 9 ? 5 : 40); ++i) {
      const Grid full = test::random_full_grid(geometry, rng);
      const Grid grid = random_partial(geometry, rng);
      const test::Transform t = test::random_transform(geometry, rng);
      ASSERT_TRUE(is_solution_of(t.apply(full), Grid(geometry), units)) << geometry.name();
      const Grid moved = t.apply(grid);
      EXPECT_EQ(whole_group_map(moved).apply(moved), whole_group_map(grid).apply(grid))
          << geometry.name() << ": " << to_line(grid);
    }
  }
}

// Every map of cells onto cells that keeps which cells see each other (share a
// unit), found by backtracking over the unit table alone. Such a map takes every
// solution to a solution and nothing else, so it is a symmetry of the rules, whether
// or not it moves whole lines.
std::vector<std::vector<Cell>> maps_keeping_peers(const Units& units) {
  using Cells = std::bitset<kMaxCells>;
  const int cells = units.geometry().cell_count();
  std::vector<Cells> sees(static_cast<std::size_t>(cells));
  for (Cell c = 0; c < cells; ++c) {
    for (const Cell peer : units.peers(c)) sees[static_cast<std::size_t>(c)].set(peer);
  }
  // Where each cell may still go: at first any cell with as many peers. Mapping v to
  // w leaves each other cell x only the cells that see w if x sees v, and only those
  // that do not if it does not.
  std::vector<Cells> may(static_cast<std::size_t>(cells));
  for (Cell v = 0; v < cells; ++v) {
    for (Cell w = 0; w < cells; ++w) {
      if (units.peers(v).size() == units.peers(w).size()) may[static_cast<std::size_t>(v)].set(w);
    }
  }
  std::vector<std::vector<Cell>> found;
  std::vector<Cell> image(static_cast<std::size_t>(cells));
  std::vector<bool> mapped(static_cast<std::size_t>(cells));
  const auto extend = [&](const auto& self, const std::vector<Cells>& options, int done) -> void {
    if (done == cells) {
      found.push_back(image);
      return;
    }
    std::size_t v = 0;  // the cell with the fewest places left
    std::size_t fewest = kMaxCells + 1;
    for (std::size_t x = 0; x < options.size(); ++x) {
      if (!mapped[x] && options[x].count() < fewest) {
        fewest = options[x].count();
        v = x;
      }
    }
    for (Cell w = 0; w < cells; ++w) {
      if (!options[v][static_cast<std::size_t>(w)]) continue;
      std::vector<Cells> narrowed = options;
      bool open = true;
      for (std::size_t x = 0; x < narrowed.size() && open; ++x) {
        if (mapped[x] || x == v) continue;
        const Cells& seen = sees[static_cast<std::size_t>(w)];
        narrowed[x] &= sees[x][v] ? seen : ~seen;
        narrowed[x].reset(static_cast<std::size_t>(w));
        open = narrowed[x].any();
      }
      if (!open) continue;
      image[v] = w;
      mapped[v] = true;
      self(self, narrowed, done + 1);
      mapped[v] = false;
    }
  };
  extend(extend, may, 0);
  return found;
}

// The whole group's form is the same under every symmetry of the rules, not only
// under those that move lines (which the tests above and random_transform make): so
// the group whole_group_map takes is the whole group. The counts: for X-Sudoku, the
// permutations of lines that keep the boxes and both diagonals (9x9: 24, 4x4: 4,
// 6x6: 4, 12x12: 24), times 2 for the columns reversed, times 2 for the
// transposition where boxes are square; for the classic variant, the permutations
// of rows that keep bands times those of columns that keep stacks (4x4: 8 x 8, 6x6:
// 48 x 72), times 2 for the transposition where boxes are square. (16x16 has too
// many to list here: with diagonals 4,608 permutations of lines, so 18,432 moves,
// and far more without.)
TEST(Canonical, TheWholeGroupFormIsEqualUnderEveryMapThatKeepsThePeers) {
  const std::vector<std::pair<Geometry, std::size_t>> shapes = {
      {Geometry(2, 2, Variant::Diagonal), 16}, {Geometry(2, 3, Variant::Diagonal), 8},
      {Geometry(3, 2, Variant::Diagonal), 8},  {Geometry(3, 3, Variant::Diagonal), 96},
      {Geometry(3, 4, Variant::Diagonal), 48}, {Geometry(2, 2), 128},
      {Geometry(2, 3), 3456}};
  for (const auto& [geometry, count] : shapes) {
    const Units units(geometry);
    const auto maps = maps_keeping_peers(units);
    ASSERT_EQ(maps.size(), count) << geometry.name();
    Rng rng(79);
    for (int i = 0; i < (count > 1000 ? 4 : 20); ++i) {
      const Grid grid = random_partial(geometry, rng);
      const std::string form = to_line(whole_group_map(grid).apply(grid));
      for (const auto& image : maps) {
        Grid moved(geometry);
        for (Cell c = 0; c < geometry.cell_count(); ++c) moved.set(image[static_cast<std::size_t>(c)], grid[c]);
        ASSERT_EQ(to_line(whole_group_map(moved).apply(moved)), form)
            << geometry.name() << ": " << to_line(grid) << " -> " << to_line(moved);
      }
    }
  }
}

}  // namespace
}  // namespace sudoforge::engine
