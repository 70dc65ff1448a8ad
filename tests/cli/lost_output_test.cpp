// Output that cannot be written is an error, never a success (issue 15, item 4):
// every command that writes records or reports says where the write failed, exits
// with 2, and a generate run is marked failed, whether standard output is full,
// closed, or a pipe whose reader left while SIGPIPE is ignored.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::fresh_db;
using test::run_command;
using test::sudoforge;

constexpr const char* kPuzzle = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

// A small database for the reading commands.
const std::string& sample_db() {
  static const std::string db = [] {
    const std::string path = fresh_db("lost_output.db");
    EXPECT_EQ(run_command(sudoforge("import -q --db " + path + " " + test::data_path("hardest.txt"))).exit_code, 0);
    return path;
  }();
  return db;
}

std::vector<std::string> writers() {
  const std::string top95 = test::data_path("top95.txt");
  return {"solve " + top95, "grade -q " + top95, "list --db " + sample_db(), "stats --db " + sample_db(),
          std::string("explain ") + kPuzzle, "generate -q --count 3 --seed 1 --no-db --out -",
          "export --text - --db " + sample_db()};  // "-" is standard output for export too
}

TEST(LostOutput, EveryCommandFailsOnAFullDisk) {
  for (const std::string& command : writers()) {
    const auto result = run_command("sh -c '" + sudoforge(command) + " > /dev/full'");
    EXPECT_EQ(result.exit_code, 2) << command;
    EXPECT_EQ(result.err, "sudoforge: cannot write to standard output: No space left on device\n") << command;
  }
  const auto out = run_command(sudoforge("generate -q --count 3 --seed 1 --no-db --out /dev/full"));
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_EQ(out.err, "sudoforge: cannot write to '/dev/full': No space left on device\n");
}

TEST(LostOutput, EveryCommandFailsOnAClosedStandardOutput) {
  for (const std::string& command : writers()) {
    const auto result = run_command("sh -c '" + sudoforge(command) + " >&-'");
    EXPECT_EQ(result.exit_code, 2) << command;
    EXPECT_EQ(result.err, "sudoforge: cannot write to standard output: it is closed\n") << command;
  }
}

TEST(LostOutput, APipeClosedWhileSigpipeIsIgnoredIsAnError) {
  const std::string status = testing::TempDir() + "sigpipe.status";
  const auto result = run_command("sh -c \"trap '' PIPE; { " + sudoforge("grade -q " + test::data_path("17clue.txt")) +
                                  "; echo \\$? > " + status + "; } | head -c 10 > /dev/null\"");
  EXPECT_EQ(test::read_file(status), "2\n");
  EXPECT_EQ(result.err, "sudoforge: cannot write to standard output: Broken pipe\n");
}

TEST(LostOutput, AFullDiskStopsGenerateWithTheFileNamedAndTheRunMarkedFailed) {
  const std::string file = testing::TempDir() + "full.csv";
  // A 64 KiB file size limit (SIGXFSZ ignored, so writes fail with EFBIG).
  const auto limited = [&](const std::string& command) {
    return run_command("sh -c \"ulimit -f 64; trap '' XFSZ; exec " + sudoforge(command) + "\"");
  };
  const auto no_db = limited("generate -q --count 3000 --seed 3 --no-db --out " + file);
  EXPECT_EQ(no_db.exit_code, 2);
  EXPECT_EQ(no_db.err, "sudoforge: cannot write to '" + file + "': File too large\n");
  const std::string db = fresh_db("full_out.db");
  const auto with_db = run_command(sudoforge("generate -q --count 300 --seed 3 --db " + db + " --out /dev/full"));
  EXPECT_EQ(with_db.exit_code, 2);
  EXPECT_EQ(with_db.err, "sudoforge: cannot write to '/dev/full': No space left on device\n");
  const auto stats = run_command(sudoforge("stats --db " + db));
  EXPECT_NE(stats.out.find("1 generate failed"), std::string::npos) << stats.out;
}

}  // namespace
}  // namespace sudoforge
