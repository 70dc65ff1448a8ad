// Mining in-process: every find is unique, minimal, keyed by its canonical form
// and graded as the grader grades it; a job gives the same finds every time; the
// frontier is best first, never offers a puzzle twice, and its saved text gives it back.

#include "sudoforge/generator/mine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/check.hpp"
#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/generator/run.hpp"
#include "test_data.hpp"

namespace sudoforge::generator {
namespace {

// Two of Norvig's "hardest" (data/hardest.txt): trial and error to depth 2 and 1.
constexpr const char* kDeep = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
constexpr const char* kHard = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";

Seed seed_of(const char* line) {
  const engine::Grid puzzle = engine::parse_puzzle(line);
  grader::Grader grader(puzzle.geometry());
  return {puzzle, grader.grade(puzzle).score, engine::canonical_key(puzzle)};
}

const Frontier kNoFrontier;  // a frontier that knows nothing

TEST(Mine, MovesAreNamedAndParsedBothWays) {
  for (const Move move : {Move::Swap1, Move::Swap2, Move::Drop1, Move::Add1}) {
    EXPECT_EQ(parse_move(move_name(move)), move);
  }
  EXPECT_EQ(parse_move("{-1,+1}"), Move::Swap1);
  EXPECT_EQ(parse_move("{-0,+1}"), Move::Add1);
  EXPECT_FALSE(parse_move("-3+3"));
  EXPECT_FALSE(parse_move("fresh"));  // not a move one can ask for
}

TEST(Mine, EveryFindIsUniqueMinimalCanonicallyKeyedAndGradedAsTheGraderGradesIt) {
  const engine::Geometry geometry;
  MineOptions options;
  options.swap2_samples = 64;
  Miner miner(geometry, options);
  const std::vector<Seed> seeds = {seed_of(kHard)};
  const Target target;  // any unique puzzle
  Generator generator(geometry, Options{});
  grader::Grader grader(geometry);
  std::set<Move> moves_with_finds;
  std::int64_t finds = 0;
  const std::vector<Job> jobs = miner.jobs(seeds);
  ASSERT_FALSE(jobs.empty());
  for (std::size_t i = 0; i < jobs.size(); i += 3) {  // a third of the jobs keeps it quick
    const JobResult result = miner.explore(7, i, jobs[i], seeds, target, kNoFrontier);
    EXPECT_LE(result.unique, result.candidates);
    std::set<std::string> keys;
    for (const Find& find : result.finds) {
      ++finds;
      moves_with_finds.insert(jobs[i].move);
      EXPECT_TRUE(find.kept);
      EXPECT_EQ(engine::count_solutions(find.puzzle, 2).count, 1) << engine::to_line(find.puzzle);
      EXPECT_TRUE(generator.is_minimal(find.puzzle)) << engine::to_line(find.puzzle);
      EXPECT_EQ(find.key, engine::canonical_key(find.puzzle));
      EXPECT_NE(find.key, seeds[0].key);  // the seed itself is not a find
      EXPECT_TRUE(keys.insert(find.key).second) << "twice in one job: " << find.key;
      const grader::Grade grade = grader.grade(find.puzzle);
      EXPECT_EQ(find.grade.tier, grade.tier);
      EXPECT_EQ(find.grade.te_depth, grade.te_depth);
      EXPECT_EQ(find.grade.rating, grade.rating);
      EXPECT_EQ(find.grade.score, grade.score);
      EXPECT_EQ(find.accepted, target.accepts(grade));
    }
  }
  EXPECT_GT(finds, 20);
  EXPECT_TRUE(moves_with_finds.contains(Move::Swap1));
}

TEST(Mine, AJobGivesTheSameFindsEveryTimeAndOnAnyMiner) {
  const engine::Geometry geometry;
  MineOptions options;
  options.swap2_samples = 128;
  Miner first(geometry, options);
  Miner second(geometry, options);
  const std::vector<Seed> seeds = {seed_of(kDeep), seed_of(kHard)};
  Target target;
  target.tier = grader::Tier::Diabolical;
  const std::vector<Job> jobs = first.jobs(seeds);
  for (const std::size_t i : {std::size_t{0}, jobs.size() / 2, jobs.size() - 1}) {
    second.explore(1, i + 1, jobs[(i + 1) % jobs.size()], seeds, target, kNoFrontier);  // another job first: no state carries over
    const JobResult a = first.explore(3, i, jobs[i], seeds, target, kNoFrontier);
    const JobResult b = second.explore(3, i, jobs[i], seeds, target, kNoFrontier);
    ASSERT_EQ(a.finds.size(), b.finds.size()) << i;
    EXPECT_EQ(a.candidates, b.candidates);
    for (std::size_t k = 0; k < a.finds.size(); ++k) EXPECT_EQ(a.finds[k].key, b.finds[k].key);
  }
}

// A miner keeps the grades it made lately: a job run again (every grade then looked
// up), and the same job from the seed transposed (the same puzzles up to transposition,
// each with its own solution and search), must give the grades the grader gives.
TEST(Mine, AGradeMadeBeforeIsGivenOnlyToTheSamePuzzle) {
  const engine::Geometry geometry;
  MineOptions options;
  options.graded_kept = 8;  // (so that grades are looked up in both generations, and some dropped)
  Miner miner(geometry, options);
  grader::Grader grader(geometry);
  const Seed seed = seed_of(kDeep);
  engine::Grid turned(geometry);
  for (engine::Cell c = 0; c < 81; ++c) turned.set(c, seed.puzzle[9 * (c % 9) + c / 9]);
  const std::vector<Seed> seeds = {seed};
  const std::vector<Seed> turned_seeds = {{turned, seed.score, seed.key}};
  Target target;
  target.tier = grader::Tier::Diabolical;
  // A {-1,+1} job's part is its given (in cell order): the same given, transposed.
  const auto givens = [](const engine::Grid& puzzle) {
    std::vector<engine::Cell> at;
    for (engine::Cell c = 0; c < 81; ++c) {
      if (puzzle[c] != 0) at.push_back(c);
    }
    return at;
  };
  const std::vector<engine::Cell> given = givens(seed.puzzle);
  const std::vector<engine::Cell> turned_given = givens(turned);
  std::size_t checked = 0;
  const auto check = [&](const JobResult& result) {
    for (const Find& find : result.finds) {
      const grader::Grade grade = grader.grade(find.puzzle);
      EXPECT_EQ(find.grade.solution, grade.solution) << engine::to_line(find.puzzle);
      EXPECT_EQ(find.grade.search_nodes, grade.search_nodes);
      EXPECT_EQ(find.grade.search_depth, grade.search_depth);
      EXPECT_EQ(find.grade.tier, grade.tier);
      EXPECT_EQ(find.grade.te_depth, grade.te_depth);
      EXPECT_EQ(find.grade.technique_counts, grade.technique_counts);
      EXPECT_EQ(find.grade.rating, grade.rating);
      EXPECT_EQ(find.grade.score, grade.score);
      ++checked;
    }
  };
  for (std::uint32_t part = 0; part < 3; ++part) {
    const Job job{0, Move::Swap1, part};
    const engine::Cell out = given[part];
    const auto turned_part = static_cast<std::uint32_t>(
        std::find(turned_given.begin(), turned_given.end(), 9 * (out % 9) + out / 9) - turned_given.begin());
    const JobResult first = miner.explore(4, part, job, seeds, target, kNoFrontier);
    const JobResult again = miner.explore(4, part, job, seeds, target, kNoFrontier);
    const JobResult transposed = miner.explore(4, part, {0, Move::Swap1, turned_part}, turned_seeds, target, kNoFrontier);
    ASSERT_EQ(again.finds.size(), first.finds.size());
    check(first);
    check(again);
    check(transposed);
  }
  EXPECT_GT(checked, 30u);
}

TEST(RatingClaims, TheEarliestJobThatAsksRatesAPuzzle) {
  RatingClaims claims;
  EXPECT_TRUE(claims.claim("a", 5));
  EXPECT_FALSE(claims.claim("a", 9));  // job 5 rates it
  EXPECT_TRUE(claims.claim("a", 5));   // (asked again)
  EXPECT_TRUE(claims.claim("a", 2));   // an earlier job asked later: it rates too
  EXPECT_FALSE(claims.claim("a", 5));  // ... and now job 5 would not
  EXPECT_TRUE(claims.claim("b", 9));
  claims.clear();
  EXPECT_TRUE(claims.claim("a", 9));
}

// Jobs of a round that find the same puzzles (here the same move of the same seed
// under other indices: they differ in how they carve, not in what they try): with
// the round's claims, a later job leaves unrated what an earlier job claimed, and
// rates the rest as the grader does; an earlier job rates whatever a later one claimed.
TEST(Mine, ALaterJobLeavesUnratedWhatAnEarlierJobOfTheRoundRated) {
  const engine::Geometry geometry;
  const MineOptions options;
  Miner miner(geometry, options);
  grader::Grader grader(geometry);
  const std::vector<Seed> seeds = {seed_of(kDeep)};
  Target target;
  target.tier = grader::Tier::Diabolical;  // asks nothing of the rating
  const Job job = miner.jobs(seeds).front();
  RatingClaims claims;
  const JobResult first = miner.explore(1, 5, job, seeds, target, kNoFrontier, &claims);
  ASSERT_GE(first.finds.size(), 4U);
  for (const Find& find : first.finds) EXPECT_EQ(find.grade.rating, grader.grade(find.puzzle).rating) << find.key;
  // Job 9 after job 5: it rates nothing job 5 rated.
  const JobResult after_five = miner.explore(1, 9, job, seeds, target, kNoFrontier, &claims);
  ASSERT_EQ(after_five.finds.size(), first.finds.size());
  for (const Find& find : after_five.finds) EXPECT_EQ(find.grade.rating, 0) << find.key;
  // Job 9 after job 2, which claimed every other puzzle of them: it rates the rest.
  std::set<std::string> claimed;
  RatingClaims only_two;
  for (std::size_t k = 0; k < first.finds.size(); k += 2) {
    claimed.insert(first.finds[k].key);
    only_two.claim(first.finds[k].key, 2);
  }
  const JobResult later = miner.explore(1, 9, job, seeds, target, kNoFrontier, &only_two);
  ASSERT_EQ(later.finds.size(), first.finds.size());
  for (const Find& find : later.finds) {
    const grader::Grade grade = grader.grade(find.puzzle);
    EXPECT_EQ(find.grade.rating, claimed.contains(find.key) ? 0 : grade.rating) << find.key;
    EXPECT_EQ(find.accepted, target.accepts(grade));  // judged all the same
    EXPECT_EQ(find.grade.te_depth, grade.te_depth);
  }
  // The other way round: job 5 rates what job 9 claimed.
  RatingClaims reversed;
  miner.explore(1, 9, job, seeds, target, kNoFrontier, &reversed);
  const JobResult five_after_nine = miner.explore(1, 5, job, seeds, target, kNoFrontier, &reversed);
  ASSERT_EQ(five_after_nine.finds.size(), first.finds.size());
  for (const Find& find : five_after_nine.finds) EXPECT_GT(find.grade.rating, 0) << find.key;
  // A target that reads the rating rates every find, claims or not.
  Target rated = target;
  rated.rating_min = 10;
  RatingClaims ignored;
  for (const std::string& key : claimed) ignored.claim(key, 2);
  const JobResult rated_finds = miner.explore(1, 9, job, seeds, rated, kNoFrontier, &ignored);
  int claimed_and_rated = 0;
  for (const Find& find : rated_finds.finds) {
    EXPECT_GT(find.grade.rating, 0) << find.key;
    claimed_and_rated += claimed.contains(find.key) ? 1 : 0;
  }
  EXPECT_GT(claimed_and_rated, 0);  // (the claims were there to be ignored)
}

TEST(Mine, WithoutMinimizingFindsAreTheNeighboursAsFound) {
  MineOptions options;
  options.minimize = false;
  options.moves = {Move::Add1};
  Miner miner(engine::Geometry{}, options);
  const std::vector<Seed> seeds = {seed_of(kHard)};
  const Target target;
  const std::vector<Job> jobs = miner.jobs(seeds);
  ASSERT_EQ(jobs.size(), 1u);
  const JobResult result = miner.explore(1, 0, jobs[0], seeds, target, kNoFrontier);
  ASSERT_FALSE(result.finds.empty());
  const int clues = seeds[0].puzzle.clue_count();
  for (const Find& find : result.finds) EXPECT_EQ(find.puzzle.clue_count(), clues + 1);  // one given added, none taken
}

TEST(Mine, AFreshRoundStartsFromNothing) {
  MineOptions options;
  options.fresh_jobs = 3;
  Miner miner(engine::Geometry{}, options);
  const std::vector<Job> jobs = miner.jobs({});
  ASSERT_EQ(jobs.size(), 3u);
  Target target;
  target.tier = grader::Tier::Diabolical;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    EXPECT_EQ(jobs[i].move, Move::Fresh);
    const JobResult result = miner.explore(9, i, jobs[i], {}, target, kNoFrontier);
    EXPECT_EQ(result.candidates, 1);
    for (const Find& find : result.finds) EXPECT_EQ(find.grade.tier, grader::Tier::Diabolical);
  }
}

TEST(Mine, WhatTheFrontierKnowsIsNotFoundAgain) {
  MineOptions options;
  options.moves = {Move::Swap1};
  Miner miner(engine::Geometry{}, options);
  const std::vector<Seed> seeds = {seed_of(kHard)};
  const Target target;  // any unique puzzle
  const std::vector<Job> jobs = miner.jobs(seeds);
  std::size_t known = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const JobResult first = miner.explore(5, i, jobs[i], seeds, target, kNoFrontier);
    Frontier frontier;
    for (std::size_t k = 0; k < first.finds.size(); k += 2) {  // every other find known
      const Find& find = first.finds[k];
      frontier.offer({find.puzzle, find.grade.score, find.key});
    }
    const JobResult again = miner.explore(5, i, jobs[i], seeds, target, frontier);
    EXPECT_EQ(again.candidates, first.candidates);  // the same neighbours, ...
    ASSERT_EQ(again.finds.size(), first.finds.size() / 2) << i;  // ... the finds it does not know
    for (std::size_t k = 0; k < again.finds.size(); ++k) EXPECT_EQ(again.finds[k].key, first.finds[2 * k + 1].key);
    known += frontier.waiting();
  }
  EXPECT_GT(known, 20u);
}

