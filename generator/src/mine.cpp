#include "sudoforge/generator/mine.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::generator {

std::string_view move_name(Move move) {
  switch (move) {
    case Move::Swap1: return "-1+1";
    case Move::Swap2: return "-2+2";
    case Move::Drop1: return "-1+0";
    case Move::Add1: return "-0+1";
    case Move::Fresh: return "fresh";
  }
  return "?";
}

std::optional<Move> parse_move(std::string_view text) {
  std::string plain;
  for (const char c : text) {
    if (c != '{' && c != '}' && c != ',' && c != ' ') plain.push_back(c);
  }
  for (const Move move : {Move::Swap1, Move::Swap2, Move::Drop1, Move::Add1}) {
    if (plain == move_name(move)) return move;
  }
  return std::nullopt;
}

bool RatingClaims::claim(const std::string& key, std::uint64_t index) {
  const std::lock_guard lock(mutex_);
  const auto [at, fresh] = first_.try_emplace(key, index);
  if (fresh) return true;
  if (at->second < index) return false;
  at->second = index;
  return true;
}

void RatingClaims::clear() {
  const std::lock_guard lock(mutex_);
  first_.clear();
}

namespace {

using Mask = std::uint32_t;

// The most assignments of digits one added orbit is tried with (an orbit of four
// cells has up to N^4).
constexpr int kMaxAssignments = 256;

// The most solutions a {-1,+1} base is tallied to (Swap1 below): past it, each
// neighbour is counted on its own. (A te_depth-2 puzzle without one clue has a
// median 600 solutions, 1,500 at the 90th percentile; tallying one costs about as
// much as counting two or three neighbours.)
constexpr int kTallyLimit = 4096;

}  // namespace

class Miner::Impl {
 public:
  Impl(const engine::Geometry& geometry, const MineOptions& options)
      : geometry_(geometry),
        options_(options),
        units_(geometry),
        orbits_(engine::symmetry_orbits(geometry, options.symmetry)),
        solver_(geometry),
        grader_(geometry),
        generator_(geometry, Options{.symmetry = options.symmetry,
                                     .max_steps = options.max_steps,
                                     .max_te_depth = options.max_te_depth,
                                     .carve_for = CarveFor::Neighbourhoods}) {
    unrated_.rate = false;
    unrated_.max_te_depth = options.max_te_depth;
  }

  std::vector<Job> jobs(std::span<const Seed> seeds, const Frontier& frontier) const {
    std::vector<Job> jobs;
    if (seeds.empty()) {
      for (int k = 0; k < options_.fresh_jobs; ++k) jobs.push_back({0, Move::Fresh, static_cast<std::uint32_t>(k)});
      return jobs;
    }
    // What {-0,+1} and {-2,+2} add to {-1,+1} is stepping stones, which lead the
    // climb while the frontier is thin (README, "Mining"). {-0,+1} carves the seed's
    // solution with one clue added: {-k,+1} neighbours of the seed's own solution,
    // which {-1,+1} carves too (in a seeded run's rounds without stepping stones, each
    // of its finds had been found by {-1,+1} first, for a tenth of the run's time).
    // {-2,+2} finds little itself: 10 of 10,636 finds in 8% of the jobs' time over
    // the last two thirds of a 300 s seeded run. None of te_depth 1 is kept while `reserve` seeds wait
    // that outscore any (keep_stones): then the round goes without both (when it
    // mines {-1,+1} too).
    const bool swap1 = std::ranges::find(options_.moves, Move::Swap1) != options_.moves.end();
    const bool stone_makers = !swap1 || keeps_shallow_stones(frontier);
    for (std::uint32_t s = 0; s < seeds.size(); ++s) {
      for (const Move move : options_.moves) {
        if ((move == Move::Add1 || move == Move::Swap2) && !stone_makers) continue;
        const std::size_t parts = move == Move::Swap1   ? given_orbits(seeds[s].puzzle).size()
                                  : move == Move::Swap2 ? static_cast<std::size_t>(options_.swap2_jobs)
                                                        : 1;
        for (std::uint32_t p = 0; p < parts; ++p) jobs.push_back({s, move, p});
      }
    }
    return jobs;
  }

