#pragma once
// The commands that fill and read the SQLite store: import, list, stats, merge, upgrade.

#include <string>
#include <vector>

#include "sudoforge/cli/common_options.hpp"
#include "sudoforge/cli/selection_options.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct ImportOptions {
  std::vector<std::string> files;
  std::string db = "sudoforge.db";
  GeometryOptions geometry;
  std::string input_format = "auto";
  int max_te_depth = 4;
  int threads = 0;
  bool quiet = false;
  std::string shard;  // K/N: only every N-th record, from the K-th
};

struct ListOptions {
  std::string db = "sudoforge.db";
  SelectionOptions selection;
  std::string format = "csv";  // csv, jsonl or line
};

struct StatsOptions {
  std::string db = "sudoforge.db";
  bool check = false;  // also run SQLite's integrity check
};

struct UpgradeOptions {
  std::string db = "sudoforge.db";
  int threads = 0;
  bool quiet = false;
};

struct MergeOptions {
  std::string out;
  std::vector<std::string> inputs;
};

// Each registers its subcommand; running it stores its exit code in `exit_code`.
void setup_import(CLI::App& app, int& exit_code);
void setup_list(CLI::App& app, int& exit_code);
void setup_stats(CLI::App& app, int& exit_code);
void setup_merge(CLI::App& app, int& exit_code);
void setup_upgrade(CLI::App& app, int& exit_code);

int run_import(const ImportOptions& options);
int run_list(const ListOptions& options);
int run_stats(const StatsOptions& options);
int run_merge(const MergeOptions& options);
// Rates every row stored before ratings (schema 3), and rates again every row an older
// rating rated, on every core, in batches of 512, each its own transaction:
// interrupting keeps what was rated (exit code 130), running again goes on.
int run_upgrade(const UpgradeOptions& options);

}  // namespace sudoforge::cli