TEST(Mine, NoSteppingStonesWhileTheFrontierHoldsEnoughSeedsTheyCannotOutscore) {
  MineOptions options;
  options.moves = {Move::Swap1};
  options.reserve = 2;
  options.shallow_guesses = 0;  // (else the full frontier leaves shallow neighbours out too: the next test)
  Miner miner(engine::Geometry{}, options);
  const std::vector<Seed> seeds = {seed_of(kDeep)};
  Target target;
  target.te_depth = 2;
  const std::vector<Job> jobs = miner.jobs(seeds);
  // Seeds a te_depth-1 stone cannot outscore, whatever its rating.
  const int deeper = grader::score_ceiling(grader::Tier::Diabolical, 1) + 1;
  Frontier one;
  one.offer({engine::Grid(engine::Geometry{}), deeper, "deeper-1"});
  Frontier two = one;
  two.offer({engine::Grid(engine::Geometry{}), deeper, "deeper-2"});
  int stones = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto stones_of = [](const JobResult& result) {
      return std::count_if(result.finds.begin(), result.finds.end(), [](const Find& f) { return f.kept && !f.accepted; });
    };
    const JobResult without = miner.explore(2, i, jobs[i], seeds, target, kNoFrontier);
    const JobResult with_one = miner.explore(2, i, jobs[i], seeds, target, one);
    const JobResult with_two = miner.explore(2, i, jobs[i], seeds, target, two);
    EXPECT_EQ(stones_of(with_one), stones_of(without)) << i;  // fewer than `reserve` such seeds: stones as ever
    EXPECT_EQ(stones_of(with_two), 0) << i;
    for (const Find& find : with_two.finds) EXPECT_TRUE(find.accepted);  // the finds themselves stay
    EXPECT_EQ(with_two.finds.size(), without.finds.size() - static_cast<std::size_t>(stones_of(without)));
    stones += static_cast<int>(stones_of(without));
  }
  EXPECT_GT(stones, 5);
}

