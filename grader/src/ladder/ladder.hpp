#pragma once
// The rated human path: rounds over the ladder of techniques. Each round takes the
// easiest step available: it asks the rungs in order of their base difficulty, each
// for every instance it finds (a chain rung only for those that would rate lower than
// the best found so far), and applies every instance of the lowest rating found,
// by the first rung that found it; then it starts again from the cheapest. The
// puzzle's rating is the hardest step applied. A round sees one position whole, so
// the path, the rating and the counts depend on the puzzle, not on how it is written.
//
// Runs only on puzzles proven unique (the uniqueness patterns rely on it).

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "fish.hpp"
#include "forcing.hpp"
#include "locked.hpp"
#include "memo.hpp"
#include "nested.hpp"
#include "single_digit.hpp"
#include "singles.hpp"
#include "subsets.hpp"
#include "templates.hpp"
#include "sudoforge/grader/grade.hpp"
#include "uniqueness.hpp"
#include "wings.hpp"

namespace sudoforge::grader::ladder {

struct Rated {
  int rating = 0;  // tenths
  HumanTechnique hardest = HumanTechnique::FullHouse;
  std::array<int, kHumanTechniqueCount> counts{};
  // With stop_before_nested(): the path stopped where a nested forcing chain was to
  // be looked for, and the rest is unrated.
  bool stopped_before_nested = false;
};

// Where the first rounds of singles left the path, made elsewhere
// (board_singles.hpp): the grid they reach, its places by unit, and what they rated.
struct Prefix {
  engine::Grid reached;
  UnitPlaces places;
  Rated rated;
};

template <int W>
class Ladder {
 public:
  explicit Ladder(const engine::Geometry& geometry)
      : tables_(geometry),
        context_(tables_),
        static_chains_(context_),
        forcing_(context_),
        wide_forcing_(context_),
        nested_(context_),
        settled_(tables_) {
    using H = HumanTechnique;
    const auto& t = tables_;
    const Scope whole = Scope::Whole;
    const Scope digit = Scope::Digits;
    const Scope unit = Scope::Units;
    const auto in = [](Parts parts) { return static_cast<Mask>(parts); };
    rungs_ = {
        {H::FullHouse, whole, [&t](const P& p, int, Parts, Findings& f) { find_full_houses(t, p, f); }},
        {H::HiddenSingleBox, whole, [&t](const P& p, int, Parts, Findings& f) { find_hidden_singles(t, p, true, f); }},
        {H::HiddenSingleLine, whole, [&t](const P& p, int, Parts, Findings& f) { find_hidden_singles(t, p, false, f); }},
        {H::DirectPointing, digit, [this, &t, in](const P& p, int, Parts ds, Findings& f) { find_locked(t, p, locked(p), true, in(ds), f); }},
        {H::DirectHiddenPair, unit, [&t](const P& p, int, Parts us, Findings& f) { find_hidden_subsets(t, p, 2, true, us, f); }},
        {H::NakedSingle, whole, [&t](const P& p, int, Parts, Findings& f) { find_naked_singles(t, p, f); }},
        {H::DirectHiddenTriple, unit, [&t](const P& p, int, Parts us, Findings& f) { find_hidden_subsets(t, p, 3, true, us, f); }},
        {H::Pointing, digit, [this, &t, in](const P& p, int, Parts ds, Findings& f) { find_locked(t, p, locked(p), false, in(ds), f); }},
        {H::NakedPair, unit, [&t](const P& p, int, Parts us, Findings& f) { find_naked_subsets(t, p, 2, us, f); }},
        {H::XWing, digit, [&t, in](const P& p, int, Parts ds, Findings& f) { find_fish(t, p, 2, false, in(ds), f); }},
        {H::HiddenPair, unit, [&t](const P& p, int, Parts us, Findings& f) { find_hidden_subsets(t, p, 2, false, us, f); }},
        {H::NakedTriple, unit, [&t](const P& p, int, Parts us, Findings& f) { find_naked_subsets(t, p, 3, us, f); }},
        {H::Swordfish, digit, [&t, in](const P& p, int, Parts ds, Findings& f) { find_fish(t, p, 3, false, in(ds), f); }},
        {H::HiddenTriple, unit, [&t](const P& p, int, Parts us, Findings& f) { find_hidden_subsets(t, p, 3, false, us, f); }},
        {H::XYWing, whole, [&t](const P& p, int, Parts, Findings& f) { find_xy_wings(t, p, false, f); }},
        {H::XYZWing, whole, [&t](const P& p, int, Parts, Findings& f) { find_xy_wings(t, p, true, f); }},
        {H::UniqueRectangle, whole, [&t](const P& p, int, Parts, Findings& f) { find_unique_rectangles(t, p, f); }},
        {H::NakedQuad, unit, [&t](const P& p, int, Parts us, Findings& f) { find_naked_subsets(t, p, 4, us, f); }},
        {H::Jellyfish, digit, [&t, in](const P& p, int, Parts ds, Findings& f) { find_fish(t, p, 4, false, in(ds), f); }},
        {H::HiddenQuad, unit, [&t](const P& p, int, Parts us, Findings& f) { find_hidden_subsets(t, p, 4, false, us, f); }},
        {H::BugPlusOne, whole, [&t](const P& p, int, Parts, Findings& f) { find_bug_plus_one(t, p, f); }},
        {H::FinnedXWing, digit, [&t, in](const P& p, int, Parts ds, Findings& f) { find_fish(t, p, 2, true, in(ds), f); }},
        {H::FinnedSwordfish, digit, [&t, in](const P& p, int, Parts ds, Findings& f) { find_fish(t, p, 3, true, in(ds), f); }},
        {H::FinnedJellyfish, digit, [&t, in](const P& p, int, Parts ds, Findings& f) { find_fish(t, p, 4, true, in(ds), f); }},
        {H::Skyscraper, digit,
         [this, &t, in](const P& p, int, Parts ds, Findings& f) {
           find_two_link_patterns(t, p, two_links_, context_.position_id(), H::Skyscraper, in(ds), f);
         }},
        {H::TwoStringKite, digit,
         [this, &t, in](const P& p, int, Parts ds, Findings& f) {
           find_two_link_patterns(t, p, two_links_, context_.position_id(), H::TwoStringKite, in(ds), f);
         }},
        {H::TurbotFish, digit,
         [this, &t, in](const P& p, int, Parts ds, Findings& f) {
           find_two_link_patterns(t, p, two_links_, context_.position_id(), H::TurbotFish, in(ds), f);
         }},
        {H::SimpleColouring, digit, [&t, in](const P& p, int, Parts ds, Findings& f) { find_simple_colouring(t, p, in(ds), f); }},
        {H::XChain, digit, [this, in](const P& p, int limit, Parts ds, Findings& f) { static_chains_.find_x(p, limit, in(ds), f); }},
        {H::WWing, whole, [&t](const P& p, int, Parts, Findings& f) { find_w_wings(t, p, f); }},
        {H::XYChain, whole, [this](const P& p, int limit, Parts, Findings& f) { static_chains_.find_xy(p, limit, f); }},
        {H::NishioChain, digit,
         [this, in](const P& p, int limit, Parts ds, Findings& f) { static_chains_.find_nishio(p, limit, in(ds), f); }},
        {H::CellForcingChain, whole,
         [this](const P& p, int limit, Parts, Findings& f) { forcing(p, Links::StaticXY, limit, f); }},
        {H::DynamicForcingChain, whole,
         [this](const P& p, int limit, Parts, Findings& f) { forcing(p, Links::Dynamic, limit, f); }},
        {H::DynamicForcingChainPlus, whole,
         [this](const P& p, int limit, Parts, Findings& f) { forcing(p, Links::DynamicPlus, limit, f); }},
        {H::NestedForcingChain, whole, [this](const P& p, int limit, Parts, Findings& f) { nested_.find(p, limit, f); }},
    };
    for (Rung& rung : rungs_) {
      rung.base = base_rating(rung.technique);
      // From swordfish on, templates cost less a digit than the rung's own search.
      rung.settles = rung.scope == Scope::Digits && rung.base >= base_rating(H::Swordfish);
    }
    std::stable_sort(rungs_.begin(), rungs_.end(), [](const Rung& a, const Rung& b) { return a.base < b.base; });
    // The forcing chains' rung comes after the alternating chains' (a unit forcing
    // chain's base 8.0 after 7.0), each asked below the best of the round so far
    // (rate()): only while that holds may it skip units of two places (forcing.hpp).
    two_place_units(base_rating(H::AlternatingChain) >= base_rating(H::UnitForcingChain));
    memos_.resize(rungs_.size());
  }
  Ladder(const Ladder&) = delete;
  Ladder& operator=(const Ladder&) = delete;

