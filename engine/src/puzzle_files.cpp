#include "puzzle_files.hpp"

#include "sudoforge/engine/text_format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace sudoforge::engine::files {

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// The value of attribute `name` of the element starting at `from`, up to its end;
// `at` gets where the value starts.
std::optional<std::string> attribute(std::string_view element, std::string_view name, std::size_t& at) {
  for (std::size_t from = 0; (from = element.find(name, from)) != std::string_view::npos; from += name.size()) {
    const bool starts = from == 0 || element[from - 1] == ' ' || element[from - 1] == '\t';
    std::size_t i = from + name.size();
    while (i < element.size() && element[i] == ' ') ++i;
    if (!starts || i >= element.size() || element[i] != '=') continue;
    ++i;
    while (i < element.size() && element[i] == ' ') ++i;
    if (i >= element.size() || (element[i] != '"' && element[i] != '\'')) continue;
    const char quote = element[i];
    const std::size_t end = element.find(quote, i + 1);
    if (end == std::string_view::npos) return std::nullopt;
    at = i + 1;
    std::string value(element.substr(i + 1, end - i - 1));
    // The five entities XML always has.
    static constexpr std::pair<std::string_view, char> kEntities[] = {
        {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
    for (const auto& [entity, c] : kEntities) {
      for (std::size_t p = 0; (p = value.find(entity, p)) != std::string::npos; ++p) value.replace(p, entity.size(), 1, c);
    }
    return value;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string_view> kennett_title(std::string_view content) {
  if (!content.starts_with('%')) return std::nullopt;
  return trim(content.substr(1));
}

std::optional<std::string> sdk_header(std::string_view content) {
  if (content.size() < 2 || content[0] != '#') return std::nullopt;
  const std::string_view value = trim(content.substr(2));
  switch (content[1]) {
    case 'A': return "author: " + std::string(value);
    case 'D': return "description: " + std::string(value);
    case 'C': return "comment: " + std::string(value);
    case 'B': return "date: " + std::string(value);
    case 'S': return "source: " + std::string(value);
    case 'L': return "level: " + std::string(value);
    case 'U': return "link: " + std::string(value);
    default: return std::nullopt;
  }
}

std::optional<std::string_view> sdk_section(std::string_view content) {
  if (content.size() < 3 || content.front() != '[' || content.back() != ']') return std::nullopt;
  const std::string_view name = content.substr(1, content.size() - 2);
  for (const char c : name) {
    if (std::isalpha(static_cast<unsigned char>(c)) == 0) return std::nullopt;
  }
  return name;
}

std::vector<XmlGame> opensudoku_games(std::string_view line) {
  std::vector<XmlGame> games;
  for (std::size_t from = 0; (from = line.find("<game", from)) != std::string_view::npos;) {
    const std::size_t after = from + 5;
    if (after < line.size() && line[after] != ' ' && line[after] != '\t' && line[after] != '/' && line[after] != '>') {
      from = after;  // <games> and the like
      continue;
    }
    const std::size_t end = line.find('>', after);
    const std::string_view element = line.substr(after, end == std::string_view::npos ? std::string_view::npos : end - after);
    std::size_t at = 0;
    if (auto data = attribute(element, "data", at)) {
      XmlGame game{std::move(*data), {}, after + at};
      std::size_t ignored = 0;
      if (auto note = attribute(element, "note", ignored)) game.note = std::move(*note);
      games.push_back(std::move(game));
    }
    from = end == std::string_view::npos ? line.size() : end;
  }
  return games;
}

bool is_markup(std::string_view content) { return content.starts_with('<'); }

std::optional<HodokuLine> hodoku_line(std::string_view content) {
  if (!content.starts_with(':')) return std::nullopt;
  // The fields between colons: technique, candidates, givens, and the rest.
  std::size_t starts[3] = {1, 0, 0};
  for (int f = 1; f < 3; ++f) {
    const std::size_t colon = content.find(':', starts[f - 1]);
    if (colon == std::string_view::npos) {
      HodokuLine line;
      line.error = "a line of HoDoKu's library format without its givens (:technique:candidates:givens:...)";
      return line;
    }
    starts[f] = colon + 1;
  }
  const std::size_t givens_end = std::min(content.find(':', starts[2]), content.size());
  HodokuLine line;
  line.note = std::string(content.substr(0, starts[2])) + std::string(content.substr(givens_end));
  for (std::size_t i = starts[2]; i < givens_end; ++i) {
    const char c = content[i];
    const bool placed = c == '+';
    const char symbol = placed && i + 1 < givens_end ? content[i + 1] : c;
    if (!(symbol == '.' || symbol == '0' || (symbol >= '1' && symbol <= '9')) || (placed && (symbol == '.' || symbol == '0'))) {
      const std::size_t at = placed ? i + 1 : i;
      line.error = at < givens_end ? "bad character '" + std::string(1, content[at]) + "' at column " + std::to_string(at + 1) +
                                         " in HoDoKu's givens"
                                   : "a '+' at the end of HoDoKu's givens (column " + std::to_string(i + 1) + ")";
      line.cells.clear();
      return line;
    }
    line.cells += placed ? '.' : symbol;  // a '+' digit was placed by the solver: not a given
    if (placed) ++i;
  }
  if (line.cells.size() != 81) {
    line.error = "HoDoKu's givens hold " + std::to_string(line.cells.size()) + " cells, not 81";
    line.cells.clear();
  }
  return line;
}

bool looks_like_tatham_id(std::string_view content) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t start = i;
    while (i < content.size() && std::isdigit(static_cast<unsigned char>(content[i])) != 0) ++i;
    return i > start;
  };
  if (!digits() || i >= content.size() || content[i] != 'x') return false;
  ++i;
  if (!digits()) return false;
  while (i < content.size() && std::islower(static_cast<unsigned char>(content[i])) != 0) ++i;
  return i < content.size() && content[i] == ':';
}

std::optional<TathamId> parse_tatham_id(std::string_view content, std::string& error) {
  TathamId id;
  const std::size_t colon = content.find(':');
  const std::string_view params = content.substr(0, colon);
  std::string_view description = trim(content.substr(colon + 1));
  const std::size_t x = params.find('x');
  std::from_chars(params.data(), params.data() + x, id.box_rows);
  std::size_t i = x + 1;
  while (i < params.size() && std::isdigit(static_cast<unsigned char>(params[i])) != 0) ++i;
  std::from_chars(params.data() + x + 1, params.data() + i, id.box_cols);
  // After the shape: 'x' the diagonal variant; symmetry and difficulty letters only
  // matter to making; jigsaw ('j') and killer ('k') are other puzzles.
  for (; i < params.size(); ++i) {
    const char c = params[i];
    if (c == 'x') {
      id.diagonal = true;
    } else if (c == 'j' || c == 'k') {
      error = std::string("a Tatham game ID of ") + (c == 'j' ? "jigsaw" : "killer") + " Sudoku, which sudoforge does not read";
      return std::nullopt;
    }
    // Any other letter or digit: symmetry ("a2", "m4") or difficulty ("du"): ignored.
  }
  // (Each side bounded before the product, which could overflow: "6x1111111111".)
  if (id.box_rows < 1 || id.box_cols < 1 || id.box_rows > 16 || id.box_cols > 16 || id.box_rows * id.box_cols > 16) {
    error = "a Tatham game ID with boxes of " + std::string(params.substr(0, i)) + ", beyond the 16x16 supported";
    return std::nullopt;
  }
  if (const auto comma = description.find(','); comma != std::string_view::npos) description = description.substr(0, comma);
  const int size = id.box_rows * id.box_cols;
  for (std::size_t k = 0; k < description.size();) {
    const char c = description[k];
    if (c >= 'a' && c <= 'z') {
      id.cells.insert(id.cells.end(), static_cast<std::size_t>(c - 'a' + 1), 0);
      ++k;
    } else if (c == '_') {
      ++k;
    } else if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      int value = 0;
      const auto [end, ec] = std::from_chars(description.data() + k, description.data() + description.size(), value);
      if (ec != std::errc{} || value < 1 || value > size) {
        error = "given " + std::string(description.substr(k, static_cast<std::size_t>(end - description.data()) - k)) +
                " is out of range for boxes of " + std::to_string(id.box_rows) + "x" + std::to_string(id.box_cols);
        return std::nullopt;
      }
      id.cells.push_back(value);
      k = static_cast<std::size_t>(end - description.data());
    } else {
      error = std::string("bad character '") + c + "' in a Tatham game ID";
      return std::nullopt;
    }
  }
  if (id.cells.size() != static_cast<std::size_t>(size * size)) {
    error = "a Tatham game ID of " + std::to_string(id.cells.size()) + " cells, expected " + std::to_string(size * size) +
            " for boxes of " + std::to_string(id.box_rows) + "x" + std::to_string(id.box_cols);
    return std::nullopt;
  }
  return id;
}

}  // namespace sudoforge::engine::files