// The unique {-1,+1} neighbours of job `part` of `seed` (no symmetry: a part is a
// given, in cell order) that the solver proves unique with fewer than `guesses`
// guesses, counted here without the miner.
std::int64_t shallow_neighbours(const engine::Grid& seed, std::uint32_t part, std::uint64_t guesses) {
  const engine::Geometry& geometry = seed.geometry();
  engine::Solver solver(geometry);
  const engine::Units units(geometry);
  std::vector<engine::Cell> givens;
  for (engine::Cell c = 0; c < geometry.cell_count(); ++c) {
    if (seed[c] != 0) givens.push_back(c);
  }
  engine::Grid base = seed;
  base.set(givens[part], 0);
  std::int64_t shallow = 0;
  for (engine::Cell c = 0; c < geometry.cell_count(); ++c) {
    if (seed[c] != 0) continue;  // (the cell just emptied is not an "other" cell)
    for (int d = 1; d <= geometry.size(); ++d) {
      engine::Grid next = base;
      next.set(c, d);
      if (engine::find_clash(next, units)) continue;
      const engine::SolveResult counted = solver.count_solutions(next, 2);
      shallow += static_cast<std::int64_t>(counted.count == 1 && counted.stats.guesses < guesses);
    }
  }
  return shallow;
}

