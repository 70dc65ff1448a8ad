#pragma once
// Patterns of one digit built from strong links (a unit where the digit has just two
// places: one of them holds it).
//  - Two strong links joined by a weak one, A=B-C=D: A or D holds the digit, so it
//    leaves every cell that sees both. Named by shape: a skyscraper (two parallel
//    lines, B and C in one crossing line), a two-string kite (a row and a column, B
//    and C in one box), a turbot fish (any other). An X-chain of four nodes: 6.6.
//  - Simple colouring: the strong links of a digit, coloured two ways along each
//    cluster. Two cells of one colour that see each other make that colour false
//    (a wrap); a cell that sees both colours loses the digit (a trap). Each removal
//    is rated as the X-chain through the cluster it stands for.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "findings.hpp"

namespace sudoforge::grader::ladder {

namespace single_digit_detail {

struct Link {
  Cell a;
  Cell b;
  int unit;  // a row or column when the pair has one, else the box or diagonal
};

// The strong links of digit d, one per pair of cells.
template <int W>
int strong_links(const Tables<W>& t, const Position<W>& p, int d, std::array<Link, 2 * engine::kMaxUnits>& links) {
  int count = 0;
  for (int u = 0; u < t.unit_count; ++u) {
    const Mask places = p.places(u, d);
    if (std::popcount(places) != 2) continue;
    const Cell a = t.cell_of(u, std::countr_zero(places));
    const Cell b = t.cell_of(u, 31 - std::countl_zero(places));
    bool seen = false;
    for (int i = 0; i < count; ++i) seen = seen || (links[static_cast<std::size_t>(i)].a == a && links[static_cast<std::size_t>(i)].b == b);
    if (!seen) links[static_cast<std::size_t>(count++)] = {a, b, u};  // rows and columns come before boxes
  }
  return count;
}

}  // namespace single_digit_detail

// The two-link patterns of each digit of a position that take something, each named,
// found once per position and digit: the skyscraper, kite and turbot rungs all read
// them.
//
// Pairs of links i < j (first, second), each way round (flip bit 0 turns the first,
// bit 1 the second): A=B-C=D with A, B the first's ends and C, D the second's.
// B must see C: so from each end B of a link, only the link ends among B's peers
// are tried (each cell is in a link of at most one per unit), and the patterns are
// kept in the order of (i, j, flip).
template <int W>
class TwoLinkPatterns {
 public:
  struct Pattern {
    Cell a, b, c, e;  // A=B-C=D
    engine::Bits<W> gone;  // the cells that lose the digit: with it, seeing A and D
    int first_unit;
    int second_unit;
    HumanTechnique technique;
  };

  // Digit d's patterns in position `p`, known by `id` (a new id for each position).
  std::span<const Pattern> of(const Tables<W>& t, const Position<W>& p, std::uint64_t id, int d) {
    if (id != id_) {
      id_ = id;
      done_ = 0;
    }
    auto& patterns = by_digit_[static_cast<std::size_t>(d)];
    if ((done_ >> d & 1U) == 0) {
      done_ |= Mask{1} << d;
      find(t, p, d, patterns);
    }
    return patterns;
  }

