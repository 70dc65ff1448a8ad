#pragma once
// Dynamic runs of many assumptions at once, up to 512 at a time: what the forcing chains
// of several branches and Nishio's need from every candidate of a position (what
// each assumption reaches, how deep, and whether it contradicts, without the chains
// themselves), at a fraction of the cost of following them node by node.
//
// Each node (a candidate of the position, "on" or "off") keeps a bit per assumption of
// a batch (Lanes: 64 x Words bits, SIMD where the compiler has it), bit i for
// assumption i of the batch: whether that run has reached the node. All runs of a
// batch advance one depth at a time together:
//  - a new "on" node turns its digit's other places among its cell's peers "off",
//    and (with Y links) its cell's other candidates;
//  - the new "off" nodes of a depth leave the run's working position together; a
//    unit they touch left with one place of the digit makes it "on" one depth deeper
//    (a hidden single), and (with Y links) a cell they touch left with one candidate
//    (a naked single); a unit or cell that loses its last two or more at one depth
//    is a contradiction of length 2 x depth + 1;
//  - a node reached both "on" and "off" is a contradiction as long as its two depths
//    together; a run ends at the end of the first depth where it meets one.
// A batch stops at the depth its caller's bound gives (asked before every depth) or
// when no run has anything new. Afterwards each run's reach (a bit per node), the
// depth of each node it reached and how it ended (dry, at the bound, in a
// contradiction) can be read.
//
// Each run reaches what Implications (implications.hpp) reaches with the same links
// (Dynamic or DynamicX), at the same depths, and stops at the same depth with the
// same contradiction length. Implications expands nodes one by one in breadth-first
// order, taking each "off" node out of its working position as it goes; an "off"
// node makes a single when its cell (or unit) has it and one other candidate left at
// that moment. The last of a depth's "off" nodes in a cell is expanded after every
// earlier one, so the single comes exactly when, after the whole depth is taken out,
// one candidate is left; it lies one depth deeper. When a depth takes a cell's (or
// unit's) last two or more candidates, the node by node order makes an "on" for one
// of them, which clashes with its own "off": a contradiction of length 2 x depth + 1
// (here found as such; the clashing "on" node itself is not listed among those
// reached).
//
// Nodes are numbered 2k + on for the position's candidates k in cell order, digits in
// order within a cell: the order of the slots Implications numbers, so walking a set
// of nodes upwards walks their slots upwards.
//
// A depth's pass over the groups keeps six Lanes values per group at once, each in a
// register: the instructions are chosen at run time (one binary for every x86-64
// processor). With AVX-512 a 512-lane batch (Words 8) is one register; with AVX2 a
// 256-lane one is, and a 512-lane batch goes in 256-bit parts; without either, the
// pass goes over the lanes in 128-bit parts, which keeps them in the 16 SSE
// registers instead of on the stack. Every path gives the same (tests/grader/
// sweep_test.cpp). The forcing chains take 512-lane batches only where AVX-512 is
// (ladder.hpp): there one pass of them costs less than two of 256 lanes, and with
// AVX2 alone more.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "position.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace sudoforge::grader::ladder {

// AVX2 and AVX-512 are chosen at run time on x86-64 (one binary runs on every processor).
#if defined(__x86_64__)
#define SUDOFORGE_SWEEP_AVX2 1
#else
#define SUDOFORGE_SWEEP_AVX2 0
#endif

