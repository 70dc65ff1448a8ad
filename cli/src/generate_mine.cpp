#include "generate_mine.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>
#include <unordered_set>

#include "interrupt.hpp"
#include "ordered_workers.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/puzzle_input.hpp"
#include "sudoforge/engine/canonical.hpp"

namespace sudoforge::cli {

namespace {

using Clock = std::chrono::steady_clock;

// The state a run starts with: its first round over the best seeds (a round of
// fresh puzzles when there are none).
generator::MineState first_state(std::vector<generator::Seed> seeds, const generator::MineOptions& options) {
  generator::MineState state;
  state.frontier = generator::Frontier(options.width, options.frontier);
  for (generator::Seed& seed : seeds) state.frontier.offer(std::move(seed));
  state.seeds = state.frontier.next_round();
  return state;
}

}  // namespace

MineOutcome run_mining(const MineRun& run, generator::Acceptor& accepted, Progress& progress) {
  const generator::Request& request = run.request;
  const generator::MineOptions options = request.mine_options();
  const bool seeded = !request.from.empty() || !request.from_db.empty();
  generator::MineState state;
  if (run.state.empty()) {
    std::vector<generator::Seed> seeds = run.seeds();
    // Stopped while the seeds were rated: nothing is kept (a first round of some of
    // them would be saved as the run's state), so the same command rates them all again.
    if (InterruptGuard::requested()) return MineOutcome{};
    state = first_state(std::move(seeds), options);
    if (seeded && state.seeds.empty()) throw CliError("generate: no seed puzzle to mine from");
    state.base = 0;
  } else {
    try {
      state = generator::MineState::load(run.state, request.geometry, options.width, options.frontier);
    } catch (const std::invalid_argument& error) {
      throw CliError(fmt::format("the run's saved mining state cannot be read ({}): it was changed by hand?", error.what()));
    }
  }
  const generator::Target target = request.target();
  // Where the rating does not decide what is accepted, a puzzle that several jobs of
  // a round find is rated by the first of them only (RatingClaims); the merge below
  // keeps that one and no other.
  generator::RatingClaims claims;
  generator::RatingClaims* const shared_claims = request.rating_decides() ? nullptr : &claims;
  // The keys of the round's kept finds (a find kept twice joins the frontier once).
  std::unordered_set<std::string> kept_keys;
  for (const generator::Seed& seed : state.kept) kept_keys.insert(seed.key);
  std::vector<generator::Miner> miners;
  for (int t = 0; t < std::max(1, run.threads); ++t) miners.emplace_back(request.geometry, options);
  MineOutcome outcome;
  std::uint64_t next_index = run.next_index;
  std::int64_t handed_out = 0;
  const auto start = Clock::now();
  bool done = accepted.complete();
  const auto n = static_cast<std::uint64_t>(request.shards);

  while (!done && !InterruptGuard::requested()) {
    const std::vector<generator::Job> jobs = miners.front().jobs(state.seeds, state.frontier);
    const std::uint64_t end = state.base + jobs.size();
    // This shard's jobs of the round not done yet, within --max-candidates.
    std::vector<std::uint64_t> mine;
    for (std::uint64_t i = request.first_from(std::max(next_index, state.base)); i < end; i += n) mine.push_back(i);
    bool cut = false;
    if (run.max_jobs > 0 && handed_out + static_cast<std::int64_t>(mine.size()) > run.max_jobs) {
      mine.resize(static_cast<std::size_t>(std::max<std::int64_t>(run.max_jobs - handed_out, 0)));
      cut = true;
    }
    ++outcome.rounds;
    std::size_t emitted = 0;
    // Any job of the round may be under way or done while an earlier one is not yet
    // taken (ordered_workers.hpp); a stop drops at most what the round had done past
    // the last job taken, which a resumed run does again.
    ordered_workers<generator::JobResult>(
        run.threads, mine.size(),
        [&](std::size_t k, int worker) {
          const std::uint64_t index = mine[k];
          return miners[static_cast<std::size_t>(worker)].explore(run.seed, index, jobs[index - state.base], state.seeds,
                                                                  target, state.frontier, shared_claims);
        },
        [&](std::size_t k, generator::JobResult& result) {
          const std::uint64_t index = mine[k];
          const generator::Job& job = jobs[index - state.base];
          const generator::Seed& from = job.move == generator::Move::Fresh ? generator::Seed{} : state.seeds[job.seed];
          ++emitted;
          ++handed_out;
          ++outcome.jobs;
          outcome.candidates += result.candidates;
          outcome.unique += result.unique;
          outcome.shallow += result.shallow;
          bool offered = false;
          for (generator::Find& find : result.finds) {
            // (Unrated: a job before this one in the round claimed the puzzle, and its
            // find came first. Nothing unrated may be kept or accepted.)
            const bool unrated = find.grade.rating == 0;
            if (find.kept && kept_keys.insert(find.key).second) {
              if (unrated) throw std::logic_error("mining: an unrated find would join the frontier");
              state.kept.push_back({find.puzzle, find.grade.score, find.key});
            }
            if (!find.accepted || done) continue;
            offered = true;
            const generator::Candidate candidate{find.puzzle, find.grade, true, 0};
            const auto known = [&] { return state.frontier.knows(find.key) || (run.stored && run.stored(find.key)); };
            if (accepted.offer(candidate, find.key, known) == generator::Verdict::Accepted) {
              if (unrated) throw std::logic_error("mining: an unrated find was accepted");
              run.accept(find, index, from, job.move);
            }
            done = accepted.complete();
          }
          // A job with nothing to offer counts once towards the give-up bound.
          if (!offered) accepted.offer(generator::Candidate{}, {});
          if (accepted.gave_up()) done = true;
          next_index = index + 1;
          run.commit(next_index, state, false);
          const double minutes = std::chrono::duration<double>(Clock::now() - start).count() / 60;
          progress.update(accepted.total(), outcome.jobs,
                          fmt::format("(jobs)  round {}  frontier {}  {:.0f} new/min  {:.0f} candidates/s", state.round,
                                      state.frontier.waiting(),
                                      minutes > 0 ? static_cast<double>(accepted.accepted_here()) / minutes : 0.0,
                                      minutes > 0 ? static_cast<double>(outcome.candidates) / (minutes * 60) : 0.0));
          return !done && !InterruptGuard::requested();
        });
    if (done || cut || emitted < mine.size()) break;  // stopped inside the round
    // The round is over: what it kept joins the frontier, and the next round takes
    // the best.
    next_index = std::max(next_index, end);
    for (generator::Seed& seed : state.kept) state.frontier.offer(std::move(seed));
    state.kept.clear();
    kept_keys.clear();
    claims.clear();
    state.base = end;
    ++state.round;
    state.seeds = state.frontier.next_round();
    if (state.seeds.empty() && seeded) {
      outcome.dry = true;
      done = true;
    }
    // (When due, as after any job: a resumed run redoes the jobs after the last
    // commit, whichever round they are in.)
    run.commit(next_index, state, false);
  }
  run.commit(next_index, state, true);  // what the last round took, however it stopped
  return outcome;
}

namespace {

// Grades grid_at(i) for i below `count` on `threads` threads, in order, emit(i, grade)
// for each, until a stop is asked for (InterruptGuard: run_mining() then keeps nothing
// of them).
template <typename GridAt, typename Emit>
void grade_seeds(std::size_t count, GridAt&& grid_at, const engine::Geometry& geometry, int threads, int max_te_depth,
                 Emit&& emit) {
  std::vector<grader::Grader> graders;
  for (int t = 0; t < std::max(1, threads); ++t) graders.emplace_back(geometry);
  grader::GradeOptions grade_options;
  grade_options.max_te_depth = max_te_depth;
  ordered_workers<grader::Grade>(
      threads, count,
      [&](std::size_t i, int worker) { return graders[static_cast<std::size_t>(worker)].grade(grid_at(i), grade_options); },
      [&](std::size_t i, const grader::Grade& grade) {
        emit(i, grade);
        return !InterruptGuard::requested();
      });
}

}  // namespace

std::vector<generator::Seed> read_seeds(const std::vector<std::string>& files, const engine::Geometry& geometry,
                                        int threads, int max_te_depth, std::int64_t& rejected) {
  PuzzleInput input(files, geometry, engine::TextFormat::Auto);
  std::vector<InputRecord> records;
  for (InputRecord record; input.next(record);) {
    if (record.kind == InputRecord::Kind::Puzzle) {
      records.push_back(std::move(record));
    } else {
      report(record);
      ++rejected;
    }
  }
  std::vector<generator::Seed> seeds;
  const auto grid_at = [&](std::size_t i) -> const engine::Grid& { return records[i].grid; };
  grade_seeds(records.size(), grid_at, geometry, threads, max_te_depth, [&](std::size_t i, const grader::Grade& grade) {
    if (grade.status != grader::Status::Unique) {
      report_rejection(records[i], grade);
      ++rejected;
    } else {
      seeds.push_back({records[i].grid, grade.score, engine::canonical_key(records[i].grid)});
    }
  });
  return seeds;
}

std::vector<generator::Seed> stored_seeds(store::Store& store, store::Selection selection,
                                          const engine::Geometry& geometry, int threads, int max_te_depth,
                                          std::int64_t& rated_again) {
  selection.geometry = geometry;
  std::vector<generator::Seed> seeds;
  std::vector<std::size_t> outdated;  // seeds whose stored score is not this sudoforge's rating's
  store.select(selection, [&](const store::StoredPuzzle& stored) {
    if (stored.rating_version < grader::kRatingVersion) outdated.push_back(seeds.size());
    seeds.push_back({stored.puzzle, stored.grade.score, engine::canonical_key(stored.puzzle)});
  });
  // (Workers read the seeds' puzzles; emit() writes only their scores.)
  const auto grid_at = [&](std::size_t k) -> const engine::Grid& { return seeds[outdated[k]].puzzle; };
  grade_seeds(outdated.size(), grid_at, geometry, threads, max_te_depth, [&](std::size_t k, const grader::Grade& grade) {
    seeds[outdated[k]].score = grade.score;
    ++rated_again;
  });
  return seeds;
}

}  // namespace sudoforge::cli
