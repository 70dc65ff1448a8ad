#pragma once
// Trial-and-error depth, as DESIGN.md defines it. T&E(0) is P. T&E(k): for every
// open candidate, assume it and run T&E(k-1); if that contradicts, eliminate the
// candidate; repeat to a fixpoint, applying P. te_depth is the smallest k that
// solves the puzzle.
//
// Made cheap three ways, none changing the answer:
//  - Eliminations only ever remove candidates, and a contradiction found in a
//    position is found in any smaller one, so the fixpoint is the same whatever the
//    order: each elimination is applied at once (and P run) instead of in rounds,
//    and cheaper depths run to their fixpoint before a deeper one is tried.
//  - At the top level the solution is known (the search found it): a candidate of
//    the solution never contradicts, so only the others are tried.
//  - Cells with fewer candidates are tried first: removing the wrong digit of a
//    two-candidate cell places the other, so the puzzle falls sooner.

#include <array>

#include "propagation.hpp"

namespace sudoforge::grader::detail {

template <int N>
class TrialAndError {
 public:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using RowSet = typename Layout::RowSet;
  using Values = typename Propagation<N>::Values;

  explicit TrialAndError(const Propagation<N>& propagation)
      : propagation_(propagation), layout_(propagation.layout()) {}

  // The smallest k <= max_depth for which T&E(k) solves `state` (a P fixpoint of a
  // puzzle whose unique solution is `solution`), or max_depth + 1 if none does.
  // Out of line (once per puzzle) so that scripts/bench-grade can name its share.
  [[gnu::noinline]] int depth(const State& state, const Values& solution, int max_depth) {
    State work = state;
    for (int k = 1; k <= max_depth; ++k) {
      if (fixpoint(work, k, &solution) && work.complete(layout_)) return k;
    }
    return max_depth + 1;
  }

 private:
  // Brings `state` to its T&E(k) fixpoint, trying depth 1 to its fixpoint before
  // depth 2 and so on. False when it contradicts. Stops early once complete.
  bool fixpoint(State& state, int k, const Values* solution) {
    int level = 1;
    while (level <= k) {
      if (state.complete(layout_)) return true;
      const int outcome = pass(state, level, solution);
      if (outcome < 0) return false;
      level = outcome > 0 ? 1 : level + 1;  // progress: cheaper depths first again
    }
    return true;
  }

  // One pass over the open candidates at `level`: eliminates each whose assumption
  // contradicts at level - 1. -1 on a contradiction, else whether it eliminated.
  int pass(State& state, int level, const Values* solution) {
    const auto planes = state.template count_planes<3>(layout_);
    const RowSet pairs = without(planes[1], planes[2]);  // two candidates: tried first
    int outcome = 0;
    for (const RowSet& cells : {pairs, without(planes[1], pairs)}) {
      cells.for_each([&](int position) {
        const engine::Cell cell = layout_.cell_at(position);
        for (int d = 0; d < N && outcome >= 0; ++d) {
          if (state.complete(layout_)) return;
          if (state.is_solved(layout_, cell) || !state.allows(layout_, d, cell)) continue;
          if (solution != nullptr && (*solution)[static_cast<std::size_t>(cell)] == d + 1) continue;
          if (!contradicts(state, d, cell, level - 1)) continue;
          state.eliminate(layout_, d, cell);
          outcome = propagation_.run(state, nullptr) ? 1 : -1;
        }
      });
      if (outcome < 0 || state.complete(layout_)) break;
    }
    return outcome;
  }

  // Whether assuming digit d in `cell` contradicts at depth `level`.
  bool contradicts(const State& state, int d, engine::Cell cell, int level) {
    State trial = state;
    trial.place(layout_, d, cell);
    if (!propagation_.run(trial, nullptr)) return true;
    if (level == 0 || trial.complete(layout_)) return false;
    return !fixpoint(trial, level, nullptr);
  }

  const Propagation<N>& propagation_;
  const Layout& layout_;
};

}  // namespace sudoforge::grader::detail
