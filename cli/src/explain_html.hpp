#pragma once
// `explain --html`: one self-contained page (no network) that walks a puzzle's solving
// path: each step's grid as inline SVG, the pattern's cells highlighted, the
// placements marked and the eliminated candidates struck, the step in words beside
// it; forward and back with the arrow keys (or the buttons). Private to cli/.

#include <string>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::cli {

// The page for `puzzle`, graded with its steps recorded (GradeOptions::record_steps).
// `title` heads it. The data the page draws from sits in <script id="data"
// type="application/json">: the givens, and for each step the values and candidates
// before it, its cells, placements and removals, and its words.
std::string explain_html(const engine::Grid& puzzle, const grader::Grade& grade, const std::string& title);

}  // namespace sudoforge::cli
