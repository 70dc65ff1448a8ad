#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <array>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "sudoforge/book/book.hpp"
#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::book {

namespace {

constexpr const char* kFont = "DejaVu Sans";

using Context = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;
using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

void check(cairo_status_t status, const std::string& what) {
  if (status != CAIRO_STATUS_SUCCESS) throw BookError(what + ": " + cairo_status_to_string(status));
}

// The current font is kept in the cairo context (size and weight, read back when
// text is laid out); text is laid out by Pango, so any script shapes and runs in its
// direction, and a character DejaVu lacks comes from whatever installed font has it
// (fontconfig's fallback: Noto for Chinese, Devanagari, Arabic, emoji).
void font(cairo_t* cr, double size, bool bold) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

double font_size(cairo_t* cr) {
  cairo_matrix_t matrix;
  cairo_get_font_matrix(cr, &matrix);
  return matrix.xx;
}

using Layout = std::unique_ptr<PangoLayout, decltype(&g_object_unref)>;

// `words` laid out in the current font, on one line unless `wrap_width` > 0 (then
// wrapped to it, at most `max_lines` lines, the rest ended with an ellipsis).
Layout layout(cairo_t* cr, const std::string& words, double wrap_width = 0, int max_lines = 1) {
  Layout laid(pango_cairo_create_layout(cr), g_object_unref);
  PangoFontDescription* description = pango_font_description_from_string(kFont);
  const bool bold = cairo_toy_font_face_get_weight(cairo_get_font_face(cr)) == CAIRO_FONT_WEIGHT_BOLD;
  pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(description, font_size(cr) * PANGO_SCALE);
  pango_layout_set_font_description(laid.get(), description);
  pango_font_description_free(description);
  if (wrap_width > 0) {
    pango_layout_set_width(laid.get(), static_cast<int>(wrap_width * PANGO_SCALE));
    pango_layout_set_wrap(laid.get(), PANGO_WRAP_WORD_CHAR);
    pango_layout_set_height(laid.get(), -max_lines);
    pango_layout_set_ellipsize(laid.get(), PANGO_ELLIPSIZE_END);
    pango_layout_set_alignment(laid.get(), PANGO_ALIGN_CENTER);
  }
  pango_layout_set_text(laid.get(), words.c_str(), static_cast<int>(words.size()));
  // A character no installed font has would print as an empty box: refuse, naming it.
  if (pango_layout_get_unknown_glyphs_count(laid.get()) > 0) {
    std::string missing;
    PangoLayoutIter* iter = pango_layout_get_iter(laid.get());
    do {
      const PangoLayoutRun* run = pango_layout_iter_get_run_readonly(iter);
      if (run == nullptr) continue;
      for (int g = 0; g < run->glyphs->num_glyphs; ++g) {
        const PangoGlyph glyph = run->glyphs->glyphs[g].glyph;
        if ((glyph & PANGO_GLYPH_UNKNOWN_FLAG) == 0) continue;
        char code[16];
        std::snprintf(code, sizeof code, "U+%04X", glyph & ~PANGO_GLYPH_UNKNOWN_FLAG);
        if (missing.find(code) == std::string::npos) missing += (missing.empty() ? "" : ", ") + std::string(code);
      }
    } while (pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
    std::size_t cut = std::min<std::size_t>(words.size(), 60);  // a whole UTF-8 character last
    while (cut < words.size() && (static_cast<unsigned char>(words[cut]) & 0xC0) == 0x80) --cut;
    throw BookError("cannot print '" + words.substr(0, cut) + (cut < words.size() ? "..." : "") +
                    "': no installed font has a glyph for " + missing +
                    " (install fonts that cover it, e.g. Debian's fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji)");
  }
  return laid;
}

// Width of `words` in the current font, in points.
double width_of(cairo_t* cr, const std::string& words) {
  int width = 0;
  pango_layout_get_size(layout(cr, words).get(), &width, nullptr);
  return static_cast<double>(width) / PANGO_SCALE;
}

// Shrinks the current font until `words` fit in `width`.
void fit(cairo_t* cr, const std::string& words, double width) {
  const double wide = width_of(cr, words);
  if (wide > width) cairo_set_font_size(cr, font_size(cr) * width / wide);
}

// Text with its (first line's) baseline at y: centred on x, or starting at x.
void draw_layout(cairo_t* cr, PangoLayout* laid, double x, double y, bool centred) {
  int width = 0;
  pango_layout_get_size(laid, &width, nullptr);
  const double baseline = static_cast<double>(pango_layout_get_baseline(laid)) / PANGO_SCALE;
  const double wrap = pango_layout_get_width(laid) > 0 ? static_cast<double>(pango_layout_get_width(laid)) / PANGO_SCALE : -1;
  const double left = wrap > 0 ? x - wrap / 2 : (centred ? x - static_cast<double>(width) / PANGO_SCALE / 2 : x);
  cairo_move_to(cr, left, y - baseline);
  pango_cairo_show_layout(cr, laid);
}

void text(cairo_t* cr, const std::string& words, double x, double y, bool centred) {
  draw_layout(cr, layout(cr, words).get(), x, y, centred);
}

// A title, subtitle or author line: shrunk to fit down to 60% of its size, then
// wrapped onto at most `max_lines` lines and cut with an ellipsis, never shrunk to
// nothing (a 10,000-character title stays readable).
void heading(cairo_t* cr, const std::string& words, double x, double y, double width, int max_lines) {
  if (words.empty()) return;
  const double size = font_size(cr);
  fit(cr, words, width);
  if (font_size(cr) < size * 0.6) cairo_set_font_size(cr, size * 0.6);
  draw_layout(cr, layout(cr, words, width, max_lines).get(), x, y, true);
}

// A section's title and the lines that say what its puzzles need. Each holds for
// every puzzle of the section: a level is a range of ratings (grader::level_cuts),
// and the lines name every technique whose rating can fall in that range.
struct SectionText {
  std::string title;
  std::vector<std::string> lines;
};

SectionText section_text(int section, Sections sections) {
  if (sections == Sections::Tier) {
    switch (static_cast<grader::Tier>(section)) {
      case grader::Tier::Singles: return {"Singles", {"Each needs nothing but naked and hidden singles."}};
      case grader::Tier::Twins: return {"Twins", {"Each needs naked or hidden twins besides the singles."}};
      case grader::Tier::Diabolical:
        return {"Diabolical", {"Singles and twins are not enough: each needs a technique beyond them",
                               "(locked candidates, fish, wings, chains ...) at some point."}};
    }
    return {};
  }
  const auto cuts = grader::level_cuts();  // least rating of medium, hard, fiendish, extreme
  const auto least = [&](grader::Level level) { return cuts[static_cast<std::size_t>(level) - 1]; };
  const auto from = [&](grader::Level level) { return grader::rating_text(least(level)); };
  const auto below = [&](grader::Level level) { return grader::rating_text(least(level) - 1); };
  using L = grader::Level;
  switch (static_cast<grader::Level>(section)) {
    case grader::Level::Easy:
      return {"Easy", {"Singles solve each: a cell with one candidate left,",
                       "or a digit with one place left in a row, column or box."}};
    case grader::Level::Medium:
      return {"Medium", {"Beyond singles: locked candidates, pairs and triples, X-wings, swordfish.",
                         "No step rates above " + below(L::Hard) + "."}};
    case grader::Level::Hard:
      return {"Hard", {"Wings, unique rectangles, quads, jellyfish, BUG+1, finned X-wings,",
                       "skyscrapers, kites and short one-digit chains: steps rated " + from(L::Hard) + " to " + below(L::Fiendish) + "."}};
    case grader::Level::Fiendish:
      return {"Fiendish", {"Chains: one digit's, or of cells and units alternating; finned fish.",
                           "The hardest step rates " + from(L::Fiendish) + " to " + below(L::Extreme) + "."}};
    case grader::Level::Extreme:
      return {"Extreme", {"Long chains and forcing chains: an assumption followed until it",
                          "contradicts itself, or every case leads to the same result. " + from(L::Extreme) + " and up."}};
  }
  return {};
}

// A grid: diagonals shaded (diagonal variant), thin cell lines, thick box borders,
// the givens in bold black and, with a solution, the other digits in grey.
void draw_grid(cairo_t* cr, const Square& square, const engine::Grid& puzzle, const engine::Grid* solution, Symbols symbols) {
  const engine::Geometry& geometry = puzzle.geometry();
  const int n = geometry.size();
  const double cell = square.size / n;
  if (geometry.variant() == engine::Variant::Diagonal) {
    cairo_set_source_rgb(cr, 0.87, 0.87, 0.87);
    for (int i = 0; i < n; ++i) {
      cairo_rectangle(cr, square.x + i * cell, square.y + i * cell, cell, cell);
      cairo_rectangle(cr, square.x + (n - 1 - i) * cell, square.y + i * cell, cell, cell);
    }
    cairo_fill(cr);
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
  const double thin = std::max(0.35, square.size / 600);
  const double thick = std::max(1.2, square.size / 110);
  for (int pass = 0; pass < 2; ++pass) {  // thin lines first, borders over them
    for (int k = 0; k <= n; ++k) {
      const bool vertical_border = k % geometry.box_cols() == 0;
      const bool horizontal_border = k % geometry.box_rows() == 0;
      if ((pass == 1) == vertical_border) {
        cairo_set_line_width(cr, pass == 1 ? thick : thin);
        cairo_move_to(cr, square.x + k * cell, square.y);
        cairo_line_to(cr, square.x + k * cell, square.y + square.size);
        cairo_stroke(cr);
      }
      if ((pass == 1) == horizontal_border) {
        cairo_set_line_width(cr, pass == 1 ? thick : thin);
        cairo_move_to(cr, square.x, square.y + k * cell);
        cairo_line_to(cr, square.x + square.size, square.y + k * cell);
        cairo_stroke(cr);
      }
    }
  }
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const engine::Cell at = geometry.cell(row, col);
      const bool given = puzzle[at] != 0;
      const engine::Digit digit = given ? puzzle[at] : solution != nullptr ? (*solution)[at] : 0;
      if (digit == 0) continue;
      const std::string symbol = symbol_text(digit, n, symbols);
      const double shrink = symbol.size() > 1 ? 0.78 : 1.0;  // two figures share a cell
      font(cr, cell * (given ? 0.62 : 0.56) * shrink, given);
      const double grey = given ? 0 : 0.42;
      cairo_set_source_rgb(cr, grey, grey, grey);
      const double baseline = square.y + row * cell + cell * 0.5 + cell * (given ? 0.22 : 0.2) * shrink;
      text(cr, symbol, square.x + col * cell + cell / 2, baseline, true);
    }
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
}

// How to play, for the puzzles' shape: the units, the symbols, the diagonals.
std::vector<std::string> rules_text(const engine::Geometry& geometry, Symbols printed) {
  const int n = geometry.size();
  std::string symbols = "the numbers 1 to " + std::to_string(n);
  if (n <= 9) symbols = "the digits 1 to " + std::to_string(n);
  if (n > 9 && printed == Symbols::Hex) symbols = "the digits 0 to 9 and the letters A to " + symbol_text(n, n, printed);
  if (n > 9 && printed == Symbols::Letters) symbols = "the letters A to " + symbol_text(n, n, printed);
  std::vector<std::string> lines = {
      "Fill in the grid so that every row, every column and every",
      "box of " + std::to_string(geometry.box_rows()) + " by " + std::to_string(geometry.box_cols()) +
          " cells (the thick lines) holds " + symbols + ",",
      "each exactly once."};
  if (geometry.variant() == engine::Variant::Diagonal) {
    lines.emplace_back("");
    lines.emplace_back("X-Sudoku: the two long diagonals (shaded) must also hold each once.");
  }
  lines.emplace_back("");
  lines.emplace_back("Every puzzle has exactly one solution. For the harder ones, pencil in");
  lines.emplace_back("the digits each empty cell can still take, and strike them as you go.");
  return lines;
}

void draw_page(cairo_t* cr, const Page& page, const std::vector<Page>& pages_of_book, const std::vector<BookPuzzle>& puzzles,
               const BookOptions& options) {
  const PageDimensions size = dimensions(options.page);
  const double middle = size.width / 2;
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  switch (page.kind) {
    case Page::Kind::Title: {
      const double width = size.width - size.inner - size.outer;
      font(cr, size.width / 14, true);
      heading(cr, options.title, middle, size.height * 0.30, width, 3);
      font(cr, size.width / 30, false);
      heading(cr, options.subtitle, middle, size.height * 0.30 + size.width / 5, width, 2);
      font(cr, size.width / 30, false);
      heading(cr, options.author, middle, size.height * 0.55, width, 2);
      std::array<int, grader::kLevelCount> parts{};
      for (const BookPuzzle& puzzle : puzzles) ++parts[static_cast<std::size_t>(section_of(puzzle, options.sections))];
      font(cr, 11, false);
      std::string contents;
      const int kinds = options.sections == Sections::Level ? grader::kLevelCount : 3;
      for (int k = 0; k < kinds; ++k) {
        if (parts[static_cast<std::size_t>(k)] == 0) continue;
        contents += (contents.empty() ? "" : ", ") + count_text(parts[static_cast<std::size_t>(k)], k, options.sections);
      }
      if (options.answers) contents += ", with answers";
      fit(cr, contents, width);
      text(cr, contents, middle, size.height * 0.70, true);
      if (options.credit) {
        font(cr, 9, false);
        text(cr, "made with sudoforge", middle, size.height - size.bottom, true);
      }
      return;  // no page number on the title page
    }
    case Page::Kind::Rules: {
      font(cr, 18, true);
      text(cr, "How to play", middle, size.height * 0.30, true);
      font(cr, 11, false);
      double y = size.height * 0.30 + 40;
      const engine::Geometry geometry = puzzles.empty() ? engine::Geometry{} : puzzles.front().puzzle.geometry();
      for (const std::string& line : rules_text(geometry, options.symbols)) {
        fit(cr, line, size.width - size.inner - size.outer);
        text(cr, line, middle, y, true);
        y += 16;
      }
      break;
    }
    case Page::Kind::Blank:
      return;  // the back of the title page: nothing, not even a number
    case Page::Kind::Section: {
      // Parts numbered in book order.
      int part = 0;
      for (const Page& other : pages_of_book) part += other.kind == Page::Kind::Section && other.number <= page.number;
      const SectionText words = section_text(*page.section, options.sections);
      font(cr, 14, false);
      text(cr, "Part " + std::to_string(part), middle, size.height * 0.38, true);
      font(cr, size.width / 16, true);
      text(cr, words.title, middle, size.height * 0.38 + size.width / 10, true);
      font(cr, 11, false);
      double y = size.height * 0.38 + size.width / 10 + 30;
      for (const std::string& line : words.lines) {
        fit(cr, line, size.width - size.inner - size.outer);
        text(cr, line, middle, y, true);
        y += 15;
      }
      break;
    }
    case Page::Kind::Puzzles:
      for (const Slot& slot : page.slots) {
        const BookPuzzle& puzzle = puzzles[slot.puzzle];
        font(cr, 9, false);
        text(cr, label_of(puzzle, options.labels), slot.grid.x, slot.grid.y - 6, false);
        draw_grid(cr, slot.grid, puzzle.puzzle, nullptr, options.symbols);
      }
      break;
    case Page::Kind::Answers:
      font(cr, 14, true);
      text(cr, "Answers", middle, size.top + 14, true);
      for (const Slot& slot : page.slots) {
        const BookPuzzle& puzzle = puzzles[slot.puzzle];
        font(cr, 8, true);
        text(cr, std::to_string(puzzle.number), slot.grid.x, slot.grid.y - 5, false);
        draw_grid(cr, slot.grid, puzzle.puzzle, &puzzle.solution, options.symbols);
      }
      break;
  }
  font(cr, 9, false);
  text(cr, std::to_string(page.number), middle, size.height - size.bottom / 2, true);
}

std::string numbered(const std::string& directory, const char* stem, int number, const char* extension) {
  char name[64];
  std::snprintf(name, sizeof name, "%s-%04d.%s", stem, number, extension);
  return (std::filesystem::path(directory) / name).string();
}

void make_directory(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) throw BookError("cannot create directory '" + directory + "': " + error.message());
}

}  // namespace