namespace sweep_detail {
// 64 x Words bits; one word is a plain integer. (GCC drops vector_size on a type
// that depends on a template parameter, so each width is spelled out.)
template <int Words>
struct LaneType;
template <>
struct LaneType<1> {
  using type = std::uint64_t;
};
template <>
struct LaneType<4> {
  using type = std::uint64_t __attribute__((vector_size(32)));
};
template <>
struct LaneType<8> {
  using type = std::uint64_t __attribute__((vector_size(64)));
};
// The part of a Lanes value that fits one register of a kind (SSE, AVX2, AVX-512;
// all of it for one word): loops that keep several Lanes values at once go a part at
// a time, so that they stay in registers. Parts are read and written in
// place, through a type that may alias the Lanes it is a part of.
template <int Bytes>
struct PartOf;
template <>
struct PartOf<8> {
  using type = std::uint64_t __attribute__((may_alias));
};
template <>
struct PartOf<16> {
  using type = std::uint64_t __attribute__((vector_size(16), may_alias));
};
template <>
struct PartOf<32> {
  using type = std::uint64_t __attribute__((vector_size(32), may_alias));
};
template <>
struct PartOf<64> {
  using type = std::uint64_t __attribute__((vector_size(64), may_alias));
};
template <typename Part, typename Lanes>
const Part& part_of(const Lanes& v, int i) {
  return reinterpret_cast<const Part*>(&v)[i];
}
template <typename Part, typename Lanes>
Part& part_of(Lanes& v, int i) {
  return reinterpret_cast<Part*>(&v)[i];
}
// (Lanes go by reference: without AVX, a 32-byte vector by value changes the ABI.)

// An allocator for vectors of Lanes: std::allocator does not see their alignment
// (GCC drops a vector type's attributes in a template argument), and code made for
// AVX stores them with aligned moves.
template <typename T>
struct AlignedAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  AlignedAllocator() = default;
  template <typename U>
  explicit AlignedAllocator(const AlignedAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlign)); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, kAlign); }
  friend bool operator==(const AlignedAllocator&, const AlignedAllocator&) { return true; }
};
template <typename Lanes>
constexpr int words_of = static_cast<int>(sizeof(Lanes) / 8);
template <typename Lanes>
std::uint64_t word(const Lanes& v, int i) {
  if constexpr (std::is_integral_v<Lanes>) {
    return v;
  } else {
    return v[i];
  }
}
template <typename Lanes>
void set_word(Lanes& v, int i, std::uint64_t value) {
  if constexpr (std::is_integral_v<Lanes>) {
    v = value;
  } else {
    v[i] = value;
  }
}
template <typename Lanes>
bool none(const Lanes& v) {
  std::uint64_t any = 0;
  for (int i = 0; i < words_of<Lanes>; ++i) any |= word(v, i);
  return any == 0;
}
#if SUDOFORGE_SWEEP_AVX2
// The same for 256 lanes in one instruction (vptest), for code made for AVX2: it is
// inlined only there (run_avx2).
template <typename Lanes>
[[gnu::target("avx2")]] inline bool none_avx2(const Lanes& v) {
  static_assert(sizeof(Lanes) == sizeof(__m256i));
  const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&v));  // (__m256i may alias)
  return _mm256_testz_si256(x, x) != 0;
}
// ... and for 512 lanes, for code made for AVX-512 (run_avx512).
template <typename Lanes>
[[gnu::target("avx512f")]] inline bool none_avx512(const Lanes& v) {
  static_assert(sizeof(Lanes) == sizeof(__m512i));
  const __m512i x = _mm512_loadu_si512(&v);
  return _mm512_test_epi64_mask(x, x) == 0;
}
// (Below, the intrinsics that GCC 12 makes from an undefined value, which it then
// warns of, are spelt in their zero-masking form with every lane kept.)
constexpr __mmask8 kAll = 0xFF;
// Eight rows of eight words (x[i] word j) transposed in place (x[j] word i).
[[gnu::target("avx512f")]] inline void transpose_words8(__m512i (&x)[8]) {
  __m512i b[8];
  for (int i = 0; i < 8; i += 2) {
    b[i] = _mm512_maskz_unpacklo_epi64(kAll, x[i], x[i + 1]);      // x[i]0 x[i+1]0 x[i]2 x[i+1]2 ...
    b[i + 1] = _mm512_maskz_unpackhi_epi64(kAll, x[i], x[i + 1]);  // x[i]1 x[i+1]1 x[i]3 x[i+1]3 ...
  }
  const __m512i even_pairs = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
  const __m512i odd_pairs = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
  __m512i c[8];
  for (int i = 0; i < 8; i += 4) {
    c[i] = _mm512_permutex2var_epi64(b[i], even_pairs, b[i + 2]);      // words 0 and 4 of rows i..i+3
    c[i + 1] = _mm512_permutex2var_epi64(b[i], odd_pairs, b[i + 2]);   // words 2 and 6
    c[i + 2] = _mm512_permutex2var_epi64(b[i + 1], even_pairs, b[i + 3]);  // words 1 and 5
    c[i + 3] = _mm512_permutex2var_epi64(b[i + 1], odd_pairs, b[i + 3]);   // words 3 and 7
  }
  const __m512i low = _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11);
  const __m512i high = _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15);
  x[0] = _mm512_permutex2var_epi64(c[0], low, c[4]);
  x[4] = _mm512_permutex2var_epi64(c[0], high, c[4]);
  x[2] = _mm512_permutex2var_epi64(c[1], low, c[5]);
  x[6] = _mm512_permutex2var_epi64(c[1], high, c[5]);
  x[1] = _mm512_permutex2var_epi64(c[2], low, c[6]);
  x[5] = _mm512_permutex2var_epi64(c[2], high, c[6]);
  x[3] = _mm512_permutex2var_epi64(c[3], low, c[7]);
  x[7] = _mm512_permutex2var_epi64(c[3], high, c[7]);
}
// (A ^ B) & C, for vpternlogq.
constexpr int kXorAnd = 0x28;
// A step of transpose_bits64() between words `apart` registers apart.
[[gnu::target("avx512f")]] inline void swap_across(__m512i (&r)[8], int apart, unsigned width, std::uint64_t bits) {
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(bits));
  for (int g = 0; g < 8; ++g) {
    if ((g & apart) != 0) continue;
    const __m512i t = _mm512_ternarylogic_epi64(_mm512_maskz_srli_epi64(kAll, r[g], width), r[g + apart], mask, kXorAnd);
    r[g] = _mm512_xor_si512(r[g], _mm512_maskz_slli_epi64(kAll, t, width));
    r[g + apart] = _mm512_xor_si512(r[g + apart], t);
  }
}
// ... and within each register, between words Width places apart (the pairs'
// second words are `second`), each paired with a permuted copy of the register.
template <int Width>
[[gnu::target("avx512f")]] inline void swap_within(__m512i (&r)[8], std::uint64_t bits, __mmask8 second) {
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(bits));
  const auto first = static_cast<__mmask8>(~second);
  for (__m512i& x : r) {
    __m512i partner;
    if constexpr (Width == 4) {
      partner = _mm512_maskz_shuffle_i64x2(kAll, x, x, 0x4E);
    } else if constexpr (Width == 2) {
      partner = _mm512_maskz_permutex_epi64(kAll, x, 0x4E);
    } else {
      partner = _mm512_maskz_permutex_epi64(kAll, x, 0xB1);
    }
    const __m512i a = _mm512_mask_mov_epi64(x, second, partner);  // the pair's first word, in both
    const __m512i b = _mm512_mask_mov_epi64(partner, second, x);  // its second
    const __m512i t = _mm512_ternarylogic_epi64(_mm512_maskz_srli_epi64(kAll, a, Width), b, mask, kXorAnd);
    x = _mm512_mask_xor_epi64(x, first, x, _mm512_maskz_slli_epi64(kAll, t, Width));
    x = _mm512_mask_xor_epi64(x, second, x, t);
  }
}
// A 64 x 64 bit matrix (64 words, 64-byte aligned) transposed in place: bit j of
// word i goes to bit i of word j. The steps of the plain transpose64() (Sweep), each
// on eight words at once: words 32, 16 and 8 apart lie in different registers; those
// 4, 2 and 1 apart in one, paired with a permuted copy of it.
[[gnu::target("avx512f")]] inline void transpose_bits64(std::uint64_t* block) {
  __m512i r[8];
  for (int g = 0; g < 8; ++g) r[g] = _mm512_load_si512(block + 8 * g);
  swap_across(r, 4, 32, 0x00000000FFFFFFFFULL);
  swap_across(r, 2, 16, 0x0000FFFF0000FFFFULL);
  swap_across(r, 1, 8, 0x00FF00FF00FF00FFULL);
  swap_within<4>(r, 0x0F0F0F0F0F0F0F0FULL, 0xF0);
  swap_within<2>(r, 0x3333333333333333ULL, 0xCC);
  swap_within<1>(r, 0x5555555555555555ULL, 0xAA);
  for (int g = 0; g < 8; ++g) _mm512_store_si512(block + 8 * g, r[g]);
}
#endif
template <typename Lanes>
bool has_lane(const Lanes& v, int lane) { return (word(v, lane / 64) >> (lane % 64) & 1U) != 0; }
template <typename Lanes>
void set_lane(Lanes& v, int lane) { set_word(v, lane / 64, word(v, lane / 64) | std::uint64_t{1} << (lane % 64)); }
// Calls f(lane) for every set lane.
template <typename Lanes, typename F>
void for_each_lane(const Lanes& v, F&& f) {
  for (int i = 0; i < words_of<Lanes>; ++i) {
    for (std::uint64_t w = word(v, i); w != 0; w &= w - 1) f(64 * i + std::countr_zero(w));
  }
}
// The first `count` lanes.
template <typename Lanes>
void set_first(Lanes& v, std::size_t count) {
  for (int i = 0; i < words_of<Lanes>; ++i) {
    const auto here = static_cast<int>(count) - 64 * i;
    set_word(v, i, here >= 64 ? ~std::uint64_t{0} : here > 0 ? (std::uint64_t{1} << here) - 1 : 0);
  }
}
}  // namespace sweep_detail