  JobResult explore(std::uint64_t seed, std::uint64_t index, const Job& job, std::span<const Seed> seeds,
                    const Target& target, const Frontier& frontier, RatingClaims* claims) {
    frontier_ = &frontier;
    claims_ = target.wants_rating() ? nullptr : claims;  // (a target that reads the rating needs every one)
    skip_shallow_ = options_.shallow_guesses > 0 && geometry_ == engine::Geometry{} && target.te_depth &&
                    *target.te_depth >= 2 && !keeps_shallow_stones(frontier);
    index_ = index;
    result_ = {};
    stones_.clear();
    seen_.clear();
    engine::Rng rng = engine::Rng::for_index(seed ^ 0x6D696E696E67ULL, index);  // "mining": not generate's streams
    if (job.move == Move::Fresh) {
      fresh(seed, index, target);
    } else {
      const Seed& from = seeds[job.seed];
      seen_.insert(from.key);
      const std::vector<std::size_t> given = given_orbits(from.puzzle);
      const std::vector<std::size_t> empty = empty_orbits(from.puzzle);
      switch (job.move) {
        case Move::Swap1: {
          engine::Grid base = from.puzzle;
          clear(base, given[job.part]);
          const bool tallied = tally(base);
          for (const std::size_t o : empty) add_each(base, o, target, rng, tallied);
          break;
        }
        case Move::Drop1:
          for (const std::size_t o : given) {
            engine::Grid next = from.puzzle;
            clear(next, o);
            test(next, target, rng);
          }
          break;
        case Move::Add1: {
          const engine::Grid solution = solver_.count_solutions(from.puzzle, 1).solution;
          for (const std::size_t o : empty) {
            engine::Grid next = from.puzzle;
            for (const engine::Cell cell : orbits_[o]) next.set(cell, solution[cell]);
            test(next, target, rng);
          }
          break;
        }
        case Move::Swap2: swap2(from.puzzle, given, empty, target, rng); break;
        case Move::Fresh: break;
      }
    }
    keep_stones();
    return std::move(result_);
  }

 private:
  std::vector<std::size_t> given_orbits(const engine::Grid& puzzle) const {
    std::vector<std::size_t> given;
    for (std::size_t o = 0; o < orbits_.size(); ++o) {
      if (std::any_of(orbits_[o].begin(), orbits_[o].end(), [&](engine::Cell c) { return puzzle[c] != 0; })) {
        given.push_back(o);
      }
    }
    return given;
  }
  std::vector<std::size_t> empty_orbits(const engine::Grid& puzzle) const {
    std::vector<std::size_t> empty;
    for (std::size_t o = 0; o < orbits_.size(); ++o) {
      if (std::all_of(orbits_[o].begin(), orbits_[o].end(), [&](engine::Cell c) { return puzzle[c] == 0; })) {
        empty.push_back(o);
      }
    }
    return empty;
  }
  void clear(engine::Grid& puzzle, std::size_t orbit) const {
    for (const engine::Cell cell : orbits_[orbit]) puzzle.set(cell, 0);
  }
  // The digits `cell` can take without a clash with the filled cells of `puzzle`.
  Mask allowed(const engine::Grid& puzzle, engine::Cell cell) const {
    Mask mask = (Mask{1} << geometry_.size()) - 1;
    for (const engine::Cell peer : units_.peers(cell)) {
      if (puzzle[peer] != 0) mask &= ~(Mask{1} << (puzzle[peer] - 1));
    }
    return mask;
  }

  // Every solution of `base` tallied by digit and cell (tally_), so that the number
  // of solutions left by one clue added is known without a search; false when the
  // symmetry adds several cells at once or `base` has too many solutions.
  bool tally(const engine::Grid& base) {
    if (options_.symmetry != engine::Symmetry::None) return false;
    tally_.assign(static_cast<std::size_t>(geometry_.cell_count() * geometry_.size()), 0);
    return solver_.tally_solutions(base, kTallyLimit, tally_, engine::TallyCounts::UpToTwo).count < kTallyLimit;
  }