void write_pdf(const std::function<void(std::string_view)>& write, const std::string& name,
               const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  const PageDimensions size = dimensions(options.page);
  // cairo is C: what `write` throws is kept here and rethrown once cairo is done.
  struct Sink {
    const std::function<void(std::string_view)>* write;
    std::exception_ptr failure;
  } sink{&write, nullptr};
  const cairo_write_func_t to_sink = [](void* closure, const unsigned char* data, unsigned int length) {
    auto* s = static_cast<Sink*>(closure);
    if (s->failure) return CAIRO_STATUS_WRITE_ERROR;
    try {
      (*s->write)(std::string_view(reinterpret_cast<const char*>(data), length));
      return CAIRO_STATUS_SUCCESS;
    } catch (...) {
      s->failure = std::current_exception();
      return CAIRO_STATUS_WRITE_ERROR;
    }
  };
  const std::string path = name;  // for the messages below
  Surface surface(cairo_pdf_surface_create_for_stream(to_sink, &sink, size.width, size.height), cairo_surface_destroy);
  check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, options.title.c_str());
  if (!options.author.empty()) cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_AUTHOR, options.author.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "sudoforge");
  // Dates from the data, so the same database and selection give the same bytes.
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, options.date.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE, options.date.c_str());
  Context cr(cairo_create(surface.get()), cairo_destroy);
  const std::vector<Page> pages = plan_book(puzzles, options);
  for (const Page& page : pages) {
    draw_page(cr.get(), page, pages, puzzles, options);
    cairo_show_page(cr.get());
  }
  if (sink.failure) std::rethrow_exception(sink.failure);
  check(cairo_status(cr.get()), "cannot draw '" + path + "'");
  cr.reset();
  cairo_surface_finish(surface.get());
  if (sink.failure) std::rethrow_exception(sink.failure);
  check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
}

