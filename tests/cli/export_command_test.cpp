// End-to-end tests of `sudoforge export`: the printed book is read back with
// poppler (pdfinfo, pdftotext, pdffonts, pdftoppm) and checked against the database.

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <sstream>

#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sudoforge/book/book.hpp"
#include "sudoforge/book/canvas.hpp"
#include "sudoforge/book/compose.hpp"
#include "sudoforge/grader/rating.hpp"
#include "sudoforge/module/module.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;
using test::lines_of;

std::string fresh_dir(const std::string& name) {
  const std::string path = testing::TempDir() + name;
  std::filesystem::remove_all(path);
  std::filesystem::create_directories(path);
  return path;
}

// The digits of a string, in order: what pdftotext gives back of a grid.
std::string digits_of(const std::string& text) {
  std::string digits;
  for (char c : text) {
    if ((c >= '1' && c <= '9') || (c >= 'A' && c <= 'G')) digits += c;
  }
  return digits;
}

std::string pdfinfo_field(const std::string& pdf, const std::string& field) {
  for (const auto& line : lines_of(run_command("pdfinfo " + pdf).out)) {
    if (line.rfind(field + ":", 0) == 0) {
      const auto value = line.find_first_not_of(' ', field.size() + 1);
      return line.substr(value);
    }
  }
  return {};
}

// A greyscale rendering of one page at 72 dpi (one pixel a point).
struct Picture {
  int width = 0;
  int height = 0;
  std::string pixels;
  int at(int x, int y) const { return static_cast<unsigned char>(pixels[static_cast<std::size_t>(y * width + x)]); }
};

Picture render(const std::string& pdf, int page, const std::string& dir) {
  const std::string stem = dir + "/render";
  run_command("pdftoppm -gray -r 72 -f " + std::to_string(page) + " -l " + std::to_string(page) + " -singlefile " +
              pdf + " " + stem);
  const std::string pgm = test::read_file(stem + ".pgm");
  std::istringstream in(pgm);
  std::string magic;
  int max = 0;
  Picture picture;
  in >> magic >> picture.width >> picture.height >> max;
  in.get();
  picture.pixels = pgm.substr(static_cast<std::size_t>(in.tellg()));
  return picture;
}

class ExportCommand : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    // ctest runs each test in its own process, in parallel: one directory each.
    dir_ = fresh_dir("export_" + std::to_string(::getpid()));
    db_ = dir_ + "/book.db";
    ASSERT_EQ(run_command(sudoforge("generate -q --count 24 --mix easy=1,medium=1,hard=1 --seed 12 --db " + db_))
                  .exit_code,
              0);
  }

  // The book's puzzles in book order, as the exporter saw them (through --jsonl).
  static std::vector<book::BookPuzzle> book_puzzles(const std::string& jsonl) {
    std::vector<book::BookPuzzle> puzzles;
    for (const auto& line : lines_of(test::read_file(jsonl))) {
      const auto record = nlohmann::json::parse(line);
      book::BookPuzzle puzzle;
      puzzle.number = static_cast<int>(puzzles.size()) + 1;
      puzzle.puzzle = engine::parse_puzzle(record["puzzle"].get<std::string>());
      puzzle.solution = engine::parse_puzzle(record["solution"].get<std::string>());
      const std::string tier = record["tier"];
      puzzle.tier = tier == "singles" ? grader::Tier::Singles : tier == "twins" ? grader::Tier::Twins : grader::Tier::Diabolical;
      puzzle.level = *grader::parse_level(record["level"].get<std::string>());
      puzzle.rating = static_cast<int>(record["rating"].get<double>() * 10 + 0.5);
      puzzles.push_back(puzzle);
    }
    return puzzles;
  }

  static std::string dir_;
  static std::string db_;
};

std::string ExportCommand::dir_;
std::string ExportCommand::db_;

