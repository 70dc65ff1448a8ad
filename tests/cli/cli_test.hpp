#pragma once
// Helpers of the end-to-end tests: running the sudoforge binary (SUDOFORGE_BIN, set
// by tests/CMakeLists.txt) and reading what it left behind.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "test_data.hpp"

namespace sudoforge::test {

// The command line that runs sudoforge with `args`.
inline std::string sudoforge(const std::string& args) { return std::string(SUDOFORGE_BIN) + " " + args; }

// A database path under the test temp folder, with no file (nor -wal, -shm, nor the
// lock files of its first runs, which a killed run leaves) there.
// The path names the running test: ctest runs tests in parallel processes, and two
// tests that asked for the same name would otherwise share (and delete) one file.
inline std::string fresh_db(const std::string& name) {
  std::string owner;
  if (const auto* test = testing::UnitTest::GetInstance()->current_test_info()) {
    owner = std::string(test->test_suite_name()) + "." + test->name() + ".";
    std::replace(owner.begin(), owner.end(), '/', '_');  // parameterized names hold '/'
  }
  const std::string path = testing::TempDir() + owner + name;
  for (const char* suffix : {"", "-wal", "-shm", "-run-1.lock", "-run-2.lock"}) std::filesystem::remove(path + suffix);
  return path;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A shell command that waits (up to 30 s) until `path` exists or the background job
// $pid has ended (a run that ends quickly removes its lock file). Before signalling a
// run, wait for its lock file (DB-run-N.lock, made once the run is under way): a
// background job of a non-interactive shell starts with SIGINT ignored, so a signal
// sent before the program has installed its handler (a slow start, under a sanitizer
// on a busy machine) is lost.
inline std::string wait_for_file(const std::string& path) {
  return "i=0; while [ ! -e " + path + " ] && kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do sleep 0.05; "
         "i=$((i+1)); done";
}

// Runs `command` (which makes or resumes run 1 of database `db`) in the background,
// sends `signal` `seconds` after the run is under way, waits for it. Counting from the
// start instead lets a slow start (a loaded machine) be killed before the run has made
// its database, and a check of the database then finds none.
inline CommandResult stopped_by(const std::string& command, const std::string& db, const std::string& signal,
                                double seconds) {
  return run_command("sh -c '" + command + " & pid=$!; " + wait_for_file(db + "-run-1.lock") + "; sleep " +
                     std::to_string(seconds) + "; kill -" + signal + " $pid; wait $pid'");
}

// The fields of each record of CSV text, after its header (every field, empty ones
// too; quoted ones unquoted).
inline std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    // Fields split at commas, a quoted field taken whole ("" inside it is one quote).
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        fields.emplace_back();
      } else {
        fields.back() += c;
      }
    }
    rows.push_back(fields);
  }
  return rows;
}

// "N puzzles" from the first line of `stats` (-1 when stats fails).
inline long stored(const std::string& db) {
  const auto result = run_command(sudoforge("stats --db " + db));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto at = result.out.find(": ");
  return result.exit_code != 0 || at == std::string::npos ? -1 : std::stol(result.out.substr(at + 2));
}

}  // namespace sudoforge::test
