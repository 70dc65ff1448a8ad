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
std::string_view status_name(Status status);        // "unique", "none", "multiple", "invalid"
std::string_view technique_name(Technique technique);  // "naked_single", ...
Tier tier_of(Technique technique);  // the tier a technique belongs to

struct Elimination {
  engine::Cell cell = 0;
  engine::Digit digit = 0;
};

// One application of a technique in the solving path.
struct Step {
  Technique technique = Technique::NakedSingle;
  int round = 0;                    // steps of one round were all found in the same position
  int unit = -1;                    // where it was found (engine::Units index); -1 for a naked single
  std::vector<engine::Cell> cells;  // the cell placed, or the two cells of a twin pattern
  engine::Candidates digits = 0;    // the digit placed, or the twins' two digits
  std::vector<Elimination> eliminations;  // twins: what left which cell
};

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

  // With GradeOptions::record_steps only:
  std::vector<Step> steps;
  // The candidates before the first step of each technique that raises the level,
  // keyed by the index of that step.
  std::vector<std::pair<std::size_t, CandidateSnapshot>> level_rises;
  // For diabolical puzzles: the position where the techniques run out and a guess is needed.
  std::optional<CandidateSnapshot> stuck;
};

struct GradeOptions {
  bool record_steps = false;  // fill steps, level_rises and stuck
  int max_te_depth = 4;       // give up above this depth (te_depth then reads max_te_depth + 1)
};

// The score: tiers never overlap, and within a tier more and harder steps, a longer
// chain of rounds and a deeper trial and error score higher. See README "Grading".
int score_of(Tier tier, int te_depth, const std::array<int, kTechniqueCount>& counts, int rounds);

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

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::grader