TEST_F(ExportCommand, PrintsABookWhosePagesHoldExactlyTheStoredPuzzles) {
  const std::string pdf = dir_ + "/book.pdf";
  const std::string jsonl = dir_ + "/book.jsonl";
  const auto result = run_command(sudoforge("export --db " + db_ + " --pdf " + pdf + " --answers --jsonl " + jsonl +
                                            " --title 'Test Book' --author 'Tester'"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // Title, rules, three sections (easy, medium, hard) of 8 puzzles (two pages of 4
  // each), two pages of answers.
  EXPECT_EQ(pdfinfo_field(pdf, "Pages"), "13");
  EXPECT_EQ(pdfinfo_field(pdf, "Page size"), "595.276 x 841.89 pts (A4)");
  EXPECT_EQ(pdfinfo_field(pdf, "Title"), "Test Book");

  const auto puzzles = book_puzzles(jsonl);
  ASSERT_EQ(puzzles.size(), 24u);
  for (std::size_t i = 1; i < puzzles.size(); ++i) EXPECT_LE(puzzles[i - 1].level, puzzles[i].level);  // easiest first
  book::BookOptions options;
  options.answers = true;
  int grids = 0;
  for (const book::Page& page : book::plan_book(puzzles, options)) {
    for (const book::Slot& slot : page.slots) {
      const book::BookPuzzle& puzzle = puzzles[slot.puzzle];
      const auto crop = [&](const book::Square& square) {
        return " -x " + std::to_string(static_cast<int>(square.x) + 2) + " -y " +
               std::to_string(static_cast<int>(square.y) + 2) + " -W " + std::to_string(static_cast<int>(square.size) - 4) +
               " -H " + std::to_string(static_cast<int>(square.size) - 4);
      };
      const std::string page_number = std::to_string(page.number);
      const auto text = run_command("pdftotext -layout -f " + page_number + " -l " + page_number + crop(slot.grid) +
                                    " " + pdf + " -");
      const engine::Grid& expected = page.kind == book::Page::Kind::Answers ? puzzle.solution : puzzle.puzzle;
      EXPECT_EQ(digits_of(text.out), digits_of(engine::to_line(expected)))
          << "page " << page.number << ", puzzle " << puzzle.number;
      ++grids;
    }
  }
  EXPECT_EQ(grids, 48);
  for (const auto& line : lines_of(run_command("pdffonts " + pdf).out)) {
    if (line.find("TrueType") == std::string::npos) continue;
    EXPECT_NE(line.find(" yes yes "), std::string::npos) << line;  // embedded, subset
  }
}

TEST_F(ExportCommand, DrawsBoxBordersWhereTheyBelongAndGivesTheSameBytesTwice) {
  const std::string pdf = dir_ + "/lines.pdf";
  const std::string jsonl = dir_ + "/lines.jsonl";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --pdf " + pdf + " --jsonl " + jsonl)).exit_code, 0);
  const auto puzzles = book_puzzles(jsonl);
  const auto pages = book::plan_book(puzzles, book::BookOptions{});
  for (const int number : {4, 11}) {  // an easy page and a hard page
    const book::Page& page = pages[static_cast<std::size_t>(number - 1)];
    ASSERT_FALSE(page.slots.empty());
    const Picture picture = render(pdf, number, dir_);
    ASSERT_NEAR(picture.width, 595, 1);
    long dark = 0;
    for (char pixel : picture.pixels) dark += static_cast<unsigned char>(pixel) < 128;
    EXPECT_GT(dark, 5000) << "page " << number << " looks blank";
    const book::Square grid = page.slots.front().grid;
    // Each of the four vertical box borders is dark all the way down; a column
    // just outside the grid is white.
    for (int k = 0; k <= 3; ++k) {
      const int x = static_cast<int>(grid.x + k * grid.size / 3 + 0.5);
      int column_dark = 0;
      int span = 0;
      for (int y = static_cast<int>(grid.y) + 3; y < static_cast<int>(grid.y + grid.size) - 3; ++y, ++span) {
        int darkest = 255;
        for (int dx = -1; dx <= 1; ++dx) darkest = std::min(darkest, picture.at(x + dx, y));
        column_dark += darkest < 100;
      }
      EXPECT_GT(column_dark, span * 95 / 100) << "page " << number << ", border " << k << " at x " << x;
    }
    const int outside = static_cast<int>(grid.x) - 5;
    int light = 0;
    for (int y = static_cast<int>(grid.y) + 3; y < static_cast<int>(grid.y + grid.size) - 3; ++y) {
      light += picture.at(outside, y) > 240;
    }
    EXPECT_GT(light, static_cast<int>(grid.size) - 10);
  }
  const std::string again = dir_ + "/again.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --pdf " + again)).exit_code, 0);
  EXPECT_EQ(test::read_file(pdf), test::read_file(again));
}

