#pragma once
// Trial-and-error depth, as DESIGN.md defines it. T&E(0) is P. T&E(k): for every
// open candidate, assume it and run T&E(k-1); if that contradicts, eliminate the
// candidate; repeat to a fixpoint, applying P. te_depth is the smallest k that
// solves the puzzle.
//
// Made cheap four ways, none changing the answer:
//  - Eliminations only ever remove candidates, and a contradiction found in a
//    position is found in any smaller one, so the fixpoint is the same whatever the
//    order: each elimination is applied at once (and P run) instead of in rounds,
//    and cheaper depths run to their fixpoint before a deeper one is tried.
//  - At the top level the solution is known (the search found it): a candidate of
//    the solution never contradicts, so only the others are tried.
//  - Cells with fewer candidates are tried first: removing the wrong digit of a
//    two-candidate cell places the other, so the puzzle falls sooner.
//  - The uniqueness search has already run P on each node of the path to the
//    solution with each digit of its branch cell placed: those trials are not made
//    again. Where every wrong digit of a path node was refuted so, eliminating them
//    (eliminations T&E(1) makes, whatever the order) leaves the next path node,
//    which the search kept; at the first path node where not all were, the refuted
//    ones are eliminated and the others are not tried while the position is still
//    that node.
//  - An assumption that does not contradict leaves a fixpoint where it placed other
//    digits. Each of those, assumed in the same position, would not contradict either:
//    the position with it placed holds every candidate of that fixpoint, and a
//    contradiction found in a position is found in any smaller one. So they are not
//    tried until the position changes.
//  - What P makes of the top-level position with a digit placed is kept, and a
//    later trial of that digit, in any position (every later one is smaller), starts
//    with all that P took out there taken out: P, which only takes out what any
//    smaller position loses too, ends where it would have ended from the trial's
//    own position, in fewer rounds.

#include <array>
#include <span>
#include <vector>

#include "propagation.hpp"
#include "search.hpp"

namespace sudoforge::grader::detail {

template <int N>
class TrialAndError {
 public:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using RowSet = typename Layout::RowSet;
  using Values = typename Propagation<N>::Values;
  using PathNode = typename UniquenessSearch<N>::PathNode;

  explicit TrialAndError(const Propagation<N>& propagation)
      : propagation_(propagation), layout_(propagation.layout()) {}

  // The plain way (for tests: the depth must be the same): every assumption is
  // tried, the digits a trial that did not contradict placed too, and every trial
  // starts from its position alone. unsound() counts what would have differed: a
  // digit that would have been skipped and contradicts, and a trial that starts from
  // what was kept of it (keep_led_to) and ends elsewhere than afresh. spared(): the
  // trials skipped; led(): the trials started from what was kept.
  void plain(bool on) { plain_ = on; }
  std::uint64_t spared() const { return spared_; }
  std::uint64_t led() const { return led_; }
  std::uint64_t unsound() const { return unsound_; }

  // The smallest k <= max_depth for which T&E(k) solves `state` (a P fixpoint of a
  // puzzle whose unique solution is `solution`), or max_depth + 1 if none does.
  // `path` is the uniqueness search's path from `state` to the solution.
  // Out of line (once per puzzle) so that scripts/bench-grade can name its share.
  [[gnu::noinline]] int depth(const State& state, const Values& solution, int max_depth,
                              std::span<const PathNode> path) {
    known_ = nullptr;
    for (const int at : led_to_used_) led_to_at_[static_cast<std::size_t>(at)] = -1;
    led_to_used_.clear();
    led_to_.clear();
    if (led_to_at_.empty()) led_to_at_.assign(static_cast<std::size_t>(layout_.cell_count() * N), -1);
    const State* start = &state;
    const PathNode* partial = nullptr;  // the first path node with a wrong digit P did not refute
    for (const PathNode& node : path) {
      if (node.consistent != 1U << node.digit) {
        partial = &node;
        break;
      }
      start = &node.next;
    }
    State work = *start;
    if (partial != nullptr && partial->contradicting != 0) {
      for (std::uint32_t digits = partial->contradicting; digits != 0; digits &= digits - 1) {
        work.eliminate(layout_, std::countr_zero(digits), partial->cell);
      }
      propagation_.run(work, nullptr);  // cannot refute: the solution survives
    } else {
      known_ = partial;  // skip its unrefuted digits while the position is that node
    }
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
    std::array<RowSet, N> consistent{};  // by digit: placed where an assumption did not contradict
    State trial;
    for (const RowSet& cells : {pairs, without(planes[1], pairs)}) {
      cells.for_each([&](int position) {
        const engine::Cell cell = layout_.cell_at(position);
        for (int d = 0; d < N && outcome >= 0; ++d) {
          if (state.complete(layout_)) return;
          if (state.is_solved(layout_, cell) || !state.allows(layout_, d, cell)) continue;
          const bool top = solution != nullptr;
          if (top && (*solution)[static_cast<std::size_t>(cell)] == d + 1) continue;
          if (top && known_ != nullptr && level == 1 && cell == known_->cell && (known_->consistent >> d & 1U) != 0) {
            continue;
          }
          const bool placed_before = consistent[static_cast<std::size_t>(d)].test(position);
          if (placed_before && !plain_) {
            ++spared_;
            continue;
          }
          const bool contradiction = contradicts(state, d, cell, level - 1, trial);
          unsound_ += static_cast<std::uint64_t>(placed_before && contradiction);
          if (!contradiction) {
            // What it placed, assumed here, would not contradict either (above).
            const RowSet newly =
                without(trial.solved.template prefix<Layout::kRowWords>(), state.solved.template prefix<Layout::kRowWords>());
            newly.for_each([&](int placed) {
              const int digit = values_[static_cast<std::size_t>(layout_.cell_at(placed))] - 1;
              consistent[static_cast<std::size_t>(digit)].set(placed);
            });
            if (top && level == 1) keep_led_to(cell, d, trial, newly);
            continue;
          }
          if (top) known_ = nullptr;  // the position is no longer that path node's
          consistent = {};  // (a smaller position: they may contradict now)
          state.eliminate(layout_, d, cell);
          outcome = propagation_.run(state, &values_) ? 1 : -1;
        }
      });
      if (outcome < 0 || state.complete(layout_)) break;
    }
    return outcome;
  }

