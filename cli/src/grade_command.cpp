#include "sudoforge/cli/grade_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <memory>
#include <tuple>

#include "output.hpp"
#include "graded_input.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/grade_record.hpp"
#include "sudoforge/cli/puzzle_input.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::cli {

namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

void setup_grade(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GradeOptions>();
  CLI::App* command = app.add_subcommand("grade", "Rate puzzles: status, tier, te_depth, score, technique counts");
  command->add_option("files", options->files, "Puzzle files ('-' or none: standard input)");
  add_geometry_options(*command, options->geometry);
  add_input_format_option(*command, options->input_format);
  command->add_option("--format", options->format, "Output records: csv (with a header) or jsonl")
      ->check(CLI::IsMember({"csv", "jsonl"}))
      ->capture_default_str();
  command->add_option("--max-te-depth", options->max_te_depth, "Stop looking deeper than this trial-and-error depth")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  command->add_flag("!--no-rating", options->rate,
                    "Classification only (tier, te_depth, search): no human rating, level or technique counts; "
                    "score is the tier's base");
  add_threads_option(*command, options->threads);
  add_shard_option(*command, options->shard);
  command->add_flag("-q,--quiet", options->quiet, "No summary on stderr");
  command->callback([options, &exit_code] { exit_code = run_grade(*options); });
}

int run_grade(const GradeOptions& options) {
  GradeInputs inputs;
  inputs.files = options.files;
  inputs.geometry = resolve_geometry(options.geometry);
  inputs.format = resolve_format(options.input_format);
  if (!options.shard.empty()) std::tie(inputs.shard, inputs.shards) = parse_shard(options.shard);
  inputs.options.max_te_depth = options.max_te_depth;
  inputs.options.rate = options.rate;
  const RecordFormat format = *parse_record_format(options.format);
  const ThreadLimit thread_limit(options.threads);
  inputs.threads = thread_limit.threads();
  GradeTally tally;
  const auto start = Clock::now();

  Output& records = Output::standard();
  records.write(record_header(format));
  std::string out;
  std::string source;  // FILE:LINE of a record
  std::array<char, engine::kMaxCells> puzzle_text;
  grade_inputs(inputs, [] { return false; }, [&](std::span<GradedItem> items) {
    out.clear();
    for (const GradedItem& item : items) {
      const InputRecord& record = item.record;
      if (record.kind == InputRecord::Kind::Unreadable) {
        ++tally.unreadable;
        records.write(out);
        out.clear();
        report(record);
        continue;
      }
      tally.count(item.grade);
      std::string_view puzzle;
      if (record.kind == InputRecord::Kind::Puzzle) {
        engine::write_line(record.grid, puzzle_text.data());
        puzzle = std::string_view(puzzle_text.data(), static_cast<std::size_t>(record.grid.cell_count()));
      }
      source.assign(record.source);
      source += ':';
      const fmt::format_int line(record.line);
      source.append(line.data(), line.size());
      append_record(out, GradeRecord{source, puzzle, item.grade, options.rate, std::nullopt, record.note}, format);
      if (item.grade.status != grader::Status::Unique) {
        records.write(out);
        out.clear();
        report_rejection(record, item.grade);
      }
    }
    records.write(out);
  });
  records.flush();

  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!options.quiet) {
    const int threads = thread_limit.threads();
    std::fputs(fmt::format("{}\ngrade: {:.3f} s, {:.0f} puzzles/s, {} thread{}\n", tally.summary("grade"), seconds,
                           seconds > 0 ? static_cast<double>(tally.puzzles()) / seconds : 0.0, threads,
                           threads == 1 ? "" : "s")
                   .c_str(),
               stderr);
  }
  if (tally.unreadable > 0) return kExitError;
  return tally.rejected() > 0 ? kExitRejected : kExitOk;
}

}  // namespace sudoforge::cli