  // What nested forcing chains use for their trial and error (the grader's core).
  void set_refuter(NestedRefuter* refuter) { context_.refuter = refuter; }
  // Without memos every rung looks at every part in every round (for tests: the
  // memos must change nothing).
  void use_memos(bool on) { memos_on_ = on; }
  // Without templates every single-digit rung looks at every digit its memo lets
  // through, settled or not (for tests: settling must change nothing).
  void use_templates(bool on) { templates_on_ = on; }
  // Nested chains the plain way: every chain inside measured where it is found, not
  // only those a contradiction rests on, and every replay followed to its end (for
  // tests: the ratings must be the same).
  void plain_nested(bool on) { nested_.plain(on); }
  // What nested chains keep of a position's chains inside checked against the
  // position read afresh wherever it is used (for tests): the lists compared, and
  // how many differed.
  void check_nested_kept(bool on) { nested_.check_kept(on); }
  auto nested_kept_checks() const { return nested_.kept_checks(); }
  // Static forcing chains that look at the units where a digit has two places too,
  // as the rung does alone (for tests: the same path either way; forcing.hpp,
  // after_alternating_chains, says why the ladder's need not).
  void two_place_units(bool on) {
    forcing_.after_alternating_chains(!on);
    wide_forcing_.after_alternating_chains(!on);
  }
  // Dynamic plus runs all followed node by node from their start, none taken up from
  // the Dynamic rung's sweep (for tests: the same path either way).
  void plus_from_sweep(bool on) {
    forcing_.reuse_sweep(on);
    wide_forcing_.reuse_sweep(on);
  }
  // The widest instructions the dynamic runs may use: without AVX-512 the forcing
  // chains' runs go 256 at a time, without AVX2 every run takes the plain SSE path
  // (for tests: the same path every way).
  void use_simd(Simd most) {
    context_.sweep.use_simd(most);
    context_.wide_sweep.use_simd(most);
    context_.narrow_sweep.use_simd(most);
  }

