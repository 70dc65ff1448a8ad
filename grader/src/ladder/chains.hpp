#pragma once
// Forcing chains of one thread: an assumption followed link by link until it meets
// its own negation. "r1c2=5 => ... => r1c2<>5" takes 5 from r1c2; "r1c2<>5 => ... =>
// r1c2=5" places it. With strong links only as they stand (static):
//  - X-chains: one digit (a skyscraper or kite is the shortest kind);
//  - alternating inference chains: cells and units, any digits; an XY-chain when
//    every strong link is a bivalue cell.
// Nishio: one digit followed dynamically (with the hidden singles it makes) to any
// contradiction. Each candidate is rated by its shortest chain, as Sudoku Explainer
// rates it: the base plus length_bonus() of the nodes between assumption and result
// (for a contradiction, of both branches to the candidate found on and off).

#include <climits>
#include <vector>

#include "context.hpp"

namespace sudoforge::grader::ladder {

// The longest chain (nodes between assumption and result) that rates within `limit`
// for a technique of base `base`; -1 if none does.
inline int longest_within(int base, int limit) {
  if (base > limit) return -1;
  // length_bonus(L) = k for L in (c_{k-1}, c_k], with ceilings c = 4, 6, 8, 12, ...
  int ceiling = 4;
  bool odd = false;
  for (int bonus = 0; bonus < limit - base; ++bonus) {
    if (ceiling > (1 << 20)) return 1 << 20;
    ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    odd = !odd;
  }
  return ceiling;
}

template <int W>
class StaticChains {
 public:
  explicit StaticChains(ChainContext<W>& context) : context_(context), t_(context.tables) {}

  // One digit's chains (x_only; for the digits in `digits`) or every kind, each
  // candidate by its shortest chain if that rates within `limit`.
  [[gnu::noinline]] void find(const Position<W>& p, bool x_only, int limit, Mask digits, Findings& out) {
    const HumanTechnique base_technique = x_only ? HumanTechnique::XChain : HumanTechnique::AlternatingChain;
    const int base = base_rating(base_technique);
    if (longest_within(base, limit) < 0) return;
    StaticGraph<W>& g = context_.graph(p, !x_only);
    p.open.for_each([&](int c) {
      for (Mask ds = p.cand[static_cast<std::size_t>(c)] & (x_only ? digits : ~Mask{0}); ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        // A false candidate can only be refuted, a true one only proven.
        const bool on = !context_.is_true(c, d);
        const int from = g.literal(c, d, on);
        const int to = from ^ 1;
        if (!g.reaches(from, to)) continue;
        const int longest = longest_within(base, limit);
        const int links = g.distance(from, to, longest + 1);
        if (links < 0) continue;
        const int length = links - 1;  // nodes between assumption and result
        const int rating = base + length_bonus(length);
        limit = std::min(limit, rating);  // longer ones will not be applied
        // An XY-chain when a chain as short runs through bivalue cells only (one of
        // the shortest chains would print either way: the name must not depend on
        // which the search meets first).
        Implications<W>& engine = context_.engine;
        const int start = engine.slot(c, d, on);
        HumanTechnique technique = HumanTechnique::XChain;
        if (!x_only) {
          const bool bivalue = engine.run(p, start, Links::StaticBivalue, start ^ 1, links) == (start ^ 1);
          technique = bivalue ? HumanTechnique::XYChain : HumanTechnique::AlternatingChain;
          if (!bivalue) engine.run(p, start, Links::StaticXY, start ^ 1);
        } else {
          engine.run(p, start, Links::StaticX, start ^ 1);
        }
        chain_.clear();
        engine.chain(start ^ 1, chain_);
        out.start(technique, rating, Mask{1} << d);
        for (const Node& node : chain_) out.cell(node.cell);
        if (on) {
          out.removal(c, d);
        } else {
          out.placement(c, d);
        }
        out.branch(chain_);
        out.finish();
      }
    });
  }

  // Nishio: each candidate whose digit, followed dynamically, contradicts.
  void find_nishio(const Position<W>& p, int limit, Findings& out) {
    const int base = base_rating(HumanTechnique::NishioChain);
    if (base > limit) return;
    Implications<W>& engine = context_.engine;
    p.open.for_each([&](int c) {
      for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        if (context_.is_true(c, d)) continue;  // only a false candidate can contradict
        const int start = engine.slot(c, d, true);
        const int length = context_.layers.run(p, start, Links::DynamicX);
        if (length < 0) continue;
        const int rating = base + length_bonus(length);
        if (rating > limit) continue;
        const int on = engine.run(p, start, Links::DynamicX) | 1;  // again, for the chain
        out.start(HumanTechnique::NishioChain, rating, Mask{1} << d);
        out.cell(c);
        out.removal(c, d);
        for (const int end : {on, on ^ 1}) {
          chain_.clear();
          engine.chain(end, chain_);
          out.branch(chain_);
        }
        out.finish();
      }
    });
  }

 private:
  ChainContext<W>& context_;
  const Tables<W>& t_;
  std::vector<Node> chain_;
};

}  // namespace sudoforge::grader::ladder
