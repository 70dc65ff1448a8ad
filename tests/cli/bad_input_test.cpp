// The bad-input corpus (tests/data/bad_input/) and damaged databases: every case
// gets a clear message naming file and line, the documented exit code, and the
// good records around it are kept, by `grade` and by `import`.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;
using test::fresh_db;
using test::stored;

long count_lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

struct Case {
  const char* file;
  int exit_code;       // of grade and import
  long records;        // grade records (every puzzle and malformed record)
  long unique;         // graded, and what import stores
  const char* errors;  // grade's stderr, with FILE for the file's path
};

// What each corpus file must give. Messages name the file and line.
const Case kCases[] = {
    {"empty.txt", 0, 0, 0, "sudoforge: warning: FILE: no puzzles: it is empty\n"},
    {"only_comments.txt", 0, 0, 0, "sudoforge: warning: FILE: no puzzles: none of its 3 lines is a puzzle\n"},
    {"binary.bin", 1, 3, 0,
     "FILE:1: bad character byte 0x00 at column 1\nFILE:2: bad character byte 0x7F at column 1\n"
     "FILE:3: bad character byte 0xC3 at column 1\n"},
    {"crlf.txt", 0, 2, 2, ""},
    {"bom.txt", 0, 2, 2, ""},
    {"lengths.txt", 1, 4, 2,
     "FILE:2: wrong length: 80 cells, expected 81 for 9x9\nFILE:3: wrong length: 82 cells, expected 81 for 9x9\n"},
    {"mixed_junk.txt", 1, 4, 2,
     "FILE:2: bad character byte 0x00 at column 41\nFILE:3: bad character byte 0x01 at column 1\n"},
    {"size16.txt", 1, 1, 0,
     "FILE:1: wrong length: 256 cells, expected 81 for 9x9; it is the length of a 16x16 puzzle (--size 16)\n"},
    {"size17.txt", 1, 1, 0,
     "FILE:1: wrong length: 289 cells, expected 81 for 9x9; it is the length of a 17x17 puzzle, larger than the "
     "16x16 supported\n"},
    {"verdicts.txt", 1, 5, 2,
     "FILE:2: more than one solution\nFILE:3: no solution\nFILE:4: clashing givens: 4 twice in row 1 (r1c1 and "
     "r1c2)\n"},
    {"bad.csv", 1, 4, 3, "FILE:4: wrong length: 70 cells, expected 81 for 9x9\n"},
    // A first line of 9 symbols does not make the file a grid file: every line
    // after it still counts.
    {"dashes_first.txt", 1, 4, 3, "FILE:1: a lone grid row: 9 cells, not a puzzle (81 cells on a line, or 9 rows of 9)\n"},
    {"row_first.txt", 1, 3, 2, "FILE:1: a lone grid row: 9 cells, not a puzzle (81 cells on a line, or 9 rows of 9)\n"},
    {"grid_then_lines.txt", 0, 5, 5, ""},
    {"bad_grid_row.txt", 1, 2, 1,
     "FILE:5: grid row has 8 cells, expected 9 for 9x9; the grid on lines 1-11 is skipped\n"},
    {"comma_note.txt", 0, 2, 2, ""},  // a comma in a note does not make it CSV
    {"cr_only.txt", 0, 3, 3, ""},     // old Mac line ends
    {"utf16.txt", 2, 0, 0,
     "sudoforge: cannot read file 'FILE': it is UTF-16 (it starts with a UTF-16 byte order mark), which is not "
     "supported: convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)\n"},
};

std::string with_file(std::string text, const std::string& file) {
  for (auto at = text.find("FILE"); at != std::string::npos; at = text.find("FILE", at + file.size())) {
    text.replace(at, 4, file);
  }
  return text;
}

