#pragma once
// HoDoKu's saved games (.hsol): a ZIP archive whose entry "SudokuData" holds the game
// as text of java.beans.XMLEncoder, the sudoku first: a sudoku.Sudoku2 object whose
// "fixed" array marks the givens, "values" holds every placed digit (givens and the
// player's), and "level" and "score" hold HoDoKu's rating when it has made one.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace sudoforge::cli {

// Whether a source's first bytes are a ZIP archive's ("PK\3\4").
bool looks_like_zip(std::string_view first_bytes);

struct HodokuGame {
  std::array<std::uint8_t, 81> givens{};  // row by row, 0 for a cell that is not a given
  std::string note;                       // "HoDoKu: Medium, score 696" when rated, else ""
};

// Reads a .hsol file's bytes. Throws std::runtime_error naming what is wrong: not
// a ZIP archive, no "SudokuData" entry, XML that does not parse, no sudoku.Sudoku2
// (an old HoDoKu's save), or a digit or cell out of range.
HodokuGame read_hodoku_save(std::string_view bytes);

}  // namespace sudoforge::cli
