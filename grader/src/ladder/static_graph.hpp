#pragma once
// The static implications of a position as a graph, for every assumption at once.
//
// Static links are two-literal clauses: a weak link "not both" and a strong link
// "one of the two". Their implications (a => not b; not a => b) form the graph of a
// 2-SAT formula, which has the contrapositive of every path. So what each literal
// implies can be had for all literals together: strongly connected components
// (Tarjan), then each component's reach as a bit set, unioned over its successors
// in reverse topological order. With one bit per literal of the position's
// candidates only (not per possible candidate), a whole position costs a few
// thousand word operations. Breadth-first search then measures the chains that the
// reach sets say exist.
//
// Literal 2k+1 is candidate k "on" (its cell holds its digit), 2k is "off".

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "findings.hpp"

namespace sudoforge::grader::ladder {

template <int W>
class StaticGraph {
  using CellSet = engine::Bits<W>;

 public:
  explicit StaticGraph(const Tables<W>& t) : t_(&t) {
    id_.assign(static_cast<std::size_t>(t.cells * t.n), -1);
    // Links of a candidate: its two literals' successors together.
    int peers = 0;
    for (Cell c = 0; c < t.cells; ++c) peers = std::max(peers, t.peers[static_cast<std::size_t>(c)].count());
    max_links_ = peers + t.n + 8;
    unit_seen_.assign(static_cast<std::size_t>(t.unit_count * t.n), 0);
  }

