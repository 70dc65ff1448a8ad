#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>

#include "sudoforge/cli/errors.hpp"
#include "output.hpp"
#include "sudoforge/cli/grade_record.hpp"
#include "sudoforge/cli/store_commands.hpp"
#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::cli {

void setup_list(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ListOptions>();
  CLI::App* command = app.add_subcommand("list", "Print stored puzzles, selected and ordered");
  add_database_option(*command, options->db);
  add_selection_options(*command, options->selection);
  command->add_option("--format", options->format,
                      "csv (with a header), jsonl, line (one puzzle per line; sdm is the same), ss (Simple Sudoku's "
                      "grids), opensudoku (its XML), tatham (Simon Tatham's game IDs)")
      ->check(CLI::IsMember({"csv", "jsonl", "line", "sdm", "ss", "opensudoku", "tatham"}))
      ->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_list(*options); });
}

int run_list(const ListOptions& options) {
  const store::Selection selection = resolve_selection(options.selection);
  store::Store store(options.db, store::Store::Access::ReadOnly);
  note_unrated(store);
  const RecordFormat format = *parse_record_format(options.format);
  Output& out = Output::standard();
  out.write(record_header(format, true));
  store.select(selection, [&](const store::StoredPuzzle& stored) {
    if (const auto why = cannot_hold(format, stored.puzzle.geometry())) {
      throw CliError(fmt::format("list --format {}: puzzle {} cannot be written: {} (select with --size 9)", options.format,
                                 stored.id, *why));
    }
    out.write(format_record(
        GradeRecord{stored.source, engine::to_line(stored.puzzle), stored.grade, stored.rated, stored.id, stored.note}, format));
  });
  out.write(record_footer(format));
  return kExitOk;
}

}  // namespace sudoforge::cli
