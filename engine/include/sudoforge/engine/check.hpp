#pragma once
// Checks of a grid against the rules, without search.

#include <optional>
#include <string>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/units.hpp"

namespace sudoforge::engine {

// Two givens holding the same digit in one unit.
struct Clash {
  Digit digit = 0;
  int unit = 0;    // index into Units
  Cell first = 0;  // first < second
  Cell second = 0;
};

// The first clash among the filled cells of `grid` (units in order, then cells),
// or nullopt when no digit repeats in any unit. `units` must be of grid's geometry.
std::optional<Clash> find_clash(const Grid& grid, const Units& units);

// "5 twice in row 3 (r3c2 and r3c7)".
std::string describe(const Clash& clash, const Units& units);

// True when `solution` is complete, breaks no rule and agrees with every given
// of `puzzle` (same geometry required).
bool is_solution_of(const Grid& solution, const Grid& puzzle, const Units& units);

}  // namespace sudoforge::engine
