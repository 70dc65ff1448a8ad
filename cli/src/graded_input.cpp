#include "graded_input.hpp"

#include <fmt/format.h>

#include "ordered_pipeline.hpp"
#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/symmetry.hpp"

namespace sudoforge::cli {

namespace {
constexpr std::size_t kBatchSize = 32;
}

void grade_inputs(const GradeInputs& inputs, const std::function<bool()>& stop,
                  const std::function<void(std::span<GradedItem>)>& emit) {
  PerThread<grader::Grader> graders(inputs.geometry);
  PuzzleInput input(inputs.files, inputs.geometry, inputs.format);
  input.set_shard(inputs.shard, inputs.shards);
  ordered_pipeline<GradedItem>(
      inputs.threads, kBatchSize,
      [&](GradedItem& item) {
        item.canonical.clear();  // set by work for unique puzzles only: no other record keeps an earlier one's
        item.symmetry.clear();
        return !stop() && input.next(item.record);
      },
      [&](std::span<GradedItem> items) {
        grader::Grader& grader = graders.local();
        for (GradedItem& item : items) {
          if (item.record.kind != InputRecord::Kind::Puzzle) {
            item.grade = grader::Grade{};
            item.grade.status = grader::Status::Invalid;
            item.grade.reason = item.record.reason;
            continue;
          }
          item.grade = grader.grade(item.record.grid, inputs.options);
          if (inputs.with_keys && item.grade.status == grader::Status::Unique) {
            find_keys(item.record.grid, item.canonical, item.symmetry);
          }
        }
      },
      [&](std::span<GradedItem> items) { emit(items); });
}

void find_keys(const engine::Grid& puzzle, std::string& canonical, std::string& symmetry) {
  canonical = engine::canonical_key(puzzle);
  symmetry = engine::symmetry_name(engine::detect_symmetry(puzzle));
}

void GradeTally::count(const grader::Grade& grade) {
  ++statuses[static_cast<std::size_t>(grade.status)];
  if (grade.status != grader::Status::Unique) return;
  ++tiers[static_cast<std::size_t>(grade.tier)];
  if (grade.tier == grader::Tier::Diabolical) {
    ++te_depths[std::min<std::size_t>(static_cast<std::size_t>(grade.te_depth), te_depths.size() - 1)];
  }
}

std::string GradeTally::summary(const std::string& command) const {
  std::string text = fmt::format("{}: {} puzzles: {} singles, {} twins, {} diabolical", command, puzzles(), tiers[0],
                                 tiers[1], tiers[2]);
  std::string depths;
  for (std::size_t k = 0; k < te_depths.size(); ++k) {
    if (te_depths[k] == 0) continue;
    depths += fmt::format("{}te_depth {}{}: {}", depths.empty() ? "" : ", ", k, k + 1 == te_depths.size() ? "+" : "",
                          te_depths[k]);
  }
  if (!depths.empty()) text += " (" + depths + ")";
  text += fmt::format("; {} rejected ({} no solution, {} several solutions, {} invalid)", rejected(), statuses[1],
                      statuses[2], statuses[3]);
  if (unreadable > 0) text += fmt::format("; {} unreadable source(s)", unreadable);
  return text;
}

}  // namespace sudoforge::cli
