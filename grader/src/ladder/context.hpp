#pragma once
// What the chain rungs of one rated path share: the puzzle's solution, the position's
// static graphs (made once per position, whichever rung asks first: along a path,
// the one with all links updated from the position before), and the
// node-by-node engine that prints chains (and the sweep, many runs at once, for
// runs that need no chain).
//
// The solution only spares work that cannot succeed: a chain from "x is in cell c"
// to its own negation exists only when x is not c's digit in the solution (every
// technique is sound), and one from "x is not in c" to "x is in c" only when it is.
// So each candidate is tried the one way that can lead somewhere; what is found is
// what trying both ways would find.

#include <cstdint>
#include <span>

#include "implications.hpp"
#include "static_graph.hpp"
#include "sweep.hpp"

namespace sudoforge::grader::ladder {

// Trial and error inside an assumption, for nested forcing chains: the grader's core
// gives it on its fast boards (engine/unit_board.hpp), which the ladder's finders
// do not know.
class NestedRefuter {
 public:
  virtual ~NestedRefuter() = default;
  // The position the next refute() calls start from: each cell's candidates (bit d
  // for digit index d; 0 once placed) and placed digit (1-based, 0 while open).
  virtual void load(std::span<const std::uint16_t> candidates, std::span<const std::uint8_t> values) = 0;
  // Assumes digit index d in cell c and follows it: singles (and with `plus`, naked
  // and hidden pairs too) to their fixpoint; then every candidate whose own
  // assumption, followed the same way, contradicts is taken out, all together, and
  // again. Returns the length of that chain when it ends in a contradiction: the
  // assumption, each cell it fills, and one for each round of chains inside (a round
  // looks at the whole position once); or -1 if it does not end so.
  virtual int refute(Cell c, int d, bool plus) = 0;
};

template <int W>
class ChainContext {
 public:
  explicit ChainContext(const Tables<W>& t)
      : tables(t), engine(t), sweep(t), wide_sweep(t), narrow_sweep(t), graph_x_(t), graph_xy_(t) {}

  // A new puzzle: its solution, digits 1-based by cell; `chains`: whether the steps
  // are recorded, so that the chains applied must be spelled out node by node;
  // `path`: whether the positions the rungs are asked about from now on are those of
  // a rated path, one after another (then the graph with all links is updated from
  // one position to the next: StaticGraph::update()).
  void start(const std::uint8_t* solution, bool chains, bool path = false) {
    truth_ = solution;
    record = chains;
    path_ = path;
    ++position_;
    ++puzzle_;
  }
  // The position changed (a round applied something).
  void moved() { ++position_; }
  // The static graph of position `p` with X links only or all links (made on first
  // use after a change: on a path, the one with all links updated from the last
  // position it was made for where it can be, else built).
  StaticGraph<W>& graph(const Position<W>& p, bool xy) {
    std::uint64_t& built = xy ? built_xy_ : built_x_;
    StaticGraph<W>& g = xy ? graph_xy_ : graph_x_;
    if (built != position_) {
      const bool along = xy && path_ && graph_puzzle_ == puzzle_;
      if (!along || !g.update(p)) g.build(p, xy);
      if (xy) graph_puzzle_ = puzzle_;
      built = position_;
    }
    return g;
  }
  // Whether digit d (index) is cell c's digit in the solution.
  bool is_true(Cell c, int d) const { return truth_[static_cast<std::size_t>(c)] == d + 1; }
  std::uint64_t position_id() const { return position_; }
  // Which puzzle the rungs are rating (start() counts them).
  std::uint64_t puzzle_id() const { return puzzle_; }

  const Tables<W>& tables;
  Implications<W> engine;
  Sweep<W> sweep;  // dynamic runs without chains, many at once (256)
  Sweep<W, 8> wide_sweep;  // ... 512 at a time, for the forcing chains where AVX-512 is
  Sweep<W, 1> narrow_sweep;  // ... 64 at a time, for fewer runs (one digit's)
  // The sweep of `Words` words (4 or 8).
  template <int Words>
  Sweep<W, Words>& sweep_of() {
    if constexpr (Words == 8) {
      return wide_sweep;
    } else {
      return sweep;
    }
  }
  NestedRefuter* refuter = nullptr;  // set by the grader's core
  bool record = true;  // spell out the chains of the instances kept

 private:
  const std::uint8_t* truth_ = nullptr;
  std::uint64_t position_ = 0;
  std::uint64_t puzzle_ = 0;
  StaticGraph<W> graph_x_;
  StaticGraph<W> graph_xy_;
  std::uint64_t built_x_ = ~std::uint64_t{0};
  std::uint64_t built_xy_ = ~std::uint64_t{0};
  bool path_ = false;
  std::uint64_t graph_puzzle_ = 0;  // the puzzle the graph with all links was last made for
};

}  // namespace sudoforge::grader::ladder