TEST(BadInput, GradeGivesEveryCaseItsMessageExitCodeAndTheGoodRecords) {
  for (const Case& c : kCases) {
    const std::string file = test::fixture_path(std::string("bad_input/") + c.file);
    const auto result = run_command(sudoforge("grade -q " + file));
    EXPECT_EQ(result.exit_code, c.exit_code) << c.file << ": " << result.err;
    EXPECT_EQ(result.err, with_file(c.errors, file)) << c.file;
    EXPECT_EQ(count_lines(result.out) - 1, c.records) << c.file;
    long unique = 0;
    for (auto at = result.out.find(",unique,"); at != std::string::npos; at = result.out.find(",unique,", at + 1)) {
      ++unique;
    }
    EXPECT_EQ(unique, c.unique) << c.file;
  }
}

TEST(BadInput, ImportStoresTheGoodRecordsOfEveryCase) {
  for (const Case& c : kCases) {
    const std::string file = test::fixture_path(std::string("bad_input/") + c.file);
    const std::string db = fresh_db("bad_input.db");
    const auto result = run_command(sudoforge("import -q --db " + db + " " + file));
    EXPECT_EQ(result.exit_code, c.exit_code) << c.file << ": " << result.err;
    EXPECT_EQ(result.err, with_file(c.errors, file)) << c.file;
    EXPECT_EQ(stored(db), c.unique) << c.file;
  }
}

TEST(BadInput, APuzzleOfAnotherSizeIsReadWhenTheSizeIsGiven) {
  const std::string file = test::fixture_path("bad_input/size16.txt");
  const auto result = run_command(sudoforge("grade -q --size 16 " + file));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(",unique,"), std::string::npos) << result.out;
  const auto prime = run_command(sudoforge("grade -q --size 17 " + file));
  EXPECT_EQ(prime.exit_code, 2);
  EXPECT_NE(prime.err.find("--size: Value 17 not in range 1 to 16"), std::string::npos) << prime.err;
}

TEST(BadInput, AnOverlongLineIsRejectedWithoutLosingItsNeighbours) {
  const std::string good = test::read_file(test::data_path("top95.txt")).substr(0, 82);  // line 1 and its newline
  const std::string file = testing::TempDir() + "overlong.txt";
  test::write_file(file, good + std::string(3 << 20, '.') + "\n" + good);
  const auto result = run_command(sudoforge("grade -q " + file));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, file + ":2: line too long: over 1048576 bytes\n");
  EXPECT_EQ(count_lines(result.out), 4);  // header and three records
  const std::string db = fresh_db("overlong.db");
  EXPECT_EQ(run_command(sudoforge("import -q --db " + db + " " + file)).exit_code, 1);
  EXPECT_EQ(stored(db), 1);  // the one puzzle, seen twice
}

TEST(BadInput, AMissingFileIsNamedAndTheOtherFilesAreRead) {
  const std::string good = test::data_path("hardest.txt");
  const auto result = run_command(sudoforge("grade -q /nonexistent/puzzles.txt " + good));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "sudoforge: cannot open file '/nonexistent/puzzles.txt': No such file or directory\n");
  EXPECT_EQ(count_lines(result.out), 12);  // header and hardest's 11 puzzles
}

TEST(BadInput, AFileNameThatIsNotUtf8IsReadAndStoredWithTheOtherFiles) {
  const std::string file = testing::TempDir() + "bad\xff.txt";
  test::write_file(file, test::read_file(test::fixture_path("bad_input/comma_note.txt")));
  const std::string db = fresh_db("not_utf8.db");
  const auto result = run_command(sudoforge("import -q --db " + db + " '" + file + "' " + test::data_path("hardest.txt")));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(stored(db), 2 + 11);
  const auto jsonl = run_command(sudoforge("grade -q --format jsonl '" + file + "'"));
  EXPECT_EQ(jsonl.exit_code, 0) << jsonl.err;
  EXPECT_NE(jsonl.out.find("bad\xEF\xBF\xBD.txt:1"), std::string::npos) << jsonl.out;  // U+FFFD in valid JSON
}

