#pragma once
// Test helpers: the shipped puzzle sets, puzzles made on the spot, and a runner for
// the sudoforge binary.

#include <string>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/random.hpp"
#include "transform.hpp"  // Transform, random_transform

namespace sudoforge::test {

// Path of a file under data/ (the shipped collections).
std::string data_path(const std::string& name);
// Path of a file under tests/data/ (hand-made fixtures).
std::string fixture_path(const std::string& name);

// Every puzzle of a one-line-per-puzzle file under data/ (comments skipped).
std::vector<engine::Grid> load_puzzles(const std::string& name,
                                       const engine::Geometry& geometry = engine::Geometry{});

// A random complete grid of `geometry` (from the randomized solver).
engine::Grid random_full_grid(const engine::Geometry& geometry, engine::Rng& rng);
// `clues` givens drawn at random, a cell and then a digit at a time, each kept unless
// its cell is filled or a peer holds the digit: a clash-free position, often without
// a solution when sparse.
engine::Grid random_clash_free(const engine::Geometry& geometry, int clues, engine::Rng& rng);
// `solution` with clues removed in random order while the puzzle stays unique:
// a minimal unique puzzle.
engine::Grid carve_unique(const engine::Grid& solution, engine::Rng& rng);

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& text);

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};
// Runs `command` with /bin/sh, stdin from `input` (if any), capturing both streams.
CommandResult run_command(const std::string& command, const std::string* input = nullptr);

}  // namespace sudoforge::test
