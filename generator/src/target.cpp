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

// The same, narrowed to the score range asked for.
std::pair<double, double> wanted_scores(const Target& target) {
  auto [low, high] = score_interval(target);
  if (target.score_min) low = std::max(low, static_cast<double>(*target.score_min));
  if (target.score_max) high = std::min(high, static_cast<double>(*target.score_max));
  return {low, high};
}

// The ratings (tenths) a target's level and rating range allow.
std::pair<int, int> rating_interval(const Target& target) {
  int low = target.rating_min.value_or(0);
  int high = target.rating_max.value_or(1 << 20);
  if (target.level && *target.level != grader::Level::Easy) {
    const auto cuts = grader::level_cuts();
    const auto index = static_cast<std::size_t>(*target.level);
    low = std::max(low, cuts[index - 1]);
    if (index < cuts.size()) high = std::min(high, cuts[index] - 1);
  }
  return {low, high};
}

}  // namespace

bool Target::accepts_unrated(const grader::Grade& grade) const {
  if (grade.status != grader::Status::Unique) return false;
  if (tier && grade.tier != *tier) return false;
  if (te_depth && (grade.tier != grader::Tier::Diabolical || grade.te_depth != *te_depth)) return false;
  if (level == grader::Level::Easy && grade.tier != grader::Tier::Singles) return false;  // easy is singles only
  return grade.clues >= clues_min && grade.clues <= clues_max;
}

bool Target::can_score() const {
  const auto [low, high] = wanted_scores(*this);
  return low <= high;
}

bool Target::accepts(const grader::Grade& grade) const {
  if (!accepts_unrated(grade)) return false;
  if (level && grade.level != *level) return false;
  if (rating_min && grade.rating < *rating_min) return false;
  if (rating_max && grade.rating > *rating_max) return false;
  if (score_min && grade.score < *score_min) return false;
  return !score_max || grade.score <= *score_max;
}

double Target::distance(const grader::Grade& grade) const {
  if (grade.status != grader::Status::Unique) return 1e12;
  if (accepts(grade)) return 0;
  const auto [low, high] = wanted_scores(*this);
  const double score = grade.score;
  double distance = 0;
  if (score < low) {
    // Below: the bigger the search that proves it unique, the closer to harder.
    distance += low - score + 1000.0 * 64.0 / (64.0 + static_cast<double>(grade.search_nodes));
  } else if (score > high) {
    distance += score - high;
  }
  distance += 100.0 * std::max(0, grade.clues - clues_max) + 100.0 * std::max(0, clues_min - grade.clues);
  // The rating's interval: the level's ratings and the range asked for.
  const auto [rating_low, rating_high] = rating_interval(*this);
  distance += 50.0 * std::max(0, rating_low - grade.rating) + 50.0 * std::max(0, grade.rating - rating_high);
  return std::max(distance, 1e-3);
}

}  // namespace sudoforge::generator
