#include "sudoforge/cli/explain_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <optional>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "explain_html.hpp"
#include "output.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/puzzle_input.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/explain.hpp"
#include "sudoforge/grader/grade.hpp"
#include "sudoforge/store/store.hpp"

namespace sudoforge::cli {

namespace {

std::string indent(const std::string& block) {
  std::string out;
  std::size_t start = 0;
  while (start < block.size()) {
    const std::size_t end = block.find('\n', start);
    out += "    " + block.substr(start, end - start) + "\n";
    start = end == std::string::npos ? block.size() : end + 1;
  }
  return out;
}

}  // namespace

void setup_explain(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExplainOptions>();
  CLI::App* command = app.add_subcommand("explain", "Show the solving path of one puzzle, step by step");
  command->add_option("puzzle", options->puzzle,
                      "The puzzle, as one line ('-': read one puzzle from stdin); or one puzzle of a file as FILE:LINE "
                      "(as grade's source column names it; FILE alone if it holds one puzzle); with --db, the id of a "
                      "stored puzzle (as list and books show it)")
      ->required();
  add_geometry_options(*command, options->geometry);
  add_input_format_option(*command, options->input_format);
  command->add_option("--db", options->db, "Explain the puzzle of this database with the id given (its own geometry)");
  command->add_option("--html", options->html,
                      "Write one self-contained web page that steps through the solution (arrow keys) to FILE ('-': "
                      "standard output)");
  command->callback([options, &exit_code] { exit_code = run_explain(*options); });
}

namespace {

int explain(const engine::Grid& puzzle, const std::string& html, const std::string& title);

// The puzzle stored under id `text` in `db`.
store::StoredPuzzle stored_puzzle(const std::string& db, const std::string& text) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || id < 1) {
    throw CliError("with --db, explain takes a puzzle's id (a whole number, as list shows it), not '" + text + "'");
  }
  store::Store store(db, store::Store::Access::ReadOnly);
  store::Selection selection;
  selection.id = id;
  std::optional<store::StoredPuzzle> found;
  store.select(selection, [&](const store::StoredPuzzle& stored) { found = stored; });
  if (!found) throw CliError(fmt::format("database '{}' holds no puzzle with id {}", db, id));
  return *found;
}

// A file named on the command line: whole, or one line of it ("FILE:LINE", as grade's
// source column names a record).
struct NamedFile {
  std::string path;
  int line = 0;  // 0: the file's one puzzle
};

std::optional<NamedFile> named_file(const std::string& text) {
  const auto is_file = [](const std::string& path) {
    std::error_code error;
    return !path.empty() && std::filesystem::exists(path, error) && !std::filesystem::is_directory(path, error);
  };
  if (is_file(text)) return NamedFile{text, 0};
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  const char* begin = text.data() + colon + 1;
  const char* end = text.data() + text.size();
  int line = 0;
  const auto [at, error] = std::from_chars(begin, end, line);
  if (begin == end || error != std::errc{} || at != end || line < 1 || !is_file(text.substr(0, colon))) return std::nullopt;
  return NamedFile{text.substr(0, colon), line};
}

// The record of `named`: the puzzle on (or spanning) its line, or its one puzzle. A
// line with no puzzle, a malformed one, a file with several puzzles and no line, or
// one that cannot be read is an error naming the file and line.
InputRecord record_in_file(const NamedFile& named, const engine::Geometry& geometry, engine::TextFormat format) {
  PuzzleInput input({named.path}, geometry, format);
  InputRecord record;
  std::optional<InputRecord> found;
  int before = 0;  // the line of the last record before named.line
  int after = 0;   // ... and of the first after it
  while (input.next(record)) {
    if (record.kind == InputRecord::Kind::Unreadable) throw CliError(record.message());
    if (named.line == 0) {
      if (found) {
        throw CliError(fmt::format("{0} has more than one puzzle line: name one, as grade's source column does "
                                   "({0}:{1}, {0}:{2}, ...)",
                                   named.path, found->line, record.line));
      }
      found = record;
    } else if (record.first_line <= named.line && named.line <= record.last_line) {
      found = record;
      break;
    } else if (record.last_line < named.line) {
      before = record.line;
    } else {
      after = record.line;
      break;
    }
  }
  if (!found) {
    if (named.line == 0) throw CliError(named.path + " holds no puzzle to explain", kExitRejected);
    const std::string nearest = before != 0 && after != 0 ? fmt::format("the nearest are on lines {} and {}", before, after)
                                : before != 0             ? fmt::format("the last is on line {}", before)
                                : after != 0              ? fmt::format("the first is on line {}", after)
                                                          : "the file holds none";
    throw CliError(fmt::format("{}:{}: no puzzle on this line ({})", named.path, named.line, nearest), kExitRejected);
  }
  if (found->kind != InputRecord::Kind::Puzzle) throw CliError(found->message(), kExitRejected);
  return *found;
}

}  // namespace

