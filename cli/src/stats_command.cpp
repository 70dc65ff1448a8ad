#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "sudoforge/cli/errors.hpp"
#include "output.hpp"
#include "sudoforge/cli/store_commands.hpp"

namespace sudoforge::cli {

void setup_stats(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<StatsOptions>();
  CLI::App* command =
      app.add_subcommand("stats", "Count stored puzzles by geometry, tier, level, te_depth and clues; runs");
  add_database_option(*command, options->db);
  command->add_flag("--check", options->check, "Also check the file's integrity (PRAGMA integrity_check)");
  command->callback([options, &exit_code] { exit_code = run_stats(*options); });
}

int run_stats(const StatsOptions& options) {
  store::Store store(options.db, store::Store::Access::ReadOnly);
  note_unrated(store);
  const store::Stats stats = store.stats();
  std::string out = fmt::format("{}: {} puzzles, {} sightings\n", options.db, stats.puzzles, stats.sources);
  const auto line = [&](const std::string& title, const auto& counts) {
    if (counts.empty()) return;
    out += title + ":";
    for (const auto& [key, count] : counts) out += fmt::format(" {} {};", key, count);
    out.back() = '\n';
  };
  line("geometry", stats.by_geometry);
  line("tier", stats.by_tier);
  // Levels in their order, not the alphabet's.
  std::vector<std::pair<std::string, std::int64_t>> levels;
  for (int l = 0; l < grader::kLevelCount; ++l) {
    const std::string name(grader::level_name(static_cast<grader::Level>(l)));
    if (const auto at = stats.by_level.find(name); at != stats.by_level.end()) levels.emplace_back(name, at->second);
  }
  if (const auto at = stats.by_level.find("unrated"); at != stats.by_level.end()) levels.emplace_back("unrated", at->second);
  line("level", levels);
  line("diabolical by te_depth", stats.by_te_depth);
  line("clues", stats.by_clues);
  const auto runs = store.runs();
  if (!runs.empty()) out += "runs:\n";
  for (const store::Run& run : runs) {
    out += fmt::format("  {} {} {} {} -> {}: {} new, {} duplicates, {} rejected", run.id, run.command, run.status,
                       run.started, run.finished.empty() ? "..." : run.finished, run.added, run.duplicates,
                       run.rejected);
    if (run.seed) out += fmt::format(", seed {}", *run.seed);
    out += "  " + run.parameters + "\n";
  }
  if (options.check) {
    const std::string integrity = store.integrity_check();
    out += "integrity_check: " + integrity + "\n";
    Output::standard().write(out);
    return integrity == "ok" ? kExitOk : kExitError;
  }
  Output::standard().write(out);
  return kExitOk;
}

}  // namespace sudoforge::cli
