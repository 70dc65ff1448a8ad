// The searches of many assumptions at once against one search per assumption, on
// random positions of every geometry kind:
//  - dynamic runs (ladder/sweep.hpp) against the node-by-node engine
//    (ladder/implications.hpp) that prints the chains: with and without Y links,
//    both must reach the same nodes at the same depths and find the same
//    contradiction length (or none), to any depth bound;
//  - dynamic "plus" runs taken up where the sweep's Dynamic runs ran dry
//    (plus_from_sweep, ladder/forcing.hpp) against whole plus runs from their start;
//  - the complexity of a dynamic run's contradiction (what a nested chain's replay
//    counts for each dynamic chain inside), against the least it can be;
//  - the shortest static chains from literals to their negations
//    (StaticGraph::refutations), and the links from literals to others
//    (StaticGraph::distances, which rates cell and unit forcing chains), against a
//    breadth-first search from each; and that an open cell down to one candidate
//    changes no other literal's reach;
//  - static graphs updated from one position of a rated path to the next
//    (StaticGraph::update) against graphs built afresh for the same positions.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "graded.hpp"
#include "ladder/context.hpp"
#include "ladder/forcing.hpp"
#include "ladder/implications.hpp"
#include "ladder/ladder.hpp"
#include "ladder/static_graph.hpp"
#include "ladder/sweep.hpp"
#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"
#include "test_data.hpp"

