#include "sudoforge/engine/text_format.hpp"

#include "puzzle_files.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ranges>

namespace sudoforge::engine {

namespace {

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// symbol_value, with 255 for -1, in byte arithmetic without branches or tables so
// that the loop over a line's cells vectorizes.
constexpr std::uint8_t symbol_byte(char symbol) {
  const auto c = static_cast<std::uint8_t>(symbol);
  const auto digit = static_cast<std::uint8_t>(c - '0');            // '0'-'9': 0-9
  const auto letter = static_cast<std::uint8_t>((c | 0x20) - 'a');  // 'A'-'G', 'a'-'g': 0-6
  const std::uint8_t is_digit = digit <= 9 ? 0xFF : 0;
  const std::uint8_t is_letter = letter <= 6 ? 0xFF : 0;
  const std::uint8_t is_blank = ((c == '.') | (c == '_') | (c == '-')) ? 0xFF : 0;
  return static_cast<std::uint8_t>((digit & is_digit) | ((letter + 10) & is_letter) |
                                   ~(is_digit | is_letter | is_blank));
}

// What ends the puzzle token of a line: a space (is_space) or '#'.
constexpr std::array<bool, 256> kEndsToken = [] {
  std::array<bool, 256> ends{};
  for (int c = 0; c < 256; ++c) ends[static_cast<std::size_t>(c)] = is_space(static_cast<char>(c)) || c == '#';
  return ends;
}();
// (A loop, not std::views::iota: clang 14, which builds the fuzz targets, cannot
// use libstdc++ 12's iota_view.)
static_assert(
    [] {
      for (int c = '$'; c < 256; ++c) {
        if (kEndsToken[static_cast<std::size_t>(c)]) return false;
      }
      return true;
    }(),
    "feed_line_format skips bytes from '$' up without looking");

// 'x' for printable ASCII, "byte 0x1F" otherwise.
std::string show(char symbol) {
  const auto byte = static_cast<unsigned char>(symbol);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + symbol + "'";
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "byte 0x%02X", byte);
  return buffer;
}

bool is_row_filler(char c) { return c == ' ' || c == '\t' || c == '|'; }

// A grid separator line: only rule characters, and not a row of '-' blanks.
bool is_separator(std::string_view line, int size) {
  int dashes = 0;
  bool rule_mark = false;
  for (char c : line) {
    if (c == '-') {
      ++dashes;
    } else if (c == '+' || c == '=' || c == '*') {
      rule_mark = true;
    } else if (!is_row_filler(c)) {
      return false;
    }
  }
  return rule_mark || (dashes > 0 && dashes != size);
}

// The number of cell symbols on a grid row (fillers skipped, a '#' ends the row).
int row_symbol_count(std::string_view line) {
  int symbols = 0;
  for (char c : line) {
    if (c == '#') break;
    if (!is_row_filler(c)) ++symbols;
  }
  return symbols;
}

// The first CSV field of a header ("quizzes", "puzzle") holds no digit and no blank
// symbol, so a puzzle with a typo is still reported, never taken for a header.
bool is_csv_header(std::string_view field) {
  return field.find_first_of("0123456789._") == std::string_view::npos;
}

// Field k (from 0) of a CSV line, quotes honoured ("a,b" is one field), its quotes
// and surrounding blanks taken off; `offset` gets where its text starts. Empty past
// the last field.
std::string_view csv_field(std::string_view line, int k, std::size_t& offset) {
  std::size_t start = 0;
  for (int field = 0; field < k; ++field) {
    bool quoted = false;
    std::size_t i = start;
    for (; i < line.size() && (quoted || line[i] != ','); ++i) {
      if (line[i] == '"') quoted = !quoted;
    }
    if (i >= line.size()) {
      offset = line.size();
      return {};
    }
    start = i + 1;
  }
  bool quoted = false;
  std::size_t end = start;
  for (; end < line.size() && (quoted || line[end] != ','); ++end) {
    if (line[end] == '"') quoted = !quoted;
  }
  std::string_view field = line.substr(start, end - start);
  std::size_t skip = 0;
  while (skip < field.size() && (field[skip] == ' ' || field[skip] == '\t' || field[skip] == '"')) ++skip;
  field.remove_prefix(skip);
  while (!field.empty() && (field.back() == ' ' || field.back() == '\t' || field.back() == '"')) field.remove_suffix(1);
  offset = start + skip;
  return field;
}

}  // namespace

