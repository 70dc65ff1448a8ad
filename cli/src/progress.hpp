#pragma once
// A one-line progress display on stderr for long runs: how far, how fast, how long
// still, and a per-tier breakdown. Silent unless stderr is a terminal and it was
// asked for. Private to cli/.

#include <chrono>
#include <cstdint>
#include <string>

namespace sudoforge::cli {

class Progress {
 public:
  // `enabled` is further narrowed to stderr being a terminal.
  Progress(bool enabled, std::int64_t total);
  // Redraws at most a few times a second.
  void update(std::int64_t done, std::int64_t tried, const std::string& detail);
  // Clears the line.
  void finish();

 private:
  bool enabled_;
  std::int64_t total_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  bool drawn_ = false;
};

}  // namespace sudoforge::cli