// The instructions a sweep's runs are made of, from the plainest up.
enum class Simd : std::uint8_t { Plain, Avx2, Avx512 };

// The widest this processor has.
inline Simd simd_here() {
#if SUDOFORGE_SWEEP_AVX2
  if (__builtin_cpu_supports("avx512f") != 0) return Simd::Avx512;
  if (__builtin_cpu_supports("avx2") != 0) return Simd::Avx2;
#endif
  return Simd::Plain;
}

// Words: 64 runs each, per batch.
template <int W, int Words = 4>
class Sweep {
 public:
  using Lanes = typename sweep_detail::LaneType<Words>::type;  // a bit per run of a batch
  static_assert(sizeof(Lanes) == 8 * Words);
  static constexpr int kLanes = 64 * Words;  // runs a batch
  // Bits of a depth: a run reaches a new node at each depth, and a position has at
  // most two nodes a candidate.
  static constexpr int kDepthBits = std::bit_width(static_cast<unsigned>(2 * engine::kMaxCells * engine::kMaxSize));
  using LaneVector = std::vector<Lanes, sweep_detail::AlignedAllocator<Lanes>>;

 private:
  using SsePart = typename sweep_detail::PartOf<(Words >= 2 ? 16 : 8)>::type;  // what an SSE register holds
  using Whole = typename sweep_detail::PartOf<8 * Words>::type;
  using Avx2Part = typename sweep_detail::PartOf<std::min(8 * Words, 32)>::type;  // what an AVX2 register holds
 public:
  explicit Sweep(const Tables<W>& t) : t_(t) {
    use_simd(Simd::Avx512);
    index_.assign(static_cast<std::size_t>(t.cells * t.n), -1);
  }