std::optional<TextFormat> parse_text_format(std::string_view name) {
  if (name == "auto") return TextFormat::Auto;
  if (name == "line" || name == "sdm") return TextFormat::Line;
  if (name == "grid" || name == "sdk" || name == "ss" || name == "kennett") return TextFormat::Grid;
  if (name == "csv") return TextFormat::Csv;
  return std::nullopt;
}

std::string_view text_format_name(TextFormat format) {
  switch (format) {
    case TextFormat::Auto: return "auto";
    case TextFormat::Line: return "line";
    case TextFormat::Grid: return "grid";
    case TextFormat::Csv: return "csv";
  }
  return "auto";
}

int symbol_value(char symbol) {
  const std::uint8_t value = symbol_byte(symbol);
  return value == 255 ? -1 : value;
}

namespace {
constexpr char kSymbols[] = ".123456789ABCDEFG";  // by digit, 0 (blank) to 16
}  // namespace

char digit_symbol(Digit digit) { return digit >= 0 && digit <= 16 ? kSymbols[digit] : '?'; }

std::string to_line(const Grid& grid) {
  std::string line(static_cast<std::size_t>(grid.cell_count()), '.');
  write_line(grid, line.data());
  return line;
}

void write_line(const Grid& grid, char* line) {
  const auto values = grid.values();
  // kSymbols without a table lookup, in bytes, so that the loop vectorizes 16 cells
  // at a time: '.' for 0, '1'-'9', then 'A'-'G' (7 symbols after '9' in ASCII).
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::uint8_t v = values[i];
    const auto symbol = static_cast<std::uint8_t>('0' + v + (v > 9 ? 'A' - '9' - 1 : 0));
    line[i] = static_cast<char>(v == 0 ? '.' : symbol);
  }
}

// Written in place into a string sized once: `solve --layout grid` prints one per
// puzzle, and building it from small strings cost a third of a 17-clue solve.
std::string to_block(const Grid& grid) {
  const Geometry& geometry = grid.geometry();
  const int size = geometry.size();
  const int box_rows = geometry.box_rows();
  const int box_cols = geometry.box_cols();
  // A row: size symbols, a space between neighbours, " | " between boxes.
  const int width = 2 * size - 1 + 2 * (size / box_cols - 1);
  const int lines = size + size / box_rows - 1;
  std::string text(static_cast<std::size_t>(lines * (width + 1)), ' ');
  char* out = text.data();
  for (int row = 0; row < size; ++row) {
    if (row > 0 && row % box_rows == 0) {  // the separator: '+' under each '|', '-' elsewhere
      for (int col = 0; col < size; ++col) {
        if (col > 0 && col % box_cols == 0) {
          out[0] = '+';
          out[1] = '-';
          out += 2;
        }
        out[0] = '-';
        out[1] = '-';
        out += 2;
      }
      out[-1] = '\n';
    }
    for (int col = 0; col < size; ++col) {
      if (col > 0 && col % box_cols == 0) {
        out[0] = '|';  // and a space, already there
        out += 2;
      }
      out[0] = kSymbols[grid[geometry.cell(row, col)]];
      out += 2;
    }
    out[-1] = '\n';
  }
  return text;
}

ParseError::ParseError(std::string source, int line, int column, std::string reason, int first_line, int last_line)
    : std::runtime_error(source + ":" + std::to_string(line) + ": " + reason),
      source_(std::move(source)),
      line_(line),
      first_line_(first_line > 0 ? first_line : line),
      last_line_(last_line > 0 ? last_line : line),
      column_(column),
      reason_(std::move(reason)) {}

