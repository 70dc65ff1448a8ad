// Books and images written: composed here (compose.cpp), drawn by the cairo module.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "sudoforge/book/book.hpp"
#include "sudoforge/book/canvas.hpp"
#include "sudoforge/book/compose.hpp"
#include "sudoforge/module/module.hpp"

namespace sudoforge::book {

namespace {

// The cairo module's printer, loaded when first asked for.
const CanvasPrinter& printer() {
  try {
    return *module::entry<const CanvasPrinter*>(kCanvasModule, kCanvasPrinterSymbol);
  } catch (const module::ModuleError& error) {
    throw BookError(std::string("cannot print: ") + error.what());
  }
}

void check(const std::string& failure) {
  if (!failure.empty()) throw BookError(failure);
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

void load_printer() { printer(); }

void write_pdf(const std::function<void(std::string_view)>& write, const std::string& name,
               const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  const CanvasPrinter& print = printer();
  const std::vector<Page> pages = plan_book(puzzles, options);
  std::vector<Canvas> canvases;
  canvases.reserve(pages.size());
  for (const Page& page : pages) canvases.push_back(compose_page(page, pages, puzzles, options));
  // Dates from the data, so the same database and selection give the same bytes.
  const PdfInfo info{options.title, options.author, "sudoforge", options.date};
  check(print.pdf(canvases, info, write, name));
}

void write_page_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles,
                       const BookOptions& options, double dpi) {
  const CanvasPrinter& print = printer();
  make_directory(directory);
  const std::vector<Page> pages = plan_book(puzzles, options);
  for (const Page& page : pages) {
    check(print.png(compose_page(page, pages, puzzles, options), dpi / 72, numbered(directory, "page", page.number, "png")));
  }
}

void write_puzzle_images(const std::string& directory, const std::vector<BookPuzzle>& puzzles, Symbols symbols, ImageFormat format,
                         bool solutions) {
  const CanvasPrinter& print = printer();
  make_directory(directory);
  for (const BookPuzzle& puzzle : puzzles) {
    for (int answer = 0; answer < (solutions ? 2 : 1); ++answer) {
      const char* stem = answer != 0 ? "solution" : "puzzle";
      const Canvas canvas = compose_picture(puzzle, answer != 0, symbols);
      if (format == ImageFormat::Svg) {
        check(print.svg(canvas, numbered(directory, stem, puzzle.number, "svg")));
      } else {
        check(print.png(canvas, 2, numbered(directory, stem, puzzle.number, "png")));  // twice the points in pixels
      }
    }
  }
}

}  // namespace sudoforge::book
