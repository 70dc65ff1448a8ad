// The classic 9x9 core built for SSE4 (the baseline every x86-64-v2 processor has),
// and the choice among this build and the wider ones (classic9_avx2.cpp,
// classic9_avx512.cpp) by what the processor has.

#include "classic9.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include <cstdint>

namespace sudoforge::engine::classic9 {
namespace {

#include "classic9_rotation.hpp"

// A box's 16 lanes as two SSE registers: rows 0-1 and rows 2-3 of its matrix.
struct Sse4 {
  struct Box {
    __m128i lo;
    __m128i hi;
  };

  static Box load(const std::uint16_t* p) {
    const auto* v = reinterpret_cast<const __m128i*>(p);
    return {_mm_load_si128(v), _mm_load_si128(v + 1)};
  }
  static void store(std::uint16_t* p, const Box& a) {
    auto* v = reinterpret_cast<__m128i*>(p);
    _mm_store_si128(v, a.lo);
    _mm_store_si128(v + 1, a.hi);
  }
  static Box andnot(const Box& a, const Box& b) { return {_mm_andnot_si128(b.lo, a.lo), _mm_andnot_si128(b.hi, a.hi)}; }
  static bool zero(const Box& a) { return _mm_testz_si128(_mm_or_si128(a.lo, a.hi), _mm_or_si128(a.lo, a.hi)) != 0; }
  static Box popcount9(const Box& a) { return {count(a.lo), count(a.hi)}; }
  static Box eq(const Box& a, const Box& b) { return {_mm_cmpeq_epi16(a.lo, b.lo), _mm_cmpeq_epi16(a.hi, b.hi)}; }
  // Lane by lane, `a` where `mask` is set (all ones), else `b`.
  static Box select(const Box& mask, const Box& a, const Box& b) {
    return {_mm_blendv_epi8(b.lo, a.lo, mask.lo), _mm_blendv_epi8(b.hi, a.hi, mask.hi)};
  }
  static Box lt(const Box& a, const Box& b) { return {_mm_cmplt_epi16(a.lo, b.lo), _mm_cmplt_epi16(a.hi, b.hi)}; }
  // Lane (i, j) gets lane (i, (j + K) % 4): each row is a 64-bit word.
  template <int K>
  static Box row(const Box& a) {
    return {rotate<K>(a.lo), rotate<K>(a.hi)};
  }
  // Lane (i, j) gets lane ((i + K) % 4, j).
  template <int K>
  static Box col(const Box& a) {
    if constexpr (K == 1) return {_mm_alignr_epi8(a.hi, a.lo, 8), _mm_alignr_epi8(a.lo, a.hi, 8)};
    if constexpr (K == 2) return {a.hi, a.lo};
    if constexpr (K == 3) return {_mm_alignr_epi8(a.lo, a.hi, 8), _mm_alignr_epi8(a.hi, a.lo, 8)};
  }
  static __m128i lo(const Box& a) { return a.lo; }
  static __m128i hi(const Box& a) { return a.hi; }
  static Box broadcast(__m128i x) { return {x, x}; }
  static Box shuffle(const Box& a, const Box& control) {
    return {_mm_shuffle_epi8(a.lo, control.lo), _mm_shuffle_epi8(a.hi, control.hi)};
  }

 private:
  static __m128i count(__m128i x) {
    const __m128i table = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i bytes = _mm_add_epi8(_mm_shuffle_epi8(table, _mm_and_si128(x, nibble)),
                                       _mm_shuffle_epi8(table, _mm_and_si128(_mm_srli_epi16(x, 4), nibble)));
    return _mm_maddubs_epi16(bytes, _mm_set1_epi8(1));
  }
  template <int K>
  static __m128i rotate(__m128i x) {
    if constexpr (K == 2) return _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1));
    if constexpr (K != 2) return _mm_shuffle_epi8(x, row_rotation<K>());
  }
};

inline Sse4::Box operator&(const Sse4::Box& a, const Sse4::Box& b) { return {_mm_and_si128(a.lo, b.lo), _mm_and_si128(a.hi, b.hi)}; }
inline Sse4::Box operator|(const Sse4::Box& a, const Sse4::Box& b) { return {_mm_or_si128(a.lo, b.lo), _mm_or_si128(a.hi, b.hi)}; }
inline Sse4::Box operator^(const Sse4::Box& a, const Sse4::Box& b) { return {_mm_xor_si128(a.lo, b.lo), _mm_xor_si128(a.hi, b.hi)}; }

}  // namespace

#include "classic9_core.hpp"

namespace {
void solve_sse4(const Request& request, Result& result) {
  Classic9<Sse4> core;
  core.solve(request, result);
}
}  // namespace

SolveFunction sse4_solver() {
  const bool here = __builtin_cpu_supports("sse4.2") != 0 && __builtin_cpu_supports("ssse3") != 0 &&
                    __builtin_cpu_supports("popcnt") != 0;
  return here ? &solve_sse4 : nullptr;
}

SolveFunction avx2_solver() {
  return sse4_solver() != nullptr && __builtin_cpu_supports("avx2") != 0 ? &solve_avx2 : nullptr;
}

SolveFunction avx512_solver() {
  const bool here = avx2_solver() != nullptr && __builtin_cpu_supports("avx512f") != 0 &&
                    __builtin_cpu_supports("avx512vl") != 0 && __builtin_cpu_supports("avx512bw") != 0 &&
                    __builtin_cpu_supports("avx512bitalg") != 0;
  return here ? &solve_avx512 : nullptr;
}

}  // namespace sudoforge::engine::classic9

#else  // not x86-64: the generic core serves 9x9 too

namespace sudoforge::engine::classic9 {
SolveFunction sse4_solver() { return nullptr; }
SolveFunction avx2_solver() { return nullptr; }
SolveFunction avx512_solver() { return nullptr; }
}  // namespace sudoforge::engine::classic9

#endif