  // Every clash-free way to fill orbit `o` of `puzzle` (at most kMaxAssignments, in
  // an order drawn from `rng` when there are more), each tested; `tallied`: tally_
  // holds every solution of `puzzle` (one-cell orbits only).
  void add_each(const engine::Grid& puzzle, std::size_t o, const Target& target, engine::Rng& rng, bool tallied) {
    engine::Grid next = puzzle;
    int budget = kMaxAssignments;
    fill_orbit(next, orbits_[o], 0, budget, target, rng, tallied);
  }
  void fill_orbit(engine::Grid& puzzle, const std::vector<engine::Cell>& cells, std::size_t k, int& budget,
                  const Target& target, engine::Rng& rng, bool tallied) {
    if (budget <= 0) return;
    if (k == cells.size()) {
      --budget;
      if (tallied) {
        const engine::Cell cell = cells.front();
        test(puzzle, target, rng, static_cast<int>(tally_[static_cast<std::size_t>(cell * geometry_.size() + puzzle[cell] - 1)]));
      } else {
        test(puzzle, target, rng);
      }
      return;
    }
    const engine::Cell cell = cells[k];
    Mask digits = allowed(puzzle, cell);
    std::array<int, 32> order{};
    int count = 0;
    for (; digits != 0; digits &= digits - 1) order[static_cast<std::size_t>(count++)] = std::countr_zero(digits) + 1;
    if (cells.size() > 1) rng.shuffle(std::span<int>(order.data(), static_cast<std::size_t>(count)));
    for (int i = 0; i < count && budget > 0; ++i) {
      puzzle.set(cell, order[static_cast<std::size_t>(i)]);
      fill_orbit(puzzle, cells, k + 1, budget, target, rng, tallied);
    }
    puzzle.set(cell, 0);
  }

  // Random {-2,+2} neighbours: two given orbits out, two other orbits in with
  // random clash-free digits.
  void swap2(const engine::Grid& from, const std::vector<std::size_t>& given, const std::vector<std::size_t>& empty,
             const Target& target, engine::Rng& rng) {
    if (given.size() < 2 || empty.size() < 2) return;
    for (int s = 0; s < options_.swap2_samples; ++s) {
      const auto g = static_cast<std::uint32_t>(given.size());
      const auto e = static_cast<std::uint32_t>(empty.size());
      const std::uint32_t out1 = rng.below(g);
      const std::uint32_t out2 = (out1 + 1 + rng.below(g - 1)) % g;
      const std::uint32_t in1 = rng.below(e);
      const std::uint32_t in2 = (in1 + 1 + rng.below(e - 1)) % e;
      engine::Grid next = from;
      clear(next, given[out1]);
      clear(next, given[out2]);
      bool ok = true;
      for (const std::uint32_t in : {in1, in2}) {
        for (const engine::Cell cell : orbits_[empty[in]]) {
          const Mask digits = allowed(next, cell);
          if (digits == 0) {
            ok = false;
            break;
          }
          next.set(cell, nth_bit(digits, rng.below(static_cast<std::uint32_t>(std::popcount(digits)))) + 1);
        }
      }
      if (ok) test(next, target, rng);
    }
  }
  static int nth_bit(Mask mask, std::uint32_t n) {
    for (std::uint32_t k = 0; k < n; ++k) mask &= mask - 1;
    return std::countr_zero(mask);
  }

