#pragma once
// A small, fully specified random generator, so that a seed means the same thing on
// every platform and standard library (std:: distributions do not promise that).

#include <cstdint>
#include <span>
#include <utility>

namespace sudoforge::engine {

class Rng {
 public:
  // SplitMix64 seeded with `seed` (every seed, 0 included, is fine).
  explicit constexpr Rng(std::uint64_t seed) : state_(seed) {}

  // The generator for item `index` of a run seeded with `seed`: independent of
  // which thread makes the item, so results reproduce with any thread count.
  static constexpr Rng for_index(std::uint64_t seed, std::uint64_t index) {
    return Rng(mix(seed ^ mix(index + 0x632BE59BD9B4E019ULL)));
  }

  constexpr std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    return mix(state_);
  }

  // Uniform in [0, bound) for bound >= 1, without modulo bias (Lemire's method).
  constexpr std::uint32_t below(std::uint32_t bound) {
    std::uint64_t product = (next() >> 32) * bound;
    auto low = static_cast<std::uint32_t>(product);
    if (low < bound) {
      const std::uint32_t threshold = (0U - bound) % bound;
      while (low < threshold) {
        product = (next() >> 32) * bound;
        low = static_cast<std::uint32_t>(product);
      }
    }
    return static_cast<std::uint32_t>(product >> 32);
  }

  // Fisher-Yates shuffle, last to first.
  template <typename T>
  constexpr void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[below(static_cast<std::uint32_t>(i))]);
    }
  }

 private:
  static constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  std::uint64_t state_;
};

}  // namespace sudoforge::engine
