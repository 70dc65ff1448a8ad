#include "sudoforge/generator/run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "sudoforge/engine/solver.hpp"

namespace sudoforge::generator {

std::size_t quota_size(QuotaKind kind) { return kind == QuotaKind::Tier ? 3 : grader::kLevelCount; }

std::string quota_name(QuotaKind kind, std::size_t i) {
  return std::string(kind == QuotaKind::Tier ? grader::tier_name(static_cast<grader::Tier>(i))
                                             : grader::level_name(static_cast<grader::Level>(i)));
}

std::int64_t Request::part(std::int64_t share) const {
  return share / shards + (shard < share % shards ? 1 : 0);
}

Request Request::local() const {
  Request mine = *this;
  if (quotas) {
    mine.count = 0;
    for (std::size_t t = 0; t < quotas->size(); ++t) {
      (*mine.quotas)[t] = part((*quotas)[t]);
      mine.count += (*mine.quotas)[t];
    }
  } else {
    mine.count = part(count);
  }
  return mine;
}

std::uint64_t Request::first_from(std::uint64_t index) const {
  const auto n = static_cast<std::uint64_t>(shards);
  const auto k = static_cast<std::uint64_t>(shard);
  return index + (k + n - index % n) % n;
}

Target Request::target() const {
  Target target;
  if (quotas) {
    int wanted = 0;
    std::size_t which = 0;
    for (std::size_t t = 0; t < quotas->size(); ++t) {
      if ((*quotas)[t] > 0) {
        which = t;
        ++wanted;
      }
    }
    if (wanted == 1 && kind == QuotaKind::Tier) target.tier = static_cast<grader::Tier>(which);
    if (wanted == 1 && kind == QuotaKind::Level) target.level = static_cast<grader::Level>(which);
  }
  target.te_depth = te_depth;
  target.rating_min = rating_min;
  target.rating_max = rating_max;
  target.score_min = score_min;
  target.score_max = score_max;
  target.clues_min = clues_min;
  target.clues_max = clues_max;
  return target;
}

std::optional<std::string> Request::impossible() const {
  if (engine::count_solutions(engine::Grid(geometry), 1).count == 0) {
    return "no complete grid of " + geometry.name() + " exists, so neither does a puzzle";
  }
  if (te_depth && *te_depth > max_te_depth) {
    return fmt::format("--te-depth {} is deeper than the grader looks (--max-te-depth {}, at most 8)", *te_depth,
                       max_te_depth);
  }
  if (!target().can_score()) {
    return fmt::format("--score {}:{} holds no score of what is asked (singles score 1000-1999, twins 2000-2999, "
                       "diabolical 3000 and up, 1000 more per te_depth above 1)",
                       score_min ? std::to_string(*score_min) : "", score_max ? std::to_string(*score_max) : "");
  }
  if (clues_min > geometry.cell_count() || clues_max < 1) {
    return fmt::format("--clues {}:{}: a puzzle of {} has 1 to {} clues", clues_min, clues_max, geometry.name(),
                       geometry.cell_count());
  }
  return std::nullopt;
}

bool Request::rating_decides() const { return target().wants_rating() || (quotas && kind == QuotaKind::Level); }

bool Request::needs_mining() const {
  return (te_depth && *te_depth >= 2) || (rating_min && *rating_min >= 90);
}

MineOptions Request::mine_options() const {
  MineOptions options;
  options.symmetry = symmetry;
  options.minimize = minimize;
  options.moves = moves;
  options.width = width;
  options.max_te_depth = max_te_depth;
  options.max_steps = max_steps;
  return options;
}

Acceptor::Acceptor(const Request& mine) : mine_(mine), by_quota_(quota_size(mine.kind), 0) {}

std::size_t Acceptor::slot(const grader::Grade& grade) const {
  return mine_.kind == QuotaKind::Tier ? static_cast<std::size_t>(grade.tier) : static_cast<std::size_t>(grade.level);
}

void Acceptor::restore(grader::Tier tier, grader::Level level, const std::string& canonical) {
  ++by_quota_[mine_.kind == QuotaKind::Tier ? static_cast<std::size_t>(tier) : static_cast<std::size_t>(level)];
  ++total_;
  keys_.insert(std::hash<std::string>{}(canonical));
}

Verdict Acceptor::offer(const Candidate& candidate, const std::string& canonical, const std::function<bool()>& known) {
  ++tried_;
  ++since_last_;
  if (!candidate.accepted) return Verdict::Missed;
  const std::size_t quota = slot(candidate.grade);
  if (total_ >= mine_.count || (mine_.quotas && by_quota_[quota] >= (*mine_.quotas)[quota])) return Verdict::QuotaFull;
  const std::uint64_t key = std::hash<std::string>{}(canonical);
  if (keys_.contains(key)) return Verdict::Duplicate;
  if (known && known()) return Verdict::Known;
  keys_.insert(key);
  ++by_quota_[quota];
  ++total_;
  ++accepted_here_;
  since_last_ = 0;
  tried_at_last_ = tried_;
  return Verdict::Accepted;
}

std::int64_t Acceptor::give_up_bound() const {
  if (mine_.give_up > 0) return mine_.give_up;
  // From 10x10 up a candidate can take seconds: fewer of them make a long wait.
  const std::int64_t floor = mine_.geometry.size() > 9 ? 2'000 : 200'000;
  // The mean gap up to the last accepted puzzle (not up to now, or waiting would
  // raise the bound forever).
  const std::int64_t gap = accepted_here_ > 0 ? tried_at_last_ / accepted_here_ : 0;
  return std::max(floor, 50 * gap);
}

std::string Acceptor::detail() const {
  std::string text;
  for (std::size_t t = 0; t < by_quota_.size(); ++t) {
    text += fmt::format("{}{} {}", t > 0 ? "  " : "", quota_name(mine_.kind, t), by_quota_[t]);
  }
  return text;
}

std::string Acceptor::rarity() const {
  if (accepted_here_ == 0) return fmt::format("none accepted in {} tried", tried_);
  return fmt::format("1 in {} accepted, {} since the last", tried_at_last_ / accepted_here_, since_last_);
}

}  // namespace sudoforge::generator