PuzzleParser::PuzzleParser(const Geometry& geometry, TextFormat format, std::string source)
    : geometry_(geometry), format_(format), source_(std::move(source)), block_(geometry) {}

void PuzzleParser::fail(int column, std::string reason) const {
  throw ParseError(source_, line_number_, column, std::move(reason));
}

void PuzzleParser::emit(ParsedPuzzle puzzle) {
  if (!pending_note_.empty()) {  // a title or headers before it
    puzzle.note = puzzle.note.empty() ? std::move(pending_note_) : pending_note_ + "; " + puzzle.note;
    pending_note_.clear();
  }
  sdk_headers_.clear();  // headers not followed by [Puzzle] were comments
  results_.push_back(Parsed{std::move(puzzle), std::nullopt});
}

// Lines of other programs' layouts: true when the line is taken (a title, a header,
// a section, markup, an XML game or a game ID), false for the usual layouts.
bool PuzzleParser::feed_foreign(std::string_view content) {
  if (const auto title = files::kennett_title(content)) {
    end_block();
    pending_note_ = std::string(*title);
    return true;
  }
  if (const auto section = files::sdk_section(content)) {
    end_block();
    skipping_section_ = *section != "Puzzle";
    if (!skipping_section_) {
      for (const std::string& header : sdk_headers_) pending_note_ += (pending_note_.empty() ? "" : "; ") + header;
    }
    sdk_headers_.clear();
    return true;
  }
  if (skipping_section_) return true;  // [State]: the solving progress saved with it, not a puzzle
  if (content.front() == '#') {
    if (auto header = files::sdk_header(content)) sdk_headers_.push_back(std::move(*header));
    return false;  // a comment all the same
  }
  if (files::is_markup(content)) {
    end_block();
    for (files::XmlGame& game : files::opensudoku_games(content)) {
      seen_puzzle_line_ = true;
      try {
        emit(ParsedPuzzle{parse_cells(game.data, game.column), line_number_, line_number_, std::move(game.note)});
      } catch (ParseError& error) {
        results_.push_back(Parsed{std::nullopt, std::move(error)});
      }
    }
    return true;  // markup without a game (<?xml ...?>, <opensudoku>, <name>) holds none
  }
  if (auto hodoku = files::hodoku_line(content)) {
    end_block();
    seen_puzzle_line_ = true;
    if (geometry_ != Geometry{}) {
      emit_error(line_number_, 0, "a HoDoKu line is a 9x9 puzzle, not " + geometry_.name() + ": read it without --size, --box or --diagonal");
    } else if (!hodoku->error.empty()) {
      emit_error(line_number_, 0, std::move(hodoku->error));
    } else {
      emit(ParsedPuzzle{parse_cells(hodoku->cells, 0), line_number_, line_number_, "HoDoKu " + hodoku->note});
    }
    return true;
  }
  if (files::looks_like_tatham_id(content)) {
    end_block();
    seen_puzzle_line_ = true;
    std::string error;
    const auto id = files::parse_tatham_id(content, error);
    if (!id) {
      emit_error(line_number_, 0, error);
      return true;
    }
    std::optional<Geometry> shape;
    try {
      shape.emplace(id->box_rows, id->box_cols, id->diagonal ? Variant::Diagonal : Variant::Classic);
    } catch (const std::exception& e) {
      emit_error(line_number_, 0, std::string("a Tatham game ID of a shape sudoforge does not have: ") + e.what());
      return true;
    }
    const Geometry& geometry = *shape;
    if (geometry != geometry_) {
      emit_error(line_number_, 0,
                 "a Tatham game ID of " + geometry.name() + ", not " + geometry_.name() + ": read it with --box " +
                     std::to_string(id->box_rows) + "x" + std::to_string(id->box_cols) + (id->diagonal ? " --diagonal" : ""));
      return true;
    }
    Grid grid(geometry_);
    for (std::size_t i = 0; i < id->cells.size(); ++i) grid.set(static_cast<Cell>(i), id->cells[i]);
    emit(ParsedPuzzle{grid, line_number_, line_number_, {}});
    return true;
  }
  return false;
}

