#pragma once
// The exact solver. The generic core, for every geometry: bitboards per digit, naked
// and hidden singles propagated at every node, minimum-remaining-values branching.
// The classic 9x9 grid has a core of its own (SolverCore). A Solver keeps its scratch
// state between calls, so the hot path allocates nothing; use one Solver per thread.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/random.hpp"

namespace sudoforge::engine {

struct SearchStats {
  std::uint64_t nodes = 0;    // propagations run (root, each guess, each backtrack)
  std::uint64_t guesses = 0;  // digits assumed in a cell
  int max_depth = 0;          // deepest nesting of assumptions
};

// A digit ruled out of an empty cell before the search starts.
struct Exclusion {
  Cell cell = 0;
  Digit digit = 0;
};

struct SolveResult {
  int count = 0;      // min(number of solutions, limit)
  Grid solution;      // the first solution found; meaningful when count >= 1
  SearchStats stats;
};

// Which code solves. Fastest: for the classic 9x9 grid (3x3 boxes, no diagonals) a
// core of its own (box-major SIMD, band configurations; README "The solver"), in the
// widest build of it the processor runs; for every other geometry the generic core.
// The others name one core or build, for tests and comparisons: all give the same
// counts, and the same solution for a puzzle with one; which of several solutions
// comes first, the statistics and the grids a seed fills differ between the generic
// and the classic core (not between builds of the classic core).
enum class SolverCore : std::uint8_t { Fastest, Generic, Classic9Sse4, Classic9Avx2, Classic9Avx512 };
inline constexpr SolverCore kSolverCores[] = {SolverCore::Fastest, SolverCore::Generic, SolverCore::Classic9Sse4,
                                              SolverCore::Classic9Avx2, SolverCore::Classic9Avx512};
// Their names for people ("fastest", "generic", "sse4", "avx2", "avx512"), both ways.
std::string_view solver_core_name(SolverCore core);
std::optional<SolverCore> parse_solver_core(std::string_view name);

struct SolverOptions {
  // Locked candidates at every node (generic core): fewer nodes on hard puzzles,
  // more work per node. Off pays when most searches are short (proving a carved clue
  // removable).
  bool locked_candidates = true;
  SolverCore core = SolverCore::Fastest;
};

// What a tally's counters must hold (Solver::tally_solutions).
enum class TallyCounts { Exact, UpToTwo };

class Solver {
 public:
  // A solver for puzzles of `geometry` (builds its tables; allocates once).
  explicit Solver(const Geometry& geometry, const SolverOptions& options = {});
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  const Geometry& geometry() const;

  // Whether `core` can solve `geometry` on this processor (Fastest and Generic
  // always can; a classic build needs the classic 9x9 grid and its instruction set).
  // Constructing a Solver with a core that cannot throws std::invalid_argument.
  static bool available(SolverCore core, const Geometry& geometry);
  // The core this solver runs: Generic or the classic build chosen.
  SolverCore core() const;

  // Counts the solutions of `puzzle` up to `limit` (>= 1) and returns
  // min(count, limit), the first solution and search statistics. "Unique" is
  // count == 1 with limit 2. Givens that clash give count 0 with nodes == 0
  // (check them with find_clash first to name the clash). `puzzle` must have this
  // solver's geometry. Never allocates, never throws.
  SolveResult count_solutions(const Grid& puzzle, int limit = 2);

  // The same with digits ruled out of empty cells first: the solutions counted are
  // those that avoid every exclusion. "Does the puzzle without the clue at c have a
  // solution with something else at c?" is count_solutions(without, 1, {{c, d}}),
  // far cheaper than counting to two. Exclusions on filled cells are ignored.
  SolveResult count_solutions(const Grid& puzzle, int limit, std::span<const Exclusion> exclusions);

  // Counts as count_solutions(puzzle, limit) does and, for every solution found,
  // adds one to tally[cell * size + digit - 1] for the digit at each cell. With all
  // the solutions of a puzzle counted (count < limit), a clue d added at an empty
  // cell c leaves exactly tally[c * size + d - 1] of them: what makes every
  // one-clue extension's uniqueness known from one search. Throws
  // std::invalid_argument when `tally` holds fewer than cells x size counters.
  //
  // With TallyCounts::UpToTwo only whether each counter ends at 0, 1 or more is
  // asked for (what uniqueness needs): every counter that ends below 2 is exact, every
  // other ends at 2 or more, and the search may skip solutions that would only add
  // to counters at 2 already (then `count` counts the solutions it visited; it
  // reaches `limit` only if the puzzle has that many).
  SolveResult tally_solutions(const Grid& puzzle, int limit, std::span<std::uint32_t> tally,
                              TallyCounts counts = TallyCounts::Exact);

  // Completes `puzzle` to one of its solutions, choosing branches with `rng`, so
  // that an empty grid gives a random complete grid. Returns false (and leaves
  // `out` unspecified) when there is no solution.
  bool random_solution(const Grid& puzzle, Rng& rng, Grid& out);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// One-off convenience: builds a Solver for the puzzle's geometry and counts.
SolveResult count_solutions(const Grid& puzzle, int limit = 2);

}  // namespace sudoforge::engine
