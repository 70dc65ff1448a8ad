#pragma once
// The human rating: the ladder of techniques a person uses, each with a difficulty on
// Sudoku Explainer's ER scale (1.0 to 11+), the level a publisher prints, and one
// step of the rated path as a value. The difficulties live in one table (rating.cpp);
// the finders (src/ladder/) never hold them, and words for people are made from a
// HumanStep by explain.hpp.
//
// Ratings are held in tenths (ER 7.1 is 71) so that they compare and sort exactly.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/engine/types.hpp"

namespace sudoforge::grader {

// Which rating this grader gives. A database keeps it with every rating it stores, and
// `sudoforge upgrade` rates again what an older one rated. Raise it with any change
// that can alter a puzzle's rating, level, hardest technique or counts; a test
// (RatingVersion) fails when the golden records' ratings change and this does not.
//   1: every rating stored before versions were kept (up to 2026-12-06).
//   2: X-Sudoku's direct claiming and turbot fish, and paths with nested forcing
//      chains rated on the canonical form (2026-12-06).
inline constexpr int kRatingVersion = 2;

// The ladder, cheapest first: the order in which a rated path tries them (by their
// base difficulty; see README "The human rating"). Techniques whose difficulty grows
// with a chain's length are tried from their base.
enum class HumanTechnique : std::uint8_t {
  FullHouse,            // the last open cell of a unit
  HiddenSingleBox,      // a digit with one place left in a box
  HiddenSingleLine,     // ... in a row, column or diagonal
  DirectPointing,       // pointing that leaves a hidden single at once
  DirectClaiming,       // claiming that leaves a hidden single at once
  DirectHiddenPair,     // hidden pair that leaves a hidden single at once
  NakedSingle,          // a cell with one candidate left
  DirectHiddenTriple,   // hidden triple that leaves a hidden single at once
  Pointing,             // a box's candidates of a digit all in one line
  Claiming,             // a line's candidates of a digit all in one box
  NakedPair,
  XWing,
  HiddenPair,
  NakedTriple,
  Swordfish,
  HiddenTriple,
  XYWing,
  XYZWing,
  UniqueRectangle,      // types 1 to 4; needs the uniqueness proven first
  NakedQuad,
  Jellyfish,
  HiddenQuad,
  BugPlusOne,           // bivalue universal grave + 1; needs uniqueness too
  FinnedXWing,          // finned or sashimi
  FinnedSwordfish,
  FinnedJellyfish,
  Skyscraper,           // X-chains of two strong links, named by their shape
  TwoStringKite,
  TurbotFish,
  SimpleColouring,      // one digit's strong links coloured two ways: a colour that clashes is false
  XChain,               // one digit, strong and weak links alternating
  WWing,                // two equal bivalue cells bridged by a strong link
  XYChain,              // bivalue cells only
  AlternatingChain,     // AIC: several digits, cells and units
  NishioChain,          // one digit assumed, its places followed to a contradiction
  CellForcingChain,     // every candidate of a cell leads to the same result
  UnitForcingChain,     // every place of a digit in a unit leads to the same result
  DynamicForcingChain,  // assumptions followed with every single they make
  DynamicForcingChainPlus,  // ... and with locked candidates, pairs and X-wings inside
  NestedForcingChain,   // ... with forcing chains inside (what needs T&E(2))
};
constexpr int kHumanTechniqueCount = static_cast<int>(HumanTechnique::NestedForcingChain) + 1;

std::string_view human_technique_name(HumanTechnique technique);  // "x_wing", ...
// The name for people: "X-wing", "naked pair", ...
std::string_view human_technique_title(HumanTechnique technique);
std::optional<HumanTechnique> parse_human_technique(std::string_view name);

// The least difficulty of a technique, in tenths (a chain's grows with its length).
int base_rating(HumanTechnique technique);
// The lengths past which each tenth of length_bonus() starts, in turn: Sudoku
// Explainer's 4, 6, 8, 12, 16, 24, 32, ... (each x3/2 then x4/3). The one definition
// of the steps, for the bonus and for the longest chain a limit allows.
struct LengthCeilings {
  int ceiling = 4;
  bool odd = false;
  void next() {
    ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    odd = !odd;
  }
};

// What Sudoku Explainer adds to a chain's base for its length: 0.1 (one tenth) for
// every step of 4, 6, 8, 12, 16, 24, 32, 48, ... it exceeds. `length` counts the
// nodes of the chain (or of all branches together) between assumption and result.
// (Inline: the forcing chains rate every result they find by it.)
inline int length_bonus(int length) {
  int bonus = 0;
  for (LengthCeilings steps; length > steps.ceiling; steps.next()) ++bonus;
  return bonus;
}

// "7.1" from 71.
std::string rating_text(int tenths);

// The uses of each technique as text, ladder order, unused ones left out:
// "full_house:19;hidden_single_box:31;x_wing:1" ("" when none). And back; nullopt
// for text that is not that.
std::string techniques_text(const std::array<int, kHumanTechniqueCount>& counts);
std::optional<std::array<int, kHumanTechniqueCount>> parse_techniques(std::string_view text);
// Parses "7", "7.1" (one decimal at most) into tenths; nullopt if it is not that.
std::optional<int> parse_rating(std::string_view text);

// The five levels a publisher prints, cut from the rating (README "Levels").
enum class Level : std::uint8_t { Easy, Medium, Hard, Fiendish, Extreme };
constexpr int kLevelCount = 5;
std::string_view level_name(Level level);  // "easy", ...
std::optional<Level> parse_level(std::string_view name);
// The level of a puzzle rated `rating` (tenths); `singles_solve` says whether naked
// and hidden singles alone solve it (tier 1), which makes it easy whatever its rating.
Level level_of(int rating, bool singles_solve);
// The least rating (tenths) of each level above easy, in order: medium, hard, ...
std::array<int, kLevelCount - 1> level_cuts();

// How a chain reached a node where no single link does: a pattern that a dynamic
// chain "plus" applies when its singles run dry (the node is a candidate it took
// out), or, in a nested chain, a chain inside (HumanStep::inside).
enum class ChainVia : std::uint8_t { Link, LockedCandidates, HiddenPair, NakedPair, XWing, ChainInside };

// One link of a chain as a person follows it: "r1c2=5" (on) or "r1c2<>5" (off).
struct ChainNode {
  engine::Cell cell = 0;
  engine::Digit digit = 0;
  bool on = false;
  ChainVia via = ChainVia::Link;  // how the chain got here from the node before
};

struct Placement {
  engine::Cell cell = 0;
  engine::Digit digit = 0;
};

struct Removal {
  engine::Cell cell = 0;
  engine::Digit digit = 0;
};

// One step of the rated path: what was found, where, and what it does.
struct HumanStep {
  HumanTechnique technique = HumanTechnique::FullHouse;
  int rating = 0;                   // tenths
  int round = 0;                    // steps of one round were found in the same position
  engine::Candidates digits = 0;    // the pattern's digits
  std::vector<int> units;           // where it lives (engine::Units indices): base units first, then cover units
  std::vector<engine::Cell> cells;  // the pattern's cells
  std::vector<Placement> placements;
  std::vector<Removal> removals;
  // Chains: each branch from the assumption(s) to the result, in order. A forcing
  // chain with a contradiction has two branches ending in the same candidate, on and
  // off; a cell or unit forcing chain has one branch per candidate of the cell or
  // place of the unit.
  std::vector<std::vector<ChainNode>> chains;
  // A nested forcing chain's chains inside: `chains` are its contradiction's two
  // branches, and every chain inside that the contradiction rests on (all its rating
  // counts, whether on those branches or behind a node of theirs) is here, in the
  // order the assumption's run took their candidates out. Each has the shapes of
  // `chains` above (one branch from the candidate to its own negation, two to a
  // contradiction, or one per candidate of a cell or place of a unit), followed in
  // the position the assumption had led to when the chain was found.
  struct Inside {
    Removal removed;
    std::vector<std::vector<ChainNode>> chains;
  };
  std::vector<Inside> inside;
};

}  // namespace sudoforge::grader
