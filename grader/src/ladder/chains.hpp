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

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <utility>
#include <vector>

#include "context.hpp"
#include "sudoforge/grader/rating.hpp"

namespace sudoforge::grader::ladder {

// The longest chain (nodes between assumption and result) that rates within `limit`
// for a technique of base `base`; -1 if none does.
inline int longest_within(int base, int limit) {
  if (base > limit) return -1;
  // length_bonus(L) = k for L in (c_{k-1}, c_k], with ceilings c = 4, 6, 8, 12, ...
  LengthCeilings steps;
  for (int bonus = 0; bonus < limit - base; ++bonus) {
    if (steps.ceiling > (1 << 20)) return 1 << 20;
    steps.next();
  }
  return steps.ceiling;
}

// The depth a sweep of dynamic runs (sweep.hpp) needs to go to, for results rated by
// their length within `limit`: a depth short of the longest chain. A node at that
// depth serves no such result: a group's other branches add two links or more, and a
// contradiction there is longer unless it is the assumption's own negation, which
// shows a depth sooner (the "on" node that takes the assumption's candidate out
// shares a unit or the cell with it, and so went "off" at depth 1; an "off"
// assumption's negation is never reached). Tested by
// Sweep.TheDepthOfTheBoundFindsNoContradictionWithinIt. Not for "plus" runs, whose
// patterns can take the assumption's candidate itself.
inline int sweep_depth_within(int base, int limit) { return longest_within(base, limit) - 1; }

template <int W>
class StaticChains {
 public:
  using CellSet = engine::Bits<W>;

  explicit StaticChains(ChainContext<W>& context) : context_(context), t_(context.tables) {}

  // X-chains of the digits in `digits`, each candidate by its shortest chain if that
  // rates within `limit`, which each chain found lowers for the candidates after it
  // (cells in order, digits in order within a cell). One digit's chains use that
  // digit's links only, so each digit is searched on its own cells, all its
  // candidates at once (x_distances); the candidates are then taken in order.
  [[gnu::noinline]] void find_x(const Position<W>& p, int limit, Mask digits, Findings& out) {
    const int base = base_rating(HumanTechnique::XChain);
    if (longest_within(base, limit) < 0) return;
    for (Mask ds = digits; ds != 0; ds &= ds - 1) x_distances(p, std::countr_zero(ds), longest_within(base, limit) + 1);
    found_.clear();
    const int asked = limit;
    Mask narrowed = 0;  // digits searched within less than `asked`
    p.open.for_each([&](int c) {
      for (Mask ds = p.cand[static_cast<std::size_t>(c)] & digits; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        if (limit < asked) narrowed |= Mask{1} << d;
        // A false candidate can only be refuted, a true one only proven.
        const bool on = !context_.is_true(c, d);
        const int links = distance_[static_cast<std::size_t>(d * t_.cells + c)];
        if (links < 0 || links > longest_within(base, limit) + 1) continue;
        const int rating = base + length_bonus(links - 1);  // nodes between assumption and result
        limit = std::min(limit, rating);  // longer ones will not be applied
        found_.push_back({static_cast<Cell>(c), d, on, rating, links});
      }
    });
    // A digit searched within a narrowed limit may hold a chain longer than that:
    // it is not one with nothing to find (the ladder's memo).
    out.found(narrowed);
    Implications<W>& engine = context_.engine;
    for (const Found& f : found_) {
      if (f.rating > limit) {
        out.found(Mask{1} << f.digit);
        continue;
      }
      out.start(HumanTechnique::XChain, f.rating, Mask{1} << f.digit);
      if (context_.record) {
        const int start = engine.slot(f.cell, f.digit, f.on);
        engine.run(p, start, Links::StaticX, start ^ 1);
        spell(start ^ 1, out);
      }
      conclude(f, out);
    }
  }

