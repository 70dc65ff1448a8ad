// The classic 9x9 core on 256-bit vectors: included by classic9_avx2.cpp (compiled
// for AVX2) and classic9_avx512.cpp (compiled for AVX-512, which counts the bits of
// 16-bit lanes in one instruction and merges three-input logic), each of which
// names the function it defines (SUDOFORGE_CLASSIC9_SOLVE). Nothing in them runs until
// classic9_sse.cpp has found the instruction set on the processor: all their code is
// in an anonymous namespace but that function, and they use no templates of the
// standard library, so no function compiled for them can stand in for one compiled
// elsewhere.

#include <immintrin.h>

#include <cstdint>

#include "classic9.hpp"

namespace sudoforge::engine::classic9 {
namespace {

#include "classic9_rotation.hpp"

// A box's 16 lanes in one 256-bit register.
struct Wide {
  struct Box {
    __m256i v;
  };

  static Box load(const std::uint16_t* p) { return {_mm256_load_si256(reinterpret_cast<const __m256i*>(p))}; }
  static void store(std::uint16_t* p, const Box& a) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), a.v); }
  static Box andnot(const Box& a, const Box& b) { return {_mm256_andnot_si256(b.v, a.v)}; }
  static bool zero(const Box& a) { return _mm256_testz_si256(a.v, a.v) != 0; }
  static Box popcount9(const Box& a) {
#if defined(__AVX512BITALG__) && defined(__AVX512VL__)
    return {_mm256_popcnt_epi16(a.v)};
#else
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2,
                                           3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(a.v, nibble)),
                                          _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(a.v, 4), nibble)));
    return {_mm256_maddubs_epi16(bytes, _mm256_set1_epi8(1))};
#endif
  }
  static Box eq(const Box& a, const Box& b) { return {_mm256_cmpeq_epi16(a.v, b.v)}; }
  // Lane by lane, `a` where `mask` is set (all ones), else `b`.
  static Box select(const Box& mask, const Box& a, const Box& b) { return {_mm256_blendv_epi8(b.v, a.v, mask.v)}; }
  static Box lt(const Box& a, const Box& b) { return {_mm256_cmpgt_epi16(b.v, a.v)}; }
  template <int K>
  static Box row(const Box& a) {
    if constexpr (K == 2) return {_mm256_shuffle_epi32(a.v, _MM_SHUFFLE(2, 3, 0, 1))};
    if constexpr (K != 2) return {_mm256_shuffle_epi8(a.v, _mm256_broadcastsi128_si256(row_rotation<K>()))};
  }
  template <int K>
  static Box col(const Box& a) {
    if constexpr (K == 1) return {_mm256_permute4x64_epi64(a.v, _MM_SHUFFLE(0, 3, 2, 1))};
    if constexpr (K == 2) return {_mm256_permute4x64_epi64(a.v, _MM_SHUFFLE(1, 0, 3, 2))};
    if constexpr (K == 3) return {_mm256_permute4x64_epi64(a.v, _MM_SHUFFLE(2, 1, 0, 3))};
  }
  static __m128i lo(const Box& a) { return _mm256_castsi256_si128(a.v); }
  static __m128i hi(const Box& a) { return _mm256_extracti128_si256(a.v, 1); }
  static Box broadcast(__m128i x) { return {_mm256_broadcastsi128_si256(x)}; }
  static Box shuffle(const Box& a, const Box& control) { return {_mm256_shuffle_epi8(a.v, control.v)}; }
};

inline Wide::Box operator&(const Wide::Box& a, const Wide::Box& b) { return {_mm256_and_si256(a.v, b.v)}; }
inline Wide::Box operator|(const Wide::Box& a, const Wide::Box& b) { return {_mm256_or_si256(a.v, b.v)}; }
inline Wide::Box operator^(const Wide::Box& a, const Wide::Box& b) { return {_mm256_xor_si256(a.v, b.v)}; }

}  // namespace

#include "classic9_core.hpp"

void SUDOFORGE_CLASSIC9_SOLVE(const Request& request, Result& result) {
  Classic9<Wide> core;
  core.solve(request, result);
}

}  // namespace sudoforge::engine::classic9
