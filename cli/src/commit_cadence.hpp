#pragma once
// When a run that stores as it goes (import, generate, mining) commits what waits:
// once `rows` rows wait, and at least every `interval`, so that a slow run (hard
// puzzles) still stores what it has as it goes: a reader sees it, a kill costs
// little. Larger transactions write each page of the random-key indexes (the
// canonical key) fewer times: importing 100,000 generated puzzles wrote 1.8 GB for an
// 80 MB file with 512 rows a transaction, 0.67 GB with 2,048 (README, issue 17).
// Private to cli/.

#include <chrono>
#include <cstddef>

namespace sudoforge::cli {

class CommitCadence {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kInterval = std::chrono::milliseconds(500);

  explicit CommitCadence(std::size_t rows) : rows_(rows) {}

  // Whether to commit now, with `waiting` rows not committed yet.
  bool due(std::size_t waiting) const { return waiting >= rows_ || Clock::now() - last_ > kInterval; }
  void committed() { last_ = Clock::now(); }

 private:
  std::size_t rows_;
  Clock::time_point last_ = Clock::now();
};

}  // namespace sudoforge::cli
