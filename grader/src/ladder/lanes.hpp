#pragma once
// A unit's places of every digit (Position::where[u], 16 lanes of 16 bits) asked
// about all digits at once: which digits have exactly one place, which have all their
// places in a given set. With SSE2 each answer is a digit mask from two 8-lane halves
// in a few instructions; elsewhere, lane by lane.

#include <array>
#include <bit>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sudoforge/engine/bits.hpp"

namespace sudoforge::grader::ladder {

using LanePlaces = std::array<std::uint16_t, 16>;

// The places that exactly two of the first n digits hold (for a unit's places by
// digit: its cells with two candidates), counted a bit slice at a time over the
// digits instead of cell by cell.
inline std::uint32_t held_twice(const LanePlaces& places, int n) {
  engine::SliceCount<std::uint32_t> count;
  for (int d = 0; d < n; ++d) count.add(places[static_cast<std::size_t>(d)]);
  return count.twos & ~count.ones & ~count.more;
}

#if defined(__SSE2__)
namespace lanes_detail {

inline __m128i half(const LanePlaces& places, int which) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(places.data() + 8 * which));
}

// Lanes with exactly one bit.
inline __m128i one_place(__m128i p) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i below = _mm_sub_epi16(p, _mm_set1_epi16(1));
  const __m128i at_most_one = _mm_cmpeq_epi16(_mm_and_si128(p, below), zero);
  return _mm_andnot_si128(_mm_cmpeq_epi16(p, zero), at_most_one);
}

// Lanes with no bit outside `within` (all of them in it, or none at all).
inline __m128i inside(__m128i p, __m128i within) { return _mm_cmpeq_epi16(_mm_andnot_si128(within, p), _mm_setzero_si128()); }

// Lanes with `least` to `most` bits.
[[gnu::always_inline]] inline __m128i between(__m128i p, int least, int most) {
  // Each lane's bit count, halves then nibbles then bytes summed.
  p = _mm_sub_epi16(p, _mm_and_si128(_mm_srli_epi16(p, 1), _mm_set1_epi16(0x5555)));
  p = _mm_add_epi16(_mm_and_si128(p, _mm_set1_epi16(0x3333)), _mm_and_si128(_mm_srli_epi16(p, 2), _mm_set1_epi16(0x3333)));
  p = _mm_and_si128(_mm_add_epi16(p, _mm_srli_epi16(p, 4)), _mm_set1_epi16(0x0F0F));
  p = _mm_and_si128(_mm_add_epi16(p, _mm_srli_epi16(p, 8)), _mm_set1_epi16(0x1F));
  return _mm_and_si128(_mm_cmpgt_epi16(p, _mm_set1_epi16(static_cast<short>(least - 1))),
                       _mm_cmplt_epi16(p, _mm_set1_epi16(static_cast<short>(most + 1))));
}

// Lanes with two bits or more, and with exactly two: the lowest bit dropped once
// (and twice), a few instructions instead of a bit count.
inline __m128i two_or_more(__m128i p) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i rest = _mm_and_si128(p, _mm_sub_epi16(p, _mm_set1_epi16(1)));
  return _mm_andnot_si128(_mm_cmpeq_epi16(rest, zero), _mm_cmpeq_epi16(zero, zero));
}
inline __m128i exactly_two(__m128i p) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i one = _mm_set1_epi16(1);
  const __m128i rest = _mm_and_si128(p, _mm_sub_epi16(p, one));
  const __m128i last = _mm_and_si128(rest, _mm_sub_epi16(rest, one));
  return _mm_andnot_si128(_mm_cmpeq_epi16(rest, zero), _mm_cmpeq_epi16(last, zero));
}

inline std::uint32_t mask(__m128i low, __m128i high) {
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_packs_epi16(low, high)));
}

}  // namespace lanes_detail

// The digits with exactly one place.
[[gnu::always_inline]] inline std::uint32_t single_lanes(const LanePlaces& places) {
  using namespace lanes_detail;
  return mask(one_place(half(places, 0)), one_place(half(places, 1)));
}

// The digits with `least` to `most` places (two or more, and exactly two, the
// ladder's most frequent questions, without a bit count).
[[gnu::always_inline]] inline std::uint32_t count_lanes(const LanePlaces& places, int least, int most) {
  using namespace lanes_detail;
  if (least == 2 && most >= 16) return mask(two_or_more(half(places, 0)), two_or_more(half(places, 1)));
  if (least == 2 && most == 2) return mask(exactly_two(half(places, 0)), exactly_two(half(places, 1)));
  return mask(between(half(places, 0), least, most), between(half(places, 1), least, most));
}