// Every line of puzzle text ends in exactly one record (DESIGN.md), whatever the
// layout around it: the corpus, read whole, gives as many records as it has lines
// of puzzle text, less those a grid shares.
TEST(BadInput, EveryLineOfTheLayoutCasesEndsInARecord) {
  const std::string file = testing::TempDir() + "all_layouts.txt";
  std::string text;
  for (const char* name : {"dashes_first.txt", "row_first.txt", "grid_then_lines.txt", "comma_note.txt"}) {
    text += test::read_file(test::fixture_path(std::string("bad_input/") + name));
  }
  test::write_file(file, text);
  const auto result = run_command(sudoforge("grade -q " + file));
  // 4 + 3 + (1 grid of 11 lines + 4) + 2 lines.
  EXPECT_EQ(count_lines(result.out) - 1, 4 + 3 + 5 + 2) << result.err;
  EXPECT_EQ(count_lines(result.err), 2) << result.err;
}

// ---- Damaged databases ----

TEST(BadDatabase, ACorruptFileGivesAClearErrorAndExitCode2) {
  const std::string db = fresh_db("corrupt.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("top1465.txt"))).exit_code, 0);
  // Garbage over pages in the middle of the file (its header stays good).
  const auto size = std::filesystem::file_size(db);
  ASSERT_GT(size, 100000u);
  std::string bytes = test::read_file(db);
  for (std::size_t i = 16384; i < 16384 + 24000; ++i) bytes[i] = static_cast<char>('g' + i % 7);
  test::write_file(db, bytes);
  const auto stats = run_command(sudoforge("stats --check --db " + db));
  EXPECT_EQ(stats.exit_code, 2);
  EXPECT_NE(stats.err.find("in database '" + db + "': database disk image is malformed (the file is damaged"),
            std::string::npos)
      << stats.err;
  // A file cut short is refused when opened.
  const std::string cut = fresh_db("cut.db");
  test::write_file(cut, bytes.substr(0, 50000));
  const auto opened = run_command(sudoforge("stats --db " + cut));
  EXPECT_EQ(opened.exit_code, 2);
  EXPECT_NE(opened.err.find("database '" + cut + "'"), std::string::npos) << opened.err;
  EXPECT_NE(opened.err.find("malformed"), std::string::npos) << opened.err;
}

// Runs `command` as an unprivileged user when the tests run as root (as in CI), so
// that file permissions apply.
std::string unprivileged(const std::string& command) {
  return geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " + command : command;
}

TEST(BadDatabase, AReadOnlyFileIsReadButNotWritten) {
  const std::string folder = testing::TempDir() + "readonly_db/";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const std::string db = folder + "ro.db";
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("top95.txt"))).exit_code, 0);
  namespace fs = std::filesystem;
  fs::permissions(folder, fs::perms::owner_all | fs::perms::group_all | fs::perms::others_all);
  for (const char* suffix : {"", "-wal", "-shm"}) {
    if (fs::exists(db + suffix)) {
      fs::permissions(db + suffix, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    }
  }
  const auto write = run_command(unprivileged(sudoforge("import -q --db " + db + " " + test::data_path("hardest.txt"))));
  EXPECT_EQ(write.exit_code, 2) << write.err;
  EXPECT_NE(write.err.find("in database '" + db + "': attempt to write a readonly database (check the permissions"),
            std::string::npos)
      << write.err;
  const auto read = run_command(unprivileged(sudoforge("list --format line --db " + db)));
  EXPECT_EQ(read.exit_code, 0) << read.err;
  EXPECT_EQ(count_lines(read.out), 94);
}

// Reading commands never create a database: a mistyped --db is an error, not an
// empty answer (issue 15, item 9); nor does a request refused before any work.
TEST(BadDatabase, AMistypedDatabaseIsAnErrorAndNoFileIsMade) {
  const std::string db = fresh_db("mistyped.db");
  for (const std::string command : {"list", "stats", "export --text -"}) {
    const auto result = run_command(sudoforge(command + " --db " + db));
    EXPECT_EQ(result.exit_code, 2) << command;
    EXPECT_EQ(result.err, "sudoforge: cannot open database '" + db +
                              "': no such file (list, stats and export only read a database: import or generate "
                              "make one)\n")
        << command;
    EXPECT_FALSE(std::filesystem::exists(db)) << command;
  }
  const auto refused = run_command(sudoforge("generate --count 0 --db " + db));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(db));
}

