#pragma once
// The patterns a dynamic chain "plus" applies when its singles run dry (see
// implications.hpp): locked candidates, hidden pairs, naked pairs, X-wings, in that
// order; the first kind that takes something is applied, every pattern of it.
//
// A run's working position only loses candidates. A pattern counts only where it
// rests on something the run took out (its units, or its cells for naked pairs,
// lost something), and each kind looks only at the patterns whose units lost
// something since that kind last looked at all of them: a pattern whose units are
// as they were then takes nothing now (whatever it could take then it took, and
// since then its targets can only have gone or been reached), so the result is that
// of looking at every pattern each time, at a fraction of the cost. Within a kind
// the patterns are visited in a fixed order (the order of the nodes they add is the
// order of the chains printed).

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "lanes.hpp"
#include "position.hpp"

namespace sudoforge::grader::ladder {

template <int W>
class PlusPatterns {
 public:
  explicit PlusPatterns(const Tables<W>& t) : t_(t) {
    // Tables lists the crossings unit by unit (by their first unit).
    crossings_from_.assign(static_cast<std::size_t>(t.unit_count) + 1, 0);
    for (const auto& crossing : t.crossings) ++crossings_from_[static_cast<std::size_t>(crossing.first) + 1];
    for (int u = 0; u < t.unit_count; ++u) crossings_from_[static_cast<std::size_t>(u) + 1] += crossings_from_[static_cast<std::size_t>(u)];
  }

  // A new run: nothing lost yet.
  void start() {
    // What the last run left (the masks name every unit with anything set).
    for (std::uint64_t units = touched_units_; units != 0; units &= units - 1) {
      const auto u = static_cast<std::size_t>(std::countr_zero(units));
      touched_[u] = 0;
      touched_cells_[u] = 0;
    }
    touched_units_ = 0;
    for (std::size_t kind = 0; kind < kKinds; ++kind) {
      for (std::uint64_t units = unscanned_units_[kind]; units != 0; units &= units - 1) {
        unscanned_[kind][static_cast<std::size_t>(std::countr_zero(units))] = 0;
      }
      unscanned_units_[kind] = 0;
    }
  }

  // The working position lost digit d from cell c.
  void lost(Cell c, int d) {
    const auto& info = t_.cell_units[static_cast<std::size_t>(c)];
    for (int i = 0; i < info.count; ++i) {
      const auto u = static_cast<std::size_t>(info.unit[static_cast<std::size_t>(i)]);
      touched_[u] |= static_cast<std::uint16_t>(1U << d);
      touched_cells_[u] |= static_cast<std::uint16_t>(1U << info.index[static_cast<std::size_t>(i)]);
      touched_units_ |= std::uint64_t{1} << u;
    }
  }

  // Applies the first kind of pattern that takes something from `p` (the working
  // position; `s` the position the run started from). For each pattern,
  // sink.parents(kind) is called first, then, if sink.keeps_parents(), sink.parent(c, d)
  // for every candidate its cells or units lost on the way (what it rests on: every
  // pattern rests on something, since each kind looks only where the run took
  // something out), then sink.take(c, d) for each candidate it takes out; take
  // returns whether the candidate was new to the run. Returns whether any was.
  template <typename Sink>
  bool apply(const Position<W>& p, const Position<W>& s, Sink&& sink) {
    for (std::uint64_t units = touched_units_; units != 0; units &= units - 1) {
      const auto at = static_cast<std::size_t>(std::countr_zero(units));
      for (std::size_t kind = 0; kind < kCells; ++kind) unscanned_[kind][at] |= touched_[at];
      unscanned_[kCells][at] |= touched_cells_[at];
      touched_[at] = 0;
      touched_cells_[at] = 0;
    }
    for (auto& units : unscanned_units_) units |= touched_units_;
    touched_units_ = 0;
    bool added = false;
    const auto take = [&](Cell c, int d) { added = sink.take(c, d) || added; };
    // Parents: what unit u lost of digit d.
    const auto lost_in = [&](int u, int d) {
      if (!sink.keeps_parents()) return;
      for (Mask lost = s.places(u, d) & ~p.places(u, d); lost != 0; lost &= lost - 1) {
        sink.parent(t_.cell_of(u, std::countr_zero(lost)), d);
      }
    };
    locked(p, sink, lost_in, take);
    if (added) return true;
    hidden_pairs(p, sink, lost_in, take);
    if (added) return true;
    naked_pairs(p, s, sink, take);
    if (added) return true;
    x_wings(p, sink, lost_in, take);
    return added;
  }