  // Numbers the candidates of `p` and lists their links; with `digits`, only the
  // links of runs without Y links that stay within those digits (run() with
  // y_links false and one of them as `digit`).
  void load(const Position<W>& p, Mask digits = ~Mask{0}) {
    whole_ = digits == ~Mask{0};
    const int n = t_.n;
    cell_.clear();
    digit_.clear();
    first_.assign(static_cast<std::size_t>(t_.cells), 0);
    std::fill(index_.begin(), index_.end(), -1);
    p.open.for_each([&](int c) {
      first_[static_cast<std::size_t>(c)] = static_cast<int>(cell_.size());
      for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        index_[static_cast<std::size_t>(c * n + d)] = static_cast<int>(cell_.size());
        cell_.push_back(static_cast<std::int16_t>(c));
        digit_.push_back(static_cast<std::int8_t>(d));
      }
    });
    const int k_count = candidates();
    // Groups: each unit's places of each digit, then each open cell's candidates,
    // listed first in scratch and then by size, smallest first (a stable counting
    // sort): a depth visits its groups in that order, so the loops over a group's
    // members run as many times as they did for the group before, nearly always.
    scratch_begin_.assign(1, 0);
    scratch_digit_.clear();
    scratch_members_.clear();
    for (int u = 0; u < t_.unit_count; ++u) {
      for (Mask ds = digits & ((Mask{1} << n) - 1); ds != 0; ds &= ds - 1) {
        const int d = std::countr_zero(ds);
        const Mask places = p.places(u, d);
        if (places == 0) continue;
        scratch_digit_.push_back(static_cast<std::int8_t>(d));
        for (Mask at = places; at != 0; at &= at - 1) {
          scratch_members_.push_back(index_[static_cast<std::size_t>(t_.cell_of(u, std::countr_zero(at)) * n + d)]);
        }
        scratch_begin_.push_back(static_cast<int>(scratch_members_.size()));
      }
    }
    if (whole_) {
      p.open.for_each([&](int c) {
        const int first = first_[static_cast<std::size_t>(c)];
        for (int k = first; k < first + p.count(c); ++k) scratch_members_.push_back(k);
        scratch_digit_.push_back(-1);
        scratch_begin_.push_back(static_cast<int>(scratch_members_.size()));
      });
    }
    const auto group_count = scratch_digit_.size();
    std::array<int, engine::kMaxSize + 2> by_size{};  // groups of each size, then where each size starts
    for (std::size_t g = 0; g < group_count; ++g) ++by_size[static_cast<std::size_t>(scratch_begin_[g + 1] - scratch_begin_[g]) + 1];
    for (std::size_t size = 1; size < by_size.size(); ++size) by_size[size] += by_size[size - 1];
    order_.resize(group_count);
    for (std::size_t g = 0; g < group_count; ++g) {
      order_[static_cast<std::size_t>(by_size[static_cast<std::size_t>(scratch_begin_[g + 1] - scratch_begin_[g])]++)] = static_cast<int>(g);
    }
    group_begin_.assign(1, 0);
    group_digit_.clear();
    members_.clear();
    for (const int g : order_) {
      const auto at = static_cast<std::size_t>(g);
      group_digit_.push_back(scratch_digit_[at]);
      members_.insert(members_.end(), scratch_members_.begin() + scratch_begin_[at], scratch_members_.begin() + scratch_begin_[at + 1]);
      group_begin_.push_back(static_cast<int>(members_.size()));
    }
    // Each candidate's groups (its units' places of its digit, its cell).
    groups_of_.assign(static_cast<std::size_t>(k_count), {});
    group_words_ = (static_cast<int>(group_begin_.size()) - 1 + 63) / 64;
    for (int group = 0; group + 1 < static_cast<int>(group_begin_.size()); ++group) {
      for (int i = group_begin_[static_cast<std::size_t>(group)]; i < group_begin_[static_cast<std::size_t>(group) + 1]; ++i) {
        auto& of = groups_of_[static_cast<std::size_t>(members_[static_cast<std::size_t>(i)])];
        of.group[static_cast<std::size_t>(of.count++)] = static_cast<std::int16_t>(group);
      }
    }
    nodes_ = 2 * k_count;
    row_words_ = (nodes_ + 63) / 64;
    // Each digit's nodes (in order) and unit groups: all that a run of one digit
    // looks at. (Then, for runs of every digit, the unit groups and all groups.)
    digit_nodes_begin_.assign(static_cast<std::size_t>(n) + 1, 0);
    for (int k = 0; k < k_count; ++k) digit_nodes_begin_[static_cast<std::size_t>(digit_[static_cast<std::size_t>(k)]) + 1] += 2;
    for (int d = 0; d < n; ++d) digit_nodes_begin_[static_cast<std::size_t>(d) + 1] += digit_nodes_begin_[static_cast<std::size_t>(d)];
    digit_nodes_.resize(static_cast<std::size_t>(nodes_));
    next_place_.assign(digit_nodes_begin_.begin(), digit_nodes_begin_.end() - 1);
    for (int v = 0; v < nodes_; ++v) digit_nodes_[static_cast<std::size_t>(next_place_[static_cast<std::size_t>(digit_of(v))]++)] = v;
    digit_groups_.assign(static_cast<std::size_t>((n + 2) * group_words_), 0);
    for (int group = 0; group + 1 < static_cast<int>(group_begin_.size()); ++group) {
      const auto word = static_cast<std::size_t>(group >> 6);
      const std::uint64_t bit = std::uint64_t{1} << (group & 63);
      if (const int d = group_digit_[static_cast<std::size_t>(group)]; d >= 0) {
        digit_groups_[static_cast<std::size_t>(d * group_words_) + word] |= bit;
        digit_groups_[static_cast<std::size_t>(n * group_words_) + word] |= bit;
      }
      digit_groups_[static_cast<std::size_t>((n + 1) * group_words_) + word] |= bit;
    }
    // Between runs fresh_ and next_ are all clear (a run clears what it sets, and
    // what a larger position left past nodes_ is clear too); reached_ is cleared per
    // batch.
    reached_.assign(static_cast<std::size_t>(nodes_), Lanes{});
    if (fresh_.size() < static_cast<std::size_t>(nodes_)) {
      fresh_.resize(static_cast<std::size_t>(nodes_), Lanes{});
      next_.resize(static_cast<std::size_t>(nodes_), Lanes{});
    }
  }

  // The widest instructions run() may use (by default the widest the processor has;
  // AVX-512 only for 512-lane batches). The results are the same on every path;
  // tests compare them.
  void use_simd(Simd most) {
    const Simd widest = Words == 8 ? Simd::Avx512 : Simd::Avx2;
    simd_ = std::min({most, simd_here(), widest});
  }
  Simd simd() const { return simd_; }

  int candidates() const { return static_cast<int>(cell_.size()); }
  int nodes() const { return nodes_; }
  // The node of candidate (c, d), or -1 if d is not a candidate of c.
  int node(Cell c, int d, bool on) const {
    const int k = index_[static_cast<std::size_t>(c * t_.n + d)];
    return k < 0 ? -1 : 2 * k + (on ? 1 : 0);
  }
  Cell cell_of(int node) const { return cell_[static_cast<std::size_t>(node >> 1)]; }
  int digit_of(int node) const { return digit_[static_cast<std::size_t>(node >> 1)]; }
  // Implications' slot of a node.
  int slot_of(int node) const { return ((cell_of(node) * t_.n + digit_of(node)) << 1) | (node & 1); }
  int row_words() const { return row_words_; }

  // What run() keeps and tells: each run's reach and depths too (for reach() and
  // depth()), or a contradiction's length alone, or not even that (told as -1: no
  // depth is kept while the runs go, which spares most of the memory they write).
  enum class Keep : std::uint8_t { Reach, Lengths, Contradictions };

  // Follows each of `sources` (nodes), kLanes at a time, with Y links (Dynamic) or
  // without (DynamicX). `bound()` gives the depth no run goes past, asked before each
  // depth; `contradiction(i, length)` is told when source i's run ends in one; `keep`
  // says what else is kept (above). Without Y links a run stays within its
  // assumption's digit: `digit` >= 0 says all sources are of that digit, and only its
  // nodes are looked at.
  template <typename Bound, typename Contradiction>
  void run(std::span<const int> sources, bool y_links, Keep keep, Bound&& bound, Contradiction&& contradiction,
           int digit = -1) {
    if (!whole_ && (y_links || digit < 0)) throw std::logic_error("Sweep: runs with Y links or of every digit need load() of every digit");
#if SUDOFORGE_SWEEP_AVX2
    if constexpr (Words == 8) {
      if (simd_ == Simd::Avx512) {
        run_avx512(sources, y_links, keep, bound, contradiction, digit);
        return;
      }
    }
    if (simd_ == Simd::Avx2) {
      run_avx2(sources, y_links, keep, bound, contradiction, digit);
      return;
    }
#endif
    run_body<SsePart>(sources, y_links, keep, bound, contradiction, digit);
  }

 private:
