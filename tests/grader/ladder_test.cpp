// The ladder's finders on hand-made positions: each fires where its pattern is and
// takes exactly what it must, and stays quiet where the pattern is broken. The
// chains, which need real positions, are checked on puzzles whose hardest step
// they are.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>
#include <set>

#include "ladder/fish.hpp"
#include "ladder/implications.hpp"
#include "ladder/locked.hpp"
#include "ladder/single_digit.hpp"
#include "ladder/singles.hpp"
#include "ladder/subsets.hpp"
#include "ladder/uniqueness.hpp"
#include "ladder/wings.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/explain.hpp"
#include "sudoforge/grader/grade.hpp"
#include "test_data.hpp"

namespace sudoforge::grader::ladder {
namespace {

constexpr int W = 2;  // 9x9

// A 9x9 position built by hand: every digit everywhere to begin with.
class Board {
 public:
  Board() : tables_(engine::Geometry{}) { position_.clear(tables_); }

  static Cell at(int row, int col) { return engine::Geometry{}.cell(row - 1, col - 1); }
  // The cell keeps exactly `digits` ("37").
  void keep(int row, int col, const std::string& digits) {
    Mask wanted = 0;
    for (const char d : digits) wanted |= Mask{1} << (d - '1');
    const Cell c = at(row, col);
    for (int d = 0; d < 9; ++d) {
      if ((wanted >> d & 1U) == 0 && position_.has(c, d)) position_.remove(tables_, c, d);
    }
  }
  void remove(int row, int col, const std::string& digits) {
    for (const char d : digits) {
      if (position_.has(at(row, col), d - '1')) position_.remove(tables_, at(row, col), d - '1');
    }
  }
  // Digit d leaves every cell of row `row` but those in `cols` ("38").
  void row_only(int row, int digit, const std::string& cols) {
    for (int col = 1; col <= 9; ++col) {
      if (cols.find(static_cast<char>('0' + col)) == std::string::npos) remove(row, col, std::to_string(digit));
    }
  }
  void col_only(int col, int digit, const std::string& rows) {
    for (int row = 1; row <= 9; ++row) {
      if (rows.find(static_cast<char>('0' + row)) == std::string::npos) remove(row, col, std::to_string(digit));
    }
  }
  void place(int row, int col, int digit) { position_.place(tables_, at(row, col), digit - 1); }

  const Tables<W>& tables() const { return tables_; }
  const Position<W>& position() const { return position_; }