 private:
  // The kinds that keep digits by unit, and the one that keeps places (cells).
  enum Kind : std::size_t { kLocked, kHidden, kFish, kCells, kKinds };

  // Calls f(u, what) for each unit u of `kind` with something unscanned, and clears it.
  template <typename F>
  void for_each_unscanned(Kind kind, F&& f) {
    for (std::uint64_t units = unscanned_units_[kind]; units != 0; units &= units - 1) {
      const int u = std::countr_zero(units);
      Mask& what = unscanned_[kind][static_cast<std::size_t>(u)];
      const Mask was = what;
      what = 0;
      f(u, was);
    }
    unscanned_units_[kind] = 0;
  }

  // Locked candidates, crossing after crossing (Tables' order), digits in order: a
  // digit with two or more places in the first unit, all in the common cells.
  template <typename Sink, typename LostIn, typename Take>
  void locked(const Position<W>& p, Sink& sink, LostIn& lost_in, Take& take) {
    for_each_unscanned(kLocked, [&](int first, Mask digits) {
      const auto at = static_cast<std::size_t>(first);
      const Mask lost = digits & count_lanes(p.where[at], 2, 16);
      if (lost == 0) return;
      for (int i = crossings_from_[at]; i < crossings_from_[at + 1]; ++i) {
        const auto& crossing = t_.crossings[static_cast<std::size_t>(i)];
        const Mask here = lost & crossing_lanes(p.where[at], crossing.first_places,
                                                p.where[static_cast<std::size_t>(crossing.second)], crossing.second_places);
        for (Mask ds = here; ds != 0; ds &= ds - 1) {
          const int d = std::countr_zero(ds);
          sink.parents(ChainVia::LockedCandidates);
          lost_in(first, d);
          for (Mask gone = p.places(crossing.second, d) & ~crossing.second_places; gone != 0; gone &= gone - 1) {
            take(t_.cell_of(crossing.second, std::countr_zero(gone)), d);
          }
        }
      }
    });
  }

  // Hidden pairs, unit after unit, digit pairs (a, b) in order, one of the two
  // having lost places in the unit.
  template <typename Sink, typename LostIn, typename Take>
  void hidden_pairs(const Position<W>& p, Sink& sink, LostIn& lost_in, Take& take) {
    for_each_unscanned(kHidden, [&](int u, Mask digits) {
      const Mask two = count_lanes(p.where[static_cast<std::size_t>(u)], 2, 2);
      const Mask lost = digits & two;
      if (lost == 0) return;
      for (Mask as = two; as != 0; as &= as - 1) {
        const int a = std::countr_zero(as);
        const Mask pa = p.places(u, a);
        for (Mask bs = partners(as, lost, a); bs != 0; bs &= bs - 1) {
          const int b = std::countr_zero(bs);
          if (p.places(u, b) != pa) continue;
          sink.parents(ChainVia::HiddenPair);
          lost_in(u, a);
          lost_in(u, b);
          for (Mask cells = pa; cells != 0; cells &= cells - 1) {
            const Cell c = t_.cell_of(u, std::countr_zero(cells));
            for (Mask o = p.cand[static_cast<std::size_t>(c)] & ~((Mask{1} << a) | (Mask{1} << b)); o != 0; o &= o - 1) {
              take(c, std::countr_zero(o));
            }
          }
        }
      }
    });
  }