void write_page_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles,
                       const BookOptions& options, double dpi) {
  make_directory(directory);
  const PageDimensions size = dimensions(options.page);
  const double scale = dpi / 72;
  const std::vector<Page> pages = plan_book(puzzles, options);
  for (const Page& page : pages) {
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(size.width * scale),
                                               static_cast<int>(size.height * scale)),
                    cairo_surface_destroy);
    Context cr(cairo_create(surface.get()), cairo_destroy);
    cairo_scale(cr.get(), scale, scale);
    draw_page(cr.get(), page, pages, puzzles, options);
    const std::string path = numbered(directory, "page", page.number, "png");
    check(cairo_surface_write_to_png(surface.get(), path.c_str()), "cannot write '" + path + "'");
  }
}

void write_puzzle_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles, Symbols symbols, ImageFormat format,
                         bool solutions) {
  make_directory(directory);
  constexpr double kSize = 300;   // points; PNGs at twice that in pixels
  constexpr double kMargin = 6;
  for (const BookPuzzle& puzzle : puzzles) {
    for (int answer = 0; answer < (solutions ? 2 : 1); ++answer) {
      const char* stem = answer ? "solution" : "puzzle";
      const std::string path = numbered(directory, stem, puzzle.number, format == ImageFormat::Svg ? "svg" : "png");
      Surface surface(format == ImageFormat::Svg
                          ? cairo_svg_surface_create(path.c_str(), kSize + 2 * kMargin, kSize + 2 * kMargin)
                          : cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(2 * (kSize + 2 * kMargin)),
                                                       static_cast<int>(2 * (kSize + 2 * kMargin))),
                      cairo_surface_destroy);
      check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
      Context cr(cairo_create(surface.get()), cairo_destroy);
      if (format == ImageFormat::Png) cairo_scale(cr.get(), 2, 2);
      cairo_set_source_rgb(cr.get(), 1, 1, 1);
      cairo_paint(cr.get());
      draw_grid(cr.get(), {kMargin, kMargin, kSize}, puzzle.puzzle, answer ? &puzzle.solution : nullptr, symbols);
      if (format == ImageFormat::Png) {
        check(cairo_surface_write_to_png(surface.get(), path.c_str()), "cannot write '" + path + "'");
      }
      cairo_surface_finish(surface.get());
      check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
    }
  }
}

}  // namespace sudoforge::book