  // Whether assuming digit d in `cell` contradicts at depth `level`; if not, `trial`
  // is where it leads (values_ holds the digits it placed).
  bool contradicts(const State& state, int d, engine::Cell cell, int level, State& trial) {
    trial = state;
    propagation_.place(trial, d, cell, &values_);
    // Started from what was kept of this trial where there is some (or, the plain
    // way, checked against that).
    const int at = led_to_at_[static_cast<std::size_t>(cell * N + d)];
    if (at >= 0) {
      if (plain_) scratch_ = trial;
      take_out_kept(plain_ ? scratch_ : trial, at);
      ++led_;
    }
    const bool consistent = propagation_.run(trial, &values_);
    if (plain_ && at >= 0) {
      const bool led_consistent = propagation_.run(scratch_, nullptr);
      unsound_ += static_cast<std::uint64_t>(led_consistent != consistent || (consistent && !same(scratch_, trial)));
    }
    if (!consistent) return true;
    if (level == 0 || trial.complete(layout_)) return false;
    return !fixpoint(trial, level, nullptr);
  }

  // Whether two states hold the same candidates and solved cells.
  bool same(const State& a, const State& b) const {
    if (!(a.solved == b.solved)) return false;
    for (int e = 0; e < N; ++e) {
      if (!(a.live(e) == b.live(e))) return false;
    }
    return true;
  }

  // Takes out of `trial` what kept trial `at` (keep_led_to) took out of its open cells.
  void take_out_kept(State& trial, int at) const {
    const Board* keep = led_to_.data() + static_cast<std::size_t>(at) * N;
    for (int e = 0; e < N; ++e) trial.boards[static_cast<std::size_t>(e)] &= keep[e] | trial.solved;
  }

  // Keeps what P made of the top-level position with d placed in `cell` (`led`,
  // `newly` the cells it placed): any later position is smaller, and P of it with d
  // placed is then P of that with everything P took out here taken out at once.
  void keep_led_to(engine::Cell cell, int d, const State& led, const RowSet& newly) {
    int& at = led_to_at_[static_cast<std::size_t>(cell * N + d)];
    if (at < 0) {
      at = static_cast<int>(led_to_.size() / N);
      led_to_used_.push_back(cell * N + d);
      led_to_.resize(led_to_.size() + N);
    }
    Board* keep = led_to_.data() + static_cast<std::size_t>(at) * N;
    for (int e = 0; e < N; ++e) keep[e] = without(led.boards[static_cast<std::size_t>(e)], led.solved) | layout_.spare();
    newly.for_each([&](int placed) {
      const engine::Cell c = layout_.cell_at(placed);
      keep[values_[static_cast<std::size_t>(c)] - 1] |= layout_.positions(c);
    });
  }

  const Propagation<N>& propagation_;
  const Layout& layout_;
  using Board = typename Layout::Board;
  std::vector<Board> led_to_;       // N boards a kept trial (keep_led_to)
  std::vector<int> led_to_at_;      // by cell * N + digit: its trial in led_to_, or -1
  std::vector<int> led_to_used_;    // the entries of led_to_at_ set
  const PathNode* known_ = nullptr;  // while the top-level position is still this path node's
  // The digit of every cell the trials placed, read only where a trial's state has
  // the cell solved (each state writes its own placements after any trial made
  // before them from it).
  Values values_{};
  bool plain_ = false;
  State scratch_;  // (plain_: a trial started from what was kept)
  std::uint64_t spared_ = 0;
  std::uint64_t led_ = 0;
  std::uint64_t unsound_ = 0;
};

}  // namespace sudoforge::grader::detail
