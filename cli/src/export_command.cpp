#include "sudoforge/cli/export_command.hpp"

#include <CLI/CLI.hpp>
#include <array>
#include <filesystem>
#include <tuple>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "explain_html.hpp"
#include "output.hpp"
#include "sudoforge/book/book.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/grade_record.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/store/store.hpp"

namespace sudoforge::cli {

namespace {

// "-" is standard output, as for every file option.
void write_file(const std::string& path, const std::string& text) {
  Output out = Output::open(path);
  out.write(text);
  out.close();
}

}  // namespace

void setup_export(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* command = app.add_subcommand("export", "Write selected puzzles as a PDF book, images or files");
  add_database_option(*command, options->db);
  add_selection_options(*command, options->selection);
  command->add_option("--pdf", options->pdf, "The book, as a PDF file");
  command->add_option("--title", options->title, "Title of the book")->capture_default_str();
  command->add_option("--subtitle", options->subtitle, "Subtitle on the title page");
  command->add_option("--author", options->author, "Author on the title page");
  command->add_option("--per-page", options->per_page, "Puzzles per page: 1, 2, 4 or 6 (fewer for big grids)")
      ->check(CLI::IsMember({1, 2, 4, 6}))
      ->capture_default_str();
  command->add_option("--page", options->page, "Page size: a4, letter, a5 or 6x9in")
      ->check(CLI::IsMember({"a4", "letter", "a5", "6x9in"}))
      ->capture_default_str();
  command->add_flag("--answers", options->answers, "Add an answer key (and solution images)");
  command->add_option("--sections", options->sections, "What the book's parts are: level (default) or tier")
      ->check(CLI::IsMember({"level", "tier"}))
      ->capture_default_str();
  command->add_option("--label", options->label,
                      "Above each puzzle, besides its number: level (\"12 · Hard\"), tier, none, or full (level, "
                      "rating, tier, score, database id)")
      ->check(CLI::IsMember({"level", "tier", "none", "full"}))
      ->capture_default_str();
  command->add_flag("--no-rules", options->no_rules, "No page of how to play (page 2 is left blank)");
  command->add_option("--symbols", options->symbols, "Digits of grids above 9x9: 1-16, 0-F (hexadecimal) or A-P")
      ->check(CLI::IsMember({"1-16", "0-F", "A-P"}))
      ->capture_default_str();
  command->add_flag("--no-credit", options->no_credit, "No 'made with sudoforge' on the title page");
  command->add_option("--svg", options->svg, "One SVG per puzzle into this directory");
  command->add_option("--html", options->html,
                      "One web page per puzzle into this directory (puzzle-0001.html ...), stepping through its solution");
  command->add_option("--png", options->png, "One PNG per puzzle into this directory");
  command->add_option("--pages-png", options->pages_png, "Every page of the book as a PNG into this directory");
  command->add_option("--text", options->text, "The puzzles, one per line");
  command->add_option("--csv", options->csv, "The puzzles' records, CSV");
  command->add_option("--jsonl", options->jsonl, "The puzzles' records, JSON lines");
  command->add_option("--sdm", options->sdm, "The puzzles, one per line (.sdm)");
  command->add_option("--ss", options->ss, "The puzzles as Simple Sudoku's grids (.ss; 9x9)");
  command->add_option("--opensudoku", options->opensudoku, "The puzzles as OpenSudoku's XML (9x9)");
  command->add_option("--tatham", options->tatham, "The puzzles as Simon Tatham's game IDs, one per line");
  command->callback([options, &exit_code] { exit_code = run_export(*options); });
}

int run_export(const ExportOptions& options) {
  if (options.pdf.empty() && options.svg.empty() && options.png.empty() && options.pages_png.empty() &&
      options.html.empty() && options.text.empty() && options.csv.empty() && options.jsonl.empty() && options.sdm.empty() &&
      options.ss.empty() && options.opensudoku.empty() && options.tatham.empty()) {
    throw CliError("export needs at least one of --pdf, --svg, --png, --pages-png, --html, --text, --csv, --jsonl, --sdm, --ss, "
                   "--opensudoku, --tatham");
  }
  store::Store store(options.db, store::Store::Access::ReadOnly);
  note_unrated(store);
  std::vector<store::StoredPuzzle> selected;
  store.select(resolve_selection(options.selection), [&](const store::StoredPuzzle& puzzle) { selected.push_back(puzzle); });
  if (selected.empty()) throw CliError("no stored puzzle matches the selection in '" + options.db + "'", kExitRejected);
  for (const auto& puzzle : selected) {
    if (!(puzzle.puzzle.geometry() == selected.front().puzzle.geometry())) {
      throw CliError("the selection mixes " + selected.front().puzzle.geometry().name() + " and " +
                     puzzle.puzzle.geometry().name() + " puzzles: pick one with --size, --box or --diagonal");
    }
  }
  const book::Sections sections = options.sections == "tier" ? book::Sections::Tier : book::Sections::Level;
  const auto unrated = std::count_if(selected.begin(), selected.end(), [](const auto& p) { return !p.rated; });
  if (unrated > 0) {
    throw CliError(fmt::format("{} of the selected puzzles have no rating yet (stored by an older sudoforge): run "
                               "'sudoforge upgrade --db {}' first",
                               unrated, options.db));
  }
  std::vector<book::BookPuzzle> puzzles;
  for (const auto& stored : selected) {
    puzzles.push_back(book::BookPuzzle{0, stored.id, stored.puzzle, stored.grade.solution, stored.grade.tier,
                                       stored.grade.te_depth, stored.grade.score, stored.grade.level,
                                       stored.grade.rating});
  }
  // Book order: easiest section first, the selection's order within each. `selected`
  // follows the same order, for the files written from it.
  std::vector<std::size_t> order(puzzles.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return book::section_of(puzzles[a], sections) < book::section_of(puzzles[b], sections);
  });
  {
    std::vector<book::BookPuzzle> sorted;
    std::vector<store::StoredPuzzle> sorted_selected;
    for (const std::size_t i : order) {
      sorted.push_back(puzzles[i]);
      sorted.back().number = static_cast<int>(sorted.size());
      sorted_selected.push_back(selected[i]);
    }
    puzzles = std::move(sorted);
    selected = std::move(sorted_selected);
  }
  book::BookOptions book_options;
  book_options.title = options.title;
  book_options.subtitle = options.subtitle;
  book_options.author = options.author;
  book_options.page = *book::parse_page_size(options.page);
  book_options.per_page = options.per_page;
  book_options.answers = options.answers;
  book_options.sections = sections;
  book_options.labels = *book::parse_labels(options.label);
  book_options.rules = !options.no_rules;
  book_options.symbols = *book::parse_symbols(options.symbols);
  book_options.credit = !options.no_credit;
  book_options.date = store.last_change();
  if (book_options.date.empty()) book_options.date = "2000-01-01T00:00:00";

