#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <tbb/info.h>
#include <tuple>

#include "commit_cadence.hpp"
#include "json_text.hpp"
#include "graded_input.hpp"
#include "interrupt.hpp"
#include "writer_thread.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/store_commands.hpp"
#include "sudoforge/store/store.hpp"

namespace sudoforge::cli {

void setup_import(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ImportOptions>();
  CLI::App* command = app.add_subcommand("import", "Grade the puzzles of files into the database (each stored once)");
  command->add_option("files", options->files, "Puzzle files ('-' or none: standard input)");
  add_database_option(*command, options->db);
  add_geometry_options(*command, options->geometry);
  add_input_format_option(*command, options->input_format);
  command->add_option("--max-te-depth", options->max_te_depth, "Stop looking deeper than this trial-and-error depth")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  add_threads_option(*command, options->threads);
  add_shard_option(*command, options->shard);
  command->add_flag("-q,--quiet", options->quiet, "No summary on stderr");
  command->callback([options, &exit_code] { exit_code = run_import(*options); });
}

int run_import(const ImportOptions& options) {
  // From the start, as generate: a signal while the database and the run are set up
  // stops the import like one later on (the run is marked interrupted), instead of
  // being lost or killing the process.
  const InterruptGuard interrupt;
  GradeInputs inputs;
  inputs.files = options.files;
  inputs.geometry = resolve_geometry(options.geometry);
  inputs.format = resolve_format(options.input_format);
  if (!options.shard.empty()) std::tie(inputs.shard, inputs.shards) = parse_shard(options.shard);
  inputs.options.max_te_depth = options.max_te_depth;
  const ThreadLimit thread_limit(options.threads);
  inputs.threads = thread_limit.threads();
  // The canonical keys (about a sixth of a 17-clue row's grading) go to the writer
  // thread while the workers leave it a core of its own, and to the workers when
  // every core grades.
  const bool keys_on_writer = inputs.threads < tbb::info::default_concurrency();
  inputs.with_keys = !keys_on_writer;

  store::Store store(options.db);
  const nlohmann::json parameters = {
      {"files", options.files},
      {"box", std::to_string(inputs.geometry.box_rows()) + "x" + std::to_string(inputs.geometry.box_cols())},
      {"variant", engine::variant_name(inputs.geometry.variant())},
      {"input_format", options.input_format},
      {"max_te_depth", options.max_te_depth},
      {"shard", options.shard.empty() ? nlohmann::json(nullptr) : nlohmann::json(options.shard)}};
  store::RunGuard run(store, "import", json_text(parameters), std::nullopt, 0);

  GradeTally tally;
  long added = 0;
  long duplicates = 0;
  std::vector<store::NewPuzzle> pending;
  CommitCadence cadence(2048);
  WriterThread writer;  // after `run`: it ends (and stops touching the store) first
  // The batch goes to the writer, which stores it while the workers grade on.
  const auto flush = [&] {
    writer.post([&store, &added, &duplicates, keys_on_writer, batch = std::move(pending)]() mutable {
      if (keys_on_writer) {
        for (store::NewPuzzle& puzzle : batch) find_keys(puzzle.puzzle, puzzle.canonical, puzzle.symmetry);
      }
      for (const bool is_new : store.add(batch)) (is_new ? added : duplicates)++;
    });
    pending.clear();
    cadence.committed();
  };
  // On an error the guard marks the run failed; what was committed stays, and
  // importing again completes the set.
  grade_inputs(inputs, InterruptGuard::requested, [&](std::span<GradedItem> items) {
    for (GradedItem& item : items) {
      const InputRecord& record = item.record;
      if (record.kind == InputRecord::Kind::Unreadable) {
        ++tally.unreadable;
        report(record);
        continue;
      }
      tally.count(item.grade);
      if (item.grade.status != grader::Status::Unique) {
        report_rejection(record, item.grade);
        continue;
      }
      pending.push_back(store::NewPuzzle{record.grid, std::move(item.grade), std::move(item.canonical),
                                         std::move(item.symmetry), record.source + ":" + std::to_string(record.line),
                                         run.id(), std::nullopt, true, {}, {}, record.note});
    }
    if (!pending.empty() && cadence.due(pending.size())) flush();
  });
  flush();
  writer.drain();
  const bool stopped = InterruptGuard::requested();
  run.finish(stopped ? store::RunStatus::Interrupted : store::RunStatus::Done, tally.rejected() + tally.unreadable);

  if (!options.quiet) {
    std::fputs(fmt::format("{}\nimport: stored {} new, {} already in {} (run {}){}\n", tally.summary("import"), added,
                           duplicates, options.db, run.id(), stopped ? "; interrupted" : "")
                   .c_str(),
               stderr);
  }
  if (stopped) return kExitInterrupted;
  if (tally.unreadable > 0) return kExitError;
  return tally.rejected() > 0 ? kExitRejected : kExitOk;
}

}  // namespace sudoforge::cli