  // Whether rate() stops where the path needs a nested forcing chain (Rated says
  // so): their rating counts the nodes a contradiction rests on, and which nodes a
  // node rests on (its first parents) follows the order the runs meet them in, that
  // is how the puzzle is written; the grader then rates the puzzle's form under its
  // variant's whole symmetry group instead (grader.cpp). Every other rung's findings
  // do not depend on that order.
  void stop_before_nested(bool on) { stop_before_nested_ = on; }

  // Rates `puzzle` (proven unique). With `steps`, records every step, and with
  // `rises` the candidates before each step that raises the rating past singles.
  // With `prefix` (and no steps), goes on from where its rounds of singles left.
  // Out of line (once per puzzle) so that scripts/bench-rating can name its share.
  [[gnu::noinline]] Rated rate(const engine::Grid& puzzle, const engine::Grid& solution, std::vector<HumanStep>* steps,
             std::vector<std::pair<std::size_t, CandidateSnapshot>>* rises, const Prefix* prefix = nullptr) {
    const Tables<W>& t = tables_;
    Rated rated;
    context_.start(solution.values().data(), steps != nullptr, true);
    settled_.start(solution.values().data());
    hardest_rating_ = -1;
    for (Memo& memo : memos_) memo.clear();
    if (prefix != nullptr && steps == nullptr) {
      rated = prefix->rated;
      if (rated.rating > 0) hardest_rating_ = rated.rating;  // the rating of rated.hardest
      if (prefix->reached.is_complete()) return rated;
      position_.start(t, prefix->reached, prefix->places);
    } else {
      position_.start(t, puzzle);
    }
    changes_.mark(t, position_);
    int round = 0;
    while (!position_.solved()) {
      ++round;
      // Rounds of singles, which are most rounds, straight on the position (the
      // rungs would find and apply the same); with steps to record, through the rungs.
      std::size_t first = 0;
      if (steps == nullptr) {
        if (singles_round(rated)) {
          context_.moved();
          continue;
        }
        first = kSinglesRungs;
      }
      // What changed since the last round the rungs were asked in: their memos forget it.
      Parts digits_changed = 0;
      Parts units_changed = 0;
      changes_.since(t, position_, digits_changed, units_changed);
      for (std::size_t r = 0; r < rungs_.size(); ++r) memos_[r].forget(rungs_[r].scope, digits_changed, units_changed);
      int best = INT_MAX;
      bool found = false;
      for (std::size_t r = first; r < rungs_.size(); ++r) {
        const Rung& rung = rungs_[r];
        if (rung.base >= best) break;
        if (stop_before_nested_ && best == INT_MAX && rung.technique == HumanTechnique::NestedForcingChain) {
          rated.stopped_before_nested = true;
          return rated;
        }
        // Only what rates below the best so far is asked for: an instance rated the
        // same would not be applied (the earlier rung's are), and a chain rung's
        // searches stop at the length that the limit allows. (INT_MAX while nothing
        // is found: the nested chains' "where nothing else applies".)
        const int limit = best == INT_MAX ? INT_MAX : best - 1;
        if (!memos_on_) memos_[r].clear();
        Parts parts = memos_[r].changed(rung.scope == Scope::Units ? t.unit_count : t.n, rung.scope, limit);
        // Single-digit rungs skip the digits their templates settle (templates.hpp).
        if (parts != 0 && rung.settles && templates_on_) {
          parts &= ~Parts{settled_.of(position_, static_cast<Mask>(parts))};
        }
        if (parts == 0) continue;
        trial_.clear();
        rung.find(position_, limit, parts, trial_);
        int least = INT_MAX;
        for (const Instance& i : trial_.instances()) least = std::min(least, i.rating);
        const Parts busy = rung.scope == Scope::Units ? trial_.found_units() : trial_.found_digits();
        memos_[r].remember(rung.scope, parts & ~busy, limit);
        if (least < best) {
          best = least;
          std::swap(trial_, chosen_);
          found = true;
        }
      }
      if (!found) break;  // no technique applies (cannot happen once nested chains are in)
      if (best > rated.rating) {
        if (rises != nullptr && best > base_rating(HumanTechnique::NakedSingle)) {
          rises->emplace_back(steps != nullptr ? steps->size() : 0, snapshot(puzzle.geometry()));
        }
        rated.rating = best;
      }
      apply(best, round, rated, steps);
      context_.moved();
    }
    return rated;
  }

