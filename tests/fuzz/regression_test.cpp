// Replays every input kept under tests/fuzz/regressions/TARGET/ (what fuzzing found,
// fixed, and must stay fixed) through its target, and feeds each target inputs
// made from the shipped collections, so the fuzz checks run in every build.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "harness.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

namespace fs = std::filesystem;

void replay(const std::string& target, const std::string& bytes, const std::string& name) {
  try {
    fuzz::run_target(target, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  } catch (const fuzz::FuzzFailure& failure) {
    ADD_FAILURE() << target << " on " << name << ": " << failure.what();
  }
}

TEST(FuzzRegressions, EveryKeptInputPassesItsTarget) {
  const fs::path root = fs::path(SUDOFORGE_FUZZ_REGRESSIONS);
  ASSERT_TRUE(fs::is_directory(root)) << root;
  int replayed = 0;
  for (const auto& folder : fs::directory_iterator(root)) {
    if (!folder.is_directory()) continue;
    const std::string target = folder.path().filename().string();
    ASSERT_TRUE(fuzz::is_target(target)) << "a folder for no target: " << folder.path();
    for (const auto& file : fs::directory_iterator(folder.path())) {
      replay(target, test::read_file(file.path().string()), file.path().string());
      ++replayed;
    }
  }
  std::cout << "[ replayed ] " << replayed << " kept fuzz inputs\n";
}

TEST(FuzzRegressions, TargetsAcceptTheCollections) {
  const auto puzzles = test::load_puzzles("top95.txt");
  std::string lines(1, '\0');  // geometry byte 0: 9x9
  std::string blocks(1, '\0');
  std::string csv = std::string(1, '\0') + "puzzle,note\n";
  for (const engine::Grid& puzzle : puzzles) {
    lines += engine::to_line(puzzle) + "\n";
    blocks += engine::to_block(puzzle) + "\n";
    csv += engine::to_line(puzzle) + ",top95\n";
  }
  replay("read_line", lines, "top95 lines");
  replay("read_auto", lines, "top95 lines");
  replay("read_grid", blocks, "top95 grids");
  replay("read_sdk", blocks, "top95 grids");
  replay("read_csv", csv, "top95 csv");
  // Grader inputs: a geometry byte, then one byte per cell (odd: digit); P inputs:
  // a geometry byte, then the clues as (cell, digit - 1) placements.
  for (std::size_t i = 0; i < puzzles.size(); i += 10) {
    std::string cells(1, '\0');
    std::string moves(1, '\0');
    for (int cell = 0; cell < puzzles[i].cell_count(); ++cell) {
      const int value = puzzles[i][cell];
      cells += static_cast<char>(value == 0 ? 0 : 2 * value - 1);
      if (value != 0) moves += {static_cast<char>(cell), static_cast<char>(value - 1)};
    }
    replay("grade", cells, "top95 #" + std::to_string(i));
    replay("solve9", std::string(1, '\1') + cells.substr(1), "top95 #" + std::to_string(i));
    std::string fewer = cells;  // several solutions, counted to 4
    fewer[0] = '\3';
    for (std::size_t c = 1; c < fewer.size(); c += 3) fewer[c] = '\0';
    replay("solve9", fewer, "top95 #" + std::to_string(i) + " with fewer clues");
    replay("propagation", moves, "top95 #" + std::to_string(i));
  }
}

TEST(FuzzRegressions, ABrokenPropertyIsReported) {
  // The checks can fail: a reader target refuses an unknown layout.
  EXPECT_THROW(fuzz::fuzz_reader("nonsense", reinterpret_cast<const std::uint8_t*>("\0x"), 2), fuzz::FuzzFailure);
}

}  // namespace
}  // namespace sudoforge