void PuzzleParser::emit_error(int line, int column, std::string reason, int first_line, int last_line) {
  results_.push_back(Parsed{std::nullopt, ParseError(source_, line, column, std::move(reason), first_line, last_line)});
}

std::optional<Parsed> PuzzleParser::next() {
  if (results_begin_ == results_.size()) {
    results_.clear();
    results_begin_ = 0;
    return std::nullopt;
  }
  return std::move(results_[results_begin_++]);
}

Grid PuzzleParser::parse_cells(std::string_view text, std::size_t column_offset) const {
  const auto cells = static_cast<std::size_t>(geometry_.cell_count());
  if (text.size() == cells) {  // the common case, in a loop that vectorizes
    std::array<std::uint8_t, kMaxCells> values;
    std::uint8_t largest = 0;
    for (std::size_t i = 0; i < cells; ++i) {
      const std::uint8_t value = symbol_byte(text[i]);  // 255: bad
      values[i] = value;
      largest = std::max(largest, value);
    }
    if (largest <= geometry_.size()) return Grid(geometry_, std::span<const std::uint8_t>(values.data(), cells));
  }
  Grid grid(geometry_);
  // One pass records the first bad symbol and the first digit out of range; the
  // checks then report in order of importance: bad symbol, length, range.
  std::size_t bad = text.size();
  std::size_t too_big = text.size();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int value = symbol_value(text[i]);
    if (value < 0 || value > geometry_.size()) {
      if (value < 0 && bad == text.size()) bad = i;
      if (value > 0 && too_big == text.size()) too_big = i;
      continue;
    }
    if (i < cells) grid.set(static_cast<Cell>(i), value);
  }
  const auto column = [&](std::size_t i) { return static_cast<int>(column_offset + i + 1); };
  if (bad < text.size()) {
    fail(column(bad), "bad character " + show(text[bad]) + " at column " + std::to_string(column(bad)));
  }
  if (text.size() != cells) {
    // A whole grid of another size is most likely a puzzle of that size: say so.
    std::size_t side = 0;
    while ((side + 1) * (side + 1) <= text.size()) ++side;
    std::string hint;
    if (side * side == text.size() && side != static_cast<std::size_t>(geometry_.size())) {
      const std::string n = std::to_string(side);
      hint = "; it is the length of a " + n + "x" + n + " puzzle" +
             (side <= static_cast<std::size_t>(kMaxSize) ? " (--size " + n + ")" : ", larger than the 16x16 supported");
    }
    fail(0, "wrong length: " + std::to_string(text.size()) + " cells, expected " + std::to_string(cells) + " for " +
                geometry_.name() + hint);
  }
  if (too_big < text.size()) {
    fail(column(too_big), "digit " + show(text[too_big]) + " at column " + std::to_string(column(too_big)) +
                              " is out of range for " + geometry_.name());
  }
  return grid;
}

// A line that cannot be a grid row: its puzzle token (or all its symbols) as long as a
// whole puzzle. What ends a grid cut short in the automatic layout.
namespace {
bool holds_a_puzzle(std::string_view content, int cells) {
  const auto token = content.find_first_of(" \t#");
  const std::size_t length = token == std::string_view::npos ? content.size() : token;
  return length >= static_cast<std::size_t>(cells) || row_symbol_count(content) >= cells;
}
}  // namespace