 private:
  using P = Position<W>;
  // A rung finds every instance of its technique in the parts it is asked about
  // (see memo.hpp), each rating within the limit if it is a chain.
  using Finder = std::function<void(const P&, int limit, Parts parts, Findings&)>;
  struct Rung {
    HumanTechnique technique;
    Scope scope;
    Finder find;
    int base = 0;  // base_rating(technique), asked in every round
    bool settles = false;  // skips the digits their templates settle (single-digit rungs)
  };

  // The first rungs: full house, hidden single in a box, in a line (the three lowest
  // base ratings: RatingTable.SinglesRateBelowEveryOtherTechnique).
  static constexpr std::size_t kSinglesRungs = 3;

  // The forcing chains' rungs, with runs 512 at a time where AVX-512 is (one pass of
  // them costs less than two of 256 there: docs/rating-speed.md), else 256. Each
  // finds the same.
  void forcing(const P& p, Links links, int limit, Findings& f) {
    if (context_.wide_sweep.simd() == Simd::Avx512) {
      wide_forcing_.find(p, links, limit, f);
    } else {
      forcing_.find(p, links, limit, f);
    }
  }

  // The crossings with locked digits in position `p` (the one being rated).
  std::span<const typename LockedCrossings<W>::Locked> locked(const P& p) {
    return locked_.of(tables_, p, context_.position_id());
  }

