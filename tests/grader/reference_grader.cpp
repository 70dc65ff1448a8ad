#include "reference_grader.hpp"

#include <algorithm>
#include <bit>

#include "sudoforge/engine/check.hpp"

namespace sudoforge::test {

namespace {

using engine::Candidates;
using engine::Cell;
using grader::Technique;

// Candidates per cell; a placed cell holds exactly its digit and is marked placed.
struct Position {
  std::vector<Candidates> candidates;
  std::vector<bool> placed;
};

class Reference {
 public:
  explicit Reference(const engine::Geometry& geometry) : units_(geometry), size_(geometry.size()) {}

  Position start(const engine::Grid& puzzle) const {
    const int cells = puzzle.cell_count();
    Position position{std::vector<Candidates>(static_cast<std::size_t>(cells), engine::all_digits(size_)),
                      std::vector<bool>(static_cast<std::size_t>(cells), false)};
    for (Cell cell = 0; cell < cells; ++cell) {
      if (puzzle[cell] != 0) place(position, cell, puzzle[cell]);
    }
    return position;
  }

  void place(Position& p, Cell cell, engine::Digit digit) const {
    p.candidates[static_cast<std::size_t>(cell)] = engine::digit_bit(digit);
    p.placed[static_cast<std::size_t>(cell)] = true;
    for (Cell peer : units_.peers(cell)) p.candidates[static_cast<std::size_t>(peer)] &= ~engine::digit_bit(digit);
  }

  bool contradicts(const Position& p) const {
    for (Candidates c : p.candidates) {
      if (c == 0) return true;
    }
    for (int unit = 0; unit < units_.count(); ++unit) {
      Candidates seen = 0;
      for (Cell cell : units_.cells(unit)) seen |= p.candidates[static_cast<std::size_t>(cell)];
      if (seen != engine::all_digits(size_)) return true;
      for (engine::Digit digit = 1; digit <= size_; ++digit) {  // placed twice in a unit
        int placed = 0;
        for (Cell cell : units_.cells(unit)) {
          placed += p.placed[static_cast<std::size_t>(cell)] &&
                    p.candidates[static_cast<std::size_t>(cell)] == engine::digit_bit(digit);
        }
        if (placed > 1) return true;
      }
    }
    return false;
  }

  bool solved(const Position& p) const {
    return std::all_of(p.placed.begin(), p.placed.end(), [](bool b) { return b; });
  }

  // One round of the cheapest technique that applies: every instance found in the
  // position as it stands, then applied. Returns the technique, or -1 if none.
  int round(Position& p, std::array<int, grader::kTechniqueCount>& counts, int max_technique) const {
    const auto cells = static_cast<Cell>(p.candidates.size());
    std::vector<std::pair<Cell, engine::Digit>> placements;
    for (Cell cell = 0; cell < cells; ++cell) {
      const Candidates c = p.candidates[static_cast<std::size_t>(cell)];
      if (!p.placed[static_cast<std::size_t>(cell)] && std::popcount(c) == 1) {
        placements.emplace_back(cell, engine::first_digit(c));
      }
    }
    if (!placements.empty()) {
      for (auto [cell, digit] : placements) place(p, cell, digit);
      counts[0] += static_cast<int>(placements.size());
      return 0;
    }
    for (int unit = 0; unit < units_.count(); ++unit) {
      for (engine::Digit digit = 1; digit <= size_; ++digit) {
        std::vector<Cell> places;
        bool done = false;
        for (Cell cell : units_.cells(unit)) {
          if ((p.candidates[static_cast<std::size_t>(cell)] & engine::digit_bit(digit)) == 0) continue;
          if (p.placed[static_cast<std::size_t>(cell)]) done = true;
          places.push_back(cell);
        }
        if (!done && places.size() == 1) placements.emplace_back(places.front(), digit);
      }
    }
    std::sort(placements.begin(), placements.end());
    placements.erase(std::unique(placements.begin(), placements.end()), placements.end());
    if (!placements.empty()) {
      for (auto [cell, digit] : placements) place(p, cell, digit);
      counts[1] += static_cast<int>(placements.size());
      return 1;
    }
    if (max_technique < 2) return -1;
    for (int technique = 2; technique <= 3; ++technique) {
      std::vector<std::pair<Cell, Candidates>> removals;
      int patterns = 0;
      for (int unit = 0; unit < units_.count(); ++unit) {
        const auto unit_cells = units_.cells(unit);
        for (engine::Digit a = 1; a <= size_; ++a) {
          for (engine::Digit b = a + 1; b <= size_; ++b) {
            const Candidates pair = engine::digit_bit(a) | engine::digit_bit(b);
            std::vector<Cell> holders;
            for (Cell cell : unit_cells) {
              const Candidates c = p.candidates[static_cast<std::size_t>(cell)];
              if (p.placed[static_cast<std::size_t>(cell)]) continue;
              if (technique == 2 ? c == pair : (c & pair) != 0) holders.push_back(cell);
            }
            if (technique == 3) {  // both digits' places are exactly the same two cells
              bool same = holders.size() == 2;
              for (Cell cell : holders) same = same && (p.candidates[static_cast<std::size_t>(cell)] & pair) == pair;
              if (!same) continue;
            } else if (holders.size() < 2) {
              continue;
            }
            bool eliminates = false;
            if (technique == 2) {
              // Every two holders are twins; the digits leave every other cell, a third
              // holder included (which then has nothing left).
              for (std::size_t i = 0; i < holders.size(); ++i) {
                for (std::size_t j = i + 1; j < holders.size(); ++j) {
                  for (Cell cell : unit_cells) {
                    if (cell == holders[i] || cell == holders[j]) continue;
                    if ((p.candidates[static_cast<std::size_t>(cell)] & pair) != 0) {
                      removals.emplace_back(cell, pair);
                      eliminates = true;
                    }
                  }
                }
              }
            } else {
              for (Cell cell : holders) {
                if ((p.candidates[static_cast<std::size_t>(cell)] & ~pair) != 0) {
                  removals.emplace_back(cell, ~pair);
                  eliminates = true;
                }
              }
            }
            patterns += eliminates;
          }
        }
      }
      if (patterns > 0) {
        for (auto [cell, gone] : removals) p.candidates[static_cast<std::size_t>(cell)] &= ~gone;
        counts[static_cast<std::size_t>(technique)] += patterns;
        return technique;
      }
    }
    return -1;
  }

