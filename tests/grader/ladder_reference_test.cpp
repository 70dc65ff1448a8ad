// Every finder of the ladder against the deliberately simple reference
// (reference_ladder.cpp) on random positions: the givens of real puzzles placed,
// then a random third of the candidates that are not in the solution taken out.
// For techniques of one rating, everything each finds must agree; for chains,
// whose finders only keep what rates lowest, the lowest rating and everything
// found at it must.

#include <gtest/gtest.h>

#include <climits>

#include "ladder/chains.hpp"
#include "ladder/fish.hpp"
#include "ladder/forcing.hpp"
#include "ladder/implications.hpp"
#include "ladder/locked.hpp"
#include "ladder/single_digit.hpp"
#include "ladder/singles.hpp"
#include "ladder/subsets.hpp"
#include "ladder/uniqueness.hpp"
#include "ladder/wings.hpp"
#include "reference_ladder.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"
#include "test_data.hpp"

namespace sudoforge::grader::ladder {
namespace {

constexpr int W = 2;
constexpr Mask kAll = 0x1FF;
constexpr Parts kUnits = (Parts{1} << 27) - 1;
using test::Rung;

class Fast {
 public:
  Fast() : tables_(engine::Geometry{}), context_(tables_), chains_(context_), forcing_(context_) {}

  const Tables<W>& tables() const { return tables_; }

  test::Effects effects(Rung rung, const Position<W>& p, const engine::Grid& solution) {
    context_.start(solution.values().data(), true);
    Findings out;
    const auto& t = tables_;
    using H = HumanTechnique;
    switch (rung) {
      case Rung::FullHouse: find_full_houses(t, p, out); break;
      case Rung::HiddenSingleBox: find_hidden_singles(t, p, true, out); break;
      case Rung::HiddenSingleLine: find_hidden_singles(t, p, false, out); break;
      case Rung::NakedSingle: find_naked_singles(t, p, out); break;
      case Rung::Locked: find_locked(t, p, false, kAll, out); break;
      case Rung::DirectLocked: find_locked(t, p, true, kAll, out); break;
      case Rung::NakedPair: find_naked_subsets(t, p, 2, kUnits, out); break;
      case Rung::NakedTriple: find_naked_subsets(t, p, 3, kUnits, out); break;
      case Rung::NakedQuad: find_naked_subsets(t, p, 4, kUnits, out); break;
      case Rung::HiddenPair: find_hidden_subsets(t, p, 2, false, kUnits, out); break;
      case Rung::HiddenTriple: find_hidden_subsets(t, p, 3, false, kUnits, out); break;
      case Rung::HiddenQuad: find_hidden_subsets(t, p, 4, false, kUnits, out); break;
      case Rung::DirectHiddenPair: find_hidden_subsets(t, p, 2, true, kUnits, out); break;
      case Rung::DirectHiddenTriple: find_hidden_subsets(t, p, 3, true, kUnits, out); break;
      case Rung::XWing: find_fish(t, p, 2, false, kAll, out); break;
      case Rung::Swordfish: find_fish(t, p, 3, false, kAll, out); break;
      case Rung::Jellyfish: find_fish(t, p, 4, false, kAll, out); break;
      case Rung::FinnedXWing: find_fish(t, p, 2, true, kAll, out); break;
      case Rung::FinnedSwordfish: find_fish(t, p, 3, true, kAll, out); break;
      case Rung::FinnedJellyfish: find_fish(t, p, 4, true, kAll, out); break;
      case Rung::XYWing: find_xy_wings(t, p, false, out); break;
      case Rung::XYZWing: find_xy_wings(t, p, true, out); break;
      case Rung::WWing: find_w_wings(t, p, out); break;
      case Rung::Skyscraper: find_two_link_patterns(t, p, H::Skyscraper, kAll, out); break;
      case Rung::TwoStringKite: find_two_link_patterns(t, p, H::TwoStringKite, kAll, out); break;
      case Rung::TurbotFish: find_two_link_patterns(t, p, H::TurbotFish, kAll, out); break;
      case Rung::SimpleColouring: find_simple_colouring(t, p, kAll, out); break;
      case Rung::UniqueRectangle: find_unique_rectangles(t, p, out); break;
      case Rung::BugPlusOne: find_bug_plus_one(t, p, out); break;
      case Rung::XChains: chains_.find_x(p, INT_MAX, kAll, out); break;
      case Rung::XYChains: chains_.find_xy(p, INT_MAX, out); break;
      case Rung::NishioChains: chains_.find_nishio(p, INT_MAX, kAll, out); break;
      case Rung::MultipleChains: forcing_.find(p, Links::StaticXY, INT_MAX, out); break;
      case Rung::DynamicChains: forcing_.find(p, Links::Dynamic, INT_MAX, out); break;
      case Rung::DynamicPlusChains: forcing_.find(p, Links::DynamicPlus, INT_MAX, out); break;
    }
    test::Effects effects;
    const engine::Geometry geometry;
    for (const Instance& i : out.instances()) {
      const auto note = [&](const std::string& key) {
        const auto at = effects.find(key);
        if (at == effects.end() || at->second > i.rating) effects[key] = i.rating;
      };
      for (const Candidate& r : out.removals(i)) note(engine::cell_name(geometry, r.cell) + "-" + std::to_string(r.digit + 1));
      for (const Candidate& pl : out.placements(i)) note(engine::cell_name(geometry, pl.cell) + "=" + std::to_string(pl.digit + 1));
    }
    return effects;
  }

