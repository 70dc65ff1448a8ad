#include "sudoforge/cli/app.hpp"

#include <CLI/CLI.hpp>

#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/explain_command.hpp"
#include "sudoforge/cli/export_command.hpp"
#include "sudoforge/cli/generate_command.hpp"
#include "sudoforge/cli/grade_command.hpp"
#include "sudoforge/cli/store_commands.hpp"
#include "sudoforge/cli/solve_command.hpp"

namespace sudoforge::cli {

int run(int argc, char** argv) {
  CLI::App app{"sudoforge: make, solve and rate Sudoku puzzles in bulk"};
  app.set_version_flag("--version", "sudoforge 0.1.0");
  app.require_subcommand(1);
  int exit_code = kExitOk;
  setup_solve(app, exit_code);
  setup_grade(app, exit_code);
  setup_explain(app, exit_code);
  setup_generate(app, exit_code);
  setup_import(app, exit_code);
  setup_list(app, exit_code);
  setup_stats(app, exit_code);
  setup_merge(app, exit_code);
  setup_upgrade(app, exit_code);
  setup_export(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? kExitOk : kExitError;
  }
  return exit_code;
}

}  // namespace sudoforge::cli
