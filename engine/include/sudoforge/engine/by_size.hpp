#pragma once
// Run-time choice among compile-time digit counts: the hot loops are templates on
// N (1..kMaxSize) so that the compiler unrolls them; a BySize variant holds the one
// instance a geometry needs.

#include <utility>
#include <variant>

#include "sudoforge/engine/geometry.hpp"

namespace sudoforge::engine {

namespace by_size_detail {
template <template <int> class T, int... Sizes>
std::variant<T<Sizes + 1>...> variant_of(std::integer_sequence<int, Sizes...>);
}  // namespace by_size_detail

// std::variant<T<1>, ..., T<kMaxSize>>.
template <template <int> class T>
using BySize = decltype(by_size_detail::variant_of<T>(std::make_integer_sequence<int, kMaxSize>{}));

// The T<geometry.size()> alternative, constructed from `geometry`.
template <template <int> class T, int N = 1>
BySize<T> make_by_size(const Geometry& geometry) {
  if constexpr (N < kMaxSize) {
    if (geometry.size() != N) return make_by_size<T, N + 1>(geometry);
  }
  return BySize<T>(std::in_place_index<N - 1>, geometry);
}

}  // namespace sudoforge::engine