 private:
  Tables<W> tables_;
  Position<W> position_;
};

// What a finder found: each instance's technique, and its effects as text
// ("r4c2-5" removes 5 from r4c2, "r1c1=3" places 3).
struct Found {
  std::multiset<HumanTechnique> techniques;
  std::set<std::string> effects;
  int instances = 0;
};

Found found(const Findings& findings) {
  Found result;
  const engine::Geometry geometry;
  for (const Instance& i : findings.instances()) {
    ++result.instances;
    result.techniques.insert(i.technique);
    for (const Candidate& r : findings.removals(i)) {
      result.effects.insert(engine::cell_name(geometry, r.cell) + "-" + std::to_string(r.digit + 1));
    }
    for (const Candidate& p : findings.placements(i)) {
      result.effects.insert(engine::cell_name(geometry, p.cell) + "=" + std::to_string(p.digit + 1));
    }
  }
  return result;
}

using Effects = std::set<std::string>;

std::string describe_step(const HumanStep& step) {
  return describe(step, engine::Units(engine::Geometry{}));
}
constexpr Mask kAll = 0x1FF;
constexpr Parts kUnits = (Parts{1} << 27) - 1;

TEST(LadderSingles, FullHouseHiddenAndNakedSinglesFireOnTheirPatternsOnly) {
  Board board;
  for (int col = 1; col <= 8; ++col) board.place(1, col, col);  // r1c9 is the last open cell of row 1
  Findings out;
  find_full_houses(board.tables(), board.position(), out);
  EXPECT_EQ(found(out).effects, (Effects{"r1c9=9"}));
  // A hidden single in a box: 4 has one place left in box 5.
  Board box;
  for (const auto& [r, c] : std::vector<std::pair<int, int>>{{4, 4}, {4, 5}, {4, 6}, {5, 4}, {5, 5}, {6, 4}, {6, 5}, {6, 6}}) {
    box.remove(r, c, "4");
  }
  Findings boxes;
  find_hidden_singles(box.tables(), box.position(), true, boxes);
  EXPECT_EQ(found(boxes).effects, (Effects{"r5c6=4"}));
  Findings lines;
  find_hidden_singles(box.tables(), box.position(), false, lines);
  EXPECT_EQ(found(lines).instances, 0);  // rows and columns still have room for 4
  // A naked single.
  Board naked;
  naked.keep(7, 3, "8");
  Findings nakeds;
  find_naked_singles(naked.tables(), naked.position(), nakeds);
  EXPECT_EQ(found(nakeds).effects, (Effects{"r7c3=8"}));
  Findings none;
  find_naked_singles(box.tables(), box.position(), none);
  EXPECT_EQ(found(none).instances, 0);
}

TEST(LadderLocked, PointingAndClaimingTakeTheRestOfTheLineOrBox) {
  Board board;
  // In box 1, 5 only in row 2 (columns 1 and 3): it leaves the rest of row 2.
  for (const auto& [r, c] : std::vector<std::pair<int, int>>{{1, 1}, {1, 2}, {1, 3}, {2, 2}, {3, 1}, {3, 2}, {3, 3}}) {
    board.remove(r, c, "5");
  }
  Findings out;
  find_locked(board.tables(), board.position(), false, kAll, out);
  const Found pointing = found(out);
  EXPECT_EQ(pointing.techniques, (std::multiset<HumanTechnique>{HumanTechnique::Pointing}));
  EXPECT_EQ(pointing.effects, (Effects{"r2c4-5", "r2c5-5", "r2c6-5", "r2c7-5", "r2c8-5", "r2c9-5"}));
  // Not direct: no unit is left with one place for 5.
  Findings direct;
  find_locked(board.tables(), board.position(), true, kAll, direct);
  EXPECT_EQ(found(direct).instances, 0);
  // Make box 3 hold 5 only in row 2 and column 9 outside: the pointing leaves r1c9 or
  // r3c9... keep r3c9 only: after the pointing, box 3's only place is r3c9.
  Board sharp;
  for (const auto& [r, c] : std::vector<std::pair<int, int>>{{1, 1}, {1, 2}, {1, 3}, {2, 2}, {3, 1}, {3, 2}, {3, 3},
                                                             {1, 7}, {1, 8}, {1, 9}, {3, 7}, {3, 8}}) {
    sharp.remove(r, c, "5");
  }
  Findings sharp_direct;
  find_locked(sharp.tables(), sharp.position(), true, kAll, sharp_direct);
  const Found d = found(sharp_direct);
  EXPECT_TRUE(d.effects.contains("r3c9=5"));
  EXPECT_TRUE(d.techniques.contains(HumanTechnique::DirectPointing));
  // Claiming: in column 4, 7 only in box 5: it leaves the rest of box 5.
  Board claim;
  claim.col_only(4, 7, "56");
  Findings claiming;
  find_locked(claim.tables(), claim.position(), false, kAll, claiming);
  const Found c = found(claiming);
  EXPECT_TRUE(c.techniques.contains(HumanTechnique::Claiming));
  EXPECT_EQ(c.effects, (Effects{"r4c5-7", "r4c6-7", "r5c5-7", "r5c6-7", "r6c5-7", "r6c6-7"}));
}

TEST(LadderSubsets, NakedAndHiddenSetsOfTwoToFour) {
  Board pair;
  pair.keep(1, 1, "12");
  pair.keep(1, 5, "12");
  Findings naked;
  find_naked_subsets(pair.tables(), pair.position(), 2, kUnits, naked);
  Found n = found(naked);
  EXPECT_EQ(n.instances, 1);  // row 1 only: the two cells share no other unit
  EXPECT_EQ(n.effects.size(), 14u);  // 1 and 2 leave the other seven cells of row 1
  EXPECT_TRUE(n.effects.contains("r1c9-2"));
  Findings no_triple;
  find_naked_subsets(pair.tables(), pair.position(), 3, kUnits, no_triple);
  EXPECT_EQ(found(no_triple).instances, 0);
  // A naked triple 12, 23, 13 in box 9.
  Board triple;
  triple.keep(7, 7, "12");
  triple.keep(8, 8, "23");
  triple.keep(9, 9, "13");
  Findings t;
  find_naked_subsets(triple.tables(), triple.position(), 3, kUnits, t);
  const Found tf = found(t);
  EXPECT_TRUE(tf.effects.contains("r7c8-3"));
  EXPECT_TRUE(tf.techniques.contains(HumanTechnique::NakedTriple));
  // A hidden pair: 8 and 9 only in r5c1 and r5c2 of row 5.
  Board hidden;
  hidden.row_only(5, 8, "12");
  hidden.row_only(5, 9, "12");
  Findings h;
  find_hidden_subsets(hidden.tables(), hidden.position(), 2, false, kUnits, h);
  const Found hf = found(h);
  EXPECT_TRUE(hf.techniques.contains(HumanTechnique::HiddenPair));
  EXPECT_TRUE(hf.effects.contains("r5c1-1"));
  EXPECT_FALSE(hf.effects.contains("r5c1-8"));
  // Direct: only when it leaves a hidden single in the row. Here 7 also only in
  // r5c1, r5c2 and r5c3: taking 7 from r5c1 and r5c2 leaves it r5c3.
  hidden.row_only(5, 7, "123");
  Findings direct;
  find_hidden_subsets(hidden.tables(), hidden.position(), 2, true, kUnits, direct);
  const Found df = found(direct);
  EXPECT_TRUE(df.effects.contains("r5c3=7"));
  Board plain;
  plain.row_only(5, 8, "12");
  plain.row_only(5, 9, "12");
  Findings no_direct;
  find_hidden_subsets(plain.tables(), plain.position(), 2, true, kUnits, no_direct);
  EXPECT_EQ(found(no_direct).instances, 0);
}

TEST(LadderFish, XWingSwordfishAndFinnedXWing) {
  Board xwing;
  xwing.row_only(2, 5, "38");
  xwing.row_only(7, 5, "38");
  Findings out;
  find_fish(xwing.tables(), xwing.position(), 2, false, kAll, out);
  const Found x = found(out);
  EXPECT_EQ(x.techniques, (std::multiset<HumanTechnique>{HumanTechnique::XWing}));
  EXPECT_EQ(x.effects.size(), 14u);  // 5 leaves columns 3 and 8 but in rows 2 and 7
  EXPECT_TRUE(x.effects.contains("r1c3-5"));
  EXPECT_FALSE(x.effects.contains("r2c3-5"));
  Findings sword;
  find_fish(xwing.tables(), xwing.position(), 3, false, kAll, sword);
  EXPECT_EQ(found(sword).instances, 0);  // no third row fits: just an X-wing
  // A swordfish on columns 1, 4, 7 in rows 2, 5, 8.
  Board fish;
  fish.col_only(1, 6, "25");
  fish.col_only(4, 6, "58");
  fish.col_only(7, 6, "28");
  Findings f3;
  find_fish(fish.tables(), fish.position(), 3, false, kAll, f3);
  const Found s = found(f3);
  EXPECT_TRUE(s.techniques.contains(HumanTechnique::Swordfish));
  EXPECT_TRUE(s.effects.contains("r2c9-6"));
  EXPECT_FALSE(s.effects.contains("r2c1-6"));
  // Finned X-wing: rows 2 and 7 in columns 3 and 8, with a fin at r2c9 (box 3): 5
  // leaves column 8 only in box 3, outside the base rows.
  Board finned;
  finned.row_only(2, 5, "389");
  finned.row_only(7, 5, "38");
  Findings basic;
  find_fish(finned.tables(), finned.position(), 2, false, kAll, basic);
  const Found b = found(basic);
  EXPECT_FALSE(b.effects.contains("r1c8-5"));  // the fin breaks the plain X-wing on rows
  Findings fins;
  find_fish(finned.tables(), finned.position(), 2, true, kAll, fins);
  const Found ff = found(fins);
  EXPECT_TRUE(ff.techniques.contains(HumanTechnique::FinnedXWing));
  EXPECT_TRUE(ff.effects.contains("r1c8-5"));
  EXPECT_TRUE(ff.effects.contains("r3c8-5"));
  EXPECT_FALSE(ff.effects.contains("r4c8-5"));  // outside the fin's box
  // Digits not asked for are not looked at.
  Findings skipped;
  find_fish(finned.tables(), finned.position(), 2, true, kAll & ~(Mask{1} << 4), skipped);
  EXPECT_FALSE(found(skipped).effects.contains("r1c8-5"));
}

// Dynamic forcing chains "plus": an assumption whose singles run dry goes on
// through locked candidates, a hidden pair, a naked pair or an X-wing that rests on
// what it took out; plain dynamic chains stop there. Each position has one such
// pattern after the assumption and no single that reaches the target. In the hidden
// pair's position the run also takes 1 out of the rest of box 1 (by the claiming the
// assumption makes, or the naked pair the hidden pair leaves): one run goes on
// through more than one pattern.
TEST(LadderImplications, DynamicPlusGoesOnThroughEachPatternKind) {
  struct Case {
    const char* pattern;
    Board board;
    int row, col, digit;  // the assumption: r<row>c<col> is not <digit>
    int target_row, target_col, target_digit;  // reached "off" with the patterns only
    std::vector<std::array<int, 3>> also{};  // more such targets (row, column, digit)
  };
  std::vector<Case> cases;
  {  // Pointing: 1 in box 1 at r1c1, r1c2, r2c3; without r2c3 it is locked in row 1.
    Board b;
    for (const auto& [row, col] : std::vector<std::pair<int, int>>{{1, 3}, {2, 1}, {2, 2}, {3, 1}, {3, 2}, {3, 3}}) {
      b.remove(row, col, "1");
    }
    cases.push_back({"locked candidates", b, 2, 3, 1, 1, 9, 1});
  }
  {  // Hidden pair: in row 1, 2 only at c1, c2 and 1 at c1, c2, c3; without r1c3.
    Board b;
    b.row_only(1, 2, "12");
    b.row_only(1, 1, "123");
    cases.push_back({"hidden pair", b, 1, 3, 1, 1, 1, 5, {{2, 1, 1}, {3, 3, 1}}});
  }
  {  // Naked pair: r1c1 holds 1 or 2, r1c2 1, 2 or 3; without the 3.
    Board b;
    b.keep(1, 1, "12");
    b.keep(1, 2, "123");
    cases.push_back({"naked pair", b, 1, 2, 3, 1, 9, 2});
  }
  {  // X-wing: 1 in row 1 at c2, c3, c7, in row 5 at c2, c7; without r1c3.
    Board b;
    b.row_only(1, 1, "237");
    b.row_only(5, 1, "27");
    cases.push_back({"X-wing", b, 1, 3, 1, 8, 2, 1});
  }
  {  // The same X-wing on columns.
    Board b;
    b.col_only(1, 1, "237");
    b.col_only(5, 1, "27");
    cases.push_back({"X-wing on columns", b, 3, 1, 1, 2, 8, 1});
  }
  for (const Case& c : cases) {
    Implications<W> engine(c.board.tables());
    const int start = engine.slot(Board::at(c.row, c.col), c.digit - 1, false);
    std::vector<int> targets = {engine.slot(Board::at(c.target_row, c.target_col), c.target_digit - 1, false)};
    for (const auto& [row, col, digit] : c.also) targets.push_back(engine.slot(Board::at(row, col), digit - 1, false));
    engine.run(c.board.position(), start, Links::Dynamic);
    for (const int target : targets) EXPECT_FALSE(engine.reached(target)) << c.pattern << ": plain dynamic chains reach it";
    EXPECT_EQ(engine.run(c.board.position(), start, Links::DynamicPlus), -1) << c.pattern;
    for (const int target : targets) EXPECT_TRUE(engine.reached(target)) << c.pattern;
    // Quiet runs (no parents kept) reach the same.
    engine.run(c.board.position(), start, Links::DynamicPlus, -1, 1 << 20, true);
    for (const int target : targets) EXPECT_TRUE(engine.reached(target)) << c.pattern << " (quiet)";
  }
}

// Position::cells_with (the wings' bivalue and pivot cells), counted a bit slice at a
// time, against each open cell's candidates counted one by one: random positions of
// 9x9 and of 16x16 (whose cells count past 4, where the slices saturate).
template <int Words>
void expect_cells_with_counts(const engine::Geometry& geometry) {
  const Tables<Words> t(geometry);
  engine::Rng rng(7);
  int seen = 0;
  for (int round = 0; round < 40; ++round) {
    Position<Words> p;
    p.clear(t);
    for (Cell c = 0; c < t.cells; ++c) {
      if (rng.below(5) == 0) {
        const int d = static_cast<int>(rng.below(static_cast<std::uint32_t>(t.n)));
        if (p.value[static_cast<std::size_t>(c)] == 0 && p.has(c, d)) p.place(t, c, d);
        continue;
      }
      const auto keep = static_cast<int>(rng.below(static_cast<std::uint32_t>(t.n) + 1));  // keep about this many
      for (int d = 0; d < t.n && p.value[static_cast<std::size_t>(c)] == 0; ++d) {
        if (p.has(c, d) && p.count(c) > 1 && rng.below(static_cast<std::uint32_t>(t.n)) >= static_cast<std::uint32_t>(keep)) p.remove(t, c, d);
      }
    }
    for (int k = 1; k <= 3; ++k) {
      engine::Bits<Words> expected;
      p.open.for_each([&](int c) {
        if (p.count(static_cast<Cell>(c)) == k) expected.set(c);
      });
      ASSERT_TRUE(p.cells_with(t, k) == expected) << geometry.size() << "x" << geometry.size() << " round " << round << " k " << k;
      seen += expected.count();
    }
  }
  EXPECT_GT(seen, 0);
}

TEST(LadderPosition, CellsWithSoManyCandidatesAreThoseCountedOneByOne) {
  expect_cells_with_counts<2>(engine::Geometry{});
  expect_cells_with_counts<4>(engine::Geometry(4, 4));
}

TEST(LadderWings, XYAndXYZAndWWings) {
  Board xy;
  xy.keep(1, 1, "12");  // pivot
  xy.keep(1, 5, "13");  // wing in row 1
  xy.keep(5, 1, "23");  // wing in column 1
  Findings out;
  find_xy_wings(xy.tables(), xy.position(), false, out);
  const Found f = found(out);
  EXPECT_EQ(f.techniques, (std::multiset<HumanTechnique>{HumanTechnique::XYWing}));
  EXPECT_EQ(f.effects, (Effects{"r5c5-3"}));  // the only cell that sees both wings
  Board not_xy;  // the wings share nothing with a third digit
  not_xy.keep(1, 1, "12");
  not_xy.keep(1, 5, "13");
  not_xy.keep(5, 1, "24");
  Findings none;
  find_xy_wings(not_xy.tables(), not_xy.position(), false, none);
  EXPECT_EQ(found(none).instances, 0);
  Board xyz;
  xyz.keep(2, 2, "123");  // pivot
  xyz.keep(2, 8, "13");
  xyz.keep(1, 1, "23");
  Findings z;
  find_xy_wings(xyz.tables(), xyz.position(), true, z);
  const Found zf = found(z);
  EXPECT_TRUE(zf.techniques.contains(HumanTechnique::XYZWing));
  EXPECT_EQ(zf.effects, (Effects{"r2c1-3", "r2c3-3"}));  // seen by pivot and both wings
  // W-wing: r1c1 and r9c9 hold {4,7}; 4 has just r1c5 and r9c5 in column 5.
  Board w;
  w.keep(1, 1, "47");
  w.keep(9, 9, "47");
  w.col_only(5, 4, "19");
  Findings ww;
  find_w_wings(w.tables(), w.position(), ww);
  const Found wf = found(ww);
  EXPECT_TRUE(wf.techniques.contains(HumanTechnique::WWing));
  EXPECT_EQ(wf.effects, (Effects{"r1c9-7", "r9c1-7"}));
  Board seen;  // the two cells see each other: no W-wing
  seen.keep(1, 1, "47");
  seen.keep(1, 9, "47");
  seen.col_only(5, 4, "19");
  Findings no_w;
  find_w_wings(seen.tables(), seen.position(), no_w);
  EXPECT_EQ(found(no_w).instances, 0);
}

TEST(LadderSingleDigit, SkyscraperKiteAndTurbotFish) {
  // Skyscraper on 1: rows 1 and 5 hold it only in columns 2 and 5, and 2 and 6; the
  // bases r1c2 and r5c2 share column 2, so r1c5 or r5c6 holds 1, and 1 leaves every
  // cell that sees both.
  Board sky;
  sky.row_only(1, 1, "25");
  sky.row_only(5, 1, "26");
  Findings out;
  find_two_link_patterns(sky.tables(), sky.position(), HumanTechnique::Skyscraper, kAll, out);
  EXPECT_EQ(found(out).effects, (Effects{"r2c6-1", "r3c6-1", "r4c5-1", "r6c5-1"}));
  Findings kite;
  find_two_link_patterns(sky.tables(), sky.position(), HumanTechnique::TwoStringKite, kAll, kite);
  EXPECT_EQ(found(kite).instances, 0);
  // Two-string kite on 2: row 1 only r1c2 and r1c7, column 1 only r3c1 and r8c1;
  // r1c2 and r3c1 share box 1, so r1c7 or r8c1 holds 2: 2 leaves r8c7.
  Board kite_board;
  kite_board.row_only(1, 2, "27");
  kite_board.col_only(1, 2, "38");
  Findings k;
  find_two_link_patterns(kite_board.tables(), kite_board.position(), HumanTechnique::TwoStringKite, kAll, k);
  EXPECT_EQ(found(k).effects, (Effects{"r8c7-2"}));
  Findings no_sky;
  find_two_link_patterns(kite_board.tables(), kite_board.position(), HumanTechnique::Skyscraper, kAll, no_sky);
  EXPECT_EQ(found(no_sky).instances, 0);
  // Turbot fish on 3: box 1 only r1c1 and r2c3, row 5 only r5c3 and r5c8: r2c3 and
  // r5c3 share column 3, so r1c1 or r5c8 holds 3: 3 leaves r1c8 and r5c1... those in
  // row 1 of column 8 and in column 1 of row 5.
  Board turbot;
  for (int r = 1; r <= 3; ++r) {
    for (int c = 1; c <= 3; ++c) {
      if (!(r == 1 && c == 1) && !(r == 2 && c == 3)) turbot.remove(r, c, "3");
    }
  }
  turbot.row_only(5, 3, "38");
  Findings t;
  find_two_link_patterns(turbot.tables(), turbot.position(), HumanTechnique::TurbotFish, kAll, t);
  const Found tf = found(t);
  EXPECT_TRUE(tf.effects.contains("r1c8-3")) << tf.instances;
  EXPECT_FALSE(tf.effects.contains("r1c1-3"));
}

TEST(LadderSingleDigit, SimpleColouringFindsTrapsOfAColouredCluster) {
  // 4's strong links: row 1 (r1c1, r1c5), column 5 (r1c5, r6c5) and column 1 (r1c1,
  // r4c1). One colour: r1c1 and r6c5; the other: r1c5 and r4c1. Cells that see both
  // colours lose 4: r4c4 and r4c6 (row 4 and box 5), r6c2 and r6c3 (row 6 and box 4).
  Board board;
  board.row_only(1, 4, "15");
  board.col_only(5, 4, "16");
  board.col_only(1, 4, "14");
  Findings out;
  find_simple_colouring(board.tables(), board.position(), kAll, out);
  EXPECT_EQ(found(out).effects, (Effects{"r4c4-4", "r4c6-4", "r6c2-4", "r6c3-4"}));
}

TEST(LadderUniqueness, UniqueRectangleTypesAndBugPlusOne) {
  Board type1;
  type1.keep(1, 1, "59");
  type1.keep(1, 4, "59");
  type1.keep(3, 1, "59");
  type1.keep(3, 4, "159");
  Findings out;
  find_unique_rectangles(type1.tables(), type1.position(), out);
  const Found one = found(out);
  EXPECT_TRUE(one.techniques.contains(HumanTechnique::UniqueRectangle));
  EXPECT_TRUE(one.effects.contains("r3c4-5"));
  EXPECT_TRUE(one.effects.contains("r3c4-9"));
  // Type 2: two corners {5,9}, the other two {5,9,6}: 6 leaves cells seeing both.
  Board type2;
  type2.keep(1, 1, "59");
  type2.keep(1, 4, "59");
  type2.keep(3, 1, "569");
  type2.keep(3, 4, "569");
  Findings two;
  find_unique_rectangles(type2.tables(), type2.position(), two);
  const Found t2 = found(two);
  EXPECT_TRUE(t2.effects.contains("r3c9-6"));  // row 3 sees both roof cells
  EXPECT_FALSE(t2.effects.contains("r3c4-5"));
  // Not in two boxes (all four in one band and stack would be one box): none.
  Board one_box;
  one_box.keep(1, 1, "59");
  one_box.keep(1, 2, "59");
  one_box.keep(2, 1, "59");
  one_box.keep(2, 2, "159");
  Findings no;
  find_unique_rectangles(one_box.tables(), one_box.position(), no);
  EXPECT_EQ(found(no).instances, 0);
}

TEST(LadderUniqueness, BugPlusOneOnlyWhereEveryCellButOneIsBivalue) {
  Board board;
  Findings out;
  find_bug_plus_one(board.tables(), board.position(), out);
  EXPECT_EQ(found(out).instances, 0);  // a fresh grid is no grave
}

// The contradictions a round of dynamic forcing chains applies come in the order of
// their candidates (cells in order, digits in order within a cell), whichever order
// the assumptions were followed in (false ones first: forcing.hpp), so that the path
// explained is the same.
TEST(LadderForcing, TheContradictionsOfARoundComeInTheOrderOfTheirCandidates) {
  Grader grader{engine::Geometry{}};
  GradeOptions options;
  options.record_steps = true;
  int ordered_pairs = 0;
  for (const char* text : {"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                           "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
                           "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."}) {
    const Grade grade = grader.grade(engine::parse_puzzle(text), options);
    ASSERT_EQ(grade.status, Status::Unique) << text;
    const HumanStep* last = nullptr;  // the round's last contradiction so far
    const auto candidate = [](const HumanStep& step) {
      return step.removals.empty() ? 9 * step.placements.front().cell + step.placements.front().digit
                                   : 9 * step.removals.front().cell + step.removals.front().digit;
    };
    for (const HumanStep& step : grade.human_steps) {
      const bool dynamic = step.technique == HumanTechnique::DynamicForcingChain ||
                           step.technique == HumanTechnique::DynamicForcingChainPlus;
      // (A contradiction: two branches from one assumption; a double's start from a
      // candidate on and off.)
      const auto same = [](const ChainNode& a, const ChainNode& b) { return a.cell == b.cell && a.digit == b.digit && a.on == b.on; };
      const bool contradiction = dynamic && step.chains.size() == 2 && same(step.chains[0].front(), step.chains[1].front());
      if (!contradiction) continue;
      if (last != nullptr && last->round == step.round && last->technique == step.technique) {
        EXPECT_LT(candidate(*last), candidate(step)) << text << "\n" << describe_step(*last) << "\n" << describe_step(step);
        ++ordered_pairs;
      }
      last = &step;
    }
  }
  EXPECT_GT(ordered_pairs, 0);  // rounds with several contradictions were seen
}

// Whether cells a and b lie in one unit.
bool shares_unit(const engine::Units& units, engine::Cell a, engine::Cell b) {
  const auto ua = units.units_of(a);
  const auto ub = units.units_of(b);
  return std::ranges::any_of(ua, [&](int u) { return std::ranges::find(ub, u) != ub.end(); });
}

// Each link of a chain recorded for explain is one a person can check: "on" to "off"
// within a cell or along a unit, "off" to "on" within a cell or a unit, and "off" to
// "off" only into a candidate that a pattern (a dynamic chain "plus") or a chain
// inside (a nested chain) took out, which the node names; never "on" to "on". Every
// node is a candidate of the puzzle as written (an open cell, a digit none of its
// peers' givens holds: a path rated on the canonical form is carried back).
void expect_links(const std::vector<ChainNode>& chain, const engine::Grid& givens, const engine::Units& units,
                  const std::string& where) {
  for (const ChainNode& node : chain) {
    EXPECT_EQ(givens[node.cell], 0) << where;
    EXPECT_TRUE(std::ranges::none_of(units.peers(node.cell), [&](engine::Cell peer) { return givens[peer] == node.digit; }))
        << where;
    EXPECT_TRUE(node.via == ChainVia::Link || !node.on) << where;  // (patterns and chains inside take candidates out)
  }
  for (std::size_t k = 1; k < chain.size(); ++k) {
    const ChainNode& a = chain[k - 1];
    const ChainNode& b = chain[k];
    const bool same_cell = a.cell == b.cell && a.digit != b.digit;
    const bool along_unit = a.cell != b.cell && a.digit == b.digit && shares_unit(units, a.cell, b.cell);
    EXPECT_FALSE(a.on && b.on) << where << ": link " << k;
    if (a.on != b.on && b.via == ChainVia::Link) {
      EXPECT_TRUE(same_cell || along_unit) << where << ": link " << k;
    }
    if (!a.on && !b.on) {
      EXPECT_NE(b.via, ChainVia::Link) << where << ": link " << k;
    }
  }
}

// Grades each puzzle with its steps recorded, as explain does, and calls
// check(puzzle, step, where) for each step of `technique`; returns how many there were.
template <typename Check>
int for_each_recorded_step(const std::vector<engine::Grid>& puzzles, HumanTechnique technique, Check&& check) {
  Grader grader{puzzles.front().geometry()};
  GradeOptions options;
  options.record_steps = true;
  int steps = 0;
  for (const engine::Grid& puzzle : puzzles) {
    const Grade grade = grader.grade(puzzle, options);
    EXPECT_EQ(grade.status, Status::Unique) << engine::to_line(puzzle);
    for (const HumanStep& step : grade.human_steps) {
      if (step.technique != technique) continue;
      ++steps;
      check(puzzle, step, engine::to_line(puzzle) + ": " + describe_step(step));
    }
  }
  return steps;
}

// Dynamic forcing chains "plus" name the pattern behind each candidate one takes out
// (README, `explain`): "r2c7<>7 (locked candidates)". Puzzles: the one whose
// hardest step is such a chain (LadderOnPuzzles) and the first 40 of top1465.
TEST(LadderForcing, PlusChainsNameThePatternsTheyApply) {
  const engine::Geometry classic;
  const engine::Units units(classic);
  std::vector<engine::Grid> puzzles{
      engine::parse_puzzle("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........")};
  const auto top = test::load_puzzles("top1465.txt");
  puzzles.insert(puzzles.end(), top.begin(), top.begin() + 40);
  std::set<ChainVia> named;
  const int plus = for_each_recorded_step(puzzles, HumanTechnique::DynamicForcingChainPlus,
                                          [&](const engine::Grid& puzzle, const HumanStep& step, const std::string& where) {
    for (const auto& branch : step.chains) {
      expect_links(branch, puzzle, units, where);
      for (const ChainNode& node : branch) {
        EXPECT_NE(node.via, ChainVia::ChainInside) << where;
        if (node.via != ChainVia::Link) named.insert(node.via);
      }
    }
  });
  EXPECT_GT(plus, 0);
  EXPECT_GE(named.size(), 2U);  // (locked candidates and hidden pairs at least)
}

// A nested forcing chain recorded for explain spells itself out (README, `explain`):
// its contradiction's two branches from the assumption, then every chain inside that
// it rests on, each once, in one of the three shapes (static: the candidate to its
// own negation; cell or unit forcing chains: every case of a cell or of a digit's
// places in a unit to its removal; dynamic: two branches to a contradiction), every
// link one a person can check (expect_links()). Puzzles: the famous hardest ones
// (Easter Monster and Golden Nugget need dynamic chains inside), those Sudoku
// Explainer rates 9.5 and up that we ship, and the first 20 of data/te_depth2.txt.
TEST(LadderNested, ChainsRecordedForExplainSpellOutTheirChainsInside) {
  const engine::Geometry classic;
  const engine::Units units(classic);
  const auto same = [](const ChainNode& a, const ChainNode& b) {
    return a.cell == b.cell && a.digit == b.digit && a.on == b.on;
  };
  std::vector<engine::Grid> puzzles = test::load_puzzles("famous_hardest.txt");
  std::istringstream deep(test::read_file(test::data_path("deep_se_rated.csv")));
  for (std::string line; std::getline(deep, line);) {
    if (line.size() > 81 && line[0] != '#' && line[0] != 'p' && line[81] == ',') puzzles.push_back(engine::parse_puzzle(line.substr(0, 81)));
  }
  const auto te2 = test::load_puzzles("te_depth2.txt");
  puzzles.insert(puzzles.end(), te2.begin(), te2.begin() + 20);
  std::array<int, 3> shapes{};  // chains inside seen: static, cell or unit, dynamic
  const int nested = for_each_recorded_step(puzzles, HumanTechnique::NestedForcingChain,
                                            [&](const engine::Grid& puzzle, const HumanStep& step, const std::string& where) {
    ASSERT_EQ(step.removals.size(), 1U) << where;
    ASSERT_EQ(step.chains.size(), 2U) << where;
    const ChainNode assumption{step.removals[0].cell, step.removals[0].digit, true};
    for (const auto& branch : step.chains) {
      ASSERT_GE(branch.size(), 2U) << where;
      EXPECT_TRUE(same(branch.front(), assumption)) << where;
      expect_links(branch, puzzle, units, where);
      for (const ChainNode& node : branch) {
        // (A chain inside named by its number: one of the step's.)
        if (node.via != ChainVia::ChainInside) continue;
        EXPECT_TRUE(std::ranges::any_of(step.inside, [&](const HumanStep::Inside& inside) {
          return inside.removed.cell == node.cell && inside.removed.digit == node.digit;
        })) << where;
      }
    }
    const ChainNode& end = step.chains[0].back();
    EXPECT_TRUE(same(step.chains[1].back(), ChainNode{end.cell, end.digit, !end.on})) << where;
    const std::string words = describe_step(step);
    for (std::size_t k = 0; k < step.inside.size(); ++k) {
      const HumanStep::Inside& inside = step.inside[k];
      const ChainNode off{inside.removed.cell, inside.removed.digit, false};
      const ChainNode on{inside.removed.cell, inside.removed.digit, true};
      // (Each once.)
      EXPECT_EQ(std::ranges::count_if(step.inside, [&](const HumanStep::Inside& other) {
                  return other.removed.cell == inside.removed.cell && other.removed.digit == inside.removed.digit;
                }),
                1)
          << where;
      ASSERT_FALSE(inside.chains.empty()) << where;
      for (const auto& branch : inside.chains) {
        ASSERT_GE(branch.size(), 2U) << where;
        expect_links(branch, puzzle, units, where);
      }
      const auto& first = inside.chains.front();
      // (In words, each says what it takes out.)
      const std::string number = "\n[" + std::to_string(k + 1) + "] ";
      const std::string removed = engine::cell_name(classic, off.cell) + "<>" + engine::digit_symbol(off.digit);
      const std::size_t at = words.find(number);
      ASSERT_NE(at, std::string::npos) << where;
      const std::string line = words.substr(at, words.find('\n', at + 1) - at);
      if (inside.chains.size() == 1) {
        EXPECT_TRUE(same(first.front(), on) && same(first.back(), off)) << where;
        EXPECT_TRUE(line.ends_with(" => " + removed)) << line;
        ++shapes[0];
      } else if (inside.chains.size() == 2 && same(first.front(), inside.chains[1].front())) {
        const ChainNode& clash = first.back();
        EXPECT_TRUE(same(first.front(), on)) << where;
        EXPECT_TRUE(same(inside.chains[1].back(), ChainNode{clash.cell, clash.digit, !clash.on})) << where;
        EXPECT_TRUE(line.ends_with(" would both hold and not hold " + std::string(1, engine::digit_symbol(clash.digit)) +
                                   ", so " + removed))
            << line;
        ++shapes[2];
      } else {
        EXPECT_TRUE(line.starts_with(number + "each case leads to " + removed + ": ")) << line;
        // Every case of one cell, or of one digit's places in one unit, ends in its removal.
        std::vector<ChainNode> cases;
        for (const auto& branch : inside.chains) {
          EXPECT_TRUE(same(branch.back(), off)) << where;
          EXPECT_TRUE(branch.front().on) << where;
          cases.push_back(branch.front());
        }
        const bool one_cell = std::ranges::all_of(cases, [&](const ChainNode& c) { return c.cell == cases[0].cell; });
        const bool one_digit = std::ranges::all_of(cases, [&](const ChainNode& c) {
          return c.digit == cases[0].digit && (c.cell == cases[0].cell || shares_unit(units, c.cell, cases[0].cell));
        });
        EXPECT_TRUE(one_cell || one_digit) << where;
        ++shapes[1];
      }
    }
    EXPECT_FALSE(step.inside.empty()) << where;  // (a nested chain rests on a chain inside)
  });
  EXPECT_GT(nested, 0);
  EXPECT_GT(shapes[0], 0);
  EXPECT_GT(shapes[1], 0);
  EXPECT_GT(shapes[2], 0);
}

// Puzzles whose hardest step is each harder technique (found by grading the
// shipped collections): the ladder reaches it, at its rating, and every step of
// the path agrees with the solution.
struct Hardest {
  const char* puzzle;
  HumanTechnique technique;
  const char* rating;
};

class LadderOnPuzzles : public testing::TestWithParam<Hardest> {};

TEST_P(LadderOnPuzzles, ReachesItsHardestTechniqueSoundly) {
  const Hardest& expected = GetParam();
  const engine::Grid puzzle = engine::parse_puzzle(expected.puzzle);
  Grader grader{engine::Geometry{}};
  GradeOptions options;
  options.record_steps = true;
  const Grade grade = grader.grade(puzzle, options);
  ASSERT_EQ(grade.status, Status::Unique);
  EXPECT_EQ(grade.hardest, expected.technique) << human_technique_name(grade.hardest);
  EXPECT_EQ(rating_text(grade.rating), expected.rating);
  int used = 0;
  for (const HumanStep& step : grade.human_steps) {
    used += step.technique == expected.technique ? 1 : 0;
    for (const Removal& r : step.removals) EXPECT_NE(grade.solution[r.cell], r.digit) << describe_step(step);
    for (const Placement& p : step.placements) EXPECT_EQ(grade.solution[p.cell], p.digit) << describe_step(step);
  }
  EXPECT_EQ(used, grade.human_counts[static_cast<std::size_t>(expected.technique)]);
  EXPECT_GT(used, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Hardest, LadderOnPuzzles,
    testing::Values(
        Hardest{".8...4.5....7..3............1..85...6.....2......4....3.26............417........",
                HumanTechnique::BugPlusOne, "5.6"},
        Hardest{"85.....7.....41...3..........1...4.6.7.5...........2..742.6.......8...3..........",
                HumanTechnique::UniqueRectangle, "4.5"},
        Hardest{"....75....1..2.....4...3...5.....3.2...8...1.......6.....1..48.2........7........",
                HumanTechnique::FinnedXWing, "6.7"},
        Hardest{".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1.....",
                HumanTechnique::SimpleColouring, "6.7"},
        Hardest{".4.7...6...39............57.......3.2...8.....19...57.6...4.....5.1......2...6.84",
                HumanTechnique::XChain, "6.7"},
        Hardest{"5.7....3.....61...1.8......62..4.......7...8...........1....6.43..5...........2..",
                HumanTechnique::WWing, "7.1"},
        Hardest{"7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
                HumanTechnique::AlternatingChain, "7.1"},
        Hardest{"12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
                HumanTechnique::NishioChain, "7.7"},
        Hardest{"8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
                HumanTechnique::UnitForcingChain, "8.3"},
        Hardest{".5.7.1...2.8....6...........4.3..5..9.2......6...8.....7.1..3......2..9..........",
                HumanTechnique::CellForcingChain, "8.4"},
        Hardest{"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                HumanTechnique::DynamicForcingChain, "8.9"},
        Hardest{"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
                HumanTechnique::DynamicForcingChainPlus, "9.3"},
        Hardest{"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
                HumanTechnique::NestedForcingChain, "10.5"}));  // Sudoku Explainer: 10.6

}  // namespace
}  // namespace sudoforge::grader::ladder
