// Writes the fuzz targets' seed corpora from the shipped collections:
//   fuzz_make_seeds DATA_DIR OUT_DIR  ->  OUT_DIR/TARGET/seed-N
// Each reader seed is a geometry byte then text in its layout; grade seeds are a
// geometry byte then one byte per cell (odd: a digit); propagation seeds a geometry
// byte then (cell, digit) moves (see harness.hpp).

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sudoforge/engine/text_format.hpp"

namespace {

namespace fs = std::filesystem;
using sudoforge::engine::Grid;

std::vector<Grid> read_lines(const fs::path& file, std::size_t limit) {
  std::vector<Grid> puzzles;
  std::ifstream in(file);
  sudoforge::engine::PuzzleParser parser(sudoforge::engine::Geometry{}, sudoforge::engine::TextFormat::Line,
                                         file.string());
  for (std::string line; puzzles.size() < limit && std::getline(in, line);) {
    parser.feed(line);
    while (auto parsed = parser.next()) {
      if (parsed->puzzle) puzzles.push_back(parsed->puzzle->grid);
    }
  }
  return puzzles;
}

void write(const fs::path& folder, int index, const std::string& bytes) {
  fs::create_directories(folder);
  std::ofstream(folder / ("seed-" + std::to_string(index)), std::ios::binary) << bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s DATA_DIR OUT_DIR\n", argv[0]);
    return 2;
  }
  const fs::path data = argv[1];
  const fs::path out = argv[2];
  std::vector<Grid> puzzles;
  for (const char* name : {"top95.txt", "hardest.txt", "17clue.txt"}) {
    for (const Grid& grid : read_lines(data / name, 40)) puzzles.push_back(grid);
  }
  int index = 0;
  for (std::size_t i = 0; i < puzzles.size(); i += 4, ++index) {
    std::string lines(1, '\0');
    std::string blocks(1, '\0');
    std::string csv = std::string(1, '\0') + "puzzle,source\n";
    for (std::size_t j = i; j < i + 4 && j < puzzles.size(); ++j) {
      lines += sudoforge::engine::to_line(puzzles[j]) + "  # seed\n";
      blocks += sudoforge::engine::to_block(puzzles[j]) + "\n";
      csv += sudoforge::engine::to_line(puzzles[j]) + ",\"data, line " + std::to_string(j) + "\"\r\n";
    }
    write(out / "read_line", index, lines);
    write(out / "read_auto", index, index % 2 ? lines : blocks);
    write(out / "read_grid", index, blocks);
    write(out / "read_sdk", index, blocks);
    write(out / "read_csv", index, csv);
  }
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    std::string cells(1, '\0');
    for (const std::uint8_t value : puzzles[i].values()) cells += static_cast<char>(value == 0 ? 0 : 2 * value - 1);
    write(out / "grade", static_cast<int>(i), cells);
    // P: the clues as placements (cell, digit - 1), then a few eliminations.
    std::string moves(1, '\0');
    for (int cell = 0; cell < puzzles[i].cell_count(); ++cell) {
      if (puzzles[i][cell] != 0) moves += {static_cast<char>(cell), static_cast<char>(puzzles[i][cell] - 1)};
    }
    for (int k = 0; k < 6; ++k) moves += {static_cast<char>(7 * k + 3), static_cast<char>(9 + k)};
    write(out / "propagation", static_cast<int>(i), moves);
    // The classic solver: limit 2, the cells, then a clue's digit ruled out of a
    // blank cell next to it.
    if (puzzles[i].cell_count() == 81) {
      std::string solve = std::string(1, '\1') + cells.substr(1);
      solve += {static_cast<char>(i % 81), static_cast<char>(i % 9)};
      write(out / "solve9", static_cast<int>(i), solve);
    }
  }
  std::printf("fuzz seeds: %zu puzzles into %s\n", puzzles.size(), out.c_str());
  return 0;
}
