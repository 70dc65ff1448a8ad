#pragma once
// Canonical forms: one representative per class of equivalent puzzles, the key
// under which a puzzle is stored once.
//
// Classic variant, any geometry: the lexicographically smallest grid (blanks are 0,
// so they sort first) over the whole group: relabelling digits, permuting bands and
// the rows within each band, permuting stacks and the columns within each stack, and
// transposing when boxes are square. For 9x9 that is 3,359,232 arrangements times
// 9! relabellings; the search visits only a handful (see canonical.cpp).
//
// Diagonal variant: the group must keep both diagonals, so it is the 8 symmetries of
// the square (rotations and reflections) with relabelling; band and stack
// permutations that also keep the diagonals are left out, so two diagonal puzzles
// equivalent only through those get different keys (stored twice, never merged
// wrongly).

#include <string>

#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {

// The canonical representative of `puzzle` (same geometry). Equal for equivalent
// puzzles, different otherwise (within the group above). Allocates nothing.
Grid canonical_form(const Grid& puzzle);

// canonical_form as one line of text (to_line), for keys.
std::string canonical_key(const Grid& puzzle);

}  // namespace sudoforge::engine
