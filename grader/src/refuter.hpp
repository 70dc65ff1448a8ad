#pragma once
// The nested forcing chains' trial and error, on the engine's unit-major boards:
// what ladder::NestedRefuter asks for (ladder/context.hpp), done with the same
// propagation the tiers use (singles; with `plus`, P: singles and twins).

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <vector>

#include "ladder/context.hpp"
#include "propagation.hpp"

namespace sudoforge::grader::detail {

template <int N>
class BoardRefuter final : public ladder::NestedRefuter {
 public:
  using Layout = engine::UnitLayout<N>;
  using State = engine::UnitBoards<N>;
  using RowSet = typename Layout::RowSet;

  explicit BoardRefuter(const Propagation<N>& propagation) : propagation_(propagation), layout_(propagation.layout()) {}

  // Tries every assumption, those known to hold too, each inside from its placement
  // alone (for tests: the same refutations).
  void try_all(bool on) { try_all_ = on; }

  void load(std::span<const std::uint16_t> candidates, std::span<const std::uint8_t> values) override {
    base_.clear(layout_);
    for (engine::Cell c = 0; c < static_cast<engine::Cell>(values.size()); ++c) {
      if (values[static_cast<std::size_t>(c)] != 0) base_.place(layout_, values[static_cast<std::size_t>(c)] - 1, c);
    }
    for (engine::Cell c = 0; c < static_cast<engine::Cell>(values.size()); ++c) {
      if (values[static_cast<std::size_t>(c)] != 0) continue;
      for (int d = 0; d < N; ++d) {
        if ((candidates[static_cast<std::size_t>(c)] >> d & 1U) == 0 && base_.allows(layout_, d, c)) base_.eliminate(layout_, d, c);
      }
    }
    std::fill(base_values_.begin(), base_values_.end(), std::uint8_t{0});
    std::copy(values.begin(), values.end(), base_values_.begin());
    closures_made_ = false;
  }

  int refute(engine::Cell c, int d, bool plus) override {
    // With singles only (not `plus`), each assumption inside starts from what it
    // places on its own in the loaded position (follow_closure); try_all's plain form
    // follows each from its placement alone.
    const bool from_closures = !plus && !try_all_;
    if (from_closures) make_closures();
    State outer = base_;
    outer_values_ = base_values_;
    int length = 1;
    int placed = solved(outer);
    outer.place(layout_, d, c);
    outer_values_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d + 1);
    // In the first round inside, "x contradicts once c=d is assumed" asks what "c=d
    // contradicts once x is assumed" asks (both follow the two placements to the same
    // end): an answer found as one is looked up as the other (pair_known).
    const std::uint32_t outside = from_closures ? closures_[static_cast<std::size_t>(c * N + d)].index : kNoIndex;
    bool first_round = true;
    for (;;) {
      const bool consistent = follow(outer, plus, &outer_values_);
      const int now = solved(outer);
      length += now - placed;
      placed = now;
      if (!consistent) return length;
      if (outer.complete(layout_)) return -1;
      // Every candidate whose own assumption contradicts, found in one position and
      // taken out together. What an assumption that holds places holds too (what it
      // places follows from less, and a contradiction found in a position is found in
      // any smaller one): those are not tried.
      refuted_.clear();
      holds_.fill(0);
      const std::uint32_t skip = try_all_ ? 0U : ~0U;
      const RowSet outer_solved = outer.solved.template prefix<Layout::kRowWords>();
      const RowSet open = without(layout_.row_cells(), outer_solved);
      open.for_each([&](int position) {
        const engine::Cell x = layout_.cell_at(position);
        for (std::uint32_t es = outer.candidates(layout_, x) & ~(holds_[static_cast<std::size_t>(x)] & skip); es != 0;
             es &= es - 1) {
          const int e = std::countr_zero(es);
          const std::uint32_t inside = first_round && outside != kNoIndex ? closures_[static_cast<std::size_t>(x * N + e)].index : kNoIndex;
          if (inside != kNoIndex && pair_known(outside, inside)) {
            if (pair_contradicts(outside, inside)) refuted_.push_back({x, e});
            continue;  // (holds: what it places is not known here, so nothing is skipped for it)
          }
          State inner = outer;
          const bool holds = from_closures ? follow_closure(inner, x, e) : (inner.place(layout_, e, x), follow(inner, plus, &values_));
          if (inside != kNoIndex) remember_pair(outside, inside, !holds);
          if (!holds) {
            refuted_.push_back({x, e});
            continue;
          }
          for_each_placed(inner, outer_solved, [&](engine::Cell y) {
            if (y != x) holds_[static_cast<std::size_t>(y)] |= 1U << (values_[static_cast<std::size_t>(y)] - 1);
          });
        }
      });
      if (refuted_.empty()) return -1;
      for (const auto& [x, e] : refuted_) outer.eliminate(layout_, e, x);
      first_round = false;
      ++length;  // a round of chains inside is one step of the chain outside
    }
  }

 private:
  bool follow(State& state, bool plus, typename Propagation<N>::Values* values = nullptr) const {
    return plus ? propagation_.run(state, values) : propagation_.singles(state, values);
  }

