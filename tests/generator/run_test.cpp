#include "sudoforge/generator/run.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <string>

namespace sudoforge::generator {
namespace {

Candidate candidate(grader::Tier tier, bool accepted = true, grader::Level level = grader::Level::Easy) {
  Candidate made;
  made.grade.tier = tier;
  made.grade.level = level;
  made.accepted = accepted;
  return made;
}

TEST(Run, ShardPartsAddUpToTheShareAndTakeTheirOwnIndices) {
  for (const int shards : {1, 2, 3, 7}) {
    Request request;
    request.count = 100;
    request.quotas = std::vector<std::int64_t>{10, 0, 90};
    request.shards = shards;
    std::int64_t total = 0;
    std::vector<std::int64_t> per_quota(3, 0);
    for (int k = 0; k < shards; ++k) {
      request.shard = k;
      const Request mine = request.local();
      total += mine.count;
      for (std::size_t t = 0; t < 3; ++t) per_quota[t] += (*mine.quotas)[t];
      for (const std::uint64_t from : {0U, 1U, 5U, 13U}) {
        const std::uint64_t first = request.first_from(from);
        EXPECT_GE(first, from);
        EXPECT_LT(first, from + static_cast<std::uint64_t>(shards));
        EXPECT_EQ(first % static_cast<std::uint64_t>(shards), static_cast<std::uint64_t>(k));
      }
    }
    EXPECT_EQ(total, 100) << shards;
    EXPECT_EQ(per_quota, (std::vector<std::int64_t>{10, 0, 90})) << shards;
  }
}

TEST(Run, TheTargetNamesTheOneTierOrLevelWanted) {
  Request request;
  request.count = 5;
  request.quotas = std::vector<std::int64_t>{0, 5, 0};
  EXPECT_EQ(request.target().tier, grader::Tier::Twins);
  request.quotas = std::vector<std::int64_t>{1, 4, 0};
  EXPECT_FALSE(request.target().tier);
  request.kind = QuotaKind::Level;
  request.quotas = std::vector<std::int64_t>{0, 0, 0, 5, 0};
  EXPECT_EQ(request.target().level, grader::Level::Fiendish);
}

TEST(Run, AcceptsInOrderWhatFitsAndIsNew) {
  Request request;
  request.count = 3;
  request.quotas = std::vector<std::int64_t>{1, 2, 0};
  Acceptor acceptor(request.local());
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Singles, false), "a"), Verdict::Missed);
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Singles), "a"), Verdict::Accepted);
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Singles), "b"), Verdict::QuotaFull);
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Diabolical), "c"), Verdict::QuotaFull);
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Twins), "d"), Verdict::Accepted);
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Twins), "d"), Verdict::Duplicate);
  EXPECT_FALSE(acceptor.complete());
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Twins), "e"), Verdict::Accepted);
  EXPECT_TRUE(acceptor.complete());
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Twins), "f"), Verdict::QuotaFull);
  EXPECT_EQ(acceptor.total(), 3);
  EXPECT_EQ(acceptor.tried(), 8);
  EXPECT_EQ(acceptor.detail(), "singles 1  twins 2  diabolical 0");
}

TEST(Run, ARestoredRunKeepsItsQuotasAndPuzzles) {
  Request request;
  request.count = 2;
  request.kind = QuotaKind::Level;
  request.quotas = std::vector<std::int64_t>{0, 1, 1, 0, 0};
  Acceptor acceptor(request.local());
  acceptor.restore(grader::Tier::Twins, grader::Level::Medium, "a");
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Twins, true, grader::Level::Medium), "b"), Verdict::QuotaFull);
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Diabolical, true, grader::Level::Hard), "a"), Verdict::Duplicate);
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Diabolical, true, grader::Level::Hard), "c"), Verdict::Accepted);
  EXPECT_TRUE(acceptor.complete());
}

// The give-up bound: a floor, raised by how rare accepted puzzles were up to the last
// one (not by the wait since, or it would never be reached), or --give-up.
TEST(Run, GivesUpAfterTheBoundOfCandidatesWithoutANewPuzzle) {
  Request request;
  request.count = 10;
  Acceptor acceptor(request.local());
  EXPECT_EQ(acceptor.give_up_bound(), 200'000);
  for (int i = 0; i < 9'999; ++i) acceptor.offer(candidate(grader::Tier::Singles, false), "");
  EXPECT_EQ(acceptor.offer(candidate(grader::Tier::Singles), "x"), Verdict::Accepted);
  EXPECT_EQ(acceptor.give_up_bound(), 500'000);  // 50 times a gap of 10,000
  for (int i = 0; i < 499'999; ++i) acceptor.offer(candidate(grader::Tier::Singles), "x");
  EXPECT_FALSE(acceptor.gave_up());
  EXPECT_EQ(acceptor.give_up_bound(), 500'000);
  acceptor.offer(candidate(grader::Tier::Singles), "x");
  EXPECT_TRUE(acceptor.gave_up());
  EXPECT_EQ(acceptor.rarity(), "1 in 10000 accepted, 500000 since the last");
  request.give_up = 3;
  Acceptor impatient(request.local());
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(impatient.gave_up());
    impatient.offer(candidate(grader::Tier::Singles, false), "");
  }
  EXPECT_TRUE(impatient.gave_up());
}

TEST(Run, RefusesWhatNoRunCouldMeet) {
  Request request;
  request.count = 1;
  EXPECT_FALSE(request.impossible());
  request.geometry = engine::Geometry(1, 2, engine::Variant::Diagonal);
  EXPECT_EQ(request.impossible(), "no complete grid of 2x2 (1x2 boxes) diagonal exists, so neither does a puzzle");
  request.geometry = engine::Geometry(1, 2);
  EXPECT_FALSE(request.impossible());
  request.te_depth = 5;
  EXPECT_EQ(request.impossible(), "--te-depth 5 is deeper than the grader looks (--max-te-depth 4, at most 8)");
  request.te_depth.reset();
  request.clues_min = 5;
  EXPECT_EQ(request.impossible(), "--clues 5:256: a puzzle of 2x2 (1x2 boxes) has 1 to 4 clues");
}

}  // namespace
}  // namespace sudoforge::generator
