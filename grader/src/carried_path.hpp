#pragma once
// A rated path found on a puzzle's form (engine::whole_group_map), carried
// back to the puzzle as it was written: every cell, digit and unit a step or a
// candidate snapshot names goes back through the map. The steps of a round come in
// the order of the first candidate each takes out (or places), as written: the
// order in which a round of forcing-chain contradictions comes on the puzzle itself
// (LadderForcing.TheContradictionsOfARoundComeInTheOrderOfTheirCandidates, whose
// third puzzle is rated on its form), and a reading order for the rest. Rounds stay
// where they were, so the indices of the snapshots still point at the step they
// were taken before.

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::grader::detail {

class CarriedPath {
 public:
  CarriedPath(const engine::CanonicalMap& map, const engine::Units& units) : map_(map), units_(units) {
    const int n = units.geometry().size();
    for (int d = 0; d <= n; ++d) digit_back_[static_cast<std::size_t>(map.digit[static_cast<std::size_t>(d)])] = d;
  }

  void carry(std::vector<HumanStep>& steps, std::vector<std::pair<std::size_t, CandidateSnapshot>>& rises) const {
    for (HumanStep& step : steps) carry(step);
    for (auto& rise : rises) carry(rise.second);
    std::size_t begin = 0;
    while (begin < steps.size()) {
      std::size_t end = begin + 1;
      while (end < steps.size() && steps[end].round == steps[begin].round) ++end;
      std::stable_sort(steps.begin() + static_cast<std::ptrdiff_t>(begin), steps.begin() + static_cast<std::ptrdiff_t>(end),
                       [this](const HumanStep& a, const HumanStep& b) { return order(a) < order(b); });
      begin = end;
    }
  }

 private:
  engine::Cell cell(engine::Cell c) const { return map_.source_cell[static_cast<std::size_t>(c)]; }
  int digit(int d) const { return digit_back_[static_cast<std::size_t>(d)]; }
  engine::Candidates digits(engine::Candidates mask) const {
    engine::Candidates out = 0;
    for (; mask != 0; mask &= mask - 1) out |= engine::digit_bit(digit(engine::first_digit(mask)));
    return out;
  }
  // The unit of the puzzle as written that holds the cells unit `u` of the form holds.
  int unit(int u) const {
    const auto form_cells = units_.cells(u);
    std::vector<engine::Cell> written;
    written.reserve(form_cells.size());
    for (const engine::Cell c : form_cells) written.push_back(cell(c));
    std::sort(written.begin(), written.end());
    for (const int v : units_.units_of(written.front())) {
      const auto cells = units_.cells(v);
      if (std::equal(cells.begin(), cells.end(), written.begin(), written.end())) return v;
    }
    return u;  // (cannot happen: the map is a symmetry of the units)
  }

  void carry(HumanStep& step) const {
    step.digits = digits(step.digits);
    for (int& u : step.units) u = unit(u);
    for (engine::Cell& c : step.cells) c = cell(c);
    for (Placement& p : step.placements) p = {cell(p.cell), digit(p.digit)};
    for (Removal& r : step.removals) r = {cell(r.cell), digit(r.digit)};
    carry(step.chains);
    for (HumanStep::Inside& inside : step.inside) {
      inside.removed = {cell(inside.removed.cell), digit(inside.removed.digit)};
      carry(inside.chains);
    }
  }

  void carry(std::vector<std::vector<ChainNode>>& chains) const {
    for (auto& chain : chains) {
      for (ChainNode& node : chain) {
        node.cell = cell(node.cell);
        node.digit = digit(node.digit);
      }
    }
  }

  void carry(CandidateSnapshot& shot) const {
    const engine::Geometry& geometry = units_.geometry();
    CandidateSnapshot written{engine::Grid(geometry), {}};
    for (engine::Cell c = 0; c < geometry.cell_count(); ++c) {
      written.grid.set(cell(c), digit(shot.grid[c]));
      written.candidates[static_cast<std::size_t>(cell(c))] = digits(shot.candidates[static_cast<std::size_t>(c)]);
    }
    shot = std::move(written);
  }

  // A step's place in its round: the first candidate it takes out (or places).
  std::pair<engine::Cell, int> order(const HumanStep& step) const {
    if (!step.removals.empty()) return {step.removals.front().cell, step.removals.front().digit};
    if (!step.placements.empty()) return {step.placements.front().cell, step.placements.front().digit};
    return {0, 0};
  }

  const engine::CanonicalMap& map_;
  const engine::Units& units_;
  std::array<int, engine::kMaxSize + 1> digit_back_{};
};

}  // namespace sudoforge::grader::detail