  // What each candidate of the loaded position places with singles on its own (itself
  // first), or that it contradicts: made once per position, on first use.
  void make_closures() {
    if (closures_made_) return;
    closures_made_ = true;
    closures_.assign(static_cast<std::size_t>(layout_.geometry().cell_count() * N), Closure{});
    placements_.clear();
    std::uint32_t count = 0;
    const RowSet base_solved = base_.solved.template prefix<Layout::kRowWords>();
    without(layout_.row_cells(), base_solved).for_each([&](int position) {
      const engine::Cell x = layout_.cell_at(position);
      for (std::uint32_t es = base_.candidates(layout_, x); es != 0; es &= es - 1) {
        const int e = std::countr_zero(es);
        State alone = base_;
        alone.place(layout_, e, x);
        Closure& closure = closures_[static_cast<std::size_t>(x * N + e)];
        closure.index = count++;
        closure.begin = static_cast<std::uint32_t>(placements_.size());
        closure.contradicts = !propagation_.singles(alone, &values_);
        placements_.push_back({x, static_cast<std::uint8_t>(e)});
        if (!closure.contradicts) {
          for_each_placed(alone, base_solved, [&](engine::Cell y) {
            if (y != x) placements_.push_back({y, static_cast<std::uint8_t>(values_[static_cast<std::size_t>(y)] - 1)});
          });
        }
        closure.end = static_cast<std::uint32_t>(placements_.size());
      }
    });
    pair_words_ = (count + 63) / 64;
    pair_known_.assign(static_cast<std::size_t>(count) * pair_words_, 0);
    pair_contradicts_.assign(static_cast<std::size_t>(count) * pair_words_, 0);
  }

  // The answers of first rounds inside, by the two candidates' indices (either way).
  bool pair_known(std::uint32_t a, std::uint32_t b) const { return pair_bit(pair_known_, a, b); }
  bool pair_contradicts(std::uint32_t a, std::uint32_t b) const { return pair_bit(pair_contradicts_, a, b); }
  void remember_pair(std::uint32_t a, std::uint32_t b, bool contradicts) {
    for (const auto& [from, to] : {std::pair{a, b}, std::pair{b, a}}) {
      const std::size_t word = from * pair_words_ + to / 64;
      const std::uint64_t bit = std::uint64_t{1} << (to % 64);
      pair_known_[word] |= bit;
      if (contradicts) pair_contradicts_[word] |= bit;
    }
  }
  bool pair_bit(const std::vector<std::uint64_t>& bits, std::uint32_t a, std::uint32_t b) const {
    return (bits[a * pair_words_ + b / 64] >> (b % 64) & 1U) != 0;
  }

  // Assumes digit e in cell x of `state` (an outer position, whose placed digits are
  // outer_values_) and follows it with singles, starting from what x places on its
  // own: those placements first (each consequence of x in any smaller position), a
  // clash with the position a contradiction, then singles to their end. Singles reach
  // the same end, or a contradiction, in any order (propagation.hpp), so this answers
  // as placing x and following it does. Placed digits go to values_. False on a
  // contradiction.
  bool follow_closure(State& state, engine::Cell x, int e) {
    const Closure& closure = closures_[static_cast<std::size_t>(x * N + e)];
    if (closure.contradicts) return false;
    for (std::uint32_t k = closure.begin; k < closure.end; ++k) {
      const auto [y, f] = placements_[k];
      if (state.is_solved(layout_, y)) {
        if (outer_values_[static_cast<std::size_t>(y)] != f + 1) return false;
        continue;
      }
      if (!state.allows(layout_, f, y)) return false;
      state.place(layout_, f, y);
      values_[static_cast<std::size_t>(y)] = static_cast<std::uint8_t>(f + 1);
    }
    return propagation_.singles(state, &values_);
  }
  // Each cell placed in `state` that was not in `before` (a row section of solved
  // cells), once (the row section holds some column bits too).
  template <typename F>
  void for_each_placed(const State& state, const RowSet& before, F&& f) const {
    (without(state.solved.template prefix<Layout::kRowWords>(), before) & layout_.row_cells()).for_each([&](int at) {
      f(layout_.cell_at(at));
    });
  }
  // Cells placed.
  int solved(const State& state) const {
    return (state.solved.template prefix<Layout::kRowWords>() & layout_.row_cells()).count();
  }

  const Propagation<N>& propagation_;
  const Layout& layout_;
  State base_{};
  std::vector<std::pair<engine::Cell, int>> refuted_;
  bool try_all_ = false;
  typename Propagation<N>::Values values_{};          // digits placed by the last assumption followed
  typename Propagation<N>::Values base_values_{};     // placed digits of the loaded position
  typename Propagation<N>::Values outer_values_{};    // ... of the assumption outside being followed
  // By cell * N + digit, for the loaded position's candidates: what each places on
  // its own with singles (make_closures), a span of placements_.
  static constexpr std::uint32_t kNoIndex = ~std::uint32_t{0};
  struct Closure {
    std::uint32_t index = kNoIndex;  // among the loaded position's candidates
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    bool contradicts = false;
  };
  std::vector<Closure> closures_;
  std::vector<std::pair<engine::Cell, std::uint8_t>> placements_;
  bool closures_made_ = false;
  // First rounds inside answered (pair_known) and contradicting, a row of bits by
  // candidate index.
  std::vector<std::uint64_t> pair_known_;
  std::vector<std::uint64_t> pair_contradicts_;
  std::size_t pair_words_ = 0;
  std::array<std::uint32_t, engine::kMaxCells> holds_{};  // by cell: digits an assumption that holds placed
};

}  // namespace sudoforge::grader::detail
