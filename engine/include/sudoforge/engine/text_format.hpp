#pragma once
// Puzzle text: readers for the one-line, multi-line grid (Norvig, SDK) and CSV
// layouts, and writers. Pure functions of text: the caller does the file I/O and
// feeds lines, so the same parser serves files, stdin and tests.

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {

enum class TextFormat {
  Auto,  // decided by the first puzzle line of each source
  Line,  // one puzzle per line, cell_count symbols, optional trailing note
  Grid,  // size lines of size symbols; spaces, '|' and '-'/'+' separator lines
         // are ignored (Norvig's layout; the 9-line SDK layout is the same)
  Csv,   // the puzzle is the first comma-separated field; a header line is skipped
};

// "auto", "line", "grid" (also "sdk"), "csv"; nullopt for anything else.
std::optional<TextFormat> parse_text_format(std::string_view name);
std::string_view text_format_name(TextFormat format);

// Symbols: '1'-'9' then 'A'-'G' (any case) are digits 1-16; '.', '0', '_' and '-'
// are blanks (value 0). Returns -1 for any other character.
int symbol_value(char symbol);
// The symbol the writers use: '.' for 0, '1'-'9', then 'A'-'G'.
char digit_symbol(Digit digit);

// One line of cell_count symbols with '.' for blanks.
std::string to_line(const Grid& grid);
// The same symbols written to out[0, cell_count), no terminator: for writers of many
// records.
void write_line(const Grid& grid, char* out);
// The multi-line grid layout, one line per row ending in '\n':
//   4 . . | . . . | 8 . 5
//   ------+-------+------
std::string to_block(const Grid& grid);

// A malformed puzzle: where it is and why. what() is "SOURCE:LINE: REASON".
class ParseError : public std::runtime_error {
 public:
  ParseError(std::string source, int line, int column, std::string reason);

  const std::string& source() const { return source_; }
  int line() const { return line_; }      // 1-based
  int column() const { return column_; }  // 1-based; 0 when it names the whole line
  const std::string& reason() const { return reason_; }

 private:
  std::string source_;
  int line_;
  int column_;
  std::string reason_;
};

struct ParsedPuzzle {
  Grid grid;
  int line = 0;      // the puzzle's first line in its source, 1-based
  std::string note;  // text after a one-line puzzle (a leading '#' removed)
};

// Turns lines of one source into puzzles. Lines starting with '#' and blank lines
// are skipped; a trailing '\r' and a leading UTF-8 byte order mark are ignored.
class PuzzleParser {
 public:
  PuzzleParser(const Geometry& geometry, TextFormat format, std::string source);

  // Feeds the next line (without its '\n'); lines are numbered from 1 in call order.
  // Returns the puzzle this line completes, if any. Throws ParseError for a
  // malformed puzzle; the parser then skips only that puzzle and stays usable.
  std::optional<ParsedPuzzle> feed(std::string_view line);

  // Counts a line the caller rejected without feeding it (e.g. one too long to
  // keep); a multi-line grid it interrupts is dropped with it.
  void skip_line();

  // Ends the source. Throws ParseError when a multi-line grid is left incomplete.
  void finish();

  // The layout in use: the one asked for, or what Auto settled on (Auto until the
  // first puzzle line).
  TextFormat format() const { return format_; }
  const std::string& source() const { return source_; }

 private:
  std::optional<ParsedPuzzle> feed_line_format(std::string_view line, std::size_t start);
  std::optional<ParsedPuzzle> feed_grid_format(std::string_view line);
  std::optional<ParsedPuzzle> feed_csv_format(std::string_view line);
  [[noreturn]] void fail(int column, std::string reason) const;
  Grid parse_cells(std::string_view text, std::size_t column_offset) const;

  Geometry geometry_;
  TextFormat format_;
  std::string source_;
  int line_number_ = 0;
  bool seen_puzzle_line_ = false;
  // Multi-line grid state.
  Grid block_;
  int block_rows_ = 0;
  int block_line_ = 0;
  int rows_to_skip_ = 0;
};

// Parses the one puzzle in `text` (any layout PuzzleParser reads). Throws
// ParseError (source "<text>") unless `text` holds exactly one puzzle.
Grid parse_puzzle(std::string_view text, const Geometry& geometry = Geometry{});

}  // namespace sudoforge::engine