#if SUDOFORGE_SWEEP_AVX2
  template <typename Bound, typename Contradiction>
  [[gnu::target("avx2")]] void run_avx2(std::span<const int> sources, bool y_links, Keep keep, Bound& bound,
                                        Contradiction& contradiction, int digit) {
    run_body<Avx2Part>(sources, y_links, keep, bound, contradiction, digit);
  }
  template <typename Bound, typename Contradiction>
  [[gnu::target("avx512f")]] void run_avx512(std::span<const int> sources, bool y_links, Keep keep, Bound& bound,
                                             Contradiction& contradiction, int digit) {
    run_body<Whole>(sources, y_links, keep, bound, contradiction, digit);
  }
#endif
  // Whether no lane of `v` is set (vptest where run() goes with AVX2 or AVX-512, Part
  // then the whole of a Lanes value).
  template <typename Part, typename V>
  [[gnu::always_inline]] static bool none_in(const V& v) {
#if SUDOFORGE_SWEEP_AVX2
    if constexpr (sizeof(Part) == 32 && sizeof(V) == 32) return sweep_detail::none_avx2(v);
    if constexpr (sizeof(Part) == 64 && sizeof(V) == 64) return sweep_detail::none_avx512(v);
#endif
    return sweep_detail::none(v);
  }
  // The batch's reach into a row per run (transpose_into()), eight words at a time
  // where run() goes with AVX-512.
  template <typename Part>
  [[gnu::always_inline]] void transpose_rows(std::size_t batch, std::size_t lanes) {
#if SUDOFORGE_SWEEP_AVX2
    if constexpr (Words == 8 && sizeof(Part) == sizeof(Lanes)) return transpose_into_avx512(batch, lanes);
#endif
    transpose_into(batch, lanes);
  }
  // A Part fits a register (with AVX2 on 256 lanes and AVX-512, a whole Lanes value).
  template <typename Part, typename Bound, typename Contradiction>
  [[gnu::always_inline]] inline void run_body(std::span<const int> sources, bool y_links, Keep what, Bound& bound,
                                              Contradiction& contradiction, int digit) {
    const bool keep = what == Keep::Reach;
    const bool lengths = what != Keep::Contradictions;
    const auto nodes = static_cast<std::size_t>(nodes_);
    const auto sources_count = sources.size();
    ++runs_;
    ends_.assign(keep ? sources_count : 0, RunEnd{});
    reach_.clear();
    planes_.clear();
    plane_counts_.clear();
    plane_at_.clear();
    if (keep) reach_.assign(sources_count * static_cast<std::size_t>(row_words_), 0);
    lanes_reached_.clear();
    // The groups and nodes the runs can touch, as load() listed them: one digit's,
    // or every digit's (with Y links, the cells' groups too).
    dirty_.assign(64 * static_cast<std::size_t>(group_words_), 0);
    const int groups_row = digit >= 0 ? digit : y_links ? t_.n + 1 : t_.n;
    const std::uint64_t* allowed = digit_groups_.data() + static_cast<std::size_t>(groups_row * group_words_);
    std::span<const int> nodes_in(digit_nodes_.data() + (digit < 0 ? 0 : digit_nodes_begin_[static_cast<std::size_t>(digit)]),
                                  digit_nodes_.data() + (digit < 0 ? nodes_ : digit_nodes_begin_[static_cast<std::size_t>(digit) + 1]));
    marked_.assign(static_cast<std::size_t>((candidates() + 63) / 64), 0);
    if (new_nodes_.size() < nodes + 1) new_nodes_.resize(nodes + 1);
    for (std::size_t batch = 0; batch * kLanes < sources_count; ++batch) {
      const std::size_t lanes = std::min<std::size_t>(kLanes, sources_count - batch * kLanes);
      for (const int v : nodes_in) reached_[static_cast<std::size_t>(v)] = Lanes{};
      frontier_.clear();
      for (std::size_t i = 0; i < lanes; ++i) {
        const auto v = static_cast<std::size_t>(sources[batch * kLanes + i]);
        if (none_in<Part>(fresh_[v])) frontier_.push_back(static_cast<int>(v));
        sweep_detail::set_lane(fresh_[v], static_cast<int>(i));
        sweep_detail::set_lane(reached_[v], static_cast<int>(i));
      }
      // Depths are needed while the batch runs (a clash is as long as two depths);
      // without `keep` each batch reuses the same planes.
      if (!keep) planes_.clear();
      const std::size_t planes_at = planes_.size();
      int plane_count = 0;
      Lanes active;
      sweep_detail::set_first(active, lanes);
      int stopped_at = 0;  // the depth the batch ended at
      Lanes alive = active;  // the runs with nodes at the depth reached (kept: those not contradicted)
      for (int depth = 0; !frontier_.empty(); ++depth) {
        stopped_at = depth;
        if (depth >= bound()) break;
        // "On" nodes: the digit leaves the peers (and the cell's other candidates),
        // as each group of places below says; the cell and unit groups that lost a
        // place at this depth look for singles.
        // Only a group with a member fresh at this depth (on or off) can do anything.
        // (Plain loops here, no lambdas: GCC compiles a lambda without run_avx2's or
        // run_avx512's target.)
        for (const int v : frontier_) {
          const auto& of = groups_of_[static_cast<std::size_t>(v >> 1)];
          for (int i = 0; i < of.count; ++i) {
            const int group = of.group[static_cast<std::size_t>(i)];
            dirty_[static_cast<std::size_t>(group)] = 1;
          }
        }
        Lanes emptied{};
        for (int word = 0; word < group_words_; ++word) {
          std::uint64_t touched = dirty_groups(word) & allowed[word];
          for (; touched != 0; touched &= touched - 1) {
            const int group = 64 * word + std::countr_zero(touched);
            const int begin = group_begin_[static_cast<std::size_t>(group)];
            const int end = group_begin_[static_cast<std::size_t>(group) + 1];
            constexpr int kParts = static_cast<int>(sizeof(Lanes) / sizeof(Part));
            for (int part = 0; part < kParts; ++part) {
              using sweep_detail::part_of;
              Part on{};
              Part on_two{};
              Part lost{};
              Part lost_two{};
              Part one{};
              Part two{};
              for (int i = begin; i < end; ++i) {
                const auto k = static_cast<std::size_t>(members_[static_cast<std::size_t>(i)]);
                const Part fresh_on = part_of<Part>(fresh_[2 * k + 1], part);
                on_two |= on & fresh_on;
                on |= fresh_on;
                const Part gone = part_of<Part>(fresh_[2 * k], part);
                lost_two |= lost & gone;
                lost |= gone;
                const Part left = ~part_of<Part>(reached_[2 * k], part);
                two |= one & left;
                one |= left;
              }
              const Part single = lost & one & ~two;
              part_of<Part>(emptied, part) |= lost_two & ~one;
              if (none_in<Part>(on | single)) continue;
              for (int i = begin; i < end; ++i) {
                const auto k = static_cast<std::size_t>(members_[static_cast<std::size_t>(i)]);
                // Another member on: this one goes off. The single left: it goes on.
                part_of<Part>(next_[2 * k], part) |= (on & ~part_of<Part>(fresh_[2 * k + 1], part)) | on_two;
                part_of<Part>(next_[2 * k + 1], part) |= single & ~part_of<Part>(reached_[2 * k], part);
                marked_[k >> 6] |= std::uint64_t{1} << (k & 63);
              }
            }
          }
        }
        // What is new at depth + 1, and whether anything clashes.
        emptied &= active;
        std::array<int, kLanes> length;
        Lanes clashed = emptied;
        sweep_detail::for_each_lane(emptied, [&](int lane) { length[static_cast<std::size_t>(lane)] = 2 * depth + 1; });
        for (const int v : frontier_) fresh_[static_cast<std::size_t>(v)] = Lanes{};
        frontier_.clear();
        const int reached_depth = depth + 1;
        while (lengths && (reached_depth >> plane_count) != 0) {
          ++plane_count;
          planes_.resize(planes_.size() + nodes, Lanes{});
        }
        // (Only the candidates written to above can have anything new. No fresh_ is
        // set now, so each is written whether it gets anything or not: no branch on
        // that, which is as good as random; the nodes that do are listed in
        // new_nodes_, which has room for every node and one more.)
        std::size_t fresh_count = 0;
        int* const listed = new_nodes_.data();
        for (std::size_t word = 0; word < marked_.size(); ++word) {
          for (std::uint64_t ks = marked_[word]; ks != 0; ks &= ks - 1) {
            const std::size_t k = 64 * word + static_cast<std::size_t>(std::countr_zero(ks));
            for (const std::size_t v : {2 * k, 2 * k + 1}) {
              const Lanes fresh = next_[v] & ~reached_[v] & active;
              next_[v] = Lanes{};
              fresh_[v] = fresh;
              reached_[v] |= fresh;
              listed[fresh_count] = static_cast<int>(v);
              fresh_count += static_cast<std::size_t>(!none_in<Part>(fresh));
            }
          }
          marked_[word] = 0;
        }
        frontier_.assign(listed, listed + fresh_count);
        // The planes this depth is written to: one per bit set in it.
        std::array<Lanes*, kDepthBits> depth_planes{};
        int depth_bits = 0;
        for (unsigned bits = lengths ? static_cast<unsigned>(reached_depth) : 0U; bits != 0; bits &= bits - 1) {
          depth_planes[static_cast<std::size_t>(depth_bits++)] = planes_.data() + plane_at(planes_at, std::countr_zero(bits));
        }
        Lanes alive_now{};
        for (const int v : frontier_) {
          const auto at = static_cast<std::size_t>(v);
          const Lanes fresh = fresh_[at];
          alive_now |= fresh;
          for (int b = 0; b < depth_bits; ++b) depth_planes[static_cast<std::size_t>(b)][at] |= fresh;
          // A node both on and off: its depth here plus the other's.
          const Lanes both = fresh & reached_[at ^ 1];
          if (none_in<Part>(both)) continue;
          if (!lengths) {
            clashed |= both;
            continue;
          }
          sweep_detail::for_each_lane(both, [&](int lane) {
            const bool other_fresh = sweep_detail::has_lane(fresh_[at ^ 1], lane);
            const int other = other_fresh ? reached_depth : depth_in(planes_at, plane_count, static_cast<int>(at ^ 1), lane);
            const int here = reached_depth + other;
            auto& best = length[static_cast<std::size_t>(lane)];
            if (!sweep_detail::has_lane(clashed, lane) || here < best) best = here;
            sweep_detail::set_lane(clashed, lane);
          });
        }
        if (!none_in<Part>(clashed)) {
          sweep_detail::for_each_lane(clashed, [&](int lane) {
            const int i = static_cast<int>(batch * kLanes) + lane;
            if (keep) ends_[static_cast<std::size_t>(i)] = {RunEnd::How::Contradiction, reached_depth, length[static_cast<std::size_t>(lane)]};
            contradiction(i, lengths ? length[static_cast<std::size_t>(lane)] : -1);
          });
          active &= ~clashed;
          alive &= active;
          // Runs that ended go no further.
          std::size_t kept = 0;
          for (const int v : frontier_) {
            fresh_[static_cast<std::size_t>(v)] &= active;
            if (!none_in<Part>(fresh_[static_cast<std::size_t>(v)])) frontier_[kept++] = v;
          }
          frontier_.resize(kept);
        }
        if (keep) {
          // Runs with nothing new at this depth ran dry: their deepest nodes lie a
          // depth above.
          alive_now &= active;
          sweep_detail::for_each_lane(alive & ~alive_now, [&](int lane) {
            ends_[batch * kLanes + static_cast<std::size_t>(lane)] = {RunEnd::How::Dry, depth, -1};
          });
          alive = alive_now;
        }
      }
      // Runs with nodes of the last depth left (the bound stopped the batch) went
      // only that deep.
      Lanes cut{};
      for (const int v : frontier_) {
        cut |= fresh_[static_cast<std::size_t>(v)];
        fresh_[static_cast<std::size_t>(v)] = Lanes{};
      }
      if (keep && !frontier_.empty()) {
        sweep_detail::for_each_lane(cut, [&](int lane) {
          ends_[batch * kLanes + static_cast<std::size_t>(lane)] = {RunEnd::How::Bound, stopped_at, -1};
        });
      }
      frontier_.clear();
      plane_counts_.push_back(plane_count);
      plane_at_.push_back(planes_at);
      if (keep) {
        transpose_rows<Part>(batch, lanes);
        lanes_reached_.insert(lanes_reached_.end(), reached_.begin(), reached_.begin() + static_cast<std::ptrdiff_t>(nodes));
      }
    }
    if (!keep) {
      planes_.clear();
      plane_counts_.clear();
      plane_at_.clear();
    }
  }

 public:
  // After run(..., Keep::Reach): the nodes source i reached (row_words() words), and
  // the depth it reached node v at (v must be in its reach).
  const std::uint64_t* reach(int i) const { return reach_.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(row_words_); }
  int depth(int i, int v) const {
    const auto batch = static_cast<std::size_t>(i / kLanes);
    return depth_in(plane_at_[batch], plane_counts_[batch], v, i % kLanes);
  }
  // ... and the same read across the runs: by node, a lane for each run of batch b
  // (lane i: source kLanes x b + i), for checks made for many runs at once
  // (plus_filter.hpp).
  const Lanes* reached_by_node(std::size_t b) const { return lanes_reached_.data() + b * static_cast<std::size_t>(nodes_); }
  // ... and how it ended: ran dry (nothing new after `depth`, its deepest nodes' depth,
  // and no contradiction: it reached everything it would without a bound); stopped by
  // the bound with nodes of `depth` still to follow; or in a contradiction found at
  // `depth` (the depth of the later of its two nodes, as Implications counts it) of
  // `length`.
  struct RunEnd {
    enum class How : std::uint8_t { Dry, Bound, Contradiction };
    How how = How::Dry;
    int depth = 0;
    int length = -1;
  };
  const RunEnd& end(int i) const { return ends_[static_cast<std::size_t>(i)]; }
  // How many times run() has been called on this sweep: what it holds is that of run
  // number runs().
  std::uint64_t runs() const { return runs_; }

 private:
  // The groups 64 x word to 64 x word + 63 that dirty_ marks, as bits (clearing the
  // marks): eight bytes of 0 or 1 at a time, each multiplied into the top byte (the
  // bits land in distinct places, so nothing carries).
  std::uint64_t dirty_groups(int word) {
    std::uint8_t* marks = dirty_.data() + 64 * static_cast<std::size_t>(word);
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) {
      std::uint64_t eight = 0;  // mark j in byte j (one load on a little-endian machine)
      for (int j = 0; j < 8; ++j) eight |= std::uint64_t{marks[8 * i + j]} << (8 * j);
      bits |= (eight * 0x0102040810204080ULL) >> 56 << (8 * i);
    }
    std::memset(marks, 0, 64);
    return bits;
  }

  int depth_in(std::size_t planes_at, int plane_count, int v, int lane) const {
    int depth = 0;
    for (int b = 0; b < plane_count; ++b) {
      depth |= static_cast<int>(sweep_detail::has_lane(planes_[plane_at(planes_at, b) + static_cast<std::size_t>(v)], lane)) << b;
    }
    return depth;
  }
  // Where bit plane b of a batch's depths (its planes from planes_at) starts in
  // planes_: a lane set by node.
  std::size_t plane_at(std::size_t planes_at, int b) const { return planes_at + static_cast<std::size_t>(b) * static_cast<std::size_t>(nodes_); }

  // The batch's reach, node-major (a word of runs per node), into rows per run.
  void transpose_into(std::size_t batch, std::size_t lanes) {
    std::array<std::uint64_t, 64> block{};
    for (int word = 0; word < Words && 64 * static_cast<std::size_t>(word) < lanes; ++word) {
      for (int w = 0; w < row_words_; ++w) {
        for (int b = 0; b < 64; ++b) {
          const int v = 64 * w + b;
          const Lanes& reached = reached_[static_cast<std::size_t>(std::min(v, nodes_ - 1))];
          block[static_cast<std::size_t>(b)] = v < nodes_ ? sweep_detail::word(reached, word) : 0;
        }
        transpose64(block);
        for (std::size_t lane = 64 * static_cast<std::size_t>(word); lane < std::min<std::size_t>(lanes, 64 * static_cast<std::size_t>(word) + 64); ++lane) {
          reach_[(batch * kLanes + lane) * static_cast<std::size_t>(row_words_) + static_cast<std::size_t>(w)] = block[lane % 64];
        }
      }
    }
  }
