#pragma once
// Puzzle text: readers for the one-line, multi-line grid (Norvig, SDK) and CSV
// layouts, and writers. Pure functions of text: the caller does the file I/O and
// feeds lines, so the same parser serves files, stdin and tests.

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {

enum class TextFormat {
  Auto,  // line by line: a grid row (size symbols) starts a grid, a line of cell_count
         // symbols is a one-line puzzle; CSV when the first puzzle line's first field
         // ends at a comma. In every layout but CSV, other programs' files read too:
         // Kennett's "% title" lines, SadMan's .sdk ("#A author" headers, [Puzzle]
         // sections; a [State] section is not a puzzle), OpenSudoku's XML (<game
         // data="..."/>), Simon Tatham's game IDs ("3x3:a4_8d2..."), HoDoKu's library
         // lines (":0000:x:<givens>:::" with '+' before placed digits, which are not
         // givens); titles and headers become the next puzzle's note
  Line,  // one puzzle per line, cell_count symbols, optional trailing note
  Grid,  // size lines of size symbols; spaces, '|' and '-'/'+' separator lines
         // are ignored (Norvig's layout; the 9-line SDK layout is the same)
  Csv,   // the puzzle is the field a header names "puzzle" (any case), else the first
         // comma-separated field; quotes are honoured; a header line is skipped
};

// "auto", "line" (also "sdm"), "grid" (also "sdk", "ss", "kennett"), "csv"; nullopt
// for anything else.
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

// Other programs' layouts (each ends in '\n'): Simple Sudoku's framed grid (9x9),
//   *-----------*
//   |2..|1.5|..3|
// Simon Tatham's game ID ("3x3:a4_8d2..."; "3x3x:" for the diagonal variant) for any
// box shape, and one OpenSudoku <game> element (9x9; `note` escaped for XML).
std::string to_simple_sudoku(const Grid& grid);
std::string to_tatham_id(const Grid& grid);
std::string to_opensudoku_game(const Grid& grid, std::string_view note);
// Text made safe inside XML or HTML, in elements and quoted attributes: & < > " escaped.
std::string xml_escape(std::string_view text);

// A malformed puzzle: where it is and why. what() is "SOURCE:LINE: REASON". A
// broken grid spans several lines: first_line()-last_line() (LINE among them).
class ParseError : public std::runtime_error {
 public:
  ParseError(std::string source, int line, int column, std::string reason, int first_line = 0, int last_line = 0);

  const std::string& source() const { return source_; }
  int line() const { return line_; }      // 1-based
  int column() const { return column_; }  // 1-based; 0 when it names the whole line
  const std::string& reason() const { return reason_; }
  int first_line() const { return first_line_; }
  int last_line() const { return last_line_; }

 private:
  std::string source_;
  int line_;
  int first_line_;
  int last_line_;
  int column_;
  std::string reason_;
};

struct ParsedPuzzle {
  Grid grid;
  int line = 0;       // the puzzle's first line in its source, 1-based
  int last_line = 0;  // its last (a grid's last row)
  std::string note;   // text after a one-line puzzle (a leading '#' removed)
};

// What lines of a source came to: a puzzle, or why they are not one.
struct Parsed {
  std::optional<ParsedPuzzle> puzzle;
  std::optional<ParseError> error;  // when puzzle is empty
};

// Turns lines of one source into puzzles and errors, in order. Blank lines, lines
// starting with '#', grid separator lines and a CSV header are not puzzle text;
// every other line ends up in exactly one result (a grid's result spans its rows).
// A trailing '\r' and a leading UTF-8 byte order mark are ignored.
class PuzzleParser {
 public:
  PuzzleParser(const Geometry& geometry, TextFormat format, std::string source);

  // Feeds the next line (without its '\n'); lines are numbered from 1 in call order.
  // What it completes (none, one or two results: a grid it cuts short, then itself)
  // waits for next().
  void feed(std::string_view line);

  // Counts a line the caller rejected without feeding it (e.g. one too long to
  // keep): a grid it interrupts ends there, then the line gets an error for `reason`.
  void reject_line(std::string reason);

  // Ends the source: a grid left incomplete gets its error.
  void finish();

  // The next result, in the order of the lines; nullopt when none is waiting.
  std::optional<Parsed> next();

  const std::string& source() const { return source_; }

 private:
  enum class Kind { Line, Csv, Row, Separator };
  Kind classify(std::string_view content);
  bool feed_foreign(std::string_view content);
  void feed_line_format(std::string_view line, std::size_t start);
  void feed_csv_format(std::string_view line);
  void feed_grid_row(std::string_view line);
  void end_block();
  void emit(ParsedPuzzle puzzle);
  void emit_error(int line, int column, std::string reason, int first_line = 0, int last_line = 0);
  [[noreturn]] void fail(int column, std::string reason) const;
  Grid parse_cells(std::string_view text, std::size_t column_offset) const;

  Geometry geometry_;
  TextFormat format_;
  std::string source_;
  int line_number_ = 0;
  bool seen_puzzle_line_ = false;
  bool csv_ = false;  // Auto: the first puzzle line was CSV
  int csv_column_ = 0;  // the CSV field that holds the puzzle (the header's "puzzle", else the first)
  std::vector<Parsed> results_;  // waiting for next(), from results_begin_
  std::size_t results_begin_ = 0;
  // Multi-line grid state.
  Grid block_;
  int block_rows_ = 0;
  int block_line_ = 0;  // its first line
  int block_last_ = 0;  // its last line so far
  // After a bad row: the rest of that grid's rows are skipped into its error.
  int rows_to_skip_ = 0;
  std::optional<ParseError> block_error_;
  // Other programs' layouts (puzzle_files.hpp): a title or headers waiting for the
  // next puzzle, and a section that holds no puzzle (SadMan's [State]).
  std::string pending_note_;
  std::vector<std::string> sdk_headers_;
  bool skipping_section_ = false;
};

// Parses the one puzzle in `text` (any layout PuzzleParser reads). Throws
// ParseError (source "<text>") unless `text` holds exactly one puzzle.
Grid parse_puzzle(std::string_view text, const Geometry& geometry = Geometry{});

}  // namespace sudoforge::engine
