#pragma once
// Making puzzles: a random complete grid from the randomized solver, clues removed
// in random order (or by symmetry orbit) while the puzzle stays unique, so every
// result is minimal for its symmetry; then graded and, when it misses what was
// asked for, improved by a short local search. Values in, values out: no files, no
// clock, no threads; candidate `index` of a run depends only on the seed, the index
// and the request, so any number of threads gives the same puzzles.

#include <cstdint>
#include <memory>
#include <optional>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/symmetry.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::generator {

// What a candidate aims at; unset parts accept anything.
struct Target {
  std::optional<grader::Tier> tier;
  std::optional<int> te_depth;  // diabolical puzzles of exactly this depth
  int clues_min = 0;
  int clues_max = engine::kMaxCells;
  std::optional<grader::Level> level;
  std::optional<int> rating_min;  // tenths
  std::optional<int> rating_max;
  std::optional<int> score_min;  // the score is built on the rating
  std::optional<int> score_max;

  // Whether the target asks anything of the human rating (level, rating or score).
  bool wants_rating() const { return level || rating_min || rating_max || score_min || score_max; }
  // Whether a graded (unique) puzzle meets what the target asks of tier, te_depth
  // and clues: all of it for a grade without the human rating.
  bool accepts_unrated(const grader::Grade& grade) const;
  // Whether any score meets both the tier or te_depth asked for and the score range.
  bool can_score() const;
  // Whether a graded and rated (unique) puzzle meets the whole target.
  bool accepts(const grader::Grade& grade) const;
  // How far a grade is from the target: 0 when accepted, larger when farther. The
  // score orders tiers and te_depths, and the rating levels, so climbing it moves
  // between them.
  double distance(const grader::Grade& grade) const;
};

// What carve() is tuned for; the puzzles it makes are the same either way.
//  - FreshGrids: carving a new random grid, whose searches are shallow (a guess or
//    so): the generic solver core, and few witnesses kept (no grid found for one
//    solution answers anything about another).
//  - Neighbourhoods: carving, again and again, puzzles a clue or two away from hard
//    ones (mining): their searches go deeper, where the classic 9x9 core pays, and
//    a grid found for one neighbour often answers for the next, so more are kept.
enum class CarveFor : std::uint8_t { FreshGrids, Neighbourhoods };

struct Options {
  engine::Symmetry symmetry = engine::Symmetry::None;
  // Local-search steps a candidate may take to reach its target (0: plain carving).
  int max_steps = 60;
  int max_te_depth = 4;  // passed to the grader
  CarveFor carve_for = CarveFor::FreshGrids;
};

struct Candidate {
  engine::Grid puzzle;
  grader::Grade grade;    // with the human rating when accepted (a rejected one may lack it)
  bool accepted = false;  // meets the target
  int steps = 0;          // local-search steps taken
};

class Generator {
 public:
  // A generator for `geometry` (builds its tables once). Use one per thread.
  Generator(const engine::Geometry& geometry, const Options& options);
  ~Generator();
  Generator(Generator&&) noexcept;
  Generator& operator=(Generator&&) noexcept;

  // Candidate `index` of the run seeded `seed`, aiming at `target`.
  Candidate make(std::uint64_t seed, std::uint64_t index, const Target& target);

  // The building blocks, also for tests.
  // A random complete grid.
  engine::Grid fill(engine::Rng& rng);
  // `puzzle` (which must be unique) with orbits of givens removed in random order
  // while it stays unique: minimal for the symmetry.
  engine::Grid carve(engine::Grid puzzle, engine::Rng& rng);
  // Whether removing any orbit of givens leaves more than one solution.
  bool is_minimal(const engine::Grid& puzzle);
  // Without witnesses every removal carve() asks about is searched (for tests: the
  // carve must be the same). How many removals witnesses have answered so far.
  void use_witnesses(bool on);
  std::uint64_t witness_answers() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::generator