  // Builds the graph of `p` with X links only (one digit) or all links.
  void build(const Position<W>& p, bool xy) {
    // Number the candidates.
    for (const Candidate& cand : candidates_) id_[static_cast<std::size_t>(cand.cell * t_->n + cand.digit)] = -1;
    candidates_.clear();
    p.open.for_each([&](int c) {
      for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        id_[static_cast<std::size_t>(c * t_->n + d)] = static_cast<int>(candidates_.size());
        candidates_.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)});
      }
    });
    literals_ = 2 * static_cast<int>(candidates_.size());
    words_ = (literals_ + 63) / 64;
    // Which "off" literals have links (a strong link, or with Y links a bivalue
    // cell's other digit): the closure follows those and only marks the others, the
    // sinks, so each literal's links list the ones it follows first.
    for (int d = 0; d < t_->n; ++d) linked_off_[static_cast<std::size_t>(d)] = CellSet{};
    p.open.for_each([&](int c) {
      linked_digits_[static_cast<std::size_t>(c)] = xy && p.count(c) == 2 ? static_cast<Mask>(p.cand[static_cast<std::size_t>(c)]) : Mask{0};
    });
    for (int u = 0; u < t_->unit_count; ++u) {
      for (int d = 0; d < t_->n; ++d) {
        const Mask places = p.places(u, d);
        if (std::popcount(places) != 2) continue;
        for (Mask at = places; at != 0; at &= at - 1) linked_digits_[static_cast<std::size_t>(t_->cell_of(u, std::countr_zero(at)))] |= Mask{1} << d;
      }
    }
    p.open.for_each([&](int c) {
      for (Mask ds = linked_digits_[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) linked_off_[static_cast<std::size_t>(std::countr_zero(ds))].set(c);
    });
    // Successor lists, literal after literal (off 2k, then on 2k+1).
    edge_begin_.resize(static_cast<std::size_t>(literals_));
    edge_end_.resize(static_cast<std::size_t>(literals_));
    followed_end_.resize(static_cast<std::size_t>(literals_));
    bivalue_.resize(static_cast<std::size_t>(literals_));
    targets_.resize(candidates_.size() * static_cast<std::size_t>(max_links_));
    int* const first = targets_.data();
    int* e = first;
    for (int k = 0; k < static_cast<int>(candidates_.size()); ++k) {
      const Candidate cand = candidates_[static_cast<std::size_t>(k)];
      const Cell c = cand.cell;
      const int d = cand.digit;
      // off => on: the other end of each strong link, where linked_digits_ says there
      // is one (or a bivalue cell). (No "on" literal these lead to is a sink: one is
      // only where its cell has no other candidate and no peer its digit, and then no
      // strong link leads to it, and no bivalue cell.)
      edge_begin_[static_cast<std::size_t>(2 * k)] = static_cast<std::uint32_t>(e - first);
      const auto& info = t_->cell_units[static_cast<std::size_t>(c)];
      const bool has_links = (linked_digits_[static_cast<std::size_t>(c)] >> d & 1U) != 0;
      for (int i = 0; has_links && i < info.count; ++i) {
        const int u = info.unit[static_cast<std::size_t>(i)];
        const Mask places = p.places(u, d);
        if (std::popcount(places) != 2) continue;
        const Cell other = t_->cell_of(u, std::countr_zero(places & ~(Mask{1} << info.index[static_cast<std::size_t>(i)])));
        *e++ = 2 * id(other, d) + 1;
      }
      bivalue_[static_cast<std::size_t>(2 * k)].first = static_cast<std::uint32_t>(e - first);
      if (xy && p.count(c) == 2) {
        *e++ = 2 * id(c, std::countr_zero(static_cast<Mask>(p.cand[static_cast<std::size_t>(c)]) & ~(Mask{1} << d))) + 1;
      }
      bivalue_[static_cast<std::size_t>(2 * k)].second = static_cast<std::uint32_t>(e - first);
      followed_end_[static_cast<std::size_t>(2 * k)] = edge_end_[static_cast<std::size_t>(2 * k)] = static_cast<std::uint32_t>(e - first);
      // (Room for a strong link in each unit and a bivalue cell's: update() adds
      // those that appear.)
      e = first + edge_begin_[static_cast<std::size_t>(2 * k)] + info.count + 1;
      // on => off, those with links first: the cell's other digits that have them,
      // the digit's other places among the peers that have them, then those
      // without (the peers' places together, for XY-chains' weak links), then the
      // cell's other digits without.
      edge_begin_[static_cast<std::size_t>(2 * k + 1)] = static_cast<std::uint32_t>(e - first);
      const Mask others = xy ? static_cast<Mask>(p.cand[static_cast<std::size_t>(c)] & ~(Mask{1} << d)) : Mask{0};
      const Mask linked_here = linked_digits_[static_cast<std::size_t>(c)];
      for (Mask es = others & linked_here; es != 0; es &= es - 1) *e++ = 2 * id(c, std::countr_zero(es));
      const CellSet peers = t_->peers[static_cast<std::size_t>(c)] & p.cells_of(d);
      const CellSet& linked = linked_off_[static_cast<std::size_t>(d)];
      bivalue_[static_cast<std::size_t>(2 * k + 1)].first = static_cast<std::uint32_t>(e - first);
      (peers & linked).for_each([&](int x) { *e++ = 2 * id(x, d); });
      followed_end_[static_cast<std::size_t>(2 * k + 1)] = static_cast<std::uint32_t>(e - first);
      without(peers, linked).for_each([&](int x) { *e++ = 2 * id(x, d); });
      bivalue_[static_cast<std::size_t>(2 * k + 1)].second = static_cast<std::uint32_t>(e - first);
      for (Mask es = others & ~linked_here; es != 0; es &= es - 1) *e++ = 2 * id(c, std::countr_zero(es));
      edge_end_[static_cast<std::size_t>(2 * k + 1)] = static_cast<std::uint32_t>(e - first);
    }
    // Every literal alive; the position kept for update().
    live_.assign(static_cast<std::size_t>(words_), ~std::uint64_t{0});
    if (literals_ % 64 != 0) live_.back() = (std::uint64_t{1} << (literals_ % 64)) - 1;
    blocked_.assign(static_cast<std::size_t>(literals_), 0);
    cand_ = p.cand;
    open_ = p.open;
    updated_ = false;
    xy_ = xy;
    closure();
  }

  // Brings the graph to `p`, a later position of the same rated path than the one it
  // was built or last updated for (or a position inside an assumption made from
  // one: nested chains, where the reads nested.hpp makes stay exact, as it says),
  // keeping the literals' numbers: what the
  // candidates gone leave, the strong links new in `p` added, and the closure
  // updated for them rather than made again. Returns false, changing nothing, where
  // `p` has a candidate the graph's position had not (no later position of a path).
  // (Keeping the numbers costs the later searches some words of literals gone:
  // building afresh wherever the literals alive would fit in fewer words cost more,
  // docs/rating-speed.md.)
  //
  // Why the reach sets stay exact (docs/rating-speed.md, 12-04): on a rated path
  // every position where the static chains are asked has no single, and keeps every
  // true candidate. There a literal that led to another in the earlier position,
  // both of them still candidates, leads to it still, and every link of the later
  // graph is a link of the earlier one (weak links only go, strong links between
  // candidates that stay stay) or a strong link new in it (a unit or cell down to
  // two places). So the later reach sets, on the literals left, are the earlier
  // ones closed under the new links, each inserted with its contrapositive into the
  // transitive closure (insert_pair()). The literals gone keep their links: by the
  // same proof, a chain from a literal alive that meets one gone goes on through
  // literals gone only (each true and resolved), so they change no answer about
  // literals alive. Rows may hold them (all_alive() leaves them out), and the
  // breadth-first searches skip them only to spare the work (blocked_).
  bool update(const Position<W>& p) {
    // (cand_ is empty for the cells placed then: a cell open again fails too.)
    bool later = true;
    p.open.for_each([&](int c) { later = later && (p.cand[static_cast<std::size_t>(c)] & ~cand_[static_cast<std::size_t>(c)]) == 0; });
    if (!later) return false;
    // The literals gone: out of every search from now on.
    if (++epoch_ == 0) {  // (after 2^32 updates: the marks start again)
      std::fill(unit_seen_.begin(), unit_seen_.end(), 0);
      epoch_ = 1;
    }
    new_links_.clear();
    open_.for_each([&](int c) {
      const auto cell = static_cast<std::size_t>(c);
      const Mask lost = static_cast<Mask>(cand_[cell] & ~p.cand[cell]);
      if (lost == 0) return;
      for (Mask ds = lost; ds != 0; ds &= ds - 1) {
        const int k = id(c, std::countr_zero(ds));
        live_[static_cast<std::size_t>(k >> 5)] &= ~(std::uint64_t{3} << (2 * k & 63));
        blocked_[static_cast<std::size_t>(2 * k)] = blocked_[static_cast<std::size_t>(2 * k + 1)] = ~std::uint64_t{0};
      }
      // New strong links: a cell down to two candidates, a unit down to two places
      // for a digit it lost one of (each unit and digit once).
      if (xy_ && p.count(c) == 2) {
        const Mask two = static_cast<Mask>(p.cand[cell]);
        const int a = std::countr_zero(two);
        const int b = std::countr_zero(static_cast<Mask>(two & (two - 1)));
        new_links_.push_back({2 * id(c, a), 2 * id(c, b) + 1, true});  // (and its contrapositive)
      }
      const auto& info = t_->cell_units[cell];
      for (int i = 0; i < info.count; ++i) {
        const int u = info.unit[static_cast<std::size_t>(i)];
        for (Mask ds = lost; ds != 0; ds &= ds - 1) {
          const int d = std::countr_zero(ds);
          std::uint32_t& seen = unit_seen_[static_cast<std::size_t>(u * t_->n + d)];
          if (seen == epoch_) continue;
          seen = epoch_;
          const Mask places = p.places(u, d);
          if (std::popcount(places) != 2) continue;
          const Cell x = t_->cell_of(u, std::countr_zero(places));
          const Cell y = t_->cell_of(u, std::countr_zero(static_cast<Mask>(places & (places - 1))));
          new_links_.push_back({2 * id(x, d), 2 * id(y, d) + 1, false});  // (and its contrapositive)
        }
      }
      cand_[cell] = p.cand[cell];
    });
    open_ = p.open;
    updated_ = true;
    // Each new strong link (an "off" literal to an "on" one) with its contrapositive
    // (the two negations, the other way).
    for (const NewLink& link : new_links_) {
      add_edge(link.from, link.to, link.bivalue);
      add_edge(link.to ^ 1, link.from ^ 1, link.bivalue);
      insert_pair(link.from, link.to);
    }
    return true;
  }

  int literal(Cell c, int d, bool on) const { return 2 * id(c, d) + (on ? 1 : 0); }
  Candidate candidate(int literal) const { return candidates_[static_cast<std::size_t>(literal >> 1)]; }
  int literals() const { return literals_; }
  int words() const { return words_; }
  // Whether the graph was brought to its position by update() (since its build).
  bool updated() const { return updated_; }
  // The number update() marks the units it looks at with, counted on from `epoch`
  // (for tests: updates across the counter's wrap).
  void start_marks_at(std::uint32_t epoch) { epoch_ = epoch; }

  // Whether `to` follows from `from` (through any number of links).
  bool reaches(int from, int to) const {
    const int row = row_index(from);
    if (row < 0) return from == to;
    if (pending_[static_cast<std::size_t>(row)] == 0) return has(row, to);
    // A row not made yet (an "on" literal no link leads to): itself, its sinks (never
    // its own negation, which the XY-chains ask about), or what a literal it follows
    // reaches (those rows are made). After an update, any literal it leads to, or
    // what that one reaches (a sink may have links now; see join_any()).
    const auto v = static_cast<std::size_t>(from);
    if (from == to) return true;
    if (updated_) {
      for (std::uint32_t e = edge_begin_[v]; e < edge_end_[v]; ++e) {
        const int w = targets_[e];
        const int other = row_[static_cast<std::size_t>(w)];
        if (w == to || (other >= 0 && has(other, to))) return true;
      }
      return false;
    }
    for (std::uint32_t e = followed_end_[v]; to != (from ^ 1) && e < edge_end_[v]; ++e) {
      if (targets_[e] == to) return true;
    }
    for (std::uint32_t e = edge_begin_[v]; e < followed_end_[v]; ++e) {
      if (has(row_index(targets_[e]), to)) return true;
    }
    return false;
  }
  // Every literal alive, into `set` (words() words): where a group's common reach
  // starts (keep_reach()).
  void all_alive(std::uint64_t* set) const { std::copy(live_.begin(), live_.end(), set); }
  // `set` (words() words, literals alive only: all_alive() and keep_reach() leave
  // no other) keeps only what `from` implies, itself included. Returns whether
  // anything is left.
  bool keep_reach(int from, std::uint64_t* set) {
    const std::uint64_t* r = row_of(from);
    if (r == nullptr) {
      const bool had = bit(set, from);
      std::fill(set, set + words_, 0);
      if (had) set[from >> 6] |= std::uint64_t{1} << (from & 63);
      return had;
    }
    std::uint64_t any = 0;
    for (int w = 0; w < words_; ++w) any |= set[w] &= r[w];
    return any != 0;
  }

  // Breadth first from `from`: the number of links to `to`, or -1 if it is farther
  // than `max_links`. Afterwards depth_of() gives every literal's links (or -1).
  // (One source at a time, the plain form: the searches from many sources below
  // must agree with it, tests/grader/searches_test.cpp.)
  int distance(int from, int to, int max_links) {
    depth_.assign(static_cast<std::size_t>(literals_), -1);
    visited_.resize(static_cast<std::size_t>(words_));
    for (int w = 0; w < words_; ++w) visited_[static_cast<std::size_t>(w)] = ~live_[static_cast<std::size_t>(w)];  // (the literals gone: never reached)
    frontier_.assign(static_cast<std::size_t>(words_), 0);
    set(visited_, from);
    set(frontier_, from);
    depth_[static_cast<std::size_t>(from)] = 0;
    if (from == to) return 0;
    for (int links = 1; links <= max_links; ++links) {
      next_.assign(static_cast<std::size_t>(words_), 0);
      for (int w = 0; w < words_; ++w) {
        for (std::uint64_t bits = frontier_[static_cast<std::size_t>(w)]; bits != 0; bits &= bits - 1) {
          const auto v = static_cast<std::size_t>(64 * w + std::countr_zero(bits));
          for (std::uint32_t e = edge_begin_[v]; e < edge_end_[v]; ++e) set(next_, targets_[e]);
        }
      }
      bool any = false;
      for (int w = 0; w < words_; ++w) {
        next_[static_cast<std::size_t>(w)] &= ~visited_[static_cast<std::size_t>(w)];
        visited_[static_cast<std::size_t>(w)] |= next_[static_cast<std::size_t>(w)];
        any = any || next_[static_cast<std::size_t>(w)] != 0;
        for (std::uint64_t bits = next_[static_cast<std::size_t>(w)]; bits != 0; bits &= bits - 1) {
          depth_[static_cast<std::size_t>(64 * w + std::countr_zero(bits))] = links;
        }
      }
      if (to >= 0 && depth_[static_cast<std::size_t>(to)] >= 0) return links;
      if (!any) return -1;
      frontier_.swap(next_);
    }
    return -1;
  }
  int depth_of(int literal) const { return depth_[static_cast<std::size_t>(literal)]; }

  // For each literal of `sources`, the links of a shortest chain to its own negation:
  // found(i, links) for source i, once, as soon as it is known; nothing for a source
  // whose chain is longer than max_links() (asked before each level; it may shrink
  // as chains are found). Breadth first from every source at once, a bit per source
  // (64 to a batch). A chain from L to not L meets its contrapositive halfway: its
  // length is the least d(L, y) + d(L, not y) over all literals y (a chain from L to
  // not y, turned round, leads from y to not L), and such a chain has an odd number
  // of links, 2j + 1 with y at j links and not y at j + 1: so levels up to half the
  // length suffice. With `bivalue`, on the links of XY-chains only (of a graph with
  // all links): strong links in bivalue cells, weak links between cells; they too
  // hold the contrapositive of each of their paths.
  template <typename MaxLinks, typename Found>
  void refutations(std::span<const int> sources, MaxLinks&& max_links, Found&& found, bool bivalue = false) {
    start_search();
    for (std::size_t batch = 0; batch * 64 < sources.size(); ++batch) {
      const std::size_t lanes = std::min<std::size_t>(64, sources.size() - batch * 64);
      std::size_t frontier_size = start_batch(sources.subspan(batch * 64, lanes));
      std::uint64_t open = lanes == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << lanes) - 1;
      for (int j = 0; open != 0 && frontier_size != 0 && 2 * j + 1 <= max_links(); ++j) {
        // Level j + 1.
        const std::span<const int> frontier(frontier_list_.data(), frontier_size);
        const std::span<const int> next_level(next_list_.data(), advance(frontier, open, bivalue));
        // Meetings new at j: y first reached at j with not y reached by j + 1, or not
        // y first reached at j + 1 with y reached by j.
        std::uint64_t met = 0;
        const auto at_j = [&](std::size_t y) { return reached_[y] & ~fresh_[y]; };
        for (const int y : frontier) met |= at_j(static_cast<std::size_t>(y)) & reached_[static_cast<std::size_t>(y) ^ 1];
        for (const int w : next_level) met |= fresh_[static_cast<std::size_t>(w)] & at_j(static_cast<std::size_t>(w) ^ 1);
        met &= open;
        open &= ~met;
        for (; met != 0; met &= met - 1) found(static_cast<int>(batch * 64) + std::countr_zero(met), 2 * j + 1);
        frontier_list_.swap(next_list_);
        frontier_size = next_level.size();
      }
      end_batch(frontier_size);
    }
  }

  // The links from each literal of `sources` to each literal of `targets`, by the
  // same breadth-first search as distance() (a target farther than `max_links` is
  // -1), made for all sources at once, a bit per source (64 to a batch): afterwards
  // distance_to(i, t) gives it for source i and target literal t.
  void distances(std::span<const int> sources, std::span<const int> targets, int max_links) {
    target_of_.assign(static_cast<std::size_t>(literals_), -1);
    int target_count = 0;
    for (const int t : targets) {
      int& at = target_of_[static_cast<std::size_t>(t)];
      if (at < 0) at = target_count++;
    }
    target_count_ = target_count;
    links_to_.assign(sources.size() * static_cast<std::size_t>(target_count), -1);
    start_search();
    const auto record = [&](std::size_t first_source, int literal, std::uint64_t lanes, int links) {
      const int at = target_of_[static_cast<std::size_t>(literal)];
      if (at < 0) return;
      for (; lanes != 0; lanes &= lanes - 1) {
        const std::size_t i = first_source + static_cast<std::size_t>(std::countr_zero(lanes));
        links_to_[i * static_cast<std::size_t>(target_count) + static_cast<std::size_t>(at)] = links;
      }
    };
    for (std::size_t batch = 0; batch * 64 < sources.size(); ++batch) {
      const std::size_t lanes = std::min<std::size_t>(64, sources.size() - batch * 64);
      std::size_t frontier_size = start_batch(sources.subspan(batch * 64, lanes));
      for (const int v : std::span<const int>(frontier_list_.data(), frontier_size)) {
        record(batch * 64, v, fresh_[static_cast<std::size_t>(v)], 0);
      }
      for (int links = 1; frontier_size != 0 && links <= max_links; ++links) {
        const std::span<const int> frontier(frontier_list_.data(), frontier_size);
        frontier_size = advance(frontier, ~std::uint64_t{0}, false);
        for (const int w : std::span<const int>(next_list_.data(), frontier_size)) {
          record(batch * 64, w, fresh_[static_cast<std::size_t>(w)], links);
        }
        frontier_list_.swap(next_list_);
      }
      end_batch(frontier_size);
    }
  }
  int distance_to(int source, int target) const {
    const int at = target_of_[static_cast<std::size_t>(target)];
    return at < 0 ? -1 : links_to_[static_cast<std::size_t>(source) * static_cast<std::size_t>(target_count_) + static_cast<std::size_t>(at)];
  }

 private:
  // The searches from many sources (refutations, distances), a bit per source.
  void start_search() {
    const auto literals = static_cast<std::size_t>(literals_);
    // Every search leaves fresh_ and next_fresh_ clear (advance(), end_batch()), and
    // each batch writes reached_ first (start_batch()): they are only made to fit.
    if (fresh_.size() < literals) {
      reached_.resize(literals);
      fresh_.resize(literals, 0);
      next_fresh_.resize(literals, 0);
    }
    // The levels' lists of literals, each literal at most once (and a spare slot
    // for the unconditional store in advance()).
    frontier_list_.resize(literals + 1);
    next_list_.resize(literals + 1);
  }

  // A batch of up to 64 sources starts, each source's bit on its literal (level 0);
  // returns the level's size (its literals in frontier_list_).
  std::size_t start_batch(std::span<const int> sources) {
    std::copy(blocked_.begin(), blocked_.end(), reached_.begin());  // (the literals gone: reached by every lane)
    std::size_t frontier_size = 0;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const auto v = static_cast<std::size_t>(sources[i]);
      if (fresh_[v] == 0) frontier_list_[frontier_size++] = static_cast<int>(v);
      fresh_[v] |= std::uint64_t{1} << i;
      reached_[v] |= std::uint64_t{1} << i;
    }
    return frontier_size;
  }

  // One level: from the literals of `frontier` (their fresh lanes within `open`) along
  // their links (all, or the XY-chains' with `bivalue`), the lanes new to each literal
  // reached. Afterwards fresh_ holds the new level's lanes (the frontier's are
  // cleared) and reached_ has them; returns the new level's size (its literals in
  // next_list_).
  std::size_t advance(std::span<const int> frontier, std::uint64_t open, bool bivalue) {
    // (Without a branch per link: whether a link brings a lane, and whether its
    // literal is new to the level, are as good as random.)
    std::size_t next_size = 0;
    int* const next = next_list_.data();
    for (const int v : frontier) {
      const std::uint64_t lanes_here = fresh_[static_cast<std::size_t>(v)] & open;
      const auto [begin, end] = bivalue ? bivalue_[static_cast<std::size_t>(v)]
                                        : std::pair{edge_begin_[static_cast<std::size_t>(v)], edge_end_[static_cast<std::size_t>(v)]};
      for (std::uint32_t e = begin; e < end; ++e) {
        const auto w = static_cast<std::size_t>(targets_[e]);
        const std::uint64_t fresh = lanes_here & ~reached_[w];
        const std::uint64_t before = next_fresh_[w];
        next[next_size] = static_cast<int>(w);
        next_size += static_cast<std::size_t>((before == 0) & (fresh != 0));
        next_fresh_[w] = before | fresh;
      }
    }
    for (const int v : frontier) fresh_[static_cast<std::size_t>(v)] = 0;
    for (const int w : std::span<const int>(next, next_size)) {
      fresh_[static_cast<std::size_t>(w)] = next_fresh_[static_cast<std::size_t>(w)];
      next_fresh_[static_cast<std::size_t>(w)] = 0;
      reached_[static_cast<std::size_t>(w)] |= fresh_[static_cast<std::size_t>(w)];
    }
    return next_size;
  }

  // A batch ends: its last level's lanes are cleared (fresh_ is clear between batches).
  void end_batch(std::size_t frontier_size) {
    for (const int v : std::span<const int>(frontier_list_.data(), frontier_size)) fresh_[static_cast<std::size_t>(v)] = 0;
  }

  int id(Cell c, int d) const { return id_[static_cast<std::size_t>(c * t_->n + d)]; }
  static void set(std::vector<std::uint64_t>& bits, int i) { bits[static_cast<std::size_t>(i >> 6)] |= std::uint64_t{1} << (i & 63); }

  // The row of a literal's component in reach_; -1 for a sink (it reaches itself only).
  int row_index(int literal) const { return row_[static_cast<std::size_t>(literal)]; }
  bool has(int row, int literal) const { return bit(reach_.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(words_), literal); }
  static bool bit(const std::uint64_t* set, int i) { return (set[static_cast<std::size_t>(i >> 6)] >> (i & 63) & 1U) != 0; }
  // The reach of a literal's component, made now if it was left for later; nullptr
  // for a sink.
  const std::uint64_t* row_of(int literal) {
    const int row = row_index(literal);
    if (row < 0) return nullptr;
    std::uint64_t* reach = reach_.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(words_);
    if (pending_[static_cast<std::size_t>(row)] != 0) {
      pending_[static_cast<std::size_t>(row)] = 0;
      std::fill(reach, reach + words_, 0);
      if (updated_) {
        join_any(literal, row, reach);
      } else {
        join(literal, reach);
        join_followed(literal, row, reach);
      }
    }
    return reach;
  }
  // After an update: marks literal m in `reach`, row `row`, with every literal it
  // leads to and what each of those reaches (a sink of the build may have a row
  // now). Those include literals gone, and what they reach: all gone too (update()),
  // and all_alive() leaves only literals alive.
  void join_any(int m, int row, std::uint64_t* reach) const {
    const auto v = static_cast<std::size_t>(m);
    reach[v >> 6] |= std::uint64_t{1} << (m & 63);
    for (std::uint32_t e = edge_begin_[v]; e < edge_end_[v]; ++e) {
      const int w = targets_[e];
      const int other = row_[static_cast<std::size_t>(w)];
      if (other < 0) {
        reach[static_cast<std::size_t>(w >> 6)] |= std::uint64_t{1} << (w & 63);
      } else if (other != row) {
        const std::uint64_t* from = reach_.data() + static_cast<std::size_t>(other) * static_cast<std::size_t>(words_);
        for (int i = 0; i < words_; ++i) reach[i] |= from[i];
      }
    }
  }

  // Adds the strong link from "off" literal `from` to `to` to from's successors (in
  // the room build() left): a bivalue cell's link last, for the XY-chains' range.
  void add_edge(int from, int to, bool bivalue) {
    const auto v = static_cast<std::size_t>(from);
    std::uint32_t end = edge_end_[v];
    auto& [xy_begin, xy_end] = bivalue_[v];
    if (bivalue) {
      targets_[end] = to;
      xy_begin = end;
    } else if (xy_begin < xy_end) {
      targets_[end] = targets_[end - 1];
      targets_[end - 1] = to;
      xy_begin = end;
    } else {
      targets_[end] = to;
      xy_begin = end + 1;
    }
    edge_end_[v] = followed_end_[v] = xy_end = end + 1;
  }
  // The closure with a new strong link u => v and its contrapositive not v => not u
  // added (both already among the links). The graph holds the contrapositive of
  // every path, and so does its closure: a reaches b exactly when not b reaches not a.
  // A path that uses a new link first goes from a to u and then from v on, or from
  // a to not v and then from not u on; so every literal a gains X = reach'(v) if it
  // reaches u, and Y = reach'(not u) if it reaches not v, where
  //   X = reach(v), and reach(not u) too if v reaches not v,
  //   Y = reach(not u), and reach(v) too if not u reaches u
  // (each from the closure without the two links). The literals that reach u are the
  // negations of those not u reaches, and those that reach not v the negations of
  // those v reaches: the rows to change are read off two rows, not sought among
  // all. Rows left for later are made when asked, from rows kept exact; a sink that
  // a new link leaves with a successor gets a row of its own first. (Tested against
  // graphs built afresh: LadderStaticGraph.GraphsUpdatedAlongARatedPathAreTheGraphsBuiltAfresh.)
  void insert_pair(int u, int v) {
    give_row(u);
    give_row(v ^ 1);
    if (has(row_[static_cast<std::size_t>(u)], v)) return;  // (and so not v reaches not u)
    const auto words = static_cast<std::size_t>(words_);
    pair_rows_.resize(4 * words);
    std::uint64_t* const reach_v = pair_rows_.data();
    std::uint64_t* const reach_not_u = reach_v + words;
    std::uint64_t* const x = reach_not_u + words;
    std::uint64_t* const y = x + words;
    copy_reach(v, reach_v);
    copy_reach(u ^ 1, reach_not_u);
    const std::uint64_t with_not_u = std::uint64_t{0} - static_cast<std::uint64_t>(bit(reach_v, v ^ 1));
    const std::uint64_t with_v = std::uint64_t{0} - static_cast<std::uint64_t>(bit(reach_not_u, u));
    for (std::size_t w = 0; w < words; ++w) {
      x[w] = reach_v[w] | (reach_not_u[w] & with_not_u);
      y[w] = reach_not_u[w] | (reach_v[w] & with_v);
    }
    gain(reach_not_u, x);
    gain(reach_v, y);
  }
  // Every made row of a literal whose negation `negations` holds gains `reach`.
  void gain(const std::uint64_t* negations, const std::uint64_t* reach) {
    const auto words = static_cast<std::size_t>(words_);
    for (std::size_t w = 0; w < words; ++w) {
      for (std::uint64_t bits = negations[w]; bits != 0; bits &= bits - 1) {
        const int row = row_[static_cast<std::size_t>((64 * static_cast<int>(w) + std::countr_zero(bits)) ^ 1)];
        if (row < 0 || pending_[static_cast<std::size_t>(row)] != 0) continue;
        std::uint64_t* to = reach_.data() + static_cast<std::size_t>(row) * words;
        for (std::size_t i = 0; i < words; ++i) to[i] |= reach[i];
      }
    }
  }
  // A row of its own for a sink, holding itself.
  void give_row(int literal) {
    if (row_[static_cast<std::size_t>(literal)] >= 0) return;
    const int row = rows_++;
    row_[static_cast<std::size_t>(literal)] = row;
    pending_[static_cast<std::size_t>(row)] = 0;
    only(literal, reach_.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(words_));
  }
  // What `literal` reaches (its row, made now if it was left for later; itself alone
  // for a sink), into `out`.
  void copy_reach(int literal, std::uint64_t* out) {
    const std::uint64_t* row = row_of(literal);
    if (row != nullptr) {
      std::copy(row, row + words_, out);
    } else {
      only(literal, out);
    }
  }
  // `out` (words() words) holding `literal` alone.
  void only(int literal, std::uint64_t* out) const {
    std::fill(out, out + words_, 0);
    out[static_cast<std::size_t>(literal >> 6)] |= std::uint64_t{1} << (literal & 63);
  }
  // Adds to `reach`, row `row`, the rows of the literals m follows (but that row).
  void join_followed(int m, int row, std::uint64_t* reach) const {
    const auto v = static_cast<std::size_t>(m);
    for (std::uint32_t e = edge_begin_[v]; e < followed_end_[v]; ++e) {
      const int other = row_[static_cast<std::size_t>(targets_[e])];
      if (other == row) continue;
      const std::uint64_t* from = reach_.data() + static_cast<std::size_t>(other) * static_cast<std::size_t>(words_);
      for (int w = 0; w < words_; ++w) reach[w] |= from[w];
    }
  }
  // Marks literal m and the sinks it leads to in `reach`.
  void join(int m, std::uint64_t* reach) const {
    reach[static_cast<std::size_t>(m >> 6)] |= std::uint64_t{1} << (m & 63);
    for (std::uint32_t e = followed_end_[static_cast<std::size_t>(m)]; e < edge_end_[static_cast<std::size_t>(m)]; ++e) {
      const int w = targets_[e];
      reach[static_cast<std::size_t>(w >> 6)] |= std::uint64_t{1} << (w & 63);
    }
  }

  // Tarjan's components (iteratively), then each component's reach. Most literals
  // are sinks ("off" with no strong link: nothing follows): each is a component of
  // its own, numbered first, without a reach row, and the search skips them; a
  // component's reach is its members, the sinks they lead to and the reach of the
  // other components they lead to (build() lists each literal's successors that are
  // not sinks first, up to followed_end_). An "on" literal that no link leads to
  // (most of them) is a component of its own that no other reaches: its row is left
  // for later (pending_), made only if keep_reach() asks for it; reaches() reads
  // the rows of what it follows instead.
  void closure() {
    const auto n = static_cast<std::size_t>(literals_);
    const auto words = static_cast<std::size_t>(words_);
    index_.assign(n, -1);
    low_.assign(n, 0);
    on_stack_.assign(n, 0);
    row_.resize(n);
    stack_.resize(n);
    call_.resize(n);
    std::size_t sinks = 0;
    int counter = 0;
    int rows = 0;
    entered_.assign(n, 0);
    for (std::size_t v = 0; v < n; ++v) {
      if (edge_begin_[v] == edge_end_[v]) {
        index_[v] = counter++;
        row_[v] = -1;
        ++sinks;
      }
      if ((v & 1) != 0) continue;  // ("on" literals are led to by "off" ones only)
      for (std::uint32_t e = edge_begin_[v]; e < followed_end_[v]; ++e) entered_[static_cast<std::size_t>(targets_[e])] = 1;
    }
    // Room for a row per literal (update() gives sinks rows when they gain links);
    // each row is cleared when it is made.
    reach_.resize(n * words);
    pending_.resize(n);
    for (std::size_t v = 1; v < n; v += 2) {
      if (entered_[v] != 0 || index_[v] >= 0) continue;
      index_[v] = counter++;
      row_[v] = rows;
      pending_[static_cast<std::size_t>(rows++)] = 1;
    }
    std::size_t top = 0;    // of stack_
    std::size_t calls = 0;  // of call_
    for (int root = 0; root < literals_; ++root) {
      if (index_[static_cast<std::size_t>(root)] >= 0) continue;
      call_[calls++] = {root, edge_begin_[static_cast<std::size_t>(root)]};
      index_[static_cast<std::size_t>(root)] = low_[static_cast<std::size_t>(root)] = counter++;
      stack_[top++] = root;
      on_stack_[static_cast<std::size_t>(root)] = 1;
      while (calls != 0) {
        auto& [v, next] = call_[calls - 1];
        if (next < followed_end_[static_cast<std::size_t>(v)]) {
          const int w = targets_[next++];
          if (index_[static_cast<std::size_t>(w)] < 0) {
            index_[static_cast<std::size_t>(w)] = low_[static_cast<std::size_t>(w)] = counter++;
            stack_[top++] = w;
            on_stack_[static_cast<std::size_t>(w)] = 1;
            call_[calls++] = {w, edge_begin_[static_cast<std::size_t>(w)]};
          } else if (on_stack_[static_cast<std::size_t>(w)] != 0) {
            low_[static_cast<std::size_t>(v)] = std::min(low_[static_cast<std::size_t>(v)], index_[static_cast<std::size_t>(w)]);
          }
          continue;
        }
        const int done = v;
        --calls;
        if (calls != 0) {
          const int parent = call_[calls - 1].first;
          low_[static_cast<std::size_t>(parent)] = std::min(low_[static_cast<std::size_t>(parent)], low_[static_cast<std::size_t>(done)]);
        }
        if (low_[static_cast<std::size_t>(done)] != index_[static_cast<std::size_t>(done)]) continue;
        // A component, emitted after every component it reaches: the stack from
        // `done` up.
        const int row = rows++;
        pending_[static_cast<std::size_t>(row)] = 0;
        std::uint64_t* reach = reach_.data() + static_cast<std::size_t>(row) * words;
        std::fill(reach, reach + words, 0);
        std::size_t first = top;
        do {
          const int m = stack_[--first];
          on_stack_[static_cast<std::size_t>(m)] = 0;
          row_[static_cast<std::size_t>(m)] = row;
          join(m, reach);
        } while (stack_[first] != done);
        for (std::size_t i = first; i < top; ++i) join_followed(stack_[i], row, reach);
        top = first;
      }
    }
    rows_ = rows;
  }

  // A buffer of the closure's or the searches' work (or a search's results, read
  // only after that search): each is made again by the call that uses it, so a copy
  // of the graph (nested chains start from the rated position's) leaves it out and
  // keeps its own. Only what the graph is gets copied.
  template <typename T>
  struct Scratch : T {
    Scratch() = default;
    Scratch(const Scratch&) : T() {}
    Scratch(Scratch&&) noexcept = default;
    Scratch& operator=(const Scratch&) { return *this; }
    Scratch& operator=(Scratch&&) noexcept = default;
    ~Scratch() = default;
  };

  const Tables<W>* t_;
  std::vector<int> id_;  // by cell * n + digit: candidate number or -1
  std::vector<Candidate> candidates_;
  int literals_ = 0;
  int words_ = 0;
  int max_links_ = 0;  // links of one candidate, at most
  std::vector<std::uint32_t> edge_begin_;  // by literal: its first successor in targets_
  std::vector<std::uint32_t> edge_end_;  // by literal: the end of its successors
  std::vector<std::uint32_t> followed_end_;  // by literal: the end of the successors the closure follows (an "on" one's: not sinks)
  std::array<CellSet, engine::kMaxSize> linked_off_{};  // by digit: the cells whose "off" literal of it has links
  std::array<Mask, engine::kMaxCells> linked_digits_{};  // by open cell: ... the digits
  std::vector<int> targets_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> bivalue_;  // by literal: its XY-chain links in targets_
  // Closure.
  Scratch<std::vector<int>> index_;
  Scratch<std::vector<int>> low_;
  Scratch<std::vector<char>> on_stack_;
  Scratch<std::vector<int>> stack_;  // Tarjan's
  Scratch<std::vector<std::pair<int, std::uint32_t>>> call_;  // the depth-first path: literal, next successor
  std::vector<int> row_;  // by literal: its component's row of reach_, -1 for a sink
  std::vector<std::uint64_t> reach_;  // by row
  std::vector<char> pending_;  // by row: left for row_of() to make
  std::vector<char> entered_;  // by literal: whether a link the closure follows leads to it
  int rows_ = 0;  // rows made or left pending
  // Updates.
  struct NewLink {  // (each with its contrapositive, made where it is added)
    int from;
    int to;
    bool bivalue;
  };
  std::vector<std::uint64_t> live_;  // words(): the literals whose candidates are left
  std::vector<std::uint64_t> blocked_;  // by literal: every lane for a literal gone, else none
  std::array<std::uint16_t, engine::kMaxCells> cand_{};  // the position's candidates, by cell
  CellSet open_;  // ... and open cells
  bool updated_ = false;  // since the last build
  bool xy_ = false;  // the graph has all links
  std::uint32_t epoch_ = 0;  // of an update, for unit_seen_
  std::vector<std::uint32_t> unit_seen_;  // by unit * n + digit: the last update that looked at it
  Scratch<std::vector<NewLink>> new_links_;
  Scratch<std::vector<std::uint64_t>> pair_rows_;  // insert_pair()'s: two rows as they were, and what they become
  // Searches from many sources.
  Scratch<std::vector<std::uint64_t>> reached_;     // by literal: the sources that reach it
  Scratch<std::vector<std::uint64_t>> fresh_;       // by literal: the sources that reached it last level
  Scratch<std::vector<std::uint64_t>> next_fresh_;  // by literal: ... at the level being made
  Scratch<std::vector<int>> frontier_list_;
  Scratch<std::vector<int>> next_list_;
  Scratch<std::vector<int>> target_of_;  // by literal: its number among distances()' targets, or -1
  int target_count_ = 0;
  Scratch<std::vector<int>> links_to_;  // by source, then target: distances()' links, or -1
  // Search.
  Scratch<std::vector<int>> depth_;
  Scratch<std::vector<std::uint64_t>> visited_;
  Scratch<std::vector<std::uint64_t>> frontier_;
  Scratch<std::vector<std::uint64_t>> next_;
};

}  // namespace sudoforge::grader::ladder
