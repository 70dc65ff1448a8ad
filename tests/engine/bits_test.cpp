#include "sudoforge/engine/bits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bitset>
#include <type_traits>
#include <vector>

#include "sudoforge/engine/random.hpp"

namespace sudoforge::engine {
namespace {

// Bits of an even width run on SSE word pairs, of an odd width word by word: both
// must agree with std::bitset on random sets, sparse and dense.
template <typename Width>
class BitsTest : public testing::Test {};

using Widths = testing::Types<std::integral_constant<int, 1>, std::integral_constant<int, 2>,
                              std::integral_constant<int, 3>, std::integral_constant<int, 6>>;
TYPED_TEST_SUITE(BitsTest, Widths);

template <int W>
struct Pair {
  Bits<W> bits;
  std::bitset<64 * W> reference;
};

// A random set: each bit with probability 1/2, or one in `sparse` chance, or none.
template <int W>
Pair<W> random_set(Rng& rng) {
  Pair<W> set;
  const std::uint32_t mode = rng.below(4);
  for (int bit = 0; bit < 64 * W; ++bit) {
    const bool on = mode == 0 ? rng.below(2) == 0 : mode == 1 ? rng.below(40) == 0 : mode == 2 && bit == 64 * W - 1;
    if (!on) continue;
    set.bits.set(bit);
    set.reference.set(static_cast<std::size_t>(bit));
  }
  return set;
}

template <int W>
void expect_same(const Bits<W>& bits, const std::bitset<64 * W>& reference) {
  for (int bit = 0; bit < 64 * W; ++bit) {
    ASSERT_EQ(bits.test(bit), reference.test(static_cast<std::size_t>(bit))) << "bit " << bit;
  }
}

TYPED_TEST(BitsTest, AgreesWithBitsetOnRandomSets) {
  constexpr int W = TypeParam::value;
  Rng rng(7 + W);
  for (int round = 0; round < 500; ++round) {
    const Pair<W> a = random_set<W>(rng);
    const Pair<W> b = random_set<W>(rng);
    expect_same<W>(a.bits & b.bits, a.reference & b.reference);
    expect_same<W>(a.bits | b.bits, a.reference | b.reference);
    expect_same<W>(a.bits ^ b.bits, a.reference ^ b.reference);
    expect_same<W>(without(a.bits, b.bits), a.reference & ~b.reference);
    expect_same<W>(~a.bits, ~a.reference);
    Bits<W> in_place = a.bits;
    in_place.remove(b.bits);
    in_place |= b.bits;
    expect_same<W>(in_place, a.reference | b.reference);
    EXPECT_EQ(a.bits == b.bits, a.reference == b.reference);
    EXPECT_TRUE(a.bits == a.bits);
    EXPECT_EQ(a.bits.any(), a.reference.any());
    EXPECT_EQ(a.bits.count(), static_cast<int>(a.reference.count()));
    EXPECT_EQ(a.bits.count_upto_2(), std::min<int>(static_cast<int>(a.reference.count()), 2));
    std::vector<int> walked;
    a.bits.for_each([&](int bit) { walked.push_back(bit); });
    ASSERT_EQ(walked.size(), a.reference.count());
    for (std::size_t i = 0; i < walked.size(); ++i) {
      EXPECT_TRUE(a.reference.test(static_cast<std::size_t>(walked[i])));
      if (i > 0) {
        EXPECT_LT(walked[i - 1], walked[i]);  // ascending
      }
    }
    if (a.reference.any()) {
      EXPECT_EQ(a.bits.first(), walked.front());
    }
  }
}

// Sets that differ in a single bit, in either word of a pair, are not equal.
TYPED_TEST(BitsTest, OneBitApartIsNotEqualAndNotEmpty) {
  constexpr int W = TypeParam::value;
  for (int bit = 0; bit < 64 * W; ++bit) {
    Bits<W> one;
    one.set(bit);
    EXPECT_TRUE(one.any()) << bit;
    EXPECT_FALSE(one == Bits<W>{}) << bit;
    one.reset(bit);
    EXPECT_FALSE(one.any()) << bit;
    EXPECT_TRUE(one == Bits<W>{}) << bit;
  }
}

}  // namespace
}  // namespace sudoforge::engine
