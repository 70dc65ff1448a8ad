// The manual page and the bash completion are made from the command definitions:
// every command and option `--help` shows is in them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;

// The commands `sudoforge --help` lists.
std::vector<std::string> commands() {
  const auto help = run_command(sudoforge("--help"));
  std::vector<std::string> names;
  std::istringstream lines(help.out.substr(help.out.find("Subcommands:")));
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name;
    if (words >> name) names.push_back(name);
  }
  return names;
}

// The long options `sudoforge COMMAND --help` lists.
std::set<std::string> options_of(const std::string& command) {
  const auto help = run_command(sudoforge(command + " --help"));
  std::set<std::string> options;
  // An option's line starts with it, two spaces in ("  --format", "  -q,--quiet");
  // descriptions continue further in. (No std::regex: GCC 12 warns inside it under
  // the sanitizer builds.)
  std::istringstream lines(help.out);
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("  ") || line.size() < 4 || line[2] != '-') continue;
    std::size_t at = 2;
    if (line[3] != '-') {  // "-q,--quiet"
      if (line.size() < 6 || line[4] != ',') continue;
      at = 5;
    }
    if (line.compare(at, 2, "--") != 0) continue;
    const std::size_t end = line.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-", at + 2);
    options.insert(line.substr(at + 2, end - at - 2));
  }
  options.erase("help");
  return options;
}

std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

TEST(Manual, HoldsEveryCommandAndEveryOptionItsHelpShows) {
  const auto page = run_command(sudoforge("manual"));
  ASSERT_EQ(page.exit_code, 0) << page.err;
  EXPECT_TRUE(page.out.starts_with(".\\\" Made by 'sudoforge manual'")) << page.out.substr(0, 200);
  EXPECT_NE(page.out.find(".TH SUDOFORGE 1 "), std::string::npos);
  const std::vector<std::string> names = commands();
  ASSERT_GE(names.size(), 12U);
  std::size_t checked = 0;
  for (const std::string& command : names) {
    const auto section = page.out.find(".SS " + command + "\n");
    ASSERT_NE(section, std::string::npos) << command;
    const auto end = page.out.find(".SS ", section + 1);
    const std::string text = page.out.substr(section, end == std::string::npos ? std::string::npos : end - section);
    for (const std::string& option : options_of(command)) {
      EXPECT_NE(text.find("\\-\\-" + escaped(option) + "\\fR"), std::string::npos) << command << " --" << option;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100U);
  // Choices and defaults are shown.
  EXPECT_NE(page.out.find("(one of: csv jsonl line) [default: csv]"), std::string::npos);
}

TEST(Manual, IsValidTroffWhereGroffIsThere) {
  if (std::system("command -v groff > /dev/null 2>&1") != 0) GTEST_SKIP() << "groff is not installed";
  const std::string page = testing::TempDir() + "sudoforge.1";
  const auto made = run_command(sudoforge("manual"));
  ASSERT_EQ(made.exit_code, 0);
  ASSERT_GT(made.out.size(), 1000U);
  std::ofstream(page) << made.out;
  const auto checked = run_command("groff -man -Tutf8 -ww -z " + page);
  EXPECT_EQ(checked.exit_code, 0);
  EXPECT_EQ(checked.err, "");  // no warning of any kind
}

// Runs the completion function for the words typed so far (the last one being
// completed) and returns its candidates.
std::string complete(const std::string& words) {
  const std::string script = testing::TempDir() + "sudoforge.bash-completion";
  const auto made = run_command(sudoforge("completion"));
  EXPECT_EQ(made.exit_code, 0);
  std::ofstream(script) << made.out;
  const auto result = run_command("bash -c 'source " + script + "; COMP_WORDS=(" + words +
                                  "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _sudoforge; echo \"${COMPREPLY[*]}\"'");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.out;
}

TEST(Completion, CompletesCommandsOptionsAndTheirValues) {
  EXPECT_EQ(complete("sudoforge gen"), "generate\n");
  EXPECT_EQ(complete("sudoforge e"), "explain export\n");
  EXPECT_EQ(complete("sudoforge grade --for"), "--format\n");
  EXPECT_EQ(complete("sudoforge grade --format \"\""), "csv jsonl\n");
  EXPECT_EQ(complete("sudoforge list --format \"\""), "csv jsonl line sdm ss opensudoku tatham\n");
  EXPECT_EQ(complete("sudoforge list --format o"), "opensudoku\n");
  EXPECT_EQ(complete("sudoforge generate --level f"), "fiendish\n");
  EXPECT_EQ(complete("sudoforge generate --from-l"), "--from-level --from-limit\n");
}

}  // namespace
}  // namespace sudoforge
