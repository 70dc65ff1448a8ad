#include "progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace sudoforge::cli {

Progress::Progress(bool enabled, std::int64_t total)
    : enabled_(enabled && isatty(STDERR_FILENO) == 1),
      total_(total),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void Progress::update(std::int64_t done, std::int64_t tried, const std::string& detail) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  drawn_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const double left = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
  const std::string eta = rate > 0 ? fmt::format("{}:{:02}", static_cast<long>(left) / 60, static_cast<long>(left) % 60) : "?";
  const int width = 20;
  const int filled = total_ > 0 ? static_cast<int>(width * done / total_) : 0;
  std::fprintf(stderr, "\r[%s%s] %lld/%lld  %.0f/s  ETA %s  %lld tried  %s\x1b[K", std::string(filled, '#').c_str(),
               std::string(width - filled, '.').c_str(), static_cast<long long>(done), static_cast<long long>(total_),
               rate, eta.c_str(), static_cast<long long>(tried), detail.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (!enabled_ || !drawn_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
}

}  // namespace sudoforge::cli
