#pragma once
// Forcing chains of several threads, where no single chain does:
//  - cell forcing: every candidate of a cell, assumed in turn, leads to the same
//    result, so the result holds;
//  - unit forcing: the same for every place of a digit in a unit;
//  - contradiction (dynamic only): an assumption leads to a candidate both on and
//    off, so the assumption is false;
//  - double (dynamic only): a candidate and its negation lead to the same result.
// Static ("multiple forcing chains", 8.0+) follow strong links as they stand; dynamic
// (8.5+) follow every single the assumption makes; dynamic plus (9.0+) also locked
// candidates, pairs and X-wings. A result is rated by the nodes of all its branches
// together (each branch from its assumption to the result, as printed; Sudoku
// Explainer also counts every candidate a dynamic single rests on, which costs a
// pass per branch and moved the calibration figures by less than 0.01); each result
// is kept with its cheapest derivation, and only the results of the lowest rating
// are reported.

#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include "chains.hpp"
#include "plus_filter.hpp"

namespace sudoforge::grader::ladder {

// Calls reached(v, depth) for each node the last run of `engine` reached, from its
// `first`th on, v in the sweep's numbering.
template <int W, int Words, typename Reached>
void reached_in_sweep(const Sweep<W, Words>& sweep, const Implications<W>& engine, Reached&& reached, int first = 0) {
  engine.for_each_reached(
      [&](int s) {
        const Node node = engine.node_of(s);
        reached(sweep.node(node.cell, node.digit, node.on), engine.depth(s));
      },
      first);
}

// Whether the sweep's run of source i ran dry short of max_depth.
template <int W, int Words>
bool ran_dry_within(const Sweep<W, Words>& sweep, int i, int max_depth) {
  const auto& end = sweep.end(i);
  return end.how == Sweep<W, Words>::RunEnd::How::Dry && end.depth < max_depth;
}

// Whether the plus run of source i (as plus_from_sweep takes it, with `patterns`)
// is the sweep's run of i whole: it ran dry within max_depth and no pattern applies
// there. Then it reaches what the sweep's run reached, at the same depths, and ends
// without a contradiction.
template <int W, int Words>
bool plus_is_swept_run(const Sweep<W, Words>& sweep, int i, int max_depth, bool patterns) {
  return ran_dry_within(sweep, i, max_depth) && !patterns;
}

// Whether the plus run of source i ran dry one depth short of max_depth: a pattern
// there adds its nodes at max_depth, where nothing follows from them, and no forcing
// chain within max_depth can use such a node. A group's branches together are longer
// than each, so one of them at max_depth is too long. A node at max_depth contradicts
// within it only a node of depth 0, the assumption, and no pattern takes an
// assumption's candidate: an "off" assumption has no "on" node at depth 0, and an
// "on" one's cell has lost its other digits, and its peers the digit, at depth 1, so
// no locked candidates, pair or X-wing holds the cell's digit against it. So
// forcing.hpp reads such a run from the sweep, as if no pattern applied (tested:
// LadderSweep.PlusRunsTakenUpFromTheSweepReachWhatWholeRunsReach).
template <int W, int Words>
bool plus_patterns_at_the_bound(const Sweep<W, Words>& sweep, int i, int max_depth) {
  return ran_dry_within(sweep, i, max_depth) && sweep.end(i).depth + 1 == max_depth;
}

// Whether the sweep's bound stopped the run of source i short of max_depth (a plus
// run within max_depth is then to be followed from its start).
template <int W, int Words>
bool stopped_short_of(const Sweep<W, Words>& sweep, int i, int max_depth) {
  const auto& end = sweep.end(i);
  return end.how == Sweep<W, Words>::RunEnd::How::Bound && end.depth < max_depth;
}

// The length of the contradiction the sweep's run of source i ends in within
// max_depth, or -1.
template <int W, int Words>
int swept_contradiction(const Sweep<W, Words>& sweep, int i, int max_depth) {
  const auto& end = sweep.end(i);
  return end.how == Sweep<W, Words>::RunEnd::How::Contradiction && end.depth <= max_depth ? end.length : -1;
}

// Whether the plus run of source i is the sweep's run cut at max_depth: it did not
// run dry within max_depth, and the sweep followed it at least that far. What the
// sweep's row holds past max_depth makes only chains longer than max_depth (a group
// with a branch there is longer than that branch), so forcing.hpp reads the row as it
// stands, with swept_contradiction().
template <int W, int Words>
bool plus_is_cut_sweep_run(const Sweep<W, Words>& sweep, int i, int max_depth) {
  return !ran_dry_within(sweep, i, max_depth) && !stopped_short_of(sweep, i, max_depth);
}

// Whether forcing.hpp reads the plus run of source i from the sweep's row as it
// stands, with swept_contradiction(), instead of taking it up (plus_from_sweep): the
// row holds all that a result within max_depth can use of the plus run.
template <int W, int Words>
bool plus_read_from_sweep(const Sweep<W, Words>& sweep, int i, int max_depth, bool patterns) {
  return plus_is_swept_run(sweep, i, max_depth, patterns) || plus_patterns_at_the_bound(sweep, i, max_depth) ||
         plus_is_cut_sweep_run(sweep, i, max_depth);
}

// A dynamic plus run (quiet, within max_depth) of source i of the last run of
// `sweep` (Dynamic, kept), without following its singles again: until they run dry
// a plus run is that Dynamic run (the same nodes at the same depths, the same
// contradiction) cut at max_depth. So where the sweep's run contradicted within
// max_depth, the plus run ends so too; where it went at least as deep without, the
// plus run stops at max_depth; where it ran dry short of max_depth, the plus run goes
// on from there with the patterns (Implications::resume). Calls reached(v, depth)
// for each node (the sweep's numbering) the plus run reaches and returns its
// contradiction's length, or -1 for none; or returns -2, calling nothing, when the
// sweep's bound stopped that run short of max_depth (it is to be run node by node).
// `patterns`: whether a pattern applies where the run ran dry (PlusFilter; if not,
// the plus run ends there too, and is not taken up).
template <int W, int Words, typename Reached>
int plus_from_sweep(const Sweep<W, Words>& sweep, int i, const Position<W>& p, Implications<W>& engine, int max_depth,
                    bool patterns, Reached&& reached) {
  if (stopped_short_of(sweep, i, max_depth)) return -2;
  const std::uint64_t* row = sweep.reach(i);
  const auto each_within = [&](auto&& f) {
    for (int w = 0; w < sweep.row_words(); ++w) {
      for (std::uint64_t bits = row[w]; bits != 0; bits &= bits - 1) {
        const int v = 64 * w + std::countr_zero(bits);
        const int depth = sweep.depth(i, v);
        if (depth <= max_depth) f(v, depth);
      }
    }
  };
  if (ran_dry_within(sweep, i, max_depth) && patterns) {
    int swept = 0;
    const int found = engine.resume(p, Links::DynamicPlus, max_depth, [&](auto&& mark) {
      each_within([&](int v, int depth) {
        reached(v, depth);
        mark(sweep.slot_of(v), depth);
        ++swept;
      });
    });
    reached_in_sweep(sweep, engine, reached, swept);  // (the nodes the patterns led to)
    return found >= 0 ? engine.contradiction_length() : -1;
  }
  each_within(reached);
  return swept_contradiction(sweep, i, max_depth);
}

// Words: the dynamic runs' batches (Sweep), 4 (256 runs) or 8 (512: where AVX-512 is,
// ladder.hpp); the results are the same.
template <int W, int Words = 4>
class ForcingChains {
 public:
  explicit ForcingChains(ChainContext<W>& context)
      : context_(context), t_(context.tables), sweep_(context.template sweep_of<Words>()), filter_(context.tables) {}

