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
