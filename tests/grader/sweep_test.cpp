// The dynamic runs (ladder/sweep.hpp) have three code paths, chosen at run time:
// AVX-512 (for batches of 512 runs) and AVX2 where the processor has them, plain SSE
// elsewhere; and two batch sizes for the forcing chains, 256 and 512 runs. Every path
// and size must see the same: for every assumption the same contradiction, reach and
// depths (and rating with any takes the same path: memo_test.cpp). Where the
// processor lacks one, the test says which paths it could not compare.

#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>
#include <vector>

#include "ladder/sweep.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "test_data.hpp"

namespace sudoforge::grader::ladder {
namespace {

struct Seen {
  std::vector<std::pair<int, int>> contradictions;  // (source, length)
  std::vector<std::uint64_t> reach;                 // by source
  std::vector<int> depths;                          // by source, of each node reached
};

template <int Words>
Seen follow(Sweep<2, Words>& sweep, const std::vector<int>& sources, bool y_links, int digit, int bound = 40) {
  Seen seen;
  sweep.run(
      sources, y_links, Sweep<2, Words>::Keep::Reach, [bound] { return bound; },
      [&](int i, int length) { seen.contradictions.push_back({i, length}); }, digit);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::uint64_t* row = sweep.reach(static_cast<int>(i));
    for (int w = 0; w < sweep.row_words(); ++w) {
      seen.reach.push_back(row[w]);
      for (std::uint64_t bits = row[w]; bits != 0; bits &= bits - 1) {
        seen.depths.push_back(sweep.depth(static_cast<int>(i), 64 * w + std::countr_zero(bits)));
      }
    }
  }
  return seen;
}

void expect_same(const Seen& a, const Seen& b, const std::string& where) {
  EXPECT_EQ(a.contradictions, b.contradictions) << where;
  EXPECT_EQ(a.reach, b.reach) << where;
  EXPECT_EQ(a.depths, b.depths) << where;
}

// The 9x9 tables and a sweep of each batch size: 512, 256 and 64 runs.
struct Sweeps {
  engine::Geometry classic;
  Tables<2> tables{classic};
  Sweep<2, 8> wider{tables};
  Sweep<2> wide{tables};
  Sweep<2, 1> narrow{tables};
};

// Every 15th puzzle of top1465, loaded into the wide and the narrow sweep: f(where,
// all, digits, p) with every node of the position (`all`: the dynamic forcing chains'
// sources, for the wide sweep) and each digit's "on" nodes (`digits`, (d, nodes) for
// each digit that has a candidate: Nishio's, for the narrow one) and the position p.
template <typename F>
void for_each_sampled_position(Sweeps& s, F&& f) {
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t n = 0; n < top.size(); n += 15) {
    Position<2> p;
    p.start(s.tables, top[n]);
    s.wide.load(p);
    s.narrow.load(p);
    std::vector<int> all;
    for (int v = 0; v < s.wide.nodes(); ++v) all.push_back(v);
    std::vector<std::pair<int, std::vector<int>>> digits;
    for (int d = 0; d < 9; ++d) {
      std::vector<int> digit;
      p.cells_of(d).for_each([&](int c) { digit.push_back(s.narrow.node(c, d, true)); });
      if (!digit.empty()) digits.emplace_back(d, std::move(digit));
    }
    f(engine::to_line(top[n]), all, digits, p);
  }
}