 private:
  void find(const Tables<W>& t, const Position<W>& p, int d, std::vector<Pattern>& patterns) {
    using single_digit_detail::Link;
    patterns.clear();
    const engine::Geometry& g = t.units.geometry();
    const int count = single_digit_detail::strong_links(t, p, d, links_);
    if (count < 2) return;
    const engine::Bits<W>& cells = p.cells_of(d);
    engine::Bits<W> ends;
    for (int i = 0; i < count; ++i) {
      for (const Cell c : {links_[static_cast<std::size_t>(i)].a, links_[static_cast<std::size_t>(i)].b}) {
        if (!ends.test(c)) link_count_[static_cast<std::size_t>(c)] = 0;
        ends.set(c);
        auto& n = link_count_[static_cast<std::size_t>(c)];
        if (n < kPerCell) links_of_[static_cast<std::size_t>(c)][static_cast<std::size_t>(n++)] = static_cast<std::int8_t>(i);
      }
    }
    std::size_t found = 0;
    for (int i = 0; i < count; ++i) {
      const Link& first = links_[static_cast<std::size_t>(i)];
      for (int turn = 0; turn < 2; ++turn) {
        const Cell a = turn != 0 ? first.b : first.a;
        const Cell b = turn != 0 ? first.a : first.b;
        (t.peers[static_cast<std::size_t>(b)] & ends).for_each([&](int c) {
          for (int m = 0; m < link_count_[static_cast<std::size_t>(c)]; ++m) {
            const int j = links_of_[static_cast<std::size_t>(c)][static_cast<std::size_t>(m)];
            if (j <= i) continue;
            const Link& second = links_[static_cast<std::size_t>(j)];
            const Cell e = c == second.a ? second.b : second.a;
            if (a == c || a == e || b == e || t.sees(a, e)) continue;
            if (!gone_of(t, cells, a, b, c, e).any()) continue;  // only patterns that take something
            const int flip = turn + (c == second.a ? 0 : 2);
            if (found < found_.size()) found_[found++] = static_cast<std::uint32_t>((i << 16) | (j << 2) | flip);
          }
        });
      }
    }
    std::sort(found_.begin(), found_.begin() + static_cast<std::ptrdiff_t>(found));
    for (std::size_t k = 0; k < found; ++k) {
      const Link& first = links_[static_cast<std::size_t>(found_[k] >> 16)];
      const Link& second = links_[static_cast<std::size_t>((found_[k] >> 2) & 0x3FFF)];
      const int flip = static_cast<int>(found_[k] & 3);
      const Cell a = (flip & 1) != 0 ? first.b : first.a;
      const Cell b = (flip & 1) != 0 ? first.a : first.b;
      const Cell c = (flip & 2) != 0 ? second.b : second.a;
      const Cell e = (flip & 2) != 0 ? second.a : second.b;  // D
      HumanTechnique technique = HumanTechnique::TurbotFish;
      const bool rows = t.is_row(first.unit) && t.is_row(second.unit);
      const bool cols = t.is_column(first.unit) && t.is_column(second.unit);
      if ((rows && g.col(b) == g.col(c)) || (cols && g.row(b) == g.row(c))) {
        technique = HumanTechnique::Skyscraper;
      } else if (((t.is_row(first.unit) && t.is_column(second.unit)) || (t.is_column(first.unit) && t.is_row(second.unit))) &&
                 g.box(b) == g.box(c)) {
        technique = HumanTechnique::TwoStringKite;
      }
      patterns.push_back({a, b, c, e, gone_of(t, cells, a, b, c, e), first.unit, second.unit, technique});
    }
  }

  // The cells of `cells` (the digit's) that A=B-C=D takes: those other than B and C
  // that see both A and D.
  static engine::Bits<W> gone_of(const Tables<W>& t, const engine::Bits<W>& cells, Cell a, Cell b, Cell c, Cell e) {
    engine::Bits<W> gone = t.peers[static_cast<std::size_t>(a)] & t.peers[static_cast<std::size_t>(e)] & cells;
    gone.reset(b);
    gone.reset(c);
    return gone;
  }