// The digits whose places all lie within `within` (a digit without any too).
[[gnu::always_inline]] inline std::uint32_t within_lanes(const LanePlaces& places, std::uint32_t within) {
  using namespace lanes_detail;
  const __m128i w = _mm_set1_epi16(static_cast<short>(within));
  return mask(inside(half(places, 0), w), inside(half(places, 1), w));
}

// The digits whose places in unit a all lie within `within_a` and that have a place
// in unit b outside `within_b` (a digit locked in a crossing of a and b, given two
// or more places in a).
[[gnu::always_inline]] inline std::uint32_t crossing_lanes(const LanePlaces& a, std::uint32_t within_a, const LanePlaces& b, std::uint32_t within_b) {
  using namespace lanes_detail;
  const __m128i wa = _mm_set1_epi16(static_cast<short>(within_a));
  const __m128i wb = _mm_set1_epi16(static_cast<short>(within_b));
  const auto lanes = [&](int which) { return _mm_andnot_si128(inside(half(b, which), wb), inside(half(a, which), wa)); };
  return mask(lanes(0), lanes(1));
}

// A unit's places of every digit from its cells' candidates, read the other way
// round: places[d] holds bit k when cells[k] holds bit d (d < n; the rest are 0).
// Each digit's row of the bit matrix is the sign bits of the lanes shifted so that
// bit d is on top.
inline void transpose_places(const LanePlaces& cells, int n, LanePlaces& places) {
  const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells.data()));
  const __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells.data() + 8));
  places.fill(0);
  for (int d = 0; d < n; ++d) {
    const __m128i shift = _mm_cvtsi32_si128(15 - d);
    const __m128i tops = _mm_packs_epi16(_mm_sll_epi16(low, shift), _mm_sll_epi16(high, shift));
    places[static_cast<std::size_t>(d)] = static_cast<std::uint16_t>(_mm_movemask_epi8(tops));
  }
}

// Takes place `bit` from every digit (a cell that is placed is nobody's place).
inline void clear_place(LanePlaces& places, std::uint32_t bit) {
  const __m128i b = _mm_set1_epi16(static_cast<short>(bit));
  auto* at = reinterpret_cast<__m128i*>(places.data());
  _mm_storeu_si128(at, _mm_andnot_si128(b, _mm_loadu_si128(at)));
  _mm_storeu_si128(at + 1, _mm_andnot_si128(b, _mm_loadu_si128(at + 1)));
}

#else

inline void transpose_places(const LanePlaces& cells, int n, LanePlaces& places) {
  places.fill(0);
  for (int k = 0; k < 16; ++k) {
    for (std::uint32_t ds = cells[static_cast<std::size_t>(k)] & ((1U << n) - 1); ds != 0; ds &= ds - 1) {
      places[static_cast<std::size_t>(std::countr_zero(ds))] |= static_cast<std::uint16_t>(1U << k);
    }
  }
}

inline void clear_place(LanePlaces& places, std::uint32_t bit) {
  for (auto& p : places) p = static_cast<std::uint16_t>(p & ~bit);
}

inline std::uint32_t single_lanes(const LanePlaces& places) {
  std::uint32_t found = 0;
  for (int i = 0; i < 16; ++i) {
    const unsigned p = places[static_cast<std::size_t>(i)];
    if (p != 0 && (p & (p - 1)) == 0) found |= 1U << i;
  }
  return found;
}

inline std::uint32_t count_lanes(const LanePlaces& places, int least, int most) {
  std::uint32_t found = 0;
  for (int i = 0; i < 16; ++i) {
    const int size = std::popcount(static_cast<unsigned>(places[static_cast<std::size_t>(i)]));
    if (size >= least && size <= most) found |= 1U << i;
  }
  return found;
}

inline std::uint32_t within_lanes(const LanePlaces& places, std::uint32_t within) {
  std::uint32_t found = 0;
  for (int i = 0; i < 16; ++i) found |= static_cast<std::uint32_t>((places[static_cast<std::size_t>(i)] & ~within) == 0) << i;
  return found;
}

inline std::uint32_t crossing_lanes(const LanePlaces& a, std::uint32_t within_a, const LanePlaces& b, std::uint32_t within_b) {
  return within_lanes(a, within_a) & ~within_lanes(b, within_b);
}

#endif

}  // namespace sudoforge::grader::ladder
