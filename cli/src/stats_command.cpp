#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
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
  std::vector<std::pair<std::string, std::int64_t>> geometries;
  for (const store::GeometryStats& g : stats.by_geometry) geometries.emplace_back(g.name, g.puzzles);
  line("geometry", geometries);
  line("tier", stats.by_tier);
  line("level", stats.by_level);
  line("diabolical by te_depth", stats.by_te_depth);
  // A clue histogram per geometry: counts, and a bar scaled to the largest.
  for (const store::GeometryStats& g : stats.by_geometry) {
    out += fmt::format("clues, {}:\n", g.name);
    std::int64_t most = 0;
    for (const auto& [clues, count] : g.by_clues) most = std::max(most, count);
    for (const auto& [clues, count] : g.by_clues) {
      const auto bar = static_cast<std::size_t>((count * 40 + most - 1) / most);
      out += fmt::format("  {:>3} {:>8} {}\n", clues, count, std::string(bar, '#'));
    }
  }
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