#if SUDOFORGE_SWEEP_AVX2
  // transpose_into() for 512 lanes with AVX-512 (run_avx512): eight nodes' lanes
  // read at once and turned into eight words of each 64 lanes, each 64 x 64 block
  // turned by transpose_bits64(), and each eight runs' row written from eight words
  // of eight blocks turned again. The same rows, in fewer instructions than 64 words
  // at a time (docs/rating-speed.md, 12-04, eighth session).
  [[gnu::target("avx512f")]] void transpose_into_avx512(std::size_t batch, std::size_t lanes) {
    static_assert(Words == 8);
    const auto row_words = static_cast<std::size_t>(row_words_);
    // blocks_: by lane word (64 lanes), by row word (64 nodes), 64 words.
    blocks_.resize(static_cast<std::size_t>(Words) * row_words * 64);
    const auto block = [&](std::size_t word, std::size_t w) { return blocks_.data() + (word * row_words + w) * 64; };
    const __m512i zero = _mm512_setzero_si512();
    for (std::size_t w = 0; w < row_words; ++w) {
      for (std::size_t g = 0; g < 8; ++g) {
        __m512i x[8];
        for (std::size_t j = 0; j < 8; ++j) {
          const std::size_t v = 64 * w + 8 * g + j;
          x[j] = v < static_cast<std::size_t>(nodes_) ? _mm512_load_si512(&reached_[v]) : zero;
        }
        sweep_detail::transpose_words8(x);  // x[word]: that lane word of the eight nodes
        for (std::size_t word = 0; word < 8 && 64 * word < lanes; ++word) _mm512_store_si512(block(word, w) + 8 * g, x[word]);
      }
    }
    for (std::size_t word = 0; word < 8 && 64 * word < lanes; ++word) {
      for (std::size_t w = 0; w < row_words; ++w) sweep_detail::transpose_bits64(block(word, w));
      // block(word, w)[k]: row word w of run 64 word + k.
      for (std::size_t first = 64 * word; first < std::min(lanes, 64 * word + 64); first += 8) {
        for (std::size_t w0 = 0; w0 < row_words; w0 += 8) {
          __m512i y[8];
          for (std::size_t w = 0; w < 8; ++w) y[w] = w0 + w < row_words ? _mm512_load_si512(block(word, w0 + w) + first % 64) : zero;
          sweep_detail::transpose_words8(y);  // y[j]: row words w0.. of run first + j
          const auto words = static_cast<__mmask8>((1U << std::min<std::size_t>(8, row_words - w0)) - 1);
          for (std::size_t j = 0; j < 8 && first + j < lanes; ++j) {
            _mm512_mask_storeu_epi64(reach_.data() + (batch * kLanes + first + j) * row_words + w0, words, y[j]);
          }
        }
      }
    }
  }
