// A unit's places asked about every digit at once (ladder/lanes.hpp) against the
// plain count, place by place: the ladder's frequent questions (two places or more,
// exactly two) have short forms of their own, which must answer as the count does;
// and the places two digits hold (a unit's bivalue cells) against the count cell by
// cell.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <utility>

#include "ladder/lanes.hpp"
#include "sudoforge/engine/random.hpp"

namespace sudoforge::grader::ladder {
namespace {

TEST(Lanes, EveryCountOfPlacesIsTheCountPlaceByPlace) {
  engine::Rng rng(2026);
  int seen[17] = {};
  for (int round = 0; round < 20000; ++round) {
    LanePlaces places{};
    for (auto& lane : places) {
      // Few places most of the time (as in a unit late in a puzzle), sometimes many.
      const int keep = static_cast<int>(rng.below(5));
      std::uint32_t bits = static_cast<std::uint32_t>(rng.next()) & 0xFFFFU;
      for (int k = 0; k < keep; ++k) bits &= static_cast<std::uint32_t>(rng.next());
      lane = static_cast<std::uint16_t>(bits);
      ++seen[std::popcount(bits)];
    }
    for (const auto& [least, most] : {std::pair{2, 16}, {2, 2}, {2, 3}, {2, 4}, {1, 1}, {3, 16}, {0, 16}}) {
      std::uint32_t plain = 0;
      for (int d = 0; d < 16; ++d) {
        const int count = std::popcount(static_cast<unsigned>(places[static_cast<std::size_t>(d)]));
        if (count >= least && count <= most) plain |= 1U << d;
      }
      ASSERT_EQ(count_lanes(places, least, most), plain) << "round " << round << ", " << least << " to " << most;
    }
  }
  for (int count = 0; count <= 6; ++count) EXPECT_GT(seen[count], 100) << count << " places";  // every case met
}

TEST(Lanes, ThePlacesTwoDigitsHoldAreTheCellsWithTwoCandidates) {
  engine::Rng rng(2027);
  int seen[6] = {};  // places held by 0 .. 5 (and more) digits
  for (int round = 0; round < 20000; ++round) {
    const int n = 4 + static_cast<int>(rng.below(13));  // 4 to 16 digits
    LanePlaces places{};
    for (int d = 0; d < n; ++d) {
      // Units late in a puzzle hold few places a digit; early ones many.
      std::uint32_t bits = static_cast<std::uint32_t>(rng.next()) & ((1U << n) - 1);
      for (int k = static_cast<int>(rng.below(4)); k > 0; --k) bits &= static_cast<std::uint32_t>(rng.next());
      places[static_cast<std::size_t>(d)] = static_cast<std::uint16_t>(bits);
    }
    // Lanes past n are not digits: whatever they hold is not counted.
    for (int d = n; d < 16; ++d) places[static_cast<std::size_t>(d)] = static_cast<std::uint16_t>(rng.next());
    std::uint32_t plain = 0;
    for (int k = 0; k < n; ++k) {
      int digits = 0;
      for (int d = 0; d < n; ++d) digits += places[static_cast<std::size_t>(d)] >> k & 1U;
      if (digits == 2) plain |= 1U << k;
      ++seen[std::min(digits, 5)];
    }
    ASSERT_EQ(held_twice(places, n), plain) << "round " << round << ", " << n << " digits";
  }
  for (int digits = 0; digits <= 5; ++digits) EXPECT_GT(seen[digits], 100) << digits << " digits";  // every case met
}

}  // namespace
}  // namespace sudoforge::grader::ladder
