#pragma once
// Fish of size k = 2 (X-wing), 3 (swordfish), 4 (jellyfish) for one digit, rows as
// base and columns as cover and the other way round: when the digit's places in k
// base lines all lie in k cover lines, it leaves the cover lines' other cells.
// Finned (and sashimi) fish: the base lines' places lie in the k cover lines except
// for some fins, all in one box; then either the fish holds or a fin does, and both
// take the digit from the cover lines' cells in the fins' box (outside the base).
// Rows and columns only: a fish on boxes (Franken) is not on the ladder.

#include <array>
#include <bit>

#include "findings.hpp"

namespace sudoforge::grader::ladder {

namespace fish_detail {

constexpr HumanTechnique kBasic[] = {HumanTechnique::XWing, HumanTechnique::Swordfish, HumanTechnique::Jellyfish};
constexpr HumanTechnique kFinned[] = {HumanTechnique::FinnedXWing, HumanTechnique::FinnedSwordfish,
                                      HumanTechnique::FinnedJellyfish};

// Calls f(lines) for every k-subset of `candidates` (a bit set of line indices).
template <typename F>
void for_each_subset(Mask candidates, int k, F&& f) {
  std::array<int, engine::kMaxSize> items{};
  int count = 0;
  for (Mask rest = candidates; rest != 0; rest &= rest - 1) items[static_cast<std::size_t>(count++)] = std::countr_zero(rest);
  if (count < k) return;
  if (k == 0) {
    f(Mask{0});
    return;
  }
  // Bit-pattern walk over k-of-count choices (Gosper's hack).
  const std::uint32_t limit = 1U << count;
  for (std::uint32_t pick = (1U << k) - 1; pick < limit;) {
    Mask lines = 0;
    for (std::uint32_t p = pick; p != 0; p &= p - 1) lines |= Mask{1} << items[static_cast<std::size_t>(std::countr_zero(p))];
    f(lines);
    const std::uint32_t low = pick & (~pick + 1);
    const std::uint32_t ripple = pick + low;
    pick = (((ripple ^ pick) >> 2) / low) | ripple;
  }
}

// Calls f(lines, union) for every k-subset of `candidates` whose lines' places
// (places[i] for line i) together pass `fits` (a test that a union failing it fails
// for every union that holds it: more lines only add places), in the order of
// for_each_subset (increasing as numbers: the largest line decides first), so that
// a choice whose larger lines already fail is cut short.
template <typename Fits, typename F>
void for_each_base(Mask candidates, const std::array<Mask, engine::kMaxSize>& places, int k, Fits&& fits, F&& f) {
  std::array<int, engine::kMaxSize> items{};
  int count = 0;
  for (Mask rest = candidates; rest != 0; rest &= rest - 1) items[static_cast<std::size_t>(count++)] = std::countr_zero(rest);
  if (count < k || k == 0) return;
  // at[level]: the index into items chosen at that level, the largest at level 0;
  // level l takes one of items [k - 1 - l, at[l - 1]).
  std::array<int, 5> at{};
  std::array<Mask, 5> unions{};
  std::array<Mask, 5> chosen{};
  int level = 0;
  at[0] = k - 2;
  while (level >= 0) {
    const int next = ++at[static_cast<std::size_t>(level)];
    if (next >= (level == 0 ? count : at[static_cast<std::size_t>(level - 1)])) {
      --level;
      continue;
    }
    const int line = items[static_cast<std::size_t>(next)];
    const Mask joined = unions[static_cast<std::size_t>(level)] | places[static_cast<std::size_t>(line)];
    if (!fits(joined)) continue;
    const Mask lines = chosen[static_cast<std::size_t>(level)] | Mask{1} << line;
    if (level + 1 == k) {
      f(lines, joined);
      continue;
    }
    ++level;
    unions[static_cast<std::size_t>(level)] = joined;
    chosen[static_cast<std::size_t>(level)] = lines;
    at[static_cast<std::size_t>(level)] = k - 1 - level - 1;
  }
}

}  // namespace fish_detail

// `finned`: report finned and sashimi fish only; else basic fish only. Only the
// digits (indices) in `digits` are looked at.
template <int W>
void find_fish(const Tables<W>& t, const Position<W>& p, int k, bool finned, Mask digits, Findings& out) {
  const int n = t.n;
  const HumanTechnique technique = finned ? fish_detail::kFinned[k - 2] : fish_detail::kBasic[k - 2];
  const int stack = t.units.geometry().box_cols();
  const int band = t.units.geometry().box_rows();
  for (; digits != 0; digits &= digits - 1) {
    const int d = std::countr_zero(digits);
    for (const bool rows : {true, false}) {
      const int base0 = rows ? 0 : n;   // base units
      // Places of d in each base line, as cover-line indices (a row's k-th cell is
      // in column k, a column's k-th cell in row k).
      std::array<Mask, engine::kMaxSize> lines{};
      Mask usable = 0;
      int open_lines = 0;
      // A basic fish's places lie in its k cover lines; a finned fish's in k cover
      // lines and one block of cover lines (the fins' box), and it takes something
      // only if one of its cover lines is in that block (the cells it may take lie
      // in the fins' box), so outside some block its places take fewer than k.
      const int width = rows ? stack : band;
      const Mask block0 = (Mask{1} << width) - 1;
      const auto fits = [&](Mask all) {
        if (!finned) return std::popcount(all) <= k;
        for (int block = 0; block * width < n; ++block) {
          if (std::popcount(all & ~(block0 << (block * width))) < k) return true;
        }
        return false;
      };
      for (int i = 0; i < n; ++i) {
        lines[static_cast<std::size_t>(i)] = p.places(base0 + i, d);
        const int size = std::popcount(lines[static_cast<std::size_t>(i)]);
        open_lines += size > 0 ? 1 : 0;
        if (size >= 2 && fits(lines[static_cast<std::size_t>(i)])) usable |= Mask{1} << i;
      }
      if (open_lines < 2 * k) continue;
      fish_detail::for_each_base(usable, lines, k, fits, [&](Mask base, Mask all) {
        const int size = std::popcount(all);
        if (!finned) {
          if (size != k) return;
          report_fish(t, p, d, rows, base, all, 0, technique, out);
          return;
        }
        if (size <= k) return;
        // The fins lie in one box: their cover indices in one block of cover lines
        // (a stack when rows are the base), so the cover takes every line outside
        // that block and enough inside it; the rest of the block holds the fins.
        const int height = rows ? band : stack;
        for (int block = 0; block * width < n; ++block) {
          const Mask in_block = all & (block0 << (block * width));
          const Mask outside = all & ~in_block;
          const int need = k - std::popcount(outside);
          if (need <= 0 || need >= std::popcount(in_block)) continue;  // (need 0: no cover line takes anything)
          fish_detail::for_each_subset(in_block, need, [&](Mask chosen) {
            const Mask cover = outside | chosen;
            const Mask fin_lines = in_block & ~chosen;
            Mask fin_base = 0;
            for (Mask b = base; b != 0; b &= b - 1) {
              const int i = std::countr_zero(b);
              if ((lines[static_cast<std::size_t>(i)] & fin_lines) != 0) fin_base |= Mask{1} << i;
              if ((lines[static_cast<std::size_t>(i)] & cover) == 0) return;  // a base line with fins only
            }
            if (std::countr_zero(fin_base) / height != (31 - std::countl_zero(fin_base)) / height) return;
            report_fish(t, p, d, rows, base, cover, fin_lines, technique, out, block, std::countr_zero(fin_base) / height);
          });
        }
      });
    }
  }
}

// One fish: digit d, base lines `base` (rows when `rows`), cover lines `cover`; with
// fins, only cells of the fin box (stack `fin_stack`, band `fin_band` in base/cover
// terms) are taken.
template <int W>
void report_fish(const Tables<W>& t, const Position<W>& p, int d, bool rows, Mask base, Mask cover, Mask fins,
                 HumanTechnique technique, Findings& out, int fin_cover_block = -1, int fin_base_block = -1) {
  const int n = t.n;
  const int base0 = rows ? 0 : n;
  const int cover0 = rows ? n : 0;
  const int width = rows ? t.units.geometry().box_cols() : t.units.geometry().box_rows();
  const int height = rows ? t.units.geometry().box_rows() : t.units.geometry().box_cols();
  // The cover lines' places of d outside the base (with fins: in the fins' box only),
  // as base-line indices; most fish found take nothing, and are not reported.
  const auto taken = [&](int line) {
    if (fins != 0 && line / width != fin_cover_block) return Mask{0};
    Mask at = p.places(cover0 + line, d) & ~base;
    if (fins != 0) at &= ((Mask{1} << height) - 1) << (fin_base_block * height);
    return at;
  };
  Mask any = 0;
  for (Mask c = cover; c != 0; c &= c - 1) any |= taken(std::countr_zero(c));
  if (any == 0) return;
  out.start(technique, base_rating(technique), Mask{1} << d);
  for (Mask b = base; b != 0; b &= b - 1) out.unit(base0 + std::countr_zero(b));
  for (Mask c = cover; c != 0; c &= c - 1) out.unit(cover0 + std::countr_zero(c));
  for (Mask b = base; b != 0; b &= b - 1) {
    const int line = std::countr_zero(b);
    for (Mask at = p.places(base0 + line, d) & (cover | fins); at != 0; at &= at - 1) {
      out.cell(t.cell_of(base0 + line, std::countr_zero(at)));
    }
  }
  for (Mask c = cover; c != 0; c &= c - 1) {
    const int line = std::countr_zero(c);
    for (Mask at = taken(line); at != 0; at &= at - 1) out.removal(t.cell_of(cover0 + line, std::countr_zero(at)), d);
  }
  out.finish();
}

}  // namespace sudoforge::grader::ladder
