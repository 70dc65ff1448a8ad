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
  std::string score;      // MIN:MAX, either side may be empty
  std::string clues;      // MIN:MAX
  GeometryOptions geometry;
  std::optional<std::int64_t> run;
  std::optional<std::int64_t> limit;
  std::string order = "id";  // id, score, clues, random
  std::uint64_t seed = 0;
};

void add_selection_options(CLI::App& command, SelectionOptions& options);
// Throws CliError for malformed ranges.
store::Selection resolve_selection(const SelectionOptions& options);

}  // namespace sudoforge::cli
