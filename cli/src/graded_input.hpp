#pragma once
// Reading puzzle files and grading them on every core, in input order: what
// `grade` and `import` share. Private to cli/.

#include <array>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "sudoforge/cli/puzzle_input.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::cli {

struct GradedItem {
  InputRecord record;
  grader::Grade grade;    // for a rejected or unreadable record: status invalid and its reason
  std::string canonical;  // with keys asked for, for unique puzzles
  std::string symmetry;
};

struct GradeInputs {
  std::vector<std::string> files;
  engine::Geometry geometry;
  engine::TextFormat format = engine::TextFormat::Auto;
  grader::GradeOptions options;
  int threads = 1;
  bool with_keys = false;  // also compute canonical keys and pattern symmetry
  int shard = 0;           // only records i with i % shards == shard
  int shards = 1;
};

// Reads and grades every input record, calling `emit` with each batch in input
// order. Stops reading early once `stop()` returns true (what was read is still
// graded and emitted).
void grade_inputs(const GradeInputs& inputs, const std::function<bool()>& stop,
                  const std::function<void(std::span<GradedItem>)>& emit);

// A puzzle's canonical key and its pattern's symmetry name (what `with_keys` adds).
void find_keys(const engine::Grid& puzzle, std::string& canonical, std::string& symmetry);

// How many of each outcome, and the summary line(s) for stderr.
struct GradeTally {
  std::array<long, 3> tiers{};      // by grader::Tier
  std::array<long, 8> te_depths{};  // diabolical, by te_depth (last: deeper)
  std::array<long, 4> statuses{};   // by grader::Status
  long unreadable = 0;

  void count(const grader::Grade& grade);
  long puzzles() const { return statuses[0] + statuses[1] + statuses[2] + statuses[3]; }
  long rejected() const { return puzzles() - statuses[0]; }
  // "<command>: N puzzles: ... singles, ... twins, ... diabolical (...); R rejected (...)"
  std::string summary(const std::string& command) const;
};

}  // namespace sudoforge::cli
