#include "harness.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "propagation.hpp"
#include "puzzle_files.hpp"
#include "reference_grader.hpp"
#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/unit_board.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/grade.hpp"
#include "transform.hpp"

namespace sudoforge::fuzz {

namespace {

// A line's text as the readers see it: without a first line's byte order mark, a
// final '\r' and the blanks around it.
std::string_view content_of(std::string_view line, int number) {
  if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  if (line.ends_with('\r')) line.remove_suffix(1);
  const auto first = line.find_first_not_of(" \t\v\f");
  if (first == std::string_view::npos) return {};
  return line.substr(first, line.find_last_not_of(" \t\v\f") + 1 - first);
}
// Not blank, not a comment, not only grid rules ('-', '+', '=', '*', '|').
bool is_text(std::string_view line, int number) {
  const std::string_view content = content_of(line, number);
  return !content.empty() && content.front() != '#' && content.find_first_not_of("-+=*| \t\v\f") != std::string_view::npos;
}
// Whether line `number` is puzzle text, which must end in a record or an error; not
// blank, a comment, a separator, a CSV header (the first text line, with a comma, or
// in a CSV source a first field without puzzle symbols) or what other programs'
// layouts hold besides puzzles (`foreign`: ForeignLines).
bool is_puzzle_text(std::string_view line, int number, int first_text, bool csv, bool foreign) {
  if (!is_text(line, number) || foreign) return false;
  if (number != first_text) return true;
  const std::size_t comma = line.find(',');
  const bool header = comma != std::string_view::npos ||
                      (csv && line.substr(0, comma).find_first_of("0123456789._") == std::string_view::npos);
  return !header;
}

// Other programs' lines that hold no puzzle, line by line (not in CSV sources), as the
// readers' own predicates (engine/src/puzzle_files.hpp) name them: a Kennett title, a
// SadMan section and every line of a section other than [Puzzle], and XML markup (a
// game in it is a record on its own line, which this never asks about).
class ForeignLines {
 public:
  explicit ForeignLines(bool csv) : csv_(csv) {}
  bool next(std::string_view line, int number) {
    const std::string_view content = content_of(line, number);
    if (csv_ || content.empty()) return false;
    if (engine::files::kennett_title(content) || engine::files::is_markup(content)) return true;
    if (const auto section = engine::files::sdk_section(content)) {
      skipping_ = *section != "Puzzle";
      return true;
    }
    return skipping_;
  }