TEST(Mine, ShallowNeighboursAreLeftOutOnlyWhereDeeperPuzzlesAloneAreWantedAndNoStoneIs) {
  MineOptions options;
  options.moves = {Move::Swap1};
  options.reserve = 2;
  MineOptions examine_all = options;
  examine_all.shallow_guesses = 0;
  Miner miner(engine::Geometry{}, options);
  Miner plain(engine::Geometry{}, examine_all);
  // Norvig's and five mined te_depth-2 puzzles, whose neighbourhoods hold more such finds.
  std::vector<Seed> seeds = {seed_of(kDeep)};
  const std::vector<engine::Grid> mined = test::load_puzzles("te_depth2.txt");
  for (std::size_t k = 0; k < 5; ++k) seeds.push_back(seed_of(engine::to_line(mined[k]).c_str()));
  Target deeper;
  deeper.te_depth = 2;
  // Seeds a te_depth-1 stone cannot outscore: no stone is kept.
  const int above = grader::score_ceiling(grader::Tier::Diabolical, 1) + 1;
  Frontier full;
  full.offer({engine::Grid(engine::Geometry{}), above, "deeper-1"});
  full.offer({engine::Grid(engine::Geometry{}), above, "deeper-2"});
  std::vector<Job> jobs = miner.jobs(seeds, full);
  ASSERT_GE(jobs.size(), 3U);
  // And {-0,+1} jobs (the round leaves them out here, but a job may ask): their
  // neighbours all lose givens when carved, so if leaving a neighbour out shifted
  // the stream a later neighbour's carve draws from, that carve would differ.
  for (std::uint32_t s = 0; s < seeds.size(); ++s) jobs.push_back({s, Move::Add1, 0});
  std::int64_t left_out = 0;
  std::int64_t unique = 0;
  std::size_t finds = 0;
  std::size_t found_examining_all = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const JobResult skipping = miner.explore(5, i, jobs[i], seeds, deeper, full);
    const JobResult examining = plain.explore(5, i, jobs[i], seeds, deeper, full);
    EXPECT_EQ(skipping.candidates, examining.candidates) << i;
    EXPECT_EQ(skipping.unique, examining.unique) << i;
    EXPECT_EQ(examining.shallow, 0) << i;
    if (jobs[i].move == Move::Swap1) {
      EXPECT_EQ(skipping.shallow, shallow_neighbours(seeds[jobs[i].seed].puzzle, jobs[i].part, 9)) << i;
    }
    // What is examined is examined as ever (each carve has its own stream): every
    // find is one the miner makes without leaving anything out, graded alike.
    std::map<std::string, const Find*> all;
    for (const Find& find : examining.finds) all[find.key] = &find;
    for (const Find& find : skipping.finds) {
      ASSERT_TRUE(all.contains(find.key)) << i << " " << find.key;
      EXPECT_EQ(find.puzzle, all[find.key]->puzzle);
      EXPECT_EQ(find.grade.score, all[find.key]->grade.score);
      EXPECT_TRUE(find.accepted);
    }
    left_out += skipping.shallow;
    unique += skipping.unique;
    finds += skipping.finds.size();
    found_examining_all += examining.finds.size();
  }
  EXPECT_GT(left_out, unique / 5);  // (about half: MineOptions)
  EXPECT_GT(finds, 0U);
  EXPECT_GE(finds, found_examining_all * 9 / 10);  // (few finds come from shallow neighbours)
  // Where stones are kept, or shallower puzzles are wanted, nothing is left out.
  Frontier thin;
  thin.offer({engine::Grid(engine::Geometry{}), above, "deeper-1"});
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(miner.explore(5, i, jobs[i], seeds, deeper, thin).shallow, 0) << i;
    EXPECT_EQ(miner.explore(5, i, jobs[i], seeds, Target{}, full).shallow, 0) << i;
  }
}

