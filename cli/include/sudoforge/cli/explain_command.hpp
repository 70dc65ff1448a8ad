#pragma once
// `sudoforge explain PUZZLE`: the solving path of one puzzle, in words.

#include <string>

#include "sudoforge/cli/common_options.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct ExplainOptions {
  std::string puzzle;  // the puzzle text, or "-" to read one puzzle from stdin
  GeometryOptions geometry;
};

// Registers the subcommand; running it stores its exit code in `exit_code`.
void setup_explain(CLI::App& app, int& exit_code);
// Runs the command. Returns the exit code; throws CliError on fatal errors.
int run_explain(const ExplainOptions& options);

}  // namespace sudoforge::cli