  // Naked pairs, unit after unit, cell pairs in the unit's order, one of the two
  // having lost candidates.
  template <typename Sink, typename Take>
  void naked_pairs(const Position<W>& p, const Position<W>& s, Sink& sink, Take& take) {
    for_each_unscanned(kCells, [&](int u, Mask places) {
      const Mask two = held_twice(p.where[static_cast<std::size_t>(u)], t_.n);  // the unit's bivalue cells
      const Mask lost = two & places;  // ... that lost candidates
      if (lost == 0) return;
      for (Mask is = two; is != 0; is &= is - 1) {
        const int i = std::countr_zero(is);
        const Cell a = t_.cell_of(u, i);
        const Mask m = p.cand[static_cast<std::size_t>(a)];
        for (Mask js = partners(is, lost, i); js != 0; js &= js - 1) {
          const Cell b = t_.cell_of(u, std::countr_zero(js));
          if (p.cand[static_cast<std::size_t>(b)] != m) continue;
          sink.parents(ChainVia::NakedPair);
          for (const Cell c : {a, b}) {
            for (Mask gone = sink.keeps_parents() ? s.cand[static_cast<std::size_t>(c)] & ~m : 0; gone != 0; gone &= gone - 1) {
              sink.parent(c, std::countr_zero(gone));
            }
          }
          for (Mask others = p.open_places(u) & ~((Mask{1} << i) | (Mask{1} << std::countr_zero(js))); others != 0;
               others &= others - 1) {
            const Cell c = t_.cell_of(u, std::countr_zero(others));
            for (Mask o = p.cand[static_cast<std::size_t>(c)] & m; o != 0; o &= o - 1) take(c, std::countr_zero(o));
          }
        }
      }
    });
  }

  // X-wings, rows then columns as base, digit by digit, line pairs in order, one of
  // the two having lost places of the digit.
  template <typename Sink, typename LostIn, typename Take>
  void x_wings(const Position<W>& p, Sink& sink, LostIn& lost_in, Take& take) {
    const int n = t_.n;
    auto& fish = unscanned_[kFish];
    const std::uint64_t lines = (std::uint64_t{1} << n) - 1;
    for (const int base0 : {0, n}) {
      const int cover0 = n - base0;
      // The digits of which a base line that lost places has two left: only they
      // can make a new X-wing.
      Mask digits = 0;
      for (std::uint64_t lost = unscanned_units_[kFish] >> base0 & lines; lost != 0; lost &= lost - 1) {
        const auto line = static_cast<std::size_t>(base0 + std::countr_zero(lost));
        digits |= fish[line] & count_lanes(p.where[line], 2, 2);
      }
      for (Mask ds = digits; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        Mask two = 0;  // base lines with two places of d
        Mask lost = 0;  // ... that lost places of d
        for (int i = 0; i < n; ++i) {
          if (std::popcount(p.places(base0 + i, d)) != 2) continue;
          two |= Mask{1} << i;
          lost |= (Mask{fish[static_cast<std::size_t>(base0 + i)]} >> d & 1U) << i;
        }
        for (Mask is = two; is != 0; is &= is - 1) {
          const int i = std::countr_zero(is);
          const Mask pi = p.places(base0 + i, d);
          for (Mask js = partners(is, lost, i); js != 0; js &= js - 1) {
            const int j = std::countr_zero(js);
            if (p.places(base0 + j, d) != pi) continue;
            sink.parents(ChainVia::XWing);
            lost_in(base0 + i, d);
            lost_in(base0 + j, d);
            for (Mask cover = pi; cover != 0; cover &= cover - 1) {
              const int line = cover0 + std::countr_zero(cover);
              for (Mask at = p.places(line, d) & ~((Mask{1} << i) | (Mask{1} << j)); at != 0; at &= at - 1) {
                take(t_.cell_of(line, std::countr_zero(at)), d);
              }
            }
          }
        }
      }
    }
    for_each_unscanned(kFish, [](int, Mask) {});
  }

  // The members after `first` (the lowest of `members`) that can pair with it: all
  // of them if `first` lost something, else those that did.
  static Mask partners(Mask members, Mask lost, int first) {
    const Mask later = members & (members - 1);
    return (lost >> first & 1U) != 0 ? later : later & lost;
  }

  const Tables<W>& t_;
  std::vector<int> crossings_from_;  // by unit: its first crossing in Tables (as first unit)
  // Since the last apply(): the digits each unit lost places of, and each unit's
  // cells that lost candidates (as places); the units with either.
  std::array<std::uint16_t, engine::kMaxUnits> touched_{};
  std::array<std::uint16_t, engine::kMaxUnits> touched_cells_{};
  std::uint64_t touched_units_ = 0;
  // What each kind has not looked at yet (by unit: digits, or places for naked
  // pairs), and the units with any.
  std::array<std::array<Mask, engine::kMaxUnits>, kKinds> unscanned_{};
  std::array<std::uint64_t, kKinds> unscanned_units_{};
};

}  // namespace sudoforge::grader::ladder