TEST_F(ExportCommand, HonoursPageSizesAndPuzzlesPerPage) {
  const std::string pdf = dir_ + "/a5.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --level medium --pdf " + pdf + " --page a5 --per-page 6"))
                .exit_code,
            0);
  EXPECT_EQ(pdfinfo_field(pdf, "Page size").substr(0, 21), "419.528 x 595.276 pts");
  EXPECT_EQ(pdfinfo_field(pdf, "Pages"), "4");  // title, rules, then 8 medium at 6 a page: no section, one level
  const std::string letter = dir_ + "/letter.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --limit 3 --pdf " + letter + " --page letter --per-page 1"))
                .exit_code,
            0);
  EXPECT_EQ(pdfinfo_field(letter, "Page size"), "612 x 792 pts (letter)");
  const std::string book = dir_ + "/6x9.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --pdf " + book + " --page 6x9in")).exit_code, 0);
  EXPECT_EQ(pdfinfo_field(book, "Page size"), "432 x 648 pts");
}

TEST_F(ExportCommand, WritesImagesAndFilesInBookOrder) {
  const std::string svg = dir_ + "/svg";
  const std::string png = dir_ + "/png";
  const std::string text = dir_ + "/book.txt";
  const std::string csv = dir_ + "/book.csv";
  const auto result = run_command(sudoforge("export --db " + db_ + " --order score --answers --svg " + svg + " --png " +
                                            png + " --text " + text + " --csv " + csv));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(svg + "/puzzle-0001.svg"));
  EXPECT_TRUE(std::filesystem::exists(svg + "/solution-0024.svg"));
  EXPECT_NE(test::read_file(svg + "/puzzle-0001.svg").find("<svg"), std::string::npos);
  EXPECT_EQ(test::read_file(png + "/puzzle-0024.png").substr(1, 3), "PNG");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(png), std::filesystem::directory_iterator{}), 48);
  const auto lines = lines_of(test::read_file(text));
  const auto records = lines_of(test::read_file(csv));
  ASSERT_EQ(lines.size(), 24u);
  ASSERT_EQ(records.size(), 25u);
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_NE(records[i + 1].find("," + lines[i] + ","), std::string::npos);
}

TEST_F(ExportCommand, NamesSectionsByLevelOrTierWithTextTrueOfTheirPuzzles) {
  const std::string pdf = dir_ + "/levels.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --pdf " + pdf)).exit_code, 0);
  const auto page_text = [](const std::string& file, int page) {
    const std::string number = std::to_string(page);
    return run_command("pdftotext -f " + number + " -l " + number + " " + file + " -").out;
  };
  EXPECT_NE(page_text(pdf, 1).find("8 easy puzzles, 8 medium puzzles, 8 hard puzzles"), std::string::npos)
      << page_text(pdf, 1);
  EXPECT_NE(page_text(pdf, 1).find("made with sudoforge"), std::string::npos);
  EXPECT_NE(page_text(pdf, 2).find("How to play"), std::string::npos) << page_text(pdf, 2);
  EXPECT_NE(page_text(pdf, 2).find("box of 3 by 3 cells (the thick lines) holds the digits 1 to 9"), std::string::npos)
      << page_text(pdf, 2);
  const std::string easy = page_text(pdf, 3);
  EXPECT_NE(easy.find("Part 1"), std::string::npos) << easy;
  EXPECT_NE(easy.find("Easy"), std::string::npos) << easy;
  EXPECT_NE(easy.find("Singles solve each"), std::string::npos) << easy;
  const std::string hard = page_text(pdf, 9);
  EXPECT_NE(hard.find("Part 3"), std::string::npos) << hard;
  EXPECT_NE(hard.find("4.1 to 6.7"), std::string::npos) << hard;
  EXPECT_NE(page_text(pdf, 4).find("1 · Easy"), std::string::npos) << page_text(pdf, 4);  // the labels name the level
  EXPECT_EQ(page_text(pdf, 4).find(" id "), std::string::npos) << page_text(pdf, 4);     // and nothing meant for us
  // By tier on request: the sections are the tiers the puzzles fall in, easiest first.
  const std::string tiers = dir_ + "/tiers.pdf";
  const std::string jsonl = dir_ + "/tiers.jsonl";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --sections tier --pdf " + tiers + " --jsonl " + jsonl)).exit_code, 0);
  const auto puzzles = book_puzzles(jsonl);
  for (std::size_t i = 1; i < puzzles.size(); ++i) EXPECT_LE(puzzles[i - 1].tier, puzzles[i].tier);
  EXPECT_NE(page_text(tiers, 3).find("Singles"), std::string::npos) << page_text(tiers, 3);
  book::BookOptions by_tier;
  by_tier.sections = book::Sections::Tier;
  for (const book::Page& page : book::plan_book(puzzles, by_tier)) {
    if (page.kind != book::Page::Kind::Section || *page.section != static_cast<int>(grader::Tier::Diabolical)) continue;
    const std::string text = page_text(tiers, page.number);
    EXPECT_NE(text.find("Diabolical"), std::string::npos) << text;
    EXPECT_EQ(text.find("trial and error"), std::string::npos) << text;  // not true of most of them
  }
}