#endif
  // Bit j of word i goes to bit i of word j.
  static void transpose64(std::array<std::uint64_t, 64>& a) {
    std::uint64_t mask = 0x00000000FFFFFFFFULL;
    for (int width = 32; width != 0; width >>= 1, mask ^= mask << width) {
      for (int i = 0; i < 64; i = (i + width + 1) & ~width) {
        const std::uint64_t t = ((a[static_cast<std::size_t>(i)] >> width) ^ a[static_cast<std::size_t>(i + width)]) & mask;
        a[static_cast<std::size_t>(i)] ^= t << width;
        a[static_cast<std::size_t>(i + width)] ^= t;
      }
    }
  }

  const Tables<W>& t_;
  Simd simd_ = Simd::Plain;
  // The position.
  bool whole_ = true;  // every digit's links loaded (load())
  std::vector<int> index_;  // by cell * n + digit: candidate or -1
  std::vector<std::int16_t> cell_;
  std::vector<std::int8_t> digit_;
  std::vector<int> first_;  // by cell: its first candidate
  std::vector<int> group_begin_;
  std::vector<int> members_;
  std::vector<std::int8_t> group_digit_;  // by group: a unit's digit, or -1 for a cell's
  std::vector<int> scratch_begin_;  // (load()'s scratch: the groups before their order)
  std::vector<int> scratch_members_;
  std::vector<std::int8_t> scratch_digit_;
  std::vector<int> order_;
  struct GroupsOf {
    std::array<std::int16_t, 6> group{};  // its units' groups (up to five: diagonals too), its cell's
    int count = 0;
  };
  std::vector<GroupsOf> groups_of_;  // by candidate
  int group_words_ = 0;
  std::vector<int> digit_nodes_;        // the nodes, digit by digit (in order within each)
  std::vector<int> digit_nodes_begin_;  // by digit: its first in digit_nodes_ (and the end)
  std::vector<std::uint64_t> digit_groups_;  // by digit: its unit groups; then all unit groups, all groups (group_words_ words each)
  std::vector<int> next_place_;         // (load()'s scratch)
  // At a depth: by group, 1 where a member is fresh. (A byte each, so that marking a
  // node's groups is plain stores, none waiting on the one before as the stores of a
  // bit set's words did; dirty_groups() reads them 64 at a time.)
  std::vector<std::uint8_t> dirty_;
  int nodes_ = 0;
  int row_words_ = 0;
  // A batch.
  LaneVector reached_;                 // by node
  LaneVector fresh_;                   // by node: reached at the last depth
  LaneVector next_;                    // by node: reached at the next depth, before filtering
  std::vector<int> frontier_;          // the nodes with something fresh
  std::vector<int> new_nodes_;         // those of the next depth as they are found
  std::vector<std::uint64_t> marked_;  // the candidates whose nodes next_ may hold something for
  // Kept.
  std::uint64_t runs_ = 0;
  std::vector<RunEnd> ends_;          // by source
  std::vector<std::uint64_t> reach_;  // by source, row_words_ each
  LaneVector lanes_reached_;          // by batch, by node (reached_by_node)
  std::vector<std::uint64_t, sweep_detail::AlignedAllocator<std::uint64_t>> blocks_;  // (transpose_into_avx512's)
  LaneVector planes_;                 // per batch: plane_counts_ planes of lanes per node
  std::vector<int> plane_counts_;
  std::vector<std::size_t> plane_at_;
};

}  // namespace sudoforge::grader::ladder
