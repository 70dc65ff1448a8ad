#pragma once
// `sudoforge generate`: puzzles to order, on every core, proved unique, graded,
// stored; reproducible from the seed with any thread count; resumable.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoforge/cli/common_options.hpp"
#include "sudoforge/cli/selection_options.hpp"

namespace CLI {
class App;
}

namespace sudoforge::cli {

struct GenerateOptions {
  std::int64_t count = 0;
  std::string tier;      // singles, twins or diabolical
  std::string level;     // easy, medium, hard, fiendish or extreme
  std::string mix;       // e.g. singles=50,twins=30,diabolical=20 or easy=40,hard=60 (shares of count)
  std::optional<int> te_depth;
  std::string rating;    // MIN:MAX on the ER scale
  std::string score;     // MIN:MAX
  std::string clues;     // MIN:MAX
  std::string symmetry = "none";
  GeometryOptions geometry;
  std::optional<std::uint64_t> seed;
  int threads = 0;
  std::string db = "sudoforge.db";
  bool no_db = false;
  std::string out;       // FILE, or - for stdout
  std::string format = "csv";
  bool quiet = false;
  std::optional<std::int64_t> resume;
  int max_steps = 60;
  int max_te_depth = 4;
  std::int64_t max_candidates = 0;  // 0: no limit
  std::int64_t give_up = 0;         // 0: the default bound (generator::Acceptor::give_up_bound)
  std::string shard;                // K/N: this machine's share of the run
  // Mining (generator/mine.hpp).
  std::vector<std::string> from;    // seed files
  bool from_db = false;             // seeds from the database, selected by from_selection
  SelectionOptions from_selection;  // --from-tier, --from-rating, ...
  bool mine = false;                // mine even when fresh candidates could do
  std::string moves = "-1+1,-0+1,-1+0,-2+2";
  int width = 16;                   // seeds explored per round
  bool no_minimize = false;
};

// Registers the subcommand; running it stores its exit code in `exit_code`.
void setup_generate(CLI::App& app, int& exit_code);
// Runs the command. Returns the exit code; throws CliError on fatal errors.
int run_generate(const GenerateOptions& options);

}  // namespace sudoforge::cli