  // Plus runs taken up from the Dynamic rung's sweep where they can be (by
  // default), or all followed node by node from their start (for tests: the same).
  void reuse_sweep(bool on) { reuse_sweep_ = on; }

  // Asked (static) only where alternating inference chains (chains.hpp, find_xy,
  // on the same graph) found nothing within a limit at least this one: then a digit
  // with two places in a unit, a and b, has no unit forcing chain within the limit,
  // and such units are not looked at. Were a result X implied by "a holds it" in la
  // links and by "b holds it" in lb, "not X" would imply "not a" in la links (the
  // graph holds the contrapositive of every path), "not a" imply "b" in one (the
  // unit's strong link) and "b" imply X in lb: an alternating chain from "not X" to
  // X, rated 7.0 + length_bonus(la + lb), below the 8.0 + length_bonus(la + lb) of
  // the forcing chain. (The ladder sets this; alone, as the reference compares it,
  // the rung looks at every unit. Tested: the same paths either way, memo_test.cpp.)
  void after_alternating_chains(bool on) { after_alternating_chains_ = on; }

  // `links`: StaticXY (cell and unit forcing only), Dynamic or DynamicPlus.
  [[gnu::noinline]] void find(const Position<W>& p, Links links, int limit, Findings& out) {
    const bool dynamic = links != Links::StaticXY;
    technique_ = links == Links::StaticXY  ? HumanTechnique::CellForcingChain
                 : links == Links::Dynamic ? HumanTechnique::DynamicForcingChain
                                           : HumanTechnique::DynamicForcingChainPlus;
    base_ = base_rating(technique_);
    links_ = links;
    if (base_ > limit) return;
    best_ = limit;
    results_.clear();
    groups_.clear();
    if (dynamic) {
      follow_dynamic(p, links);
    } else {
      follow_static(p);
    }
    // Results every branch of a cell, a unit or a double shares. (Dynamic groups
    // name their branches and targets by the sweep's nodes, static ones by slots.)
    const auto name = [&](Cell c, int d, bool on) { return dynamic ? sweep_.node(c, d, on) : slot(c, d, on); };
    p.open.for_each([&](int c) {
      const Mask cand = p.cand[static_cast<std::size_t>(c)];
      const int count = std::popcount(cand);
      if (count >= (dynamic ? 2 : 3)) {
        branches_.clear();
        for (Mask ds = cand; ds != 0; ds &= ds - 1) branches_.push_back(name(c, std::countr_zero(ds), true));
        group(p, dynamic ? technique_ : HumanTechnique::CellForcingChain);
      }
      if (dynamic && count >= 3) {
        for (Mask ds = cand; ds != 0; ds &= ds - 1) {
          const int d = std::countr_zero(ds);
          branches_.assign({name(c, d, true), name(c, d, false)});
          group(p, technique_);
        }
      }
    });
    for (int u = 0; u < t_.unit_count; ++u) {
      for (int d = 0; d < t_.n; ++d) {
        const Mask places = p.places(u, d);
        if (std::popcount(places) < (dynamic || !after_alternating_chains_ ? 2 : 3)) continue;
        branches_.clear();
        for (Mask at = places; at != 0; at &= at - 1) branches_.push_back(name(t_.cell_of(u, std::countr_zero(at)), d, true));
        group(p, dynamic ? technique_ : HumanTechnique::UnitForcingChain);
      }
    }
    if (dynamic) {
      rate_dynamic_groups();
    } else {
      rate_static_groups();
    }
    report(p, links, out);
  }

