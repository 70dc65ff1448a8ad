#pragma once
// Options several commands share: geometry, input format, threads.

#include <memory>
#include <string>
#include <utility>

#include "sudoforge/engine/geometry.hpp"
#include "sudoforge/engine/text_format.hpp"

#include <cstdint>
#include <limits>

namespace CLI {
class App;
class Validator;
}

namespace sudoforge::cli {

struct GeometryOptions {
  int size = 0;         // --size N (0: not given)
  std::string box;      // --box RxC
  bool diagonal = false;
};

// Adds --size, --box and --diagonal.
void add_geometry_options(CLI::App& command, GeometryOptions& options);
// The geometry asked for (9x9 classic by default). Throws CliError for bad values.
engine::Geometry resolve_geometry(const GeometryOptions& options);

// Adds --input-format (auto, line, grid, sdk, csv).
void add_input_format_option(CLI::App& command, std::string& format);
engine::TextFormat resolve_format(const std::string& format);

// Whether any of --size, --box, --diagonal was given.
bool geometry_given(const GeometryOptions& options);

// Adds --db PATH (default sudoforge.db in the current directory).
void add_database_option(CLI::App& command, std::string& path);

// Adds --shard K/N: this process's share of the work (see README "Scale-out").
void add_shard_option(CLI::App& command, std::string& shard);
// Parses "K/N" with 0 <= K < N. Throws CliError naming the text.
std::pair<int, int> parse_shard(const std::string& text);

// A check that an option's text is a whole number from `min` to `max`, for options
// CLI11 would otherwise take wrongly: "-1" for an unsigned one becomes 2^64-1, a
// number too big is clamped, and its own range check prints a 300-digit bound.
CLI::Validator whole_number(std::int64_t min, std::int64_t max = std::numeric_limits<std::int64_t>::max());

// Adds --threads N (0, the default, means every core).
void add_threads_option(CLI::App& command, int& threads);

// Caps oneTBB's worker count for its lifetime (no cap for 0).
class ThreadLimit {
 public:
  explicit ThreadLimit(int threads);
  ~ThreadLimit();
  ThreadLimit(const ThreadLimit&) = delete;
  ThreadLimit& operator=(const ThreadLimit&) = delete;
  int threads() const { return threads_; }  // the effective count

 private:
  struct Control;  // wraps tbb::global_control, kept out of this header
  std::unique_ptr<Control> control_;
  int threads_;
};

}  // namespace sudoforge::cli
