// The ladder's settled digits (ladder/templates.hpp) against their definition, on
// random positions of several geometries: every template of the digit listed, one
// cell per unit that still needs it, over plain candidate masks. A digit is settled
// when each of its candidate cells lies in some template and no open cell lies in
// all of them. The fast search must say so exactly when it may search as long as it
// likes, and within its node budget it may only say "unsettled" more often.

#include <gtest/gtest.h>

#include <bit>
#include <climits>
#include <cstdint>
#include <vector>

#include "ladder/templates.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "test_data.hpp"

namespace sudoforge::grader::ladder {
namespace {

// The definition, by listing every template of digit d (0-based) in a position
// given as each cell's candidates (0 once placed) and values (1-based, 0 if open).
class Listing {
 public:
  Listing(const engine::Units& units, const std::vector<std::uint16_t>& candidates, const std::vector<int>& values, int d)
      : units_(units), candidates_(candidates), values_(values), d_(d), cells_(candidates.size()) {}

  bool settled() {
    chosen_.clear();
    in_some_.assign(cells_, false);
    in_every_.assign(cells_, true);
    templates_ = 0;
    place_row(0);
    EXPECT_GT(templates_, 0) << "the solution's placement is one";
    for (std::size_t c = 0; c < cells_; ++c) {
      if ((candidates_[c] >> d_ & 1U) == 0) continue;
      if (!in_some_[c] || in_every_[c]) return false;
    }
    return true;
  }

 private:
  bool needs(int unit) const {
    for (const engine::Cell c : units_.cells(unit)) {
      if (values_[static_cast<std::size_t>(c)] == d_ + 1) return false;
    }
    return true;
  }

  // Rows are the first units; row r gets one of its candidate cells if it needs d.
  void place_row(int r) {
    const int rows = static_cast<int>(units_.cells(0).size());
    if (r == rows) {
      // Every unit that needs d holds exactly one chosen cell.
      for (int u = 0; u < units_.count(); ++u) {
        int held = 0;
        for (const engine::Cell c : units_.cells(u)) {
          for (const engine::Cell x : chosen_) held += x == c ? 1 : 0;
        }
        if (held != (needs(u) ? 1 : 0)) return;
      }
      ++templates_;
      for (std::size_t c = 0; c < cells_; ++c) {
        bool chosen = false;
        for (const engine::Cell x : chosen_) chosen = chosen || static_cast<std::size_t>(x) == c;
        if (chosen) in_some_[c] = true;
        if (!chosen) in_every_[c] = false;
      }
      return;
    }
    if (!needs(r)) {
      place_row(r + 1);
      return;
    }
    for (const engine::Cell c : units_.cells(r)) {
      if ((candidates_[static_cast<std::size_t>(c)] >> d_ & 1U) == 0) continue;
      bool clash = false;
      for (const engine::Cell x : chosen_) {
        for (const int u : units_.units_of(c)) {
          for (const int v : units_.units_of(x)) clash = clash || u == v;
        }
      }
      if (clash) continue;
      chosen_.push_back(c);
      place_row(r + 1);
      chosen_.pop_back();
    }
  }

