#pragma once
// Mining: hard puzzles are found near hard puzzles. A seed's neighbourhood is every
// puzzle made by removing n of its givens and adding m others ("{-n,+m}"); what is
// unique is made minimal for the symmetry, graded, and checked against the target.
// The search runs in rounds over a frontier, best first: a round explores the
// frontier's best seeds, and what it finds (the accepted puzzles, and the hardest
// neighbours at least as hard as their seed, so that the search climbs) joins the
// frontier for later rounds. With no seeds, a round of fresh puzzles (each climbed
// towards the target a little) starts the frontier.
// Values in, values out: a job's result depends only on the run's seed, the job and
// its seed puzzle, so any number of threads finds the same puzzles.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/symmetry.hpp"
#include "sudoforge/generator/frontier.hpp"
#include "sudoforge/generator/generator.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::generator {

// A move of the vicinity search (orbits of givens when a symmetry is kept).
enum class Move {
  Swap1,  // {-1,+1}: one given out, another cell in (every such neighbour)
  Swap2,  // {-2,+2}: two out, two in (random ones: the whole set is too big)
  Drop1,  // {-1,+0}: one given out (finds something only for non-minimal seeds)
  Add1,   // {-0,+1}: the solution's digit added at one cell, then made minimal
  Fresh,  // no seed: a fresh puzzle (a climb's starting point)
};
std::string_view move_name(Move move);  // "-1+1", "-2+2", "-1+0", "-0+1", "fresh"
// "-1+1" or "{-1,+1}" and so on; nullopt for anything else.
std::optional<Move> parse_move(std::string_view text);

struct MineOptions {
  engine::Symmetry symmetry = engine::Symmetry::None;
  bool minimize = true;  // make each find minimal for the symmetry (else keep it as found)
  std::vector<Move> moves = {Move::Swap1, Move::Add1, Move::Drop1, Move::Swap2};
  int width = 16;           // seeds explored per round (the frontier's best)
  int frontier = 1024;      // at most this many seeds wait in the frontier (the worst go)
  int swap2_jobs = 1;       // {-2,+2} jobs per seed and round while stones are kept (four found 11 of 4,011 in 16% of a run: README)
  int swap2_samples = 512;  // random {-2,+2} neighbours per job
  int fresh_jobs = 256;     // fresh puzzles in a round when the frontier is empty
  int keep = 1;             // stepping stones per job: the hardest neighbours the target does not accept
  int reserve = 64;         // ... none while this many seeds wait in the frontier that they cannot outscore
  int max_te_depth = 4;
  int max_steps = 60;       // a fresh puzzle's climb towards the target (Generator's local search)
  int graded_kept = 4096;   // grades a miner keeps to look up (in two generations: up to twice this)
  // A unique neighbour the solver proves unique with fewer guesses than this is left
  // out, neither made minimal nor graded, while the target asks for te_depth 2 or
  // more and the frontier keeps no stepping stone of te_depth 1 (README, "Mining"):
  // about half of all unique neighbours, which gave 0.2% to 0.9% of the finds in
  // seeded runs. Classic 9x9 only, whose solver core's guesses were measured.
  // 0: none is left out.
  int shallow_guesses = 9;
};

// One unit of work: a part of one seed's neighbourhood for one move (or, with no
// seed, one fresh puzzle).
struct Job {
  std::uint32_t seed = 0;  // index in the round's seeds
  Move move = Move::Swap1;
  std::uint32_t part = 0;
};

struct Find {
  engine::Grid puzzle;
  grader::Grade grade;  // rated when accepted or kept
  std::string key;      // canonical key
  bool accepted = false;  // meets the target
  bool kept = false;      // joins the frontier (accepted, or at least as hard as its seed)
};

struct JobResult {
  std::vector<Find> finds;       // in the order found; one per canonical form
  std::int64_t candidates = 0;   // neighbours tried (clash-free)
  std::int64_t unique = 0;       // of which unique
  std::int64_t shallow = 0;      // of which left out unexamined (MineOptions::shallow_guesses)
};

// Who rates a puzzle that several jobs of one round find (different seeds or moves
// often reach the same puzzle): the first job, in the round's order, that needs its
// rating. The miners of a round's threads share one; a job that meets a puzzle an
// earlier job of the round has claimed leaves it unrated (rating 0), since the
// round's merge, in job order, keeps the earlier job's find and takes this one for a
// duplicate. Which jobs rate depends on how the threads happen to run; what the run
// accepts, stores and saves does not. Only for runs whose acceptance does not read
// the rating (Request::rating_decides() false). Clear it between rounds.
class RatingClaims {
 public:
  // Whether job `index` is to rate the puzzle of canonical key `key`: false when a job
  // before it in the round has claimed it; else it is claimed for `index`.
  bool claim(const std::string& key, std::uint64_t index);
  void clear();

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, std::uint64_t> first_;  // key: the earliest job that claimed it
};

class Miner {
 public:
  // A miner for `geometry` (builds its tables once). Use one per thread.
  Miner(const engine::Geometry& geometry, const MineOptions& options);
  ~Miner();
  Miner(Miner&&) noexcept;
  Miner& operator=(Miner&&) noexcept;

  // The jobs of a round over `seeds` (empty: a round of fresh puzzles), `frontier`
  // as the round found it: no {-0,+1} jobs while it holds MineOptions::reserve seeds
  // that outscore every te_depth-1 puzzle, if {-1,+1} is mined too (what the move
  // adds is stepping stones, and none of te_depth 1 would be kept; its finds {-1,+1}
  // makes too).
  std::vector<Job> jobs(std::span<const Seed> seeds, const Frontier& frontier = Frontier{}) const;

  // Job `index` of a run seeded `seed`; `seeds` are the round's and `frontier` the
  // frontier as the round found it (it changes only between rounds). Returns the
  // job's finds: the unique ones among its neighbours that the frontier does not
  // know, minimal (unless not asked), graded, with the human rating where the target
  // or the frontier needs it, unless `claims` says an earlier job of the round rates
  // the same puzzle (then rating 0).
  JobResult explore(std::uint64_t seed, std::uint64_t index, const Job& job, std::span<const Seed> seeds,
                    const Target& target, const Frontier& frontier, RatingClaims* claims = nullptr);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::generator
