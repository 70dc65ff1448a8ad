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
// (an old HoDoKu's save), a digit or cell out of range, or the HoDoKu module missing.
HodokuGame read_hodoku_save(std::string_view bytes);

// The reading is done by the HoDoKu module (cli/hodoku: sudoforge-hodoku.so, the only
// code that links libzip and expat), loaded when the first .hsol file is read, so that
// no other command pays the 3.5 ms of loading them: the function its
// kHodokuReaderSymbol returns (this header's version: a module built from another
// answers to another name), which throws as read_hodoku_save() does.
using HodokuReader = HodokuGame (*)(std::string_view bytes);
inline constexpr const char* kHodokuModule = "sudoforge-hodoku";
inline constexpr const char* kHodokuReaderSymbol = "sudoforge_hodoku_reader_1";

}  // namespace sudoforge::cli
