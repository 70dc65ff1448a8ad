// explain --html: a self-contained page that steps through the solution, checked as
// data and, where Chromium is installed, in the browser itself.
#include <cairo.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

using test::run_command;
using test::sudoforge;

// top95's first puzzle: its path has pointing steps (a pattern of cells to highlight).
constexpr const char* kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

nlohmann::json page_data(const std::string& page) {
  const std::string open = "<script id=\"data\" type=\"application/json\">";
  const auto begin = page.find(open);
  const auto end = page.find("</script>", begin);
  EXPECT_NE(begin, std::string::npos);
  return nlohmann::json::parse(page.substr(begin + open.size(), end - begin - open.size()));
}

TEST(ExplainHtml, HoldsEveryStepReplayedFromTheGivensAndNeedsNoNetwork) {
  const auto page = run_command(sudoforge(std::string("explain --html - ") + kPuzzle));
  ASSERT_EQ(page.exit_code, 0) << page.err;
  EXPECT_TRUE(page.out.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(page.out.find("http://"), page.out.find("http://www.w3.org/2000/svg"));  // the SVG namespace only
  EXPECT_EQ(page.out.find("https://"), std::string::npos);
  EXPECT_EQ(page.out.find(" src="), std::string::npos);  // nothing loaded from anywhere
  const auto data = page_data(page.out);
  // As many steps as the text explanation has, in the same words.
  const auto text = run_command(sudoforge(std::string("explain ") + kPuzzle));
  std::vector<std::string> words;
  for (const std::string& line : test::lines_of(text.out)) {
    if (line.starts_with("  ") && !line.starts_with("    ")) words.push_back(line.substr(2));
  }
  ASSERT_EQ(data["steps"].size(), words.size());
  for (std::size_t i = 0; i < words.size(); ++i) EXPECT_EQ(data["steps"][i]["text"], words[i]) << i;
  // The first position is the givens; each step's placements and removals are
  // candidates of the position it starts from; the last position plus its
  // placements is the solution.
  const auto& steps = data["steps"];
  for (int c = 0; c < 81; ++c) {
    const int given = kPuzzle[c] == '.' ? 0 : kPuzzle[c] - '0';
    EXPECT_EQ(steps[0]["values"][static_cast<std::size_t>(c)], given);
  }
  for (const auto& step : steps) {
    for (const auto& move : {step["placements"], step["removals"]}) {
      for (const auto& p : move) {
        const unsigned mask = step["candidates"][p[0].get<std::size_t>()];
        EXPECT_TRUE(mask >> (p[1].get<int>() - 1) & 1U) << step["text"];
      }
    }
  }
  std::vector<int> last = steps.back()["values"];
  for (const auto& p : steps.back()["placements"]) last[p[0].get<std::size_t>()] = p[1];
  EXPECT_EQ(last, data["solution"].get<std::vector<int>>());
}

struct Rgb {
  int r = 0, g = 0, b = 0;
};

// A pixel of a PNG (read with cairo, which the books already use).
class Png {
 public:
  explicit Png(const std::string& path) : surface_(cairo_image_surface_create_from_png(path.c_str())) {}
  ~Png() { cairo_surface_destroy(surface_); }
  Png(const Png&) = delete;
  Png& operator=(const Png&) = delete;
  bool ok() const { return cairo_surface_status(surface_) == CAIRO_STATUS_SUCCESS; }
  Rgb at(int x, int y) const {
    const unsigned char* data = cairo_image_surface_get_data(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    const unsigned char* p = data + y * stride + x * 4;  // ARGB32 / RGB24, little-endian: B G R A
    return {p[2], p[1], p[0]};
  }

 private:
  cairo_surface_t* surface_;
};

TEST(ExplainHtml, ChromiumStepsThroughThePageWithTheKeysAndHighlightsThePattern) {
  if (std::system("command -v chromium > /dev/null 2>&1") != 0) {
    GTEST_SKIP() << "chromium is not installed (scripts/setup installs it): the page is not tried in a browser";
  }
  const std::string dir = testing::TempDir() + "explain_html/";
  std::filesystem::create_directories(dir);
  const std::string page = dir + "page.html";
  ASSERT_EQ(run_command(sudoforge("explain --html " + page + " " + kPuzzle)).exit_code, 0);
  const auto data = page_data(test::read_file(page));
  // The first step whose pattern has cells that are neither placed nor on the way out.
  std::size_t k = 0;
  for (; k < data["steps"].size(); ++k) {
    if (data["steps"][k]["title"].get<std::string>().starts_with("Pointing")) break;
  }
  ASSERT_LT(k, data["steps"].size());
  const auto& step = data["steps"][k];
  // Chromium opens the file and presses the right arrow k times; the page is then at
  // step k (counted from 0), which the screenshot shows.
  const std::string shot = dir + "shot.png";
  std::filesystem::remove(shot);
  const auto browser = run_command("chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars "
                                   "--window-size=1000,520 --screenshot=" + shot + " 'file://" + page + "#keys=" +
                                   std::to_string(k) + "'");
  ASSERT_TRUE(std::filesystem::exists(shot)) << browser.err;
  const Png png(shot);
  ASSERT_TRUE(png.ok());
  const auto corner = [&](int cell) {  // just inside the cell's top-left corner, away from its digits
    return png.at(20 + 1 + (cell % 9) * 48 + 3, 20 + 1 + (cell / 9) * 48 + 3);
  };
  std::vector<bool> marked(81, false);
  for (const auto& c : step["cells"]) marked[c.get<std::size_t>()] = true;
  for (const auto& p : step["placements"]) marked[p[0].get<std::size_t>()] = true;
  int highlighted = 0;
  for (const auto& c : step["cells"]) {
    const int cell = c;
    const Rgb pixel = corner(cell);
    EXPECT_NEAR(pixel.r, 0xff, 12) << "cell " << cell;
    EXPECT_NEAR(pixel.g, 0xd5, 12) << "cell " << cell;
    EXPECT_NEAR(pixel.b, 0x4f, 12) << "cell " << cell;
    ++highlighted;
  }
  EXPECT_GT(highlighted, 0);
  for (int cell = 0; cell < 81; ++cell) {
    if (marked[static_cast<std::size_t>(cell)]) continue;
    const Rgb pixel = corner(cell);
    EXPECT_GT(pixel.r + pixel.g + pixel.b, 3 * 245) << "cell " << cell << " should be white at step " << k;
  }
}

TEST(ExplainHtml, ExportWritesAPageForEveryPuzzleOfTheBook) {
  const std::string db = test::fresh_db("html_export.db");
  ASSERT_EQ(run_command(sudoforge("import -q --db " + db + " " + test::data_path("hardest.txt"))).exit_code, 0);
  const std::string dir = testing::TempDir() + "html_export";
  std::filesystem::remove_all(dir);
  const auto result = run_command(sudoforge("export --limit 3 --html " + dir + " --db " + db));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const char* name : {"puzzle-0001.html", "puzzle-0002.html", "puzzle-0003.html"}) {
    const std::string page = test::read_file(dir + "/" + name);
    EXPECT_NE(page.find("<title>Puzzle "), std::string::npos) << name;
    EXPECT_FALSE(page_data(page)["steps"].empty()) << name;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/puzzle-0004.html"));
}

}  // namespace
}  // namespace sudoforge
