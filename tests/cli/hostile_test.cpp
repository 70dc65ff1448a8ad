// A scripted hostile run (issue 15): every reader gets every bad input we know of,
// and the rule of DESIGN.md holds on each: every line of puzzle text ends in exactly
// one record (a puzzle, or an error naming it), and each command gives as many
// records as the input has.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_test.hpp"
#include "sudoforge/cli/puzzle_input.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::fresh_db;
using test::run_command;
using test::sudoforge;

// Lines that need not end in a record: blank, comments, grid rules only, and a first
// line with a comma (a CSV header) or a UTF-8 byte order mark alone.
bool is_puzzle_text(std::string line, bool first) {
  if (first && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
  const auto start = line.find_first_not_of(" \t\v\f");
  if (start == std::string::npos || line[start] == '#') return false;
  if (line.find_first_not_of("-+=*| \t\v\f") == std::string::npos) return false;
  return !(first && line.find(',') != std::string::npos);
}

// The files of the corpus, and hostile ones made here.
std::vector<std::string> hostile_inputs() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(test::fixture_path("bad_input"))) {
    if (entry.path().extension() != ".bin" && entry.path().filename() != "utf16.txt") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  const std::string folder = testing::TempDir() + "hostile/";
  std::filesystem::create_directories(folder);
  const std::string puzzles = test::read_file(test::data_path("top95.txt"));
  const auto make = [&](const std::string& name, const std::string& text) {
    test::write_file(folder + name, text);
    files.push_back(folder + name);
  };
  make("short_first_line.txt", "123456789\n" + puzzles);
  make("cr_line_ends.txt", [&] {
    std::string text = puzzles;
    for (char& c : text) c = c == '\n' ? '\r' : c;
    return text;
  }());
  make("grids_and_lines.txt", test::read_file(test::fixture_path("bad_input/grid_then_lines.txt")) + puzzles +
                                  test::read_file(test::fixture_path("bad_input/bad_grid_row.txt")));
  make("overlong.txt", puzzles.substr(0, 82) + std::string(2 << 20, '1') + "\n" + puzzles.substr(0, 82));
  make("no_last_newline.txt", puzzles.substr(0, 82 + 81));
  return files;
}

struct Read {
  long records = 0;   // puzzles and errors, from PuzzleInput
  long puzzles = 0;
  long unreadable = 0;
};

// Reads `file` in-process and checks the rule on its records' line spans.
Read read_checked(const std::string& file) {
  cli::PuzzleInput input({file}, engine::Geometry{}, engine::TextFormat::Auto);
  Read read;
  std::vector<int> covered;  // by line: how many records span it
  cli::InputRecord record;
  while (input.next(record)) {
    if (record.kind == cli::InputRecord::Kind::Unreadable) {
      ++read.unreadable;
      continue;
    }
    ++read.records;
    if (record.kind == cli::InputRecord::Kind::Puzzle) ++read.puzzles;
    EXPECT_TRUE(record.first_line <= record.line && record.line <= record.last_line) << file;
    if (covered.size() <= static_cast<std::size_t>(record.last_line)) covered.resize(static_cast<std::size_t>(record.last_line) + 1);
    for (int l = record.first_line; l <= record.last_line; ++l) ++covered[static_cast<std::size_t>(l)];
  }
  // Lines as the reader splits them: "\n", "\r\n" or "\r".
  std::string text = test::read_file(file);
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      lines.push_back(line);
      line.clear();
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      line += text[i];
    }
  }
  if (!line.empty()) lines.push_back(line);
  bool first = true;
  for (std::size_t l = 1; l <= lines.size(); ++l) {
    const bool text_line = is_puzzle_text(lines[l - 1], first);
    if (lines[l - 1].find_first_not_of(" \t\r") != std::string::npos && lines[l - 1][0] != '#') first = false;
    const int times = l < covered.size() ? covered[l] : 0;
    if (text_line) {
      EXPECT_GE(times, 1) << file << ": line " << l << " is in no record";
    }
    EXPECT_LE(times, 1) << file << ": line " << l << " is in " << times << " records";
  }
  return read;
}

TEST(Hostile, EveryLineOfEveryBadInputEndsInOneRecordOfEveryReader) {
  for (const std::string& file : hostile_inputs()) {
    SCOPED_TRACE(file);
    const Read read = read_checked(file);
    const auto grade = run_command(sudoforge("grade -q " + file));
    EXPECT_EQ(static_cast<long>(test::lines_of(grade.out).size()) - 1, read.records) << grade.err;
    const auto solve = run_command(sudoforge("solve -q " + file));
    long solved = 0;
    for (const std::string& line : test::lines_of(solve.out)) solved += line.empty() ? 0 : 1;
    long reported = 0;
    for (const std::string& line : test::lines_of(solve.err)) {
      reported += line.find(": ") != std::string::npos && !line.starts_with("sudoforge: warning") ? 1 : 0;
    }
    EXPECT_EQ(solved + reported, read.records + read.unreadable) << solve.err;
    const std::string db = fresh_db("hostile.db");
    const auto import = run_command(sudoforge("import --threads 2 --db " + db + " " + file));
    EXPECT_NE(import.err.find("import: " + std::to_string(read.records) + " puzzles"), std::string::npos)
        << import.err;
  }
}

}  // namespace
}  // namespace sudoforge
