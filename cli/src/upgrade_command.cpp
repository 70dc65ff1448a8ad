#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "interrupt.hpp"
#include "ordered_workers.hpp"
#include "progress.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/store_commands.hpp"

namespace sudoforge::cli {

void setup_upgrade(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<UpgradeOptions>();
  CLI::App* command = app.add_subcommand(
      "upgrade",
      "Bring a database made by an older sudoforge up to date: rate the puzzles stored before ratings, and rate again "
      "those an older rating rated");
  add_database_option(*command, options->db);
  add_threads_option(*command, options->threads);
  command->add_flag("-q,--quiet", options->quiet, "No progress and no summary on stderr");
  command->callback([options, &exit_code] { exit_code = run_upgrade(*options); });
}

int run_upgrade(const UpgradeOptions& options) {
  const InterruptGuard interrupt;
  store::Store store(options.db);  // opening migrates the schema; the rows keep their old ratings until rated here
  const store::Store::Outdated outdated = store.outdated();
  const std::int64_t total = outdated.unrated + outdated.older;
  const ThreadLimit thread_limit(options.threads);
  // A grader per worker and geometry met (a database may hold several).
  std::vector<std::map<std::pair<int, int>, std::unique_ptr<grader::Grader>>> graders(
      static_cast<std::size_t>(thread_limit.threads()));
  const auto grade = [&](const engine::Grid& puzzle, int worker) {
    const engine::Geometry& geometry = puzzle.geometry();
    auto& grader = graders[static_cast<std::size_t>(worker)][{geometry.box_rows() * 32 + geometry.box_cols(),
                                                               static_cast<int>(geometry.variant())}];
    if (!grader) grader = std::make_unique<grader::Grader>(geometry);
    return grader->grade(puzzle);
  };
  Progress progress(!options.quiet, total);
  store::Store::Rerated done;
  // A transaction per batch: a stop (or a kill) keeps every batch committed, and
  // running the command again goes on from there. A stop asked for mid-batch (a
  // batch of te_depth-2 puzzles takes seconds) commits the grades taken so far.
  constexpr std::int64_t kBatch = 512;
  std::int64_t after = 0;
  // (Nothing outdated: no pass over the table; the rows are read by id, not by index.)
  while (total > 0 && !InterruptGuard::requested()) {
    const std::vector<store::StoredPuzzle> rows = store.outdated_rows(after, kBatch);
    if (rows.empty()) break;
    std::vector<grader::Grade> grades;
    grades.reserve(rows.size());
    ordered_workers<grader::Grade>(
        thread_limit.threads(), rows.size(), [&](std::size_t i, int worker) { return grade(rows[i].puzzle, worker); },
        [&](std::size_t, grader::Grade& graded) {
          grades.push_back(std::move(graded));
          const std::int64_t rated = done.unrated + done.older + static_cast<std::int64_t>(grades.size());
          progress.update(rated, rated, "");
          return !InterruptGuard::requested();
        });
    const store::Store::Rerated batch = store.store_ratings(rows, grades);
    done.unrated += batch.unrated;
    done.older += batch.older;
    done.changed += batch.changed;
    if (grades.empty()) break;
    after = rows[grades.size() - 1].id;
  }
  progress.finish();
  const bool stopped = InterruptGuard::requested() && done.unrated + done.older < total;
  if (!options.quiet) {
    std::string said = fmt::format("upgrade: {}: ", options.db);
    if (total == 0) said += fmt::format("every puzzle holds this sudoforge's rating (version {})", grader::kRatingVersion);
    if (outdated.unrated > 0) said += fmt::format("rated {} of {} puzzles without a rating", done.unrated, outdated.unrated);
    if (outdated.unrated > 0 && outdated.older > 0) said += "; ";
    if (outdated.older > 0) {
      said += fmt::format("rated again {} of {} rated by an older sudoforge, {} of them now rated differently", done.older,
                          outdated.older, done.changed);
    }
    std::fputs((said + (stopped ? "; interrupted: run it again to go on\n" : "\n")).c_str(), stderr);
  }
  return stopped ? kExitInterrupted : kExitOk;
}

}  // namespace sudoforge::cli