TEST_F(ExportCommand, SaysWhatIsWrong) {
  const auto nothing = run_command(sudoforge("export --db " + db_));
  EXPECT_EQ(nothing.exit_code, 2);
  EXPECT_EQ(nothing.err, "sudoforge: export needs at least one of --pdf, --svg, --png, --pages-png, --html, --text, --csv, "
                         "--jsonl, --sdm, --ss, --opensudoku, --tatham\n");
  const auto empty = run_command(sudoforge("export --db " + db_ + " --score 9000: --pdf " + dir_ + "/none.pdf"));
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_EQ(empty.err, "sudoforge: no stored puzzle matches the selection in '" + db_ + "'\n");
  const auto unwritable = run_command(sudoforge("export --db " + db_ + " --pdf /nonexistent/dir/book.pdf"));
  EXPECT_EQ(unwritable.exit_code, 2);
  EXPECT_EQ(unwritable.err, "sudoforge: cannot open file '/nonexistent/dir/book.pdf' for writing: No such file or directory\n");
  // A database of an older sudoforge: its puzzles have no rating until upgraded.
  const std::string old = dir_ + "/old.db";
  std::filesystem::copy_file(test::fixture_path("schema_v1.db"), old, std::filesystem::copy_options::overwrite_existing);
  const auto unrated = run_command(sudoforge("export --db " + old + " --pdf " + dir_ + "/old.pdf"));
  EXPECT_EQ(unrated.exit_code, 2);
  EXPECT_EQ(unrated.err, "sudoforge: note: database '" + old +
                             "' has 11 puzzles stored before ratings existed: they have no rating or level until "
                             "'sudoforge upgrade --db " + old + "' rates them\nsudoforge: 11 of the selected puzzles have "
                             "no rating yet (stored by an older sudoforge): run 'sudoforge upgrade --db " + old + "' first\n");
  const auto upgraded = run_command(sudoforge("upgrade --db " + old));
  EXPECT_EQ(upgraded.exit_code, 0) << upgraded.err;
  EXPECT_EQ(upgraded.err, "upgrade: " + old + ": rated 11 of 11 puzzles without a rating\n");
  const auto exported = run_command(sudoforge("export --db " + old + " --pdf " + dir_ + "/old.pdf"));
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(exported.err.find("note:"), std::string::npos) << exported.err;
}

// Books and images are drawn by the cairo module, loaded only to print: the program
// starts without loading cairo, Pango, libzip or expat (LD_DEBUG=libs: the dynamic
// loader names each library it loads); without the module, or with one of another
// build, export refuses before it writes anything, naming the module and why.
TEST_F(ExportCommand, LoadsTheCairoModuleOnlyToPrintAndRefusesWithoutIt) {
  const auto started = run_command("LD_DEBUG=libs " + sudoforge("--version"));
  ASSERT_EQ(started.exit_code, 0) << started.err;
  ASSERT_NE(started.err.find("libc.so"), std::string::npos) << "LD_DEBUG=libs lists nothing here: " << started.err;
  for (const char* library : {"libcairo", "libpango", "libzip", "libexpat", "sudoforge-cairo.so", "sudoforge-hodoku.so"}) {
    EXPECT_EQ(started.err.find(library), std::string::npos) << library;
  }
  const auto printed = run_command("LD_DEBUG=libs " + sudoforge("export --db " + db_ + " --limit 1 --pdf " + dir_ + "/one.pdf"));
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  EXPECT_NE(printed.err.find("sudoforge-cairo.so"), std::string::npos);
  EXPECT_NE(printed.err.find("libcairo"), std::string::npos);
  EXPECT_EQ(printed.err.find("libzip"), std::string::npos);

  const std::string empty = fresh_dir("no_modules_" + std::to_string(::getpid()));
  const std::string outputs = " --pdf " + empty + "/book.pdf --svg " + empty + "/svg --png " + empty + "/png --csv " + empty + "/book.csv";
  const auto missing = run_command("SUDOFORGE_MODULE_DIR=" + empty + " " + sudoforge("export --db " + db_ + outputs));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "sudoforge: cannot print: cannot load module '" + empty + "/sudoforge-cairo.so': cannot open "
                         "shared object file: No such file or directory (a sudoforge installed or built whole has it; "
                         "SUDOFORGE_MODULE_DIR names another folder)\n");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(empty), std::filesystem::directory_iterator{}), 0);
  // A module without this build's printer (the HoDoKu module under the cairo module's name).
  std::filesystem::copy_file(module::directory() / "sudoforge-hodoku.so", empty + "/sudoforge-cairo.so");
  const auto other = run_command("SUDOFORGE_MODULE_DIR=" + empty + " " + sudoforge("export --db " + db_ + outputs));
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_EQ(other.err, "sudoforge: cannot print: cannot use module '" + empty + "/sudoforge-cairo.so': it has no "
                       "'sudoforge_canvas_printer_1' (a module of another sudoforge build?)\n");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(empty), std::filesystem::directory_iterator{}), 1);
  // The module the program finds by itself, where it was built.
  const auto found = run_command("SUDOFORGE_MODULE_DIR= " + sudoforge("export --db " + db_ + " --limit 1 --svg " + empty + "/svg"));
  EXPECT_EQ(found.exit_code, 0) << found.err;
  EXPECT_TRUE(std::filesystem::exists(empty + "/svg/puzzle-0001.svg"));
}

