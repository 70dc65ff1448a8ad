#pragma once
// Which of a sweep's dynamic runs a pattern would take further. A dynamic "plus" run
// is its Dynamic run until the singles run dry; there it goes on only if a pattern
// of plus_patterns.hpp takes something from its working position (the start position
// less every "off" node the run reached) and rests on something the run took out.
// forcing.hpp takes such runs up from the sweep node by node (plus_from_sweep), and
// more than half of those it took up found no pattern: the cost of taking a run up
// and looking, for nothing. Here the runs of a batch of the sweep are asked all at
// once, a bit per run (the sweep's lanes, 256 to a vector), whether a pattern applies
// where they ran dry; only those where one does are taken up.
//
// For each kind, the conditions PlusPatterns checks, read across the runs (rem: the
// candidate is left in the run's working position; lost: the run took one out):
//  - locked candidates: a unit that lost places of d has two or more left, all in its
//    crossing with another unit, which has a place of d left outside it;
//  - hidden pairs: two digits with the same two places left in a unit, one of them
//    having lost places there, and another candidate left in one of the two cells;
//  - naked pairs: two cells of a unit with the same two candidates left, one of them
//    having lost candidates, and one of the two left in another open cell of the unit;
//  - X-wings: two rows (or columns) with the same two places of d left, one of them
//    having lost places of d, and a place of d left elsewhere in the two columns (rows).
// For a run that ran dry the answer is exact: true where a run taken up goes on past
// its dry end (tested: LadderSweep.PlusRunsTakenUpFromTheSweepReachWhatWholeRunsReach);
// for a run that did not run dry it means nothing. A batch costs a pass over the
// position's possible patterns, most of them dropped at their first test (exactly two
// left in both units, or both cells, in no run): on mined te_depth-2 puzzles about
// 165,000 instructions a batch, and as much again to list them once per position,
// where a run taken up and looked at cost about 2,000 cycles.

#include <bit>
#include <cstdint>
#include <vector>

#include "position.hpp"
#include "sweep.hpp"

namespace sudoforge::grader::ladder {

template <int W, int Words = 4>
class PlusFilter {
  using Swept = Sweep<W, Words>;
  using Lanes = typename Swept::Lanes;
  using LaneVector = typename Swept::LaneVector;

 public:
  explicit PlusFilter(const Tables<W>& t) : t_(t) {}

  // For the last run of `sweep` (kept) from `sources` runs in position `p` (the one
  // it loaded): afterwards applies(i) says whether a pattern applies where run i ran dry.
  void find(const Position<W>& p, const Swept& sweep, std::size_t sources) {
    list_patterns(p, sweep);
    std::vector<std::uint64_t>& may = may_;
    may.assign((sources + 63) / 64, 0);
    // (One more candidate, never left: what a place that is not there reads.)
    rem_.assign(static_cast<std::size_t>(none_ + 1), Lanes{});
    for (std::size_t b = 0; b * Swept::kLanes < sources; ++b) {
      Lanes fire{};
      across(sweep.reached_by_node(b), fire);
      for (std::size_t w = 0; w < static_cast<std::size_t>(Words) && b * Words + w < may.size(); ++w) {
        may[b * Words + w] = sweep_detail::word(fire, static_cast<int>(w));
      }
    }
  }
  bool applies(std::size_t i) const { return (may_[i / 64] >> (i % 64) & 1U) != 0; }

