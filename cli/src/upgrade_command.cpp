#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <memory>

#include "interrupt.hpp"
#include "progress.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/store_commands.hpp"

namespace sudoforge::cli {

void setup_upgrade(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<UpgradeOptions>();
  CLI::App* command = app.add_subcommand(
      "upgrade", "Bring a database made by an older sudoforge up to date: rate the puzzles stored before ratings");
  add_database_option(*command, options->db);
  command->add_flag("-q,--quiet", options->quiet, "No progress and no summary on stderr");
  command->callback([options, &exit_code] { exit_code = run_upgrade(*options); });
}

int run_upgrade(const UpgradeOptions& options) {
  store::Store store(options.db);  // opening migrates the schema; the rows keep NULL ratings until rated here
  const std::int64_t total = store.unrated();
  // One grader per geometry met (a database may hold several).
  std::map<std::pair<int, int>, std::unique_ptr<grader::Grader>> graders;
  const auto rate = [&](const engine::Grid& puzzle) {
    const engine::Geometry& geometry = puzzle.geometry();
    auto& grader = graders[{geometry.box_rows() * 32 + geometry.box_cols(), static_cast<int>(geometry.variant())}];
    if (!grader) grader = std::make_unique<grader::Grader>(geometry);
    return grader->grade(puzzle);
  };
  const InterruptGuard interrupt;
  Progress progress(!options.quiet, total);
  std::int64_t rated = 0;
  // A transaction per batch: a stop (or a kill) keeps every batch committed, and
  // running the command again goes on from there.
  constexpr std::int64_t kBatch = 512;
  while (!InterruptGuard::requested()) {
    const std::int64_t batch = store.rate_unrated(kBatch, rate);
    if (batch == 0) break;
    rated += batch;
    progress.update(rated, rated, "");
  }
  progress.finish();
  const bool stopped = InterruptGuard::requested() && rated < total;
  if (!options.quiet) {
    std::fputs(fmt::format("upgrade: {}: rated {} of {} puzzles without a rating{}\n", options.db, rated, total,
                           stopped ? "; interrupted: run it again to go on" : "")
                   .c_str(),
               stderr);
  }
  return stopped ? kExitError : kExitOk;
}

}  // namespace sudoforge::cli
