#pragma once
// Nested forcing chains, for what no chain of one level settles (the puzzles that
// need trial and error to depth 2). An assumption is followed with every single it
// makes; whenever that runs dry, every candidate of the assumption's position whose
// own assumption contradicts (a dynamic forcing chain inside) is taken out, and the
// singles go on; when that ends in a contradiction, the assumption is false. Sudoku
// Explainer's level for dynamic chains inside is 10.5; with pairs followed too
// ("dynamic plus" inside), 11.0. Each adds the bonus of the length: the cells the
// outer assumption fills before its contradiction, and one for each round of
// chains inside. The work is done on the engine's fast boards, through the
// context's NestedRefuter.

#include <algorithm>
#include <vector>

#include "chains.hpp"
#include "context.hpp"

namespace sudoforge::grader::ladder {

template <int W>
class NestedChains {
 public:
  explicit NestedChains(ChainContext<W>& context) : context_(context), t_(context.tables) {}

  [[gnu::noinline]] void find(const Position<W>& p, int limit, Findings& out) {
    NestedRefuter* refuter = context_.refuter;
    if (refuter == nullptr) return;
    refuter->load(std::span<const std::uint16_t>(p.cand.data(), static_cast<std::size_t>(t_.cells)),
                  std::span<const std::uint8_t>(p.value.data(), static_cast<std::size_t>(t_.cells)));
    for (const bool plus : {false, true}) {
      const int base = base_rating(HumanTechnique::NestedForcingChain) + (plus ? 5 : 0);
      if (base > limit) return;
      int best = limit;
      kept_.clear();
      // Cells with fewer candidates first: their refutations tend to be short, and a
      // short one found early cuts the others short (the result is the least over
      // all, whatever the order).
      order_.clear();
      p.open.for_each([&](int c) { order_.push_back((p.count(c) << 16) | c); });
      std::sort(order_.begin(), order_.end());
      for (const int key : order_) {
        const Cell c = key & 0xFFFF;
        for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
          const int d = std::countr_zero(ds);
          if (context_.is_true(c, d)) continue;  // only a false candidate can be refuted
          const int longest = longest_within(base, best);
          if (longest < 0) break;
          const int length = refuter->refute(c, d, plus, longest);
          if (length < 0) continue;
          const int rating = base + length_bonus(length);
          if (rating < best) {
            best = rating;
            kept_.clear();
          }
          kept_.push_back({c, d});
        }
      }
      for (const auto& [c, d] : kept_) {
        out.start(HumanTechnique::NestedForcingChain, best, Mask{1} << d);
        out.cell(c);
        out.removal(c, d);
        out.finish();
      }
      if (!kept_.empty()) return;
    }
  }

 private:
  ChainContext<W>& context_;
  const Tables<W>& t_;
  std::vector<std::pair<Cell, int>> kept_;
  std::vector<int> order_;
};

}  // namespace sudoforge::grader::ladder
