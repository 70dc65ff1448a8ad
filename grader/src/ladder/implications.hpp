#pragma once
// What an assumption implies: the engine under every chain of the ladder.
//
// A node is a candidate (cell, digit) that is "on" (the cell holds the digit) or
// "off" (it does not). Links:
//  - on => off: the cell's other candidates (a "Y" link) and the digit's other places
//    among the cell's peers (an "X" link);
//  - off => on: a cell left with one candidate (Y), a unit left with one place for the
//    digit (X).
// Static runs read those links in the position as it is (a cell or unit with exactly
// two, a strong link); dynamic runs also take out every "off" node as they go, so
// cells and units that lose candidates on the way become singles too (a forcing
// chain "with every single it makes"). Dynamic "plus" runs (Links::DynamicPlus) also
// apply locked candidates, pairs and X-wings when the singles run dry; nested runs
// (Links::Nested), when those run dry too, take out what chains inside refute (an
// InnerChains: nested.hpp), each an "off" node whose complexity counts in the chain's.
//
// Each node reached keeps its parents (for a dynamic "on", every candidate the cell
// or unit lost on the way), its depth, and how the run got there, so a chain can be
// printed and rated as Sudoku Explainer rates it: by the number of distinct nodes it
// rests on (ancestors(); a contradiction's complexity(), chains inside included). Runs are breadth first, so a static chain found is a
// shortest one. Buffers are kept between runs; stamps stand in for clearing them.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "findings.hpp"
#include "plus_patterns.hpp"

