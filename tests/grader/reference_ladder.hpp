#pragma once
// A deliberately simple second implementation of the ladder's techniques, straight
// from their definitions (grader/src/ladder/*.hpp and README "The human rating"),
// over plain candidate masks and explicit loops, for the tests to hold the fast
// finders to. Each technique gives what it does to a position: every candidate it
// takes out or places, with the least rating that does it.

#include <map>
#include <string>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::test {

// Each cell's candidates (bit d for digit d + 1) and placed digit (0 while open; a
// placed cell has no candidates).
struct LadderPosition {
  std::vector<engine::Candidates> candidates;
  std::vector<engine::Digit> values;
};

// "r4c2-5": 5 leaves r4c2; "r1c1=3": 3 goes to r1c1. To the least rating (tenths).
using Effects = std::map<std::string, int>;

enum class Rung {
  FullHouse,
  HiddenSingleBox,
  HiddenSingleLine,
  NakedSingle,
  Locked,        // pointing and claiming
  DirectLocked,
  NakedPair,
  NakedTriple,
  NakedQuad,
  HiddenPair,
  HiddenTriple,
  HiddenQuad,
  DirectHiddenPair,
  DirectHiddenTriple,
  XWing,
  Swordfish,
  Jellyfish,
  FinnedXWing,
  FinnedSwordfish,
  FinnedJellyfish,
  XYWing,
  XYZWing,
  WWing,
  Skyscraper,
  TwoStringKite,
  TurbotFish,
  SimpleColouring,
  UniqueRectangle,
  BugPlusOne,
  XChains,         // static forcing chains of one digit
  XYChains,        // static forcing chains of every kind
  NishioChains,
  MultipleChains,  // static cell and unit forcing chains
  DynamicChains,   // contradictions, doubles, cell and unit forcing, with every single
  DynamicPlusChains,  // ... and locked candidates, pairs and X-wings when singles run dry
};
constexpr int kRungCount = static_cast<int>(Rung::DynamicPlusChains) + 1;
const char* rung_name(Rung rung);

// What `rung` does in `position` (of `units`' geometry).
Effects reference_effects(Rung rung, const engine::Units& units, const LadderPosition& position);

}  // namespace sudoforge::test
