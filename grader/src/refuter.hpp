#pragma once
// The nested forcing chains' trial and error, on the engine's unit-major boards:
// what ladder::NestedRefuter asks for (ladder/context.hpp), done with the same
// propagation the tiers use (singles; with `plus`, P: singles and twins).

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
      // taken out together.
      refuted_.clear();
      const RowSet open = without(layout_.row_cells(), outer.solved.template prefix<Layout::kRowWords>());
      open.for_each([&](int position) {
        const engine::Cell x = layout_.cell_at(position);
        for (std::uint32_t es = outer.candidates(layout_, x); es != 0; es &= es - 1) {
          const int e = std::countr_zero(es);
          State inner = outer;
          inner.place(layout_, e, x);
          if (!follow(inner, plus)) refuted_.push_back({x, e});
        }
      });
      if (refuted_.empty()) return -1;
      for (const auto& [x, e] : refuted_) outer.eliminate(layout_, e, x);
      ++length;  // a round of chains inside is one step of the chain outside
    }
  }

 private:
  bool follow(State& state, bool plus) const {
    return plus ? propagation_.run(state, nullptr) : propagation_.singles(state, nullptr);
  }
  // Cells placed.
  int solved(const State& state) const {
    return (state.solved.template prefix<Layout::kRowWords>() & layout_.row_cells()).count();
  }

  const Propagation<N>& propagation_;
  const Layout& layout_;
  State base_{};
  std::vector<std::pair<engine::Cell, int>> refuted_;
};

}  // namespace sudoforge::grader::detail
