#pragma once
// When a run that stores as it goes (import, generate, mining) commits what waits:
// once `rows` rows wait, and at least every `interval`, so that a slow run (hard
// puzzles) still stores what it has as it goes: a reader sees it, a kill costs
// little. Larger transactions write each page of the random-key indexes (the
// canonical key) fewer times: importing 100,000 generated puzzles wrote 1.8 GB for an
// 80 MB file with 512 rows a transaction, 0.67 GB with 2,048 (README, issue 17).
//
// And never sooner after a commit than kSpacing times what that commit took on the
// caller's thread, so that commits cost at most about 1/kSpacing of a run whose
// commits grow: mining saves its whole state with each (the frontier remembers every
// seed it retired, 600 KB after 200 s of a seeded run), and commits every half
// second had grown to 4% of the run by its fourth minute (README, "Mining").
// Private to cli/.

#include <chrono>
#include <cstddef>

namespace sudoforge::cli {

class CommitCadence {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kInterval = std::chrono::milliseconds(500);
  static constexpr int kSpacing = 50;

  explicit CommitCadence(std::size_t rows, Clock::time_point now = Clock::now()) : rows_(rows), last_(now) {}

  // Whether to commit now, with `waiting` rows not committed yet.
  bool due(std::size_t waiting, Clock::time_point now = Clock::now()) const {
    const Clock::duration since = now - last_;
    return since >= kSpacing * took_ && (waiting >= rows_ || since > kInterval);
  }
  // A commit that began at `began` (on the caller's thread: what a writer thread
  // does after it is not the caller's) is done.
  void committed(Clock::time_point began, Clock::time_point now = Clock::now()) {
    took_ = now - began;
    last_ = now;
  }

 private:
  std::size_t rows_;
  Clock::time_point last_;
  Clock::duration took_{0};
};

}  // namespace sudoforge::cli
