#pragma once
// The layouts other puzzle programs write, line by line, for PuzzleParser: Kennett's
// '%' titles, SadMan's .sdk headers and sections, OpenSudoku's XML games, Simon
// Tatham's game IDs and HoDoKu's library lines. Pure functions of one line; private
// to engine/ (and the fuzz harness, which asks them which lines hold no puzzle).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoforge::engine::files {

// "% Title" (Kennett's files): the title, trimmed.
std::optional<std::string_view> kennett_title(std::string_view content);

// SadMan's .sdk header lines before "[Puzzle]": "#AJohn Smith" -> "author: John
// Smith" (A author, D description, C comment, B date, S source, L level, U link).
std::optional<std::string> sdk_header(std::string_view content);

// "[Puzzle]", "[State]", ...: the section's name; nullopt for any other line.
std::optional<std::string_view> sdk_section(std::string_view content);

// One <game .../> of OpenSudoku's XML: its data attribute (the cells, '0' for blanks)
// and its note, if any.
struct XmlGame {
  std::string data;
  std::string note;
  std::size_t column = 0;  // 0-based, where the data starts in the line
};
// Every <game> element on the line (a file may put several on one line).
std::vector<XmlGame> opensudoku_games(std::string_view line);
// Whether the line is XML markup with no game (the declaration, <opensudoku>, <name>...).
bool is_markup(std::string_view content);

// A game ID of Tatham's Solo: "RxC[x]:DESCRIPTION" (boxes of R rows and C columns, 'x'
// for the diagonal variant), the description a run-length code: a-z are 1 to 26
// blanks, numbers are givens, '_' separates two numbers.
struct TathamId {
  int box_rows = 0;
  int box_cols = 0;
  bool diagonal = false;
  std::vector<int> cells;  // row by row, 0 for a blank
};
// Whether the line looks like a game ID ("3x3:", "4x4x:", "3x3j:" ...).
bool looks_like_tatham_id(std::string_view content);
// The ID decoded, or why it cannot be (in `error`): an unknown kind (jigsaw, killer),
// a bad character, or a length that is not the grid's.
std::optional<TathamId> parse_tatham_id(std::string_view content, std::string& error);

// A line of HoDoKu's library format,
//   :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>
// (its regression library, its "copy as library" and its batch output), where a '+'
// before a digit of <givens> marks a cell the solver placed, not a given. The puzzle
// is the givens alone ('+' digits blank); the note keeps the other fields, as written.
struct HodokuLine {
  std::string cells;  // the givens of a 9x9 puzzle, a symbol per cell ('.' for placed cells)
  std::string note;   // ":<technique>:<candidates>::<deleted>:..." (givens left out)
  std::string error;  // why the givens are no 9x9 puzzle (cells is then empty)
};
// Whether the line is one (it starts with ':' and has a givens field); nullopt if not.
std::optional<HodokuLine> hodoku_line(std::string_view content);

}  // namespace sudoforge::engine::files
