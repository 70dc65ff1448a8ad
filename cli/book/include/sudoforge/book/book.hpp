#pragma once
// Puzzle books: a print-ready PDF (title page, sections by level or tier, numbered puzzles,
// page numbers, a gutter for binding, an answer key) and one image per puzzle. The
// page plan is a pure function, so tests can find every grid on every page; each page
// is composed as a canvas of plain marks (compose.hpp), which the cairo module
// (cli/cairo, loaded only to print) draws.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <functional>
#include <string>
#include <string_view>
#include <string_view>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::book {

class BookError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class PageSize { A4, Letter, A5, SixByNine };
std::optional<PageSize> parse_page_size(std::string_view name);  // "a4", "letter", "a5", "6x9in"

// A page in points (1/72 in): its size and its margins. Inner is the binding side.
struct PageDimensions {
  double width;
  double height;
  double inner;
  double outer;
  double top;
  double bottom;
};
PageDimensions dimensions(PageSize size);

struct BookPuzzle {
  int number = 0;         // in the book, from 1
  std::int64_t id = 0;    // in the database, to find it again
  engine::Grid puzzle;
  engine::Grid solution;
  grader::Tier tier = grader::Tier::Singles;
  int te_depth = 0;
  int score = 0;
  grader::Level level = grader::Level::Easy;
  int rating = 0;  // tenths
};

// What the book's parts are made of.
enum class Sections { Level, Tier };

// What is printed above each puzzle besides its number: its level ("12 · Hard",
// the default), its tier, nothing, or everything we know (level, rating, tier,
// te_depth, score, database id: for us, not for a reader).
enum class Labels { Level, Tier, None, Full };
std::optional<Labels> parse_labels(std::string_view name);  // "level", "tier", "none", "full"

// How grids above 9x9 write their digits: as the numbers 1-16 (the default, as most
// printed 16x16 puzzles do), as hexadecimal 0-F, or as the letters A-P. Up to 9x9,
// always 1-9.
enum class Symbols { Numbers, Hex, Letters };
std::optional<Symbols> parse_symbols(std::string_view name);  // "1-16", "0-F", "A-P"
// Digit d (from 1) of a grid of `size` as printed.
std::string symbol_text(int digit, int size, Symbols symbols);
// The label of a puzzle as printed.
std::string label_of(const BookPuzzle& puzzle, Labels labels);
// "1 easy puzzle", "3 hard puzzles", "2 puzzles needing twins": a section's count in words.
std::string count_text(int count, int section, Sections sections);

struct BookOptions {
  std::string title = "Sudoku";
  std::string subtitle;
  std::string author;
  PageSize page = PageSize::A4;
  int per_page = 4;      // 1, 2, 4 or 6; fewer when the grids would get too small
  bool answers = false;  // add the answer key
  Sections sections = Sections::Level;
  Labels labels = Labels::Level;
  Symbols symbols = Symbols::Numbers;
  bool rules = true;   // a page of how to play, facing the title page
  bool credit = true;  // "made with sudoforge" at the foot of the title page
  std::string date;      // PDF creation date, "YYYY-MM-DDTHH:MM:SS"; from the data, never the clock
};

// A grid's square on a page, in points from the page's top-left corner.
struct Square {
  double x = 0;
  double y = 0;
  double size = 0;
};

struct Slot {
  std::size_t puzzle = 0;  // index into the book's puzzles
  Square grid;
};

struct Page {
  enum class Kind { Title, Rules, Blank, Section, Puzzles, Answers };
  Kind kind = Kind::Puzzles;
  int number = 0;                     // printed page number, from 1 (the title page is 1)
  std::optional<int> section;         // for sections and their puzzle pages: the level or tier (its index)
  std::vector<Slot> slots;            // puzzle pages and answer pages
};

// The section a puzzle belongs to: its level's or its tier's index.
int section_of(const BookPuzzle& puzzle, Sections sections);
// Where everything goes. The title page is page 1 (a right-hand page); page 2 holds
// the rules (or is blank), so the puzzles begin on a right-hand page. Sections (one
// page each, easiest first, by level or tier as the options say) appear only when
// the puzzles are of more than one, and a section of a single puzzle gets no divider
// page; `puzzles` must already be in book order.
std::vector<Page> plan_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options);

// Loads the cairo module (cli/cairo) that draws books and images, if it is not yet,
// so that a command can refuse before it writes anything. Throws BookError naming
// the module's file and why it cannot be loaded. The functions below call it too.
void load_printer();

// The book as a PDF, its bytes handed to `write` as cairo makes them (to a file, or
// standard output); `name` names it in errors. Throws BookError when it cannot be
// drawn, and rethrows what `write` throws.
void write_pdf(const std::function<void(std::string_view)>& write, const std::string& name,
               const std::vector<BookPuzzle>& puzzles, const BookOptions& options);
// Every page as a PNG, `directory`/page-001.png ..., at `dpi`.
void write_page_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles,
                       const BookOptions& options, double dpi);

enum class ImageFormat { Svg, Png };
// One image per puzzle, `directory`/puzzle-0001.svg ..., and per solution
// (solution-0001.svg ...) when `solutions`.
void write_puzzle_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles, Symbols symbols, ImageFormat format,
                         bool solutions);

}  // namespace sudoforge::book