  static constexpr int kPerCell = 8;  // links of a cell: one per unit at most
  std::uint64_t id_ = ~std::uint64_t{0};
  Mask done_ = 0;  // digits found in position id_
  std::array<std::vector<Pattern>, engine::kMaxSize> by_digit_;
  std::array<single_digit_detail::Link, 2 * engine::kMaxUnits> links_{};
  std::array<std::array<std::int8_t, kPerCell>, engine::kMaxCells> links_of_{};
  std::array<int, engine::kMaxCells> link_count_{};
  std::array<std::uint32_t, 4 * engine::kMaxUnits * engine::kMaxUnits> found_{};  // (i, j, flip), read up to a count
};

// The patterns of technique `wanted` of the digits in `digits`, from `patterns` of
// position `p` (known by `id`).
template <int W>
void find_two_link_patterns(const Tables<W>& t, const Position<W>& p, TwoLinkPatterns<W>& patterns, std::uint64_t id,
                            HumanTechnique wanted, Mask digits, Findings& out) {
  for (; digits != 0; digits &= digits - 1) {
    const int d = std::countr_zero(digits);
    for (const auto& x : patterns.of(t, p, id, d)) {
      if (x.technique != wanted) continue;
      out.start(x.technique, base_rating(x.technique), Mask{1} << d);
      out.unit(x.first_unit);
      out.unit(x.second_unit);
      for (const Cell y : {x.a, x.b, x.c, x.e}) out.cell(y);
      x.gone.for_each([&](int y) { out.removal(y, d); });
      const std::array<Node, 4> chain = {Node{static_cast<std::int16_t>(x.a), static_cast<std::int8_t>(d), true},
                                         Node{static_cast<std::int16_t>(x.b), static_cast<std::int8_t>(d), false},
                                         Node{static_cast<std::int16_t>(x.c), static_cast<std::int8_t>(d), true},
                                         Node{static_cast<std::int16_t>(x.e), static_cast<std::int8_t>(d), false}};
      out.branch(chain);
      out.finish();
    }
  }
}

// The same for a position on its own.
template <int W>
void find_two_link_patterns(const Tables<W>& t, const Position<W>& p, HumanTechnique wanted, Mask digits, Findings& out) {
  auto patterns = std::make_unique<TwoLinkPatterns<W>>();
  find_two_link_patterns(t, p, *patterns, 0, wanted, digits, out);
}

template <int W>
void find_simple_colouring(const Tables<W>& t, const Position<W>& p, Mask digits, Findings& out) {
  using single_digit_detail::Link;
  std::array<Link, 2 * engine::kMaxUnits> links{};
  // Vertices: the cells of the links (at most two per link), in order of first
  // appearance; distances within a cluster by breadth-first search (-1 between).
  constexpr int kMaxVertices = 2 * engine::kMaxUnits;
  std::array<Cell, kMaxVertices> cell{};
  std::array<std::array<std::int8_t, kMaxVertices>, kMaxVertices> dist;  // (first `vertices` rows and columns)
  std::array<std::array<std::int8_t, 8>, kMaxVertices> adjacent;  // a link per unit of the cell at most
  std::array<int, kMaxVertices> degree{};
  std::array<int, kMaxVertices> queue{};
  std::array<std::int16_t, engine::kMaxCells> vertex_of;
  for (; digits != 0; digits &= digits - 1) {
    const int d = std::countr_zero(digits);
    const int count = single_digit_detail::strong_links(t, p, d, links);
    if (count < 2) continue;
    int vertices = 0;
    const auto index = [&](Cell c) {
      for (int i = 0; i < vertices; ++i) {
        if (cell[static_cast<std::size_t>(i)] == c) return i;
      }
      cell[static_cast<std::size_t>(vertices)] = c;
      degree[static_cast<std::size_t>(vertices)] = 0;
      return vertices++;
    };
    for (int i = 0; i < count; ++i) {
      const int x = index(links[static_cast<std::size_t>(i)].a);
      const int y = index(links[static_cast<std::size_t>(i)].b);
      adjacent[static_cast<std::size_t>(x)][static_cast<std::size_t>(degree[static_cast<std::size_t>(x)]++)] = static_cast<std::int8_t>(y);
      adjacent[static_cast<std::size_t>(y)][static_cast<std::size_t>(degree[static_cast<std::size_t>(y)]++)] = static_cast<std::int8_t>(x);
    }
    for (int v = 0; v < vertices; ++v) {
      auto& ds = dist[static_cast<std::size_t>(v)];
      std::fill(ds.begin(), ds.begin() + vertices, std::int8_t{-1});
      ds[static_cast<std::size_t>(v)] = 0;
      int head = 0;
      int tail = 0;
      queue[static_cast<std::size_t>(tail++)] = v;
      while (head < tail) {
        const int u = queue[static_cast<std::size_t>(head++)];
        for (int e = 0; e < degree[static_cast<std::size_t>(u)]; ++e) {
          const int y = adjacent[static_cast<std::size_t>(u)][static_cast<std::size_t>(e)];
          if (ds[static_cast<std::size_t>(y)] >= 0) continue;
          ds[static_cast<std::size_t>(y)] = static_cast<std::int8_t>(ds[static_cast<std::size_t>(u)] + 1);
          queue[static_cast<std::size_t>(tail++)] = y;
        }
      }
    }
    const auto distance = [&](int x, int y) { return static_cast<int>(dist[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)]); };
    for (int v = 0; v < vertices; ++v) vertex_of[static_cast<std::size_t>(cell[static_cast<std::size_t>(v)])] = static_cast<std::int16_t>(v);
    engine::Bits<W> linked;
    for (int v = 0; v < vertices; ++v) linked.set(cell[static_cast<std::size_t>(v)]);
    // Traps: a cell outside the links that sees both colours of one cluster: the
    // shortest pair of opposite colours it sees (an odd distance).
    p.cells_of(d).for_each([&](int x) {
      if (linked.test(x)) return;  // a wrap, if anything, takes it
      const engine::Bits<W> seen = t.peers[static_cast<std::size_t>(x)] & linked;
      int best = -1;
      seen.for_each([&](int ca) {
        const int a = vertex_of[static_cast<std::size_t>(ca)];
        seen.for_each([&](int cb) {
          const int b = vertex_of[static_cast<std::size_t>(cb)];
          const int between = distance(a, b);
          if (between < 0 || between % 2 != 1) return;
          if (best < 0 || between + 1 < best) best = between + 1;
        });
      });
      if (best < 0) return;
      out.start(HumanTechnique::SimpleColouring, base_rating(HumanTechnique::SimpleColouring) + length_bonus(best), Mask{1} << d);
      out.cell(x);
      out.removal(x, d);
      out.finish();
    });
    // Wraps: two cells of one colour that see each other make that colour false:
    // every cell of it loses the digit, by the shorter way round through the pair.
    std::array<std::pair<int, int>, kMaxVertices * 2> clashes{};
    int clash_count = 0;
    for (int a = 0; a < vertices; ++a) {
      for (int b = a + 1; b < vertices; ++b) {
        const int between = distance(a, b);
        if (between < 0 || between % 2 != 0 || !t.sees(cell[static_cast<std::size_t>(a)], cell[static_cast<std::size_t>(b)])) continue;
        if (clash_count < static_cast<int>(clashes.size())) clashes[static_cast<std::size_t>(clash_count++)] = {a, b};
      }
    }
    if (clash_count == 0) continue;
    for (int r = 0; r < vertices; ++r) {
      int best = -1;
      for (int i = 0; i < clash_count; ++i) {
        const auto [a, b] = clashes[static_cast<std::size_t>(i)];
        if (distance(r, a) < 0 || distance(r, a) % 2 != 0) continue;  // another cluster, or the other colour
        const int length = std::min(distance(r, a) + distance(b, r), distance(r, b) + distance(a, r));
        if (best < 0 || length < best) best = length;
      }
      if (best < 0) continue;
      out.start(HumanTechnique::SimpleColouring, base_rating(HumanTechnique::SimpleColouring) + length_bonus(best), Mask{1} << d);
      out.cell(cell[static_cast<std::size_t>(r)]);
      out.removal(cell[static_cast<std::size_t>(r)], d);
      out.finish();
    }
  }
}

}  // namespace sudoforge::grader::ladder
