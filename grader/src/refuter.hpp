#pragma once
// The nested forcing chains' trial and error, on the engine's unit-major boards:
// what ladder::NestedRefuter asks for (ladder/context.hpp), done with the same
// propagation the tiers use (singles; with `plus`, P: singles and twins).

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

  // Tries every assumption, those known to hold too (for tests: the same refutations).
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
  }

  int refute(engine::Cell c, int d, bool plus) override {
    State outer = base_;
    int length = 1;
    int placed = solved(outer);
    outer.place(layout_, d, c);
    for (;;) {
      const bool consistent = follow(outer, plus);
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
          State inner = outer;
          inner.place(layout_, e, x);
          if (!follow(inner, plus, &values_)) {
            refuted_.push_back({x, e});
            continue;
          }
          without(inner.solved.template prefix<Layout::kRowWords>(), outer_solved).for_each([&](int at) {
            const auto y = static_cast<std::size_t>(layout_.cell_at(at));
            if (y != static_cast<std::size_t>(x)) holds_[y] |= 1U << (values_[y] - 1);
          });
        }
      });
      if (refuted_.empty()) return -1;
      for (const auto& [x, e] : refuted_) outer.eliminate(layout_, e, x);
      ++length;  // a round of chains inside is one step of the chain outside
    }
  }

 private:
  bool follow(State& state, bool plus, typename Propagation<N>::Values* values = nullptr) const {
    return plus ? propagation_.run(state, values) : propagation_.singles(state, values);
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
  std::array<std::uint32_t, engine::kMaxCells> holds_{};  // by cell: digits an assumption that holds placed
};

}  // namespace sudoforge::grader::detail
