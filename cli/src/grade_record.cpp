#include "sudoforge/cli/grade_record.hpp"

#include <csv.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <variant>

#include "json_text.hpp"
#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::cli {

namespace {

constexpr std::array<const char*, 21> kFields = {
    "source",       "puzzle",        "status",         "reason",      "tier",         "te_depth",
    "score",        "rating",        "level",          "hardest_technique", "clues",  "rounds",
    "search_nodes", "search_depth",  "naked_singles",  "hidden_singles",    "naked_twins", "hidden_twins",
    "techniques",   "solution",      "note"};
constexpr std::size_t kRating = 7;
constexpr std::size_t kTechniques = 18;

// A field's value: absent, text or a number. Text points into the record (or into
// `solution` of values_of): a record is formatted without copying its strings.
using Value = std::variant<std::monostate, std::string_view, std::int64_t>;

// Fields whose text may hold a CSV separator, quote or line break (a file name, a
// reason, a note); the others are puzzle symbols, names and numbers.
constexpr std::array<bool, kFields.size()> kFreeText = {true,  false, false, true,  false, false, false,
                                                        false, false, false, false, false, false, false,
                                                        false, false, false, false, false, false, true};

// The record's values in kFields order; `solution` holds the solution's text,
// `rating` the rating's and `techniques` the counts' (techniques_text).
std::array<Value, kFields.size()> values_of(const GradeRecord& record, std::string_view solution,
                                            std::string_view rating, std::string_view techniques) {
  const grader::Grade& grade = record.grade;
  const bool unique = grade.status == grader::Status::Unique;
  const bool rated = unique && record.rated;
  const bool searched = grade.status != grader::Status::Invalid;
  const auto text = [](std::string_view value) { return value.empty() ? Value{} : Value{value}; };
  const auto number = [](auto value, bool applies) { return applies ? Value{static_cast<std::int64_t>(value)} : Value{}; };
  const auto& counts = grade.technique_counts;
  return {text(record.source),
          text(record.puzzle),
          text(grader::status_name(grade.status)),
          text(grade.reason),
          unique ? text(grader::tier_name(grade.tier)) : Value{},
          number(grade.te_depth, unique),
          number(grade.score, unique),
          rated ? text(rating) : Value{},
          rated ? text(grader::level_name(grade.level)) : Value{},
          rated ? text(grader::human_technique_name(grade.hardest)) : Value{},
          number(grade.clues, !record.puzzle.empty()),
          number(grade.rounds, unique),
          number(grade.search_nodes, searched),
          number(grade.search_depth, searched),
          number(counts[0], unique),
          number(counts[1], unique),
          number(counts[2], unique),
          number(counts[3], unique),
          rated ? Value{techniques} : Value{},
          unique ? text(solution) : Value{},
          text(record.note)};
}

// A CSV field, quoted (by libcsv) only when it holds a separator, quote or line break.
void append_csv(std::string& line, std::string_view field) {
  const bool plain = std::none_of(field.begin(), field.end(),
                                  [](char c) { return c == ',' || c == '"' || c == '\r' || c == '\n'; });
  if (plain) {
    line += field;
    return;
  }
  std::string quoted(2 * field.size() + 2, '\0');
  quoted.resize(csv_write(quoted.data(), quoted.size(), field.data(), field.size()));
  line += quoted;
}

}  // namespace

std::optional<RecordFormat> parse_record_format(std::string_view name) {
  if (name == "csv") return RecordFormat::Csv;
  if (name == "jsonl") return RecordFormat::Jsonl;
  if (name == "line") return RecordFormat::Line;
  if (name == "sdm") return RecordFormat::Sdm;
  if (name == "ss") return RecordFormat::Ss;
  if (name == "opensudoku") return RecordFormat::OpenSudoku;
  if (name == "tatham") return RecordFormat::Tatham;
  return std::nullopt;
}

std::optional<std::string> cannot_hold(RecordFormat format, const engine::Geometry& geometry) {
  const bool classic = geometry == engine::Geometry{};
  if (format == RecordFormat::Ss && !classic) return "Simple Sudoku's .ss holds 9x9 puzzles only, not " + geometry.name();
  if (format == RecordFormat::OpenSudoku && !classic) return "OpenSudoku holds 9x9 puzzles only, not " + geometry.name();
  return std::nullopt;
}