  // A candidate (clash-free by construction): unique? made minimal, new to the job,
  // graded; rated when the target or the frontier needs it. `solutions`: how many it
  // has, where a tally knows (else it is counted).
  void test(const engine::Grid& candidate, const Target& target, engine::Rng& rng, int solutions = -1) {
    ++result_.candidates;
    std::optional<engine::SearchStats> search;  // the solver's proof, where it was asked
    if (solutions < 0) {
      const engine::SolveResult counted = solver_.count_solutions(candidate, 2);
      solutions = counted.count;
      search = counted.stats;
    }
    if (solutions != 1) return;
    ++result_.unique;
    // The carve's own stream, drawn whether the neighbour is left out or not: leaving
    // one out changes no other neighbour's carve.
    engine::Rng carving(rng.next());
    if (skip_shallow_) {
      if (!search) search = solver_.count_solutions(candidate, 2).stats;
      if (search->guesses < static_cast<std::uint64_t>(options_.shallow_guesses)) {
        ++result_.shallow;
        return;
      }
    }
    Find find{options_.minimize ? generator_.carve(candidate, carving) : candidate, {}, {}, false, false};
    // Moves keep a seed's symmetry; a seed without it gives finds without it: none is kept.
    if (!engine::has_symmetry(find.puzzle, options_.symmetry)) return;
    find.key = engine::canonical_key(find.puzzle);
    // What the frontier knows (a seed, or a find of an earlier round) is neither new
    // nor a new seed: not graded again.
    if (frontier_->knows(find.key) || !seen_.insert(find.key).second) return;
    grade(find, target);
  }
  void grade(Find& find, const Target& target) {
    find.grade = graded(find.puzzle);
    if (target.accepts_unrated(find.grade)) {
      if (mine_to_rate(find.key)) grader_.rate(find.puzzle, find.grade, unrated_);
      find.accepted = target.accepts(find.grade);
    }
    if (find.accepted) {
      find.kept = true;
      result_.finds.push_back(std::move(find));
    } else if (find.grade.tier == grader::Tier::Diabolical) {
      stones_.push_back(std::move(find));  // a stepping stone, maybe (keep_stones)
    }
  }

  // The grade of `puzzle` without the rating, made once for the puzzles this miner
  // met lately: neighbours of one seed often carve into the same puzzle, job after
  // job. A grade depends on the puzzle alone (by its cells: not by canonical form,
  // since a transform's solution and search differ), so a grade looked up is the
  // grade made, and what a job finds does not depend on which jobs its miner ran
  // before.
  const grader::Grade& graded(const engine::Grid& puzzle) {
    std::string cells(puzzle.values().begin(), puzzle.values().end());
    for (const auto* generation : {&graded_, &graded_before_}) {
      if (const auto at = generation->find(cells); at != generation->end()) return at->second;
    }
    if (graded_.size() >= static_cast<std::size_t>(options_.graded_kept)) {  // the generation before goes
      graded_before_ = std::move(graded_);
      graded_.clear();
    }
    return graded_.emplace(std::move(cells), grader_.grade(puzzle, unrated_)).first->second;
  }

  // A fresh puzzle (the generator's candidate `index`, climbed towards the target
  // as it climbs any): kept as a starting point when diabolical.
  void fresh(std::uint64_t seed, std::uint64_t index, const Target& target) {
    Candidate made = generator_.make(seed, index, target);
    ++result_.candidates;
    if (made.grade.status != grader::Status::Unique) return;
    ++result_.unique;
    Find find{made.puzzle, std::move(made.grade), engine::canonical_key(made.puzzle), made.accepted, false};
    if (find.grade.tier != grader::Tier::Diabolical && !find.accepted) return;
    if (find.grade.rating == 0) grader_.rate(find.puzzle, find.grade, unrated_);  // (no rating is 0: not rated yet)
    find.kept = true;
    result_.finds.push_back(std::move(find));
  }