// The page plan: the rules (or a blank page) face the title page so the puzzles
// begin on a right-hand page; a section of one puzzle gets no divider page.
TEST(BookPlan, PuzzlesBeginOnARightHandPageAndOnePuzzleGetsNoDivider) {
  std::vector<book::BookPuzzle> puzzles(4);
  puzzles[0].level = grader::Level::Easy;
  puzzles[1].level = grader::Level::Hard;  // alone in its section
  puzzles[2].level = puzzles[3].level = grader::Level::Extreme;
  for (std::size_t i = 0; i < puzzles.size(); ++i) puzzles[i].number = static_cast<int>(i) + 1;
  book::BookOptions options;
  const auto pages = book::plan_book(puzzles, options);
  std::vector<book::Page::Kind> kinds;
  for (const book::Page& page : pages) kinds.push_back(page.kind);
  using K = book::Page::Kind;
  // Title, rules, the easy one alone (no divider), the hard one alone, the extreme two's
  // divider and page: 5 pages, not the 7 with a divider for each.
  EXPECT_EQ(kinds, (std::vector<K>{K::Title, K::Rules, K::Puzzles, K::Puzzles, K::Section, K::Puzzles}));
  options.rules = false;
  EXPECT_EQ(book::plan_book(puzzles, options)[1].kind, K::Blank);
  EXPECT_EQ(book::plan_book(puzzles, options)[2].number % 2, 1);  // odd: a right-hand page
}

TEST(BookPlan, LabelsForAReaderOrForUs) {
  book::BookPuzzle puzzle;
  puzzle.number = 12;
  puzzle.level = grader::Level::Fiendish;
  puzzle.tier = grader::Tier::Diabolical;
  puzzle.te_depth = 1;
  puzzle.rating = 71;
  puzzle.score = 3711;
  puzzle.id = 33;
  EXPECT_EQ(book::label_of(puzzle, book::Labels::Level), "12 · Fiendish");
  EXPECT_EQ(book::label_of(puzzle, book::Labels::Tier), "12 · Diabolical");
  EXPECT_EQ(book::label_of(puzzle, book::Labels::None), "12");
  EXPECT_EQ(book::label_of(puzzle, book::Labels::Full), "12 · fiendish 7.1 · diabolical te 1 · score 3711 · id 33");
  EXPECT_EQ(book::count_text(1, static_cast<int>(grader::Level::Easy), book::Sections::Level), "1 easy puzzle");
  EXPECT_EQ(book::count_text(3, static_cast<int>(grader::Level::Hard), book::Sections::Level), "3 hard puzzles");
  EXPECT_EQ(book::count_text(1, static_cast<int>(grader::Tier::Singles), book::Sections::Tier), "1 puzzle of singles");
}

TEST_F(ExportCommand, LabelsRulesAndCreditAsAsked) {
  const auto page_text = [](const std::string& file, int page) {
    const std::string number = std::to_string(page);
    return run_command("pdftotext -f " + number + " -l " + number + " " + file + " -").out;
  };
  const std::string plain = dir_ + "/plain.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --level easy --label none --no-rules --no-credit --pdf " + plain))
                .exit_code,
            0);
  EXPECT_EQ(page_text(plain, 1).find("made with sudoforge"), std::string::npos) << page_text(plain, 1);
  EXPECT_NE(page_text(plain, 1).find("8 easy puzzles"), std::string::npos) << page_text(plain, 1);
  EXPECT_EQ(page_text(plain, 2).find_first_not_of(" \n\f"), std::string::npos) << page_text(plain, 2);  // blank
  const std::string numbers = page_text(plain, 3);
  EXPECT_EQ(numbers.find("Easy"), std::string::npos) << numbers;
  const std::string full = dir_ + "/full.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --level easy --label full --pdf " + full)).exit_code, 0);
  EXPECT_NE(page_text(full, 3).find(" · id "), std::string::npos) << page_text(full, 3);
  EXPECT_NE(page_text(full, 3).find("score "), std::string::npos) << page_text(full, 3);
}

