#include "sudoforge/cli/grade_record.hpp"

#include <csv.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <nlohmann/json.hpp>
#include <variant>

#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::cli {

namespace {

constexpr std::array<const char*, 16> kFields = {
    "source", "puzzle",       "status",       "reason",        "tier",           "te_depth",    "score",        "clues",
    "rounds", "search_nodes", "search_depth", "naked_singles", "hidden_singles", "naked_twins", "hidden_twins", "solution"};

// A field's value: absent, text or a number.
using Value = std::variant<std::monostate, std::string, std::int64_t>;

// The record's values in kFields order.
std::array<Value, kFields.size()> values_of(const GradeRecord& record) {
  const grader::Grade& grade = record.grade;
  const bool unique = grade.status == grader::Status::Unique;
  const bool searched = grade.status != grader::Status::Invalid;
  const auto text = [](std::string value) { return value.empty() ? Value{} : Value{std::move(value)}; };
  const auto number = [](auto value, bool applies) { return applies ? Value{static_cast<std::int64_t>(value)} : Value{}; };
  const auto& counts = grade.technique_counts;
  return {text(record.source),
          text(record.puzzle),
          text(std::string(grader::status_name(grade.status))),
          text(grade.reason),
          unique ? text(std::string(grader::tier_name(grade.tier))) : Value{},
          number(grade.te_depth, unique),
          number(grade.score, unique),
          number(grade.clues, !record.puzzle.empty()),
          number(grade.rounds, unique),
          number(grade.search_nodes, searched),
          number(grade.search_depth, searched),
          number(counts[0], unique),
          number(counts[1], unique),
          number(counts[2], unique),
          number(counts[3], unique),
          unique ? text(engine::to_line(grade.solution)) : Value{}};
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
  return std::nullopt;
}

std::string record_header(RecordFormat format) {
  if (format != RecordFormat::Csv) return {};
  std::string line;
  for (const char* field : kFields) {
    if (!line.empty()) line += ',';
    line += field;
  }
  return line + "\n";
}

std::string format_record(const GradeRecord& record, RecordFormat format) {
  const auto values = values_of(record);
  if (format == RecordFormat::Csv) {
    std::string line;
    line.reserve(320);
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) line += ',';
      if (const auto* value = std::get_if<std::string>(&values[i])) append_csv(line, *value);
      if (const auto* value = std::get_if<std::int64_t>(&values[i])) fmt::format_to(std::back_inserter(line), "{}", *value);
    }
    return line + "\n";
  }
  nlohmann::ordered_json json;
  for (std::size_t i = 0; i < values.size(); ++i) {
    auto& field = json[kFields[i]];
    if (const auto* value = std::get_if<std::string>(&values[i])) field = *value;
    if (const auto* value = std::get_if<std::int64_t>(&values[i])) field = *value;
  }
  // File names need not be UTF-8: replace what is not, rather than fail.
  return json.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace sudoforge::cli