TEST(Mine, NoAddOneOrSwapTwoJobsWhileTheFrontierHoldsEnoughSeedsAStoneCannotOutscore) {
  MineOptions options;
  options.reserve = 2;
  Miner miner(engine::Geometry{}, options);
  const std::vector<Seed> seeds = {seed_of(kDeep), seed_of(kHard)};
  const int deeper = grader::score_ceiling(grader::Tier::Diabolical, 1);  // (a te_depth-1 stone is kept only above it)
  Frontier one;
  one.offer({engine::Grid(engine::Geometry{}), deeper, "deeper-1"});
  one.offer({engine::Grid(engine::Geometry{}), deeper - 1, "shallower"});
  Frontier two = one;
  two.offer({engine::Grid(engine::Geometry{}), deeper, "deeper-2"});
  const auto stone_maker = [](const Job& job) { return job.move == Move::Add1 || job.move == Move::Swap2; };
  const auto count = [](const std::vector<Job>& jobs, Move move) {
    return std::count_if(jobs.begin(), jobs.end(), [move](const Job& job) { return job.move == move; });
  };
  const std::vector<Job> thin = miner.jobs(seeds);
  EXPECT_EQ(count(thin, Move::Add1), 2);  // one a seed
  EXPECT_EQ(count(thin, Move::Swap2), 2);
  EXPECT_EQ(miner.jobs(seeds, one).size(), thin.size());  // fewer than `reserve` such seeds: every move
  const std::vector<Job> full = miner.jobs(seeds, two);
  EXPECT_EQ(count(full, Move::Add1), 0);
  EXPECT_EQ(count(full, Move::Swap2), 0);
  std::vector<Job> rest;
  std::copy_if(thin.begin(), thin.end(), std::back_inserter(rest), [&](const Job& job) { return !stone_maker(job); });
  ASSERT_EQ(full.size(), rest.size());  // the other moves' jobs, as ever
  for (std::size_t i = 0; i < full.size(); ++i) {
    EXPECT_EQ(full[i].seed, rest[i].seed);
    EXPECT_EQ(full[i].move, rest[i].move);
    EXPECT_EQ(full[i].part, rest[i].part);
  }
  // Without {-1,+1}, nothing else makes their finds: they stay.
  options.moves = {Move::Add1, Move::Swap2};
  const Miner without_swap1(engine::Geometry{}, options);
  EXPECT_EQ(count(without_swap1.jobs(seeds, two), Move::Add1), 2);
  EXPECT_EQ(count(without_swap1.jobs(seeds, two), Move::Swap2), 2);
}

