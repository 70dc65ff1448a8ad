// The one table of the ladder: each technique's name, its title for people and its
// difficulty on Sudoku Explainer's ER scale; and the cut points of the levels.
// README "The human rating" says where each number comes from.

#include "sudoforge/grader/rating.hpp"

#include <algorithm>
#include <charconv>

namespace sudoforge::grader {

namespace {

struct Entry {
  HumanTechnique technique;
  std::string_view name;
  std::string_view title;
  int rating;  // tenths: the base for chains, whose length adds length_bonus()
};

// The difficulties are Sudoku Explainer's where it has the technique. Techniques it
// does not name get the rating of the chain it would need for the same deduction:
// skyscraper, two-string kite and turbot fish are its X-chains of four nodes (6.6),
// a W-wing its XY forcing chain of six (7.0 + 0.1). Finned fish have no chain of SE's
// shape (they need a grouped node); their ratings were set against the calibration
// set as a whole (README "The human rating").
constexpr Entry kTable[] = {
    {HumanTechnique::FullHouse, "full_house", "full house", 10},
    {HumanTechnique::HiddenSingleBox, "hidden_single_box", "hidden single in a box", 12},
    {HumanTechnique::HiddenSingleLine, "hidden_single_line", "hidden single in a line", 15},
    {HumanTechnique::DirectPointing, "direct_pointing", "direct pointing", 17},
    {HumanTechnique::DirectClaiming, "direct_claiming", "direct claiming", 19},
    {HumanTechnique::DirectHiddenPair, "direct_hidden_pair", "direct hidden pair", 20},
    {HumanTechnique::NakedSingle, "naked_single", "naked single", 23},
    {HumanTechnique::DirectHiddenTriple, "direct_hidden_triple", "direct hidden triple", 25},
    {HumanTechnique::Pointing, "pointing", "pointing", 26},
    {HumanTechnique::Claiming, "claiming", "claiming", 28},
    {HumanTechnique::NakedPair, "naked_pair", "naked pair", 30},
    {HumanTechnique::XWing, "x_wing", "X-wing", 32},
    {HumanTechnique::HiddenPair, "hidden_pair", "hidden pair", 34},
    {HumanTechnique::NakedTriple, "naked_triple", "naked triple", 36},
    {HumanTechnique::Swordfish, "swordfish", "swordfish", 38},
    {HumanTechnique::HiddenTriple, "hidden_triple", "hidden triple", 40},
    {HumanTechnique::XYWing, "xy_wing", "XY-wing", 42},
    {HumanTechnique::XYZWing, "xyz_wing", "XYZ-wing", 44},
    {HumanTechnique::UniqueRectangle, "unique_rectangle", "unique rectangle", 45},
    {HumanTechnique::NakedQuad, "naked_quad", "naked quad", 50},
    {HumanTechnique::Jellyfish, "jellyfish", "jellyfish", 52},
    {HumanTechnique::HiddenQuad, "hidden_quad", "hidden quad", 54},
    {HumanTechnique::BugPlusOne, "bug_plus_one", "BUG+1", 56},
    {HumanTechnique::FinnedXWing, "finned_x_wing", "finned X-wing", 67},
    {HumanTechnique::FinnedSwordfish, "finned_swordfish", "finned swordfish", 68},
    {HumanTechnique::FinnedJellyfish, "finned_jellyfish", "finned jellyfish", 69},
    {HumanTechnique::Skyscraper, "skyscraper", "skyscraper", 66},
    {HumanTechnique::TwoStringKite, "two_string_kite", "two-string kite", 66},
    {HumanTechnique::TurbotFish, "turbot_fish", "turbot fish", 66},
    {HumanTechnique::SimpleColouring, "simple_colouring", "simple colouring", 66},
    {HumanTechnique::XChain, "x_chain", "X-chain", 66},
    {HumanTechnique::WWing, "w_wing", "W-wing", 70},
    {HumanTechnique::XYChain, "xy_chain", "XY-chain", 70},
    {HumanTechnique::AlternatingChain, "alternating_chain", "alternating inference chain", 70},
    {HumanTechnique::NishioChain, "nishio_chain", "Nishio forcing chain", 75},
    {HumanTechnique::CellForcingChain, "cell_forcing_chain", "cell forcing chain", 80},
    {HumanTechnique::UnitForcingChain, "unit_forcing_chain", "unit forcing chain", 80},
    {HumanTechnique::DynamicForcingChain, "dynamic_forcing_chain", "dynamic forcing chain", 85},
    {HumanTechnique::DynamicForcingChainPlus, "dynamic_forcing_chain_plus", "dynamic forcing chain (+)", 90},
    {HumanTechnique::NestedForcingChain, "nested_forcing_chain", "nested forcing chain", 95},
};
static_assert(std::size(kTable) == kHumanTechniqueCount);

constexpr bool table_in_enum_order() {
  for (int i = 0; i < kHumanTechniqueCount; ++i) {
    if (static_cast<int>(kTable[i].technique) != i) return false;
  }
  return true;
}
static_assert(table_in_enum_order());

const Entry& entry(HumanTechnique technique) { return kTable[static_cast<int>(technique)]; }

// Least ratings of hard, fiendish and extreme (README "Levels"): below hard is
// medium, and a puzzle that singles solve is easy whatever its rating.
constexpr std::array<int, 3> kCuts = {41, 68, 72};

constexpr std::string_view kLevelNames[kLevelCount] = {"easy", "medium", "hard", "fiendish", "extreme"};

}  // namespace

std::string_view human_technique_name(HumanTechnique technique) { return entry(technique).name; }
std::string_view human_technique_title(HumanTechnique technique) { return entry(technique).title; }

std::optional<HumanTechnique> parse_human_technique(std::string_view name) {
  for (const Entry& e : kTable) {
    if (e.name == name) return e.technique;
  }
  return std::nullopt;
}

int base_rating(HumanTechnique technique) { return entry(technique).rating; }

std::string rating_text(int tenths) {
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

std::string techniques_text(const std::array<int, kHumanTechniqueCount>& counts) {
  std::string text;
  for (int t = 0; t < kHumanTechniqueCount; ++t) {
    const int count = counts[static_cast<std::size_t>(t)];
    if (count == 0) continue;
    if (!text.empty()) text += ';';
    text += kTable[t].name;
    text += ':';
    text += std::to_string(count);
  }
  return text;
}

std::optional<std::array<int, kHumanTechniqueCount>> parse_techniques(std::string_view text) {
  std::array<int, kHumanTechniqueCount> counts{};
  while (!text.empty()) {
    const std::size_t end = std::min(text.find(';'), text.size());
    const std::string_view part = text.substr(0, end);
    const std::size_t colon = part.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const auto technique = parse_human_technique(part.substr(0, colon));
    int count = 0;
    const std::string_view number = part.substr(colon + 1);
    const auto [at, error] = std::from_chars(number.data(), number.data() + number.size(), count);
    if (!technique || error != std::errc{} || at != number.data() + number.size() || count < 0) return std::nullopt;
    counts[static_cast<std::size_t>(*technique)] = count;
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return counts;
}

std::optional<int> parse_rating(std::string_view text) {
  int whole = 0;
  const char* end = text.data() + text.size();
  auto [rest, error] = std::from_chars(text.data(), end, whole);
  if (error != std::errc{} || whole < 0 || whole > 99 || text.empty() || text.front() == '+') return std::nullopt;
  if (rest == end) return whole * 10;
  if (*rest != '.' || rest + 2 != end || rest[1] < '0' || rest[1] > '9') return std::nullopt;
  return whole * 10 + (rest[1] - '0');
}

std::string_view level_name(Level level) { return kLevelNames[static_cast<int>(level)]; }

std::optional<Level> parse_level(std::string_view name) {
  for (int i = 0; i < kLevelCount; ++i) {
    if (kLevelNames[i] == name) return static_cast<Level>(i);
  }
  return std::nullopt;
}

Level level_of(int rating, bool singles_solve) {
  if (singles_solve) return Level::Easy;
  int level = 1;
  for (const int cut : kCuts) level += rating >= cut ? 1 : 0;
  return static_cast<Level>(level);
}

std::array<int, kLevelCount - 1> level_cuts() { return {0, kCuts[0], kCuts[1], kCuts[2]}; }

}  // namespace sudoforge::grader
