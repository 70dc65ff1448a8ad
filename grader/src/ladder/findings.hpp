#pragma once
// What the ladder's finders report: every instance of a technique in a position, each
// with its rating, the pattern (digits, units, cells, chain branches) and what it
// does (removals, placements). Kept in flat pools that are cleared, not freed, so a
// rated path allocates nothing once its buffers have grown. The finders only append;
// the ladder (ladder.hpp) decides what to apply and turns instances into HumanSteps
// when asked to record.
//
// The ladder applies only a rung's instances of its least rating. A finder may
// therefore leave out instances it knows to rate higher (building a chain costs more
// than finding its length), but it still says which digits it found something for
// (found()): the ladder's memo of digits with nothing to find relies on it.

#include <cstdint>
#include <span>
#include <vector>

#include "position.hpp"
#include "sudoforge/grader/rating.hpp"

namespace sudoforge::grader::ladder {

struct Candidate {
  std::int16_t cell;
  std::int8_t digit;  // index 0..N-1
  friend bool operator==(const Candidate&, const Candidate&) = default;
};

struct Node {
  std::int16_t cell;
  std::int8_t digit;  // index
  bool on;
  ChainVia via = ChainVia::Link;  // (set where chains are spelled out: Implications::chain())
};

struct Span32 {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::uint32_t size() const { return end - begin; }
};

struct Instance {
  HumanTechnique technique;
  int rating;  // tenths
  Mask digits;
  Span32 units;
  Span32 cells;
  Span32 removals;
  Span32 placements;
  Span32 branches;  // into Findings::branches, each a span of chain nodes
  Span32 insides;   // a nested chain's chains inside (Findings::inside())
};

// A chain inside a nested chain: the candidate it took out and its own branches.
struct InsideChain {
  Candidate removed;
  Span32 branches;
};

class Findings {
 public:
  void clear() {
    found_ = 0;
    found_units_ = 0;
    instances_.clear();
    units_.clear();
    cells_.clear();
    removals_.clear();
    placements_.clear();
    branches_.clear();
    nodes_.clear();
    insides_.clear();
  }
  bool empty() const { return instances_.empty(); }
  std::span<const Instance> instances() const { return instances_; }
  // Digits of every instance found, kept or left out (see above).
  Mask found_digits() const { return found_; }
  // The first unit of every instance kept (a subset's unit).
  Parts found_units() const { return found_units_; }
  // An instance of these digits was found but is left out: it rates higher than one kept.
  void found(Mask digits) { found_ |= digits; }

  // Starts an instance; add its parts with the calls below, then finish() it.
  void start(HumanTechnique technique, int rating, Mask digits) {
    current_ = Instance{technique, rating, digits, mark(units_), mark(cells_), mark(removals_), mark(placements_),
                        mark(branches_), mark(insides_)};
    nodes_mark_ = nodes_.size();
  }
  void unit(int u) { units_.push_back(static_cast<std::int16_t>(u)); }
  void cell(Cell c) { cells_.push_back(static_cast<std::int16_t>(c)); }
  template <int W>
  void cells(const engine::Bits<W>& set) {
    set.for_each([&](int c) { cell(c); });
  }
  void removal(Cell c, int d) { removals_.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)}); }
  void placement(Cell c, int d) { placements_.push_back({static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)}); }
  // A chain branch: nodes in order, from the assumption to the result.
  void branch(std::span<const Node> nodes) {
    const auto begin = static_cast<std::uint32_t>(nodes_.size());
    nodes_.insert(nodes_.end(), nodes.begin(), nodes.end());
    branches_.push_back({begin, static_cast<std::uint32_t>(nodes_.size())});
  }
  // A nested chain's chain inside that took out (c, d): the branches added after this
  // call are its own, not the instance's, up to the next inside() or finish().
  void inside(Cell c, int d) {
    insides_.push_back({{static_cast<std::int16_t>(c), static_cast<std::int8_t>(d)}, mark(branches_)});
  }
  // Drops the current instance and everything added to it.
  void abandon() {
    units_.resize(current_.units.begin);
    cells_.resize(current_.cells.begin);
    removals_.resize(current_.removals.begin);
    placements_.resize(current_.placements.begin);
    branches_.resize(current_.branches.begin);
    nodes_.resize(nodes_mark_);
    insides_.resize(current_.insides.begin);
  }
  // Ends the instance; it is kept only if it removes or places something.
  void finish() {
    close(current_.units, units_);
    close(current_.cells, cells_);
    close(current_.removals, removals_);
    close(current_.placements, placements_);
    close(current_.branches, branches_);
    close(current_.insides, insides_);
    // (The instance's own branches end where its first chain inside begins, and each
    // chain inside's where the next one's begin.)
    for (std::uint32_t k = current_.insides.end; k-- > current_.insides.begin;) {
      insides_[k].branches.end = k + 1 < current_.insides.end ? insides_[k + 1].branches.begin : current_.branches.end;
    }
    if (current_.insides.size() > 0) current_.branches.end = insides_[current_.insides.begin].branches.begin;
    if (current_.removals.size() + current_.placements.size() > 0) {
      found_ |= current_.digits;
      if (current_.units.size() > 0) found_units_ |= Parts{1} << units_[current_.units.begin];
      instances_.push_back(current_);
    } else {
      abandon();
    }
  }

  std::span<const std::int16_t> units(const Instance& i) const { return slice(units_, i.units); }
  std::span<const std::int16_t> cells(const Instance& i) const { return slice(cells_, i.cells); }
  std::span<const Candidate> removals(const Instance& i) const { return slice(removals_, i.removals); }
  std::span<const Candidate> placements(const Instance& i) const { return slice(placements_, i.placements); }
  std::span<const Span32> branches(const Instance& i) const { return slice(branches_, i.branches); }
  std::span<const InsideChain> insides(const Instance& i) const { return slice(insides_, i.insides); }
  std::span<const Span32> branches(const InsideChain& c) const { return slice(branches_, c.branches); }
  std::span<const Node> nodes(const Span32& branch) const { return slice(nodes_, branch); }

 private:
  template <typename T>
  static Span32 mark(const std::vector<T>& pool) {
    const auto at = static_cast<std::uint32_t>(pool.size());
    return {at, at};
  }
  template <typename T>
  static void close(Span32& span, const std::vector<T>& pool) {
    span.end = static_cast<std::uint32_t>(pool.size());
  }
  template <typename T>
  static std::span<const T> slice(const std::vector<T>& pool, const Span32& span) {
    return std::span<const T>(pool.data() + span.begin, span.size());
  }

  Instance current_{};
  Mask found_ = 0;
  Parts found_units_ = 0;
  std::size_t nodes_mark_ = 0;
  std::vector<Instance> instances_;
  std::vector<std::int16_t> units_;
  std::vector<std::int16_t> cells_;
  std::vector<Candidate> removals_;
  std::vector<Candidate> placements_;
  std::vector<Span32> branches_;
  std::vector<Node> nodes_;
  std::vector<InsideChain> insides_;
};

}  // namespace sudoforge::grader::ladder