namespace sudoforge::grader::ladder {
namespace {

using Reached = std::vector<std::pair<int, int>>;  // (slot, depth), sorted

// A random position of `geometry`: a random full grid's digits placed in a random
// share of the cells, then a random share of the other cells' false candidates gone.
template <int W>
Position<W> random_position(const Tables<W>& t, const engine::Geometry& geometry, engine::Rng& rng) {
  const engine::Grid solution = test::random_full_grid(geometry, rng);
  Position<W> p;
  p.clear(t);
  for (Cell c = 0; c < t.cells; ++c) {
    if (rng.below(3) == 0 && p.has(c, solution[c] - 1)) p.place(t, c, solution[c] - 1);
  }
  for (Cell c = 0; c < t.cells; ++c) {
    for (int d = 0; d < t.n; ++d) {
      if (p.has(c, d) && solution[c] != d + 1 && rng.below(3) == 0) p.remove(t, c, d);
    }
  }
  return p;
}

template <int W, int Words>
void expect_same_runs(const engine::Geometry& geometry, int positions) {
  const Tables<W> t(geometry);
  Implications<W> nodes(t);
  Sweep<W, Words> sweep(t);
  engine::Rng rng(2026 + static_cast<std::uint64_t>(geometry.size()));
  int contradictions = 0;
  int runs = 0;
  for (int position = 0; position < positions; ++position) {
    const Position<W> p = random_position(t, geometry, rng);
    sweep.load(p);
    // Every assumption, on and off: several batches of runs from 9x9 up.
    std::vector<int> sources;
    for (int v = 0; v < sweep.nodes(); ++v) sources.push_back(v);
    for (const Links links : {Links::Dynamic, Links::DynamicX}) {
      for (const int max_depth : {1 << 20, 3}) {
        std::vector<int> lengths(sources.size(), -1);
        sweep.run(sources, links == Links::Dynamic, Sweep<W, Words>::Keep::Reach, [&] { return max_depth; },
                  [&](int source, int length) { lengths[static_cast<std::size_t>(source)] = length; });
        for (std::size_t i = 0; i < sources.size(); ++i) {
          const int start = sweep.slot_of(sources[i]);
          const int found = nodes.run(p, start, links, -1, max_depth, true);
          const int expected_length = found >= 0 ? nodes.contradiction_length() : -1;
          Reached expected;
          nodes.for_each_reached([&](int s) { expected.emplace_back(s, nodes.depth(s)); });
          Reached got;
          const std::uint64_t* reach = sweep.reach(static_cast<int>(i));
          for (int v = 0; v < sweep.nodes(); ++v) {
            if ((reach[v / 64] >> (v % 64) & 1U) != 0) got.emplace_back(sweep.slot_of(v), sweep.depth(static_cast<int>(i), v));
          }
          std::sort(expected.begin(), expected.end());
          std::sort(got.begin(), got.end());
          ASSERT_EQ(lengths[i], expected_length) << "slot " << start << " bound " << max_depth;
          ASSERT_EQ(got, expected) << "slot " << start << " bound " << max_depth;
          contradictions += expected_length >= 0 ? 1 : 0;
          ++runs;
        }
      }
    }
  }
  // The positions made both kinds of run: some contradict, most do not.
  EXPECT_GT(contradictions, runs / 20) << geometry.size() << "x" << geometry.size();
  EXPECT_LT(contradictions, runs) << geometry.size() << "x" << geometry.size();
}

TEST(LadderSweep, ManyRunsAtOnceReachWhatNodeByNodeRunsReach) {
  expect_same_runs<1, 4>(engine::Geometry(2, 3), 20);
  expect_same_runs<2, 4>(engine::Geometry(3, 3), 12);
  expect_same_runs<2, 4>(engine::Geometry(3, 3, engine::Variant::Diagonal), 8);
  expect_same_runs<4, 4>(engine::Geometry(4, 4), 1);
  // Batches of 64 (the width Nishio uses): many batches.
  expect_same_runs<2, 1>(engine::Geometry(3, 3), 6);
  expect_same_runs<2, 1>(engine::Geometry(3, 3, engine::Variant::Diagonal), 4);
}

// A plus run taken up from the sweep's Dynamic run of the same start (where the
// sweep went deep enough) reaches the same nodes at the same depths and finds the same
// contradiction as the whole plus run, whatever the sweep's bound and the plus run's.
template <int W, int Words>
void expect_same_plus_runs(const engine::Geometry& geometry, int positions) {
  const Tables<W> t(geometry);
  Implications<W> whole(t);
  Implications<W> taken_up(t);
  Sweep<W, Words> sweep(t);
  PlusFilter<W, Words> filter(t);
  const auto patterns = [&](std::size_t i) { return filter.applies(i); };
  engine::Rng rng(77 + static_cast<std::uint64_t>(geometry.size()));
  int resumed = 0;  // runs that went on from the sweep's and found more with the patterns
  int contradictions = 0;
  int short_of = 0;  // runs the sweep's bound stopped short of the plus run's
  int as_swept = 0;  // plus runs that are the sweep's runs whole
  int at_the_bound = 0;  // runs where a pattern applies a depth short of max_depth
  int cut = 0;  // plus runs that are the sweep's runs cut at max_depth
  for (int position = 0; position < positions; ++position) {
    const Position<W> p = random_position(t, geometry, rng);
    sweep.load(p);
    std::vector<int> sources;
    for (int v = 0; v < sweep.nodes(); ++v) sources.push_back(v);
    for (const int sweep_bound : {1 << 20, 3}) {
      sweep.run(sources, true, Sweep<W, Words>::Keep::Reach, [&] { return sweep_bound; }, [](int, int) {});
      filter.find(p, sweep, sources.size());
      for (std::size_t i = 0; i < sources.size(); ++i) {
        const int start = sweep.slot_of(sources[i]);
        for (const int max_depth : {1 << 20, 5, 2}) {
          const int found = whole.run(p, start, Links::DynamicPlus, -1, max_depth, true);
          const int expected_length = found >= 0 ? whole.contradiction_length() : -1;
          Reached expected;
          whole.for_each_reached([&](int s) { expected.emplace_back(s, whole.depth(s)); });
          if (plus_is_cut_sweep_run(sweep, static_cast<int>(i), max_depth)) {
            // The whole plus run is the sweep's row cut at max_depth (forcing.hpp reads
            // the row as it stands: what lies deeper makes only longer chains).
            Reached sorted = expected;
            std::sort(sorted.begin(), sorted.end());
            Reached row;
            const std::uint64_t* reach = sweep.reach(static_cast<int>(i));
            for (int v = 0; v < sweep.nodes(); ++v) {
              if ((reach[v / 64] >> (v % 64) & 1U) == 0) continue;
              const int depth = sweep.depth(static_cast<int>(i), v);
              if (depth <= max_depth) row.emplace_back(sweep.slot_of(v), depth);
            }
            std::sort(row.begin(), row.end());
            ASSERT_EQ(row, sorted) << "slot " << start << " bounds " << sweep_bound << ", " << max_depth;
            const auto& end = sweep.end(static_cast<int>(i));
            const bool contradicts = end.how == Sweep<W, Words>::RunEnd::How::Contradiction && end.depth <= max_depth;
            ASSERT_EQ(expected_length, contradicts ? end.length : -1) << "slot " << start << " bounds " << sweep_bound << ", " << max_depth;
            ++cut;
          }
          Reached got;
          const int length = plus_from_sweep(sweep, static_cast<int>(i), p, taken_up, max_depth, patterns(i),
                                             [&](int v, int depth) { got.emplace_back(sweep.slot_of(v), depth); });
          if (length == -2) {
            ASSERT_TRUE(got.empty());
            ++short_of;
            continue;
          }
          std::sort(expected.begin(), expected.end());
          std::sort(got.begin(), got.end());
          ASSERT_EQ(length, expected_length) << "slot " << start << " bounds " << sweep_bound << ", " << max_depth;
          ASSERT_EQ(got, expected) << "slot " << start << " bounds " << sweep_bound << ", " << max_depth;
          contradictions += length >= 0 ? 1 : 0;
          if (plus_is_swept_run(sweep, static_cast<int>(i), max_depth, patterns(i))) {
            // The whole plus run is the sweep's row as it stands (forcing.hpp reads it there).
            Reached row;
            const std::uint64_t* reach = sweep.reach(static_cast<int>(i));
            for (int v = 0; v < sweep.nodes(); ++v) {
              if ((reach[v / 64] >> (v % 64) & 1U) != 0) row.emplace_back(sweep.slot_of(v), sweep.depth(static_cast<int>(i), v));
            }
            std::sort(row.begin(), row.end());
            ASSERT_EQ(row, expected) << "slot " << start << " bounds " << sweep_bound << ", " << max_depth;
            ASSERT_EQ(expected_length, -1);
            ++as_swept;
          }
          const auto& end = sweep.end(static_cast<int>(i));
          const bool dry = end.how == Sweep<W, Words>::RunEnd::How::Dry && end.depth < max_depth;
          const bool went_on = dry && std::any_of(got.begin(), got.end(), [&](const auto& node) { return node.second > end.depth; });
          resumed += went_on ? 1 : 0;
          if (plus_patterns_at_the_bound(sweep, static_cast<int>(i), max_depth)) {
            // Ran dry a depth short of max_depth: whatever the patterns add lies at
            // max_depth, and any contradiction is longer than max_depth (forcing.hpp
            // reads such a run from the sweep).
            for (const auto& [slot, depth] : expected) {
              if (depth > end.depth) {
                ASSERT_EQ(depth, max_depth) << "slot " << start << " bounds " << sweep_bound << ", " << max_depth;
              }
            }
            ASSERT_TRUE(expected_length < 0 || expected_length > max_depth)
                << "slot " << start << " bounds " << sweep_bound << ", " << max_depth << ": " << expected_length;
            at_the_bound += went_on ? 1 : 0;
          }
          // (A pattern that takes something adds a node a depth below the dry end.)
          if (dry) {
            ASSERT_EQ(patterns(i), went_on) << "slot " << start << " bounds " << sweep_bound << ", " << max_depth;
          }
        }
      }
    }
  }
  // Every way a run can go: on from the sweep's with the patterns, into a
  // contradiction, and past what the sweep's bound let it see.
  EXPECT_GT(resumed, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(contradictions, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(short_of, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(as_swept, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(at_the_bound, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(cut, 0) << geometry.size() << "x" << geometry.size();
}

TEST(LadderSweep, PlusRunsTakenUpFromTheSweepReachWhatWholeRunsReach) {
  expect_same_plus_runs<1, 4>(engine::Geometry(2, 3), 20);
  expect_same_plus_runs<2, 4>(engine::Geometry(3, 3), 8);
  expect_same_plus_runs<2, 4>(engine::Geometry(3, 3, engine::Variant::Diagonal), 4);
}

// A dynamic chain without pairs that ends in a contradiction rests on five nodes or
// more (Implications::kLeastDynamicComplexity: nested chains' replays stop on that
// bound), and some rest on five exactly: from every "on" assumption of random
// positions, and of positions that lost true candidates too (as inside a nested
// chain's false assumption).
template <int W>
void expect_least_dynamic_complexity(const engine::Geometry& geometry, int positions) {
  const Tables<W> t(geometry);
  Implications<W> run(t);
  engine::Rng rng(5 + static_cast<std::uint64_t>(geometry.size()));
  int contradictions = 0;
  int least = 1 << 30;
  for (int position = 0; position < positions; ++position) {
    Position<W> p = random_position(t, geometry, rng);
    if (position % 2 == 1) {
      p.open.for_each([&](int c) {
        for (int d = 0; d < t.n; ++d) {
          if (p.has(c, d) && p.count(c) > 1 && rng.below(8) == 0) p.remove(t, c, d);
        }
      });
    }
    p.open.for_each([&](int c) {
      for (int d = 0; d < t.n; ++d) {
        if (!p.has(c, d)) continue;
        const int clash = run.run(p, run.slot(c, d, true), Links::Dynamic);
        if (clash < 0) continue;
        const int complexity = run.complexity(clash);
        ASSERT_GE(complexity, Implications<W>::kLeastDynamicComplexity)
            << "r" << c / t.n + 1 << "c" << c % t.n + 1 << "=" << d + 1 << ", position " << position;
        least = std::min(least, complexity);
        ++contradictions;
      }
    });
  }
  EXPECT_GT(contradictions, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_EQ(least, Implications<W>::kLeastDynamicComplexity) << geometry.size() << "x" << geometry.size();
}

TEST(LadderImplications, DynamicContradictionsRestOnFiveNodesOrMore) {
  expect_least_dynamic_complexity<1>(engine::Geometry(2, 3), 20);
  expect_least_dynamic_complexity<2>(engine::Geometry(3, 3), 12);
  expect_least_dynamic_complexity<2>(engine::Geometry(3, 3, engine::Variant::Diagonal), 6);
}

// Calls f(graph, rng) with the static graph of each of `positions` random positions
// of `geometry`, built with all links and with X links only.
template <int W, typename F>
void for_each_graph(const engine::Geometry& geometry, int positions, std::uint64_t seed, F&& f) {
  const Tables<W> t(geometry);
  StaticGraph<W> graph(t);
  engine::Rng rng(seed + static_cast<std::uint64_t>(geometry.size()));
  for (int position = 0; position < positions; ++position) {
    const Position<W> p = random_position(t, geometry, rng);
    for (const bool xy : {true, false}) {
      graph.build(p, xy);
      f(graph, rng);
    }
  }
}

template <int W>
void expect_same_refutations(const engine::Geometry& geometry, int positions) {
  int refuted = 0;
  for_each_graph<W>(geometry, positions, 99, [&](StaticGraph<W>& graph, engine::Rng& rng) {
    // Every literal, more than 64 (several batches), in a shuffled order.
    std::vector<int> sources;
    for (int literal = 0; literal < graph.literals(); ++literal) sources.push_back(literal);
    for (std::size_t i = sources.size(); i > 1; --i) std::swap(sources[i - 1], sources[rng.below(static_cast<std::uint32_t>(i))]);
    for (const int max_links : {1 << 20, 5}) {
      std::vector<int> links(sources.size(), -1);
      graph.refutations(sources, [&] { return max_links; }, [&](int i, int found) {
        ASSERT_EQ(links[static_cast<std::size_t>(i)], -1) << "found twice";
        links[static_cast<std::size_t>(i)] = found;
      });
      for (std::size_t i = 0; i < sources.size(); ++i) {
        const int expected = graph.distance(sources[i], sources[i] ^ 1, max_links);
        ASSERT_EQ(links[i], expected) << "literal " << sources[i] << " bound " << max_links;
        refuted += expected >= 0 ? 1 : 0;
      }
    }
  });
  EXPECT_GT(refuted, 0) << geometry.size() << "x" << geometry.size();
}

template <int W>
void expect_same_distances(const engine::Geometry& geometry, int positions) {
  int near = 0;
  int far = 0;
  for_each_graph<W>(geometry, positions, 7, [&](StaticGraph<W>& graph, engine::Rng& rng) {
    // A random half of the literals as sources (more than 64 from 9x9 up: several
    // batches), a random third as targets, some of them twice.
    std::vector<int> sources;
    std::vector<int> targets;
    for (int literal = 0; literal < graph.literals(); ++literal) {
      if (rng.below(2) == 0) sources.push_back(literal);
      if (rng.below(3) == 0) targets.push_back(literal);
    }
    for (std::size_t i = 0; i < targets.size(); i += 5) targets.push_back(targets[i]);
    for (const int max_links : {1 << 20, 3}) {
      graph.distances(sources, targets, max_links);
      std::vector<int> got;
      for (std::size_t i = 0; i < sources.size(); ++i) {
        for (const int target : targets) got.push_back(graph.distance_to(static_cast<int>(i), target));
      }
      std::size_t at = 0;
      for (const int source : sources) {
        graph.distance(source, -1, max_links);
        for (const int target : targets) {
          const int expected = graph.depth_of(target);
          ASSERT_EQ(got[at++], expected) << "literal " << source << " to " << target << " bound " << max_links;
          (expected >= 0 ? near : far) += 1;
        }
      }
    }
  });
  // Both answers occur: targets within the bound and beyond it (or out of reach).
  EXPECT_GT(near, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(far, 0) << geometry.size() << "x" << geometry.size();
}

// The closure (each literal's reach from the components, read by reaches() and
// keep_reach()) against breadth-first search from each literal, on both kinds of
// graph: the sinks it only marks (literals with no link) as well as the components
// it follows. reaches() is asked both before keep_reach() makes a row the closure
// left for later (an "on" literal no link leads to) and after.
template <int W>
void expect_closure_is_reach(const engine::Geometry& geometry, int positions) {
  int reached = 0;
  int beyond = 0;
  for_each_graph<W>(geometry, positions, 31, [&](StaticGraph<W>& graph, engine::Rng&) {
    const int literals = graph.literals();
    const auto words = static_cast<std::size_t>(graph.words());
    std::vector<std::uint64_t> set(words);
    for (int from = 0; from < literals; ++from) {
      graph.distance(from, -1, 1 << 20);
      for (int to = 0; to < literals; ++to) {
        ASSERT_EQ(graph.reaches(from, to), graph.depth_of(to) >= 0) << "literal " << from << " to " << to << ", first";
      }
      std::fill(set.begin(), set.end(), ~std::uint64_t{0});
      const bool any = graph.keep_reach(from, set.data());
      ASSERT_TRUE(any) << "literal " << from;
      for (int to = 0; to < literals; ++to) {
        const bool expected = graph.depth_of(to) >= 0;
        ASSERT_EQ(graph.reaches(from, to), expected) << "literal " << from << " to " << to;
        ASSERT_EQ((set[static_cast<std::size_t>(to >> 6)] >> (to & 63) & 1U) != 0, expected) << "literal " << from << " to " << to;
        (expected && to != from ? reached : beyond) += 1;
      }
    }
  });
  EXPECT_GT(reached, 0) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(beyond, 0) << geometry.size() << "x" << geometry.size();
}

TEST(LadderStaticGraph, TheClosureReachesWhatBreadthFirstSearchReaches) {
  expect_closure_is_reach<1>(engine::Geometry(2, 3), 20);
  expect_closure_is_reach<2>(engine::Geometry(3, 3), 6);
  expect_closure_is_reach<2>(engine::Geometry(3, 3, engine::Variant::Diagonal), 4);
}

// An open cell down to one candidate whose digit has left its peers (as a dynamic
// run leaves one where its singles run dry) links nothing: the graph's reach among
// the other cells' candidates is that of the position with the cell placed. (The
// nested chains key what chains inside find in a position by the cells of two
// candidates or more alone, ladder/nested.hpp.)
template <int W>
void expect_lone_candidate_links_nothing(const engine::Geometry& geometry, int positions) {
  const Tables<W> t(geometry);
  StaticGraph<W> lone(t);
  StaticGraph<W> placed(t);
  engine::Rng rng(57 + static_cast<std::uint64_t>(geometry.size()));
  int compared = 0;
  int reached = 0;
  for (int position = 0; position < positions; ++position) {
    const Position<W> p = random_position(t, geometry, rng);
    std::vector<Cell> open;
    p.open.for_each([&](int c) {
      if (p.count(c) >= 2) open.push_back(static_cast<Cell>(c));
    });
    if (open.empty()) continue;
    const Cell c = open[rng.below(static_cast<std::uint32_t>(open.size()))];
    const int d = std::countr_zero(static_cast<Mask>(p.cand[static_cast<std::size_t>(c)]));
    Position<W> a = p;
    for (Mask others = a.cand[static_cast<std::size_t>(c)] & ~(Mask{1} << d); others != 0; others &= others - 1) {
      a.remove(t, c, std::countr_zero(others));
    }
    (t.peers[static_cast<std::size_t>(c)] & a.cells_of(d)).for_each([&](int x) { a.remove(t, x, d); });
    Position<W> b = a;
    b.place(t, c, d);
    ASSERT_TRUE(a.open.test(c));
    for (const bool xy : {true, false}) {
      lone.build(a, xy);
      placed.build(b, xy);
      std::vector<std::pair<int, int>> both;  // (literal of lone, literal of placed)
      b.open.for_each([&](int x) {
        for (Mask ds = b.cand[static_cast<std::size_t>(x)]; ds != 0; ds &= ds - 1) {
          for (const bool on : {false, true}) {
            const int e = std::countr_zero(ds);
            both.push_back({lone.literal(x, e, on), placed.literal(x, e, on)});
          }
        }
      });
      for (const auto& [from_a, from_b] : both) {
        for (const auto& [to_a, to_b] : both) {
          ASSERT_EQ(lone.reaches(from_a, to_a), placed.reaches(from_b, to_b)) << "cell " << c;
          reached += lone.reaches(from_a, to_a) && from_a != to_a ? 1 : 0;
        }
        for (const bool on : {false, true}) {
          const int mine = lone.literal(c, d, on);
          ASSERT_FALSE(lone.reaches(from_a, mine)) << "cell " << c;
          ASSERT_FALSE(lone.reaches(mine, from_a)) << "cell " << c;
        }
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, positions) << geometry.size() << "x" << geometry.size();
  EXPECT_GT(reached, 0) << geometry.size() << "x" << geometry.size();
}

TEST(LadderStaticGraph, AnOpenCellDownToOneCandidateLinksNothing) {
  expect_lone_candidate_links_nothing<1>(engine::Geometry(2, 3), 30);
  expect_lone_candidate_links_nothing<2>(engine::Geometry(3, 3), 10);
  expect_lone_candidate_links_nothing<2>(engine::Geometry(3, 3, engine::Variant::Diagonal), 6);
}

TEST(LadderStaticGraph, ManyLiteralsAtOnceFindTheLinksToOthers) {
  expect_same_distances<1>(engine::Geometry(2, 3), 20);
  expect_same_distances<2>(engine::Geometry(3, 3), 12);
  expect_same_distances<2>(engine::Geometry(3, 3, engine::Variant::Diagonal), 6);
  expect_same_distances<4>(engine::Geometry(4, 4), 1);
}

TEST(LadderStaticGraph, AllLiteralsAtOnceFindTheirShortestRefutations) {
  expect_same_refutations<1>(engine::Geometry(2, 3), 20);
  expect_same_refutations<2>(engine::Geometry(3, 3), 20);
  expect_same_refutations<2>(engine::Geometry(3, 3, engine::Variant::Diagonal), 10);
  expect_same_refutations<4>(engine::Geometry(4, 4), 2);
}

// What an updated graph `a` and a graph `b` built afresh say of position `p` must be
// the same, candidate by candidate (their literals are numbered differently): which
// literal reaches which (asked both before keep_reach() makes the rows left for
// later and after), what keep_reach() leaves, every literal's shortest refutation
// (on all links and on the XY-chains' links), and the links from every literal to
// every other.
template <int W>
void expect_same_graph(StaticGraph<W>& a, StaticGraph<W>& b, const Position<W>& p, const std::string& where) {
  std::vector<int> in_a;
  std::vector<int> in_b;
  p.open.for_each([&](int c) {
    for (Mask ds = p.cand[static_cast<std::size_t>(c)]; ds != 0; ds &= ds - 1) {
      for (const bool on : {false, true}) {
        in_a.push_back(a.literal(c, std::countr_zero(ds), on));
        in_b.push_back(b.literal(c, std::countr_zero(ds), on));
      }
    }
  });
  const std::size_t n = in_a.size();
  const auto all_reaches = [&](const char* when) {
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        ASSERT_EQ(a.reaches(in_a[i], in_a[j]), b.reaches(in_b[i], in_b[j])) << where << ", literals " << i << " to " << j << ", " << when;
      }
    }
  };
  all_reaches("first");
  std::vector<std::uint64_t> set_a;
  std::vector<std::uint64_t> set_b;
  const auto has = [](const std::vector<std::uint64_t>& set, int literal) {
    return (set[static_cast<std::size_t>(literal >> 6)] >> (literal & 63) & 1U) != 0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    set_a.resize(static_cast<std::size_t>(a.words()));
    set_b.resize(static_cast<std::size_t>(b.words()));
    a.all_alive(set_a.data());  // (where every group's common reach starts)
    b.all_alive(set_b.data());
    ASSERT_EQ(a.keep_reach(in_a[i], set_a.data()), b.keep_reach(in_b[i], set_b.data())) << where;
    // Nothing but literals alive is left, and those as in the fresh graph.
    int left = 0;
    for (int literal = 0; literal < a.literals(); ++literal) left += has(set_a, literal) ? 1 : 0;
    int expected = 0;
    for (std::size_t j = 0; j < n; ++j) {
      ASSERT_EQ(has(set_a, in_a[j]), has(set_b, in_b[j])) << where << ", literals " << i << " to " << j;
      expected += has(set_b, in_b[j]) ? 1 : 0;
    }
    ASSERT_EQ(left, expected) << where << ", literal " << i;
  }
  all_reaches("after keep_reach");
  for (const bool bivalue : {false, true}) {
    std::vector<int> links_a(n, -1);
    std::vector<int> links_b(n, -1);
    a.refutations(in_a, [] { return 1 << 20; }, [&](int i, int links) { links_a[static_cast<std::size_t>(i)] = links; }, bivalue);
    b.refutations(in_b, [] { return 1 << 20; }, [&](int i, int links) { links_b[static_cast<std::size_t>(i)] = links; }, bivalue);
    ASSERT_EQ(links_a, links_b) << where << (bivalue ? ", XY-chains' links" : ", all links");
  }
  a.distances(in_a, in_a, 1 << 20);
  b.distances(in_b, in_b, 1 << 20);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      ASSERT_EQ(a.distance_to(static_cast<int>(i), in_a[j]), b.distance_to(static_cast<int>(i), in_b[j])) << where << ", literals " << i << " to " << j;
    }
    a.distance(in_a[i], -1, 1 << 20);
    b.distance(in_b[i], -1, 1 << 20);
    for (std::size_t j = 0; j < n; ++j) ASSERT_EQ(a.depth_of(in_a[j]), b.depth_of(in_b[j])) << where << ", literals " << i << " to " << j;
  }
}

// Walks each puzzle's rated path (its steps, round by round) and asks the chain
// rungs' context for the graph with all links at the start of every round that
// applies more than singles (there no single is left, as wherever the static
// chains are asked), then compares it with one built afresh. Returns how many of
// the graphs compared were updates. With `marks`, each puzzle's updates mark units
// from there on (StaticGraph::start_marks_at).
template <int W>
int expect_updates_build_the_same(const std::vector<engine::Grid>& puzzles, std::optional<std::uint32_t> marks = std::nullopt) {
  int updates = 0;
  test::for_each_without_nested(puzzles, [&](const engine::Grid& puzzle, const Grade& grade) {
    Ladder<W> ladder(puzzle.geometry());
    std::vector<HumanStep> steps;
    ladder.rate(puzzle, grade.solution, &steps, nullptr);
    const Tables<W> t(puzzle.geometry());
    ChainContext<W> context(t);
    context.start(grade.solution.values().data(), false, true);
    StaticGraph<W> fresh(t);
    Position<W> p;
    p.start(t, puzzle);
    for (std::size_t i = 0; i < steps.size();) {
      std::size_t end = i;
      while (end < steps.size() && steps[end].round == steps[i].round) ++end;
      if (steps[i].rating > base_rating(HumanTechnique::NakedSingle)) {
        context.moved();
        StaticGraph<W>& graph = context.graph(p, true);
        if (marks && !graph.updated()) graph.start_marks_at(*marks);
        updates += graph.updated() ? 1 : 0;
        fresh.build(p, true);
        expect_same_graph(graph, fresh, p, engine::to_line(puzzle) + ", round " + std::to_string(steps[i].round));
        if (testing::Test::HasFatalFailure()) return;
      }
      for (std::size_t k = i; k < end; ++k) {
        for (const Removal& r : steps[k].removals) {
          if (p.has(r.cell, r.digit - 1)) p.remove(t, r.cell, r.digit - 1);
        }
      }
      for (std::size_t k = i; k < end; ++k) {
        for (const Placement& pl : steps[k].placements) {
          if (p.value[static_cast<std::size_t>(pl.cell)] == 0 && p.has(pl.cell, pl.digit - 1)) p.place(t, pl.cell, pl.digit - 1);
        }
      }
      i = end;
    }
    EXPECT_TRUE(p.solved()) << engine::to_line(puzzle);
  });
  return updates;
}

// (Every 24th puzzle of top1465.)
TEST(LadderStaticGraph, GraphsUpdatedAlongARatedPathAreTheGraphsBuiltAfresh) {
  std::vector<engine::Grid> puzzles;
  const auto top = test::load_puzzles("top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 24) puzzles.push_back(top[i]);
  // Two X-Sudoku puzzles with chains (their cells have up to five units).
  const engine::Geometry diagonal(3, 3, engine::Variant::Diagonal);
  for (const char* line : {"....1...5.....5..9..123.....3....8.4...9.8........3.1..4..8..........6..6........",
                           "..9.2.....3............3..88.....6..97......1.....4..56.......41.....29....6....."}) {
    puzzles.push_back(engine::parse_puzzle(line, diagonal));
  }
  EXPECT_GT(expect_updates_build_the_same<2>(puzzles), 300);
  // The same across the wrap of the marks' counter (a long run's updates reach it).
  puzzles.resize(12);
  EXPECT_GT(expect_updates_build_the_same<2>(puzzles, 0xFFFFFFFEU), 20);
}

// A position with a candidate the graph's position had not (one taken out, or a cell
// placed) is no later position of a path: update() declines it, and a build is
// made. The same position is one it takes.
TEST(LadderStaticGraph, AnUpdateDeclinesAPositionWithNewCandidates) {
  const engine::Geometry geometry;
  const Tables<2> t(geometry);
  engine::Rng rng(5);
  StaticGraph<2> graph(t);
  int declined = 0;
  for (int i = 0; i < 20; ++i) {
    Position<2> p = random_position(t, geometry, rng);
    const Position<2> earlier = p;
    std::vector<Candidate> gone;
    p.open.for_each([&](int c) {
      if (p.count(c) > 2) gone.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(std::countr_zero(static_cast<Mask>(p.cand[static_cast<std::size_t>(c)])))});
    });
    if (gone.empty()) continue;
    // A candidate back, or a cell open again that was placed.
    p.remove(t, gone[0].cell, gone[0].digit);
    graph.build(p, true);
    EXPECT_FALSE(graph.update(earlier));
    EXPECT_FALSE(graph.updated());
    Position<2> placed = earlier;
    placed.place(t, gone[0].cell, gone[0].digit);
    graph.build(placed, true);
    EXPECT_FALSE(graph.update(earlier));
    EXPECT_FALSE(graph.updated());
    // Nothing changed: an update, which changes no answer.
    graph.build(earlier, true);
    EXPECT_TRUE(graph.update(earlier));
    ++declined;
  }
  EXPECT_GT(declined, 10);
}

}  // namespace
}  // namespace sudoforge::grader::ladder
