// The HoDoKu module: reads HoDoKu's saved games (hodoku_save.hpp) with libzip and expat.
#include "hodoku_save.hpp"

#include <expat.h>
#include <zip.h>

#include <charconv>
#include <exception>
#include <type_traits>
#include <memory>
#include <stdexcept>
#include <vector>

namespace sudoforge::cli {

namespace {

constexpr zip_uint64_t kMaxEntry = 64U << 20;  // a game is some 60 KB; more is not one

// The bytes of the archive's "SudokuData" entry.
std::string sudoku_data(std::string_view bytes) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (source == nullptr) throw std::runtime_error("cannot read it as a ZIP archive");
  const std::unique_ptr<zip_t, void (*)(zip_t*)> archive(zip_open_from_source(source, ZIP_RDONLY, &error),
                                                         [](zip_t* z) { zip_discard(z); });
  if (!archive) {
    zip_source_free(source);
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw std::runtime_error("not a ZIP archive HoDoKu could have written (" + why + ")");
  }
  zip_error_fini(&error);
  const zip_int64_t index = zip_name_locate(archive.get(), "SudokuData", 0);
  if (index < 0) throw std::runtime_error("no \"SudokuData\" in the ZIP archive");
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat_index(archive.get(), static_cast<zip_uint64_t>(index), 0, &stat) != 0 || (stat.valid & ZIP_STAT_SIZE) == 0) {
    throw std::runtime_error("cannot read its \"SudokuData\": " + std::string(zip_strerror(archive.get())));
  }
  if (stat.size > kMaxEntry) throw std::runtime_error("its \"SudokuData\" is over 64 MiB: not a game");
  const std::unique_ptr<zip_file_t, int (*)(zip_file_t*)> file(
      zip_fopen_index(archive.get(), static_cast<zip_uint64_t>(index), 0), zip_fclose);
  if (!file) throw std::runtime_error("cannot read its \"SudokuData\": " + std::string(zip_strerror(archive.get())));
  std::string data(static_cast<std::size_t>(stat.size), '\0');
  const zip_int64_t got = zip_fread(file.get(), data.data(), stat.size);
  if (got < 0 || static_cast<zip_uint64_t>(got) != stat.size) {
    throw std::runtime_error("cannot read its \"SudokuData\": " + std::string(zip_file_strerror(file.get())));
  }
  return data;
}

// The XMLEncoder text read element by element, keeping what the sudoku says (the
// first object under <java>; later objects, the solution steps and save points, hold
// sudokus of their own and are skipped).
class GameReader {
 public:
  explicit GameReader(HodokuGame& game) : game_(game) {}

