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

namespace sudoforge::grader::ladder {

using LanePlaces = std::array<std::uint16_t, 16>;

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

// Lanes with a bit outside `within`.
inline __m128i outside(__m128i p, __m128i within) {
  const __m128i rest = _mm_andnot_si128(within, p);
  return _mm_xor_si128(_mm_cmpeq_epi16(rest, _mm_setzero_si128()), _mm_set1_epi16(-1));
}

inline std::uint32_t mask(__m128i low, __m128i high) {
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_packs_epi16(low, high)));
}

}  // namespace lanes_detail

// The digits with exactly one place.
inline std::uint32_t single_lanes(const LanePlaces& places) {
  using namespace lanes_detail;
  return mask(one_place(half(places, 0)), one_place(half(places, 1)));
}

// The digits with a place outside `within`.
inline std::uint32_t outside_lanes(const LanePlaces& places, std::uint32_t within) {
  using namespace lanes_detail;
  const __m128i w = _mm_set1_epi16(static_cast<short>(within));
  return mask(outside(half(places, 0), w), outside(half(places, 1), w));
}

// The digits with two or more places, all within `within`.
inline std::uint32_t locked_lanes(const LanePlaces& places, std::uint32_t within) {
  using namespace lanes_detail;
  const __m128i w = _mm_set1_epi16(static_cast<short>(within));
  const __m128i zero = _mm_setzero_si128();
  auto locked = [&](__m128i p) {
    const __m128i several = _mm_andnot_si128(one_place(p), _mm_xor_si128(_mm_cmpeq_epi16(p, zero), _mm_set1_epi16(-1)));
    return _mm_andnot_si128(outside(p, w), several);
  };
  return mask(locked(half(places, 0)), locked(half(places, 1)));
}

// Adds place `bit` to the digits of `digits` (a cell's candidates).
inline void add_place(LanePlaces& places, std::uint32_t digits, std::uint32_t bit) {
  const __m128i lane_bits_low = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
  const __m128i lane_bits_high = _mm_slli_epi16(lane_bits_low, 8);
  const __m128i d = _mm_set1_epi16(static_cast<short>(digits));
  const __m128i b = _mm_set1_epi16(static_cast<short>(bit));
  auto* at = reinterpret_cast<__m128i*>(places.data());
  const __m128i low = _mm_and_si128(_mm_cmpeq_epi16(_mm_and_si128(d, lane_bits_low), lane_bits_low), b);
  const __m128i high = _mm_and_si128(_mm_cmpeq_epi16(_mm_and_si128(d, lane_bits_high), lane_bits_high), b);
  _mm_storeu_si128(at, _mm_or_si128(_mm_loadu_si128(at), low));
  _mm_storeu_si128(at + 1, _mm_or_si128(_mm_loadu_si128(at + 1), high));
}

// Takes place `bit` from every digit (a cell that is placed is nobody's place).
inline void clear_place(LanePlaces& places, std::uint32_t bit) {
  const __m128i b = _mm_set1_epi16(static_cast<short>(bit));
  auto* at = reinterpret_cast<__m128i*>(places.data());
  _mm_storeu_si128(at, _mm_andnot_si128(b, _mm_loadu_si128(at)));
  _mm_storeu_si128(at + 1, _mm_andnot_si128(b, _mm_loadu_si128(at + 1)));
}

#else

inline void add_place(LanePlaces& places, std::uint32_t digits, std::uint32_t bit) {
  for (; digits != 0; digits &= digits - 1) places[static_cast<std::size_t>(std::countr_zero(digits))] |= static_cast<std::uint16_t>(bit);
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

inline std::uint32_t outside_lanes(const LanePlaces& places, std::uint32_t within) {
  std::uint32_t found = 0;
  for (int i = 0; i < 16; ++i) {
    if ((places[static_cast<std::size_t>(i)] & ~within) != 0) found |= 1U << i;
  }
  return found;
}

inline std::uint32_t locked_lanes(const LanePlaces& places, std::uint32_t within) {
  std::uint32_t found = 0;
  for (int i = 0; i < 16; ++i) {
    const unsigned p = places[static_cast<std::size_t>(i)];
    if ((p & (p - 1)) != 0 && (p & ~within) == 0) found |= 1U << i;
  }
  return found;
}

#endif

}  // namespace sudoforge::grader::ladder