  // Alternating inference chains over cells and units, any digits, each candidate by
  // its shortest chain if that rates within `limit`: an XY-chain when a chain as short
  // runs through bivalue cells only.
  [[gnu::noinline]] void find_xy(const Position<W>& p, int limit, Findings& out) {
    const int base = base_rating(HumanTechnique::AlternatingChain);
    if (longest_within(base, limit) < 0) return;
    StaticGraph<W>& g = context_.graph(p, true);
    // Every candidate the graph says has a chain, searched all at once.
    sources_.clear();
    p.open.for_each([&](int c) {
      for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        const bool on = !context_.is_true(c, d);
        const int from = g.literal(c, d, on);
        if (g.reaches(from, from ^ 1)) sources_.push_back(from);
      }
    });
    found_.clear();
    g.refutations(
        sources_, [&] { return longest_within(base, limit) + 1; },
        [&](int i, int links) {
          const int rating = base + length_bonus(links - 1);
          if (rating > limit) return;
          limit = rating;  // longer ones will not be applied
          const Candidate cand = g.candidate(sources_[static_cast<std::size_t>(i)]);
          found_.push_back({cand.cell, cand.digit, (sources_[static_cast<std::size_t>(i)] & 1) != 0, rating, links, i});
        });
    // In the candidates' order, as they would be found one by one.
    std::sort(found_.begin(), found_.end(), [](const Found& a, const Found& b) { return a.order < b.order; });
    std::erase_if(found_, [&](const Found& f) { return f.rating > limit; });
    // An XY-chain when a chain as short runs through bivalue cells only (the name
    // must not depend on which of the shortest chains a search meets first): the
    // same search on those links alone, for all of them at once.
    sources_.clear();
    int longest = 0;
    for (const Found& f : found_) {
      sources_.push_back(g.literal(f.cell, f.digit, f.on));
      longest = std::max(longest, f.links);
    }
    g.refutations(
        sources_, [&] { return longest; },
        [&](int i, int links) {
          Found& f = found_[static_cast<std::size_t>(i)];
          f.bivalue = links <= f.links;
        },
        true);
    Implications<W>& engine = context_.engine;
    for (const Found& f : found_) {
      out.start(f.bivalue ? HumanTechnique::XYChain : HumanTechnique::AlternatingChain, f.rating, Mask{1} << f.digit);
      if (context_.record) {
        const int start = engine.slot(f.cell, f.digit, f.on);
        if (f.bivalue) {
          engine.run(p, start, Links::StaticBivalue, start ^ 1, f.links);
        } else {
          engine.run(p, start, Links::StaticXY, start ^ 1);
        }
        spell(start ^ 1, out);
      }
      conclude(f, out);
    }
  }

  // Nishio: each candidate of the digits in `digits` whose digit, followed
  // dynamically, contradicts; all false candidates of a digit followed at once
  // (Sweep), each no deeper than a contradiction rating within the best so far could
  // need. A run stays within its digit (hidden singles of that digit only), so what
  // a digit holds depends on its cells alone, as for X-chains.
  [[gnu::noinline]] void find_nishio(const Position<W>& p, int limit, Mask digits, Findings& out) {
    const int base = base_rating(HumanTechnique::NishioChain);
    if (base > limit) return;
    Sweep<W, 1>& sweep = context_.narrow_sweep;
    sweep.load(p, digits);
    found_.clear();
    const int asked = limit;
    Mask narrowed = 0;  // digits searched within less than `asked`
    // A digit at a time: its runs stay within it. Only a false candidate can
    // contradict.
    for (Mask ds = digits; ds != 0; ds &= ds - 1) {
      const int d = std::countr_zero(ds);
      if (limit < asked) narrowed |= Mask{1} << d;
      sources_.clear();
      (p.cells_of(d)).for_each([&](int c) {
        if (!context_.is_true(c, d)) sources_.push_back(sweep.node(c, d, true));
      });
      if (sources_.empty()) continue;
      sweep.run(
          sources_, false, Sweep<W, 1>::Keep::Lengths, [&] { return sweep_depth_within(base, limit); },
          [&](int i, int length) {
            const int rating = base + length_bonus(length);
            if (rating > limit) return;
            limit = rating;
            const int v = sources_[static_cast<std::size_t>(i)];
            found_.push_back({sweep.cell_of(v), d, true, rating, length, v});  // in node order: the candidates' order
          },
          d);
    }
    std::sort(found_.begin(), found_.end(), [](const Found& a, const Found& b) { return a.order < b.order; });
    // A digit searched within a narrowed limit may hold a chain longer than that:
    // it is not one with nothing to find (the ladder's memo).
    out.found(narrowed);
    Implications<W>& engine = context_.engine;
    for (const Found& f : found_) {
      if (f.rating > limit) {
        out.found(Mask{1} << f.digit);
        continue;
      }
      out.start(HumanTechnique::NishioChain, f.rating, Mask{1} << f.digit);
      out.cell(f.cell);
      out.removal(f.cell, f.digit);
      if (context_.record) {
        const int on = engine.run(p, engine.slot(f.cell, f.digit, true), Links::DynamicX) | 1;
        for (const int end : {on, on ^ 1}) {
          chain_.clear();
          engine.chain(end, chain_);
          out.branch(chain_);
        }
      }
      out.finish();
    }
  }

 private:
  // A candidate with a chain, found before the least rating is known.
  struct Found {
    Cell cell;
    int digit;
    bool on;  // the assumption: refuted ("on" leads to "off") or proven
    int rating;
    int links;
    int order = 0;
    bool bivalue = false;  // an XY-chain as short (alternating chains)
  };

  // The last run's chain to `end` as the instance's cells and branch.
  void spell(int end, Findings& out) {
    chain_.clear();
    context_.engine.chain(end, chain_);
    for (const Node& node : chain_) out.cell(node.cell);
    out.branch(chain_);
  }
  static void conclude(const Found& f, Findings& out) {
    if (f.on) {
      out.removal(f.cell, f.digit);
    } else {
      out.placement(f.cell, f.digit);
    }
    out.finish();
  }

