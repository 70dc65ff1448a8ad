#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "json_text.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/store_commands.hpp"

namespace sudoforge::cli {

void setup_merge(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* command = app.add_subcommand("merge", "Combine databases (e.g. shards) without duplicates");
  command->add_option("out", options->out, "The database to merge into (created if missing)")->required();
  command->add_option("inputs", options->inputs, "Databases to copy from (only read)")->required();
  command->callback([options, &exit_code] { exit_code = run_merge(*options); });
}

int run_merge(const MergeOptions& options) {
  store::Store out(options.out);
  for (const std::string& input : options.inputs) {
    std::error_code error;
    if (!std::filesystem::exists(input)) throw CliError("cannot open database '" + input + "': No such file or directory");
    if (std::filesystem::equivalent(input, options.out, error)) {
      throw CliError("cannot merge database '" + input + "' into itself");
    }
    store::RunGuard run(out, "merge", json_text(nlohmann::json{{"from", input}}), std::nullopt, 0);
    const store::MergeCounts counts = out.merge_from(input);
    out.set_run_counts(run.id(), counts.puzzles, counts.duplicates);
    run.finish(store::RunStatus::Done);
    std::fputs(fmt::format("merge: {}: {} new puzzles, {} already in {}, {} runs, {} sightings\n", input,
                           counts.puzzles, counts.duplicates, options.out, counts.runs, counts.sources)
                   .c_str(),
               stderr);
  }
  return kExitOk;
}

}  // namespace sudoforge::cli
