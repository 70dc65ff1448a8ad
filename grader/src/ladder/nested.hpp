#pragma once
// Nested forcing chains, for what no chain of one level settles (the puzzles that
// need trial and error to depth 2, and a few that dynamic chains with pairs inside
// cannot finish); asked only where no other technique applies, as in Sudoku
// Explainer. An assumption is followed with every single it makes (and, when those
// run dry, locked candidates, pairs and X-wings); whenever that runs dry too, every
// candidate of the assumption's position that a chain inside refutes is taken out,
// and the singles go on; when that ends in a contradiction, the assumption is false.
//
// Found in two passes. First the engine's fast boards, through the context's
// NestedRefuter, find every assumption that such a chain refutes, with dynamic
// chains inside (singles only; then, if none, with pairs too). Then each of those is
// followed again node by node (Implications, Links::Nested) and rated as Explainer
// rates a nested chain: a level by what the chains inside are, plus the bonus of the
// complexity: the nodes the contradiction rests on outside and, once each, every node
// of every chain inside it rests on. The levels:
//   9.5  static chains inside (a chain from an assumption to its own negation),
//  10.0  static cell and unit forcing chains inside,
//  10.5  dynamic forcing chains inside (with pairs too: still 10.5).
// Each assumption takes its least rating over the levels; the step applies every
// assumption of the least rating of all. (With singles inside, the first pass finds
// one assumption it refutes, and is asked about each other one only where a replay
// would rate it the least so far: it refutes nearly all, and rating only those is
// what it is for.)

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "chains.hpp"
#include "context.hpp"

namespace sudoforge::grader::ladder {

template <int W>
class NestedChains final : public InnerChains<W> {
 public:
  explicit NestedChains(ChainContext<W>& context)
      : context_(context), t_(context.tables), outer_(context.tables), inner_(context.tables), graph_(context.tables), check_graph_(context.tables) {
    outer_.set_inner(this);
  }