int run_explain(const ExplainOptions& options) {
  if (options.db) {
    const store::StoredPuzzle stored = stored_puzzle(*options.db, options.puzzle);
    if (options.html.empty()) {
      Output::standard().write(fmt::format("id {} in {} (first seen: {})\n", stored.id, *options.db, stored.source));
    }
    return explain(stored.puzzle, options.html, fmt::format("Puzzle {}", stored.id));
  }
  const engine::Geometry geometry = resolve_geometry(options.geometry);
  std::string text = options.puzzle;
  if (text == "-") {  // one puzzle: a bounded read, so that an endless stream is refused, not swallowed
    constexpr std::size_t kLimit = std::size_t{1} << 20;
    text.clear();
    char buffer[4096];
    for (std::size_t n = 0; text.size() <= kLimit && (n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0;) {
      text.append(buffer, n);
    }
    if (std::ferror(stdin) != 0) throw CliError(std::string("cannot read standard input: ") + std::strerror(errno));
    if (text.size() > kLimit) throw CliError("standard input holds more than 1 MiB: explain takes one puzzle");
  }
  engine::Grid puzzle(geometry);
  try {
    puzzle = engine::parse_puzzle(text, geometry);
  } catch (const engine::ParseError& error) {
    // Not a puzzle: one of a file? (A puzzle is read first, so what it was read as
    // before files could be named stays as it was.)
    if (options.puzzle != "-") {
      if (const auto named = named_file(text)) {
        const InputRecord record = record_in_file(*named, geometry, resolve_format(options.input_format));
        const std::string where = fmt::format("{}:{}", record.source, record.line);
        if (options.html.empty()) {
          Output::standard().write(where + (record.note.empty() ? "" : " (" + record.note + ")") + "\n");
        }
        return explain(record.grid, options.html, where);
      }
    }
    std::error_code no_error;
    if (std::filesystem::is_directory(text, no_error)) {
      throw CliError("'" + text + "' is a folder: explain takes a puzzle, or one of a file's as FILE:LINE");
    }
    const bool digits = !text.empty() && text.size() < 16 && text.find_first_not_of("0123456789") == std::string::npos;
    // Text with a character no puzzle has may have been meant as a file.
    const bool path = error.reason().starts_with("bad character");
    throw CliError("cannot read the puzzle: " + error.reason() +
                       (digits ? " (to explain a stored puzzle by its id, give --db)"
                        : path ? " (nor is it a file, or FILE:LINE of one, that exists)"
                               : ""),
                   kExitRejected);
  }
  return explain(puzzle, options.html, "Sudoku");
}

namespace {

// The solving path of a puzzle, written to standard output, or with `html` as a page
// to that file; the exit code.
int explain(const engine::Grid& puzzle, const std::string& html, const std::string& title) {
  const engine::Geometry& geometry = puzzle.geometry();
  grader::Grader grader(geometry);
  grader::GradeOptions grade_options;
  grade_options.record_steps = true;
  const grader::Grade grade = grader.grade(puzzle, grade_options);
  const engine::Units units(geometry);
  if (!html.empty() && grade.status == grader::Status::Unique) {
    Output out = Output::open(html);
    out.write(explain_html(puzzle, grade, title));
    out.close();
    return kExitOk;
  }

  std::string out = fmt::format("puzzle: {} ({} clues, {})\n", engine::to_line(puzzle), grade.clues, geometry.name());
  if (grade.status != grader::Status::Unique) {
    out += fmt::format("status: {}: {}\n", grader::status_name(grade.status), grade.reason);
    Output::standard().write(out);
    return kExitRejected;
  }
  out += fmt::format("rating: {} ({}), hardest step: {}\n", grader::rating_text(grade.rating), grader::level_name(grade.level),
                     grader::human_technique_title(grade.hardest));
  out += fmt::format("tier: {}", grader::tier_name(grade.tier));
  if (grade.tier == grader::Tier::Diabolical) out += fmt::format(", te_depth {}", grade.te_depth);
  out += fmt::format("; score {}; uniqueness search {} node{}, depth {}\n\n", grade.score, grade.search_nodes,
                     grade.search_nodes == 1 ? "" : "s", grade.search_depth);

  // Each step the path takes, round by round; where the rating rises past singles,
  // the candidates first.
  std::size_t rise = 0;
  int round = 0;
  for (std::size_t i = 0; i < grade.human_steps.size(); ++i) {
    const grader::HumanStep& step = grade.human_steps[i];
    if (rise < grade.human_rises.size() && grade.human_rises[rise].first == i) {
      out += fmt::format("Now {} is needed ({}). The candidates here:\n\n{}\n",
                         grader::human_technique_title(step.technique), grader::rating_text(step.rating),
                         indent(grader::format_candidates(grade.human_rises[rise].second)));
      ++rise;
    }
    if (step.round != round) {
      round = step.round;
      out += fmt::format("round {}:\n", round);
    }
    // (A step of several lines: the lines after its first indented under it.)
    std::string words = grader::describe(step, units);
    for (std::size_t at = words.find('\n'); at != std::string::npos; at = words.find('\n', at + 1)) {
      words.insert(at + 1, "      ");
    }
    out += "  " + words + "\n";
  }
  out += "\nsolution:\n" + indent(engine::to_block(grade.solution));
  Output::standard().write(out);
  return kExitOk;
}

}  // namespace

}  // namespace sudoforge::cli