TEST(Sweep, EveryPathAndBatchSizeFollowsEveryAssumptionAlike) {
  Sweeps sweeps;
  auto& [classic, tables, wider, wide, narrow] = sweeps;
  if (simd_here() != Simd::Avx512) std::cout << "(no AVX-512 here: its path is not compared)\n";
  if (simd_here() == Simd::Plain) std::cout << "(no AVX2 here: only the plain path runs)\n";
  int contradictions = 0;
  int over_256 = 0;  // positions with more runs than one batch of 256 holds
  int over_512 = 0;  // ... and than one of 512
  const auto compare = [&](const std::string& where, const std::vector<int>& all, const auto& digits, const Position<2>& p) {
    // Every candidate on and off, with Y links (dynamic forcing chains): 512 at a
    // time on each path, and 256 at a time on each.
    wider.load(p);
    wider.use_simd(Simd::Avx512);
    const Seen fastest = follow(wider, all, true, -1);
    for (const Simd simd : {Simd::Avx2, Simd::Plain}) {
      wider.use_simd(simd);
      expect_same(fastest, follow(wider, all, true, -1), where + " (512 runs a batch)");
    }
    // (A batch tells its contradictions depth by depth: batches of another size
    // tell the same in another order.)
    const auto in_order = [](Seen seen) {
      std::ranges::sort(seen.contradictions);
      return seen;
    };
    wide.use_simd(Simd::Avx2);
    const Seen quarter = follow(wide, all, true, -1);
    expect_same(in_order(fastest), in_order(quarter), where + " (256 runs a batch)");
    wide.use_simd(Simd::Plain);
    expect_same(quarter, follow(wide, all, true, -1), where + " (256 runs a batch, plain)");
    contradictions += static_cast<int>(fastest.contradictions.size());
    over_256 += static_cast<int>(all.size() > 256);
    over_512 += static_cast<int>(all.size() > 512);
    // One digit's candidates on, without Y links (Nishio).
    for (const auto& [d, digit] : digits) {
      narrow.use_simd(Simd::Avx512);
      const Seen one_fast = follow(narrow, digit, false, d);
      narrow.use_simd(Simd::Plain);
      const Seen one_plain = follow(narrow, digit, false, d);
      expect_same(one_fast, one_plain, where + " digit " + std::to_string(d + 1));
    }
  };
  for_each_sampled_position(sweeps, compare);
  EXPECT_GT(contradictions, 1000);  // the runs did meet contradictions to compare
  EXPECT_GT(over_256, 50);  // ... in positions that the batch sizes split differently (98 of 98)
  EXPECT_GT(over_512, 10);  // (22 of 98)
}

// The contradictions of runs that keep less (Keep::Lengths, Keep::Contradictions).
template <int Words>
std::vector<std::pair<int, int>> told(Sweep<2, Words>& sweep, const std::vector<int>& sources, bool y_links, int digit,
                                      typename Sweep<2, Words>::Keep keep) {
  std::vector<std::pair<int, int>> found;
  sweep.run(sources, y_links, keep, [] { return 40; }, [&](int i, int length) { found.push_back({i, length}); }, digit);
  return found;
}

// A run that keeps no reach tells the same contradictions with their lengths; one
// that keeps no depths either (nested chains' dynamic chains inside ask only which
// assumptions contradict) tells the same assumptions, without lengths.
TEST(Sweep, RunsThatKeepLessTellTheSameContradictions) {
  Sweeps sweeps;
  auto& [classic, tables, wider, wide, narrow] = sweeps;
  int contradictions = 0;
  const auto compare = [&](const std::string& where, const std::vector<int>& all, const auto& digits, const Position<2>& p) {
    const auto check = [&](auto& sweep, const std::vector<int>& sources, bool y_links, int digit) {
      using Keep = typename std::remove_reference_t<decltype(sweep)>::Keep;
      const auto kept = follow(sweep, sources, y_links, digit).contradictions;
      EXPECT_EQ(told(sweep, sources, y_links, digit, Keep::Lengths), kept) << where << " digit " << digit + 1;
      auto unmeasured = kept;
      for (auto& [i, length] : unmeasured) length = -1;
      EXPECT_EQ(told(sweep, sources, y_links, digit, Keep::Contradictions), unmeasured) << where << " digit " << digit + 1;
      contradictions += static_cast<int>(kept.size());
    };
    wider.load(p);
    check(wider, all, true, -1);
    check(wide, all, true, -1);
    for (const auto& [d, digit] : digits) check(narrow, digit, false, d);
  };
  for_each_sampled_position(sweeps, compare);
  EXPECT_GT(contradictions, 1000);
}