// A database in a folder this process cannot write (a shared, read-only copy) is
// still read by every reading command.
TEST(BadDatabase, ADatabaseInAReadOnlyFolderIsRead) {
  namespace fs = std::filesystem;
  const std::string folder = testing::TempDir() + "readonly_folder/";
  if (fs::exists(folder)) fs::permissions(folder, fs::perms::owner_all);
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string db = folder + "ro.db";
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("hardest.txt"))).exit_code, 0);
  fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                              fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  const auto list = run_command(unprivileged(sudoforge("list --format line --db " + db)));
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(count_lines(list.out), 11);
  const auto stats = run_command(unprivileged(sudoforge("stats --check --db " + db)));
  EXPECT_EQ(stats.exit_code, 0) << stats.err;
  EXPECT_NE(stats.out.find("integrity_check: ok"), std::string::npos) << stats.out;
  const auto text = run_command(unprivileged(sudoforge("export --text - --db " + db)));
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(count_lines(text.out), 11);
  const auto write = run_command(unprivileged(sudoforge("import -q --db " + db + " " + test::data_path("top95.txt"))));
  EXPECT_EQ(write.exit_code, 2);
  fs::permissions(folder, fs::perms::owner_all);
}

TEST(BadDatabase, AFullDiskFailsTheRunKeepsWhatWasCommittedAndTheNextRunCompletes) {
  const std::string db = fresh_db("full.db");
  const std::string file = test::data_path("17clue.txt");
  // A 16 MiB file size limit (SIGXFSZ ignored, so writes fail with EFBIG): a few of
  // the import's transactions (2,048 puzzles each) fit, the whole file (40 MB) not.
  const auto full = run_command("sh -c \"ulimit -f 32768; trap '' XFSZ; exec " +
                                sudoforge("import -q --threads 1 --db " + db + " " + file) + "\"");
  EXPECT_EQ(full.exit_code, 2);
  EXPECT_NE(full.err.find("in database '" + db + "': disk I/O error (File too large)"), std::string::npos) << full.err;
  const auto check = run_command(sudoforge("stats --check --db " + db));
  EXPECT_NE(check.out.find("integrity_check: ok"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("1 import failed"), std::string::npos) << check.out;
  const long kept = stored(db);
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, 49158);
  // The failed run's count is what it committed (issue 15, item 8).
  EXPECT_NE(check.out.find(": " + std::to_string(kept) + " new, 0 duplicates"), std::string::npos) << check.out;
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + file)).exit_code, 0);
  EXPECT_EQ(stored(db), 49158);
}

TEST(BadDatabase, ALockedFileFailsAfterTheBusyTimeoutNamingIt) {
  const std::string db = fresh_db("locked.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("hardest.txt"))).exit_code, 0);
  // sqlite3 holds an exclusive lock for 13 s; the import, started once sqlite3 says it
  // holds it (a marker file, not a guessed delay), waits its 10 s, then fails.
  const std::string held = db + ".held";
  std::filesystem::remove(held);
  const auto locked = run_command("sh -c '(echo \"BEGIN EXCLUSIVE; DELETE FROM runs WHERE 0;\"; echo \".shell touch " +
                                  held + "\"; sleep 13; echo COMMIT) | sqlite3 " + db + " & pid=$!; " +
                                  test::wait_for_file(held) + "; " +
                                  sudoforge("import -q --db " + db + " " + test::data_path("top95.txt")) +
                                  "; status=$?; wait; exit $status'");
  EXPECT_EQ(locked.exit_code, 2);
  EXPECT_NE(locked.err.find("in database '" + db + "': database is locked (another process kept it locked for over "
                            "10 s)"),
            std::string::npos)
      << locked.err;
  EXPECT_EQ(stored(db), 11);  // nothing lost, nothing half-written
  const auto check = run_command(sudoforge("stats --check --db " + db));
  EXPECT_NE(check.out.find("integrity_check: ok"), std::string::npos) << check.out;
}

}  // namespace
}  // namespace sudoforge
