#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "sudoforge/book/book.hpp"

namespace sudoforge::book {

namespace {

constexpr double kHeaderHeight = 16;   // the line above each puzzle
constexpr double kSlotPadding = 10;
constexpr double kMinCell = 12;        // smallest cell a puzzle is printed with
constexpr double kMinAnswerCell = 9;   // and a solution in the answer key,
constexpr double kMinBigAnswerCell = 14;  // or one above 9x9, whose two-figure numbers need more
constexpr double kAnswersHeading = 28; // "Answers" at the top of each answer page

struct Layout {
  int columns;
  int rows;
};

// The content box of a page: margins mirrored so the inner one sits at the binding.
struct Box {
  double x;
  double y;
  double width;
  double height;
};

Box content(const PageDimensions& page, int number) {
  const bool recto = number % 2 == 1;  // right-hand pages bind on their left
  const double left = recto ? page.inner : page.outer;
  return {left, page.top, page.width - page.inner - page.outer, page.height - page.top - page.bottom};
}

// The grids of a `columns` x `rows` page of `box`, each square centred in its slot
// below `header` points of label.
std::vector<Square> squares(const Box& box, Layout layout, double header) {
  const double slot_width = box.width / layout.columns;
  const double slot_height = box.height / layout.rows;
  const double size = std::min(slot_width - 2 * kSlotPadding, slot_height - header - 2 * kSlotPadding);
  std::vector<Square> squares;
  for (int row = 0; row < layout.rows; ++row) {
    for (int col = 0; col < layout.columns; ++col) {
      const double x = box.x + col * slot_width + (slot_width - size) / 2;
      const double y = box.y + row * slot_height + header + kSlotPadding + (slot_height - header - 2 * kSlotPadding - size) / 2;
      squares.push_back({x, y, size});
    }
  }
  return squares;
}

double cell_size(const PageDimensions& page, Layout layout, double header, int size) {
  return squares(content(page, 1), layout, header).front().size / size;
}

// The largest layout of at most `per_page` puzzles whose cells stay readable.
Layout puzzle_layout(const PageDimensions& page, int per_page, int size) {
  constexpr std::array<std::pair<int, Layout>, 4> kLayouts = {{{6, {2, 3}}, {4, {2, 2}}, {2, {1, 2}}, {1, {1, 1}}}};
  for (const auto& [count, layout] : kLayouts) {
    if (count <= per_page && cell_size(page, layout, kHeaderHeight, size) >= kMinCell) return layout;
  }
  return {1, 1};
}

Layout answer_layout(const PageDimensions& page, int size) {
  constexpr std::array<Layout, 7> kLayouts = {{{4, 5}, {3, 4}, {3, 3}, {2, 3}, {2, 2}, {1, 2}, {1, 1}}};
  for (const Layout layout : kLayouts) {
    PageDimensions below_heading = page;
    below_heading.top += kAnswersHeading;
    if (cell_size(below_heading, layout, kHeaderHeight, size) >= (size > 9 ? kMinBigAnswerCell : kMinAnswerCell)) {
      return layout;
    }
  }
  return {1, 1};
}

// The value `name` stands for in `table`; nullopt for any other name.
template <typename E, std::size_t N>
std::optional<E> named(std::string_view name, const std::pair<std::string_view, E> (&table)[N]) {
  for (const auto& [word, value] : table) {
    if (word == name) return value;
  }
  return std::nullopt;
}

}  // namespace

std::optional<PageSize> parse_page_size(std::string_view name) {
  static constexpr std::pair<std::string_view, PageSize> kNames[] = {
      {"a4", PageSize::A4}, {"letter", PageSize::Letter}, {"a5", PageSize::A5}, {"6x9in", PageSize::SixByNine}};
  return named(name, kNames);
}

PageDimensions dimensions(PageSize size) {
  switch (size) {
    case PageSize::A4: return {595.276, 841.890, 54, 36, 48, 48};
    case PageSize::Letter: return {612, 792, 54, 36, 48, 48};
    case PageSize::A5: return {419.528, 595.276, 45, 27, 36, 40};
    case PageSize::SixByNine: return {432, 648, 45, 27, 36, 40};
  }
  return {595.276, 841.890, 54, 36, 48, 48};
}

std::optional<Labels> parse_labels(std::string_view name) {
  static constexpr std::pair<std::string_view, Labels> kNames[] = {
      {"level", Labels::Level}, {"tier", Labels::Tier}, {"none", Labels::None}, {"full", Labels::Full}};
  return named(name, kNames);
}

std::optional<Symbols> parse_symbols(std::string_view name) {
  static constexpr std::pair<std::string_view, Symbols> kNames[] = {
      {"1-16", Symbols::Numbers}, {"0-F", Symbols::Hex}, {"A-P", Symbols::Letters}};
  return named(name, kNames);
}

std::string symbol_text(int digit, int size, Symbols symbols) {
  if (size <= 9 || symbols == Symbols::Numbers) return std::to_string(digit);
  if (symbols == Symbols::Hex) return std::string(1, "0123456789ABCDEF"[digit - 1]);
  return std::string(1, static_cast<char>('A' + digit - 1));
}

std::string label_of(const BookPuzzle& puzzle, Labels labels) {
  const auto capital = [](std::string_view word) {
    std::string text(word);
    if (!text.empty()) text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text;
  };
  const std::string number = std::to_string(puzzle.number);
  switch (labels) {
    case Labels::Level: return number + " · " + capital(grader::level_name(puzzle.level));
    case Labels::Tier: return number + " · " + capital(grader::tier_name(puzzle.tier));
    case Labels::None: return number;
    case Labels::Full: {
      std::string text = number + " · " + std::string(grader::level_name(puzzle.level)) + " " +
                         grader::rating_text(puzzle.rating) + " · " + std::string(grader::tier_name(puzzle.tier));
      if (puzzle.tier == grader::Tier::Diabolical) text += " te " + std::to_string(puzzle.te_depth);
      return text + " · score " + std::to_string(puzzle.score) + " · id " + std::to_string(puzzle.id);
    }
  }
  return number;
}

std::string count_text(int count, int section, Sections sections) {
  const std::string n = std::to_string(count);
  const std::string puzzles = count == 1 ? " puzzle" : " puzzles";
  if (sections == Sections::Level) return n + " " + std::string(grader::level_name(static_cast<grader::Level>(section))) + puzzles;
  switch (static_cast<grader::Tier>(section)) {
    case grader::Tier::Singles: return n + puzzles + " of singles";
    case grader::Tier::Twins: return n + puzzles + " needing twins";
    case grader::Tier::Diabolical: return n + " diabolical" + puzzles;
  }
  return n + puzzles;
}

int section_of(const BookPuzzle& puzzle, Sections sections) {
  return sections == Sections::Level ? static_cast<int>(puzzle.level) : static_cast<int>(puzzle.tier);
}

std::vector<Page> plan_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  const PageDimensions page = dimensions(options.page);
  const int size = puzzles.empty() ? 9 : puzzles.front().puzzle.size();
  std::vector<Page> pages;
  pages.push_back({Page::Kind::Title, 1, std::nullopt, {}});
  pages.push_back({options.rules ? Page::Kind::Rules : Page::Kind::Blank, 2, std::nullopt, {}});
  const auto section = [&](const BookPuzzle& p) { return section_of(p, options.sections); };
  const bool mixed = std::any_of(puzzles.begin(), puzzles.end(),
                                 [&](const BookPuzzle& p) { return section(p) != section(puzzles.front()); });
  const Layout layout = puzzle_layout(page, options.per_page, size);
  const std::size_t per_page = static_cast<std::size_t>(layout.columns * layout.rows);
  for (std::size_t first = 0; first < puzzles.size();) {
    const int part = section(puzzles[first]);
    std::size_t end = first;
    while (end < puzzles.size() && (!mixed || section(puzzles[end]) == part)) ++end;
    if (mixed && end - first > 1) pages.push_back({Page::Kind::Section, static_cast<int>(pages.size()) + 1, part, {}});
    for (std::size_t at = first; at < end; at += per_page) {
      Page puzzle_page{Page::Kind::Puzzles, static_cast<int>(pages.size()) + 1, part, {}};
      const auto spots = squares(content(page, puzzle_page.number), layout, kHeaderHeight);
      for (std::size_t k = 0; k < per_page && at + k < end; ++k) puzzle_page.slots.push_back({at + k, spots[k]});
      pages.push_back(std::move(puzzle_page));
    }
    first = end;
  }
  if (options.answers) {
    const Layout answers = answer_layout(page, size);
    const std::size_t per_answer_page = static_cast<std::size_t>(answers.columns * answers.rows);
    for (std::size_t at = 0; at < puzzles.size(); at += per_answer_page) {
      Page answer_page{Page::Kind::Answers, static_cast<int>(pages.size()) + 1, std::nullopt, {}};
      Box box = content(page, answer_page.number);
      box.y += kAnswersHeading;
      box.height -= kAnswersHeading;
      const auto spots = squares(box, answers, kHeaderHeight);
      for (std::size_t k = 0; k < per_answer_page && at + k < puzzles.size(); ++k) {
        answer_page.slots.push_back({at + k, spots[k]});
      }
      pages.push_back(std::move(answer_page));
    }
  }
  return pages;
}

}  // namespace sudoforge::book