  // The singles of the rung of the lowest rating that has any, as its finder
  // (singles.hpp) would report them (each cell once, by the first unit that shows
  // it), counted and placed as apply() would. False if there are none.
  bool singles_round(Rated& rated) {
    const Tables<W>& t = tables_;
    Position<W>& p = position_;
    singles_.clear();
    const auto keep = [&](int, Cell c, int d) { singles_.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)}); };
    std::size_t rung = 0;  // of the singles found: full house, hidden single in a box, in a line
    for_each_full_house(t, p, keep);
    for (const std::size_t hidden : {1, 2}) {
      if (!singles_.empty()) break;
      rung = hidden;
      p.may_single &= ~for_each_hidden_single(t, p, hidden == 1, keep);
    }
    if (singles_.empty()) return false;
    const HumanTechnique technique = rungs_[rung].technique;
    const int rating = rungs_[rung].base;
    rated.counts[static_cast<std::size_t>(technique)] += static_cast<int>(singles_.size());
    if (rating > hardest_rating_ || (rating == hardest_rating_ && technique > rated.hardest)) {
      hardest_rating_ = rating;
      rated.hardest = technique;
    }
    rated.rating = std::max(rated.rating, rating);
    for (const Candidate& single : singles_) {
      if (p.value[static_cast<std::size_t>(single.cell)] == 0 && p.has(single.cell, single.digit)) p.place(t, single.cell, single.digit);
    }
    return true;
  }

  // Whether two instances are the same pattern found twice (a hidden pair in a row
  // and in the box that holds both its cells; a turbot fish from either end): same
  // technique, digits, cells (in any order) and effect.
  bool same(const Instance& a, const Instance& b) {
    const auto equal = [](auto x, auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
    if (a.technique != b.technique || a.digits != b.digits || !equal(chosen_.removals(a), chosen_.removals(b)) ||
        !equal(chosen_.placements(a), chosen_.placements(b))) {
      return false;
    }
    const auto sorted = [](auto cells, std::vector<Cell>& out) {
      out.assign(cells.begin(), cells.end());
      std::sort(out.begin(), out.end());
    };
    sorted(chosen_.cells(a), cells_a_);
    sorted(chosen_.cells(b), cells_b_);
    return cells_a_ == cells_b_;
  }

  void apply(int rating, int round, Rated& rated, std::vector<HumanStep>* steps) {
    const Tables<W>& t = tables_;
    const auto instances = chosen_.instances();
    for (std::size_t k = 0; k < instances.size(); ++k) {
      const Instance& i = instances[k];
      if (i.rating != rating) continue;
      // (Singles are found once per cell already.)
      const bool single = i.technique <= HumanTechnique::HiddenSingleLine || i.technique == HumanTechnique::NakedSingle;
      bool repeated = false;
      if (!single) {
        for (std::size_t j = 0; j < k && !repeated; ++j) repeated = instances[j].rating == rating && same(instances[j], i);
      }
      if (repeated) continue;
      ++rated.counts[static_cast<std::size_t>(i.technique)];
      // The hardest step: highest rating, ties to the technique later on the ladder
      // (an order that does not depend on how the puzzle is written).
      if (i.rating > hardest_rating_ || (i.rating == hardest_rating_ && i.technique > rated.hardest)) {
        hardest_rating_ = i.rating;
        rated.hardest = i.technique;
      }
      if (steps != nullptr) steps->push_back(to_step(i, round));
    }
    for (const Instance& i : chosen_.instances()) {
      if (i.rating != rating) continue;
      for (const Candidate& r : chosen_.removals(i)) {
        if (position_.has(r.cell, r.digit)) position_.remove(t, r.cell, r.digit);
      }
    }
    for (const Instance& i : chosen_.instances()) {
      if (i.rating != rating) continue;
      for (const Candidate& pl : chosen_.placements(i)) {
        if (position_.value[static_cast<std::size_t>(pl.cell)] == 0 && position_.has(pl.cell, pl.digit)) {
          position_.place(t, pl.cell, pl.digit);
        }
      }
    }
  }

  HumanStep to_step(const Instance& i, int round) const {
    HumanStep step;
    step.technique = i.technique;
    step.rating = i.rating;
    step.round = round;
    step.digits = i.digits;
    for (const auto u : chosen_.units(i)) step.units.push_back(u);
    for (const auto c : chosen_.cells(i)) step.cells.push_back(c);
    for (const Candidate& pl : chosen_.placements(i)) step.placements.push_back({pl.cell, pl.digit + 1});
    for (const Candidate& r : chosen_.removals(i)) step.removals.push_back({r.cell, r.digit + 1});
    step.chains = chains(chosen_.branches(i));
    for (const InsideChain& inside : chosen_.insides(i)) {
      step.inside.push_back({{inside.removed.cell, inside.removed.digit + 1}, chains(chosen_.branches(inside))});
    }
    return step;
  }

  std::vector<std::vector<ChainNode>> chains(std::span<const Span32> branches) const {
    std::vector<std::vector<ChainNode>> out;
    for (const Span32& branch : branches) {
      std::vector<ChainNode> chain;
      for (const Node& node : chosen_.nodes(branch)) chain.push_back({node.cell, node.digit + 1, node.on, node.via});
      out.push_back(std::move(chain));
    }
    return out;
  }

  CandidateSnapshot snapshot(const engine::Geometry& geometry) const {
    CandidateSnapshot shot{position_.grid(geometry), {}};
    for (Cell c = 0; c < tables_.cells; ++c) shot.candidates[static_cast<std::size_t>(c)] = position_.cand[static_cast<std::size_t>(c)];
    return shot;
  }

  Tables<W> tables_;
  ChainContext<W> context_;
  StaticChains<W> static_chains_;
  ForcingChains<W> forcing_;
  ForcingChains<W, 8> wide_forcing_;
  NestedChains<W> nested_;
  SettledDigits<W> settled_;
  bool templates_on_ = true;
  std::vector<Rung> rungs_;
  std::vector<Memo> memos_;
  Changes<W> changes_;  // of position_, for the memos
  LockedCrossings<W> locked_;
  TwoLinkPatterns<W> two_links_;
  bool memos_on_ = true;
  bool stop_before_nested_ = false;
  Position<W> position_{};
  Findings trial_;
  Findings chosen_;
  std::vector<Candidate> singles_;
  std::vector<Cell> cells_a_;  // same()'s
  std::vector<Cell> cells_b_;
  int hardest_rating_ = -1;
};

}  // namespace sudoforge::grader::ladder
