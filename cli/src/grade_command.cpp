#include "sudoforge/cli/grade_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <memory>

#include "ordered_pipeline.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/grade_record.hpp"
#include "sudoforge/cli/puzzle_input.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct Item {
  InputRecord record;
  grader::Grade grade;
};

constexpr std::size_t kBatchSize = 32;

struct Tally {
  std::array<long, 3> tiers{};         // by grader::Tier
  std::array<long, 8> te_depths{};     // diabolical, by te_depth (last: deeper)
  std::array<long, 4> statuses{};      // by grader::Status
  long unreadable = 0;
  long puzzles() const { return statuses[0] + statuses[1] + statuses[2] + statuses[3]; }
  long rejected() const { return puzzles() - statuses[0]; }
};

std::string summary(const Tally& tally, double seconds, int threads) {
  std::string text = fmt::format("grade: {} puzzles: {} singles, {} twins, {} diabolical", tally.puzzles(),
                                 tally.tiers[0], tally.tiers[1], tally.tiers[2]);
  std::string depths;
  for (std::size_t k = 0; k < tally.te_depths.size(); ++k) {
    if (tally.te_depths[k] == 0) continue;
    depths += fmt::format("{}te_depth {}{}: {}", depths.empty() ? "" : ", ", k,
                          k + 1 == tally.te_depths.size() ? "+" : "", tally.te_depths[k]);
  }
  if (!depths.empty()) text += " (" + depths + ")";
  text += fmt::format("; {} rejected ({} no solution, {} several solutions, {} invalid)", tally.rejected(),
                      tally.statuses[1], tally.statuses[2], tally.statuses[3]);
  if (tally.unreadable > 0) text += fmt::format("; {} unreadable source(s)", tally.unreadable);
  text += fmt::format("\ngrade: {:.3f} s, {:.0f} puzzles/s, {} thread{}\n", seconds,
                      seconds > 0 ? static_cast<double>(tally.puzzles()) / seconds : 0.0, threads,
                      threads == 1 ? "" : "s");
  return text;
}

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
  add_threads_option(*command, options->threads);
  command->add_flag("-q,--quiet", options->quiet, "No summary on stderr");
  command->callback([options, &exit_code] { exit_code = run_grade(*options); });
}

int run_grade(const GradeOptions& options) {
  const engine::Geometry geometry = resolve_geometry(options.geometry);
  const engine::TextFormat input_format = resolve_format(options.input_format);
  const RecordFormat format = *parse_record_format(options.format);
  const ThreadLimit thread_limit(options.threads);
  PerThread<grader::Grader> graders(geometry);
  grader::GradeOptions grade_options;
  grade_options.max_te_depth = options.max_te_depth;
  PuzzleInput input(options.files, geometry, input_format);
  Tally tally;
  const auto start = Clock::now();

  const std::string header = record_header(format);
  std::fwrite(header.data(), 1, header.size(), stdout);
  std::string out;
  ordered_pipeline<Item>(
      thread_limit.threads(), kBatchSize, [&](Item& item) { return input.next(item.record); },
      [&](std::vector<Item>& items) {
        grader::Grader& grader = graders.local();
        for (Item& item : items) {
          if (item.record.kind == InputRecord::Kind::Puzzle) item.grade = grader.grade(item.record.grid, grade_options);
        }
      },
      [&](const std::vector<Item>& items) {
        out.clear();
        for (const Item& item : items) {
          const InputRecord& record = item.record;
          if (record.kind == InputRecord::Kind::Unreadable) {
            ++tally.unreadable;
            std::fwrite(out.data(), 1, out.size(), stdout);
            out.clear();
            report(record);
            continue;
          }
          GradeRecord line{record.source + ":" + std::to_string(record.line), {}, item.grade};
          if (record.kind == InputRecord::Kind::Rejected) {
            line.grade = grader::Grade{};
            line.grade.status = grader::Status::Invalid;
            line.grade.reason = record.reason;
          } else {
            line.puzzle = engine::to_line(record.grid);
          }
          const grader::Grade& grade = line.grade;
          ++tally.statuses[static_cast<std::size_t>(grade.status)];
          if (grade.status == grader::Status::Unique) {
            ++tally.tiers[static_cast<std::size_t>(grade.tier)];
            if (grade.tier == grader::Tier::Diabolical) {
              ++tally.te_depths[std::min<std::size_t>(static_cast<std::size_t>(grade.te_depth),
                                                      tally.te_depths.size() - 1)];
            }
          }
          out += format_record(line, format);
          if (grade.status != grader::Status::Unique) {
            std::fwrite(out.data(), 1, out.size(), stdout);
            out.clear();
            InputRecord rejected = record;
            rejected.kind = InputRecord::Kind::Rejected;
            rejected.reason = grade.reason;
            report(rejected);
          }
        }
        std::fwrite(out.data(), 1, out.size(), stdout);
      });
  std::fflush(stdout);

  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!options.quiet) std::fputs(summary(tally, seconds, thread_limit.threads()).c_str(), stderr);
  if (tally.unreadable > 0) return kExitError;
  return tally.rejected() > 0 ? kExitRejected : kExitOk;
}

}  // namespace sudoforge::cli
