// A helper of the classic 9x9 core's vector backends (classic9_sse.cpp and
// classic9_wide.hpp), included inside their anonymous namespace, so that each build
// has its own copy compiled for its instruction set.

// The byte shuffle that turns each 64-bit row of four 16-bit lanes by K lanes: lane j
// gets lane (j + K) % 4.
template <int K>
__m128i row_rotation() {
  constexpr int a = (0 + K) % 4;
  constexpr int b = (1 + K) % 4;
  constexpr int c = (2 + K) % 4;
  constexpr int d = (3 + K) % 4;
  return _mm_setr_epi8(2 * a, 2 * a + 1, 2 * b, 2 * b + 1, 2 * c, 2 * c + 1, 2 * d, 2 * d + 1, 8 + 2 * a, 9 + 2 * a,
                       8 + 2 * b, 9 + 2 * b, 8 + 2 * c, 9 + 2 * c, 8 + 2 * d, 9 + 2 * d);
}
