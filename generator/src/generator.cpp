#include "sudoforge/generator/generator.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sudoforge/engine/solver.hpp"

namespace sudoforge::generator {

class Generator::Impl {
 public:
  Impl(const engine::Geometry& geometry, const Options& options)
      : geometry_(geometry),
        options_(options),
        // The generic core, without locked candidates, even for 9x9: carving a fresh
        // grid asks shallow questions (a search that guesses about once), where its
        // propagation is cheaper than the classic core's (checks measured at 974,000/s
        // against 687,000/s on one thread). The classic core pays where a search
        // guesses more: carving mining's neighbourhoods (its carves measured 0.89 of
        // the generic core's cycles). Grids are always filled by the generic core.
        solver_(geometry, engine::SolverOptions{.locked_candidates = false, .core = engine::SolverCore::Generic}),
        // (Fastest is the generic core too where the classic one does not apply.)
        carver_(geometry, engine::SolverOptions{.locked_candidates = false,
                                                .core = options.carve_for == CarveFor::Neighbourhoods ? engine::SolverCore::Fastest
                                                                                                    : engine::SolverCore::Generic}),
        grader_(geometry),
        orbits_(engine::symmetry_orbits(geometry, options.symmetry)) {
    order_.reserve(orbits_.size());
    lone_.assign(orbits_.size(), 0);
    padded_ = (static_cast<std::size_t>(geometry.cell_count()) + 15) / 16 * 16;
    for (const auto& orbit : orbits_) largest_orbit_ = std::max(largest_orbit_, static_cast<int>(orbit.size()));
    orbit_of_.assign(static_cast<std::size_t>(geometry.cell_count()), 0);
    for (std::size_t o = 0; o < orbits_.size(); ++o) {
      for (const engine::Cell cell : orbits_[o]) orbit_of_[static_cast<std::size_t>(cell)] = static_cast<std::uint16_t>(o);
    }
  }

  engine::Grid fill(engine::Rng& rng) {
    engine::Grid full(geometry_);
    solver_.random_solution(engine::Grid(geometry_), rng, full);
    return full;
  }

  // Whether `puzzle` without the givens of orbit `o` still has only one solution
  // (the puzzle must be unique to begin with). Any other solution differs on a
  // removed cell: for one cell that is a single search with its digit ruled out,
  // for an orbit a count to two. (Trying runs of orbits at once gives the same
  // carve but measured slower: counting to two costs more than what it saves.)
  bool removable(engine::Grid& puzzle, std::size_t o) {
    std::array<engine::Exclusion, 4> removed{};
    std::size_t count = 0;
    for (engine::Cell cell : orbits_[o]) {
      if (puzzle[cell] == 0) continue;
      removed[count++] = {cell, puzzle[cell]};
      puzzle.set(cell, 0);
    }
    if (count == 0) return false;
    bool unique = false;
    if (count == 1) {
      const engine::SolveResult other = carver_.count_solutions(puzzle, 1, std::span(removed.data(), 1));
      unique = other.count == 0;
      if (!unique) keep_witness(other.solution, static_cast<std::uint32_t>(o));
    } else {
      unique = carver_.count_solutions(puzzle, 2).count == 1;
    }
    for (std::size_t k = 0; k < count; ++k) puzzle.set(removed[k].cell, removed[k].digit);
    return unique;
  }

  // The greedy carve: orbits in random order, each removed if the puzzle stays unique.
  engine::Grid carve(engine::Grid puzzle, engine::Rng& rng) {
    order_.clear();
    for (std::size_t o = 0; o < orbits_.size(); ++o) order_.push_back(static_cast<std::uint32_t>(o));
    rng.shuffle(std::span<std::uint32_t>(order_));
    match_witnesses(puzzle);
    for (const std::uint32_t o : order_) {
      if (!has_givens(puzzle, o) || witnessed(o) || !removable(puzzle, o)) continue;
      for (engine::Cell cell : orbits_[o]) puzzle.set(cell, 0);
      removed_orbit(o);
    }
    return puzzle;
  }

