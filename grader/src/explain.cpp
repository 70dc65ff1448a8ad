#include "sudoforge/grader/explain.hpp"

#include <algorithm>

#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::grader {

namespace {

std::string digits_text(engine::Candidates digits, const char* separator) {
  std::string text;
  for (engine::Digit digit = 1; digit <= engine::kMaxSize; ++digit) {
    if ((digits & engine::digit_bit(digit)) == 0) continue;
    if (!text.empty()) text += separator;
    text += engine::digit_symbol(digit);
  }
  return text;
}

// "a, b and c".
std::string listed(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text += i + 1 == items.size() ? " and " : ", ";
    text += items[i];
  }
  return text;
}

std::string cells_text(const std::vector<engine::Cell>& cells, const engine::Geometry& geometry) {
  std::vector<std::string> names;
  for (const engine::Cell cell : cells) names.push_back(engine::cell_name(geometry, cell));
  return listed(names);
}

std::string units_text(const std::vector<int>& units, const engine::Units& table) {
  std::vector<std::string> names;
  for (const int unit : units) names.push_back(table.name(unit));
  return listed(names);
}

// The removals grouped by cell in cell order: "r1c4 loses 1 and 5; r2c6 loses 9".
std::string removals_text(const std::vector<Removal>& removals, const engine::Geometry& geometry) {
  std::vector<Removal> sorted = removals;
  std::ranges::sort(sorted, [](const Removal& a, const Removal& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  std::string text;
  for (std::size_t i = 0; i < sorted.size();) {
    engine::Candidates digits = 0;
    std::size_t j = i;
    for (; j < sorted.size() && sorted[j].cell == sorted[i].cell; ++j) digits |= engine::digit_bit(sorted[j].digit);
    if (!text.empty()) text += "; ";
    text += engine::cell_name(geometry, sorted[i].cell) + " loses " + digits_text(digits, " and ");
    i = j;
  }
  return text;
}

// When every removal is one digit: "5 leaves r4c2 and r9c2".
std::string digit_leaves(const std::vector<Removal>& removals, const engine::Geometry& geometry) {
  engine::Candidates digits = 0;
  std::vector<engine::Cell> cells;
  for (const Removal& r : removals) {
    digits |= engine::digit_bit(r.digit);
    cells.push_back(r.cell);
  }
  if (engine::count(digits) != 1) return removals_text(removals, geometry);
  std::ranges::sort(cells);
  return digits_text(digits, "") + " leaves " + cells_text(cells, geometry);
}

std::string placements_text(const std::vector<Placement>& placements, const engine::Geometry& geometry) {
  std::vector<std::string> items;
  for (const Placement& p : placements) items.push_back(engine::cell_name(geometry, p.cell) + "=" + engine::digit_symbol(p.digit));
  return listed(items);
}

// What a step does: "5 leaves r4c2 and r9c2", "r3c5=7", or both.
std::string result_text(const HumanStep& step, const engine::Geometry& geometry) {
  std::string text;
  if (!step.removals.empty()) text = digit_leaves(step.removals, geometry);
  if (!step.placements.empty()) text += (text.empty() ? "" : "; ") + placements_text(step.placements, geometry);
  return text;
}

std::string node_text(const ChainNode& node, const engine::Geometry& geometry) {
  return engine::cell_name(geometry, node.cell) + (node.on ? "=" : "<>") + engine::digit_symbol(node.digit);
}

// How a chain reached a node where no single link does (a chain inside is marked by
// its number instead: nested_text()).
std::string via_text(ChainVia via) {
  switch (via) {
    case ChainVia::Link:
    case ChainVia::ChainInside: return "";
    case ChainVia::LockedCandidates: return " (locked candidates)";
    case ChainVia::HiddenPair: return " (hidden pair)";
    case ChainVia::NakedPair: return " (naked pair)";
    case ChainVia::XWing: return " (X-wing)";
  }
  return "";
}

// "r1c2=5 => r1c7<>5 => ..."; `mark` adds to a node what it says of it ("" if nothing).
template <typename Mark>
std::string chain_text(const std::vector<ChainNode>& chain, const engine::Geometry& geometry, Mark&& mark) {
  std::string text;
  for (const ChainNode& node : chain) {
    text += (text.empty() ? "" : " => ") + node_text(node, geometry) + via_text(node.via) + mark(node);
  }
  return text;
}

std::string no_mark(const ChainNode&) { return {}; }

// What a forcing chain's branches show: one branch from an assumption to its own
// negation, two to a contradiction, or every case of a cell, a unit or a double to one
// result. Without its conclusion, which the caller says after it; or, given `result`
// (a chain inside: "r5c2<>8"), with it.
template <typename Mark>
std::string branches_text(const std::vector<std::vector<ChainNode>>& chains, const engine::Geometry& geometry,
                          Mark&& mark, const std::string& result = "") {
  if (chains.size() == 1) return chain_text(chains.front(), geometry, mark);
  if (chains.size() == 2 && !chains[0].empty() && !chains[1].empty() && chains[0].front().cell == chains[1].front().cell &&
      chains[0].front().digit == chains[1].front().digit && chains[0].front().on == chains[1].front().on) {
    // A contradiction: the same assumption, two branches ending in one candidate on and off.
    const ChainNode& end = chains[0].back();
    return chain_text(chains[0], geometry, mark) + " and " + chain_text(chains[1], geometry, mark) + ": " +
           engine::cell_name(geometry, end.cell) + " would both hold and not hold " + engine::digit_symbol(end.digit) +
           (result.empty() ? "" : ", so " + result);
  }
  std::string text = "each case leads to " + (result.empty() ? std::string("it") : result) + ": ";
  for (std::size_t i = 0; i < chains.size(); ++i) text += (i > 0 ? "; " : "") + chain_text(chains[i], geometry, mark);
  return text;
}

// Chains whose one branch runs from an assumption to its own negation.
std::string forcing_text(const HumanStep& step, const engine::Geometry& geometry) {
  const std::string conclusion = result_text(step, geometry);
  if (step.chains.empty()) return "so " + conclusion;
  return branches_text(step.chains, geometry, no_mark) + "; so " + conclusion;
}

// A nested forcing chain: the assumption's contradiction, then every chain inside it
// rests on, each on a line of its own, numbered [1], [2], ... (a candidate one took
// out is marked so where the branches pass it), each in the position the assumption
// had led to when it was found.
std::string nested_text(const HumanStep& step, const engine::Geometry& geometry) {
  std::string assumption;
  for (const Removal& r : step.removals) assumption = engine::cell_name(geometry, r.cell) + "=" + engine::digit_symbol(r.digit);
  const std::string conclusion = result_text(step, geometry);
  if (step.chains.empty()) {
    return "assuming " + assumption +
           ", the singles it makes, with what forcing chains inside that position take out, run into a contradiction; "
           "so " + conclusion;
  }
  const auto mark = [&](const ChainNode& node) {
    for (std::size_t k = 0; k < step.inside.size(); ++k) {
      const Removal& r = step.inside[k].removed;
      if (!node.on && node.cell == r.cell && node.digit == r.digit) return " [" + std::to_string(k + 1) + "]";
    }
    return std::string();
  };
  std::string text = "assuming " + assumption + ": " + branches_text(step.chains, geometry, mark) + "; so " + conclusion;
  if (step.inside.empty()) return text;
  text += ". This rests on " + std::to_string(step.inside.size()) + " chain" + (step.inside.size() == 1 ? "" : "s") +
          " inside, each in the position the assumption had led to when it was found:";
  // (Each chain inside says what it takes out; a static one ends in it.)
  for (std::size_t k = 0; k < step.inside.size(); ++k) {
    const Removal& r = step.inside[k].removed;
    text += "\n[" + std::to_string(k + 1) + "] " +
            branches_text(step.inside[k].chains, geometry, no_mark, node_text(ChainNode{r.cell, r.digit, false}, geometry));
  }
  return text;
}

std::string title(HumanTechnique technique) {
  std::string text(human_technique_title(technique));
  if (!text.empty() && text.front() >= 'a' && text.front() <= 'z') text.front() = static_cast<char>(text.front() - 'a' + 'A');
  return text;
}

}  // namespace

std::string describe(const HumanStep& step, const engine::Units& units) {
  const engine::Geometry& geometry = units.geometry();
  const std::string head = title(step.technique) + " (" + rating_text(step.rating) + "): ";
  const std::string digits = digits_text(step.digits, " and ");
  const std::string result = result_text(step, geometry);
  const auto unit = [&](std::size_t i) { return i < step.units.size() ? units.name(step.units[i]) : std::string("?"); };
  using H = HumanTechnique;
  switch (step.technique) {
    case H::FullHouse:
      return head + engine::cell_name(geometry, step.cells.front()) + " is the last open cell of " + unit(0) + ", so it is " + digits;
    case H::HiddenSingleBox:
    case H::HiddenSingleLine:
      return head + "in " + unit(0) + ", " + digits + " can only go to " + engine::cell_name(geometry, step.cells.front());
    case H::NakedSingle:
      return head + engine::cell_name(geometry, step.cells.front()) + " can only be " + digits;
    case H::Pointing:
    case H::Claiming:
    case H::DirectPointing:
    case H::DirectClaiming: {
      std::string text = head + "in " + unit(0) + ", " + digits + " lies only in " + unit(1) + ", so " +
                         digit_leaves(step.removals, geometry);
      if (!step.placements.empty()) text += "; that leaves a hidden single: " + placements_text(step.placements, geometry);
      return text;
    }
    case H::NakedPair:
    case H::NakedTriple:
    case H::NakedQuad:
      return head + cells_text(step.cells, geometry) + " hold only " + digits + " in " + unit(0) + ", so these leave the rest of it (" +
             removals_text(step.removals, geometry) + ")";
    case H::HiddenPair:
    case H::HiddenTriple:
    case H::HiddenQuad:
    case H::DirectHiddenPair:
    case H::DirectHiddenTriple: {
      std::string text = head + "in " + unit(0) + ", " + digits + " can only go to " + cells_text(step.cells, geometry) +
                         ", so other digits leave them (" + removals_text(step.removals, geometry) + ")";
      if (!step.placements.empty()) text += "; that leaves a hidden single: " + placements_text(step.placements, geometry);
      return text;
    }
    case H::XWing:
    case H::Swordfish:
    case H::Jellyfish:
    case H::FinnedXWing:
    case H::FinnedSwordfish:
    case H::FinnedJellyfish: {
      const std::size_t half = step.units.size() / 2;
      const std::vector<int> base(step.units.begin(), step.units.begin() + static_cast<std::ptrdiff_t>(half));
      const std::vector<int> cover(step.units.begin() + static_cast<std::ptrdiff_t>(half), step.units.end());
      const bool finned = step.technique >= H::FinnedXWing;
      return head + "on " + digits + ", " + units_text(base, units) + " have it only in " + units_text(cover, units) +
             (finned ? " (and in fins, all in one box)" : "") + ", so " + digit_leaves(step.removals, geometry) +
             (finned ? " (the cover cells that see the fins)" : "");
    }
    case H::XYWing:
    case H::XYZWing:
      return head + "pivot " + engine::cell_name(geometry, step.cells[0]) + " with wings " +
             engine::cell_name(geometry, step.cells[1]) + " and " + engine::cell_name(geometry, step.cells[2]) +
             ": whichever digit the pivot holds, one wing holds the one they share, so " + result;
    case H::WWing:
      return head + engine::cell_name(geometry, step.cells[0]) + " and " + engine::cell_name(geometry, step.cells[1]) +
             " hold only " + digits + ", linked through " + engine::cell_name(geometry, step.cells[2]) + " and " +
             engine::cell_name(geometry, step.cells[3]) + " in " + unit(0) + ": one of them holds the other digit, so " + result;
    case H::UniqueRectangle:
      return head + "if " + cells_text(step.cells, geometry) + " held only " + digits +
             " the puzzle would have two solutions (it has one), so " + result;
    case H::BugPlusOne:
      return head + "every open cell but " + engine::cell_name(geometry, step.cells.front()) +
             " holds two candidates; without this digit there the puzzle would have no solution or several, so " + result;
    case H::Skyscraper:
    case H::TwoStringKite:
    case H::TurbotFish: {
      std::string text = head + "on " + digits + ", ";
      if (!step.chains.empty() && step.chains.front().size() == 4) {
        const auto& c = step.chains.front();
        text += "one of " + engine::cell_name(geometry, c[0].cell) + " and " + engine::cell_name(geometry, c[3].cell) +
                " holds it (strong links " + engine::cell_name(geometry, c[0].cell) + "-" + engine::cell_name(geometry, c[1].cell) +
                " and " + engine::cell_name(geometry, c[2].cell) + "-" + engine::cell_name(geometry, c[3].cell) + ", joined by " +
                engine::cell_name(geometry, c[1].cell) + " seeing " + engine::cell_name(geometry, c[2].cell) + "), so ";
      }
      return text + result;
    }
    case H::SimpleColouring:
      return head + "on " + digits + ", colouring its strong links two ways, " +
             engine::cell_name(geometry, step.cells.front()) + " would clash with either colour, so " + result;
    case H::XChain:
    case H::XYChain:
    case H::AlternatingChain:
    case H::NishioChain:
    case H::CellForcingChain:
    case H::UnitForcingChain:
    case H::DynamicForcingChain:
    case H::DynamicForcingChainPlus:
      return head + forcing_text(step, geometry);
    case H::NestedForcingChain:
      return head + nested_text(step, geometry);
  }
  return head + result;
}

std::string format_candidates(const CandidateSnapshot& snapshot) {
  const engine::Geometry& geometry = snapshot.grid.geometry();
  const int size = geometry.size();
  // Every cell as wide as the widest candidate list, so columns line up.
  std::vector<std::string> texts(static_cast<std::size_t>(geometry.cell_count()));
  std::size_t width = 1;
  for (engine::Cell cell = 0; cell < geometry.cell_count(); ++cell) {
    auto& text = texts[static_cast<std::size_t>(cell)];
    text = snapshot.grid[cell] != 0 ? std::string(1, engine::digit_symbol(snapshot.grid[cell]))
                                    : digits_text(snapshot.candidates[static_cast<std::size_t>(cell)], "");
    if (text.empty()) text = "-";  // no candidate left: a contradiction
    width = std::max(width, text.size());
  }
  std::string out;
  std::string rule;
  for (int row = 0; row < size; ++row) {
    std::string line;
    for (int col = 0; col < size; ++col) {
      if (col > 0) line += col % geometry.box_cols() == 0 ? " | " : " ";
      std::string text = texts[static_cast<std::size_t>(geometry.cell(row, col))];
      text.resize(width, ' ');
      line += text;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (rule.empty()) {
      for (int col = 0; col < size; ++col) {
        if (col > 0) rule += col % geometry.box_cols() == 0 ? "-+-" : "-";
        rule += std::string(width, '-');
      }
    }
    if (row > 0 && row % geometry.box_rows() == 0) out += rule + "\n";
    out += line + "\n";
  }
  return out;
}

}  // namespace sudoforge::grader
