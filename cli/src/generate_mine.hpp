#pragma once
// The mining loop of `generate` (generator/mine.hpp): rounds of jobs over the
// frontier on every core (ordered_workers.hpp), each round's finds taken in job order
// by the calling thread, which accepts, stores and saves the run's state with every commit. The
// command (generate_command.cpp) sets up the run, the store and the outputs, and
// hands them in here as callbacks.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "progress.hpp"
#include "sudoforge/cli/selection_options.hpp"
#include "sudoforge/generator/frontier.hpp"
#include "sudoforge/generator/mine.hpp"
#include "sudoforge/generator/run.hpp"
#include "sudoforge/store/store.hpp"

namespace sudoforge::cli {

struct MineRun {
  const generator::Request& request;  // the whole request (mining fields set)
  std::uint64_t seed = 0;
  std::uint64_t next_index = 0;       // the first job not done
  std::string state;                  // the run's saved state; empty: none yet
  // The run's first seeds (read only when there is no saved state).
  std::function<std::vector<generator::Seed>()> seeds;
  int threads = 1;
  std::int64_t max_jobs = 0;  // --max-candidates: jobs this process hands out (0: no limit)
  // An accepted find of job `index`, found from `from` by `move`.
  std::function<void(const generator::Find&, std::uint64_t index, const generator::Seed& from, generator::Move move)>
      accept;
  // Whether the database has a puzzle (by canonical key); null without a database.
  std::function<bool(const std::string& key)> stored;
  // Commits what was accepted, with the next job and the state; `force`: now, else
  // when a batch is due.
  std::function<void(std::uint64_t next_index, const generator::MineState& state, bool force)> commit;
};

struct MineOutcome {
  bool dry = false;             // the frontier ran dry (seeded runs)
  std::int64_t rounds = 0;      // rounds begun in this process
  std::int64_t jobs = 0;        // jobs done in this process
  std::int64_t candidates = 0;  // neighbours tried
  std::int64_t unique = 0;      // of which unique
  std::int64_t shallow = 0;     // of which left out unexamined (generator::MineOptions::shallow_guesses)
};

// Runs the loop until the acceptor is complete, a stop is asked for
// (InterruptGuard), max_jobs is reached, the give-up bound is met, or the frontier
// runs dry. Progress shows finds, rates and the frontier. A run stopped while its
// seeds are rated saves no state: it starts from the seeds again when resumed.
MineOutcome run_mining(const MineRun& run, generator::Acceptor& accepted, Progress& progress);

// The seeds in `files` (PuzzleInput: any layout it reads), graded on `threads`
// threads; a line that is not a unique puzzle is reported ("FILE:LINE: reason") and
// counted in `rejected`.
std::vector<generator::Seed> read_seeds(const std::vector<std::string>& files, const engine::Geometry& geometry,
                                        int threads, int max_te_depth, std::int64_t& rejected);
// The selected puzzles of the database as seeds (of the run's geometry), each
// ordered by its stored score, or, where an older sudoforge rated it (or nothing did),
// by the score of this sudoforge's rating, rated afresh on `threads` threads and
// counted in `rated_again` (the rows are left as they are: `upgrade` stores that).
std::vector<generator::Seed> stored_seeds(store::Store& store, store::Selection selection,
                                          const engine::Geometry& geometry, int threads, int max_te_depth,
                                          std::int64_t& rated_again);

}  // namespace sudoforge::cli