namespace sudoforge::grader::ladder {

enum class Links : std::uint8_t {
  StaticX,         // one digit, strong links as they stand
  StaticBivalue,   // XY-chains: strong links in bivalue cells only, weak links between cells
  StaticXY,        // cells and units, strong links as they stand
  DynamicX,     // one digit, with the hidden singles it makes (Nishio)
  Dynamic,      // with every single it makes
  DynamicPlus,  // ... and locked candidates, pairs and X-wings when singles run dry
  Nested,       // ... and, when those run dry too, the chains inside (set_inner)
};

// What a nested run finds inside itself when singles and patterns run dry: each
// candidate whose own chain (run in the working position) contradicts, with that
// chain's complexity and the candidates the outer run took out that it rests on
// (`parents[parents_begin, parents_end)` of the list handed over). A finding not
// measured yet (complexity -1) is measured only if the outer chain's contradiction
// rests on it (InnerChains::measure, from a copy of the working position): most are
// not, and measuring is most of a nested chain's cost.
struct InnerFinding {
  Candidate removed;
  int complexity = -1;
  std::uint32_t parents_begin = 0;
  std::uint32_t parents_end = 0;
  int group = -1;  // which chains inside reach it, where the finder needs to know (nested.hpp)
};

template <int W>
class InnerChains {
 public:
  virtual ~InnerChains() = default;
  // The findings in `now`, a run's working position taken from `source`.
  virtual void find(const Position<W>& now, const Position<W>& source, std::vector<InnerFinding>& found,
                    std::vector<Candidate>& parents) = 0;
  // The complexity of finding `f` of find(now, source, ...) not measured then, its
  // parents appended to `parents`; -1 if its chain is not there after all.
  virtual int measure(const Position<W>& now, const Position<W>& source, const InnerFinding& f,
                      std::vector<Candidate>& parents) = 0;
};

// Slots in the order a run adds them, with room for every slot once (a run adds each
// at most once): appending needs no check of the capacity, which keeps add() small
// enough to stay inline.
class SlotList {
 public:
  void make_room(std::size_t slots) { slots_.resize(slots); }
  void push(int slot) { slots_[size_++] = slot; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  int operator[](std::size_t i) const { return slots_[i]; }
  const int* begin() const { return slots_.data(); }
  const int* end() const { return slots_.data() + size_; }

 private:
  std::vector<int> slots_;
  std::size_t size_ = 0;
};

template <int W>
class Implications {
 public:
  explicit Implications(const Tables<W>& t) : t_(t), plus_(t) {
    const auto slots = static_cast<std::size_t>(2 * t.cells * t.n);
    stamp_.assign(slots, 0);
    nested_.assign(slots, 0);
    pending_.assign(slots, 0);
    depth_.assign(slots, 0);
    parent_begin_.assign(slots, 0);
    parent_count_.assign(slots, 0);
    queue_.make_room(slots);
    order_.make_room(slots);
    visit_.assign(slots, 0);
    via_stamp_.assign(slots, 0);
    via_.assign(slots, ChainVia::Link);
    for (Cell c = 0; c < t.cells; ++c) {
      for (int d = 0; d < t.n; ++d) candidate_.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)});
    }
  }

  // Slot of a node: (cell * n + digit) * 2 + on.
  int slot(Cell c, int d, bool on) const { return (c * t_.n + d) * 2 + (on ? 1 : 0); }
  Node node_of(int slot) const {
    const Candidate& c = candidate_[static_cast<std::size_t>(slot >> 1)];
    return {c.cell, c.digit, (slot & 1) != 0};
  }
  static int opposite(int slot) { return slot ^ 1; }

  // Follows `start` in `position`. Without a target, stops at a contradiction
  // (returns the "on" slot of the node found both on and off: of all found at the
  // first depth where one is, the one whose two branches are shortest together);
  // with one, stops when `target` is reached (returns target). Returns -1 when
  // nothing more follows within `max_depth` links. With `quiet`, parents are not kept (chain() and ancestors() then
  // know nothing): for runs that only need what is reached and how deep.
  int run(const Position<W>& position, int start, Links links, int target = -1, int max_depth = 1 << 20,
          bool quiet = false) {
    begin(position, links, target, max_depth, quiet);
    if (add(start, -1, 0)) return result_;
    return go_on();
  }

  // A quiet dynamic run (Dynamic or more) taken up where its singles ran dry, with
  // neither a contradiction nor a node at max_depth on the way: what it reached up
  // to there (the start among them) given by `nodes(mark)`, which calls
  // mark(slot, depth) for each, as a Dynamic run of the same start reaches them
  // (Sweep's runs do). What it then finds is what run(position, start, links, -1,
  // max_depth, true) finds; the same return.
  template <typename Nodes>
  int resume(const Position<W>& position, Links links, int max_depth, Nodes&& nodes) {
    begin(position, links, -1, max_depth, true);
    nodes([&](int slot, int depth) {
      const auto s = static_cast<std::size_t>(slot);
      stamp_[s] = generation_;
      depth_[s] = static_cast<std::uint16_t>(depth);
      parent_begin_[s] = 0;
      parent_count_[s] = 0;
      deepest_ = std::max(deepest_, depth);
      order_.push(slot);
      if ((slot & 1) == 0) {  // taken out as it was followed
        const Node node = node_of(slot);
        work_.template remove<false>(t_, node.cell, node.digit);
        plus_.lost(node.cell, node.digit);
      }
    });
    return go_on();
  }

 private:
  void begin(const Position<W>& position, Links links, int target, int max_depth, bool quiet) {
    quiet_ = quiet;
    contradiction_depth_ = -1;
    contradiction_length_ = 1 << 30;
    source_ = &position;
    links_ = links;
    dynamic_ = links >= Links::DynamicX;
    y_links_ = links != Links::StaticX && links != Links::DynamicX;
    bivalue_only_ = links == Links::StaticBivalue;
    if (dynamic_) {
      work_.copy_candidates(t_, position);
      plus_.start();
    }
    if (++generation_ == 0) {  // wrapped: clear for real once
      std::fill(stamp_.begin(), stamp_.end(), 0);
      std::fill(via_stamp_.begin(), via_stamp_.end(), 0);
      generation_ = 1;
    }
    parents_.clear();
    for (const int s : nested_set_) {
      nested_[static_cast<std::size_t>(s)] = 0;
      pending_[static_cast<std::size_t>(s)] = 0;
    }
    nested_set_.clear();
    pending_list_.clear();
    kept_inside_.clear();
    snapshots_used_ = 0;
    inner_rounds_ = 0;
    stopped_short_ = false;
    queue_.clear();
    head_ = 0;
    order_.clear();
    deepest_ = 0;
    target_ = target;
    max_depth_ = max_depth;
    result_ = -1;
  }

  // The run from its queue as it stands (see run()).
  int go_on() {
    for (;;) {
      if (head_ < queue_.size()) {
        const int next = queue_[head_];
        // A contradiction found: finish the depth it was found at, no deeper.
        if (contradiction_depth_ >= 0 && depth_[static_cast<std::size_t>(next)] + 1 > contradiction_depth_) return result_;
        ++head_;
        if ((next & 1) != 0 ? expand_on(next) : expand_off(next)) return result_;
      } else if (contradiction_depth_ >= 0) {
        return result_;
      } else if (links_ >= Links::DynamicPlus) {
        // A pattern's nodes would lie past max_depth: nothing within it follows. (The
        // forcing chains bound a run by the longest chain they can still use: a
        // contradiction there would be longer, and a node of a group of branches
        // longer still. LadderReference checks them against runs without a bound.)
        if (deepest_ >= max_depth_) return -1;
        const int found = advanced();
        if (found == 0) return -1;
        if (found < 0) return result_;
      } else {
        return -1;
      }
    }
  }

 public:
  // What Links::Nested runs find inside themselves.
  void set_inner(InnerChains<W>* inner) { inner_ = inner; }
  // Nested runs from now on stop (and return -1) rather than look for chains inside
  // a (most + 1)th time; stopped_short() says whether the last run did.
  void limit_inner_rounds(int most) { most_inner_rounds_ = most; }
  bool stopped_short() const { return stopped_short_; }
  // The rounds of chains inside the run under way has looked for so far.
  int inner_rounds() const { return inner_rounds_; }
  // With `on`, the runs from now on keep, for each candidate a chain inside takes out,
  // the position that chain was found in (for explaining a nested chain:
  // for_each_inside()).
  void keep_inside(bool on) { keep_inside_ = on; }
  // In the last run, made with keep_inside(true): f(slot, position, finding) for each
  // candidate a chain inside took out (its "off" slot), in the order the run took them,
  // with the position the chain was found in.
  template <typename F>
  void for_each_inside(F&& f) const {
    for (const auto& [slot, kept] : kept_inside_) f(slot, snapshots_[static_cast<std::size_t>(kept.snapshot)], kept.finding);
  }

  int reached_count() const { return static_cast<int>(order_.size()); }
  // The last run's contradiction, as the nodes between the assumption and the two
  // conflicting nodes (both branches): its depth on plus its depth off.
  int contradiction_length() const { return contradiction_length_; }
  bool reached(int slot) const { return stamp_[static_cast<std::size_t>(slot)] == generation_; }
  int depth(int slot) const { return depth_[static_cast<std::size_t>(slot)]; }

  // Nodes of the last run in the order they were reached ("on" nodes of one depth
  // before the "off" nodes after them), from the `first`th on.
  template <typename F>
  void for_each_reached(F&& f, int first = 0) const {
    for (std::size_t k = static_cast<std::size_t>(first); k < order_.size(); ++k) f(order_[k]);
  }

  // Distinct nodes `slot` rests on, itself included (Sudoku Explainer's measure of a
  // chain's length).
  int ancestors(int slot) {
    ancestry_.clear();
    return ancestors_into(slot);
  }

  // The least complexity() of a contradiction in a Links::Dynamic run (the bound
  // nested chains' replays stop on). In such a run the assumption is the only node
  // without a parent, an "on" node's first parent is an "off" node one depth up and an
  // "off" node's an "on" node: so a node at depth d rests on d + 1 nodes or more, and
  // no "on" node but the assumption lies shallower than depth 2. A contradiction on
  // the assumption's own candidate rests on the assumption (1) and on its "off" node,
  // whose parent is an "on" node other than the assumption (depth 3 or more: 4); one
  // on any other candidate, on its "on" node (depth 2 or more: 3) and its "off" node
  // (2). (With patterns, Links::DynamicPlus, a pattern's "off" nodes have "off"
  // parents.) Tested: LadderImplications.DynamicContradictionsRestOnFiveNodesOrMore.
  static constexpr int kLeastDynamicComplexity = 5;

  // Sudoku Explainer's complexity of the contradiction at `slot` (an "on" slot found
  // off too): the nodes each of the two rests on, plus the complexity of every chain
  // inside (Links::Nested) that either rests on, once each.
  int complexity(int slot) { return count_complexity(slot, -1); }

  // A lower bound of complexity(slot) that measures nothing: counted the same way,
  // but a chain inside not measured yet counts `least_inside` (the least a chain
  // inside of its kind has) and is not followed further (its parents are known only
  // once it is measured), so each side counts a part of the nodes it rests on.
  int complexity_floor(int slot, int least_inside) { return count_complexity(slot, least_inside); }

  // The nodes the last ancestors() or complexity() counted (for complexity(), those
  // of each side: a node on both is listed twice).
  std::span<const int> ancestry() const { return ancestry_; }

  // The chain from the start to `slot` by first parents, start first, each node with
  // how the run reached it (a pattern's or a chain inside's, where not by a link).
  void chain(int slot, std::vector<Node>& out) const {
    const std::size_t begin = out.size();
    for (int s = slot; s >= 0;) {
      out.push_back(node_of(s));
      if (via_stamp_[static_cast<std::size_t>(s)] == generation_) out.back().via = via_[static_cast<std::size_t>(s)];
      const auto ps = parents(s);
      s = ps.empty() ? -1 : ps.front();
    }
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(begin), out.end());
  }

  // (A node of a chain inside not measured yet lists its parents once measured:
  // ancestors() and complexity() measure those they meet.)
  std::span<const int> parents(int slot) const {
    return std::span<const int>(parents_.data() + parent_begin_[static_cast<std::size_t>(slot)],
                                parent_count_[static_cast<std::size_t>(slot)]);
  }

 private:
  const Position<W>& now() const { return dynamic_ ? work_ : *source_; }

  // Adds a node reached from `parent` (and the parents already pushed for it after
  // `first_extra`). True when the run is over (contradiction or target).
  bool add(int slot, int parent, int depth, std::size_t first_extra = 0, std::size_t extra_end = 0) {
    const auto s = static_cast<std::size_t>(slot);
    if (stamp_[s] == generation_) return false;
    stamp_[s] = generation_;
    depth_[s] = static_cast<std::uint16_t>(std::min(depth, 0xFFFF));
    parent_begin_[s] = static_cast<std::uint32_t>(parents_.size());
    if (!quiet_) {
      if (parent >= 0) parents_.push_back(parent);
      for (std::size_t i = first_extra; i < extra_end; ++i) parents_.push_back(extra_[i]);
    }
    parent_count_[s] = static_cast<std::uint16_t>(parents_.size() - parent_begin_[s]);
    deepest_ = std::max(deepest_, depth);
    const bool clash = stamp_[static_cast<std::size_t>(opposite(slot))] == generation_;
    // An "on" one depth below its own "off": the last two (or more) candidates of a
    // cell or unit went at one depth, and the first of them expanded saw the other as
    // the last left. Only a contradiction, not a node reached (what the run reaches
    // does not depend on the order within a depth; see sweep.hpp).
    if (!clash || (slot & 1) == 0 || depth_[static_cast<std::size_t>(opposite(slot))] + 1 != depth) order_.push(slot);
    if (target_ < 0 && clash) {
      // Looking for a target, a contradiction on the way changes nothing: the search
      // goes on (the target's depth is what it would be without it).
      const int length = depth + depth_[static_cast<std::size_t>(opposite(slot))];
      if (contradiction_depth_ < 0) contradiction_depth_ = depth;
      if (length < contradiction_length_) {
        contradiction_length_ = length;
        result_ = slot | 1;
      }
      return false;
    }
    if (slot == target_) {
      result_ = slot;
      return true;
    }
    if (depth < max_depth_) queue_.push(slot);  // one queue, in order: breadth first
    return false;
  }

  bool expand_on(int slot) {
    const Node node = node_of(slot);
    const Position<W>& p = now();
    const int depth = depth_[static_cast<std::size_t>(slot)] + 1;
    if (y_links_ && !bivalue_only_) {
      for (Mask others = p.cand[static_cast<std::size_t>(node.cell)] & ~(Mask{1} << node.digit); others != 0;
           others &= others - 1) {
        if (add(this->slot(node.cell, std::countr_zero(others), false), slot, depth)) return true;
      }
    }
    bool over = false;
    (t_.peers[static_cast<std::size_t>(node.cell)] & p.cells_of(node.digit)).for_each([&](int peer) {
      over = over || add(this->slot(peer, node.digit, false), slot, depth);
    });
    return over;
  }

  bool expand_off(int slot) {
    const Node node = node_of(slot);
    const Position<W>& p = now();
    const Cell c = node.cell;
    const int d = node.digit;
    const int depth = depth_[static_cast<std::size_t>(slot)] + 1;
    if (!p.has(c, d)) return false;  // gone already (dynamic): nothing new follows
    if (y_links_ && p.count(c) == 2) {
      const int other = std::countr_zero(static_cast<Mask>(p.cand[static_cast<std::size_t>(c)]) & ~(Mask{1} << d));
      extra_.clear();
      if (dynamic_ && !quiet_) {  // every candidate the cell lost on the way
        for (Mask lost = source_->cand[static_cast<std::size_t>(c)] & ~p.cand[static_cast<std::size_t>(c)]; lost != 0;
             lost &= lost - 1) {
          extra_.push_back(this->slot(c, std::countr_zero(lost), false));
        }
      }
      if (add(this->slot(c, other, true), slot, depth, 0, extra_.size())) return true;
    }
    const auto& info = t_.cell_units[static_cast<std::size_t>(c)];
    for (int i = 0; i < info.count && !bivalue_only_; ++i) {
      const int u = info.unit[static_cast<std::size_t>(i)];
      const Mask places = p.places(u, d);
      if (std::popcount(places) != 2) continue;
      const Mask rest = places & ~(Mask{1} << info.index[static_cast<std::size_t>(i)]);
      const Cell other = t_.cell_of(u, std::countr_zero(rest));
      extra_.clear();
      if (dynamic_ && !quiet_) {  // every place the unit lost on the way
        for (Mask lost = source_->places(u, d) & ~places; lost != 0; lost &= lost - 1) {
          extra_.push_back(this->slot(t_.cell_of(u, std::countr_zero(lost)), d, false));
        }
      }
      if (add(this->slot(other, d, true), slot, depth, 0, extra_.size())) return true;
    }
    if (dynamic_) {
      work_.template remove<false>(t_, c, d);
      plus_.lost(c, d);
    }
    return false;
  }

  // Dynamic (+): the first kind of pattern (plus_patterns.hpp) that takes something
  // from the working position, resting on something the run took out; its removals
  // become "off" nodes one depth below the deepest, whose parents are the candidates
  // the pattern's cells and units lost on the way. Nested, when no pattern takes
  // anything: what the chains inside refute, the same way, with the parents the inner
  // finder names. 1 if it took something, -1 if that ended the run (result_ is set),
  // 0 if nothing applies.
  int advanced() {
    struct Sink {
      Implications& run;
      int depth;
      void parents(ChainVia via) {
        run.extra_.clear();
        run.via_now_ = via;
      }
      // (A quiet run keeps no parents: the pattern's are not listed.)
      bool keeps_parents() const { return !run.quiet_; }
      void parent(Cell c, int d) { run.extra_.push_back(run.slot(c, d, false)); }
      // (`listed`: its parents are listed now; if not, they are when it is measured.)
      bool take(Cell c, int d, bool listed = true) {
        // (Reached already: it waits in the queue, or lies past max_depth.)
        // (A pattern counts only where it rests on something the run took out.)
        if ((listed && keeps_parents() && run.extra_.empty()) || !run.work_.has(c, d) || run.added_over_ ||
            run.reached(run.slot(c, d, false))) {
          return false;
        }
        const int parent = run.extra_.empty() ? -1 : run.extra_.front();
        const int slot = run.slot(c, d, false);
        run.added_over_ = run.add(slot, parent, depth, 1, run.extra_.size());
        if (!run.quiet_) run.mark_via(slot);
        return true;
      }
    };
    added_over_ = false;
    if (plus_.apply(work_, *source_, Sink{*this, deepest_ + 1})) return added_over_ ? -1 : 1;
    if (links_ != Links::Nested || inner_ == nullptr) return 0;
    if (inner_rounds_ == most_inner_rounds_) {
      stopped_short_ = true;
      return 0;
    }
    ++inner_rounds_;
    // The chains inside, all found in one position, added together.
    inner_found_.clear();
    inner_parents_.clear();
    inner_->find(work_, *source_, inner_found_, inner_parents_);
    Sink sink{*this, deepest_ + 1};
    bool took = false;
    int snapshot = -1;  // of the working position, for the findings not measured yet
    for (const InnerFinding& f : inner_found_) {
      sink.parents(ChainVia::ChainInside);
      for (std::uint32_t i = f.parents_begin; i < f.parents_end; ++i) {
        sink.parent(inner_parents_[i].cell, inner_parents_[i].digit);
      }
      const bool measured = f.complexity >= 0;
      const auto slot = static_cast<std::size_t>(this->slot(f.removed.cell, f.removed.digit, false));
      if (!sink.take(f.removed.cell, f.removed.digit, measured)) continue;
      took = true;
      if (measured) {
        nested_[slot] = f.complexity;
      } else {
        if (snapshot < 0) snapshot = take_snapshot();
        pending_list_.push_back({snapshot, f});
        pending_[slot] = static_cast<std::uint32_t>(pending_list_.size());
      }
      nested_set_.push_back(static_cast<int>(slot));
      if (keep_inside_) {
        if (snapshot < 0) snapshot = take_snapshot();
        kept_inside_.push_back({static_cast<int>(slot), {snapshot, f}});
      }
      if (added_over_) break;
    }
    if (!took) return 0;
    return added_over_ ? -1 : 1;
  }

  // Notes that `slot`, just added, was taken out by the pattern or chain inside that
  // via_now_ names (not in quiet runs: only chain() reads it).
  void mark_via(int slot) {
    const auto s = static_cast<std::size_t>(slot);
    via_stamp_[s] = generation_;
    via_[s] = via_now_;
  }

  // A copy of the working position (only what a run reads), kept until the next run;
  // its index.
  int take_snapshot() {
    if (snapshots_used_ == snapshots_.size()) snapshots_.emplace_back();
    snapshots_[snapshots_used_].copy_candidates(t_, work_);
    return static_cast<int>(snapshots_used_++);
  }

  // Measures the finding inside that `slot` is, if it was taken unmeasured: its
  // complexity and its parents, from the position it was found in.
  void measure_pending(int slot) {
    const auto s = static_cast<std::size_t>(slot);
    if (pending_[s] == 0) return;
    const Pending pending = pending_list_[pending_[s] - 1];
    pending_[s] = 0;
    inner_parents_.clear();
    nested_[s] = std::max(0, inner_->measure(snapshots_[static_cast<std::size_t>(pending.snapshot)], *source_,
                                             pending.finding, inner_parents_));
    parent_begin_[s] = static_cast<std::uint32_t>(parents_.size());
    for (const Candidate& c : inner_parents_) parents_.push_back(this->slot(c.cell, c.digit, false));
    parent_count_[s] = static_cast<std::uint16_t>(parents_.size() - parent_begin_[s]);
  }

  // complexity() (unmeasured < 0: measuring each chain inside met) or
  // complexity_floor() (each one not measured yet counts `unmeasured`).
  int count_complexity(int slot, int unmeasured) {
    const bool measure = unmeasured < 0;
    ancestry_.clear();
    const int flat = ancestors_into(slot, measure);
    const std::size_t on_side = ancestry_.size();
    const int both = flat + ancestors_into(opposite(slot), measure);
    int inside = 0;
    for (std::size_t i = 0; i < ancestry_.size(); ++i) {
      const auto s = static_cast<std::size_t>(ancestry_[i]);
      // (On both sides: counted with the second.)
      if (i >= on_side || visit_[s] != visit_generation_) inside += pending_[s] != 0 ? unmeasured : nested_[s];
    }
    return both + inside;
  }

  // The nodes `slot` rests on, itself included, appended to ancestry_; their count.
  // Without `measure`, a chain inside not measured yet stays so, and what it rests on
  // is not counted.
  int ancestors_into(int slot, bool measure = true) {
    if (++visit_generation_ == 0) {
      std::fill(visit_.begin(), visit_.end(), 0);
      visit_generation_ = 1;
    }
    const std::size_t begin = ancestry_.size();
    ancestry_.push_back(slot);
    visit_[static_cast<std::size_t>(slot)] = visit_generation_;
    for (std::size_t i = begin; i < ancestry_.size(); ++i) {
      if (measure) measure_pending(ancestry_[i]);
      for (const int parent : parents(ancestry_[i])) {
        if (visit_[static_cast<std::size_t>(parent)] == visit_generation_) continue;
        visit_[static_cast<std::size_t>(parent)] = visit_generation_;
        ancestry_.push_back(parent);
      }
    }
    return static_cast<int>(ancestry_.size() - begin);
  }

  bool added_over_ = false;
  int inner_rounds_ = 0;  // of the run under way
  int most_inner_rounds_ = 1 << 30;
  bool stopped_short_ = false;
  std::vector<int> ancestry_;  // the last ancestors_into()'s
  InnerChains<W>* inner_ = nullptr;
  std::vector<InnerFinding> inner_found_;
  std::vector<Candidate> inner_parents_;
  std::vector<int> nested_;  // by slot: the complexity of the chain inside it rests on (Links::Nested)
  std::vector<int> nested_set_;  // the slots of nested_ or pending_ not 0 (cleared when a run starts)
  struct Pending {
    int snapshot;  // the working position it was found in
    InnerFinding finding;
  };
  std::vector<std::uint32_t> pending_;  // by slot: 1 + its index in pending_list_, 0 if none
  std::vector<Pending> pending_list_;   // the findings inside taken unmeasured
  bool keep_inside_ = false;
  std::vector<std::pair<int, Pending>> kept_inside_;  // with keep_inside(): by slot, every finding inside taken
  std::vector<Position<W>> snapshots_;
  std::size_t snapshots_used_ = 0;
  int deepest_ = 0;
  bool quiet_ = false;
  std::vector<Candidate> candidate_;  // by slot / 2: its cell and digit (no division in the hot loop)
  int contradiction_depth_ = -1;
  int contradiction_length_ = 0;

  const Tables<W>& t_;
  const Position<W>* source_ = nullptr;
  Position<W> work_{};
  PlusPatterns<W> plus_;  // dynamic (+): what the working position lost, and the patterns
  Links links_ = Links::StaticXY;
  bool dynamic_ = false;
  bool y_links_ = true;
  bool bivalue_only_ = false;
  int target_ = -1;
  int max_depth_ = 0;
  int result_ = -1;
  std::uint32_t generation_ = 0;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::uint32_t> via_stamp_;  // by slot: generation_ where via_ holds for this run
  std::vector<ChainVia> via_;
  ChainVia via_now_ = ChainVia::Link;  // the pattern's or chain inside's being taken
  std::vector<std::uint16_t> depth_;
  std::vector<std::uint32_t> parent_begin_;
  std::vector<std::uint16_t> parent_count_;
  std::vector<int> parents_;
  std::vector<int> extra_;
  SlotList queue_;
  std::size_t head_ = 0;
  SlotList order_;
  std::vector<std::uint32_t> visit_;
  std::uint32_t visit_generation_ = 0;
};

}  // namespace sudoforge::grader::ladder
