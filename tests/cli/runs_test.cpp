// Runs stop the same clean way on every signal, and their records say what was
// committed (issue 15, items 7 and 8).

#include <gtest/gtest.h>

#include <string>

#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::fresh_db;
using test::run_command;
using test::stopped_by;
using test::sudoforge;

// An endless input (no line ends, ever) still stops on SIGINT, SIGTERM and SIGHUP,
// with the run marked interrupted and exit code 130.
TEST(Runs, ImportOfAnEndlessInputStopsOnEverySignal) {
  for (const char* signal : {"INT", "TERM", "HUP"}) {
    const std::string db = fresh_db(std::string("endless_") + signal + ".db");
    const auto result = stopped_by(sudoforge("import -q --db " + db + " /dev/zero"), db, signal, 0.5);
    EXPECT_EQ(result.exit_code, 130) << signal << ": " << result.err;
    const auto stats = run_command(sudoforge("stats --db " + db));
    EXPECT_NE(stats.out.find("1 import interrupted"), std::string::npos) << signal << ": " << stats.out;
  }
}

TEST(Runs, GenerateStopsOnSighupLikeOnCtrlC) {
  const std::string db = fresh_db("hup.db");
  const auto result = stopped_by(sudoforge("generate -q --count 100000 --seed 5 --db " + db), db, "HUP", 0.5);
  EXPECT_EQ(result.exit_code, 130) << result.err;
  const auto stats = run_command(sudoforge("stats --db " + db));
  EXPECT_NE(stats.out.find("1 generate interrupted"), std::string::npos) << stats.out;
}

TEST(Runs, ExplainRefusesAnEndlessStandardInput) {
  const auto result = run_command("sh -c '" + sudoforge("explain - < /dev/zero") + "'");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "sudoforge: standard input holds more than 1 MiB: explain takes one puzzle\n");
}

// "N new, M duplicates" from the runs lines of `stats`.
std::vector<std::pair<long, long>> run_counts(const std::string& db) {
  std::vector<std::pair<long, long>> counts;
  for (const std::string& line : test::lines_of(run_command(sudoforge("stats --db " + db)).out)) {
    const auto colon = line.find(": ");
    const auto news = line.find(" new, ");
    if (line.rfind("  ", 0) != 0 || colon == std::string::npos || news == std::string::npos) continue;
    counts.emplace_back(std::stol(line.substr(colon + 2)), std::stol(line.substr(news + 6)));
  }
  return counts;
}

TEST(Runs, ARepeatedFinishedGenerateAddsNoRunAndSaysSo) {
  const std::string db = fresh_db("repeat.db");
  const std::string args = "generate -q --count 50 --seed 7 --db " + db;
  ASSERT_EQ(run_command(sudoforge(args)).exit_code, 0);
  const auto again = run_command(sudoforge(args));
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_NE(again.err.find("generate: run 1 made this already (the same request and seed): nothing to do"),
            std::string::npos)
      << again.err;
  const auto counts = run_counts(db);
  ASSERT_EQ(counts.size(), 1u);
  EXPECT_EQ(counts[0], std::make_pair(50L, 0L));
}

// Counts come from what was committed: on 4x4, where two seeds make many of the same
// puzzles, each run's new and duplicates add up to what it made and to what is stored.
TEST(Runs, CountsAreWhatWasCommitted) {
  const std::string db = fresh_db("counts4.db");
  ASSERT_EQ(run_command(sudoforge("generate -q --size 4 --count 20 --seed 1 --db " + db)).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge("generate -q --size 4 --count 20 --seed 2 --db " + db)).exit_code, 0);
  const auto counts = run_counts(db);
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_EQ(counts[0].first + counts[0].second, 20);
  EXPECT_EQ(counts[1].first + counts[1].second, 20);
  EXPECT_GT(counts[1].second, 0);  // the second seed met puzzles of the first
  EXPECT_EQ(counts[0].first + counts[1].first, test::stored(db));
}

TEST(Runs, ASecondProcessCannotResumeARunStillGoing) {
  const std::string db = fresh_db("second_process.db");
  const std::string args = "generate -q --count 100000 --seed 9 --threads 1 --db " + db;
  const auto result = run_command("sh -c '" + sudoforge(args) + " & pid=$!; " + test::wait_for_file(db + "-run-1.lock") +
                                  "; sleep 0.2; " + sudoforge(args) + "; echo second $?; kill -INT $pid; wait $pid; echo first $?'");
  EXPECT_NE(result.out.find("second 2\nfirst 130\n"), std::string::npos) << result.out << result.err;
  EXPECT_NE(result.err.find("run 1 of database '" + db + "' is being made by another process right now"),
            std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace sudoforge
