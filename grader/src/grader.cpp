#include "sudoforge/grader/grade.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>

#include "carried_path.hpp"
#include "path.hpp"
#include "search.hpp"
#include "sudoforge/engine/by_size.hpp"
#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/units.hpp"
#include "ladder/board_singles.hpp"
#include "ladder/ladder.hpp"
#include "refuter.hpp"
#include "trial_and_error.hpp"

namespace sudoforge::grader {

std::string_view tier_name(Tier tier) {
  switch (tier) {
    case Tier::Singles: return "singles";
    case Tier::Twins: return "twins";
    case Tier::Diabolical: return "diabolical";
  }
  return "?";
}

std::optional<Tier> parse_tier(std::string_view name) {
  for (const Tier tier : {Tier::Singles, Tier::Twins, Tier::Diabolical}) {
    if (name == tier_name(tier)) return tier;
  }
  return std::nullopt;
}

std::string_view status_name(Status status) {
  switch (status) {
    case Status::Unique: return "unique";
    case Status::None: return "none";
    case Status::Multiple: return "multiple";
    case Status::Invalid: return "invalid";
  }
  return "?";
}

std::string_view technique_name(Technique technique) {
  switch (technique) {
    case Technique::NakedSingle: return "naked_single";
    case Technique::HiddenSingle: return "hidden_single";
    case Technique::NakedTwins: return "naked_twins";
    case Technique::HiddenTwins: return "hidden_twins";
  }
  return "?";
}

Tier tier_of(Technique technique) {
  return technique <= Technique::HiddenSingle ? Tier::Singles : Tier::Twins;
}

namespace {

// Where a tier (and, for diabolical, a te_depth) starts on the score's scale.
int tier_base(Tier tier, int te_depth) {
  switch (tier) {
    case Tier::Singles: return 1000;
    case Tier::Twins: return 2000;
    case Tier::Diabolical: return 3000 + 1000 * std::max(te_depth - 1, 0);
  }
  return 0;
}

constexpr int kTopRating = 124;  // the rating counts up to 12.4, past the hardest puzzles known
constexpr int kTopEffort = 7;

}  // namespace

int score_of(Tier tier, int te_depth, int rating, const std::array<int, kHumanTechniqueCount>& human_counts) {
  // Eight points a tenth of rating, then up to 7 for the steps above singles, by
  // their bit width (1, 2-3, 4-7, ...).
  // (The techniques above singles, found once: this runs for every puzzle graded.)
  static const std::array<bool, kHumanTechniqueCount> above_singles = [] {
    std::array<bool, kHumanTechniqueCount> above{};
    for (int t = 0; t < kHumanTechniqueCount; ++t) {
      above[static_cast<std::size_t>(t)] = base_rating(static_cast<HumanTechnique>(t)) > base_rating(HumanTechnique::NakedSingle);
    }
    return above;
  }();
  unsigned hard_steps = 0;
  for (int t = 0; t < kHumanTechniqueCount; ++t) {
    if (above_singles[static_cast<std::size_t>(t)]) hard_steps += static_cast<unsigned>(human_counts[static_cast<std::size_t>(t)]);
  }
  const int effort = std::min(static_cast<int>(std::bit_width(hard_steps)), kTopEffort);
  return tier_base(tier, te_depth) + 8 * std::clamp(rating, 0, kTopRating) + effort;
}

int score_ceiling(Tier tier, int te_depth) { return tier_base(tier, te_depth) + 8 * kTopRating + kTopEffort; }

namespace {

template <int N>
class Core {
 public:
  explicit Core(const engine::Geometry& geometry)
      : units_(geometry), solver_(geometry), layout_(geometry), propagation_(layout_), path_(propagation_),
        search_(propagation_), trial_(propagation_), ladder_(geometry), board_singles_(layout_, units_),
        refuter_(propagation_) {
    ladder_.set_refuter(&refuter_);
  }
  // Its parts hold references to layout_.
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  void grade(const engine::Grid& puzzle, const GradeOptions& options, Grade& grade) {
    std::array<engine::Cell, engine::kMaxCells> givens;
    const int clues = puzzle.filled_cells(givens);
    grade.clues = clues;
    State state;
    Values values{};
    state.clear(layout_);
    for (const engine::Cell cell : std::span(givens.data(), static_cast<std::size_t>(clues))) {
      if (!state.allows(layout_, puzzle[cell] - 1, cell)) {  // a peer holds the digit already
        grade.status = Status::Invalid;
        grade.reason = "clashing givens: " + engine::describe(*engine::find_clash(puzzle, units_), units_);
        return;
      }
      propagation_.place(state, puzzle[cell] - 1, cell, &values);
    }

    const detail::PathEnd end = path_.run(state, values, grade);
    if (end == detail::PathEnd::Contradiction) {
      grade.status = Status::None;
      grade.reason = "no solution";
      return;
    }
    grade.search_nodes = 1;
    grade.search_depth = 0;
    if (end == detail::PathEnd::Solved) {
      grade.status = Status::Unique;
      const bool twins = grade.technique_counts[static_cast<int>(Technique::NakedTwins)] +
                             grade.technique_counts[static_cast<int>(Technique::HiddenTwins)] >
                         0;
      grade.tier = twins ? Tier::Twins : Tier::Singles;
      set_solution(values, grade);
    } else {
      // P's DFS can take millions of nodes to refute a puzzle without a solution
      // that the solver refutes in microseconds (found by fuzzing: a 10-clue
      // diagonal puzzle, 2.2M nodes). Past kSearchBudget nodes (graded puzzles of
      // the collections need at most ~1,000) the solver decides; a unique puzzle
      // then gets the full search its grade defines.
      auto result = search_.run(state, values, kSearchBudget);
      if (!result.finished) {
        const engine::SolveResult check = solver_.count_solutions(puzzle, 2);
        if (check.count == 1) {
          result = search_.run(state, values);
        } else {  // the verdict is the solver's; the statistics, those of the search cut short
          result.count = check.count;
          std::copy(check.solution.values().begin(), check.solution.values().end(), result.solution.begin());
        }
      }
      grade.search_nodes = result.nodes;
      grade.search_depth = result.depth;
      if (result.count != 1) {
        grade.status = result.count == 0 ? Status::None : Status::Multiple;
        grade.reason = result.count == 0 ? "no solution" : "more than one solution";
        if (result.count > 1) set_solution(result.solution, grade);  // one of them
        return;
      }
      grade.status = Status::Unique;
      grade.tier = Tier::Diabolical;
      set_solution(result.solution, grade);
      grade.te_depth = trial_.depth(state, result.solution, options.max_te_depth, search_.solution_path());
    }
    grade.score = score_of(grade.tier, grade.te_depth, 0, {});
    if (options.rate) rate(puzzle, options, grade);
  }

