#pragma once
// The puzzles that a ladder rates on its own, without the grader's core (which
// nested forcing chains need for their trial and error), each with its grade.

#include <gtest/gtest.h>

#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::test {

// Grades each puzzle (it must be unique) and calls f(puzzle, grade) for those whose
// hardest step is not a nested forcing chain.
template <typename F>
void for_each_without_nested(const std::vector<engine::Grid>& puzzles, F&& f) {
  for (const engine::Grid& puzzle : puzzles) {
    grader::Grader grader{puzzle.geometry()};
    const grader::Grade grade = grader.grade(puzzle);
    EXPECT_EQ(grade.status, grader::Status::Unique);
    if (grade.hardest == grader::HumanTechnique::NestedForcingChain) continue;
    f(puzzle, grade);
  }
}

}  // namespace sudoforge::test