// Each sweep runs the widest instructions the processor has, up to what its batch
// size can use: AVX-512 only for 512 runs a batch (which is why ladder.hpp takes
// those only where it is).
TEST(Sweep, RunsTheWidestInstructionsItsBatchCanUse) {
  const engine::Geometry classic;
  Tables<2> tables(classic);
  const Simd here = simd_here();
  const Sweep<2, 8> wider_by_default(tables);
  const Sweep<2> wide(tables);
  const Sweep<2, 1> narrow(tables);
  EXPECT_EQ(wider_by_default.simd(), here);
  EXPECT_EQ(wide.simd(), std::min(here, Simd::Avx2));
  EXPECT_EQ(narrow.simd(), std::min(here, Simd::Avx2));
  Sweep<2, 8> wider(tables);
  wider.use_simd(Simd::Plain);
  EXPECT_EQ(wider.simd(), Simd::Plain);
  wider.use_simd(Simd::Avx512);
  EXPECT_EQ(wider.simd(), here);
}

// The forcing chains and Nishio run to one depth less than the length their bound
// allows (sweep_depth_within, chains.hpp): a contradiction the last depth would find
// is longer than the bound, or was found a depth sooner. (Each run reaches the same
// to the depth it stops at, whatever the bound: searches_test.cpp.)
TEST(Sweep, TheDepthOfTheBoundFindsNoContradictionWithinIt) {
  Sweeps sweeps;
  auto& [classic, tables, wider, wide, narrow] = sweeps;
  int within = 0;  // contradictions within the bound, each seen both ways
  int longer = 0;  // ... found only by the last depth, each longer than the bound
  const auto check = [&](const std::string& where, auto& sweep, const std::vector<int>& sources, bool y_links,
                         int digit, int bound) {
    const auto up_to = [bound](std::vector<std::pair<int, int>> found) {
      std::erase_if(found, [bound](const std::pair<int, int>& c) { return c.second > bound; });
      return found;
    };
    const Seen whole = follow(sweep, sources, y_links, digit, bound);
    const Seen less = follow(sweep, sources, y_links, digit, bound - 1);
    EXPECT_EQ(up_to(whole.contradictions), up_to(less.contradictions))
        << where << " digit " << digit + 1 << " (0: all) bound " << bound;
    within += static_cast<int>(up_to(whole.contradictions).size());
    longer += static_cast<int>(whole.contradictions.size() - less.contradictions.size());
  };
  const auto each_bound = [&](const std::string& where, const std::vector<int>& all, const auto& digits, const Position<2>&) {
    for (const int bound : {1, 2, 3, 4, 6, 8}) {
      check(where, wide, all, true, -1, bound);
      for (const auto& [d, digit] : digits) check(where, narrow, digit, false, d, bound);
    }
  };
  for_each_sampled_position(sweeps, each_bound);
  EXPECT_GT(within, 1000);
  EXPECT_GT(longer, 1000);  // the last depth does find contradictions, all too long
}

// Nishio loads the narrow sweep for the digits it is asked about only: each of them
// is followed as with every digit loaded, and a run that needs the rest is refused.
TEST(Sweep, ALoadOfSomeDigitsFollowsThemAsALoadOfAll) {
  Sweeps sweeps;
  auto& [classic, tables, wider, wide, narrow] = sweeps;
  Sweep<2, 1> some(tables);
  int compared = 0;
  const auto compare = [&](const std::string& where, const std::vector<int>&, const auto& digits, const Position<2>& p) {
    const Mask loaded = 0b010010110;  // digits 2, 3, 5 and 8
    some.load(p, loaded);
    for (const auto& [d, digit] : digits) {
      if ((loaded >> d & 1U) == 0) continue;
      expect_same(follow(narrow, digit, false, d), follow(some, digit, false, d), where + " digit " + std::to_string(d + 1));
      ++compared;
    }
    const std::vector<int> one{digits.front().second.front()};
    EXPECT_THROW(follow(some, one, true, digits.front().first), std::logic_error) << where;
    EXPECT_THROW(follow(some, one, false, -1), std::logic_error) << where;
  };
  for_each_sampled_position(sweeps, compare);
  EXPECT_GT(compared, 300);
}

}  // namespace
}  // namespace sudoforge::grader::ladder
