#pragma once
// When a run that stores as it goes (import, generate, mining) commits what waits:
// once `rows` rows wait, and at least every `interval`, so that a slow run (hard
// puzzles) still stores what it has as it goes: a reader sees it, a kill costs
// little. Larger transactions write each page of the random-key indexes (the
// canonical key) fewer times: importing 100,000 generated puzzles wrote 1.8 GB for an
// 80 MB file with 512 rows a transaction, 0.67 GB with 2,048 (README, issue 17).
//
// And, where the caller writes itself, never sooner after a commit than kSpacing
// times what that commit took, so that commits cost at most about 1/kSpacing of a
// run whose commits grow: mining saves its whole state with each (the frontier
// remembers every seed it retired, 600 KB after 200 s of a seeded run), and its
// commits, every half second and at each round's end, had grown to 4.3% of the run
// in its fourth minute (README, "Mining").
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
  // A commit is done; `took`: what it cost the caller, where it wrote itself (a
  // batch handed to a writer thread costs the caller nothing to count: the time it
  // waits for the writer is the writer's pace, which the rows already follow).
  void committed(Clock::duration took = Clock::duration::zero(), Clock::time_point now = Clock::now()) {
    took_ = took;
    last_ = now;
  }

 private:
  std::size_t rows_;
  Clock::time_point last_;
  Clock::duration took_{0};
};

}  // namespace sudoforge::cli