 private:
  // The position's possible patterns, read off once per position: the sweep's
  // candidate (a number into rem_) of every unit's place of every digit and of every
  // cell's candidate (none_ where there is none), the members of every count, and
  // the units, digits and cells of the patterns the position could hold at all.
  void list_patterns(const Position<W>& p, const Swept& sweep) {
    const int n = t_.n;
    none_ = sweep.candidates();
    cell_k_.assign(static_cast<std::size_t>(t_.cells * n), none_);
    p.open.for_each([&](int c) {
      for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        cell_k_[static_cast<std::size_t>(c * n + d)] = sweep.node(c, d, false) >> 1;
      }
    });
    place_k_.resize(static_cast<std::size_t>(t_.unit_count * n * n));
    ks_.clear();
    counted_.clear();
    for (int u = 0; u < t_.unit_count; ++u) {
      for (int d = 0; d < n; ++d) {
        const auto begin = static_cast<std::uint32_t>(ks_.size());
        for (int i = 0; i < n; ++i) {
          const int k = cell_k_[static_cast<std::size_t>(t_.cell_of(u, i) * n + d)];
          place_k_[static_cast<std::size_t>((u * n + d) * n + i)] = k;
          if (k != none_) ks_.push_back(k);
        }
        counted_.push_back({begin, static_cast<std::uint32_t>(ks_.size())});  // (count u * n + d)
      }
    }
    cell_count_.assign(static_cast<std::size_t>(t_.cells), 0);
    p.open.for_each([&](int c) {
      cell_count_[static_cast<std::size_t>(c)] = static_cast<int>(counted_.size());
      const auto begin = static_cast<std::uint32_t>(ks_.size());
      for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
        ks_.push_back(cell_k_[static_cast<std::size_t>(c * n + std::countr_zero(ds))]);
      }
      counted_.push_back({begin, static_cast<std::uint32_t>(ks_.size())});
    });
    const auto places_of = [&](int u, int d, Mask places) {
      const auto begin = static_cast<std::uint32_t>(ks_.size());
      for (; places != 0; places &= places - 1) ks_.push_back(place_k_[static_cast<std::size_t>((u * n + d) * n + std::countr_zero(places))]);
      return Span{begin, static_cast<std::uint32_t>(ks_.size())};
    };
    locked_.clear();
    for (const auto& crossing : t_.crossings) {
      for (int d = 0; d < n; ++d) {
        const Mask first = p.places(crossing.first, d);
        const Mask second = p.places(crossing.second, d) & ~crossing.second_places;
        // (Two places or more left in the crossing, and one outside it in the second.)
        if (std::popcount(first & crossing.first_places) < 2 || second == 0) continue;
        locked_.push_back({crossing.first * n + d, places_of(crossing.first, d, first & ~crossing.first_places),
                           places_of(crossing.second, d, second)});
      }
    }
    hidden_.clear();
    naked_.clear();
    for (int u = 0; u < t_.unit_count; ++u) {
      for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
          if (std::popcount(p.places(u, a) & p.places(u, b)) >= 2) hidden_.push_back({u, a, b});
        }
      }
      for (Mask is = p.open_places(u); is != 0; is &= is - 1) {
        const int i = std::countr_zero(is);
        for (Mask js = is & (is - 1); js != 0; js &= js - 1) {
          const int j = std::countr_zero(js);
          if (std::popcount(static_cast<unsigned>(p.cand[static_cast<std::size_t>(t_.cell_of(u, i))] &
                                                  p.cand[static_cast<std::size_t>(t_.cell_of(u, j))])) >= 2) {
            naked_.push_back({u, i, j});
          }
        }
      }
    }
    wings_.clear();
    for (const int base0 : {0, n}) {
      for (int d = 0; d < n; ++d) {
        for (int i = base0; i < base0 + n; ++i) {
          for (int j = i + 1; j < base0 + n; ++j) {
            if (std::popcount(p.places(i, d) & p.places(j, d)) >= 2) wings_.push_back({i, j, d});
          }
        }
      }
    }
    position_ = &p;
  }

  // The runs of a batch (reached: by node) where a pattern applies, into `fire`.
  // (Lanes go by reference: without AVX, a 32-byte vector by value changes the ABI.)
  void across(const Lanes* reached, Lanes& fire) {
    const int n = t_.n;
    const Position<W>& p = *position_;
    for (int k = 0; k < none_; ++k) rem_[static_cast<std::size_t>(k)] = ~reached[2 * k];
    // Each count: lost a member, two or more left, exactly two.
    lost_.resize(counted_.size());
    two_.resize(counted_.size());
    exactly_two_.resize(counted_.size());
    for (std::size_t g = 0; g < counted_.size(); ++g) {
      Lanes lost{}, one{}, two{}, three{};
      for (std::uint32_t i = counted_[g].begin; i < counted_[g].end; ++i) {
        const Lanes& left = rem_[static_cast<std::size_t>(ks_[i])];
        lost |= ~left;
        three |= two & left;
        two |= one & left;
        one |= left;
      }
      lost_[g] = lost;
      two_[g] = two;
      exactly_two_[g] = two & ~three;
    }
    const auto left = [&](int k) -> const Lanes& { return rem_[static_cast<std::size_t>(k)]; };
    const auto none = [](const Lanes& v) { return sweep_detail::none(v); };
    const auto place = [&](int u, int d, int i) -> const Lanes& { return left(place_k_[static_cast<std::size_t>((u * n + d) * n + i)]); };
    const auto candidate = [&](Cell c, int d) -> const Lanes& { return left(cell_k_[static_cast<std::size_t>(c * n + d)]); };
    // (Lanes go out by reference, as above.)
    const auto any_left = [&](Span s, Lanes& any) {
      any = Lanes{};
      for (std::uint32_t i = s.begin; i < s.end; ++i) any |= left(ks_[i]);
    };
    // Two counts with exactly two left, one of them having lost a member.
    const auto two_alike = [&](int a, int b, Lanes& in) {
      in = exactly_two_[static_cast<std::size_t>(a)] & exactly_two_[static_cast<std::size_t>(b)] &
           (lost_[static_cast<std::size_t>(a)] | lost_[static_cast<std::size_t>(b)]);
    };
    // Unit u's places of digit a and unit v's of b: exactly two left in each, the
    // same two, one of them having lost places.
    const auto same_two = [&](int u, int a, int v, int b, Lanes& in) {
      two_alike(u * n + a, v * n + b, in);
      for (Mask at = p.places(u, a) | p.places(v, b); at != 0 && !none(in); at &= at - 1) {
        const int i = std::countr_zero(at);
        in &= ~(place(u, a, i) ^ place(v, b, i));
      }
    };
    const auto three_or_more = [&](Cell c, Lanes& three) {
      const auto g = static_cast<std::size_t>(cell_count_[static_cast<std::size_t>(c)]);
      three = two_[g] & ~exactly_two_[g];
    };
    for (const Locked& l : locked_) {
      const Lanes in = lost_[static_cast<std::size_t>(l.first)] & two_[static_cast<std::size_t>(l.first)];
      if (none(in)) continue;
      Lanes outside, takes;
      any_left(l.outside, outside);
      const Lanes locked = in & ~outside;
      if (none(locked)) continue;
      any_left(l.takes, takes);
      fire |= locked & takes;
    }
    for (const Pair& h : hidden_) {
      Lanes in;
      same_two(h.unit, h.a, h.unit, h.b, in);
      if (none(in)) continue;
      Lanes takes{};  // (a cell of the pair with a third candidate)
      for (Mask at = p.places(h.unit, h.a) & p.places(h.unit, h.b); at != 0; at &= at - 1) {
        const int i = std::countr_zero(at);
        Lanes three;
        three_or_more(t_.cell_of(h.unit, i), three);
        takes |= place(h.unit, h.a, i) & three;
      }
      fire |= in & takes;
    }
    for (const Pair& pair : naked_) {
      const Cell a = t_.cell_of(pair.unit, pair.a);
      const Cell b = t_.cell_of(pair.unit, pair.b);
      Lanes in;
      two_alike(cell_count_[static_cast<std::size_t>(a)], cell_count_[static_cast<std::size_t>(b)], in);
      if (none(in)) continue;
      const Mask ca = p.cand[static_cast<std::size_t>(a)];
      const Mask cb = p.cand[static_cast<std::size_t>(b)];
      for (Mask ds = ca | cb; ds != 0 && !none(in); ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        in &= ~(candidate(a, d) ^ candidate(b, d));
      }
      Lanes takes{};
      for (Mask others = p.open_places(pair.unit) & ~((Mask{1} << pair.a) | (Mask{1} << pair.b)); others != 0 && !none(in);
           others &= others - 1) {
        const Cell c = t_.cell_of(pair.unit, std::countr_zero(others));
        for (Mask ds = ca & cb & p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
          const int d = std::countr_zero(ds);
          takes |= candidate(a, d) & candidate(c, d);
        }
      }
      fire |= in & takes;
    }
    for (const Wing& w : wings_) {
      Lanes in;
      same_two(w.i, w.digit, w.j, w.digit, in);
      if (none(in)) continue;
      // The cover lines' other places (rows i and j are places of a column, and
      // columns of a row).
      const int base0 = w.i < n ? 0 : n;
      const int cover0 = n - base0;
      const Mask lines = (Mask{1} << (w.i - base0)) | (Mask{1} << (w.j - base0));
      Lanes takes{};
      for (Mask at = p.places(w.i, w.digit) & p.places(w.j, w.digit); at != 0; at &= at - 1) {
        const int x = std::countr_zero(at);
        const int cover = cover0 + x;
        Lanes others{};
        for (Mask rest = p.places(cover, w.digit) & ~lines; rest != 0; rest &= rest - 1) others |= place(cover, w.digit, std::countr_zero(rest));
        takes |= place(w.i, w.digit, x) & others;
      }
      fire |= in & takes;
    }
  }

  struct Span {  // in ks_
    std::uint32_t begin;
    std::uint32_t end;
  };
  struct Locked {
    int first;     // the count of the first unit's places of the digit
    Span outside;  // its places outside the crossing
    Span takes;    // the second unit's places outside it
  };
  struct Pair {  // hidden: a unit and two digits; naked: a unit and two of its places (cells)
    int unit;
    int a;
    int b;
  };
  struct Wing {  // two base lines (units) and a digit
    int i;
    int j;
    int digit;
  };

  const Tables<W>& t_;
  // The position.
  const Position<W>* position_ = nullptr;  // the one listed
  int none_ = 0;                 // the sweep's candidate count: rem_[none_] is never left
  std::vector<int> cell_k_;      // by cell and digit: the sweep's candidate, or none_
  std::vector<int> place_k_;     // by unit, digit and place: the same
  std::vector<int> ks_;          // the counts' members, then the locked candidates' lists
  std::vector<Span> counted_;    // counts: each unit's places of each digit (u * n + d), then each open cell's candidates
  std::vector<int> cell_count_;  // by open cell: its count
  std::vector<Locked> locked_;
  std::vector<Pair> hidden_;
  std::vector<Pair> naked_;
  std::vector<Wing> wings_;
  std::vector<std::uint64_t> may_;  // by run, a bit each: what applies() says
  // A batch of runs.
  LaneVector rem_;  // by the sweep's candidate: left in the run's working position
  LaneVector lost_, two_, exactly_two_;  // by count
};

}  // namespace sudoforge::grader::ladder
