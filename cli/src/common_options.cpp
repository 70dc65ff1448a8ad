#include "sudoforge/cli/common_options.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <string_view>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include "sudoforge/cli/errors.hpp"

namespace sudoforge::cli {

void add_geometry_options(CLI::App& command, GeometryOptions& options) {
  auto* size = command.add_option("--size", options.size, "Digits per unit: 4, 6, 8, 9, 12, 16, ... (default 9)")
                   ->check(CLI::Range(1, engine::kMaxSize));
  command.add_option("--box", options.box, "Box shape RxC, e.g. 2x3 (instead of --size)")->excludes(size);
  command.add_flag("--diagonal", options.diagonal, "X-Sudoku: both main diagonals are units too");
}

engine::Geometry resolve_geometry(const GeometryOptions& options) {
  const auto variant = options.diagonal ? engine::Variant::Diagonal : engine::Variant::Classic;
  try {
    if (!options.box.empty()) return engine::Geometry::parse_box(options.box, variant);
    if (options.size != 0) return engine::Geometry::for_size(options.size, variant);
    return engine::Geometry(3, 3, variant);
  } catch (const std::invalid_argument& error) {
    throw CliError(error.what());
  }
}

bool geometry_given(const GeometryOptions& options) {
  return options.size != 0 || !options.box.empty() || options.diagonal;
}

void add_database_option(CLI::App& command, std::string& path) {
  command.add_option("--db", path, "The SQLite database file")->capture_default_str();
}

void add_input_format_option(CLI::App& command, std::string& format) {
  command.add_option("--input-format", format, "Input layout: auto, line (or sdm), grid (or sdk, ss, kennett), csv; all but csv also read OpenSudoku XML and Tatham game IDs")
      ->check(CLI::IsMember({"auto", "line", "grid", "sdk", "csv", "sdm", "ss", "kennett"}))
      ->capture_default_str();
}

engine::TextFormat resolve_format(const std::string& format) {
  if (const auto parsed = engine::parse_text_format(format)) return *parsed;
  throw CliError("unknown input format '" + format + "'");
}

void add_shard_option(CLI::App& command, std::string& shard) {
  command.add_option("--shard", shard, "K/N: do only share K (0-based) of N, for running on N machines");
}

std::pair<int, int> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  int shard = -1;
  int shards = 0;
  const auto number = [](std::string_view part, int& value) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    return !part.empty() && error == std::errc{} && end == part.data() + part.size();
  };
  const std::string_view whole(text);
  if (slash == std::string::npos || !number(whole.substr(0, slash), shard) || !number(whole.substr(slash + 1), shards) ||
      shards < 1 || shard < 0 || shard >= shards) {
    throw CliError("--shard '" + text + "' is not K/N with 0 <= K < N");
  }
  return {shard, shards};
}

CLI::Validator whole_number(std::int64_t min, std::int64_t max) {
  const std::string range = max == std::numeric_limits<std::int64_t>::max()
                                ? "of at least " + std::to_string(min)
                                : "from " + std::to_string(min) + " to " + std::to_string(max);
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < min || value > max) {
          return "'" + text + "' is not a whole number " + range;
        }
        return {};
      },
      "INT " + range);
}

void add_threads_option(CLI::App& command, int& threads) {
  command.add_option("--threads", threads, "Worker threads (default: every core)")->check(CLI::Range(0, 4096));
}

struct ThreadLimit::Control {
  explicit Control(int threads)
      : control(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads)) {}
  tbb::global_control control;
};

ThreadLimit::ThreadLimit(int threads) : threads_(threads > 0 ? threads : tbb::info::default_concurrency()) {
  if (threads > 0) control_ = std::make_unique<Control>(threads);
}

ThreadLimit::~ThreadLimit() = default;

}  // namespace sudoforge::cli
