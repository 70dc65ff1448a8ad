#pragma once
// `sudoforge solve`: solve or count the puzzles of files, in parallel, in order.

#include <string>
#include <vector>

#include "sudoforge/cli/common_options.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct SolveOptions {
  std::vector<std::string> files;
  GeometryOptions geometry;
  std::string input_format = "auto";
  bool count = false;
  int limit = 2;
  std::string layout = "line";
  bool with_source = false;
  std::string core = "fastest";  // the solver core: fastest, generic, sse4, avx2, avx512
  int threads = 0;
  bool quiet = false;
};

// Registers the subcommand; running it stores its exit code in `exit_code`.
void setup_solve(CLI::App& app, int& exit_code);
// Runs the command. Returns the exit code; throws CliError on fatal errors.
int run_solve(const SolveOptions& options);

}  // namespace sudoforge::cli