  // P: techniques up to `max_technique` to a fixpoint. False on a contradiction.
  bool propagate(Position& p, int max_technique) const {
    std::array<int, grader::kTechniqueCount> ignored{};
    while (!contradicts(p) && !solved(p)) {
      if (round(p, ignored, max_technique) < 0) return true;
    }
    return !contradicts(p);
  }

  // T&E(k) to its fixpoint. False when it contradicts.
  bool trial_and_error(Position& p, int k) const {
    if (!propagate(p, 3)) return false;
    bool changed = true;
    while (changed && !solved(p)) {
      changed = false;
      for (Cell cell = 0; cell < static_cast<Cell>(p.candidates.size()); ++cell) {
        if (p.placed[static_cast<std::size_t>(cell)]) continue;
        for (engine::Digit digit = 1; digit <= size_; ++digit) {
          if ((p.candidates[static_cast<std::size_t>(cell)] & engine::digit_bit(digit)) == 0) continue;
          Position trial = p;
          place(trial, cell, digit);
          const bool contradiction = k == 1 ? !propagate(trial, 3) : !trial_and_error(trial, k - 1);
          if (!contradiction) continue;
          p.candidates[static_cast<std::size_t>(cell)] &= ~engine::digit_bit(digit);
          if (!propagate(p, 3)) return false;
          changed = true;
        }
      }
    }
    return true;
  }

  // The uniqueness search: P at each node, first cell with fewest candidates.
  void search(Position p, int depth, ReferenceGrade& grade, int& count) const {
    ++grade.search_nodes;
    grade.search_depth = std::max(grade.search_depth, depth);
    if (!propagate(p, 3)) return;
    if (solved(p)) {
      if (++count == 1) {
        for (Cell cell = 0; cell < static_cast<Cell>(p.candidates.size()); ++cell) {
          grade.solution.set(cell, engine::first_digit(p.candidates[static_cast<std::size_t>(cell)]));
        }
      }
      return;
    }
    Cell best = -1;
    for (Cell cell = 0; cell < static_cast<Cell>(p.candidates.size()); ++cell) {
      if (p.placed[static_cast<std::size_t>(cell)]) continue;
      if (best < 0 || std::popcount(p.candidates[static_cast<std::size_t>(cell)]) <
                          std::popcount(p.candidates[static_cast<std::size_t>(best)])) {
        best = cell;
      }
    }
    for (engine::Digit digit = 1; digit <= size_ && count < 2; ++digit) {
      if ((p.candidates[static_cast<std::size_t>(best)] & engine::digit_bit(digit)) == 0) continue;
      Position child = p;
      place(child, best, digit);
      search(child, depth + 1, grade, count);
    }
  }

  const engine::Units& units() const { return units_; }

 private:
  engine::Units units_;
  int size_;
};

}  // namespace

ReferenceGrade reference_grade(const engine::Grid& puzzle, int max_te_depth) {
  const Reference reference(puzzle.geometry());
  ReferenceGrade grade;
  grade.solution = engine::Grid(puzzle.geometry());
  if (engine::find_clash(puzzle, reference.units())) return grade;

  // The rated path: rounds, cheapest first, until solved or stuck.
  Position path = reference.start(puzzle);
  int highest = 0;
  while (!reference.solved(path) && !reference.contradicts(path)) {
    const int technique = reference.round(path, grade.counts, 3);
    if (technique < 0) break;
    highest = std::max(highest, technique);
    ++grade.rounds;
  }

  int count = 0;
  reference.search(reference.start(puzzle), 0, grade, count);
  grade.status = count == 0 ? grader::Status::None : count == 1 ? grader::Status::Unique : grader::Status::Multiple;
  if (grade.status != grader::Status::Unique) return grade;
  if (reference.solved(path)) {
    grade.tier = highest >= 2 ? grader::Tier::Twins : grader::Tier::Singles;
    return grade;
  }
  grade.tier = grader::Tier::Diabolical;
  for (int k = 1; k <= max_te_depth; ++k) {
    Position trial = path;
    if (reference.trial_and_error(trial, k) && reference.solved(trial)) {
      grade.te_depth = k;
      return grade;
    }
  }
  grade.te_depth = max_te_depth + 1;
  return grade;
}

}  // namespace sudoforge::test