  // Witnesses: complete grids found by earlier searches, each a solution of a
  // puzzle carved before without one of its givens. A grid that agrees with the
  // puzzle being carved on every given outside orbit o, and not on all of them, is a
  // second solution of the puzzle without o: o stays, no search needed. Removing
  // givens only drops constraints, so what a grid shows holds for the rest of the
  // carve: each grid's disagreeing orbits are kept and shrink as orbits go. Only
  // "stays" is taken from a grid, which is what the search would answer, so the
  // carve is the same with witnesses or without (Generator.CarvesTheSameWithWitnessesAsWithout).
  // The grids that disagree in few enough orbits to matter are listed (live_), and
  // each orbit counts the grids that disagree in it alone (lone_), so that a question
  // costs one look and a removal a pass over the few live grids, however many are kept.
  void match_witnesses(const engine::Grid& puzzle) {
    std::copy(puzzle.values().begin(), puzzle.values().end(), given_digits_.begin());  // (zeros past them)
    live_.clear();
    lone_.assign(orbits_.size(), 0);
    for (std::size_t i = 0; i < witnesses_.size(); ++i) {
      Witness& w = witnesses_[i];
      // More orbits than kWitnessOrbits: of no use in this carve (most grids, found
      // for other solutions, differ almost everywhere). The givens a grid differs at
      // are found 16 at a time, counted, and listed by orbit only where few enough.
      std::array<unsigned, engine::kMaxCells / 16> differ_at;
      int differ = 0;
      for (std::size_t k = 0; k < padded_ / 16; ++k) {
        differ_at[k] = differing(witness_cells(i), 16 * k);
        differ += std::popcount(differ_at[k]);
      }
      w.count = differ > kWitnessOrbits * largest_orbit_ ? kUseless : 0;
      for (std::size_t k = 0; k < padded_ / 16 && w.count != kUseless; ++k) {
        for (unsigned at = differ_at[k]; at != 0 && w.count != kUseless; at &= at - 1) {
          w.differs_in(orbit_of_[16 * k + static_cast<std::size_t>(std::countr_zero(at))]);
        }
      }
      if (w.count != kUseless) live(i);
    }
  }
  // The givens of the puzzle being carved that witness grid `cells` differs at,
  // among cells c to c + 15: a bit each.
  unsigned differing(const std::uint8_t* cells, std::size_t c) const {
#if defined(__SSE2__)
    const __m128i given = _mm_loadu_si128(reinterpret_cast<const __m128i*>(given_digits_.data() + c));
    const __m128i grid = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + c));
    const __m128i same_or_empty = _mm_or_si128(_mm_cmpeq_epi8(given, grid), _mm_cmpeq_epi8(given, _mm_setzero_si128()));
    return ~static_cast<unsigned>(_mm_movemask_epi8(same_or_empty)) & 0xFFFFU;
#else
    unsigned at = 0;
    for (std::size_t k = 0; k < 16; ++k) at |= static_cast<unsigned>(given_digits_[c + k] != 0 && given_digits_[c + k] != cells[c + k]) << k;
    return at;
#endif
  }
  std::uint8_t* witness_cells(std::size_t i) { return witness_cells_.data() + i * padded_; }
  bool has_givens(const engine::Grid& puzzle, std::uint32_t o) const {
    return std::any_of(orbits_[o].begin(), orbits_[o].end(), [&](engine::Cell cell) { return puzzle[cell] != 0; });
  }
  bool witnessed(std::uint32_t o) {
    if (!use_witnesses_ || lone_[o] == 0) return false;
    ++witness_answers_;
    return true;
  }
  void removed_orbit(std::uint32_t o) {
    for (const std::size_t i : live_) {
      Witness& w = witnesses_[i];
      const auto end = w.orbits.begin() + w.count;
      const auto at = std::find(w.orbits.begin(), end, o);
      if (at == end) continue;
      *at = *(end - 1);
      --w.count;
      if (w.count == 1) ++lone_[w.orbits[0]];
    }
  }
  // A grid of a search that found orbit o needed: it disagrees with the puzzle's
  // givens in o alone. It takes the place of the oldest once max_witnesses_ are kept.
  void keep_witness(const engine::Grid& grid, std::uint32_t o) {
    const std::size_t i = witnesses_.size() < max_witnesses_ ? witnesses_.size() : next_witness_++ % max_witnesses_;
    if (i == witnesses_.size()) {
      witnesses_.emplace_back();
      witness_cells_.resize(witnesses_.size() * padded_);
    } else if (witnesses_[i].count != kUseless) {
      std::erase(live_, i);  // (what the grid it replaces showed still holds: lone_ keeps it)
    }
    Witness& w = witnesses_[i];
    std::copy(grid.values().begin(), grid.values().end(), witness_cells(i));
    w.orbits[0] = static_cast<std::uint16_t>(o);
    w.count = 1;
    live(i);
  }
  void live(std::size_t i) {
    live_.push_back(i);
    if (witnesses_[i].count == 1) ++lone_[witnesses_[i].orbits[0]];
  }

  void use_witnesses(bool on) { use_witnesses_ = on; }
  std::uint64_t witness_answers() const { return witness_answers_; }

  bool is_minimal(engine::Grid puzzle) {
    for (std::size_t o = 0; o < orbits_.size(); ++o) {
      if (removable(puzzle, o)) return false;
    }
    return true;
  }

  // A neighbour of `puzzle`: one or two empty orbits filled back from the solution,
  // then carved again in a new random order.
  engine::Grid neighbour(const engine::Grid& puzzle, const engine::Grid& solution, engine::Rng& rng) {
    std::vector<std::uint32_t>& empty = scratch_;
    empty.clear();
    for (std::size_t o = 0; o < orbits_.size(); ++o) {
      if (puzzle[orbits_[o].front()] == 0) empty.push_back(static_cast<std::uint32_t>(o));
    }
    engine::Grid next = puzzle;
    const std::uint32_t restore = 1 + rng.below(2);
    for (std::uint32_t k = 0; k < restore && !empty.empty(); ++k) {
      const std::uint32_t pick = rng.below(static_cast<std::uint32_t>(empty.size()));
      for (engine::Cell cell : orbits_[empty[pick]]) next.set(cell, solution[cell]);
      empty[pick] = empty.back();
      empty.pop_back();
    }
    return carve(next, rng);
  }

  // Grades a candidate; rates it (the human path, the costly part for hard
  // puzzles) only when it meets the rest of the target, or when the target's
  // distance needs the rating.
  // Returns whether it rated.
  bool grade(Candidate& candidate, const Target& target, bool climbing) {
    candidate.grade = grader_.grade(candidate.puzzle, unrated_options());
    if (!target.accepts_unrated(candidate.grade) && !(climbing && target.wants_rating())) return false;
    grader_.rate(candidate.puzzle, candidate.grade, unrated_options());
    return true;
  }
  grader::GradeOptions unrated_options() const {
    grader::GradeOptions grade_options;
    grade_options.max_te_depth = options_.max_te_depth;
    grade_options.rate = false;
    return grade_options;
  }

  Candidate make(std::uint64_t seed, std::uint64_t index, const Target& target) {
    engine::Rng rng = engine::Rng::for_index(seed, index);
    const engine::Grid solution = fill(rng);
    Candidate current{carve(solution, rng), {}, false, 0};
    const bool rated = grade(current, target, false);
    current.accepted = target.accepts(current.grade);
    if (current.accepted || !worth_climbing(current.grade, target)) return current;
    if (target.wants_rating() && !rated) grader_.rate(current.puzzle, current.grade, unrated_options());
    // Hill climbing on the target's distance, sideways moves taken too so the walk
    // can cross plateaus.
    double current_distance = target.distance(current.grade);
    for (int step = 1; step <= options_.max_steps; ++step) {
      Candidate next{neighbour(current.puzzle, solution, rng), {}, false, step};
      grade(next, target, true);
      const double distance = target.distance(next.grade);
      if (distance > current_distance) continue;
      current = std::move(next);
      current_distance = distance;
      if (distance == 0) break;
    }
    current.accepted = target.accepts(current.grade);
    return current;
  }

  // Fresh candidates are cheap and a neighbour mostly keeps its puzzle's tier, so a
  // missed tier is retried from scratch (faster than climbing: measured). What
  // fresh puzzles seldom give, a clue count out of reach or a deeper trial and
  // error, is climbed towards.
  // A rating above what fresh diabolical candidates mostly have (fiendish and up) is
  // climbed to as well, once the candidate is diabolical.
  static bool worth_climbing(const grader::Grade& grade, const Target& target) {
    if (grade.status != grader::Status::Unique) return false;
    const bool clues_missed = grade.clues < target.clues_min || grade.clues > target.clues_max;
    const bool deeper = target.te_depth && *target.te_depth > 1 &&
                        (grade.tier != grader::Tier::Diabolical || grade.te_depth < *target.te_depth);
    const bool harder = grade.tier == grader::Tier::Diabolical &&
                        ((target.level && *target.level >= grader::Level::Fiendish) ||
                         (target.rating_min && *target.rating_min >= grader::level_cuts()[2]));
    return clues_missed || deeper || harder;
  }

 private:
  engine::Geometry geometry_;
  Options options_;
  engine::Solver solver_;  // fills grids
  engine::Solver carver_;  // proves removals
  grader::Grader grader_;
  std::vector<std::vector<engine::Cell>> orbits_;
  std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> scratch_;
  // Witnesses (carve).
  static constexpr int kWitnessOrbits = 4;
  static constexpr int kUseless = kWitnessOrbits + 1;
  // How many are kept: matching each costs a little every carve, so many pay only
  // where grids answer for the next carve (mining's neighbourhoods: 256 measured
  // cheaper carves than 32, 128, 512 or 1024).
  std::size_t max_witnesses_ = options_.carve_for == CarveFor::Neighbourhoods ? 256 : 32;
  struct Witness {
    std::array<std::uint16_t, kWitnessOrbits> orbits{};  // where it disagrees with the puzzle's givens
    int count = 0;                                       // how many (kUseless: more than kWitnessOrbits)
    // Lists orbit o (once) among them; past kWitnessOrbits the grid is kUseless.
    void differs_in(std::uint16_t o) {
      const auto end = orbits.begin() + count;
      if (std::find(orbits.begin(), end, o) != end) return;
      if (count == kWitnessOrbits) {
        count = kUseless;
        return;
      }
      orbits[static_cast<std::size_t>(count++)] = o;
    }
  };
  std::vector<Witness> witnesses_;
  // ... their digits, padded_ bytes each (zeros past the grid's cells)
  std::vector<std::uint8_t> witness_cells_;
  std::size_t next_witness_ = 0;
  std::vector<std::uint16_t> orbit_of_;  // by cell
  std::array<std::uint8_t, engine::kMaxCells> given_digits_{};  // the puzzle being carved, by cell (0: none)
  std::size_t padded_ = 0;               // the cells, rounded up to 16
  int largest_orbit_ = 1;
  std::vector<std::size_t> live_;        // the witnesses of kWitnessOrbits orbits or fewer
  std::vector<std::uint32_t> lone_;      // by orbit: the witnesses of this carve that disagree in it alone
  bool use_witnesses_ = true;
  std::uint64_t witness_answers_ = 0;
};

Generator::Generator(const engine::Geometry& geometry, const Options& options)
    : impl_(std::make_unique<Impl>(geometry, options)) {}
Generator::~Generator() = default;
Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;

Candidate Generator::make(std::uint64_t seed, std::uint64_t index, const Target& target) {
  return impl_->make(seed, index, target);
}

engine::Grid Generator::fill(engine::Rng& rng) { return impl_->fill(rng); }

engine::Grid Generator::carve(engine::Grid puzzle, engine::Rng& rng) { return impl_->carve(std::move(puzzle), rng); }

void Generator::use_witnesses(bool on) { impl_->use_witnesses(on); }

std::uint64_t Generator::witness_answers() const { return impl_->witness_answers(); }

bool Generator::is_minimal(const engine::Grid& puzzle) { return impl_->is_minimal(puzzle); }

}  // namespace sudoforge::generator