  void start(std::string_view name, const XML_Char** attributes) {
    Frame frame{std::string(name), {}, -1};
    for (const XML_Char** a = attributes; *a != nullptr; a += 2) {
      const std::string_view key = a[0];
      if (key == "property") frame.property = a[1];
      if (key == "index") {
        const std::string_view value = a[1];
        int index = -1;
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), index);
        frame.index = error == std::errc{} && end == value.data() + value.size() ? index : -2;  // -2: not a number
      }
      if (key == "class" && frames_.size() == 1 && name == "object" && state_ == State::Before) {
        const std::string_view kind = a[1];
        if (kind == "sudoku.Sudoku2") state_ = State::Inside;
        if (kind == "sudoku.Sudoku") state_ = State::Old;
      }
    }
    frames_.push_back(std::move(frame));
    text_.clear();
  }

  void characters(std::string_view text) { text_ += text; }

  void end() {
    if (state_ == State::Inside && frames_.size() >= 3) leaf(frames_.back().name);
    if (state_ == State::Inside && frames_.size() == 2) state_ = State::After;  // the sudoku's object ends
    frames_.pop_back();
    text_.clear();
  }

  void finish() {
    if (state_ == State::Old) {
      throw std::runtime_error("saved by HoDoKu before version 2.0 (sudoku.Sudoku): open and save it again with a "
                               "newer HoDoKu");
    }
    if (state_ == State::Before) throw std::runtime_error("no sudoku.Sudoku2 object in its \"SudokuData\"");
    for (int cell = 0; cell < 81; ++cell) {
      if (!fixed_[static_cast<std::size_t>(cell)]) continue;
      const int value = values_[static_cast<std::size_t>(cell)];
      if (value < 1 || value > 9) {
        throw std::runtime_error("HoDoKu's given at cell " + std::to_string(cell) + " has no digit 1 to 9");
      }
      game_.givens[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value);
    }
    if (!level_.empty() || score_ >= 0) {
      game_.note = "HoDoKu: " + (level_.empty() ? std::string("unrated") : level_) +
                   (score_ >= 0 ? ", score " + std::to_string(score_) : "");
    }
  }

 private:
  enum class State { Before, Inside, After, Old };
  struct Frame {
    std::string name;
    std::string property;
    int index;  // -1: none
  };

  // A value element of the sudoku ends: frames_[2] is the sudoku's property.
  void leaf(std::string_view element) {
    const std::string& property = frames_[2].property;
    int index = -1;
    for (std::size_t f = 3; f < frames_.size(); ++f) {
      if (frames_[f].index != -1) index = frames_[f].index;
    }
    const bool in_array = property == "fixed" || property == "values";
    if (in_array && (element == "boolean" || element == "int")) {
      if (index < 0 || index >= 81) throw std::runtime_error("HoDoKu's \"" + property + "\" names a cell out of 0 to 80");
      if (property == "fixed") fixed_[static_cast<std::size_t>(index)] = text_ == "true";
      if (property == "values") values_[static_cast<std::size_t>(index)] = number(text_, property);
      return;
    }
    if (property == "score" && element == "int" && frames_.size() == 4) score_ = number(text_, property);
    if (property == "level" && element == "string" && frames_[frames_.size() - 2].property == "name") level_ = text_;
  }

  static int number(const std::string& text, const std::string& property) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) {
      throw std::runtime_error("HoDoKu's \"" + property + "\" holds '" + text + "', not a number");
    }
    return value;
  }

  HodokuGame& game_;
  State state_ = State::Before;
  std::vector<Frame> frames_;
  std::string text_;
  std::array<bool, 81> fixed_{};
  std::array<int, 81> values_{};
  std::string level_;
  int score_ = -1;
};

// expat's callbacks. Exceptions must not cross its C frames: the first is kept,
// parsing stops, and read_hodoku_save rethrows it.
struct Context {
  GameReader* reader;
  XML_Parser parser;
  std::exception_ptr failure;
};

template <typename F>
void guarded(void* data, F&& f) {
  auto* context = static_cast<Context*>(data);
  if (context->failure) return;
  try {
    f(*context->reader);
  } catch (...) {
    context->failure = std::current_exception();
    XML_StopParser(context->parser, XML_FALSE);
  }
}

void on_start(void* data, const XML_Char* name, const XML_Char** attributes) {
  guarded(data, [&](GameReader& reader) { reader.start(name, attributes); });
}
void on_end(void* data, const XML_Char*) {
  guarded(data, [](GameReader& reader) { reader.end(); });
}
void on_text(void* data, const XML_Char* text, int length) {
  guarded(data, [&](GameReader& reader) { reader.characters(std::string_view(text, static_cast<std::size_t>(length))); });
}

HodokuGame read(std::string_view bytes) {
  const std::string xml = sudoku_data(bytes);
  HodokuGame game;
  GameReader reader(game);
  const std::unique_ptr<std::remove_pointer_t<XML_Parser>, void (*)(XML_Parser)> parser(XML_ParserCreate("UTF-8"),
                                                                                       XML_ParserFree);
  if (!parser) throw std::runtime_error("cannot make an XML parser");
  Context context{&reader, parser.get(), nullptr};
  XML_SetUserData(parser.get(), &context);
  XML_SetElementHandler(parser.get(), on_start, on_end);
  XML_SetCharacterDataHandler(parser.get(), on_text);
  const XML_Status status = XML_Parse(parser.get(), xml.data(), static_cast<int>(xml.size()), XML_TRUE);
  if (context.failure) std::rethrow_exception(context.failure);
  if (status != XML_STATUS_OK) {
    throw std::runtime_error("its \"SudokuData\" is no XML: " + std::string(XML_ErrorString(XML_GetErrorCode(parser.get()))) +
                             " at line " + std::to_string(XML_GetCurrentLineNumber(parser.get())));
  }
  reader.finish();
  return game;
}

}  // namespace

}  // namespace sudoforge::cli

extern "C" [[gnu::visibility("default")]] sudoforge::cli::HodokuReader sudoforge_hodoku_reader_1() {
  return sudoforge::cli::read;
}
