#include "sudoforge/book/compose.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/grader/rating.hpp"

namespace sudoforge::book {

namespace {

// Marks added to a canvas, named as the pen draws them.
class Pen {
 public:
  explicit Pen(Canvas& canvas) : marks_(canvas.marks) {}
  void grey(double level) { marks_.emplace_back(Grey{level}); }
  void font(double size, bool bold) { marks_.emplace_back(Font{size, bold}); }
  void paint() { marks_.emplace_back(Paint{}); }
  void fill(std::vector<Fill::Rect> rects) { marks_.emplace_back(Fill{std::move(rects)}); }
  void line(double width, double x1, double y1, double x2, double y2) { marks_.emplace_back(Line{width, x1, y1, x2, y2}); }
  void text(const std::string& words, double x, double y, bool centred) { marks_.emplace_back(Text{words, x, y, centred}); }
  // Shrunk first until it fits `width`.
  void fitted(const std::string& words, double x, double y, double width) {
    marks_.emplace_back(Text{words, x, y, true, width});
  }
  // A title, subtitle or author line: shrunk to fit down to 60% of its size, then
  // wrapped onto at most `max_lines` lines and cut with an ellipsis, never shrunk to
  // nothing (a 10,000-character title stays readable).
  void heading(const std::string& words, double x, double y, double width, int max_lines) {
    if (!words.empty()) marks_.emplace_back(Text{words, x, y, true, width, 0.6, max_lines});
  }

 private:
  std::vector<Mark>& marks_;
};

// A section's title and the lines that say what its puzzles need. Each holds for
// every puzzle of the section: a level is a range of ratings (grader::level_cuts),
// and the lines name every technique whose rating can fall in that range.
struct SectionText {
  std::string title;
  std::vector<std::string> lines;
};

SectionText section_text(int section, Sections sections) {
  if (sections == Sections::Tier) {
    switch (static_cast<grader::Tier>(section)) {
      case grader::Tier::Singles: return {"Singles", {"Each needs nothing but naked and hidden singles."}};
      case grader::Tier::Twins: return {"Twins", {"Each needs naked or hidden twins besides the singles."}};
      case grader::Tier::Diabolical:
        return {"Diabolical", {"Singles and twins are not enough: each needs a technique beyond them",
                               "(locked candidates, fish, wings, chains ...) at some point."}};
    }
    return {};
  }
  const auto cuts = grader::level_cuts();  // least rating of medium, hard, fiendish, extreme
  const auto least = [&](grader::Level level) { return cuts[static_cast<std::size_t>(level) - 1]; };
  const auto from = [&](grader::Level level) { return grader::rating_text(least(level)); };
  const auto below = [&](grader::Level level) { return grader::rating_text(least(level) - 1); };
  using L = grader::Level;
  switch (static_cast<grader::Level>(section)) {
    case grader::Level::Easy:
      return {"Easy", {"Singles solve each: a cell with one candidate left,",
                       "or a digit with one place left in a row, column or box."}};
    case grader::Level::Medium:
      return {"Medium", {"Beyond singles: locked candidates, pairs and triples, X-wings, swordfish.",
                         "No step rates above " + below(L::Hard) + "."}};
    case grader::Level::Hard:
      return {"Hard", {"Wings, unique rectangles, quads, jellyfish, BUG+1, finned X-wings,",
                       "skyscrapers, kites and short one-digit chains: steps rated " + from(L::Hard) + " to " + below(L::Fiendish) + "."}};
    case grader::Level::Fiendish:
      return {"Fiendish", {"Chains: one digit's, or of cells and units alternating; finned fish.",
                           "The hardest step rates " + from(L::Fiendish) + " to " + below(L::Extreme) + "."}};
    case grader::Level::Extreme:
      return {"Extreme", {"Long chains and forcing chains: an assumption followed until it",
                          "contradicts itself, or every case leads to the same result. " + from(L::Extreme) + " and up."}};
  }
  return {};
}

// A grid: diagonals shaded (diagonal variant), thin cell lines, thick box borders,
// the givens in bold black and, with a solution, the other digits in grey.
void mark_grid(Pen& pen, const Square& square, const engine::Grid& puzzle, const engine::Grid* solution, Symbols symbols) {
  const engine::Geometry& geometry = puzzle.geometry();
  const int n = geometry.size();
  const double cell = square.size / n;
  if (geometry.variant() == engine::Variant::Diagonal) {
    pen.grey(0.87);
    std::vector<Fill::Rect> shaded;
    for (int i = 0; i < n; ++i) {
      shaded.push_back({square.x + i * cell, square.y + i * cell, cell, cell});
      shaded.push_back({square.x + (n - 1 - i) * cell, square.y + i * cell, cell, cell});
    }
    pen.fill(std::move(shaded));
  }
  pen.grey(0);
  const double thin = std::max(0.35, square.size / 600);
  const double thick = std::max(1.2, square.size / 110);
  for (int pass = 0; pass < 2; ++pass) {  // thin lines first, borders over them
    for (int k = 0; k <= n; ++k) {
      const bool vertical_border = k % geometry.box_cols() == 0;
      const bool horizontal_border = k % geometry.box_rows() == 0;
      if ((pass == 1) == vertical_border) {
        pen.line(pass == 1 ? thick : thin, square.x + k * cell, square.y, square.x + k * cell, square.y + square.size);
      }
      if ((pass == 1) == horizontal_border) {
        pen.line(pass == 1 ? thick : thin, square.x, square.y + k * cell, square.x + square.size, square.y + k * cell);
      }
    }
  }
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const engine::Cell at = geometry.cell(row, col);
      const bool given = puzzle[at] != 0;
      const engine::Digit digit = given ? puzzle[at] : solution != nullptr ? (*solution)[at] : 0;
      if (digit == 0) continue;
      const std::string symbol = symbol_text(digit, n, symbols);
      const double shrink = symbol.size() > 1 ? 0.78 : 1.0;  // two figures share a cell
      pen.font(cell * (given ? 0.62 : 0.56) * shrink, given);
      pen.grey(given ? 0 : 0.42);
      const double baseline = square.y + row * cell + cell * 0.5 + cell * (given ? 0.22 : 0.2) * shrink;
      pen.text(symbol, square.x + col * cell + cell / 2, baseline, true);
    }
  }
  pen.grey(0);
}