  // For every candidate of digit d, the links from "c holds d" (for a false one) or
  // "c does not hold d" (a true one) to its negation in the X graph of d, if at most
  // `max_links` (else -1): into distance_[d * cells + c]. Weak links: an "on" cell
  // turns its peers "off"; strong links: an "off" cell turns its partner "on" (the
  // other place in a unit where d has two). Breadth first from all of them at once,
  // a bit per candidate, 64 at a time.
  void x_distances(const Position<W>& p, int d, int max_links) {
    const CellSet& cells = p.cells_of(d);
    std::size_t count = 0;
    cells.for_each([&](int c) {
      source_cell_[count++] = static_cast<Cell>(c);
      partners_[static_cast<std::size_t>(c)] = CellSet{};
      distance_[static_cast<std::size_t>(d * t_.cells + c)] = -1;
    });
    for (int u = 0; u < t_.unit_count; ++u) {
      const Mask places = p.places(u, d);
      if (std::popcount(places) != 2) continue;
      const Cell a = t_.cell_of(u, std::countr_zero(places));
      const Cell b = t_.cell_of(u, 31 - std::countl_zero(places));
      partners_[static_cast<std::size_t>(a)].set(b);
      partners_[static_cast<std::size_t>(b)].set(a);
    }
    for (std::size_t batch = 0; batch * 64 < count; ++batch) {
      const std::size_t lanes = std::min<std::size_t>(64, count - batch * 64);
      cells.for_each([&](int c) {
        for (auto* words : {&on_, &off_, &fresh_on_, &fresh_off_, &next_on_, &next_off_}) (*words)[static_cast<std::size_t>(c)] = 0;
      });
      std::uint64_t starts_on = 0;  // lanes whose assumption is "c holds d" (a false candidate)
      for (std::size_t i = 0; i < lanes; ++i) {
        const auto c = static_cast<std::size_t>(source_cell_[batch * 64 + i]);
        const bool on = !context_.is_true(static_cast<Cell>(c), d);
        starts_on |= static_cast<std::uint64_t>(on) << i;
        (on ? on_ : off_)[c] |= std::uint64_t{1} << i;
        (on ? fresh_on_ : fresh_off_)[c] |= std::uint64_t{1} << i;
      }
      std::uint64_t open = lanes == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << lanes) - 1;
      for (int level = 1; level <= max_links && open != 0; ++level) {
        bool any = false;
        cells.for_each([&](int c) {
          const std::uint64_t on = fresh_on_[static_cast<std::size_t>(c)];
          if (on != 0) (t_.peers[static_cast<std::size_t>(c)] & cells).for_each([&](int y) { next_off_[static_cast<std::size_t>(y)] |= on; });
          const std::uint64_t off = fresh_off_[static_cast<std::size_t>(c)];
          if (off != 0) partners_[static_cast<std::size_t>(c)].for_each([&](int y) { next_on_[static_cast<std::size_t>(y)] |= off; });
        });
        cells.for_each([&](int c) {
          const auto at = static_cast<std::size_t>(c);
          fresh_on_[at] = next_on_[at] & ~on_[at] & open;
          fresh_off_[at] = next_off_[at] & ~off_[at] & open;
          next_on_[at] = 0;
          next_off_[at] = 0;
          on_[at] |= fresh_on_[at];
          off_[at] |= fresh_off_[at];
          any = any || (fresh_on_[at] | fresh_off_[at]) != 0;
        });
        // A candidate's own negation reached: its chain.
        for (std::size_t i = 0; i < lanes; ++i) {
          const std::uint64_t bit = std::uint64_t{1} << i;
          if ((open & bit) == 0) continue;
          const auto c = static_cast<std::size_t>(source_cell_[batch * 64 + i]);
          if ((((starts_on & bit) != 0 ? fresh_off_ : fresh_on_)[c] & bit) == 0) continue;
          distance_[static_cast<std::size_t>(d) * static_cast<std::size_t>(t_.cells) + c] = level;
          open &= ~bit;
        }
        if (!any) break;
      }
    }
  }

  ChainContext<W>& context_;
  const Tables<W>& t_;
  std::vector<Node> chain_;
  std::vector<Found> found_;
  std::vector<int> sources_;
  // X-chains: a digit's cells, their partners, and the searches' words, by cell.
  std::array<Cell, engine::kMaxCells> source_cell_{};
  std::array<CellSet, engine::kMaxCells> partners_{};
  std::array<std::uint64_t, engine::kMaxCells> on_{}, off_{}, fresh_on_{}, fresh_off_{}, next_on_{}, next_off_{};
  std::array<int, engine::kMaxSize * engine::kMaxCells> distance_{};
};

}  // namespace sudoforge::grader::ladder
