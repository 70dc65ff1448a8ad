#include "sudoforge/cli/solve_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include "output.hpp"
#include "ordered_pipeline.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/puzzle_input.hpp"
#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct Item {
  InputRecord record;
  engine::SolveResult result;
  double seconds = 0;
};

constexpr std::size_t kBatchSize = 64;

struct Tally {
  long unique = 0;
  long several = 0;
  long none = 0;
  long rejected = 0;
  long unreadable = 0;
  double solve_seconds = 0;
  double max_seconds = 0;
  long solved() const { return unique + several + none; }
};

// Counts the solutions of one puzzle, on any thread. The solver refuses clashing
// givens without searching (nodes == 0); only then is the clash looked up to name it.
void solve_item(Item& item, engine::Solver& solver, const engine::Units& units, int limit) {
  if (item.record.kind != InputRecord::Kind::Puzzle) return;
  const auto start = Clock::now();
  item.result = solver.count_solutions(item.record.grid, limit);
  item.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (item.result.stats.nodes > 0) return;
  if (const auto clash = engine::find_clash(item.record.grid, units)) {
    item.record.kind = InputRecord::Kind::Rejected;
    item.record.reason = "clashing givens: " + engine::describe(*clash, units);
  }
}

// The stdout text for one solved puzzle.
void format_item(const Item& item, const SolveOptions& options, std::string& out) {
  const auto& record = item.record;
  const int count = item.result.count;
  const std::string prefix = options.with_source ? record.source + ":" + std::to_string(record.line) + ": " : "";
  if (options.count) {
    out += prefix + std::to_string(count) + "\n";
    return;
  }
  const engine::Grid& shown = count > 0 ? item.result.solution : record.grid;
  const char* remark = count == 0 ? "no solution" : (count > 1 ? "several solutions; the first found" : "");
  if (options.layout == "grid") {
    if (!prefix.empty() || *remark != '\0') {
      out += "# ";
      out += prefix;
      out += remark;
      out += '\n';
    }
    out += engine::to_block(shown);
    out += '\n';
    return;
  }
  out += prefix;
  out += engine::to_line(shown);
  if (*remark != '\0') {
    out += "  # ";
    out += remark;
  }
  out += '\n';
}

std::string summary(const Tally& tally, double wall_seconds, int threads) {
  const long puzzles = tally.solved();
  std::string text = fmt::format(
      "solve: {} puzzle{} read: {} unique, {} with several solutions, {} with no solution; {} rejected", puzzles,
      puzzles == 1 ? "" : "s", tally.unique, tally.several, tally.none, tally.rejected);
  if (tally.unreadable > 0) text += fmt::format("; {} unreadable source{}", tally.unreadable, tally.unreadable == 1 ? "" : "s");
  text += "\n";
  if (puzzles > 0) {
    text += fmt::format("solve: {:.3f} s, {:.0f} puzzles/s; per puzzle avg {:.1f} us, max {:.1f} us; {} thread{}\n",
                        wall_seconds, wall_seconds > 0 ? static_cast<double>(puzzles) / wall_seconds : 0.0,
                        1e6 * tally.solve_seconds / static_cast<double>(puzzles), 1e6 * tally.max_seconds, threads,
                        threads == 1 ? "" : "s");
  }
  return text;
}

}  // namespace

void setup_solve(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* command = app.add_subcommand("solve", "Solve puzzles, or count their solutions");
  command->add_option("files", options->files, "Puzzle files ('-' or none: standard input)");
  add_geometry_options(*command, options->geometry);
  add_input_format_option(*command, options->input_format);
  command->add_flag("--count", options->count, "Print the number of solutions (up to --limit) instead");
  command->add_option("--limit", options->limit, "Stop counting at this many solutions")
      ->check(CLI::Range(1, 1 << 30))
      ->capture_default_str();
  command->add_option("--layout", options->layout, "How to print solutions: line or grid")
      ->check(CLI::IsMember({"line", "grid"}))
      ->capture_default_str();
  command->add_flag("--source", options->with_source, "Start each output line with FILE:LINE:");
  command->add_option("--core", options->core,
                      "Solver core: fastest (the classic 9x9 core's widest build for 9x9, else generic), generic, or a "
                      "build of the classic core: sse4, avx2, avx512 (for comparisons)")
      ->check(CLI::IsMember([] {
        std::vector<std::string> names;
        for (const engine::SolverCore core : engine::kSolverCores) names.emplace_back(engine::solver_core_name(core));
        return names;
      }()))
      ->capture_default_str();
  add_threads_option(*command, options->threads);
  command->add_flag("-q,--quiet", options->quiet, "No summary on stderr");
  command->callback([options, &exit_code] { exit_code = run_solve(*options); });
}

int run_solve(const SolveOptions& options) {
  const engine::Geometry geometry = resolve_geometry(options.geometry);
  const engine::TextFormat format = resolve_format(options.input_format);
  const ThreadLimit thread_limit(options.threads);
  const engine::Units units(geometry);
  const std::optional<engine::SolverCore> parsed = engine::parse_solver_core(options.core);
  if (!parsed) throw CliError("solve: no solver core '" + options.core + "'");
  const engine::SolverCore core = *parsed;
  if (!engine::Solver::available(core, geometry)) {
    throw CliError("solve: the " + options.core + " core does not solve " + geometry.name() + " puzzles on this processor");
  }
  PerThread<engine::Solver> solvers(geometry, engine::SolverOptions{.core = core});
  PuzzleInput input(options.files, geometry, format);
  Tally tally;
  std::string out;
  const auto start = Clock::now();

  ordered_pipeline<Item>(
      thread_limit.threads(), kBatchSize, [&](Item& item) { return input.next(item.record); },
      [&](std::span<Item> items) {
        engine::Solver& solver = solvers.local();
        for (Item& item : items) solve_item(item, solver, units, options.limit);
      },
      [&](std::span<const Item> items) {
        for (const Item& item : items) {
          if (item.record.kind != InputRecord::Kind::Puzzle) {
            (item.record.kind == InputRecord::Kind::Unreadable ? tally.unreadable : tally.rejected)++;
            report(item.record);
            continue;
          }
          const int count = item.result.count;
          (count == 0 ? tally.none : count == 1 ? tally.unique : tally.several)++;
          tally.solve_seconds += item.seconds;
          tally.max_seconds = std::max(tally.max_seconds, item.seconds);
          out.clear();
          format_item(item, options, out);
          Output::standard().write(out);
        }
      });
  Output::standard().flush();

  const double wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!options.quiet) std::fputs(summary(tally, wall_seconds, thread_limit.threads()).c_str(), stderr);
  if (tally.unreadable > 0) return kExitError;
  return tally.rejected > 0 ? kExitRejected : kExitOk;
}

}  // namespace sudoforge::cli
