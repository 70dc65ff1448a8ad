#pragma once
// The solving path in words, for people. Pure functions: they return text.

#include <string>

#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::grader {

// "hidden single: 7 in row 3 can only go to r3c5" and the like.
std::string describe(const Step& step, const engine::Units& units);

// The candidate grid: placed digits, and each open cell's candidates, boxes ruled.
std::string format_candidates(const CandidateSnapshot& snapshot);

}  // namespace sudoforge::grader