PuzzleParser::Kind PuzzleParser::classify(std::string_view content) {
  const int size = geometry_.size();
  switch (format_) {
    case TextFormat::Line: return Kind::Line;
    case TextFormat::Csv: return Kind::Csv;
    case TextFormat::Grid: return is_separator(content, size) ? Kind::Separator : Kind::Row;
    case TextFormat::Auto: break;
  }
  if (csv_) return Kind::Csv;
  if (!seen_puzzle_line_) {
    // CSV when the first field is a single token ending at a comma: a note with a
    // comma after a one-line puzzle does not make a file CSV.
    const auto end = content.find_first_of(" \t#,");
    if (end != std::string_view::npos && content[end] == ',') {
      csv_ = true;
      return Kind::Csv;
    }
  }
  if (is_separator(content, size)) return Kind::Separator;
  // Inside a grid (or what is left of a bad one) every line is a row but one that
  // holds a whole puzzle; outside, a line of size symbols starts a grid.
  if (block_rows_ > 0 || rows_to_skip_ > 0) return holds_a_puzzle(content, geometry_.cell_count()) ? Kind::Line : Kind::Row;
  return row_symbol_count(content) == size ? Kind::Row : Kind::Line;
}

void PuzzleParser::feed(std::string_view line) {
  ++line_number_;
  if (line_number_ == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  if (line.ends_with('\r')) line.remove_suffix(1);
  const std::string_view content = trim(line);

  if (content.empty()) {  // ends a grid (a grid cut short is reported)
    end_block();
    return;
  }
  if (format_ != TextFormat::Csv && feed_foreign(content)) return;
  if (content.front() == '#') return;  // a comment may sit between a grid's rows

  const Kind kind = classify(content);
  if (kind == Kind::Separator) {
    if (block_rows_ > 0 || rows_to_skip_ > 0) block_last_ = line_number_;
    return;
  }
  const bool first = !seen_puzzle_line_;
  seen_puzzle_line_ = true;
  if (kind == Kind::Row) {
    feed_grid_row(line);
    return;
  }
  end_block();
  if (kind == Kind::Csv) {
    if (first && is_csv_header(content.substr(0, content.find(',')))) {
      // The puzzle is the column named "puzzle" (our own records, QQWing's), else the first.
      for (int k = 0;; ++k) {
        std::size_t offset = 0;
        const std::string_view name = csv_field(content, k, offset);
        if (offset >= content.size()) break;
        if (name.size() == 6 && std::equal(name.begin(), name.end(), "puzzle",
                                           [](char a, char b) { return (a | 0x20) == b; })) {
          csv_column_ = k;
          break;
        }
      }
      return;
    }
    feed_csv_format(line);
    return;
  }
  feed_line_format(line, static_cast<std::size_t>(content.data() - line.data()));
}

void PuzzleParser::feed_line_format(std::string_view line, std::size_t start) {
  std::string_view rest = line.substr(start);
  std::size_t end = 0;
  // Every byte that ends the token is below '$': skip 8 bytes at a time while none
  // is (SWAR "has a byte less than n", exact for n <= 128); then find it bytewise.
  constexpr std::uint64_t kOnes = 0x0101010101010101;
  while (end + 8 <= rest.size()) {
    std::uint64_t word;
    std::memcpy(&word, rest.data() + end, sizeof word);
    if (((word - kOnes * '$') & ~word & (kOnes * 0x80)) != 0) break;
    end += 8;
  }
  while (end < rest.size() && !kEndsToken[static_cast<unsigned char>(rest[end])]) ++end;
  const std::string_view token = rest.substr(0, end);
  std::string_view note = trim(rest.substr(end));
  if (note.starts_with('#')) note = trim(note.substr(1));
  try {
    emit(ParsedPuzzle{parse_cells(token, start), line_number_, line_number_, std::string(note)});
  } catch (ParseError& error) {
    results_.push_back(Parsed{std::nullopt, std::move(error)});
  }
}

void PuzzleParser::feed_csv_format(std::string_view line) {
  std::size_t offset = 0;
  const std::string_view field = csv_field(line, csv_column_, offset);
  try {
    emit(ParsedPuzzle{parse_cells(field, offset), line_number_, line_number_, {}});
  } catch (ParseError& error) {
    results_.push_back(Parsed{std::nullopt, std::move(error)});
  }
}

void PuzzleParser::feed_grid_row(std::string_view line) {
  const int size = geometry_.size();
  if (rows_to_skip_ > 0) {  // the rest of a grid whose earlier row was bad
    block_last_ = line_number_;
    if (--rows_to_skip_ == 0) end_block();
    return;
  }
  if (block_rows_ == 0) {
    block_line_ = line_number_;
    block_ = Grid(geometry_);
  }
  block_last_ = line_number_;
  const int row = block_rows_;
  const auto abandon_block = [&](int column, std::string reason) {
    rows_to_skip_ = size - row - 1;
    block_rows_ = 0;
    block_error_.emplace(source_, line_number_, column, std::move(reason), block_line_, line_number_);
    if (rows_to_skip_ == 0) end_block();
  };

  int col = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '#') break;
    if (is_row_filler(c)) continue;
    const int value = symbol_value(c);
    const int column = static_cast<int>(i + 1);
    if (value < 0 || value > size) {
      abandon_block(column, (value < 0 ? "bad character " + show(c) : "digit " + show(c)) + " at column " +
                                std::to_string(column) + (value < 0 ? "" : " is out of range for " + geometry_.name()));
      return;
    }
    if (col < size) block_.set(geometry_.cell(row, col), value);
    ++col;
  }
  if (col != size) {
    abandon_block(0, "grid row has " + std::to_string(col) + " cells, expected " + std::to_string(size) + " for " +
                         geometry_.name());
    return;
  }
  if (++block_rows_ < size) return;
  block_rows_ = 0;
  emit(ParsedPuzzle{block_, block_line_, line_number_, {}});
}

