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
// the square (rotations and reflections; the 4 that do not transpose where the boxes
// are not square, since transposing would not keep them) with relabelling; band and stack
// permutations that also keep the diagonals are left out, so two diagonal puzzles
// equivalent only through those get different keys (stored twice, never merged
// wrongly). whole_group_map below takes them in.

#include <array>
#include <string>

#include "sudoforge/engine/grid.hpp"

namespace sudoforge::engine {

// The canonical representative of `puzzle` (same geometry). Equal for equivalent
// puzzles, different otherwise (within the group above). Allocates nothing.
Grid canonical_form(const Grid& puzzle);

// canonical_form as one line of text (to_line), for keys.
std::string canonical_key(const Grid& puzzle);

// How a puzzle maps onto a form that every puzzle equivalent to it under the whole
// symmetry group of its variant shares: cell c of the form holds
// digit[puzzle[source_cell[c]]] (digit[0] is 0). Every digit has an image (those the
// puzzle lacks take the labels left over, in order), so the map also carries the
// puzzle's solution, and anything said of its cells and digits, across. Where the
// puzzle has symmetries of its own, one of the maps that give the form.
struct CanonicalMap {
  std::array<Cell, kMaxCells> source_cell{};
  std::array<int, kMaxSize + 1> digit{};
  // `grid` (of the puzzle's geometry) carried across: apply(puzzle) is the form.
  Grid apply(const Grid& grid) const;
};

// The map onto the form above. For the classic variant the form is canonical_form.
// For the diagonal variant the group is bigger than the keys': besides the 8
// symmetries of the square, the permutations p of rows and columns alike that keep
// the boxes and commute with reversing the order (p(n-1-i) = n-1-p(i)), so each
// diagonal goes onto itself, also with the columns reversed after p (the diagonals
// swap): 96 arrangements of a 9x9 grid against the keys' 8. For what must not depend
// on how a puzzle is written (the grader's nested chains); the keys keep their
// group, as the databases hold them.
CanonicalMap whole_group_map(const Grid& puzzle);

}  // namespace sudoforge::engine
