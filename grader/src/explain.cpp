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

std::string cells_text(const std::vector<engine::Cell>& cells, const engine::Geometry& geometry,
                       const char* separator) {
  std::string text;
  for (engine::Cell cell : cells) {
    if (!text.empty()) text += separator;
    text += engine::cell_name(geometry, cell);
  }
  return text;
}

// "r1c4 loses 1, 5; r2c6 loses 9", eliminations grouped by cell in order.
std::string eliminations_text(const std::vector<Elimination>& eliminations, const engine::Geometry& geometry) {
  std::vector<Elimination> sorted = eliminations;
  std::ranges::sort(sorted, [](const Elimination& a, const Elimination& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  std::string text;
  for (std::size_t i = 0; i < sorted.size();) {
    engine::Candidates digits = 0;
    std::size_t j = i;
    for (; j < sorted.size() && sorted[j].cell == sorted[i].cell; ++j) digits |= engine::digit_bit(sorted[j].digit);
    if (!text.empty()) text += "; ";
    text += engine::cell_name(geometry, sorted[i].cell) + " loses " + digits_text(digits, ", ");
    i = j;
  }
  return text;
}

}  // namespace

std::string describe(const Step& step, const engine::Units& units) {
  const engine::Geometry& geometry = units.geometry();
  const std::string digits = digits_text(step.digits, " and ");
  switch (step.technique) {
    case Technique::NakedSingle:
      return "naked single: " + engine::cell_name(geometry, step.cells.front()) + " can only be " + digits;
    case Technique::HiddenSingle:
      return "hidden single: " + digits + " in " + units.name(step.unit) + " can only go to " +
             engine::cell_name(geometry, step.cells.front());
    case Technique::NakedTwins:
      return "naked twins: " + cells_text(step.cells, geometry, " and ") + " hold only " + digits + ", so " + digits +
             " leave the rest of " + units.name(step.unit) + " (" + eliminations_text(step.eliminations, geometry) +
             ")";
    case Technique::HiddenTwins:
      return "hidden twins: " + digits + " in " + units.name(step.unit) + " can only go to " +
             cells_text(step.cells, geometry, " and ") + ", so other digits leave them (" +
             eliminations_text(step.eliminations, geometry) + ")";
  }
  return {};
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