 private:
  struct Result {
    int target;  // the slot concluded: on places it, off removes it
    HumanTechnique technique;
    int rating;
    std::vector<int> branches;  // the assumptions' slots
    bool contradiction = false;  // the one branch contradicts itself
  };
  struct Group {
    HumanTechnique technique;
    std::uint32_t branches_begin;  // in group_branches_
    std::uint32_t branches_end;
    std::uint32_t targets_begin;  // in group_targets_ / totals_
    std::uint32_t targets_end;
  };

  int slot(Cell c, int d, bool on) const { return ((c * t_.n + d) << 1) | (on ? 1 : 0); }
  Node node_of(int s) const { return context_.engine.node_of(s); }

  // Whether concluding slot `q` changes the position.
  bool worth(const Position<W>& p, int q) const {
    const Node node = node_of(q);
    if (!p.has(node.cell, node.digit)) return false;
    return !node.on || p.count(node.cell) > 1;
  }

  // Static: the position's graph, which knows what every assumption implies.
  void follow_static(const Position<W>& p) { graph_ = &context_.graph(p, true); }

  // Dynamic: every assumption followed once, without parents; what each reaches (and
  // how deep) kept for the groups, contradictions offered in the order of their
  // candidates once all are followed. Each run stops at the depth that a result
  // rating within the best contradiction found so far could need: a contradiction is
  // at least as long as the depth it shows at, and a group's branches together are
  // longer than each. (Which runs go how deep therefore depends on the order they
  // are followed in, but no result that rates as low as the best is missed.) The
  // sweep stops a depth short of that (sweep_depth_within). The false assumptions,
  // the only ones that can contradict, are followed first: the runs that serve the
  // groups only then go no deeper than the best contradiction allows.
  void follow_dynamic(const Position<W>& p, Links links) {
    // Plus runs take up the Dynamic rung's runs of the same position, where the sweep
    // still holds them (the Dynamic rung comes just before, in the same round).
    const bool swept = reuse_sweep_ && links == Links::DynamicPlus && swept_run_ == sweep_.runs() &&
                       swept_position_ == context_.position_id();
    if (!swept) sweep_.load(p);
    source_of_.assign(static_cast<std::size_t>(sweep_.nodes()), -1);
    sources_.clear();
    group_only_.clear();
    p.open.for_each([&](int c) {
      const int count = p.count(c);
      for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        const bool truth = context_.is_true(c, d);
        for (const bool on : {true, false}) {
          // Off assumptions matter for contradictions (true candidates) and doubles.
          if (!on && !truth && count < 3) continue;
          (on != truth ? sources_ : group_only_).push_back(sweep_.node(c, d, on));  // (false ones first)
        }
      }
    });
    sources_.insert(sources_.end(), group_only_.begin(), group_only_.end());
    for (std::size_t i = 0; i < sources_.size(); ++i) source_of_[static_cast<std::size_t>(sources_[i])] = static_cast<int>(i);
    contradictions_.clear();
    int bound = best_;
    const auto contradiction = [&](int i, int length) {
      const int v = sources_[static_cast<std::size_t>(i)];
      // (Only a false assumption can contradict: every link is sound.)
      if (((v & 1) != 0) == context_.is_true(sweep_.cell_of(v), sweep_.digit_of(v))) return;
      contradictions_.push_back({i, length});
      bound = std::min(bound, base_ + length_bonus(length));
    };
    if (links == Links::Dynamic) {
      sweep_.run(sources_, true, Sweep<W, Words>::Keep::Reach, [&] { return sweep_depth_within(base_, bound); }, contradiction);
      swept_run_ = sweep_.runs();
      swept_position_ = context_.position_id();
    } else {
      follow_node_by_node(p, links, bound, contradiction, swept);
    }
    // (In the order of the candidates: the false assumptions, one per candidate, lead
    // the sources in that order.)
    std::sort(contradictions_.begin(), contradictions_.end());
    for (const auto& [i, length] : contradictions_) {
      const int start = sweep_.slot_of(sources_[static_cast<std::size_t>(i)]);
      offer(Result{start ^ 1, technique_, base_ + length_bonus(length), {start}, true});
    }
  }

