#include <algorithm>

#include "sudoforge/generator/generator.hpp"

namespace sudoforge::generator {

namespace {

// The score interval of a tier or te_depth (grader::score_of: singles 1000-1999,
// twins 2000-2999, diabolical 3000 + 1000 per te_depth above 1).
std::pair<double, double> score_interval(const Target& target) {
  if (target.te_depth) {
    const double low = 3000 + 1000.0 * (*target.te_depth - 1);
    return {low, low + 999};
  }
  if (!target.tier) return {0, 1e9};
  switch (*target.tier) {
    case grader::Tier::Singles: return {1000, 1999};
    case grader::Tier::Twins: return {2000, 2999};
    case grader::Tier::Diabolical: return {3000, 1e9};
  }
  return {0, 1e9};
}

}  // namespace

bool Target::accepts(const grader::Grade& grade) const {
  if (grade.status != grader::Status::Unique) return false;
  if (tier && grade.tier != *tier) return false;
  if (te_depth && (grade.tier != grader::Tier::Diabolical || grade.te_depth != *te_depth)) return false;
  return grade.clues >= clues_min && grade.clues <= clues_max;
}

double Target::distance(const grader::Grade& grade) const {
  if (grade.status != grader::Status::Unique) return 1e12;
  if (accepts(grade)) return 0;
  const auto [low, high] = score_interval(*this);
  const double score = grade.score;
  double distance = 0;
  if (score < low) {
    // Below: the bigger the search that proves it unique, the closer to harder.
    distance += low - score + 1000.0 * 64.0 / (64.0 + static_cast<double>(grade.search_nodes));
  } else if (score > high) {
    distance += score - high;
  }
  distance += 100.0 * std::max(0, grade.clues - clues_max) + 100.0 * std::max(0, clues_min - grade.clues);
  return std::max(distance, 1e-3);
}

}  // namespace sudoforge::generator
