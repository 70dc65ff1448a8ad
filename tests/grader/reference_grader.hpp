#pragma once
// A deliberately simple and slow implementation of DESIGN.md's grading definitions,
// written straight from the text on plain candidate masks, so that the fast grader
// cannot drift from them unnoticed. Test code only.

#include <array>
#include <cstdint>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::test {

struct ReferenceGrade {
  grader::Status status = grader::Status::Invalid;
  grader::Tier tier = grader::Tier::Singles;
  int te_depth = 0;
  std::uint64_t search_nodes = 0;
  int search_depth = 0;
  std::array<int, grader::kTechniqueCount> counts{};
  int rounds = 0;
  engine::Grid solution;
};

ReferenceGrade reference_grade(const engine::Grid& puzzle, int max_te_depth = 3);

}  // namespace sudoforge::test