// Titles and names in any script: shaped by Pango, from whatever installed font has
// the glyphs; a very long title wraps and ends in an ellipsis instead of shrinking to
// nothing; a character no font has is refused by name rather than printed as a box.
TEST_F(ExportCommand, PrintsTextInAnyScriptAndRefusesGlyphsNoFontHas) {
  if (std::system("fc-list | grep -q 'Noto Sans CJK'") != 0 || std::system("fc-list | grep -q 'Noto Sans Devanagari'") != 0) {
    GTEST_SKIP() << "the Noto fonts are not installed (scripts/setup installs them)";
  }
  const std::string pdf = dir_ + "/scripts.pdf";
  // (Under AddressSanitizer: full stacks at malloc, so that lsan.supp can name the
  // cairo function that loses memory subsetting the CJK font; no effect otherwise.)
  const auto made = run_command("ASAN_OPTIONS=fast_unwind_on_malloc=0 " +
                                sudoforge("export --db " + db_ + " --level easy --pdf " + pdf +
                                          " --title '数独 सुडोकू سودوكو 🧩' --author '李小龙 · मोहन · محمد'"));
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::string title_page = run_command("pdftotext -f 1 -l 1 " + pdf + " -").out;
  EXPECT_NE(title_page.find("数独"), std::string::npos) << title_page;
  EXPECT_NE(title_page.find("李小龙"), std::string::npos) << title_page;
  const std::string fonts = run_command("pdffonts " + pdf).out;
  EXPECT_NE(fonts.find("NotoSansCJK"), std::string::npos) << fonts;
  EXPECT_NE(fonts.find("NotoSansDevanagari"), std::string::npos) << fonts;

  std::string long_title;
  for (int i = 0; i < 1000; ++i) long_title += "Sudoku " + std::to_string(i) + " ";
  ASSERT_GE(long_title.size(), 8000U);
  const std::string longer = dir_ + "/long.pdf";
  ASSERT_EQ(run_command(sudoforge("export --db " + db_ + " --level easy --pdf " + longer + " --title '" + long_title + "'"))
                .exit_code,
            0);
  // A big font: three words a line, not the thousands that shrinking would give; and
  // the title stays in the top half of the page (wrapped to three lines, then cut),
  // above the contents line, which is still there.
  const std::string first = run_command("pdftotext -layout -f 1 -l 1 " + longer + " -").out;
  const auto title_lines = lines_of(first.substr(first.find_first_not_of(" \n")));
  ASSERT_FALSE(title_lines.empty());
  EXPECT_NE(title_lines.front().find("Sudoku 0 Sudoku 1 Sudoku 2"), std::string::npos) << title_lines.front().substr(0, 80);
  EXPECT_LT(title_lines.front().size(), 100U);
  const std::string lower = run_command("pdftotext -f 1 -l 1 -x 0 -y 421 -W 595 -H 421 " + longer + " -").out;
  EXPECT_NE(lower.find("8 easy puzzles"), std::string::npos) << lower.substr(0, 200);
  EXPECT_EQ(lower.find("Sudoku 9"), std::string::npos) << lower.substr(0, 200);

  const auto refused = run_command(sudoforge("export --db " + db_ + " --level easy --pdf " + dir_ +
                                             "/refused.pdf --title \"$(printf 'Sudoku \\315\\270')\""));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("no installed font has a glyph for U+0378"), std::string::npos) << refused.err;
}

