#include "sudoforge/cli/app.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/explain_command.hpp"
#include "sudoforge/cli/export_command.hpp"
#include "sudoforge/cli/generate_command.hpp"
#include "sudoforge/cli/grade_command.hpp"
#include "sudoforge/cli/manual.hpp"
#include "sudoforge/cli/store_commands.hpp"
#include "sudoforge/cli/solve_command.hpp"

namespace sudoforge::cli {

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The name closest to `word`, if it is close: at most 2 edits, or a third of its length.
std::optional<std::string> closest_name(std::string_view word, const std::vector<std::string>& names) {
  std::optional<std::string> best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;  // at most 2, or a third of it
  for (const std::string& name : names) {
    const std::size_t distance = edit_distance(word, name);
    if (distance < best_distance) {
      best_distance = distance;
      best = name;
    }
  }
  return best;
}

// "did you mean ...?" for the first word of the command line that is neither a
// command nor an option of the command given.
std::string suggestion(CLI::App& app, int argc, char** argv) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) commands.push_back(sub->get_name());
  CLI::App* command = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (command == nullptr) {
      if (word.starts_with("-")) continue;
      if (std::find(commands.begin(), commands.end(), word) != commands.end()) {
        command = app.get_subcommand(word);
        continue;
      }
      const auto close = closest_name(word, commands);
      return "unknown command '" + word + "'" + (close ? ": did you mean '" + *close + "'?" : "");
    }
    if (!word.starts_with("--")) continue;
    const std::string name = word.substr(0, word.find('='));
    std::vector<std::string> options{"--help"};
    for (const CLI::Option* option : command->get_options()) {
      for (const std::string& long_name : option->get_lnames()) options.push_back("--" + long_name);
    }
    if (std::find(options.begin(), options.end(), name) != options.end()) continue;
    const auto close = closest_name(name, options);
    return "unknown option '" + name + "' for " + command->get_name() + (close ? ": did you mean '" + *close + "'?" : "");
  }
  return {};
}

}  // namespace

int run(int argc, char** argv) {
  static constexpr std::string_view kVersion = "sudoforge 0.1.0";
  CLI::App app{"sudoforge: make, solve and rate Sudoku puzzles in bulk"};
  app.set_version_flag("--version", std::string(kVersion));
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
  setup_manual(app, exit_code, kVersion);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return app.exit(error);  // --help, --version: printed on stdout
    // One line, as every other error: "sudoforge: ..." (and what was likely meant).
    const std::string hint = suggestion(app, argc, argv);
    std::fprintf(stderr, "sudoforge: %s\n", hint.empty() ? error.what() : hint.c_str());
    std::fprintf(stderr, "Run 'sudoforge --help' or 'sudoforge COMMAND --help' for more information.\n");
    return kExitError;
  }
  return exit_code;
}

}  // namespace sudoforge::cli
