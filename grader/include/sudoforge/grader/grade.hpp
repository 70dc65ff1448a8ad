#pragma once
// How hard a puzzle is for a person, exactly as DESIGN.md defines it: the human
// techniques it needs (tier), how deep trial and error must go (te_depth), the size
// of the search that proves it unique, a numeric score and the solving path.
// Everything here takes values and returns values; nothing prints.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/grader/rating.hpp"

namespace sudoforge::grader {

// Ordered: the higher tier is the harder one, so max() of tiers is a rating.
enum class Tier : std::uint8_t {
  Singles,     // naked and hidden singles solve it
  Twins,       // naked and hidden twins are needed too
  Diabolical,  // the twins fixpoint leaves cells open: guessing is needed
};

// Whether a puzzle can be graded at all. Kept apart from Tier.
enum class Status : std::uint8_t {
  Unique,    // exactly one solution: graded
  None,      // no solution
  Multiple,  // more than one solution
  Invalid,   // clashing givens (or, for callers, unreadable text)
};

// Cheapest first; the order is the order they are tried in.
enum class Technique : std::uint8_t { NakedSingle, HiddenSingle, NakedTwins, HiddenTwins };
constexpr int kTechniqueCount = 4;

std::string_view tier_name(Tier tier);              // "singles", "twins", "diabolical"
std::optional<Tier> parse_tier(std::string_view name);  // tier_name's inverse; nullopt for any other text
std::string_view status_name(Status status);        // "unique", "none", "multiple", "invalid"
std::string_view technique_name(Technique technique);  // "naked_single", ...
Tier tier_of(Technique technique);  // the tier a technique belongs to

// Placed digits and the candidates of the open cells at some point of the path.
struct CandidateSnapshot {
  engine::Grid grid;
  std::array<engine::Candidates, engine::kMaxCells> candidates{};
};

struct Grade {
  Status status = Status::Invalid;
  std::string reason;  // for anything but Unique: why it is not graded
  Tier tier = Tier::Singles;
  int te_depth = 0;  // trial-and-error depth; 0 unless diabolical
  std::uint64_t search_nodes = 0;
  int search_depth = 0;
  std::array<int, kTechniqueCount> technique_counts{};  // uses of each technique
  int rounds = 0;  // rounds of the solving path (each applies every instance of one technique)
  int clues = 0;
  int score = 0;
  engine::Grid solution;

  // The human rating (with GradeOptions::rate): the hardest step of the path that
  // always takes the easiest step available, on Sudoku Explainer's scale, in tenths;
  // its technique; the level cut from it; and the uses of every technique.
  int rating = 0;
  Level level = Level::Easy;
  HumanTechnique hardest = HumanTechnique::FullHouse;
  std::array<int, kHumanTechniqueCount> human_counts{};

  // With GradeOptions::record_steps and rate: the human path, and the candidates before each step
  // that raises its rating past singles, keyed by the index of that step.
  std::vector<HumanStep> human_steps;
  std::vector<std::pair<std::size_t, CandidateSnapshot>> human_rises;
};

struct GradeOptions {
  bool record_steps = false;  // fill human_steps and human_rises
  bool rate = true;           // run the human path: rating, level, hardest, human_counts
  int max_te_depth = 4;       // give up above this depth (te_depth then reads max_te_depth + 1)
};

// The score: tiers never overlap; within a tier a deeper trial and error scores
// higher, then a higher rating (tenths), then more steps above singles (counted
// in `human_counts`). See README "Grading".
int score_of(Tier tier, int te_depth, int rating, const std::array<int, kHumanTechniqueCount>& human_counts);
// The highest score a puzzle of `tier` and `te_depth` can have, whatever its rating
// and steps (so a grade without the rating bounds the score it will have rated).
int score_ceiling(Tier tier, int te_depth);

class Grader {
 public:
  // A grader for puzzles of `geometry` (builds its tables once). Use one per thread.
  explicit Grader(const engine::Geometry& geometry);
  ~Grader();
  Grader(Grader&&) noexcept;
  Grader& operator=(Grader&&) noexcept;

  // Grades `puzzle` (which must have the grader's geometry). Never throws for any
  // grid: clashing givens give Status::Invalid with the clash named.
  Grade grade(const engine::Grid& puzzle, const GradeOptions& options = {});

  // Adds the human rating (rating, level, hardest, human_counts, the score, and with
  // options.record_steps the human steps) to `grade`, a grade of `puzzle` made with
  // options.rate false. Does nothing unless the puzzle is unique. For callers that
  // rate only what passes a cheaper test first (the generator).
  void rate(const engine::Grid& puzzle, Grade& grade, const GradeOptions& options = {});

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::grader