  // The stepping stones: of the diabolical neighbours the target does not accept,
  // the `keep` hardest join the frontier, so that the search goes on (and climbs)
  // where accepted puzzles are rare. Hardest by the grade without the rating first
  // (deeper trial and error, then a bigger search), which is cheap; only they are rated.
  // None while the frontier holds `reserve` seeds waiting that a stone could not
  // outscore whatever its rating (te_depth-2 finds, for a te_depth-1 stone): they
  // would be explored long before it, and rating it is the dearest part of a job.
  void keep_stones() {
    const int bar = stone_bar(*frontier_);
    std::erase_if(stones_, [&](const Find& stone) { return grader::score_ceiling(stone.grade.tier, stone.grade.te_depth) <= bar; });
    const auto harder = [](const Find& a, const Find& b) {
      if (a.grade.te_depth != b.grade.te_depth) return a.grade.te_depth > b.grade.te_depth;
      if (a.grade.search_nodes != b.grade.search_nodes) return a.grade.search_nodes > b.grade.search_nodes;
      return a.key < b.key;
    };
    const std::size_t keep = std::min(stones_.size(), static_cast<std::size_t>(options_.keep));
    std::partial_sort(stones_.begin(), stones_.begin() + static_cast<std::ptrdiff_t>(keep), stones_.end(), harder);
    for (std::size_t i = 0; i < keep; ++i) {
      Find& stone = stones_[i];
      if (stone.grade.rating == 0 && mine_to_rate(stone.key)) grader_.rate(stone.puzzle, stone.grade, unrated_);
      stone.kept = true;
      result_.finds.push_back(std::move(stone));
    }
    stones_.clear();
  }

  // A stepping stone is kept only if the most it could score is above this: the
  // score of the reserve-th seed waiting in `frontier` (INT_MIN while fewer wait).
  int stone_bar(const Frontier& frontier) const { return frontier.score_at(static_cast<std::size_t>(options_.reserve)); }
  // Whether a te_depth-1 stepping stone could be kept with `frontier` (keep_stones):
  // else what only makes such stones is not done (jobs(), test()).
  bool keeps_shallow_stones(const Frontier& frontier) const {
    return stone_bar(frontier) < grader::score_ceiling(grader::Tier::Diabolical, 1);
  }

  // Whether this job rates the puzzle of `key` (RatingClaims).
  bool mine_to_rate(const std::string& key) { return claims_ == nullptr || claims_->claim(key, index_); }

  engine::Geometry geometry_;
  MineOptions options_;
  engine::Units units_;
  std::vector<std::vector<engine::Cell>> orbits_;
  engine::Solver solver_;
  grader::Grader grader_;
  Generator generator_;
  grader::GradeOptions unrated_;  // the grade without the human rating (added by rate() where needed)
  JobResult result_;
  const Frontier* frontier_ = nullptr;  // the round's, during explore()
  RatingClaims* claims_ = nullptr;      // ... and its claims, where they may spare ratings
  bool skip_shallow_ = false;           // ... and whether shallow neighbours are left out (MineOptions::shallow_guesses)
  std::uint64_t index_ = 0;             // the job's
  std::unordered_set<std::string> seen_;
  std::vector<Find> stones_;  // diabolical neighbours not accepted (keep_stones)
  std::vector<std::uint32_t> tally_;  // solutions by cell and digit (tally)
  // Grades made lately, by the puzzle's cells (graded): the newest (up to
  // MineOptions::graded_kept), and the generation before them.
  std::unordered_map<std::string, grader::Grade> graded_;
  std::unordered_map<std::string, grader::Grade> graded_before_;
};

Miner::Miner(const engine::Geometry& geometry, const MineOptions& options)
    : impl_(std::make_unique<Impl>(geometry, options)) {}
Miner::~Miner() = default;
Miner::Miner(Miner&&) noexcept = default;
Miner& Miner::operator=(Miner&&) noexcept = default;

std::vector<Job> Miner::jobs(std::span<const Seed> seeds, const Frontier& frontier) const {
  return impl_->jobs(seeds, frontier);
}

JobResult Miner::explore(std::uint64_t seed, std::uint64_t index, const Job& job, std::span<const Seed> seeds,
                         const Target& target, const Frontier& frontier, RatingClaims* claims) {
  return impl_->explore(seed, index, job, seeds, target, frontier, claims);
}

}  // namespace sudoforge::generator