// How to play, for the puzzles' shape: the units, the symbols, the diagonals.
std::vector<std::string> rules_text(const engine::Geometry& geometry, Symbols printed) {
  const int n = geometry.size();
  std::string symbols = "the numbers 1 to " + std::to_string(n);
  if (n <= 9) symbols = "the digits 1 to " + std::to_string(n);
  if (n > 9 && printed == Symbols::Hex) symbols = "the digits 0 to 9 and the letters A to " + symbol_text(n, n, printed);
  if (n > 9 && printed == Symbols::Letters) symbols = "the letters A to " + symbol_text(n, n, printed);
  std::vector<std::string> lines = {
      "Fill in the grid so that every row, every column and every",
      "box of " + std::to_string(geometry.box_rows()) + " by " + std::to_string(geometry.box_cols()) +
          " cells (the thick lines) holds " + symbols + ",",
      "each exactly once."};
  if (geometry.variant() == engine::Variant::Diagonal) {
    lines.emplace_back("");
    lines.emplace_back("X-Sudoku: the two long diagonals (shaded) must also hold each once.");
  }
  lines.emplace_back("");
  lines.emplace_back("Every puzzle has exactly one solution. For the harder ones, pencil in");
  lines.emplace_back("the digits each empty cell can still take, and strike them as you go.");
  return lines;
}

