#pragma once
// Fixed-width bit sets for the hot paths of the solver and the grader.
// Bits<W> holds W 64-bit words; every operation is a short loop the compiler unrolls.
// For an even W the loops take two words at a time as one SSE vector (hence the
// alignment).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif

namespace sudoforge::engine {

namespace bits_detail {
// Two words as one SSE register (GCC/Clang vector extension). may_alias: it reads
// and writes the words of a Bits in place.
using Pair = std::uint64_t __attribute__((vector_size(16), may_alias));

// Whether both words are zero: one PTEST where SSE4.1 is there (x86-64-v2 and up).
inline bool is_zero(Pair v) {
#if defined(__SSE4_1__)
  const auto m = reinterpret_cast<__m128i>(v);
  return _mm_testz_si128(m, m) != 0;
#else
  return (v[0] | v[1]) == 0;
#endif
}
}  // namespace bits_detail

template <int W>
struct alignas(16) Bits {
  std::array<std::uint64_t, W> words{};

  // Sets of an even word count run their word loops two words at a time: GCC
  // leaves many of these loops scalar on its own.
  static constexpr bool kPaired = W % 2 == 0;
  bits_detail::Pair& pair(int i) { return *reinterpret_cast<bits_detail::Pair*>(&words[static_cast<std::size_t>(2 * i)]); }
  const bits_detail::Pair& pair(int i) const {
    return *reinterpret_cast<const bits_detail::Pair*>(&words[static_cast<std::size_t>(2 * i)]);
  }

  // this = op(this, other), word pair by word pair (or word by word for an odd W);
  // `op` takes and returns a Pair or a word alike.
  template <typename Op>
  Bits& combine(const Bits& other, Op op) {
    if constexpr (kPaired) {
      for (int i = 0; i < W / 2; ++i) pair(i) = op(pair(i), other.pair(i));
    } else {
      for (int i = 0; i < W; ++i) words[i] = op(words[i], other.words[i]);
    }
    return *this;
  }
  // Whether op(this, other) is zero in every word.
  template <typename Op>
  bool none_of(const Bits& other, Op op) const {
    if constexpr (kPaired) {
      bits_detail::Pair all{};
      for (int i = 0; i < W / 2; ++i) all |= op(pair(i), other.pair(i));
      return bits_detail::is_zero(all);
    } else {
      std::uint64_t all = 0;
      for (int i = 0; i < W; ++i) all |= op(words[i], other.words[i]);
      return all == 0;
    }
  }

  static Bits first_n(int n) {  // bits [0, n) set
    Bits bits;
    for (int i = 0; i < W; ++i) {
      const int in_word = n - 64 * i;
      if (in_word >= 64) {
        bits.words[i] = ~std::uint64_t{0};
      } else if (in_word > 0) {
        bits.words[i] = (std::uint64_t{1} << in_word) - 1;
      }
    }
    return bits;
  }

  bool test(int bit) const { return (words[static_cast<unsigned>(bit) >> 6] >> (bit & 63)) & 1U; }
  void set(int bit) { words[static_cast<unsigned>(bit) >> 6] |= std::uint64_t{1} << (bit & 63); }
  void reset(int bit) { words[static_cast<unsigned>(bit) >> 6] &= ~(std::uint64_t{1} << (bit & 63)); }

  Bits& operator&=(const Bits& other) {
    return combine(other, [](auto a, auto b) { return a & b; });
  }
  Bits& operator|=(const Bits& other) {
    return combine(other, [](auto a, auto b) { return a | b; });
  }
  // this &= ~other
  Bits& remove(const Bits& other) {
    return combine(other, [](auto a, auto b) { return a & ~b; });
  }
  friend Bits operator&(Bits a, const Bits& b) { return a &= b; }
  friend Bits operator|(Bits a, const Bits& b) { return a |= b; }
  friend Bits operator^(Bits a, const Bits& b) {
    return a.combine(b, [](auto x, auto y) { return x ^ y; });
  }
  friend Bits without(Bits a, const Bits& b) { return a.remove(b); }
  friend Bits operator~(Bits a) {
    for (int i = 0; i < W; ++i) a.words[i] = ~a.words[i];
    return a;
  }
  friend bool operator==(const Bits& a, const Bits& b) {
    return a.none_of(b, [](auto x, auto y) { return x ^ y; });
  }
  bool any() const {
    return !none_of(*this, [](auto x, auto) { return x; });
  }

  int count() const {
    int bits = 0;
    for (int i = 0; i < W; ++i) bits += std::popcount(words[i]);
    return bits;
  }

  // 0 when empty, 1 for exactly one bit, 2 for more.
  int count_upto_2() const {
    std::uint64_t multi = 0;
    int nonzero = 0;
    for (int i = 0; i < W; ++i) {
      multi |= words[i] & (words[i] - 1);
      nonzero += words[i] != 0;
    }
    return multi != 0 ? 2 : std::min(nonzero, 2);  // single bits in several words are several
  }

  int first() const {  // the lowest set bit; the set must not be empty
    for (int i = 0; i < W - 1; ++i) {
      if (words[i] != 0) return 64 * i + std::countr_zero(words[i]);
    }
    return 64 * (W - 1) + std::countr_zero(words[W - 1]);
  }

  // The first R words.
  template <int R>
  Bits<R> prefix() const {
    Bits<R> head;
    for (int i = 0; i < R; ++i) head.words[i] = words[i];
    return head;
  }

  template <typename F>
  void for_each(F&& f) const {
    if (!any()) return;  // most sets walked on the hot paths are empty: one test, not W
    for (int i = 0; i < W; ++i) {
      for (std::uint64_t word = words[i]; word != 0; word &= word - 1) {
        f(64 * i + std::countr_zero(word));
      }
    }
  }
};

// How many of the sets added hold each bit, bit-sliced: a bit of `ones` and of `twos`
// is the count's 1 and 2, and `more` is set once the count reaches 4. For any set type
// with &, | and ^ (a Bits, or a plain word): one pass over the sets instead of a count
// element by element.
template <typename Set>
struct SliceCount {
  Set ones{};
  Set twos{};
  Set more{};
  void add(const Set& x) {
    const Set carry = ones & x;
    ones = ones ^ x;
    more = more | (twos & carry);
    twos = twos ^ carry;
  }
};

}  // namespace sudoforge::engine