  // The human path of a unique puzzle whose grade holds its solution and tier.
  void rate(const engine::Grid& puzzle, const GradeOptions& options, Grade& grade) {
    // A path that needs nested forcing chains is rated on the puzzle's form under
    // the whole symmetry group of its variant (engine::whole_group_map: for X-Sudoku
    // a bigger group than the keys'), so that how the puzzle is written changes
    // nothing (ladder.hpp), and its steps are carried back. Where trial and error
    // needs depth 2 they may be needed, and the form is rated from the start (it
    // costs microseconds, a rating milliseconds); elsewhere the path stops where the
    // nested rung is asked and starts again on the form (the path up to there is the
    // same either way).
    ladder::Rated rated;
    if (grade.te_depth < 2) {
      ladder_.stop_before_nested(true);
      rated = rate_path(puzzle, grade.solution, options, grade);
    }
    if (grade.te_depth >= 2 || rated.stopped_before_nested) {
      grade.human_steps.clear();
      grade.human_rises.clear();
      const engine::CanonicalMap map = engine::whole_group_map(puzzle);
      ladder_.stop_before_nested(false);
      const engine::Grid form = map.apply(puzzle);
      const engine::Grid form_solution = map.apply(grade.solution);
      rated = rate_path(form, form_solution, options, grade);
      if (options.record_steps) detail::CarriedPath(map, units_).carry(grade.human_steps, grade.human_rises);
    }
    grade.rating = rated.rating;
    grade.hardest = rated.hardest;
    grade.human_counts = rated.counts;
    grade.level = level_of(rated.rating, grade.tier == Tier::Singles);
    grade.score = score_of(grade.tier, grade.te_depth, rated.rating, rated.counts);
  }

 private:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using Values = typename detail::Propagation<N>::Values;

  // The ladder's path of `puzzle`, its steps into `grade` if they are to be recorded,
  // else from where its first rounds of singles on the boards leave it.
  ladder::Rated rate_path(const engine::Grid& puzzle, const engine::Grid& solution, const GradeOptions& options,
                          Grade& grade) {
    if (options.record_steps) return ladder_.rate(puzzle, solution, &grade.human_steps, &grade.human_rises);
    ladder::Prefix prefix;
    board_singles_.run(puzzle, prefix);
    return ladder_.rate(puzzle, solution, nullptr, nullptr, &prefix);
  }

  void set_solution(const Values& values, Grade& grade) const {
    grade.solution = engine::Grid(layout_.geometry(), values);
  }

  static constexpr std::uint64_t kSearchBudget = 10000;

  engine::Units units_;
  engine::Solver solver_;
  Layout layout_;
  detail::Propagation<N> propagation_;
  detail::RatedPath<N> path_;
  detail::UniquenessSearch<N> search_;
  detail::TrialAndError<N> trial_;
  ladder::Ladder<ladder::words_for(N * N)> ladder_;
  ladder::BoardSingles<N> board_singles_;
  detail::BoardRefuter<N> refuter_;
};

}  // namespace

class Grader::Impl {
 public:
  explicit Impl(const engine::Geometry& geometry) : core_(engine::make_by_size<Core>(geometry)) {}
  void grade(const engine::Grid& puzzle, const GradeOptions& options, Grade& grade) {
    std::visit([&](auto& core) { core.grade(puzzle, options, grade); }, core_);
  }
  void rate(const engine::Grid& puzzle, const GradeOptions& options, Grade& grade) {
    std::visit([&](auto& core) { core.rate(puzzle, options, grade); }, core_);
  }

 private:
  engine::BySize<Core> core_;
};

Grader::Grader(const engine::Geometry& geometry) : impl_(std::make_unique<Impl>(geometry)) {}
Grader::~Grader() = default;
Grader::Grader(Grader&&) noexcept = default;
Grader& Grader::operator=(Grader&&) noexcept = default;

Grade Grader::grade(const engine::Grid& puzzle, const GradeOptions& options) {
  Grade grade;
  impl_->grade(puzzle, options, grade);
  return grade;
}

void Grader::rate(const engine::Grid& puzzle, Grade& grade, const GradeOptions& options) {
  if (grade.status != Status::Unique) return;
  impl_->rate(puzzle, options, grade);
}

}  // namespace sudoforge::grader