TEST(ExportShapes, PrintsBigGridsFewerToAPageAndShadesDiagonals) {
  const std::string dir = fresh_dir("export_shapes_" + std::to_string(::getpid()));
  const std::string db = dir + "/shapes.db";
  ASSERT_EQ(run_command(sudoforge("generate -q --count 3 --size 16 --seed 1 --db " + db)).exit_code, 0);
  ASSERT_EQ(run_command(sudoforge("generate -q --count 2 --diagonal --seed 1 --db " + db)).exit_code, 0);
  const std::string big = dir + "/big.pdf";
  const auto mixed = run_command(sudoforge("export --db " + db + " --pdf " + big));
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_NE(mixed.err.find("the selection mixes"), std::string::npos) << mixed.err;
  ASSERT_EQ(run_command(sudoforge("export --db " + db + " --size 16 --per-page 6 --page a5 --pdf " + big)).exit_code, 0);
  EXPECT_EQ(pdfinfo_field(big, "Pages"), "4");  // title, rules, then two 16x16 grids an A5 page, not six
  // The rules say which symbols a 16x16 grid holds, and the diagonals' rule for X-Sudoku.
  EXPECT_NE(run_command("pdftotext -f 2 -l 2 " + big + " -").out.find("holds the numbers 1 to 16"), std::string::npos);
  // 16x16 digits as asked: 1-16 by default, 0-F, A-P; the grids print them so.
  const auto pages16 = book::plan_book(std::vector<book::BookPuzzle>(3, [] {
                                         book::BookPuzzle p;
                                         p.puzzle = engine::Grid(engine::Geometry(4, 4));
                                         return p;
                                       }()),
                                       [] {
                                         book::BookOptions o;
                                         o.page = book::PageSize::A5;
                                         o.per_page = 6;
                                         return o;
                                       }());
  const book::Square first16 = pages16[2].slots.front().grid;
  const auto grid_tokens = [&](const std::string& pdf) {
    const auto cropped = run_command("pdftotext -f 3 -l 3 -x " + std::to_string(static_cast<int>(first16.x)) + " -y " +
                                     std::to_string(static_cast<int>(first16.y)) + " -W " +
                                     std::to_string(static_cast<int>(first16.size)) + " -H " +
                                     std::to_string(static_cast<int>(first16.size)) + " " + pdf + " -");
    std::set<std::string> tokens;
    std::istringstream words(cropped.out);
    for (std::string word; words >> word;) tokens.insert(word);
    return tokens;
  };
  const auto numbers = grid_tokens(big);
  EXPECT_TRUE(numbers.count("16") + numbers.count("15") + numbers.count("14") + numbers.count("13") > 0);
  for (const std::string& token : numbers) EXPECT_EQ(token.find_first_not_of("0123456789"), std::string::npos) << token;
  for (const auto& [symbols, alphabet] : {std::pair{"0-F", "0123456789ABCDEF"}, std::pair{"A-P", "ABCDEFGHIJKLMNOP"}}) {
    const std::string other = dir + "/big-" + std::string(symbols) + ".pdf";
    ASSERT_EQ(run_command(sudoforge("export --db " + db + " --size 16 --per-page 6 --page a5 --symbols " + symbols +
                                    " --pdf " + other))
                  .exit_code,
              0);
    const auto tokens = grid_tokens(other);
    EXPECT_GT(tokens.size(), 3U);
    for (const std::string& token : tokens) {
      EXPECT_EQ(token.size(), 1U) << symbols << ": " << token;
      EXPECT_NE(std::string(alphabet).find(token), std::string::npos) << symbols << ": " << token;
    }
  }
  const std::string diagonal = dir + "/diagonal.pdf";
  const std::string jsonl = dir + "/diagonal.jsonl";
  ASSERT_EQ(run_command(sudoforge("export --db " + db + " --diagonal --pdf " + diagonal + " --jsonl " + jsonl)).exit_code, 0);
  const auto pages = book::plan_book(std::vector<book::BookPuzzle>(2, book::BookPuzzle{}), book::BookOptions{});
  EXPECT_NE(run_command("pdftotext -f 2 -l 2 " + diagonal + " -").out.find("X-Sudoku: the two long diagonals"),
            std::string::npos);
  const book::Square grid = pages[2].slots.front().grid;
  const Picture picture = render(diagonal, 3, dir);
  const auto record = nlohmann::json::parse(lines_of(test::read_file(jsonl)).front());
  const std::string puzzle = record["puzzle"];
  const double cell = grid.size / 9;
  for (int i = 0; i < 9; ++i) {  // a corner of each diagonal cell, away from its digit, is grey
    const int x = static_cast<int>(grid.x + i * cell + 3);
    const int y = static_cast<int>(grid.y + i * cell + 3);
    EXPECT_LT(picture.at(x, y), 235) << "diagonal cell " << i;
    EXPECT_GT(picture.at(x, y), 180) << "diagonal cell " << i;
  }
  const int x = static_cast<int>(grid.x + 1 * cell + 3);  // r1c2 is not on a diagonal
  EXPECT_GT(picture.at(x, static_cast<int>(grid.y + 3)), 245);
}

}  // namespace
}  // namespace sudoforge