  const engine::Units& units_;
  const std::vector<std::uint16_t>& candidates_;
  const std::vector<int>& values_;
  int d_;
  std::size_t cells_;
  std::vector<engine::Cell> chosen_;
  std::vector<bool> in_some_;
  std::vector<bool> in_every_;
  int templates_ = 0;
};

struct Counts {
  int settled = 0;
  int unsettled = 0;
  int given_up = 0;  // settled, but not within the budget
};

// The position with the givens of `puzzle` placed and nothing else taken out.
template <int W>
Position<W> givens_placed(const Tables<W>& t, const engine::Grid& puzzle) {
  Position<W> p;
  p.clear(t);
  for (engine::Cell c = 0; c < t.cells; ++c) {
    if (puzzle[c] != 0) p.place(t, c, puzzle[c] - 1);
  }
  return p;
}

// The digits of `p` the definition calls settled (Listing, over plain candidate masks).
template <int W>
Mask listed_settled(const Tables<W>& t, const engine::Units& units, const Position<W>& p) {
  std::vector<std::uint16_t> candidates(static_cast<std::size_t>(t.cells));
  std::vector<int> values(static_cast<std::size_t>(t.cells));
  for (engine::Cell c = 0; c < t.cells; ++c) {
    candidates[static_cast<std::size_t>(c)] = p.cand[static_cast<std::size_t>(c)];
    values[static_cast<std::size_t>(c)] = p.value[static_cast<std::size_t>(c)];
  }
  Mask settled = 0;
  for (int d = 0; d < t.n; ++d) settled |= static_cast<Mask>(Listing(units, candidates, values, d).settled()) << d;
  return settled;
}

// Random positions of `geometry`: a unique puzzle's givens placed, then a random
// share of the candidates not in the solution taken out (none, a third, a half,
// three in four), as the ladder's positions keep every true candidate.
template <int W>
Counts compare(const engine::Geometry& geometry, int puzzles, std::uint64_t seed) {
  const Tables<W> t(geometry);
  const engine::Units units(geometry);
  SettledDigits<W> exact(t, INT_MAX);
  SettledDigits<W> budgeted(t);
  SettledDigits<W> blind(t, INT_MAX);  // without the solution to start from
  engine::Rng rng(seed);
  Counts counts;
  for (int i = 0; i < puzzles; ++i) {
    const engine::Grid solution = test::random_full_grid(geometry, rng);
    const engine::Grid puzzle = test::carve_unique(solution, rng);
    for (const std::uint32_t share : {0U, 3U, 2U, 4U}) {
      Position<W> p = givens_placed(t, puzzle);
      for (engine::Cell c = 0; c < t.cells && share != 0; ++c) {
        for (int d = 0; d < t.n; ++d) {
          const bool take = share == 4 ? rng.below(4) != 0 : rng.below(share) == 0;
          if (p.has(c, d) && solution[c] != d + 1 && take) p.remove(t, c, d);
        }
      }
      exact.start(solution.values().data());
      budgeted.start(solution.values().data());
      blind.start(nullptr);
      const Mask all = (Mask{1} << t.n) - 1;
      const Mask settled = exact.of(p, all);
      const Mask within_budget = budgeted.of(p, all);
      EXPECT_EQ(blind.of(p, all), settled) << engine::to_line(puzzle);
      EXPECT_EQ(within_budget & ~settled, 0U) << engine::to_line(puzzle);
      const Mask listed = listed_settled(t, units, p);
      for (int d = 0; d < t.n; ++d) {
        const bool expected = (listed >> d & 1U) != 0;
        EXPECT_EQ((settled >> d & 1U) != 0, expected) << "digit " << d + 1 << " of " << engine::to_line(puzzle) << " share " << share;
        ++(expected ? counts.settled : counts.unsettled);
        counts.given_up += expected && (within_budget >> d & 1U) == 0 ? 1 : 0;
      }
    }
  }
  return counts;
}

// Along a path of positions that only lose candidates (as a puzzle's ladder asks
// about them), one SettledDigits keeps what it found for each digit: an unsettled
// digit's witness cell, the templates of its last search. Its answers must be those
// of the definition at every position. Each step takes out a few wrong candidates
// or places a true digit.
struct PathCounts {
  int became_settled = 0;    // digits unsettled at one position, settled at the next (a stale witness would miss it)
  int became_unsettled = 0;  // ... the other way
};

template <int W>
PathCounts compare_along_paths(const engine::Geometry& geometry, int puzzles, std::uint64_t seed) {
  const Tables<W> t(geometry);
  const engine::Units units(geometry);
  SettledDigits<W> kept(t, INT_MAX);
  engine::Rng rng(seed);
  PathCounts counts;
  for (int i = 0; i < puzzles; ++i) {
    const engine::Grid solution = test::random_full_grid(geometry, rng);
    const engine::Grid puzzle = test::carve_unique(solution, rng);
    Position<W> p = givens_placed(t, puzzle);
    kept.start(solution.values().data());
    const Mask all = (Mask{1} << t.n) - 1;
    Mask before = kept.of(p, all);
    while (!p.solved()) {
      if (rng.below(4) == 0) {  // a true digit placed
        std::vector<engine::Cell> open;
        p.open.for_each([&](int c) { open.push_back(c); });
        const engine::Cell c = open[rng.below(static_cast<std::uint32_t>(open.size()))];
        p.place(t, c, solution[c] - 1);
      } else {  // up to three wrong candidates out
        std::vector<std::pair<engine::Cell, int>> wrong;
        p.open.for_each([&](int c) {
          for (int d = 0; d < t.n; ++d) {
            if (p.has(c, d) && solution[c] != d + 1) wrong.emplace_back(c, d);
          }
        });
        if (wrong.empty()) break;
        for (int k = 0; k < 3 && !wrong.empty(); ++k) {
          const std::size_t at = rng.below(static_cast<std::uint32_t>(wrong.size()));
          p.remove(t, wrong[at].first, wrong[at].second);
          wrong.erase(wrong.begin() + static_cast<std::ptrdiff_t>(at));
        }
      }
      const Mask settled = kept.of(p, all);
      EXPECT_EQ(settled, listed_settled(t, units, p)) << "along the path of " << engine::to_line(puzzle);
      counts.became_settled += std::popcount(settled & ~before);
      counts.became_unsettled += std::popcount(before & ~settled);
      before = settled;
    }
  }
  return counts;
}

TEST(SettledDigits, KeptAnswersAgreeWithEveryTemplateListedAlongPaths) {
  // Digits go from unsettled to settled along the paths, and back: a kept witness
  // that went stale, or a kept template no longer one, would be seen.
  const PathCounts classic = compare_along_paths<2>(engine::Geometry{}, 30, 11);
  const PathCounts diagonal = compare_along_paths<2>(engine::Geometry(3, 3, engine::Variant::Diagonal), 15, 12);
  const PathCounts six = compare_along_paths<1>(engine::Geometry(2, 3), 60, 13);
  for (const PathCounts& counts : {classic, diagonal, six}) {
    EXPECT_GE(counts.became_settled, 5);
    EXPECT_GE(counts.became_unsettled, 50);
  }
}

TEST(SettledDigits, AgreeWithEveryTemplateListedOnRandomPositions) {
  const Counts classic = compare<2>(engine::Geometry{}, 25, 7);
  const Counts diagonal = compare<2>(engine::Geometry(3, 3, engine::Variant::Diagonal), 15, 8);
  const Counts six = compare<1>(engine::Geometry(2, 3), 40, 9);
  // Both answers come up in every geometry, and the budget rarely cuts a search.
  for (const Counts& counts : {classic, diagonal, six}) {
    EXPECT_GT(counts.settled, 50);
    EXPECT_GT(counts.unsettled, 50);
    EXPECT_LE(counts.given_up * 20, counts.settled);
  }
}

}  // namespace
}  // namespace sudoforge::grader::ladder
