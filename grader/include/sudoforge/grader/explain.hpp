#pragma once
// The solving path in words, for people. Pure functions: they return text.

#include <string>

#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::grader {

// One step of the human path in words, with the names solvers know:
// "Pointing (2.6): in box 1, 5 lies only in column 2, so 5 leaves r4c2 and r9c2";
// chains print their links ("r1c2=5 => r1c7<>5 => ..."), forcing chains their
// assumption, every branch and the contradiction or common result. A nested forcing
// chain's chains inside follow, one on each further line ("\n[1] ...").
std::string describe(const HumanStep& step, const engine::Units& units);

// The candidate grid: placed digits, and each open cell's candidates, boxes ruled.
std::string format_candidates(const CandidateSnapshot& snapshot);

}  // namespace sudoforge::grader
