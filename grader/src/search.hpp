#pragma once
// The search that proves uniqueness, as DESIGN.md fixes it: depth first, P at every
// node, branching on the first open cell (row-major) with the fewest candidates,
// digits in increasing order, stopping at the second solution. Its size and depth
// are part of a grade, so the rule is fixed here and deterministic.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

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
      : propagation_(propagation),
        layout_(propagation.layout()),
        path_(static_cast<std::size_t>(layout_.cell_count()) + 1) {}

  struct Result {
    int count = 0;  // 0, 1 or 2 (= several)
    std::uint64_t nodes = 0;
    int depth = 0;
    Values solution{};
    bool finished = true;  // false: stopped at the node limit, count unknown
  };

  // A node on the path from the root to the (first) solution, with what P made of
  // its children: its position with one digit placed in its branch cell. Trial and
  // error would compute the same again.
  struct PathNode {
    engine::Cell cell = 0;            // the branch cell
    std::uint32_t contradicting = 0;  // digit bits (bit d for index d) whose child P refuted
    std::uint32_t consistent = 0;     // those whose child P did not refute
    int digit = 0;                    // the solution's digit index there
    State next{};                     // P of that child: the next node on the path
  };

  // Searches from `root`, a P fixpoint (the rated path stops at one), which is the
  // root node. `values` holds the digits already placed in `root`. Gives up
  // (finished false) after `node_limit` nodes.
  // Out of line (once per puzzle) so that scripts/bench-grade can name its share.
  [[gnu::noinline]] Result run(const State& root, const Values& values, std::uint64_t node_limit = UINT64_MAX) {
    result_ = Result{};
    node_limit_ = node_limit;
    values_ = values;
    solution_path_size_ = 0;
    State state = root;
    node(state, 0, 0U);
    return result_;
  }

  // The nodes from the root to the first solution found by the last run, root
  // first; complete when that run finished with exactly one solution.
  std::span<const PathNode> solution_path() const { return {path_.data(), solution_path_size_}; }

 private:
  // Returns true once two solutions are known. `digit_bit`: the digit placed to
  // make this node, when its parent is on the path to the first solution or that
  // is not found yet (path_ holds the current path until then, and the solution's
  // from then on); else 0.
  bool node(State& state, int depth, std::uint32_t digit_bit) {
    if (result_.nodes == node_limit_) {
      result_.finished = false;
      return true;  // unwinds the search
    }
    ++result_.nodes;
    result_.depth = std::max(result_.depth, depth);
    if (depth > 0) {  // the root is a fixpoint already
      const bool consistent = propagation_.run(state, &values_);
      PathNode& parent = path_[static_cast<std::size_t>(depth - 1)];
      (consistent ? parent.consistent : parent.contradicting) |= digit_bit;
      if (!consistent) return false;
    }
    if (state.complete(layout_)) {
      if (++result_.count == 1) {
        result_.solution = values_;
        solution_path_size_ = static_cast<std::size_t>(depth);
      }
      return result_.count >= 2;
    }
    const engine::Cell cell = branch_cell(state);
    // Entered before the first solution: this node is on the current path, and on
    // the solution's if that is found below it.
    const bool on_path = result_.count == 0;
    PathNode& here = path_[static_cast<std::size_t>(depth)];
    if (on_path) here = PathNode{cell, 0, 0, 0, {}};
    for (std::uint32_t digits = state.candidates(layout_, cell); digits != 0; digits &= digits - 1) {
      State child = state;
      const int digit = std::countr_zero(digits);
      propagation_.place(child, digit, cell, &values_);
      const int found = result_.count;
      if (node(child, depth + 1, on_path ? 1U << digit : 0U)) return true;
      if (on_path && found == 0 && result_.count == 1) {  // the first solution lies below this child
        here.digit = digit;
        here.next = child;
      }
    }
    return false;
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
  std::vector<PathNode> path_;  // by depth (sized once: references into it stay valid)
  std::size_t solution_path_size_ = 0;
};

}  // namespace sudoforge::grader::detail
