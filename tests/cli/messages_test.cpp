// What a user sees for a mistake on the command line (issue 15, item 10): one line
// starting with "sudoforge:", the bound in words, what was likely meant, exit code 2.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::fresh_db;
using test::run_command;
using test::sudoforge;

constexpr const char* kMore = "Run 'sudoforge --help' or 'sudoforge COMMAND --help' for more information.\n";

struct Mistake {
  std::string args;
  std::string message;  // the first line of stderr
};

TEST(Messages, EveryMistakeGetsOneClearLineAndExitCode2) {
  const std::string db = fresh_db("messages.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("hardest.txt"))).exit_code, 0);
  const Mistake mistakes[] = {
      {"list --limit 0 --db " + db, "--limit: '0' is not a whole number of at least 1"},
      {"generate --count 1 --max-candidates -1 --no-db --out -", "--max-candidates: '-1' is not a whole number of at least 0"},
      {"generate --count 1 --seed -1 --no-db --out -", "--seed: '-1' is not a whole number of at least 0"},
      {"generate --count 99999999999999999999 --no-db --out -",
       "--count: '99999999999999999999' is not a whole number of at least 1"},
      {"gnerate --count 5", "unknown command 'gnerate': did you mean 'generate'?"},
      {"generate --cuont 5", "unknown option '--cuont' for generate: did you mean '--count'?"},
      {"grade --formt csv", "unknown option '--formt' for grade: did you mean '--format'?"},
  };
  for (const Mistake& mistake : mistakes) {
    const auto result = run_command(sudoforge(mistake.args));
    EXPECT_EQ(result.exit_code, 2) << mistake.args;
    EXPECT_EQ(result.err, "sudoforge: " + mistake.message + "\n" + kMore) << mistake.args;
    EXPECT_EQ(result.out, "") << mistake.args;
  }
  // Errors found once the command runs say what is there.
  const auto resume = run_command(sudoforge("generate --resume 99 --db " + db));
  EXPECT_EQ(resume.exit_code, 2);
  EXPECT_EQ(resume.err, "sudoforge: there is no run 99 in " + db + "\n");
  const auto not_generate = run_command(sudoforge("generate --resume 1 --db " + db));
  EXPECT_EQ(not_generate.err,
            "sudoforge: run 1 in " + db + " is not a generate run but import: only generate runs resume\n");
}

TEST(Messages, HelpAndVersionStillSucceed) {
  const auto help = run_command(sudoforge("--help"));
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("generate"), std::string::npos);
  const auto version = run_command(sudoforge("--version"));
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out, "sudoforge 0.1.0\n");
}

TEST(Messages, ADashIsStandardOutputForExport) {
  const std::string db = fresh_db("dash.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("hardest.txt"))).exit_code, 0);
  const std::string folder = testing::TempDir() + "dash_folder";
  std::filesystem::create_directories(folder);
  const auto result = run_command("cd " + folder + " && " + sudoforge("export --text - --db " + db));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(std::count(result.out.begin(), result.out.end(), '\n'), 11);
  EXPECT_FALSE(std::filesystem::exists(folder + "/-"));
  // The book too: the PDF goes to standard output, whole.
  const auto pdf = run_command("cd " + folder + " && " + sudoforge("export --pdf - --db " + db));
  EXPECT_EQ(pdf.exit_code, 0) << pdf.err;
  EXPECT_TRUE(pdf.out.starts_with("%PDF-")) << pdf.out.substr(0, 20);
  EXPECT_NE(pdf.out.find("%%EOF"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(folder + "/-"));
  const std::string file = folder + "/book.pdf";
  ASSERT_EQ(run_command(sudoforge("export --pdf " + file + " --db " + db)).exit_code, 0);
  EXPECT_EQ(test::read_file(file), pdf.out);  // the same bytes either way
  // A full standard output is an error naming it, not a silent half book.
  const auto full = run_command("sh -c '" + sudoforge("export --pdf - --db " + db) + " > /dev/full'");
  EXPECT_EQ(full.exit_code, 2);
  EXPECT_NE(full.err.find("standard output"), std::string::npos) << full.err;
}

}  // namespace
}  // namespace sudoforge