std::string record_footer(RecordFormat format) { return format == RecordFormat::OpenSudoku ? "</opensudoku>\n" : ""; }

std::string record_header(RecordFormat format, bool stored) {
  if (format == RecordFormat::OpenSudoku) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n  <name>sudoforge</name>\n";
  }
  if (format != RecordFormat::Csv) return {};
  std::string line;
  for (const char* field : kFields) {
    if (!line.empty()) line += ',';
    line += field;
  }
  return line + (stored ? ",id\n" : "\n");
}

std::string format_record(const GradeRecord& record, RecordFormat format) {
  std::string line;
  append_record(line, record, format);
  return line;
}

void append_record(std::string& out, const GradeRecord& record, RecordFormat format) {
  // The other programs' layouts write the grid (read back from the line, in the
  // geometry of the solution: these formats hold stored, unique puzzles).
  const auto grid = [&] { return engine::parse_puzzle(record.puzzle, record.grade.solution.geometry()); };
  switch (format) {
    case RecordFormat::Line:
    case RecordFormat::Sdm:
      out += record.puzzle;
      out += '\n';
      return;
    case RecordFormat::Ss:  // a blank line between grids
      out += engine::to_simple_sudoku(grid()) + "\n";
      return;
    case RecordFormat::OpenSudoku:
      out += engine::to_opensudoku_game(grid(), record.source);
      return;
    case RecordFormat::Tatham:
      out += engine::to_tatham_id(grid());
      return;
    case RecordFormat::Csv:
    case RecordFormat::Jsonl: break;
  }
  std::array<char, engine::kMaxCells> solution_text;
  std::string_view solution;
  if (record.grade.status == grader::Status::Unique) {
    engine::write_line(record.grade.solution, solution_text.data());
    solution = std::string_view(solution_text.data(), static_cast<std::size_t>(record.grade.solution.cell_count()));
  }
  std::string rating;
  std::string techniques;
  if (record.grade.status == grader::Status::Unique && record.rated) {
    rating = grader::rating_text(record.grade.rating);
    techniques = grader::techniques_text(record.grade.human_counts);
  }
  const auto values = values_of(record, solution, rating, techniques);
  if (format == RecordFormat::Csv) {
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) out += ',';
      if (const auto* value = std::get_if<std::string_view>(&values[i])) {
        if (kFreeText[i]) {
          append_csv(out, *value);
        } else {
          out += *value;
        }
      }
      if (const auto* value = std::get_if<std::int64_t>(&values[i])) {
        const fmt::format_int digits(*value);
        out.append(digits.data(), digits.size());
      }
    }
    if (record.id) {
      const fmt::format_int digits(*record.id);
      out += ',';
      out.append(digits.data(), digits.size());
    }
    out += '\n';
    return;
  }
  nlohmann::ordered_json json;
  for (std::size_t i = 0; i < values.size(); ++i) {
    auto& field = json[kFields[i]];
    const auto* value = std::get_if<std::string_view>(&values[i]);
    if (value != nullptr && i == kRating) {
      field = static_cast<double>(record.grade.rating) / 10.0;  // a number in JSON
    } else if (value != nullptr && i == kTechniques) {
      field = nlohmann::ordered_json::object();  // {"naked_single": 12, ...}
      for (int t = 0; t < grader::kHumanTechniqueCount; ++t) {
        const int count = record.grade.human_counts[static_cast<std::size_t>(t)];
        if (count > 0) field[std::string(grader::human_technique_name(static_cast<grader::HumanTechnique>(t)))] = count;
      }
    } else if (value != nullptr) {
      field = std::string(*value);
    }
    if (const auto* number = std::get_if<std::int64_t>(&values[i])) field = *number;
  }
  if (record.id) json["id"] = *record.id;
  // File names need not be UTF-8: replace what is not, rather than fail.
  out += json_text(json);
  out += '\n';
}

}  // namespace sudoforge::cli