namespace sudoforge::engine {

std::string to_simple_sudoku(const Grid& grid) {
  const Geometry& g = grid.geometry();
  const std::string line = to_line(grid);
  const int n = g.size();
  // A rule as wide as a row: '-' under each cell, '+' where a box border crosses.
  std::string rule;
  for (int col = 0; col < n; ++col) rule += std::string(col > 0 && col % g.box_cols() == 0 ? "+" : "") + "-";
  std::string out = "*" + std::string(rule.size(), '-') + "*\n";
  for (int row = 0; row < n; ++row) {
    if (row > 0 && row % g.box_rows() == 0) out += "|" + rule + "|\n";
    out += '|';
    for (int col = 0; col < n; ++col) {
      if (col > 0 && col % g.box_cols() == 0) out += '|';
      out += line[static_cast<std::size_t>(row * n + col)];
    }
    out += "|\n";
  }
  return out + "*" + std::string(rule.size(), '-') + "*\n";
}

std::string to_tatham_id(const Grid& grid) {
  const Geometry& g = grid.geometry();
  std::string out = std::to_string(g.box_rows()) + "x" + std::to_string(g.box_cols()) +
                    (g.variant() == Variant::Diagonal ? "x" : "") + ":";
  const std::size_t start = out.size();
  int run = 0;
  const auto flush = [&] {
    for (; run > 0; run -= std::min(run, 26)) out += static_cast<char>('a' - 1 + std::min(run, 26));
  };
  for (Cell c = 0; c < g.cell_count(); ++c) {
    const int value = grid[c];
    if (value == 0) {
      ++run;
      continue;
    }
    // Two givens in a row (or a given first) need '_' between them, as Solo writes.
    if (run == 0 && out.size() > start) out += '_';
    flush();
    out += std::to_string(value);
  }
  flush();
  return out + "\n";
}

std::string xml_escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string to_opensudoku_game(const Grid& grid, std::string_view note) {
  std::string data = to_line(grid);
  std::replace(data.begin(), data.end(), '.', '0');
  const std::string escaped = xml_escape(note);
  return "  <game data=\"" + data + "\"" + (escaped.empty() ? "" : " note=\"" + escaped + "\"") + " />\n";
}

}  // namespace sudoforge::engine
