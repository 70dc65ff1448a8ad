#pragma once
// `sudoforge export`: a selection of stored puzzles as a print-ready book, as
// images, and as files for other programs, all in the same order.

#include <string>

#include "sudoforge/cli/selection_options.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct ExportOptions {
  std::string db = "sudoforge.db";
  SelectionOptions selection;
  std::string pdf;
  std::string title = "Sudoku";
  std::string subtitle;
  std::string author;
  int per_page = 4;
  std::string page = "a4";
  bool answers = false;
  std::string sections = "level";  // level or tier
  std::string label = "level";     // level, tier, none or full
  std::string symbols = "1-16";    // digits above 9x9: 1-16, 0-F or A-P
  bool no_rules = false;
  bool no_credit = false;
  std::string svg;        // directories
  std::string png;
  std::string pages_png;
  std::string html;       // one page per puzzle that steps through its solution
  std::string text;       // files
  std::string csv;
  std::string jsonl;
  std::string sdm;         // other programs' layouts
  std::string ss;
  std::string opensudoku;
  std::string tatham;
};

// Registers the subcommand; running it stores its exit code in `exit_code`.
void setup_export(CLI::App& app, int& exit_code);
// Runs the command. Returns the exit code; throws CliError on fatal errors.
int run_export(const ExportOptions& options);

}  // namespace sudoforge::cli