  [[gnu::noinline]] void find(const Position<W>& p, int limit, Findings& out) {
    // (As in Explainer: only where no other technique applies.)
    if (limit != INT_MAX) return;
    if (context_.refuter == nullptr) return;
    outer_position_ = &p;
    // (What chains inside find in a position is kept for the puzzle's later steps
    // too, within a bound on memory.)
    if (kept_puzzle_ != context_.puzzle_id() || kept_.size() > kMostKept) kept_.clear();
    kept_puzzle_ = context_.puzzle_id();
    context_.refuter->load(std::span<const std::uint16_t>(p.cand.data(), static_cast<std::size_t>(t_.cells)),
                           std::span<const std::uint8_t>(p.value.data(), static_cast<std::size_t>(t_.cells)));
    for (const bool plus : {false, true}) {
      dynamic_links_ = plus ? Links::DynamicPlus : Links::Dynamic;
      candidates_.clear();
      first_pass_.clear();
      // With singles inside, nearly every false candidate is refuted (6,402 of
      // 6,525 on mined finds rated 10.0 and up), so the first pass only finds one,
      // and is asked about the others where its answer counts (refuted_first()).
      const bool ask_later = !plus && !plain_;
      bool any = false;
      p.open.for_each([&](int c) {
        for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
          const int d = std::countr_zero(ds);
          if (context_.is_true(c, d)) continue;  // only a false candidate can be refuted
          int measure = kNotAsked;
          if (!ask_later || !any) {
            measure = first_pass(c, d);
            if (measure == kNotRefuted) continue;
            any = true;
          }
          candidates_.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)});
          first_pass_.push_back(measure);
        }
      });
      if (candidates_.empty()) continue;
      rate(p);
      int least = *std::min_element(rated_.begin(), rated_.end());
      // (A replay always ends in a contradiction, as it follows all the first pass
      // did and more; should one not, the first pass's measure stands. That can be
      // the least only where no replay rated below the least measure the first pass
      // gives. Asked of every candidate no replay took to a contradiction, mostly
      // where the level that would have was above the least, it took a sixth of the
      // grading of mined finds rated 10.0 and up.)
      if (least >= first_pass_floor()) {
        for (std::size_t i = 0; i < candidates_.size(); ++i) {
          if (rated_[i] == INT_MAX && !stopped_[i] && refuted_first(i)) {
            rated_[i] = first_pass_[i];
            rated_inside_[i] = kByFirstPass;
          }
          least = std::min(least, rated_[i]);
        }
      }
      for (std::size_t i = 0; i < candidates_.size(); ++i) {
        if (rated_[i] != least) continue;
        const Candidate& x = candidates_[i];
        out.start(HumanTechnique::NestedForcingChain, least, Mask{1} << x.digit);
        out.cell(x.cell);
        out.removal(x.cell, x.digit);
        if (context_.record) spell(p, i, out);
        out.finish();
      }
      return;
    }
  }

  // The plain way: every chain inside measured where it is found, every replay
  // followed to its end, nothing kept from one replay for another (for tests: the
  // ratings must be the same either way).
  void plain(bool on) { plain_ = on; }
  // Every list of findings inside taken from kept_ compared with what the position
  // gives read afresh (for tests): how many were compared, and how many differed.
  void check_kept(bool on) { check_kept_ = on; }
  struct KeptChecks {
    int checked = 0;
    int differed = 0;
    int from_updates = 0;  // lists read from a graph update() made (the others, from one built)
  };
  KeptChecks kept_checks() const { return kept_checks_; }

  // InnerChains: the candidates of `now` that a chain inside refutes (of the kind
  // inside_ says). Measured later, where the outer chain's contradiction rests on
  // them, unless inside are dynamic chains with pairs (whose patterns may rest on
  // what the outer run took out without naming it: each is measured at once and
  // kept only if it names something it rests on). Deferring leaves the chain
  // outside as it was: a chain inside that named nothing would stand in the position
  // rated, where a forcing chain of one level would then have applied, and nested
  // chains are asked only where nothing else applies (tested: LadderMemo.NestedChainsRateAsThePlainWayDoes).
  void find(const Position<W>& now, const Position<W>& source, std::vector<InnerFinding>& found,
            std::vector<Candidate>& parents) override {
    switch (inside_) {
      case Inside::Static:
      case Inside::Multiple: find_in_graph(now, inside_, found); break;
      case Inside::Dynamic: find_dynamic(now, found); break;
    }
    if (!plain_ && !(inside_ == Inside::Dynamic && dynamic_links_ == Links::DynamicPlus)) return;
    std::size_t kept = 0;
    for (InnerFinding f : found) {
      f.parents_begin = static_cast<std::uint32_t>(parents.size());
      f.complexity = measure(now, source, f, parents);
      f.parents_end = static_cast<std::uint32_t>(parents.size());
      if (f.complexity < 0) {
        parents.resize(f.parents_begin);
        continue;
      }
      found[kept++] = f;
    }
    found.resize(kept);
  }

  // InnerChains: a finding's complexity, and what it rests on that the outer run
  // took out.
  int measure(const Position<W>& now, const Position<W>& source, const InnerFinding& f,
              std::vector<Candidate>& parents) override {
    const Cell c = f.removed.cell;
    const int d = f.removed.digit;
    switch (inside_) {
      case Inside::Static: {
        // (A chain from the assumption to its own negation.)
        const int off = inner_.slot(c, d, false);
        if (inner_.run(now, inner_.slot(c, d, true), Links::StaticXY, off) != off) return -1;
        return rests_on(now, source, inner_.ancestors(off), parents);
      }
      case Inside::Multiple: {
        // (Every branch of its group to it.)
        group_branches(now, f.group, branches_);
        const int target = inner_.slot(c, d, false);
        int complexity = 0;
        for (const Candidate& b : branches_) {
          inner_.run(now, inner_.slot(b.cell, b.digit, true), Links::StaticXY, target);
          complexity += rests_on(now, source, inner_.ancestors(target), parents);
        }
        return complexity;
      }
      case Inside::Dynamic: {
        const int clash = inner_.run(now, inner_.slot(c, d, true), dynamic_links_);
        if (clash < 0) return -1;
        return rests_on(now, source, inner_.complexity(clash), parents);
      }
    }
    return -1;
  }

 private:
  enum class Inside : std::uint8_t { Static, Multiple, Dynamic };

  // Each candidate's rating (rated_; INT_MAX where no replay contradicts): the least
  // over the three levels. (Explainer tries its levels in turn, each only where the
  // one before found nothing; the least over them followed its ratings more closely
  // on the puzzles measured: see the README.) A level above the least rating found
  // so far is not tried: none of its chains could rate as low. Nor is a replay with
  // static or dynamic chains inside followed further once what it would rate must
  // exceed the least so far: a contradiction after k rounds of chains inside rests
  // on a finding of each round (one that named only older parents would have stood,
  // and been found, a round before), each of complexity least_inner() or more, so its
  // complexity is at least 2 + k least_inner() (stopped_). Not with cell and unit
  // forcing chains inside: a branch the outer run took out can make a finding without
  // being named.
  void rate(const Position<W>& p) {
    rated_.assign(candidates_.size(), INT_MAX);
    rated_inside_.assign(candidates_.size(), kByFirstPass);
    stopped_.assign(candidates_.size(), 0);
    int least = INT_MAX;
    for (const auto& [inside, level] : {std::pair{Inside::Static, static_level_},
                                        std::pair{Inside::Multiple, static_level_ + 5},
                                        std::pair{Inside::Dynamic, dynamic_level_}}) {
      if (level > least) break;
      inside_ = inside;
      const bool bounded = !plain_ && inside != Inside::Multiple;
      for (std::size_t i = 0; i < candidates_.size(); ++i) {
        if (first_pass_[i] == kNotRefuted) continue;
        const Candidate& x = candidates_[i];
        outer_.limit_inner_rounds(bounded ? longest_within(level, least) / least_inner() : 1 << 30);
        const int clash = outer_.run(p, outer_.slot(x.cell, x.digit, true), Links::Nested);
        if (clash < 0) {
          stopped_[i] |= static_cast<char>(outer_.stopped_short());
          continue;
        }
        // A rating above the least so far is neither applied nor a bound. Most are
        // (8,210 of 8,885 contradictions on 40 mined finds rated 10.0 and up), and
        // measuring the chains inside they rest on was a sixth of rating those
        // finds: so first a floor that measures nothing, and only a candidate whose
        // floor could rate at or below the least is measured. (Its rated_ only has
        // to stay above the least, and not INT_MAX.)
        if (!plain_) {
          const int floor = level + length_bonus(outer_.complexity_floor(clash, least_inner()) - 2);
          if (floor > least) {
            rated_[i] = std::min(rated_[i], floor);
            continue;
          }
        }
        const int rating = level + length_bonus(outer_.complexity(clash) - 2);
        // Only what the first pass refutes is rated. Asked here, where the rating
        // may be the least: a candidate rated above the least so far never is.
        if (rating <= least && !refuted_first(i)) continue;
        if (rating < rated_[i]) rated_inside_[i] = static_cast<signed char>(inside);
        rated_[i] = std::min(rated_[i], rating);
        least = std::min(least, rated_[i]);
      }
    }
  }

  // Records the chains of candidates_[i]'s replay at the level that rated it (for
  // explain): its contradiction's two branches (by first parents, as every dynamic
  // chain is printed), then every chain inside that the contradiction rests on (all
  // that its complexity counts, in the order the run took their candidates out), each
  // with its branches followed in the position it was found in. Nothing where the
  // first pass's measure rated it (no replay found a contradiction): the words then
  // say what the chain does, without links.
  void spell(const Position<W>& p, std::size_t i, Findings& out) {
    if (rated_inside_[i] == kByFirstPass) return;
    inside_ = static_cast<Inside>(rated_inside_[i]);
    const Candidate& x = candidates_[i];
    outer_.limit_inner_rounds(1 << 30);
    outer_.keep_inside(true);
    const int clash = outer_.run(p, outer_.slot(x.cell, x.digit, true), Links::Nested);
    outer_.keep_inside(false);
    if (clash < 0) return;
    // (complexity() measures the chains inside the contradiction rests on, and lists
    // what each rests on outside; ancestry() then names every node it rests on.)
    outer_.complexity(clash);
    resting_.assign(static_cast<std::size_t>(2 * t_.cells * t_.n), 0);
    for (const int s : outer_.ancestry()) resting_[static_cast<std::size_t>(s)] = 1;
    for (const int end : {clash, clash ^ 1}) {
      chain_.clear();
      outer_.chain(end, chain_);
      out.branch(chain_);
    }
    outer_.for_each_inside([&](int s, const Position<W>& now, const InnerFinding& f) {
      if (resting_[static_cast<std::size_t>(s)] == 0) return;
      out.inside(f.removed.cell, f.removed.digit);
      const int off = inner_.slot(f.removed.cell, f.removed.digit, false);
      const auto branch = [&](int end) {
        chain_.clear();
        inner_.chain(end, chain_);
        out.branch(chain_);
      };
      switch (inside_) {
        case Inside::Static:  // (to its own negation)
          if (inner_.run(now, off ^ 1, Links::StaticXY, off) == off) branch(off);
          break;
        case Inside::Multiple:  // (every branch of its group to it)
          group_branches(now, f.group, branches_);
          for (const Candidate& b : branches_) {
            if (inner_.run(now, inner_.slot(b.cell, b.digit, true), Links::StaticXY, off) == off) branch(off);
          }
          break;
        case Inside::Dynamic: {  // (to a contradiction)
          const int inner_clash = inner_.run(now, off ^ 1, dynamic_links_);
          if (inner_clash < 0) break;
          branch(inner_clash);
          branch(inner_clash ^ 1);
          break;
        }
      }
    });
  }

  // The first pass's measure of candidate (c, d): the level of dynamic chains inside
  // (with pairs too, 0.5 more) plus the bonus of the chain's length; kNotRefuted.
  int first_pass(Cell c, int d) {
    const bool plus = dynamic_links_ == Links::DynamicPlus;
    const int length = context_.refuter->refute(c, d, plus);
    return length < 0 ? kNotRefuted : first_pass_floor() + length_bonus(length);
  }
  // The least measure first_pass() gives (a length bonus is 0 or more).
  int first_pass_floor() const { return dynamic_level_ + (dynamic_links_ == Links::DynamicPlus ? 5 : 0); }
  // Whether the first pass refutes candidates_[i], asked once.
  bool refuted_first(std::size_t i) {
    if (first_pass_[i] == kNotAsked) first_pass_[i] = first_pass(candidates_[i].cell, candidates_[i].digit);
    return first_pass_[i] != kNotRefuted;
  }

  // What chains inside find in a position, kept for the rest of the puzzle: the
  // replays of one assumption with static chains inside, then with cell and unit
  // forcing chains inside, meet the same positions (their first rounds inside alike,
  // and more where static chains inside find nothing), and both kinds are read from
  // the position's implication graph. So the first time a replay with static chains
  // inside meets a position, its graph gives both kinds' findings, and the replays
  // with forcing chains inside take theirs from here. The replays of the puzzle's
  // later nested steps meet many of the same positions again: an assumption's first
  // round inside starts where its singles and patterns run dry, and that is where
  // they ran dry a step before whenever all that the steps between took out had gone
  // in that run too (a sixth of the graphs on mined puzzles rated 10.0 and up). Both
  // kinds depend on the candidates of the cells with two or more alone (key_of()):
  // placed cells have none, and an open cell down to one candidate, which a run has
  // not placed, has no link in a position where singles ran dry (its digit has left
  // its peers), takes no part in a group of branches, and is asked about by neither.
  // The dynamic chains inside (without pairs: with them every candidate is a
  // finding, found for nothing) are kept the same way: what the sweep finds in a
  // position depends on the same candidates alone (the cell down to one candidate
  // makes its single in every run, which takes nothing).
  struct Kept {
    bool has_statics = false;
    bool has_multiples = false;
    bool has_dynamics = false;
    bool statics_updated = false;  // (for check_kept(): read from a graph update() made)
    bool multiples_updated = false;
    std::vector<InnerFinding> statics;    // statics_of_graph(), if has_statics
    std::vector<InnerFinding> multiples;  // multiples_of_graph(), if has_multiples
    std::vector<InnerFinding> dynamics;   // contradictions_of_sweep(), if has_dynamics
  };

  // What chains inside of the kind `inside` (Static or Multiple) find in `now`, read
  // from its implication graph or kept_.
  void find_in_graph(const Position<W>& now, Inside inside, std::vector<InnerFinding>& found) {
    if (plain_) {
      graph_.build(now, true);
      inside == Inside::Static ? statics_of_graph(graph_, now, found) : multiples_of_graph(graph_, now, found);
      return;
    }
    Kept& kept = kept_[key_of(now)];
    // (A position first met by a replay with forcing chains inside is asked for
    // static chains inside only if a later step's replay with those meets it. A
    // replay with static chains inside reads the forcing chains inside too where it
    // first looks inside, which the same assumption's replay with those meets next,
    // but not after: its later positions follow from static chains inside, and few
    // of them are met by a replay with forcing chains inside, which then builds the
    // graph again: 1,247 of 9,200 on forty mined finds rated 10.0 and up.)
    const bool statics = inside == Inside::Static && !kept.has_statics;
    const bool multiples = !kept.has_multiples && (inside != Inside::Static || outer_.inner_rounds() == 1);
    if (statics || multiples) {
      update_graph(now);
      if (statics) {
        statics_of_graph(graph_, now, kept.statics);
        kept.statics_updated = graph_.updated();
      }
      if (multiples) {
        multiples_of_graph(graph_, now, kept.multiples);
        kept.multiples_updated = graph_.updated();
      }
      kept.has_statics = kept.has_statics || statics;
      kept.has_multiples = kept.has_multiples || multiples;
    }
    const std::vector<InnerFinding>& mine = inside == Inside::Static ? kept.statics : kept.multiples;
    if (check_kept_) {
      fresh_.clear();
      check_graph_.build(now, true);  // (apart: graph_ goes on from its position as it would)
      inside == Inside::Static ? statics_of_graph(check_graph_, now, fresh_) : multiples_of_graph(check_graph_, now, fresh_);
      if (inside == Inside::Static ? kept.statics_updated : kept.multiples_updated) ++kept_checks_.from_updates;
      count_check(mine);
    }
    found.insert(found.end(), mine.begin(), mine.end());
  }

  // check_kept(): `kept` against fresh_, field by field (every field a kept list
  // sets: the parents are set after, by find(), for each replay).
  void count_check(const std::vector<InnerFinding>& kept) {
    const auto same = [](const InnerFinding& a, const InnerFinding& b) {
      return a.removed.cell == b.removed.cell && a.removed.digit == b.removed.digit && a.group == b.group &&
             a.complexity == b.complexity;
    };
    ++kept_checks_.checked;
    if (!std::equal(kept.begin(), kept.end(), fresh_.begin(), fresh_.end(), same)) ++kept_checks_.differed;
  }

  // The key of `now` in kept_: the candidates of each cell with two or more (0 for
  // the others), cell by cell.
  const std::string& key_of(const Position<W>& now) {
    const auto cells = static_cast<std::size_t>(t_.cells);
    key_.resize(cells * sizeof(std::uint16_t));
    for (std::size_t c = 0; c < cells; ++c) {
      const std::uint16_t cand = now.cand[c];
      const std::uint16_t kept = (cand & (cand - 1)) != 0 ? cand : std::uint16_t{0};
      std::memcpy(key_.data() + c * sizeof kept, &kept, sizeof kept);
    }
    return key_;
  }

  // graph_ made for `now`, a position inside an assumption of the position rated
  // (outer_position_): updated from the position it was last made for where `now`
  // lies within that one (two rounds inside of one replay, mostly), else from a copy
  // of the rated position's own graph (the context's, made for the rungs before),
  // within which every such position lies; built afresh only where neither serves.
  // Updating costs less than building (the links new since are few beside all the
  // links), and the reads made here (statics_of_graph(), multiples_of_graph()) give
  // what a graph built for `now` gives, though a position inside an assumption is not
  // a rated path's, where update() was proved exact (static_graph.hpp): a cell down
  // to one candidate is left unplaced there. Such a cell's digit has left its peers
  // (the run made it "on"), so in the graph built for `now` its two literals have no
  // link at all, and the reads never ask about them (cells of two candidates or more
  // only; all_alive() lets no literal gone through). In the updated graph their old
  // links lead only from and to literals gone: into its "on" literal from the "off"
  // ones of candidates gone (of its cell, or its digit's places in its units, no
  // longer two), out of it to the "off" ones of those; its "off" literal likewise. A
  // chain from a literal of a cell of two or more that meets a literal gone
  // therefore meets one true in `now` first (an "on" literal gone is entered only
  // from the "off" literal of a cell down to one candidate, which no such chain
  // reaches), and from literals true in `now` it meets only literals true in `now`
  // or the "on" literals of cells down to one candidate, never a literal of a cell of
  // two or more again. So between those literals the reach is the one built afresh.
  // (Checked: LadderMemo.KeptChainsInsideAreWhatTheirPositionsGive compares every
  // list with one from a graph built afresh; most come from updated graphs.)
  void update_graph(const Position<W>& now) {
    if (graph_.update(now)) return;
    graph_ = context_.graph(*outer_position_, true);
    if (!graph_.update(now)) graph_.build(now, true);
  }

  // Static chains in `now` from an assumption to its own negation, read from its
  // graph `g`: which exist (measure() follows one node by node).
  void statics_of_graph(const StaticGraph<W>& g, const Position<W>& now, std::vector<InnerFinding>& found) const {
    for_each_open_candidate(now, [&](Cell c, int d) {
      if (!g.reaches(g.literal(c, d, true), g.literal(c, d, false))) return;
      found.push_back({{static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)}});
    });
  }

  // Dynamic chains in `now` to a contradiction: which assumptions contradict, found
  // by contradictions_of_sweep() or kept_; with pairs inside, which the sweep does
  // not apply, every assumption is a finding until measure() follows it node by node.
  void find_dynamic(const Position<W>& now, std::vector<InnerFinding>& found) {
    if (dynamic_links_ != Links::Dynamic) {
      for_each_open_candidate(now, [&](Cell c, int d) { found.push_back(finding(c, d)); });
      return;
    }
    if (plain_) {
      contradictions_of_sweep(now, found);
      return;
    }
    Kept& kept = kept_[key_of(now)];
    if (!kept.has_dynamics) {
      contradictions_of_sweep(now, kept.dynamics);
      kept.has_dynamics = true;
    }
    if (check_kept_) {
      fresh_.clear();
      contradictions_of_sweep(now, fresh_);
      count_check(kept.dynamics);
    }
    found.insert(found.end(), kept.dynamics.begin(), kept.dynamics.end());
  }

  // The assumptions of `now` that contradict by dynamic chains (singles only), found
  // all at once by the context's sweep (no other rung is at work while this one is),
  // appended to `found` in the order of the sources: cells, then digits.
  void contradictions_of_sweep(const Position<W>& now, std::vector<InnerFinding>& found) {
    Sweep<W>& sweep = context_.sweep;
    sweep.load(now);
    sources_.clear();
    for_each_open_candidate(now, [&](Cell c, int d) { sources_.push_back(sweep.node(c, d, true)); });
    const auto first = static_cast<std::ptrdiff_t>(found.size());
    // (Only which contradict: no depths kept.)
    sweep.run(sources_, true, Sweep<W>::Keep::Contradictions, [] { return 1 << 20; }, [&](int i, int) {
      const int v = sources_[static_cast<std::size_t>(i)];
      found.push_back(finding(sweep.cell_of(v), sweep.digit_of(v)));
    });
    std::sort(found.begin() + first, found.end(), [](const InnerFinding& a, const InnerFinding& b) {
      return a.removed.cell != b.removed.cell ? a.removed.cell < b.removed.cell : a.removed.digit < b.removed.digit;
    });
  }
  static InnerFinding finding(Cell c, int d) { return {{static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)}}; }

  // Every candidate of a cell of `now` with two or more (cells in order, digits in
  // order within a cell).
  template <typename F>
  static void for_each_open_candidate(const Position<W>& now, F&& f) {
    now.open.for_each([&](int c) {
      if (now.count(c) < 2) return;
      for (Mask ds = now.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) f(c, std::countr_zero(ds));
    });
  }

  // Appends what the nodes inner_ last counted (inner_.ancestry()) rest on outside;
  // returns `complexity`.
  int rests_on(const Position<W>& now, const Position<W>& source, int complexity, std::vector<Candidate>& parents) {
    for (const int s : inner_.ancestry()) rule_parents(now, source, s, parents);
    return complexity;
  }

  // The branches of group `group` of multiples_of_graph(): a cell's candidates (group =
  // the cell), or a digit's places in a unit (cells + unit * n + digit).
  void group_branches(const Position<W>& now, int group, std::vector<Candidate>& out) const {
    out.clear();
    if (group < t_.cells) {
      for (Mask ds = now.cand[static_cast<std::size_t>(group)]; ds != 0; ds &= ds - 1) {
        out.push_back({static_cast<std::int16_t>(group), static_cast<std::int8_t>(std::countr_zero(ds))});
      }
      return;
    }
    const int u = (group - t_.cells) / t_.n;
    const int d = (group - t_.cells) % t_.n;
    for (Mask at = now.places(u, d); at != 0; at &= at - 1) {
      out.push_back({static_cast<std::int16_t>(t_.cell_of(u, std::countr_zero(at))), static_cast<std::int8_t>(d)});
    }
  }

  // Static cell and unit forcing chains in `now`, read from its graph `g`: a
  // candidate that every candidate of a cell (of three or more), or every place of a
  // digit in a unit, takes out by static chains (measure() follows each branch to it:
  // its complexity is the nodes of every branch).
  void multiples_of_graph(StaticGraph<W>& g, const Position<W>& now, std::vector<InnerFinding>& found) {
    const auto words = static_cast<std::size_t>(g.words());
    taken_.assign(words, 0);
    common_.resize(words);
    // A group's branches are read straight from the position (group_branches()
    // lists the same, for measure()): each keeps in common_ only what it implies too,
    // and the group stops at the first that leaves nothing; what is left, not taken
    // yet, is the group's.
    const auto branch = [&](Cell c, int d) { return g.keep_reach(g.literal(c, d, true), common_.data()); };
    const auto take_common = [&](int id) {
      for (std::size_t w = 0; w < words; ++w) {
        // ("Off" literals only: even bits.)
        for (std::uint64_t ws = common_[w] & ~taken_[w] & 0x5555555555555555ULL; ws != 0; ws &= ws - 1) {
          const int literal = static_cast<int>(w * 64) + std::countr_zero(ws);
          if (literal >= g.literals()) break;
          const Candidate node = g.candidate(literal);
          if (now.count(node.cell) < 2) continue;
          taken_[w] |= std::uint64_t{1} << (literal & 63);
          found.push_back({node, -1, 0, 0, id});
        }
      }
    };
    const auto start = [&] { g.all_alive(common_.data()); };
    now.open.for_each([&](int c) {
      if (now.count(c) < 3) return;
      start();
      bool any = true;
      for (Mask ds = now.cand[static_cast<std::size_t>(c)]; any && ds != 0; ds &= ds - 1) any = branch(c, std::countr_zero(ds));
      if (any) take_common(c);
    });
    for (int u = 0; u < t_.unit_count; ++u) {
      for (int d = 0; d < t_.n; ++d) {
        const Mask places = now.places(u, d);
        if (std::popcount(places) < 2) continue;
        // (As Explainer does: a unit's chains start from its first place, and only
        // from a cell of three candidates or more, as a cell's do.)
        if (now.count(t_.cell_of(u, std::countr_zero(places))) < 3) continue;
        start();
        bool any = true;
        for (Mask at = places; any && at != 0; at &= at - 1) any = branch(t_.cell_of(u, std::countr_zero(at)), d);
        if (any) take_common(t_.cells + u * t_.n + d);
      }
    }
  }

  // What an "on" node of a chain inside, a single in `now`, rests on outside (as
  // Sudoku Explainer collects a nested chain's parents): the candidates its cell
  // lost on the way outside (a naked single), or its digit's places that the unit
  // it is hidden in lost (a hidden single).
  void rule_parents(const Position<W>& now, const Position<W>& source, int s, std::vector<Candidate>& parents) {
    if ((s & 1) == 0) return;
    const auto ps = inner_.parents(s);
    if (ps.empty()) return;  // the assumption
    const Node node = inner_.node_of(s);
    const Node trigger = inner_.node_of(ps.front());
    const auto cell = static_cast<std::size_t>(node.cell);
    if (trigger.cell == node.cell) {
      for (Mask lost = source.cand[cell] & ~now.cand[cell]; lost != 0; lost &= lost - 1) {
        parents.push_back({node.cell, static_cast<std::int8_t>(std::countr_zero(lost))});
      }
      return;
    }
    const auto& info = t_.cell_units[cell];
    for (int i = 0; i < info.count; ++i) {
      const int u = info.unit[static_cast<std::size_t>(i)];
      if (!t_.unit_set[static_cast<std::size_t>(u)].test(trigger.cell)) continue;
      for (Mask lost = source.places(u, node.digit) & ~now.places(u, node.digit); lost != 0; lost &= lost - 1) {
        parents.push_back({static_cast<std::int16_t>(t_.cell_of(u, std::countr_zero(lost))), node.digit});
      }
    }
  }

  ChainContext<W>& context_;
  const Tables<W>& t_;
  Implications<W> outer_;  // the chain outside, followed node by node to rate it
  Implications<W> inner_;  // the chains inside
  // Tenths: the technique's base rating is the level of static chains inside.
  const int static_level_ = base_rating(HumanTechnique::NestedForcingChain);
  const int dynamic_level_ = static_level_ + 10;
  Inside inside_ = Inside::Dynamic;
  bool plain_ = false;
  bool check_kept_ = false;
  KeptChecks kept_checks_;
  std::vector<InnerFinding> fresh_;  // check_kept()'s
  Links dynamic_links_ = Links::Dynamic;  // the step's: with pairs too (DynamicPlus) where singles refute nothing
  StaticGraph<W> graph_;  // of the position the chains inside start from
  StaticGraph<W> check_graph_;  // check_kept()'s, built afresh
  const Position<W>* outer_position_ = nullptr;
  std::unordered_map<std::string, Kept> kept_;  // by key_of() the position
  std::uint64_t kept_puzzle_ = ~std::uint64_t{0};  // the context's puzzle_id() kept_ is of
  static constexpr std::size_t kMostKept = 1 << 14;  // positions kept_ may hold when a step starts
  std::string key_;
  std::vector<std::uint64_t> common_;
  std::vector<std::uint64_t> taken_;
  std::vector<Candidate> branches_;
  std::vector<Candidate> candidates_;  // what nested chains may refute (first_pass_ says)
  std::vector<int> first_pass_;        // ... and its measure of each (or one of these two)
  std::vector<int> rated_;             // ... and each one's rating
  std::vector<char> stopped_;          // ... and whether a replay of it stopped short
  std::vector<signed char> rated_inside_;  // ... and the Inside of the replay that rated it (or kByFirstPass)
  static constexpr signed char kByFirstPass = -1;
  std::vector<Node> chain_;  // spell()'s
  std::vector<char> resting_;  // ... by slot, 1 where the contradiction rests on it
  static constexpr int kNotAsked = -1;
  static constexpr int kNotRefuted = -2;
  // The least complexity a chain inside of the kind being rated can have: three for
  // any kind; for dynamic chains without pairs, the least a Links::Dynamic run's
  // contradiction can have (Implications::kLeastDynamicComplexity, five).
  int least_inner() const {
    const bool dynamic = inside_ == Inside::Dynamic && dynamic_links_ == Links::Dynamic;
    return dynamic ? Implications<W>::kLeastDynamicComplexity : 3;
  }
  std::vector<int> sources_;  // the sweep's
};

}  // namespace sudoforge::grader::ladder