 private:
  Tables<W> tables_;
  ChainContext<W> context_;
  StaticChains<W> chains_;
  ForcingChains<W> forcing_;
};

bool is_chain(Rung rung) {
  return rung == Rung::XChains || rung == Rung::XYChains || rung == Rung::NishioChains ||
         rung == Rung::MultipleChains || rung == Rung::DynamicChains || rung == Rung::DynamicPlusChains;
}

// What rates lowest, and its rating.
test::Effects lowest(const test::Effects& effects) {
  int least = INT_MAX;
  for (const auto& [key, rating] : effects) least = std::min(least, rating);
  test::Effects result;
  for (const auto& [key, rating] : effects) {
    if (rating == least) result[key] = rating;
  }
  return result;
}

std::string text(const test::Effects& effects) {
  std::string out;
  for (const auto& [key, rating] : effects) out += key + "@" + std::to_string(rating) + " ";
  return out;
}

TEST(LadderReference, EveryFinderAgreesWithTheSimpleDefinitionsOnRandomPositions) {
  std::vector<engine::Grid> puzzles;
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 60) puzzles.push_back(top[i]);
  const auto clue17 = test::load_puzzles("17clue.txt");
  for (std::size_t i = 0; i < clue17.size(); i += 2000) puzzles.push_back(clue17[i]);
  Grader grader{engine::Geometry{}};
  Fast fast;
  const engine::Units units{engine::Geometry{}};
  std::array<int, test::kRungCount> fired{};
  engine::Rng rng(2026);
  for (const engine::Grid& puzzle : puzzles) {
    const Grade grade = grader.grade(puzzle);
    ASSERT_EQ(grade.status, Status::Unique);
    for (int sample = 0; sample < 2; ++sample) {
      // The givens placed, then a random share of the false candidates gone.
      Position<W> p;
      p.clear(fast.tables());
      for (engine::Cell c = 0; c < 81; ++c) {
        if (puzzle[c] != 0) p.place(fast.tables(), c, puzzle[c] - 1);
      }
      const std::uint32_t share = sample == 0 ? 3 : 2;  // a third, then a half
      for (engine::Cell c = 0; c < 81; ++c) {
        for (int d = 0; d < 9; ++d) {
          if (p.has(c, d) && grade.solution[c] != d + 1 && rng.below(share) == 0) p.remove(fast.tables(), c, d);
        }
      }
      test::LadderPosition position{std::vector<engine::Candidates>(81), std::vector<engine::Digit>(81)};
      for (engine::Cell c = 0; c < 81; ++c) {
        position.candidates[static_cast<std::size_t>(c)] = p.cand[static_cast<std::size_t>(c)];
        position.values[static_cast<std::size_t>(c)] = p.value[static_cast<std::size_t>(c)];
      }
      for (int r = 0; r < test::kRungCount; ++r) {
        const auto rung = static_cast<Rung>(r);
        // The reference's chains are slow (every assumption, node by node, in maps):
        // the first sample is enough for them, and every second puzzle's for the
        // forcing chains of several branches.
        const bool several = rung == Rung::MultipleChains || rung == Rung::DynamicChains || rung == Rung::DynamicPlusChains;
        if (is_chain(rung) && (sample > 0 || (several && (&puzzle - puzzles.data()) % 2 != 0))) continue;
        const test::Effects expected = test::reference_effects(rung, units, position);
        const test::Effects got = fast.effects(rung, p, grade.solution);
        fired[static_cast<std::size_t>(r)] += expected.empty() ? 0 : 1;
        if (is_chain(rung)) {
          EXPECT_EQ(text(lowest(got)), text(lowest(expected))) << test::rung_name(rung) << " on " << engine::to_line(puzzle);
        } else {
          EXPECT_EQ(text(got), text(expected)) << test::rung_name(rung) << " on " << engine::to_line(puzzle);
        }
      }
    }
  }
  // The positions gave every technique something to find (but those too rare to).
  int silent = 0;
  for (int r = 0; r < test::kRungCount; ++r) {
    if (fired[static_cast<std::size_t>(r)] == 0) {
      ++silent;
      std::printf("no position here has a %s\n", test::rung_name(static_cast<Rung>(r)));
    }
  }
  EXPECT_LE(silent, 4);
}

// Alternating inference chains are named XY-chains when a chain as short runs
// through bivalue cells only. The finder decides that for all its chains at once
// (one search on the bivalue links); here each is decided on its own: its shortest
// chain's length, node by node on all static links, then whether the bivalue links
// alone reach as far within that length.
TEST(LadderReference, ChainsAreNamedXYChainsWhenAsShortAChainRunsThroughBivalueCells) {
  std::vector<engine::Grid> puzzles;
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 30) puzzles.push_back(top[i]);
  Grader grader{engine::Geometry{}};
  const Tables<W> tables{engine::Geometry{}};
  ChainContext<W> context{tables};
  StaticChains<W> chains{context};
  Implications<W> engine{tables};
  engine::Rng rng(2027);
  int xy = 0;
  int alternating = 0;
  for (const engine::Grid& puzzle : puzzles) {
    const Grade grade = grader.grade(puzzle);
    ASSERT_EQ(grade.status, Status::Unique);
    Position<W> p;
    p.start(tables, puzzle);
    for (engine::Cell c = 0; c < 81; ++c) {
      for (int d = 0; d < 9; ++d) {
        if (p.has(c, d) && grade.solution[c] != d + 1 && rng.below(4) == 0) p.remove(tables, c, d);
      }
    }
    context.start(grade.solution.values().data(), false);
    Findings out;
    chains.find_xy(p, INT_MAX, out);
    for (const Instance& i : out.instances()) {
      const bool refuted = !out.removals(i).empty();
      const Candidate at = refuted ? out.removals(i)[0] : out.placements(i)[0];
      const int start = engine.slot(at.cell, at.digit, refuted);
      ASSERT_EQ(engine.run(p, start, Links::StaticXY, start ^ 1), start ^ 1);
      const int links = engine.depth(start ^ 1);
      const bool bivalue = engine.run(p, start, Links::StaticBivalue, start ^ 1, links) == (start ^ 1);
      EXPECT_EQ(i.technique == HumanTechnique::XYChain, bivalue)
          << human_technique_name(i.technique) << " of " << links << " links on " << engine::to_line(puzzle);
      (i.technique == HumanTechnique::XYChain ? xy : alternating) += 1;
    }
  }
  // Both kinds came up.
  EXPECT_GT(xy, 0);
  EXPECT_GT(alternating, 0);
}

}  // namespace
}  // namespace sudoforge::grader::ladder
