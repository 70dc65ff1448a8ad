// The cairo module: draws the book's canvases (canvas.hpp) into PDF, PNG and SVG.
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "sudoforge/book/canvas.hpp"

namespace sudoforge::book {

namespace {

constexpr const char* kFont = "DejaVu Sans";

using Context = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;
using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

// Why a canvas cannot be drawn, carried out of the drawing to the module's edge.
class Failure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void check(cairo_status_t status, const std::string& what) {
  if (status != CAIRO_STATUS_SUCCESS) throw Failure(what + ": " + cairo_status_to_string(status));
}

// The pen's font is kept in the cairo context (size and weight, read back when text
// is laid out); text is laid out by Pango, so any script shapes and runs in its
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
    throw Failure("cannot print '" + words.substr(0, cut) + (cut < words.size() ? "..." : "") +
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

void text(cairo_t* cr, const Text& run) {
  if (run.fit > 0) {
    const double size = font_size(cr);
    const double wide = width_of(cr, run.words);
    if (wide > run.fit) cairo_set_font_size(cr, size * run.fit / wide);
    if (run.least > 0 && font_size(cr) < size * run.least) cairo_set_font_size(cr, size * run.least);
  }
  draw_layout(cr, layout(cr, run.words, run.lines > 0 ? run.fit : 0, std::max(run.lines, 1)).get(), run.x, run.y, run.centred);
}

void draw(cairo_t* cr, const Canvas& canvas) {
  font(cr, 10, false);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
  for (const Mark& mark : canvas.marks) {
    std::visit(
        [&](const auto& m) {
          using M = std::decay_t<decltype(m)>;
          if constexpr (std::is_same_v<M, Grey>) {
            cairo_set_source_rgb(cr, m.level, m.level, m.level);
          } else if constexpr (std::is_same_v<M, Font>) {
            font(cr, m.size, m.bold);
          } else if constexpr (std::is_same_v<M, Paint>) {
            cairo_paint(cr);
          } else if constexpr (std::is_same_v<M, Fill>) {
            for (const Fill::Rect& r : m.rects) cairo_rectangle(cr, r.x, r.y, r.width, r.height);
            cairo_fill(cr);
          } else if constexpr (std::is_same_v<M, Line>) {
            cairo_set_line_width(cr, m.width);
            cairo_move_to(cr, m.x1, m.y1);
            cairo_line_to(cr, m.x2, m.y2);
            cairo_stroke(cr);
          } else {
            text(cr, m);
          }
        },
        mark);
  }
}

// What the module's functions return: "" or why they failed.
template <typename F>
std::string failure_of(F&& f) {
  try {
    f();
    return {};
  } catch (const Failure& failure) {
    return failure.what();
  }
}

std::string pdf(const std::vector<Canvas>& pages, const PdfInfo& info, const std::function<void(std::string_view)>& write,
                const std::string& name) {
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
  const double width = pages.empty() ? 0 : pages.front().width;
  const double height = pages.empty() ? 0 : pages.front().height;
  std::string failed = failure_of([&] {
    Surface surface(cairo_pdf_surface_create_for_stream(to_sink, &sink, width, height), cairo_surface_destroy);
    check(cairo_surface_status(surface.get()), "cannot write '" + name + "'");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, info.title.c_str());
    if (!info.author.empty()) cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_AUTHOR, info.author.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, info.creator.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, info.date.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE, info.date.c_str());
    Context cr(cairo_create(surface.get()), cairo_destroy);
    for (const Canvas& page : pages) {
      if (page.width != width || page.height != height) cairo_pdf_surface_set_size(surface.get(), page.width, page.height);
      draw(cr.get(), page);
      cairo_show_page(cr.get());
    }
    if (sink.failure) return;
    check(cairo_status(cr.get()), "cannot draw '" + name + "'");
    cr.reset();
    cairo_surface_finish(surface.get());
    if (sink.failure) return;
    check(cairo_surface_status(surface.get()), "cannot write '" + name + "'");
  });
  if (sink.failure) std::rethrow_exception(sink.failure);
  return failed;
}

std::string png(const Canvas& canvas, double scale, const std::string& path) {
  return failure_of([&] {
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(canvas.width * scale),
                                               static_cast<int>(canvas.height * scale)),
                    cairo_surface_destroy);
    check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
    Context cr(cairo_create(surface.get()), cairo_destroy);
    cairo_scale(cr.get(), scale, scale);
    draw(cr.get(), canvas);
    check(cairo_status(cr.get()), "cannot draw '" + path + "'");
    check(cairo_surface_write_to_png(surface.get(), path.c_str()), "cannot write '" + path + "'");
  });
}

std::string svg(const Canvas& canvas, const std::string& path) {
  return failure_of([&] {
    Surface surface(cairo_svg_surface_create(path.c_str(), canvas.width, canvas.height), cairo_surface_destroy);
    check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
    Context cr(cairo_create(surface.get()), cairo_destroy);
    draw(cr.get(), canvas);
    check(cairo_status(cr.get()), "cannot draw '" + path + "'");
    cr.reset();
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), "cannot write '" + path + "'");
  });
}

constexpr CanvasPrinter kPrinter{pdf, png, svg};

}  // namespace

}  // namespace sudoforge::book

extern "C" [[gnu::visibility("default")]] const sudoforge::book::CanvasPrinter* sudoforge_canvas_printer_1() {
  return &sudoforge::book::kPrinter;
}
