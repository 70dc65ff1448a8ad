#pragma once
// `sudoforge grade`: rate every puzzle of files, in parallel, in input order.

#include <string>
#include <vector>

#include "sudoforge/cli/common_options.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct GradeOptions {
  std::vector<std::string> files;
  GeometryOptions geometry;
  std::string input_format = "auto";
  std::string format = "csv";  // output records: csv or jsonl
  int max_te_depth = 4;
  bool rate = true;  // false (--no-rating): DESIGN.md's classification only
  int threads = 0;
  bool quiet = false;
  std::string shard;  // K/N: only every N-th record, from the K-th
};

// Registers the subcommand; running it stores its exit code in `exit_code`.
void setup_grade(CLI::App& app, int& exit_code);
// Runs the command. Returns the exit code; throws CliError on fatal errors.
int run_grade(const GradeOptions& options);

}  // namespace sudoforge::cli