namespace sudoforge {
namespace {

// A picture's canvas, composed without cairo: every given in bold black and, in the
// answer, every other digit in grey, each centred in its own cell; the box borders
// thick and the cell lines thin; the diagonal variant's two diagonals shaded.
TEST(BookCanvas, PicturesHoldEveryDigitInItsCellWithBordersWhereTheBoxesEnd) {
  const engine::Geometry x_sudoku(3, 3, engine::Variant::Diagonal);
  book::BookPuzzle puzzle;
  puzzle.puzzle = engine::parse_puzzle(
      "....96..51......67....7....94...................38...........9361........9...81..", x_sudoku);
  puzzle.solution = engine::parse_puzzle(
      "372896415189543267564271938945167382831425679726389541258614793617932854493758126", x_sudoku);
  for (const bool answer : {false, true}) {
    const book::Canvas canvas = book::compose_picture(puzzle, answer, book::Symbols::Numbers);
    ASSERT_GT(canvas.width, 0);
    EXPECT_EQ(canvas.width, canvas.height);
    // The pen's marks, with the grey and the font each text was set in.
    struct Set {
      book::Text text;
      double grey;
      book::Font font;
    };
    double grey = 0;
    book::Font font;
    std::vector<book::Line> lines;
    std::vector<book::Fill::Rect> shaded;
    std::vector<Set> texts;
    for (const book::Mark& mark : canvas.marks) {
      if (const auto* g = std::get_if<book::Grey>(&mark)) grey = g->level;
      if (const auto* f = std::get_if<book::Font>(&mark)) font = *f;
      if (const auto* l = std::get_if<book::Line>(&mark)) lines.push_back(*l);
      if (const auto* fill = std::get_if<book::Fill>(&mark)) shaded.insert(shaded.end(), fill->rects.begin(), fill->rects.end());
      if (const auto* text = std::get_if<book::Text>(&mark)) texts.push_back({*text, grey, font});
    }
    ASSERT_EQ(lines.size(), 20U);  // ten vertical, ten horizontal
    double left = canvas.width;
    double right = 0;
    for (const book::Line& line : lines) {
      left = std::min({left, line.x1, line.x2});
      right = std::max({right, line.x1, line.x2});
    }
    const double cell = (right - left) / 9;
    const double top = left;  // (a square margin)
    // The outer lines and every third one thick, the others thin.
    for (const book::Line& line : lines) {
      const bool vertical = line.x1 == line.x2;
      const double at = vertical ? (line.x1 - left) / cell : (line.y1 - top) / cell;
      const int k = static_cast<int>(at + 0.5);
      EXPECT_NEAR(at, k, 1e-9);
      EXPECT_EQ(line.width > 1, k % 3 == 0) << (vertical ? "column line " : "row line ") << k << ": " << line.width;
    }
    std::string given(81, '.');
    std::string other(81, '.');
    for (const Set& set : texts) {
      ASSERT_TRUE(set.text.centred);
      const int col = static_cast<int>((set.text.x - left) / cell);
      const int row = static_cast<int>((set.text.y - top) / cell);
      ASSERT_TRUE(row >= 0 && row < 9 && col >= 0 && col < 9) << set.text.words;
      EXPECT_NEAR(set.text.x, left + (col + 0.5) * cell, 1e-9);
      ASSERT_EQ(set.text.words.size(), 1U);
      const bool bold_black = set.font.bold && set.grey == 0;
      EXPECT_TRUE(bold_black || (!set.font.bold && set.grey > 0.2 && set.grey < 0.8)) << set.text.words;
      (bold_black ? given : other)[static_cast<std::size_t>(row * 9 + col)] = set.text.words[0];
    }
    EXPECT_EQ(given, engine::to_line(puzzle.puzzle));
    std::string rest(81, '.');
    const std::string solution = engine::to_line(puzzle.solution);
    for (std::size_t c = 0; c < 81; ++c) {
      if (answer && given[c] == '.') rest[c] = solution[c];
    }
    EXPECT_EQ(other, rest);
    // Both diagonals shaded: each cell of them a square of its own.
    std::set<std::pair<int, int>> diagonal;
    for (const auto& rect : shaded) {
      EXPECT_NEAR(rect.width, cell, 1e-9);
      EXPECT_NEAR(rect.height, cell, 1e-9);
      diagonal.insert({static_cast<int>((rect.y - top) / cell + 0.5), static_cast<int>((rect.x - left) / cell + 0.5)});
    }
    std::set<std::pair<int, int>> expected;
    for (int i = 0; i < 9; ++i) expected.insert({{i, i}, {i, 8 - i}});
    EXPECT_EQ(diagonal, expected);
  }
}

}  // namespace
}  // namespace sudoforge
