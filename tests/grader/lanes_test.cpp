// A unit's places asked about every digit at once (ladder/lanes.hpp) against the
// plain count, place by place: the ladder's frequent questions (two places or more,
// exactly two) have short forms of their own, which must answer as the count does.

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace sudoforge::grader::ladder
