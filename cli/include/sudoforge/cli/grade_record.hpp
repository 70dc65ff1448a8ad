#pragma once
// The record `grade` writes for every input puzzle (and `generate` for every puzzle
// it makes), as CSV with a header or as JSON lines, fields in this order:
//   source, puzzle, status, reason, tier, te_depth, score, rating, level,
//   hardest_technique, clues, rounds, search_nodes, search_depth, naked_singles,
//   hidden_singles, naked_twins, hidden_twins, techniques, solution
// `techniques` counts the human path's techniques: "naked_single:12;x_wing:1" in
// CSV, an object in JSON; `rating` is a number with one decimal.
// Fields that do not apply (a tier for a puzzle with two solutions) are empty in CSV
// and null in JSON.

#include <optional>
#include <string>
#include <string_view>

#include "sudoforge/grader/grade.hpp"

namespace sudoforge::cli {

// Records (CSV, JSON lines), or the puzzles alone in another program's layout: one
// per line (line, sdm), Simple Sudoku's grid (ss), OpenSudoku's XML, Tatham's game IDs.
enum class RecordFormat { Csv, Jsonl, Line, Sdm, Ss, OpenSudoku, Tatham };

// "csv", "jsonl", "line", "sdm", "ss", "opensudoku", "tatham"; nullopt otherwise.
std::optional<RecordFormat> parse_record_format(std::string_view name);
// Why a format cannot hold puzzles of `geometry` (Simple Sudoku and OpenSudoku are
// 9x9 programs); nullopt when it can.
std::optional<std::string> cannot_hold(RecordFormat format, const engine::Geometry& geometry);

// What one record shows; it refers to the caller's values (build it in the call).
struct GradeRecord {
  std::string_view source;  // FILE:LINE
  std::string_view puzzle;  // one-line text (engine::to_line); empty when the line could not be read
  const grader::Grade& grade;
  bool rated = true;  // false: the grade has no human rating (a row stored before ratings); its fields stay empty
  std::optional<std::int64_t> id = std::nullopt;  // a stored puzzle's id (list, export): one more field, last
  std::string_view note = {};  // what the puzzle's file said of it (a title, an author)
};

// The CSV header line (with '\n'), OpenSudoku's opening tags; empty for the others.
// `stored`: records of stored puzzles, whose last field is their id.
std::string record_header(RecordFormat format, bool stored = false);
// What ends the file: OpenSudoku's closing tag; empty for the others.
std::string record_footer(RecordFormat format);
// One record as a line (with '\n').
std::string format_record(const GradeRecord& record, RecordFormat format);
// The same line appended to `out`: for writers of many records.
void append_record(std::string& out, const GradeRecord& record, RecordFormat format);

}  // namespace sudoforge::cli