void mark_page(Pen& pen, const Page& page, const std::vector<Page>& pages_of_book, const std::vector<BookPuzzle>& puzzles,
               const BookOptions& options) {
  const PageDimensions size = dimensions(options.page);
  const double middle = size.width / 2;
  pen.grey(1);
  pen.paint();
  pen.grey(0);
  switch (page.kind) {
    case Page::Kind::Title: {
      const double width = size.width - size.inner - size.outer;
      pen.font(size.width / 14, true);
      pen.heading(options.title, middle, size.height * 0.30, width, 3);
      pen.font(size.width / 30, false);
      pen.heading(options.subtitle, middle, size.height * 0.30 + size.width / 5, width, 2);
      pen.font(size.width / 30, false);
      pen.heading(options.author, middle, size.height * 0.55, width, 2);
      std::array<int, grader::kLevelCount> parts{};
      for (const BookPuzzle& puzzle : puzzles) ++parts[static_cast<std::size_t>(section_of(puzzle, options.sections))];
      pen.font(11, false);
      std::string contents;
      const int kinds = options.sections == Sections::Level ? grader::kLevelCount : 3;
      for (int k = 0; k < kinds; ++k) {
        if (parts[static_cast<std::size_t>(k)] == 0) continue;
        contents += (contents.empty() ? "" : ", ") + count_text(parts[static_cast<std::size_t>(k)], k, options.sections);
      }
      if (options.answers) contents += ", with answers";
      pen.fitted(contents, middle, size.height * 0.70, width);
      if (options.credit) {
        pen.font(9, false);
        pen.text("made with sudoforge", middle, size.height - size.bottom, true);
      }
      return;  // no page number on the title page
    }
    case Page::Kind::Rules: {
      pen.font(18, true);
      pen.text("How to play", middle, size.height * 0.30, true);
      pen.font(11, false);
      double y = size.height * 0.30 + 40;
      const engine::Geometry geometry = puzzles.empty() ? engine::Geometry{} : puzzles.front().puzzle.geometry();
      for (const std::string& line : rules_text(geometry, options.symbols)) {
        pen.fitted(line, middle, y, size.width - size.inner - size.outer);
        y += 16;
      }
      break;
    }
    case Page::Kind::Blank:
      return;  // the back of the title page: nothing, not even a number
    case Page::Kind::Section: {
      // Parts numbered in book order.
      int part = 0;
      for (const Page& other : pages_of_book) part += other.kind == Page::Kind::Section && other.number <= page.number;
      const SectionText words = section_text(*page.section, options.sections);
      pen.font(14, false);
      pen.text("Part " + std::to_string(part), middle, size.height * 0.38, true);
      pen.font(size.width / 16, true);
      pen.text(words.title, middle, size.height * 0.38 + size.width / 10, true);
      pen.font(11, false);
      double y = size.height * 0.38 + size.width / 10 + 30;
      for (const std::string& line : words.lines) {
        pen.fitted(line, middle, y, size.width - size.inner - size.outer);
        y += 15;
      }
      break;
    }
    case Page::Kind::Puzzles:
      for (const Slot& slot : page.slots) {
        const BookPuzzle& puzzle = puzzles[slot.puzzle];
        pen.font(9, false);
        pen.text(label_of(puzzle, options.labels), slot.grid.x, slot.grid.y - 6, false);
        mark_grid(pen, slot.grid, puzzle.puzzle, nullptr, options.symbols);
      }
      break;
    case Page::Kind::Answers:
      pen.font(14, true);
      pen.text("Answers", middle, size.top + 14, true);
      for (const Slot& slot : page.slots) {
        const BookPuzzle& puzzle = puzzles[slot.puzzle];
        pen.font(8, true);
        pen.text(std::to_string(puzzle.number), slot.grid.x, slot.grid.y - 5, false);
        mark_grid(pen, slot.grid, puzzle.puzzle, &puzzle.solution, options.symbols);
      }
      break;
  }
  pen.font(9, false);
  pen.text(std::to_string(page.number), middle, size.height - size.bottom / 2, true);
}

}  // namespace

Canvas compose_page(const Page& page, const std::vector<Page>& pages, const std::vector<BookPuzzle>& puzzles,
                    const BookOptions& options) {
  const PageDimensions size = dimensions(options.page);
  Canvas canvas{size.width, size.height, {}};
  Pen pen(canvas);
  mark_page(pen, page, pages, puzzles, options);
  return canvas;
}

Canvas compose_picture(const BookPuzzle& puzzle, bool solution, Symbols symbols) {
  constexpr double kSize = 300;
  constexpr double kMargin = 6;
  Canvas canvas{kSize + 2 * kMargin, kSize + 2 * kMargin, {}};
  Pen pen(canvas);
  pen.grey(1);
  pen.paint();
  mark_grid(pen, {kMargin, kMargin, kSize}, puzzle.puzzle, solution ? &puzzle.solution : nullptr, symbols);
  return canvas;
}

}  // namespace sudoforge::book