 private:
  bool csv_;
  bool skipping_ = false;  // inside a section other than [Puzzle]
};

void expect(bool condition, const std::string& what) {
  if (!condition) throw FuzzFailure(what);
}

// The readers' geometries: every shape the tool reads, the diagonal variant included.
engine::Geometry reader_geometry(std::uint8_t choice) {
  switch (choice % 7) {
    case 0: return engine::Geometry{};
    case 1: return engine::Geometry(2, 2);
    case 2: return engine::Geometry(2, 3);
    case 3: return engine::Geometry(3, 3, engine::Variant::Diagonal);
    case 4: return engine::Geometry(4, 4);
    case 5: return engine::Geometry(1, 1);
    default: return engine::Geometry(3, 4);
  }
}

// The grader's and P's: small enough that every check stays fast. The two low bits
// pick the shape; for 4x4 and 6x6, bit 2 picks the diagonal variant (so the kept
// regression inputs, written before it did, keep their shapes).
engine::Geometry small_geometry(std::uint8_t choice) {
  const engine::Variant small_variant = (choice & 4U) != 0 ? engine::Variant::Diagonal : engine::Variant::Classic;
  switch (choice % 4) {
    case 0: return engine::Geometry{};
    case 1: return engine::Geometry(2, 2, small_variant);
    case 2: return engine::Geometry(2, 3, small_variant);
    default: return engine::Geometry(3, 3, engine::Variant::Diagonal);
  }
}

// "BOXxBOX[ diagonal] PUZZLE", for messages.
std::string describe(const engine::Grid& grid) {
  const engine::Geometry& geometry = grid.geometry();
  return std::to_string(geometry.box_rows()) + "x" + std::to_string(geometry.box_cols()) +
         (geometry.variant() == engine::Variant::Diagonal ? " diagonal " : " ") + engine::to_line(grid);
}

void check_puzzle_read(const engine::ParsedPuzzle& puzzle, const engine::Geometry& geometry) {
  expect(puzzle.grid.geometry() == geometry, "a puzzle read with another geometry");
  expect(puzzle.line >= 1, "a puzzle without a line number");
  for (const std::uint8_t value : puzzle.grid.values()) expect(value <= geometry.size(), "a digit out of range");
  // Both writers' output reads back as the same puzzle.
  expect(engine::parse_puzzle(engine::to_line(puzzle.grid), geometry) == puzzle.grid, "line round trip");
  expect(engine::parse_puzzle(engine::to_block(puzzle.grid), geometry) == puzzle.grid, "grid round trip");
}

// Built once per geometry: solvers and unit tables are dear to make.
struct Tools {
  explicit Tools(const engine::Geometry& geometry) : solver(geometry), units(geometry), grader(geometry) {}
  engine::Solver solver;
  engine::Units units;
  grader::Grader grader;
};

Tools& tools_for(const engine::Geometry& geometry) {
  static std::vector<std::unique_ptr<Tools>> made;
  for (const auto& tools : made) {
    if (tools->units.geometry() == geometry) return *tools;
  }
  made.push_back(std::make_unique<Tools>(geometry));
  return *made.back();
}

// Solutions of `puzzle` avoiding `exclusions`, up to `limit`.
int solutions(const engine::Grid& puzzle, int limit, const std::vector<engine::Exclusion>& exclusions) {
  return tools_for(puzzle.geometry()).solver.count_solutions(puzzle, limit, exclusions).count;
}

template <int N>
void propagation_for(const engine::Geometry& geometry, const std::uint8_t* data, std::size_t size) {
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  const Layout layout(geometry);
  const grader::detail::Propagation<N> propagation(layout);
  const int cells = geometry.cell_count();
  State state;
  state.clear(layout);
  typename grader::detail::Propagation<N>::Values values{};
  // Byte pairs: a cell and a digit; one pair in four places, the others eliminate.
  // Like a solver, only where the state allows it.
  for (std::size_t i = 0; i + 1 < size; i += 2) {
    const engine::Cell cell = data[i] % cells;
    const int d = data[i + 1] % N;
    if (state.is_solved(layout, cell)) continue;
    if ((data[i + 1] / N) % 4 == 0) {
      if (!state.allows(layout, d, cell)) continue;
      state.place(layout, d, cell);
      values[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d + 1);
    } else {
      state.eliminate(layout, d, cell);
    }
  }
  // The same state as a puzzle (the placed digits) and exclusions (the candidates gone).
  engine::Grid puzzle(geometry);
  std::vector<engine::Exclusion> exclusions;
  for (engine::Cell cell = 0; cell < cells; ++cell) {
    if (state.is_solved(layout, cell)) {
      puzzle.set(cell, values[static_cast<std::size_t>(cell)]);
      continue;
    }
    for (int d = 0; d < N; ++d) {
      if (!state.allows(layout, d, cell)) exclusions.push_back({cell, static_cast<engine::Digit>(d + 1)});
    }
  }
  const State before = state;
  const bool consistent = propagation.run(state, &values);
  const int solvable = solutions(puzzle, 1, exclusions);
  if (!consistent) {
    expect(solvable == 0, "P found a contradiction in a state with a solution: " + describe(puzzle));
    return;
  }
  // Sound: a candidate P removed is in no solution. Checked for the first 64 removed.
  int checked = 0;
  for (engine::Cell cell = 0; cell < cells && checked < 64 && solvable > 0; ++cell) {
    if (before.is_solved(layout, cell)) continue;
    for (int d = 0; d < N && checked < 64; ++d) {
      if (!before.allows(layout, d, cell)) continue;
      const bool kept = state.is_solved(layout, cell) ? values[static_cast<std::size_t>(cell)] == d + 1
                                                      : state.allows(layout, d, cell);
      if (kept) continue;
      ++checked;
      engine::Grid with = puzzle;
      with.set(cell, static_cast<engine::Digit>(d + 1));
      expect(solutions(with, 1, exclusions) == 0,
             "P removed a candidate of a solution: cell " + std::to_string(cell) + " digit " + std::to_string(d + 1) +
                 " from " + describe(puzzle));
    }
  }
  // Its placements do not clash, and it is at a fixpoint: a second run changes nothing.
  engine::Grid placed(geometry);
  for (engine::Cell cell = 0; cell < cells; ++cell) {
    if (!state.is_solved(layout, cell)) continue;
    expect(values[static_cast<std::size_t>(cell)] != 0, "P solved a cell without writing its digit");
    placed.set(cell, values[static_cast<std::size_t>(cell)]);
  }
  expect(!engine::find_clash(placed, tools_for(geometry).units), "P placed clashing digits: " + describe(placed));
  State again = state;
  auto values_again = values;
  expect(propagation.run(again, &values_again), "P failed on its own fixpoint");
  for (engine::Cell cell = 0; cell < cells; ++cell) {
    expect(again.is_solved(layout, cell) == state.is_solved(layout, cell), "P is not at a fixpoint (solved)");
    if (!state.is_solved(layout, cell)) {
      expect(again.candidates(layout, cell) == state.candidates(layout, cell), "P is not at a fixpoint (candidates)");
    }
  }
}

}  // namespace

bool is_target(std::string_view name) {
  for (const char* target : {"read_line", "read_grid", "read_sdk", "read_csv", "read_auto", "grade", "propagation", "solve9"}) {
    if (name == target) return true;
  }
  return false;
}

void run_target(std::string_view name, const std::uint8_t* data, std::size_t size) {
  if (name == "grade") return fuzz_grade(data, size);
  if (name == "propagation") return fuzz_propagation(data, size);
  if (name == "solve9") return fuzz_solve9(data, size);
  if (name.starts_with("read_")) return fuzz_reader(name.substr(5), data, size);
  throw std::invalid_argument("no fuzz target '" + std::string(name) + "'");
}

void fuzz_reader(std::string_view format_name, const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  // The SDK layout is read by the grid reader: its own target, with its own corpus.
  const auto format = engine::parse_text_format(format_name);
  expect(format.has_value(), "unknown format");
  const engine::Geometry geometry = reader_geometry(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  engine::PuzzleParser parser(geometry, *format, "fuzz");
  std::vector<std::string_view> lines;
  int first_text = 0;  // the first line is_text, not counting other programs' lines
  const bool csv = *format == engine::TextFormat::Csv;
  ForeignLines foreign_lines(csv);
  std::vector<bool> foreign;  // by line - 1: ForeignLines
  const auto puzzle_text = [&](int l) {
    return is_puzzle_text(lines[static_cast<std::size_t>(l - 1)], l, first_text, csv, foreign[static_cast<std::size_t>(l - 1)]);
  };
  int last_line = 0;  // the last line of the results so far
  const auto take = [&] {
    while (auto parsed = parser.next()) {
      const auto count = static_cast<int>(lines.size());
      int first = 0;
      int last = 0;
      if (parsed->puzzle) {
        check_puzzle_read(*parsed->puzzle, geometry);
        first = parsed->puzzle->line;
        last = parsed->puzzle->last_line;
      } else {
        const engine::ParseError& error = *parsed->error;
        first = error.first_line();
        last = error.last_line();
        expect(error.line() >= first && error.line() <= last, "a parse error outside the lines it spans");
        expect(format != engine::TextFormat::Line || first == last, "a line error spanning lines");
        expect(!error.reason().empty(), "a parse error without a reason");
      }
      expect(first > last_line, "results out of order or overlapping");
      expect(first <= last && last <= count, "a result on lines not read yet");
      // Every line between two results is not puzzle text: blank, a comment, a
      // separator, a CSV header or another program's line without a puzzle
      // (DESIGN.md: nothing read is dropped silently).
      for (int l = last_line + 1; l < first; ++l) {
        expect(!puzzle_text(l), "line " + std::to_string(l) + " in no record");
      }
      last_line = last;
    }
  };
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    foreign.push_back(foreign_lines.next(lines.back(), static_cast<int>(lines.size())));
    if (first_text == 0 && !foreign.back() && is_text(lines.back(), static_cast<int>(lines.size()))) {
      first_text = static_cast<int>(lines.size());
    }
    parser.feed(lines.back());
    take();
    start = end + 1;
  }
  parser.finish();
  take();
  for (int l = last_line + 1; l <= static_cast<int>(lines.size()); ++l) {
    expect(!puzzle_text(l), "line " + std::to_string(l) + " in no record");
  }
}

namespace {

// The human path of a unique puzzle, walked again with every step recorded (as
// explain walks it): the same rating, hardest technique and counts as the grade
// made without recording, every placement and removal true of the solution, the
// hardest step's rating the puzzle's.
void check_human_path(const engine::Grid& puzzle, const grader::Grade& grade, grader::GradeOptions options,
                      const std::string& what) {
  options.record_steps = true;
  const grader::Grade walked = tools_for(puzzle.geometry()).grader.grade(puzzle, options);
  expect(walked.rating == grade.rating && walked.hardest == grade.hardest && walked.human_counts == grade.human_counts &&
             walked.level == grade.level && walked.score == grade.score,
         "recording the steps changes the rating: " + what);
  int hardest = 0;
  for (const grader::HumanStep& step : walked.human_steps) {
    for (const grader::Removal& r : step.removals) {
      expect(grade.solution[r.cell] != r.digit, "a step removes the solution's digit: " + what);
    }
    for (const grader::Placement& p : step.placements) {
      expect(grade.solution[p.cell] == p.digit, "a step places a digit not the solution's: " + what);
    }
    hardest = std::max(hardest, step.rating);
  }
  expect(walked.human_steps.empty() || hardest == grade.rating, "the rating is not the hardest step's: " + what);
}

}  // namespace

void fuzz_grade(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const engine::Geometry geometry = small_geometry(data[0]);
  const int n = geometry.size();
  engine::Grid puzzle(geometry);
  // Odd bytes give digits, even bytes blanks, so puzzles of every density occur.
  for (std::size_t i = 1; i < size && static_cast<int>(i) <= geometry.cell_count(); ++i) {
    if (data[i] % 2 == 1) puzzle.set(static_cast<engine::Cell>(i - 1), static_cast<engine::Digit>(1 + (data[i] / 2) % n));
  }
  grader::GradeOptions options;
  options.max_te_depth = 3;  // as the reference grader
  const grader::Grade grade = tools_for(geometry).grader.grade(puzzle, options);
  const std::string what = describe(puzzle);
  if (engine::find_clash(puzzle, tools_for(geometry).units)) {
    expect(grade.status == grader::Status::Invalid, "clashing givens not invalid: " + what);
    return;
  }
  const int count = tools_for(geometry).solver.count_solutions(puzzle, 2).count;
  const grader::Status expected = count == 0 ? grader::Status::None
                                  : count == 1 ? grader::Status::Unique
                                               : grader::Status::Multiple;
  expect(grade.status == expected, "status disagrees with the solver: " + what);
  if (grade.status != grader::Status::Unique) {
    expect(!grade.reason.empty(), "no reason for an ungraded puzzle: " + what);
    // The verdict costs a bounded search (the solver decides past the budget).
    expect(grade.search_nodes <= 10000, "a long search for a puzzle without one solution: " + what);
    return;
  }
  expect(grade.solution.is_complete(), "incomplete solution: " + what);
  expect(!engine::find_clash(grade.solution, tools_for(geometry).units), "clashing solution: " + what);
  for (engine::Cell cell = 0; cell < geometry.cell_count(); ++cell) {
    expect(puzzle[cell] == 0 || puzzle[cell] == grade.solution[cell], "solution ignores a given: " + what);
  }
  expect(grade.clues == puzzle.clue_count(), "wrong clue count: " + what);
  expect((grade.te_depth > 0) == (grade.tier == grader::Tier::Diabolical), "te_depth and tier disagree: " + what);
  expect(grade.score == grader::score_of(grade.tier, grade.te_depth, grade.rating, grade.human_counts),
         "score not from the rating and counts: " + what);
  expect(grade.level == grader::level_of(grade.rating, grade.tier == grader::Tier::Singles),
         "level not from the rating: " + what);
  if (puzzle.clue_count() < geometry.cell_count()) {  // something to solve
    expect(grade.rating >= grader::base_rating(grader::HumanTechnique::FullHouse) &&
               grade.rating >= grader::base_rating(grade.hardest),
           "rating below its hardest technique's: " + what);
    expect(grade.human_counts[static_cast<std::size_t>(grade.hardest)] > 0, "hardest technique never used: " + what);
  }
  if (n <= 6) {
    const test::ReferenceGrade reference = test::reference_grade(puzzle, 3);
    expect(reference.status == grade.status && reference.tier == grade.tier && reference.te_depth == grade.te_depth &&
               reference.counts == grade.technique_counts && reference.rounds == grade.rounds &&
               reference.search_nodes == grade.search_nodes && reference.solution == grade.solution,
           "grade differs from the reference grader: " + what);
  }
  check_human_path(puzzle, grade, options, what);
  // Rewritten (relabelled, lines permuted, transposed, as the variant allows), the
  // puzzle grades the same.
  std::uint64_t seed = size;
  for (std::size_t i = 0; i < size; ++i) seed = seed * 131 + data[i];
  engine::Rng rng(seed);
  const test::Transform rewriting = test::random_transform(geometry, rng);
  const grader::Grade moved = tools_for(geometry).grader.grade(rewriting.apply(puzzle), options);
  expect(moved.status == grade.status && moved.tier == grade.tier && moved.te_depth == grade.te_depth &&
             moved.technique_counts == grade.technique_counts && moved.rounds == grade.rounds,
         "a rewritten puzzle gets another grade: " + what);
  expect(moved.rating == grade.rating && moved.hardest == grade.hardest && moved.human_counts == grade.human_counts &&
             moved.level == grade.level && moved.score == grade.score,
         "a rewritten puzzle gets another rating: " + what + " (rewritten " + describe(rewriting.apply(puzzle)) + ")");
  expect(moved.solution == rewriting.apply(grade.solution), "a rewritten puzzle gets another solution: " + what);
}

void fuzz_propagation(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const engine::Geometry geometry = small_geometry(data[0]);
  switch (geometry.size()) {
    case 4: return propagation_for<4>(geometry, data + 1, size - 1);
    case 6: return propagation_for<6>(geometry, data + 1, size - 1);
    default: return propagation_for<9>(geometry, data + 1, size - 1);
  }
}

void fuzz_solve9(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const engine::Geometry classic;
  static engine::Solver generic(classic, engine::SolverOptions{.core = engine::SolverCore::Generic});
  static std::vector<std::pair<engine::SolverCore, engine::Solver>> builds = [&] {
    std::vector<std::pair<engine::SolverCore, engine::Solver>> made;
    for (const auto core : {engine::SolverCore::Classic9Sse4, engine::SolverCore::Classic9Avx2, engine::SolverCore::Classic9Avx512}) {
      if (engine::Solver::available(core, classic)) made.emplace_back(core, engine::Solver(classic, engine::SolverOptions{.core = core}));
    }
    return made;
  }();
  expect(!builds.empty(), "no classic build runs here");
  const int limit = 1 + data[0] % 4;
  engine::Grid puzzle(classic);
  for (std::size_t i = 1; i < size && i <= 81; ++i) {
    if (data[i] % 2 == 1) puzzle.set(static_cast<engine::Cell>(i - 1), static_cast<engine::Digit>(1 + (data[i] / 2) % 9));
  }
  std::vector<engine::Exclusion> exclusions;
  for (std::size_t i = 82; i + 1 < size; i += 2) {
    exclusions.push_back({static_cast<engine::Cell>(data[i] % 81), static_cast<engine::Digit>(1 + data[i + 1] % 9)});
  }
  const std::string what = describe(puzzle);
  const engine::Units& units = tools_for(classic).units;
  const bool clash = engine::find_clash(puzzle, units).has_value();
  const engine::SolveResult expected = generic.count_solutions(puzzle, limit, exclusions);
  const engine::SolveResult first = builds.front().second.count_solutions(puzzle, limit, exclusions);
  expect(first.count == expected.count, "the classic core counts otherwise than the generic one: " + what);
  if (clash) expect(first.count == 0 && first.stats.nodes == 0, "clashing givens searched: " + what);
  if (first.count > 0) {
    expect(engine::is_solution_of(first.solution, puzzle, units), "the classic core's solution is not one: " + what);
    for (const engine::Exclusion& e : exclusions) {
      expect(puzzle[e.cell] != 0 || first.solution[e.cell] != e.digit, "a solution with a digit ruled out: " + what);
    }
  }
  if (expected.count == 1 && limit >= 2) expect(first.solution == expected.solution, "another solution: " + what);
  // The solutions tallied by cell and digit: each cell's digits add up to the count,
  // and where every solution was found both cores tally alike.
  constexpr int kTallyLimit = 64;
  std::vector<std::uint32_t> tally_generic(81 * 9);
  std::vector<std::uint32_t> tally_classic(81 * 9);
  const int tallied = generic.tally_solutions(puzzle, kTallyLimit, tally_generic).count;
  expect(builds.front().second.tally_solutions(puzzle, kTallyLimit, tally_classic).count == tallied,
         "the cores tally different counts: " + what);
  for (std::size_t cell = 0; cell < 81; ++cell) {
    std::uint32_t generic_sum = 0;
    std::uint32_t classic_sum = 0;
    for (std::size_t d = 0; d < 9; ++d) {
      generic_sum += tally_generic[9 * cell + d];
      classic_sum += tally_classic[9 * cell + d];
    }
    expect(generic_sum == static_cast<std::uint32_t>(tallied) && classic_sum == static_cast<std::uint32_t>(tallied),
           "a cell's tally that is not the count: " + what);
  }
  if (tallied < kTallyLimit) expect(tally_generic == tally_classic, "the cores tally different solutions: " + what);
  // Up to two (what uniqueness asks): the same counters below 2, 2 or more elsewhere.
  std::vector<std::uint32_t> tally_two(81 * 9);
  const int visited = builds.front().second.tally_solutions(puzzle, kTallyLimit, tally_two, engine::TallyCounts::UpToTwo).count;
  if (tallied < kTallyLimit) {
    expect(visited <= tallied, "a tally up to two visits more solutions than there are: " + what);
    for (std::size_t k = 0; k < tally_two.size(); ++k) {
      expect(std::min<std::uint32_t>(tally_two[k], 2) == std::min<std::uint32_t>(tally_generic[k], 2),
             "a tally up to two that says otherwise than the exact one: " + what);
    }
  }
  // Every build the same in everything; the same random fill from the same seed.
  std::uint64_t seed = 0;
  for (std::size_t i = 0; i < size; ++i) seed = seed * 131 + data[i];
  engine::Grid filled(classic);
  engine::Rng rng(seed);
  const bool fills = builds.front().second.random_solution(puzzle, rng, filled);
  expect(fills == (generic.count_solutions(puzzle, 1).count > 0), "a fill where there is no solution, or none where there is: " + what);
  if (fills) expect(engine::is_solution_of(filled, puzzle, units), "a fill that is no solution: " + what);
  for (std::size_t b = 1; b < builds.size(); ++b) {
    const engine::SolveResult other = builds[b].second.count_solutions(puzzle, limit, exclusions);
    expect(other.count == first.count && other.solution == first.solution && other.stats.nodes == first.stats.nodes &&
               other.stats.guesses == first.stats.guesses && other.stats.max_depth == first.stats.max_depth,
           "the classic builds disagree: " + what);
    engine::Grid again(classic);
    engine::Rng same(seed);
    expect(builds[b].second.random_solution(puzzle, same, again) == fills && (!fills || again == filled),
           "the classic builds fill otherwise: " + what);
  }
}

}  // namespace sudoforge::fuzz
