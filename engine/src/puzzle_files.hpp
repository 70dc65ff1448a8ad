#pragma once
// The layouts other puzzle programs write, line by line, for PuzzleParser: Kennett's
// '%' titles, SadMan's .sdk headers and sections, OpenSudoku's XML games and Simon
// Tatham's game IDs. Pure functions of one line; private to engine/.

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

}  // namespace sudoforge::engine::files
