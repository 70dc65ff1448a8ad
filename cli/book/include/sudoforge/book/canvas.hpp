#pragma once
// What a printed page or picture is made of, as plain data: the marks a pen makes in
// order, in points from the top-left corner. The book's code composes them (which text,
// which lines, where: compose.cpp, tested without cairo); the cairo module
// (cli/cairo, loaded only when a book or an image is written) draws them. This
// header is all that module knows of sudoforge.

#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace sudoforge::book {

// The pen's grey from here on, for paint, fills, lines and text (0 black, 1 white).
struct Grey {
  double level = 0;
};
// The pen's font from here on: DejaVu Sans, at `size` points (Pango sets the text, so
// any script shapes, and a character DejaVu lacks comes from an installed font that has it).
struct Font {
  double size = 10;
  bool bold = false;
};
// The whole canvas painted.
struct Paint {};
// Rectangles filled together, as one path.
struct Fill {
  struct Rect {
    double x, y, width, height;
  };
  std::vector<Rect> rects;
};
// A straight line, with square ends.
struct Line {
  double width;
  double x1, y1, x2, y2;
};
// Text with its (first line's) baseline at y, centred on x or starting at x. With
// `fit` > 0 the pen's font shrinks first until the text fits that width (and stays so
// for what follows), to no less than `least` times its size where `least` > 0; with
// `lines` > 0 it is then wrapped to `fit` on at most that many centred lines, the
// rest cut with an ellipsis.
struct Text {
  std::string words;
  double x = 0;
  double y = 0;
  bool centred = true;
  double fit = 0;
  double least = 0;
  int lines = 0;
};
using Mark = std::variant<Grey, Font, Paint, Fill, Line, Text>;

// A page or a picture: its size in points and its marks, drawn with a black pen, the
// font 10-point DejaVu Sans, until marks change them.
struct Canvas {
  double width = 0;
  double height = 0;
  std::vector<Mark> marks;
};

// A PDF's document information.
struct PdfInfo {
  std::string title;
  std::string author;  // left out when empty
  std::string creator;
  std::string date;  // creation and change date, "YYYY-MM-DDTHH:MM:SS"
};

// What the cairo module does. Each returns an empty string or why it failed, in
// words for a person ("cannot write 'x.png': ..."; `name` or `path` names the file);
// pdf() rethrows what `write` throws, once cairo is done.
struct CanvasPrinter {
  // The pages as a PDF, its bytes handed to `write` as they are made.
  std::string (*pdf)(const std::vector<Canvas>& pages, const PdfInfo& info,
                     const std::function<void(std::string_view)>& write, const std::string& name);
  // A canvas as a PNG of `scale` pixels a point.
  std::string (*png)(const Canvas& canvas, double scale, const std::string& path);
  // A canvas as an SVG.
  std::string (*svg)(const Canvas& canvas, const std::string& path);
};

// The module's file and the function in it that returns its CanvasPrinter (of this
// header's version: a module built from another answers to another name).
inline constexpr const char* kCanvasModule = "sudoforge-cairo";
inline constexpr const char* kCanvasPrinterSymbol = "sudoforge_canvas_printer_1";

}  // namespace sudoforge::book
