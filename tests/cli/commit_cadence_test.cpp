// The commit cadence (cli/src/commit_cadence.hpp, private to cli/): rows, interval,
// and the spacing after a commit that took long.

#include "commit_cadence.hpp"

#include <gtest/gtest.h>

namespace sudoforge::cli {
namespace {

using Clock = CommitCadence::Clock;
using std::chrono::milliseconds;

TEST(CommitCadence, CommitsWhenEnoughRowsWaitOrTheIntervalIsOver) {
  const Clock::time_point start{};
  CommitCadence cadence(256, start);
  EXPECT_FALSE(cadence.due(255, start + milliseconds(100)));
  EXPECT_TRUE(cadence.due(256, start + milliseconds(100)));
  EXPECT_FALSE(cadence.due(1, start + CommitCadence::kInterval));
  EXPECT_TRUE(cadence.due(1, start + CommitCadence::kInterval + milliseconds(1)));
  // A commit that took no time: the same again from its end.
  cadence.committed(milliseconds(0), start + milliseconds(600));
  EXPECT_FALSE(cadence.due(1, start + milliseconds(1000)));
  EXPECT_TRUE(cadence.due(1, start + milliseconds(1101)));
}

TEST(CommitCadence, WaitsAfterACommitAsManyTimesItsLengthAsItsSpacingSays) {
  const Clock::time_point start{};
  CommitCadence cadence(256, start);
  // A commit of 100 ms (a mining state grown large): none before 50 x 100 ms, however
  // many rows wait.
  const Clock::time_point end = start + milliseconds(100);
  cadence.committed(milliseconds(100), end);
  const auto spacing = CommitCadence::kSpacing * milliseconds(100);
  EXPECT_FALSE(cadence.due(10'000, end + spacing - milliseconds(1)));
  EXPECT_TRUE(cadence.due(10'000, end + spacing));
  EXPECT_TRUE(cadence.due(1, end + spacing));  // (past the interval too)
  // A quick commit after it brings the interval back.
  cadence.committed(milliseconds(1), end + spacing + milliseconds(1));
  EXPECT_TRUE(cadence.due(1, end + spacing + milliseconds(1) + CommitCadence::kInterval + milliseconds(1)));
}

}  // namespace
}  // namespace sudoforge::cli
