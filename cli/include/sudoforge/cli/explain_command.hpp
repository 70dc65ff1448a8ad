#pragma once
// `sudoforge explain PUZZLE`: the solving path of one puzzle, in words.

#include <optional>
#include <string>

#include "sudoforge/cli/common_options.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct ExplainOptions {
  // The puzzle text, "-" to read one puzzle from stdin, a file of puzzles as FILE:LINE
  // (or FILE alone when it holds one), or with `db` a puzzle's id.
  std::string puzzle;
  GeometryOptions geometry;
  std::string input_format = "auto";  // how a file named by `puzzle` is laid out
  std::optional<std::string> db;  // the database the id is in (its geometry is the puzzle's)
  std::string html;               // FILE ('-': stdout): the page to step through instead of text
};

// Registers the subcommand; running it stores its exit code in `exit_code`.
void setup_explain(CLI::App& app, int& exit_code);
// Runs the command. Returns the exit code; throws CliError on fatal errors.
int run_explain(const ExplainOptions& options);

}  // namespace sudoforge::cli
