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
#include <vector>

#include "fish.hpp"
#include "forcing.hpp"
#include "locked.hpp"
#include "nested.hpp"
#include "single_digit.hpp"
#include "singles.hpp"
#include "subsets.hpp"
#include "sudoforge/grader/grade.hpp"
#include "uniqueness.hpp"
#include "wings.hpp"

namespace sudoforge::grader::ladder {

struct Rated {
  int rating = 0;  // tenths
  HumanTechnique hardest = HumanTechnique::FullHouse;
  std::array<int, kHumanTechniqueCount> counts{};
};

template <int W>
class Ladder {
 public:
  explicit Ladder(const engine::Geometry& geometry)
      : tables_(geometry), context_(tables_), static_chains_(context_), forcing_(context_), nested_(context_) {
    using H = HumanTechnique;
    const auto& t = tables_;
    rungs_ = {
        {H::FullHouse, [&t](const P& p, int, Mask, Findings& f) { find_full_houses(t, p, f); }},
        {H::HiddenSingleBox, [&t](const P& p, int, Mask, Findings& f) { find_hidden_singles(t, p, true, f); }},
        {H::HiddenSingleLine, [&t](const P& p, int, Mask, Findings& f) { find_hidden_singles(t, p, false, f); }},
        {H::DirectPointing, [&t](const P& p, int, Mask, Findings& f) { find_locked(t, p, true, f); }},
        {H::DirectHiddenPair, [&t](const P& p, int, Mask, Findings& f) { find_hidden_subsets(t, p, 2, true, f); }},
        {H::NakedSingle, [&t](const P& p, int, Mask, Findings& f) { find_naked_singles(t, p, f); }},
        {H::DirectHiddenTriple, [&t](const P& p, int, Mask, Findings& f) { find_hidden_subsets(t, p, 3, true, f); }},
        {H::Pointing, [&t](const P& p, int, Mask, Findings& f) { find_locked(t, p, false, f); }},
        {H::NakedPair, [&t](const P& p, int, Mask, Findings& f) { find_naked_subsets(t, p, 2, f); }},
        {H::XWing, [&t](const P& p, int, Mask digits, Findings& f) { find_fish(t, p, 2, false, digits, f); }},
        {H::HiddenPair, [&t](const P& p, int, Mask, Findings& f) { find_hidden_subsets(t, p, 2, false, f); }},
        {H::NakedTriple, [&t](const P& p, int, Mask, Findings& f) { find_naked_subsets(t, p, 3, f); }},
        {H::Swordfish, [&t](const P& p, int, Mask digits, Findings& f) { find_fish(t, p, 3, false, digits, f); }},
        {H::HiddenTriple, [&t](const P& p, int, Mask, Findings& f) { find_hidden_subsets(t, p, 3, false, f); }},
        {H::XYWing, [&t](const P& p, int, Mask, Findings& f) { find_xy_wings(t, p, false, f); }},
        {H::XYZWing, [&t](const P& p, int, Mask, Findings& f) { find_xy_wings(t, p, true, f); }},
        {H::UniqueRectangle, [&t](const P& p, int, Mask, Findings& f) { find_unique_rectangles(t, p, f); }},
        {H::NakedQuad, [&t](const P& p, int, Mask, Findings& f) { find_naked_subsets(t, p, 4, f); }},
        {H::Jellyfish, [&t](const P& p, int, Mask digits, Findings& f) { find_fish(t, p, 4, false, digits, f); }},
        {H::HiddenQuad, [&t](const P& p, int, Mask, Findings& f) { find_hidden_subsets(t, p, 4, false, f); }},
        {H::BugPlusOne, [&t](const P& p, int, Mask, Findings& f) { find_bug_plus_one(t, p, f); }},
        {H::FinnedXWing, [&t](const P& p, int, Mask digits, Findings& f) { find_fish(t, p, 2, true, digits, f); }},
        {H::FinnedSwordfish, [&t](const P& p, int, Mask digits, Findings& f) { find_fish(t, p, 3, true, digits, f); }},
        {H::FinnedJellyfish, [&t](const P& p, int, Mask digits, Findings& f) { find_fish(t, p, 4, true, digits, f); }},
        {H::Skyscraper, [&t](const P& p, int, Mask digits, Findings& f) { find_two_link_patterns(t, p, H::Skyscraper, digits, f); }},
        {H::TwoStringKite, [&t](const P& p, int, Mask digits, Findings& f) { find_two_link_patterns(t, p, H::TwoStringKite, digits, f); }},
        {H::TurbotFish, [&t](const P& p, int, Mask digits, Findings& f) { find_two_link_patterns(t, p, H::TurbotFish, digits, f); }},
        {H::SimpleColouring, [&t](const P& p, int, Mask digits, Findings& f) { find_simple_colouring(t, p, digits, f); }},
        {H::XChain, [this](const P& p, int limit, Mask digits, Findings& f) { static_chains_.find_x(p, limit, digits, f); }},
        {H::WWing, [&t](const P& p, int, Mask, Findings& f) { find_w_wings(t, p, f); }},
        {H::XYChain, [this](const P& p, int limit, Mask, Findings& f) { static_chains_.find_xy(p, limit, f); }},
        {H::NishioChain, [this](const P& p, int limit, Mask, Findings& f) { static_chains_.find_nishio(p, limit, f); }},
        {H::CellForcingChain, [this](const P& p, int limit, Mask, Findings& f) { forcing_.find(p, Links::StaticXY, limit, f); }},
        {H::DynamicForcingChain, [this](const P& p, int limit, Mask, Findings& f) { forcing_.find(p, Links::Dynamic, limit, f); }},
        {H::DynamicForcingChainPlus,
         [this](const P& p, int limit, Mask, Findings& f) { forcing_.find(p, Links::DynamicPlus, limit, f); }},
        {H::NestedForcingChain, [this](const P& p, int limit, Mask, Findings& f) { nested_.find(p, limit, f); }},
    };
    for (Rung& rung : rungs_) {
      for (const H single : {H::XWing, H::Swordfish, H::Jellyfish, H::FinnedXWing, H::FinnedSwordfish, H::FinnedJellyfish,
                             H::Skyscraper, H::TwoStringKite, H::TurbotFish, H::SimpleColouring, H::XChain}) {
        rung.single_digit = rung.single_digit || rung.first == single;
      }
    }
    std::stable_sort(rungs_.begin(), rungs_.end(),
                     [](const Rung& a, const Rung& b) { return base_rating(a.first) < base_rating(b.first); });
    memos_.resize(rungs_.size());
  }
  Ladder(const Ladder&) = delete;
  Ladder& operator=(const Ladder&) = delete;