  // The files of records and of other programs' layouts; refused before anything is
  // written if one cannot hold a puzzle.
  const std::array files = {
      std::tuple{options.csv, RecordFormat::Csv, "--csv"}, std::tuple{options.jsonl, RecordFormat::Jsonl, "--jsonl"},
      std::tuple{options.sdm, RecordFormat::Sdm, "--sdm"}, std::tuple{options.ss, RecordFormat::Ss, "--ss"},
      std::tuple{options.opensudoku, RecordFormat::OpenSudoku, "--opensudoku"},
      std::tuple{options.tatham, RecordFormat::Tatham, "--tatham"}};
  for (const auto& [path, format, option] : files) {
    if (path.empty()) continue;
    for (const auto& stored : selected) {
      if (const auto why = cannot_hold(format, stored.puzzle.geometry())) {
        throw CliError(fmt::format("export {}: puzzle {} cannot be written: {} (select with --size 9)", option,
                                   stored.id, *why));
      }
    }
  }
  try {
    if (!options.pdf.empty() || !options.pages_png.empty() || !options.svg.empty() || !options.png.empty()) {
      book::load_printer();  // (before a file is opened)
    }
    if (!options.pdf.empty()) {  // "-": standard output, as for every file option
      Output out = Output::open(options.pdf);
      book::write_pdf([&](std::string_view bytes) { out.write(bytes); }, options.pdf, puzzles, book_options);
      out.close();
    }
    if (!options.pages_png.empty()) book::write_page_images(options.pages_png, puzzles, book_options, 100);
    if (!options.svg.empty()) book::write_puzzle_images(options.svg, puzzles, book_options.symbols, book::ImageFormat::Svg, options.answers);
    if (!options.png.empty()) book::write_puzzle_images(options.png, puzzles, book_options.symbols, book::ImageFormat::Png, options.answers);
  } catch (const book::BookError& error) {
    throw CliError(error.what());
  }
  if (!options.html.empty()) {  // each puzzle graded again, its steps recorded
    std::error_code error;
    std::filesystem::create_directories(options.html, error);
    if (error) throw CliError("cannot create directory '" + options.html + "': " + error.message());
    grader::GradeOptions recording;
    recording.record_steps = true;
    grader::Grader grader(puzzles.front().puzzle.geometry());  // a book holds one geometry (checked above)
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const grader::Grade grade = grader.grade(puzzles[i].puzzle, recording);
      char name[32];
      std::snprintf(name, sizeof name, "puzzle-%04d.html", puzzles[i].number);
      write_file((std::filesystem::path(options.html) / name).string(),
                 explain_html(puzzles[i].puzzle, grade, fmt::format("Puzzle {}", puzzles[i].number)));
    }
  }
  if (!options.text.empty()) {
    std::string text;
    for (const auto& stored : selected) text += engine::to_line(stored.puzzle) + "\n";
    write_file(options.text, text);
  }
  for (const auto& [path, format, option] : files) {
    if (path.empty()) continue;
    std::string text = record_header(format, true);
    for (const auto& stored : selected) {
      text += format_record(
          GradeRecord{stored.source, engine::to_line(stored.puzzle), stored.grade, stored.rated, stored.id, stored.note}, format);
    }
    write_file(path, text + record_footer(format));
  }
  const std::size_t pages = book::plan_book(puzzles, book_options).size();
  std::fputs(fmt::format("export: {} puzzles{}\n", puzzles.size(),
                         options.pdf.empty() ? "" : fmt::format(", {} pages into {}", pages, options.pdf))
                 .c_str(),
             stderr);
  return kExitOk;
}

}  // namespace sudoforge::cli