Seed scored(int score, const std::string& key) { return {engine::Grid(engine::Geometry{}), score, key}; }

TEST(Frontier, TakesTheBestFirstAndNeverOffersAPuzzleTwice) {
  Frontier frontier(2, 3);
  frontier.offer(scored(10, "b"));
  frontier.offer(scored(30, "a"));
  frontier.offer(scored(10, "a2"));
  frontier.offer(scored(30, "a"));  // waiting already
  EXPECT_EQ(frontier.waiting(), 3u);
  frontier.offer(scored(5, "z"));  // the worst of a full frontier goes, for good
  EXPECT_EQ(frontier.waiting(), 3u);
  EXPECT_TRUE(frontier.knows("z"));
  const std::vector<Seed> round = frontier.next_round();
  ASSERT_EQ(round.size(), 2u);
  EXPECT_EQ(round[0].key, "a");
  EXPECT_EQ(round[1].key, "a2");  // ties by key
  frontier.offer(scored(99, "a"));  // explored already
  frontier.offer(scored(99, "z"));  // dropped already
  EXPECT_EQ(frontier.waiting(), 1u);
  EXPECT_EQ(frontier.next_round()[0].key, "b");
  EXPECT_TRUE(frontier.empty());
}

TEST(Frontier, ItsSavedStateGivesItBack) {
  MineState state;
  state.round = 4;
  state.base = 1234;
  state.seeds = {seed_of(kDeep)};
  state.kept = {seed_of(kHard)};
  state.frontier = Frontier(2, 10);
  state.frontier.offer(seed_of(kHard));
  state.frontier.offer(seed_of(kDeep));
  const std::vector<Seed> taken = state.frontier.next_round();
  state.frontier.offer(seed_of("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
  const std::string text = state.save();
  const MineState back = MineState::load(text, engine::Geometry{}, 2, 10);
  EXPECT_EQ(back.save(), text);
  EXPECT_EQ(back.round, 4);
  EXPECT_EQ(back.base, 1234u);
  ASSERT_EQ(back.seeds.size(), 1u);
  EXPECT_EQ(back.seeds[0].puzzle, state.seeds[0].puzzle);
  EXPECT_EQ(back.kept[0].key, state.kept[0].key);
  for (const Seed& seed : taken) EXPECT_TRUE(back.frontier.knows(seed.key));
  EXPECT_EQ(back.frontier.waiting(), 1u);
}

TEST(Frontier, RefusesAStateItDidNotWrite) {
  const engine::Geometry geometry;
  EXPECT_THROW(MineState::load("base 3\n", geometry, 2, 10), std::invalid_argument);         // no round
  EXPECT_THROW(MineState::load("round 1\nbase 0\nq 1\n", geometry, 2, 10), std::invalid_argument);
  EXPECT_THROW(MineState::load("round 1\nbase 0\nw 5 k 123\n", geometry, 2, 10), std::invalid_argument);
  EXPECT_THROW(MineState::load("round x\nbase 0\n", geometry, 2, 10), std::invalid_argument);
  EXPECT_THROW(MineState::load("round 1\nbase 0\nx 12\n", geometry, 2, 10), std::invalid_argument);
}

TEST(Acceptor, AFindKnownBeforeTheRunIsNotNew) {
  Request request;
  request.count = 5;
  Acceptor acceptor(request);
  Candidate find;
  find.accepted = true;
  int asked = 0;
  EXPECT_EQ(acceptor.offer(find, "k1", [&] { ++asked; return true; }), Verdict::Known);
  EXPECT_EQ(acceptor.offer(find, "k2", [&] { ++asked; return false; }), Verdict::Accepted);
  EXPECT_EQ(acceptor.offer(find, "k2", [&] { ++asked; return false; }), Verdict::Duplicate);  // the run's own, not asked
  EXPECT_EQ(asked, 2);
  EXPECT_EQ(acceptor.total(), 1);
}

}  // namespace
}  // namespace sudoforge::generator
