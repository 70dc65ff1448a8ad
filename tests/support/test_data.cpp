#include "test_data.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <span>
#include <sstream>
#include <stdexcept>

#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::test {

std::string data_path(const std::string& name) { return std::string(SUDOFORGE_DATA_DIR) + "/" + name; }
std::string fixture_path(const std::string& name) { return std::string(SUDOFORGE_TEST_DATA_DIR) + "/" + name; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::vector<engine::Grid> load_puzzles(const std::string& name, const engine::Geometry& geometry) {
  std::istringstream in(read_file(data_path(name)));
  engine::PuzzleParser parser(geometry, engine::TextFormat::Line, name);
  std::vector<engine::Grid> puzzles;
  std::string line;
  while (std::getline(in, line)) {
    parser.feed(line);
    while (auto parsed = parser.next()) {
      if (parsed->error) throw *parsed->error;
      puzzles.push_back(parsed->puzzle->grid);
    }
  }
  return puzzles;
}

engine::Grid random_full_grid(const engine::Geometry& geometry, engine::Rng& rng) {
  engine::Solver solver(geometry);
  engine::Grid grid(geometry);
  if (!solver.random_solution(engine::Grid(geometry), rng, grid)) throw std::runtime_error("no full grid");
  return grid;
}

engine::Grid random_clash_free(const engine::Geometry& geometry, int clues, engine::Rng& rng) {
  const engine::Units units(geometry);
  const auto cells = static_cast<std::uint32_t>(geometry.cell_count());
  const auto size = static_cast<std::uint32_t>(geometry.size());
  engine::Grid puzzle(geometry);
  for (int placed = 0; placed < clues;) {
    const auto cell = static_cast<engine::Cell>(rng.below(cells));
    const auto digit = static_cast<engine::Digit>(rng.below(size) + 1);
    if (puzzle[cell] != 0) continue;
    if (std::ranges::any_of(units.peers(cell), [&](engine::Cell peer) { return puzzle[peer] == digit; })) continue;
    puzzle.set(cell, digit);
    ++placed;
  }
  return puzzle;
}

engine::Grid carve_unique(const engine::Grid& solution, engine::Rng& rng) {
  engine::Solver solver(solution.geometry());
  std::vector<engine::Cell> order(static_cast<std::size_t>(solution.cell_count()));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<engine::Cell>(i);
  rng.shuffle(std::span<engine::Cell>(order));
  engine::Grid puzzle = solution;
  for (engine::Cell cell : order) {
    const engine::Digit digit = puzzle[cell];
    puzzle.set(cell, 0);
    if (solver.count_solutions(puzzle, 2).count != 1) puzzle.set(cell, digit);
  }
  return puzzle;
}

namespace {
// Blocks of `block` lines permuted, and lines permuted within each block.
std::vector<int> permuted_lines(int size, int block, engine::Rng& rng) {
  std::vector<int> blocks(static_cast<std::size_t>(size / block));
  for (std::size_t i = 0; i < blocks.size(); ++i) blocks[i] = static_cast<int>(i);
  rng.shuffle(std::span<int>(blocks));
  std::vector<int> lines;
  for (int b : blocks) {
    std::vector<int> inner(static_cast<std::size_t>(block));
    for (int i = 0; i < block; ++i) inner[static_cast<std::size_t>(i)] = b * block + i;
    rng.shuffle(std::span<int>(inner));
    lines.insert(lines.end(), inner.begin(), inner.end());
  }
  return lines;
}
}  // namespace

Transform random_transform(const engine::Geometry& geometry, engine::Rng& rng) {
  Transform t;
  const int size = geometry.size();
  t.digit_map.resize(static_cast<std::size_t>(size + 1));
  std::vector<int> digits(static_cast<std::size_t>(size));
  for (int d = 0; d < size; ++d) digits[static_cast<std::size_t>(d)] = d + 1;
  rng.shuffle(std::span<int>(digits));
  for (int d = 1; d <= size; ++d) t.digit_map[static_cast<std::size_t>(d)] = digits[static_cast<std::size_t>(d - 1)];
  t.row_map = permuted_lines(size, geometry.box_rows(), rng);
  t.col_map = permuted_lines(size, geometry.box_cols(), rng);
  t.transpose = geometry.box_rows() == geometry.box_cols() && geometry.variant() == engine::Variant::Classic &&
                rng.below(2) == 1;
  return t;
}

engine::Grid Transform::apply(const engine::Grid& grid) const {
  const engine::Geometry& geometry = grid.geometry();
  engine::Grid out(geometry);
  for (int row = 0; row < geometry.size(); ++row) {
    for (int col = 0; col < geometry.size(); ++col) {
      const int from_row = row_map[static_cast<std::size_t>(row)];
      const int from_col = col_map[static_cast<std::size_t>(col)];
      const engine::Cell from = transpose ? geometry.cell(from_col, from_row) : geometry.cell(from_row, from_col);
      out.set(geometry.cell(row, col), digit_map[static_cast<std::size_t>(grid[from])]);
    }
  }
  return out;
}

CommandResult run_command(const std::string& command, const std::string* input) {
  static std::atomic<int> counter{0};
  const std::string base = testing::TempDir() + "sudoforge_cmd_" + std::to_string(::getpid()) + "_" +
                           std::to_string(counter++);
  std::string shell = command;
  if (input != nullptr) {
    write_file(base + ".in", *input);
    shell += " < '" + base + ".in'";
  } else {
    shell += " < /dev/null";
  }
  shell += " > '" + base + ".out' 2> '" + base + ".err'";
  const int status = std::system(shell.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(base + ".out");
  result.err = read_file(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  if (input != nullptr) std::remove((base + ".in").c_str());
  return result;
}

}  // namespace sudoforge::test
