#pragma once
// The options that select stored puzzles, shared by `list` and `export`.

#include <cstdint>
#include <optional>
#include <string>

#include "sudoforge/cli/common_options.hpp"
#include "sudoforge/store/store.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct SelectionOptions {
  std::string tier;       // singles, twins, diabolical
  std::optional<int> te_depth;
  std::string level;      // easy, medium, hard, fiendish, extreme
  std::string rating;     // MIN:MAX on the ER scale ("7:", "7.1:8.5")
  std::string score;      // MIN:MAX, either side may be empty
  std::string clues;      // MIN:MAX
  GeometryOptions geometry;
  std::optional<std::int64_t> run;
  std::optional<std::int64_t> limit;
  std::string order = "id";  // id, score, rating, clues, random
  bool descending = false;
  std::uint64_t seed = 0;
  std::string prefix;  // what the options are called after "--" ("from-" in generate)
};

// The options as --tier, --rating, ...; with `prefix` "from-": --from-tier, ...
// (generate, whose own --tier says what to make). Without `geometry`, no geometry
// options (generate's seeds take the run's).
void add_selection_options(CLI::App& command, SelectionOptions& options, const std::string& prefix = "",
                           bool geometry = true);
// Throws CliError for malformed ranges.
store::Selection resolve_selection(const SelectionOptions& options);

// "MIN:MAX", "MIN:", ":MAX" or "N" of whole numbers. Throws CliError naming `option`
// for anything else.
void parse_range(const std::string& text, const char* option, std::optional<int>& low, std::optional<int>& high);

// "MIN:MAX", "MIN:", ":MAX" or "R" of ratings with at most one decimal, into
// tenths. Throws CliError naming `option` for anything else.
void parse_rating_range(const std::string& text, const char* option, std::optional<int>& low, std::optional<int>& high);

// Says on stderr (once) when the database has rows stored before ratings existed, or
// rated by an older rating.
void note_unrated(store::Store& store);

}  // namespace sudoforge::cli
