#pragma once
// The search that proves uniqueness, as DESIGN.md fixes it: depth first, P at every
// node, branching on the first open cell (row-major) with the fewest candidates,
// digits in increasing order, stopping at the second solution. Its size and depth
// are part of a grade, so the rule is fixed here and deterministic.

#include <algorithm>
#include <cstdint>

#include "propagation.hpp"

namespace sudoforge::grader::detail {

template <int N>
class UniquenessSearch {
 public:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using RowSet = typename Layout::RowSet;
  using Values = typename Propagation<N>::Values;

  explicit UniquenessSearch(const Propagation<N>& propagation)
      : propagation_(propagation), layout_(propagation.layout()) {}

  // What P made of the root's children: the root with one digit placed in its
  // branch cell. Trial and error at the root would compute the same again.
  struct RootChildren {
    engine::Cell cell = -1;          // the root's branch cell; -1 when the root is complete
    std::uint32_t contradicting = 0;  // digit bits (bit d for index d) whose child P refuted
    std::uint32_t consistent = 0;     // those whose child P did not refute
    State fixpoint{};                 // P of the last consistent child
  };

  struct Result {
    int count = 0;  // 0, 1 or 2 (= several)
    std::uint64_t nodes = 0;
    int depth = 0;
    Values solution{};
    bool finished = true;  // false: stopped at the node limit, count unknown
    RootChildren root;     // complete for the children searched
  };

  // Searches from `root`, a P fixpoint (the rated path stops at one), which is the
  // root node. `values` holds the digits already placed in `root`. Gives up
  // (finished false) after `node_limit` nodes.
  // Out of line (once per puzzle) so that scripts/bench-grade can name its share.
  [[gnu::noinline]] Result run(const State& root, const Values& values, std::uint64_t node_limit = UINT64_MAX) {
    result_ = Result{};
    node_limit_ = node_limit;
    values_ = values;
    State state = root;
    node(state, 0);
    return result_;
  }

 private:
  // Returns true once two solutions are known.
  bool node(State& state, int depth) {
    if (result_.nodes == node_limit_) {
      result_.finished = false;
      return true;  // unwinds the search
    }
    ++result_.nodes;
    result_.depth = std::max(result_.depth, depth);
    if (depth > 0) {  // the root is a fixpoint already
      const bool consistent = propagation_.run(state, &values_);
      if (depth == 1) note_root_child(state, consistent);
      if (!consistent) return false;
    }
    if (state.complete(layout_)) {
      if (++result_.count == 1) result_.solution = values_;
      return result_.count >= 2;
    }
    const engine::Cell cell = branch_cell(state);
    if (depth == 0) result_.root.cell = cell;
    for (std::uint32_t digits = state.candidates(layout_, cell); digits != 0; digits &= digits - 1) {
      State child = state;
      if (depth == 0) root_digit_ = std::countr_zero(digits);
      propagation_.place(child, std::countr_zero(digits), cell, &values_);
      if (node(child, depth + 1)) return true;
    }
    return false;
  }

  void note_root_child(const State& state, bool consistent) {
    RootChildren& root = result_.root;
    if (!consistent) {
      root.contradicting |= 1U << root_digit_;
      return;
    }
    root.consistent |= 1U << root_digit_;
    root.fixpoint = state;
  }

  // The first open cell with the fewest candidates.
  engine::Cell branch_cell(const State& state) const {
    const auto planes = state.template count_planes<4>(layout_);
    for (int k = 1; k < 3; ++k) {
      const RowSet exact = without(planes[k], planes[k + 1]);
      if (exact.any()) return layout_.cell_at(exact.first());
    }
    engine::Cell best_cell = layout_.cell_at(planes[3].first());
    int best = N + 1;
    planes[3].for_each([&](int position) {
      const engine::Cell cell = layout_.cell_at(position);
      const int count = std::popcount(state.candidates(layout_, cell));
      if (count < best) {
        best = count;
        best_cell = cell;
      }
    });
    return best_cell;
  }

  const Propagation<N>& propagation_;
  std::uint64_t node_limit_ = UINT64_MAX;
  const Layout& layout_;
  Result result_;
  Values values_{};  // digits of the current path (a cell is rewritten whenever it is placed again)
  int root_digit_ = 0;  // the digit placed in the root's branch cell on the current path
};

}  // namespace sudoforge::grader::detail
