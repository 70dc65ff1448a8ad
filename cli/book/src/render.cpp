#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <array>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

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

void font(cairo_t* cr, double size, bool bold) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

// Shrinks the current font until `words` fit in `width`.
void fit(cairo_t* cr, const std::string& words, double width) {
  cairo_text_extents_t extents;
  cairo_text_extents(cr, words.c_str(), &extents);
  if (extents.x_advance <= width) return;
  cairo_matrix_t matrix;
  cairo_get_font_matrix(cr, &matrix);
  cairo_set_font_size(cr, matrix.xx * width / extents.x_advance);
}

// Text with its baseline at y: centred on x, or starting at x.
void text(cairo_t* cr, const std::string& words, double x, double y, bool centred) {
  cairo_text_extents_t extents;
  cairo_text_extents(cr, words.c_str(), &extents);
  cairo_move_to(cr, centred ? x - extents.width / 2 - extents.x_bearing : x, y);
  cairo_show_text(cr, words.c_str());
}

std::string tier_title(grader::Tier tier) {
  switch (tier) {
    case grader::Tier::Singles: return "Singles";
    case grader::Tier::Twins: return "Twins";
    case grader::Tier::Diabolical: return "Diabolical";
  }
  return {};
}

std::string tier_blurb(grader::Tier tier) {
  switch (tier) {
    case grader::Tier::Singles: return "Each needs nothing but naked and hidden singles.";
    case grader::Tier::Twins: return "Each needs naked or hidden twins besides the singles.";
    case grader::Tier::Diabolical: return "Logic runs out: each needs trial and error at some point.";
  }
  return {};
}

// A grid: diagonals shaded (diagonal variant), thin cell lines, thick box borders,
// the givens in bold black and, with a solution, the other digits in grey.
void draw_grid(cairo_t* cr, const Square& square, const engine::Grid& puzzle, const engine::Grid* solution) {
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
      font(cr, cell * (given ? 0.62 : 0.56), given);
      const double grey = given ? 0 : 0.42;
      cairo_set_source_rgb(cr, grey, grey, grey);
      const double baseline = square.y + row * cell + cell * 0.5 + cell * (given ? 0.22 : 0.2);
      text(cr, std::string(1, engine::digit_symbol(digit)), square.x + col * cell + cell / 2, baseline, true);
    }
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
}

std::string label(const BookPuzzle& puzzle) {
  std::string words = std::to_string(puzzle.number) + "   " + grader::tier_name(puzzle.tier).data();
  if (puzzle.tier == grader::Tier::Diabolical) words += " (te " + std::to_string(puzzle.te_depth) + ")";
  return words + " · score " + std::to_string(puzzle.score) + " · id " + std::to_string(puzzle.id);
}

void draw_page(cairo_t* cr, const Page& page, const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  const PageDimensions size = dimensions(options.page);
  const double middle = size.width / 2;
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  switch (page.kind) {
    case Page::Kind::Title: {
      const double width = size.width - size.inner - size.outer;
      font(cr, size.width / 14, true);
      fit(cr, options.title, width);
      text(cr, options.title, middle, size.height * 0.36, true);
      font(cr, size.width / 30, false);
      fit(cr, options.subtitle, width);
      if (!options.subtitle.empty()) text(cr, options.subtitle, middle, size.height * 0.36 + size.width / 12, true);
      font(cr, size.width / 30, false);
      fit(cr, options.author, width);
      if (!options.author.empty()) text(cr, options.author, middle, size.height * 0.55, true);
      std::array<int, 3> tiers{};
      for (const BookPuzzle& puzzle : puzzles) ++tiers[static_cast<std::size_t>(puzzle.tier)];
      font(cr, 11, false);
      const std::string contents = std::to_string(puzzles.size()) + " puzzles: " + std::to_string(tiers[0]) +
                                   " singles, " + std::to_string(tiers[1]) + " twins, " + std::to_string(tiers[2]) +
                                   " diabolical" + (options.answers ? ", with answers" : "");
      text(cr, contents, middle, size.height * 0.70, true);
      font(cr, 9, false);
      text(cr, "made with sudoforge", middle, size.height - size.bottom, true);
      return;  // no page number on the title page
    }
    case Page::Kind::Section: {
      font(cr, 14, false);
      const int part = static_cast<int>(*page.tier) + 1;
      text(cr, "Part " + std::to_string(part), middle, size.height * 0.38, true);
      font(cr, size.width / 16, true);
      text(cr, tier_title(*page.tier), middle, size.height * 0.38 + size.width / 10, true);
      font(cr, 11, false);
      text(cr, tier_blurb(*page.tier), middle, size.height * 0.38 + size.width / 10 + 30, true);
      break;
    }
    case Page::Kind::Puzzles:
      for (const Slot& slot : page.slots) {
        const BookPuzzle& puzzle = puzzles[slot.puzzle];
        font(cr, 9, false);
        text(cr, label(puzzle), slot.grid.x, slot.grid.y - 6, false);
        draw_grid(cr, slot.grid, puzzle.puzzle, nullptr);
      }
      break;
    case Page::Kind::Answers:
      font(cr, 14, true);
      text(cr, "Answers", middle, size.top + 14, true);
      for (const Slot& slot : page.slots) {
        const BookPuzzle& puzzle = puzzles[slot.puzzle];
        font(cr, 8, true);
        text(cr, std::to_string(puzzle.number), slot.grid.x, slot.grid.y - 5, false);
        draw_grid(cr, slot.grid, puzzle.puzzle, &puzzle.solution);
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

void write_pdf(const std::string& path, const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  const PageDimensions size = dimensions(options.page);
  Surface surface(cairo_pdf_surface_create(path.c_str(), size.width, size.height), cairo_surface_destroy);
  check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, options.title.c_str());
  if (!options.author.empty()) cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_AUTHOR, options.author.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "sudoforge");
  // Dates from the data, so the same database and selection give the same bytes.
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, options.date.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE, options.date.c_str());
  Context cr(cairo_create(surface.get()), cairo_destroy);
  for (const Page& page : plan_book(puzzles, options)) {
    draw_page(cr.get(), page, puzzles, options);
    cairo_show_page(cr.get());
  }
  check(cairo_status(cr.get()), "cannot draw '" + path + "'");
  cairo_surface_finish(surface.get());
  check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
}

void write_page_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles,
                       const BookOptions& options, double dpi) {
  make_directory(directory);
  const PageDimensions size = dimensions(options.page);
  const double scale = dpi / 72;
  for (const Page& page : plan_book(puzzles, options)) {
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(size.width * scale),
                                               static_cast<int>(size.height * scale)),
                    cairo_surface_destroy);
    Context cr(cairo_create(surface.get()), cairo_destroy);
    cairo_scale(cr.get(), scale, scale);
    draw_page(cr.get(), page, puzzles, options);
    const std::string path = numbered(directory, "page", page.number, "png");
    check(cairo_surface_write_to_png(surface.get(), path.c_str()), "cannot write '" + path + "'");
  }
}

void write_puzzle_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles, ImageFormat format,
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
      draw_grid(cr.get(), {kMargin, kMargin, kSize}, puzzle.puzzle, answer ? &puzzle.solution : nullptr);
      if (format == ImageFormat::Png) {
        check(cairo_surface_write_to_png(surface.get(), path.c_str()), "cannot write '" + path + "'");
      }
      cairo_surface_finish(surface.get());
      check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
    }
  }
}

}  // namespace sudoforge::book