  // Dynamic plus: one assumption after another, node by node (Implications), with
  // the reach and depths kept in the sweep's numbering. With `swept` (the sweep holds
  // the Dynamic runs of the same sources in this position) a run is read from the
  // sweep where nothing a result within the bound can use lies past the sweep's run
  // (no pattern where it ran dry, a pattern only at the bound, or cut at the bound),
  // taken up where its Dynamic run ran dry (plus_from_sweep), and followed from its
  // start only where the sweep's bound stopped that short.
  template <typename Contradiction>
  void follow_node_by_node(const Position<W>& p, Links links, const int& bound, Contradiction&& contradiction, bool swept) {
    Implications<W>& engine = context_.engine;
    const auto words = static_cast<std::size_t>(sweep_.row_words());
    const auto nodes = static_cast<std::size_t>(sweep_.nodes());
    plus_reach_.resize(sources_.size() * words);  // (a row cleared before it is written)
    plus_depths_.resize(sources_.size() * nodes);  // read only where reached
    as_swept_.assign(sources_.size(), 0);
    if (swept) filter_.find(p, sweep_, sources_.size());
    for (std::size_t i = 0; i < sources_.size(); ++i) {
      const int longest = longest_within(base_, bound);
      const bool patterns = swept && filter_.applies(i);
      if (swept && plus_read_from_sweep(sweep_, static_cast<int>(i), longest, patterns)) {
        as_swept_[i] = 1;  // (read from the sweep: reach_of, depth_of)
        const int length = swept_contradiction(sweep_, static_cast<int>(i), longest);
        if (length >= 0) contradiction(static_cast<int>(i), length);
        continue;
      }
      std::uint64_t* row = plus_reach_.data() + i * words;
      std::fill_n(row, words, 0);
      std::uint8_t* depths = plus_depths_.data() + i * nodes;
      const auto reached = [&](int v, int depth) {
        row[static_cast<std::size_t>(v >> 6)] |= std::uint64_t{1} << (v & 63);
        depths[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(std::min(depth, 0xFE));
      };
      int length = swept ? plus_from_sweep(sweep_, static_cast<int>(i), p, engine, longest, patterns, reached) : -2;
      if (length == -2) {
        const int start = sweep_.slot_of(sources_[i]);
        const bool contradicts = engine.run(p, start, links, -1, longest, true) >= 0;
        reached_in_sweep(sweep_, engine, reached);
        length = contradicts ? engine.contradiction_length() : -1;
      }
      if (length >= 0) contradiction(static_cast<int>(i), length);
    }
  }

  // Run i's reach and depths: the sweep's (Dynamic, or a plus run read from the
  // sweep: see follow_node_by_node), or those kept from the plus run.
  bool in_sweep(int i, Links links) const { return links == Links::Dynamic || as_swept_[static_cast<std::size_t>(i)] != 0; }
  const std::uint64_t* reach_of(int i, Links links) const {
    return in_sweep(i, links) ? sweep_.reach(i) : plus_reach_.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(sweep_.row_words());
  }
  int depth_of(int i, int v, Links links) const {
    if (!in_sweep(i, links)) return plus_depths_[static_cast<std::size_t>(i) * static_cast<std::size_t>(sweep_.nodes()) + static_cast<std::size_t>(v)];
    return std::min(sweep_.depth(i, v), 0xFE);
  }

  // Records a group of branches_ and the results they all reach.
  void group(const Position<W>& p, HumanTechnique technique) {
    const bool dynamic = technique != HumanTechnique::CellForcingChain && technique != HumanTechnique::UnitForcingChain;
    const std::size_t group_targets = group_targets_.size();
    if (dynamic) {
      // What every branch reaches (nothing, in most groups: stop there), the branches aside.
      const auto words = static_cast<std::size_t>(sweep_.row_words());
      common_.resize(words);
      std::uint64_t* common = common_.data();
      // (The first two branches looked at before anything is written.)
      const int first = source_of_[static_cast<std::size_t>(branches_[0])];
      const int second = source_of_[static_cast<std::size_t>(branches_[1])];
      if (first < 0 || second < 0) return;
      const std::uint64_t* one = reach_of(first, links_);
      const std::uint64_t* two = reach_of(second, links_);
      std::uint64_t shared = 0;
      for (std::size_t w = 0; w < words; ++w) shared |= one[w] & two[w];
      if (shared == 0) return;
      for (std::size_t w = 0; w < words; ++w) common[w] = one[w] & two[w];
      for (std::size_t k = 2; k < branches_.size(); ++k) {
        const int i = source_of_[static_cast<std::size_t>(branches_[k])];
        if (i < 0) return;
        const std::uint64_t* set = reach_of(i, links_);
        std::uint64_t any = 0;
        for (std::size_t w = 0; w < words; ++w) any |= common[w] &= set[w];
        if (any == 0) return;
      }
      for (const int b : branches_) common[static_cast<std::size_t>(b >> 6)] &= ~(std::uint64_t{1} << (b & 63));
      for (std::size_t w = 0; w < words; ++w) {
        for (std::uint64_t bits = common[w]; bits != 0; bits &= bits - 1) {
          const int v = 64 * static_cast<int>(w) + std::countr_zero(bits);
          // Worth concluding: any "off"; an "on" where the cell has another candidate.
          if ((v & 1) == 0 || p.count(sweep_.cell_of(v)) > 1) group_targets_.push_back(v);
        }
      }
    } else {
      // The graph's reach sets are by literal (its candidates only).
      StaticGraph<W>& g = *graph_;
      common_.resize(static_cast<std::size_t>(g.words()));
      g.all_alive(common_.data());
      for (const int b : branches_) {
        const Node start = node_of(b);
        if (!g.keep_reach(g.literal(start.cell, start.digit, true), common_.data())) return;
      }
      for (const int b : branches_) {
        const Node start = node_of(b);
        const int literal = g.literal(start.cell, start.digit, true);
        common_[static_cast<std::size_t>(literal >> 6)] &= ~(std::uint64_t{1} << (literal & 63));
      }
      for (int w = 0; w < g.words(); ++w) {
        for (std::uint64_t bits = common_[static_cast<std::size_t>(w)]; bits != 0; bits &= bits - 1) {
          const int literal = 64 * w + std::countr_zero(bits);
          const Candidate q = g.candidate(literal);
          const int target = slot(q.cell, q.digit, (literal & 1) != 0);
          if (worth(p, target)) group_targets_.push_back(target);
        }
      }
    }
    if (group_targets_.size() == group_targets) return;
    Group g{technique, static_cast<std::uint32_t>(group_branches_.size()), 0, static_cast<std::uint32_t>(group_targets),
            static_cast<std::uint32_t>(group_targets_.size())};
    group_branches_.insert(group_branches_.end(), branches_.begin(), branches_.end());
    g.branches_end = static_cast<std::uint32_t>(group_branches_.size());
    groups_.push_back(g);
  }

  // Static: each branch's chain to a result is as long as the result's depth; the
  // depths from every branch to every result searched at once.
  void rate_static_groups() {
    StaticGraph<W>& g = *graph_;
    totals_.assign(group_targets_.size(), 0);
    uses_.clear();
    for (std::uint32_t i = 0; i < groups_.size(); ++i) {
      for (std::uint32_t b = groups_[i].branches_begin; b < groups_[i].branches_end; ++b) uses_.push_back({group_branches_[b], i});
    }
    std::sort(uses_.begin(), uses_.end());
    const int longest = longest_within(base_, best_);  // >= 0: find() asks only when base_ <= best_
    const auto literal = [&](int s) {
      const Node node = node_of(s);
      return g.literal(node.cell, node.digit, node.on);
    };
    branch_literals_.clear();
    for (std::size_t i = 0; i < uses_.size(); ++i) {
      if (i == 0 || uses_[i].first != uses_[i - 1].first) branch_literals_.push_back(literal(uses_[i].first));
    }
    target_literals_.clear();
    for (const int target : group_targets_) target_literals_.push_back(literal(target));
    g.distances(branch_literals_, target_literals_, longest + 1);
    for (std::size_t i = 0, source = 0; i < uses_.size(); ++source) {
      const int branch = uses_[i].first;
      for (; i < uses_.size() && uses_[i].first == branch; ++i) {
        const Group& group = groups_[uses_[i].second];
        for (std::uint32_t t = group.targets_begin; t < group.targets_end; ++t) {
          if (totals_[t] < 0) continue;
          const int links = g.distance_to(static_cast<int>(source), target_literals_[t]);
          totals_[t] = links < 0 ? -1 : totals_[t] + links + 1;
          if (totals_[t] - 2 > longest) totals_[t] = -1;
        }
      }
    }
    offer_groups();
  }

  void offer_groups() {
    for (const Group& group : groups_) {
      for (std::uint32_t t = group.targets_begin; t < group.targets_end; ++t) {
        if (totals_[t] < 0) continue;
        const int rating = base_ + length_bonus(totals_[t] - 2);
        if (rating > best_) continue;  // (offer() would drop it: its branches are not copied)
        offer(Result{group_targets_[t], group.technique, rating,
                     {group_branches_.begin() + group.branches_begin, group_branches_.begin() + group.branches_end}, false});
      }
    }
    groups_.clear();
    group_branches_.clear();
    group_targets_.clear();
  }

  // Dynamic: each result's branches as deep as the result lies in each (kept from
  // the first pass).
  void rate_dynamic_groups() {
    totals_.assign(group_targets_.size(), 0);
    for (const Group& g : groups_) {
      for (std::uint32_t t = g.targets_begin; t < g.targets_end; ++t) {
        int total = 0;
        for (std::uint32_t b = g.branches_begin; b < g.branches_end; ++b) {
          total += depth_of(source_of_[static_cast<std::size_t>(group_branches_[b])], group_targets_[t], links_) + 1;
        }
        totals_[t] = total;
      }
    }
    // Named by slots from here on.
    for (int& b : group_branches_) b = sweep_.slot_of(b);
    for (int& q : group_targets_) q = sweep_.slot_of(q);
    offer_groups();
  }

  void offer(Result&& result) {
    if (result.rating > best_) return;
    if (result.rating < best_) {
      best_ = result.rating;
      results_.clear();
    }
    for (const Result& kept : results_) {
      if (kept.target == result.target) return;  // one derivation per result
    }
    results_.push_back(std::move(result));
  }

  void report(const Position<W>& p, Links links, Findings& out) {
    Implications<W>& engine = context_.engine;
    for (const Result& r : results_) {
      const Node target = node_of(r.target);
      out.start(r.technique, r.rating, Mask{1} << target.digit);
      out.cell(target.cell);
      if (target.on) {
        out.placement(target.cell, target.digit);
      } else {
        out.removal(target.cell, target.digit);
      }
      if (!context_.record) {
        out.finish();
        continue;
      }
      if (r.contradiction) {
        const int found = engine.run(p, r.branches.front(), links);
        for (const int end : {found, found ^ 1}) {
          chain_.clear();
          engine.chain(end, chain_);
          out.branch(chain_);
        }
      } else {
        for (const int b : r.branches) {
          engine.run(p, b, links, r.target);
          chain_.clear();
          engine.chain(r.target, chain_);
          out.branch(chain_);
        }
      }
      out.finish();
    }
  }

  ChainContext<W>& context_;
  const Tables<W>& t_;
  bool reuse_sweep_ = true;
  bool after_alternating_chains_ = false;
  std::uint64_t swept_run_ = 0;  // the sweep's run of the Dynamic rung (Sweep::runs())
  std::uint64_t swept_position_ = ~std::uint64_t{0};  // ... and its position
  HumanTechnique technique_ = HumanTechnique::CellForcingChain;
  StaticGraph<W>* graph_ = nullptr;
  int base_ = 0;
  int best_ = INT_MAX;
  Sweep<W, Words>& sweep_;
  PlusFilter<W, Words> filter_;  // dynamic plus: by source, whether a pattern applies where its run ran dry
  Links links_ = Links::Dynamic;
  std::vector<Result> results_;
  // Dynamic: the assumptions followed (nodes, in order), and by node which one it is.
  std::vector<int> sources_;
  std::vector<int> group_only_;  // ... the true ones, gathered to follow the false ones
  std::vector<int> source_of_;
  std::vector<std::pair<int, int>> contradictions_;  // (assumption, length)
  std::vector<std::uint64_t> plus_reach_;  // dynamic plus: reach by assumption
  std::vector<std::uint8_t> plus_depths_;  // ... and depths by assumption and node
  std::vector<std::uint8_t> as_swept_;     // ... or, by assumption, 1 where they are the sweep's
  std::vector<std::uint64_t> common_;
  std::vector<int> branches_;
  std::vector<Group> groups_;
  std::vector<int> group_branches_;
  std::vector<int> group_targets_;
  std::vector<int> totals_;
  std::vector<std::pair<int, std::uint32_t>> uses_;
  std::vector<int> branch_literals_;  // static groups: their branches' literals in the graph, in uses_' order
  std::vector<int> target_literals_;  // ... and by target
  std::vector<Node> chain_;
};

}  // namespace sudoforge::grader::ladder