  // What nested forcing chains use for their trial and error (the grader's core).
  void set_refuter(NestedRefuter* refuter) { context_.refuter = refuter; }

  // Rates `puzzle` (proven unique). With `steps`, records every step, and with
  // `rises` the candidates before each step that raises the rating past singles.
  // Out of line (once per puzzle) so that scripts/bench-rating can name its share.
  [[gnu::noinline]] Rated rate(const engine::Grid& puzzle, const engine::Grid& solution, std::vector<HumanStep>* steps,
             std::vector<std::pair<std::size_t, CandidateSnapshot>>* rises) {
    const Tables<W>& t = tables_;
    Rated rated;
    context_.start(solution.values().data(), steps != nullptr);
    hardest_rating_ = -1;
    for (Memo& memo : memos_) memo.valid = 0;
    position_.clear(t);
    for (Cell c = 0; c < t.cells; ++c) {
      if (puzzle[c] != 0) position_.place(t, c, puzzle[c] - 1);
    }
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
      int best = INT_MAX;
      bool found = false;
      for (std::size_t r = first; r < rungs_.size(); ++r) {
        const Rung& rung = rungs_[r];
        if (base_rating(rung.first) >= best) break;
        const Mask digits = rung.single_digit ? changed_digits(memos_[r], best) : ~Mask{0};
        if (digits == 0) continue;
        trial_.clear();
        rung.second(position_, best, digits, trial_);
        int least = INT_MAX;
        for (const Instance& i : trial_.instances()) least = std::min(least, i.rating);
        if (rung.single_digit) remember(memos_[r], digits & ~trial_.found_digits(), best);
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
  using Finder = std::function<void(const P&, int, Mask, Findings&)>;
  struct Rung {
    HumanTechnique first;
    Finder second;
    bool single_digit = false;  // looks at one digit at a time: see Memo
  };
  // For a rung that looks at one digit at a time: per digit, its cells when the rung
  // last found nothing for it, and the limit then. While both hold, the rung would
  // find nothing again, so the digit is skipped.
  struct Memo {
    std::array<engine::Bits<W>, engine::kMaxSize> cells{};
    std::array<int, engine::kMaxSize> limit{};
    Mask valid = 0;
  };

  // The digits whose cells changed (or that were last looked at with a lower limit)
  // since the rung last found nothing for them.
  Mask changed_digits(const Memo& memo, int limit) const {
    Mask digits = 0;
    for (int d = 0; d < tables_.n; ++d) {
      const bool same = (memo.valid >> d & 1U) != 0 && memo.limit[static_cast<std::size_t>(d)] >= limit &&
                        memo.cells[static_cast<std::size_t>(d)] == position_.cells_of(d);
      if (!same) digits |= Mask{1} << d;
    }
    return digits;
  }
  void remember(Memo& memo, Mask empty, int limit) const {
    for (; empty != 0; empty &= empty - 1) {
      const int d = std::countr_zero(empty);
      memo.cells[static_cast<std::size_t>(d)] = position_.cells_of(d);
      memo.limit[static_cast<std::size_t>(d)] = limit;
      memo.valid |= Mask{1} << d;
    }
  }

  // The first rungs: full house, hidden single in a box, in a line.
  static constexpr std::size_t kSinglesRungs = 3;

  // The singles of the rung of the lowest rating that has any, as its finder
  // (singles.hpp) would report them (each cell once, by the first unit that shows
  // it), counted and placed as apply() would. False if there are none.
  bool singles_round(Rated& rated) {
    const Tables<W>& t = tables_;
    Position<W>& p = position_;
    singles_.clear();
    const auto keep = [&](int, Cell c, int d) { singles_.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)}); };
    HumanTechnique technique = HumanTechnique::FullHouse;
    for_each_full_house(t, p, keep);
    for (const bool boxes : {true, false}) {
      if (!singles_.empty()) break;
      technique = boxes ? HumanTechnique::HiddenSingleBox : HumanTechnique::HiddenSingleLine;
      for_each_hidden_single(t, p, boxes, keep);
    }
    if (singles_.empty()) return false;
    const int rating = base_rating(technique);
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
  // and in the box that holds both its cells): same technique, digits, cells and effect.
  bool same(const Instance& a, const Instance& b) const {
    const auto equal = [](auto x, auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
    return a.technique == b.technique && a.digits == b.digits && equal(chosen_.cells(a), chosen_.cells(b)) &&
           equal(chosen_.removals(a), chosen_.removals(b)) && equal(chosen_.placements(a), chosen_.placements(b));
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
    for (const Span32& branch : chosen_.branches(i)) {
      std::vector<ChainNode> chain;
      for (const Node& node : chosen_.nodes(branch)) chain.push_back({node.cell, node.digit + 1, node.on});
      step.chains.push_back(std::move(chain));
    }
    return step;
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
  NestedChains<W> nested_;
  std::vector<Rung> rungs_;
  std::vector<Memo> memos_;
  Position<W> position_{};
  Findings trial_;
  Findings chosen_;
  std::vector<Candidate> singles_;
  int hardest_rating_ = -1;
};

}  // namespace sudoforge::grader::ladder