// Ends the grid in progress, if any: a grid cut short, or the rest of a bad one,
// gets its error, naming every line it spans.
void PuzzleParser::end_block() {
  const auto span = [&] {
    return block_last_ > block_line_ ? "; the grid on lines " + std::to_string(block_line_) + "-" +
                                           std::to_string(block_last_) + " is skipped"
                                     : std::string();
  };
  if (block_error_) {
    const ParseError& e = *block_error_;
    emit_error(e.line(), e.column(), e.reason() + span(), block_line_, block_last_);
    block_error_.reset();
    rows_to_skip_ = 0;
    return;
  }
  if (block_rows_ > 0) {
    const int rows = block_rows_;
    block_rows_ = 0;
    if (rows == 1 && format_ == TextFormat::Auto) {  // likely a short line in a file of one-line puzzles
      const std::string size = std::to_string(geometry_.size());
      emit_error(block_line_, 0,
                 "a lone grid row: " + size + " cells, not a puzzle (" + std::to_string(geometry_.cell_count()) +
                     " cells on a line, or " + size + " rows of " + size + ")");
      return;
    }
    emit_error(block_line_, 0,
               "incomplete grid: " + std::to_string(rows) + " of " + std::to_string(geometry_.size()) + " rows" +
                   (block_last_ > block_line_
                        ? " (lines " + std::to_string(block_line_) + "-" + std::to_string(block_last_) + ")"
                        : std::string()),
               block_line_, block_last_);
  }
}

void PuzzleParser::reject_line(std::string reason) {
  ++line_number_;
  end_block();
  seen_puzzle_line_ = true;
  emit_error(line_number_, 0, std::move(reason));
}

void PuzzleParser::finish() { end_block(); }

Grid parse_puzzle(std::string_view text, const Geometry& geometry) {
  PuzzleParser parser(geometry, TextFormat::Auto, "<text>");
  std::optional<ParsedPuzzle> found;
  int line = 0;
  const auto take = [&] {
    while (auto parsed = parser.next()) {
      if (parsed->error) throw *parsed->error;
      if (found) throw ParseError("<text>", parsed->puzzle->line, 0, "more than one puzzle in the text");
      found = std::move(parsed->puzzle);
    }
  };
  while (!text.empty()) {
    const auto newline = text.find('\n');
    const std::string_view part = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    ++line;
    parser.feed(part);
    take();
  }
  parser.finish();
  take();
  if (!found) throw ParseError("<text>", line, 0, "no puzzle in the text");
  return found->grid;
}

}  // namespace sudoforge::engine
