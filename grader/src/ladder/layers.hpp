#pragma once
// Dynamic implications a whole depth at a time, on cell sets: what the forcing-chain
// rungs need from most of their runs (what an assumption reaches, how deep, and
// whether it contradicts, without the chain itself), at a fraction of the cost of
// following node by node.
//
// It reaches what Implications reaches with the same links (Dynamic or DynamicX), at
// the same depths, and stops at the same depth with the same contradiction length.
// Implications expands nodes one by one in breadth-first order, taking each "off"
// node out of its working position as it goes; an "off" node makes a single when its
// cell (or unit) has it and one other candidate left at that moment. The last of a
// depth's "off" nodes in a cell is expanded after every earlier one, so the single
// comes exactly when, after the whole depth is taken out, one candidate is left; it
// lies one depth deeper. When a depth takes a cell's (or unit's) last two or more
// candidates, the node by node order makes an "on" for one of them, which clashes
// with its own "off": a contradiction of length 2 x depth + 1 (here found as such; the
// clashing "on" node itself is not listed among those reached).

#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <vector>

#include "implications.hpp"

namespace sudoforge::grader::ladder {

template <int W>
class Layers {
 public:
  using CellSet = engine::Bits<W>;

  explicit Layers(const Tables<W>& t) : t_(t) {
    unit_mask_.assign(static_cast<std::size_t>(t.cells), 0);
    for (Cell c = 0; c < t.cells; ++c) {
      const auto& info = t.cell_units[static_cast<std::size_t>(c)];
      for (int i = 0; i < info.count; ++i) unit_mask_[static_cast<std::size_t>(c)] |= std::uint64_t{1} << info.unit[static_cast<std::size_t>(i)];
    }
  }

  // Follows `start` (a slot as Implications numbers them) in `p` with Dynamic or
  // DynamicX links, to the end of the first depth where a contradiction shows, or
  // until nothing more follows, or nodes `max_depth` links away. Returns the
  // contradiction's length (as Implications::contradiction_length()) or -1.
  int run(const Position<W>& p, int start, Links links, int max_depth = 1 << 20) {
    const int n = t_.n;
    const auto digits = static_cast<std::size_t>(n);
    const bool y_links = links != Links::DynamicX;
    for (std::size_t d = 0; d < digits; ++d) {
      cells_[d] = p.digit[d];
      on_[d] = CellSet{};
      off_[d] = CellSet{};
    }
    layers_.clear();
    std::size_t at = open_layer();
    const int id = start >> 1;
    const Cell c0 = id / n;
    const int d0 = id % n;
    const bool start_on = (start & 1) != 0;
    (start_on ? on_ : off_)[static_cast<std::size_t>(d0)].set(c0);
    layers_[at + (start_on ? 0 : digits) + static_cast<std::size_t>(d0)].set(c0);
    Mask on_digits = start_on ? Mask{1} << d0 : 0;  // the last depth's digits
    Mask off_digits = start_on ? 0 : Mask{1} << d0;
    for (int depth = 0; depth < max_depth; ++depth) {
      const std::size_t from = at;
      at = open_layer();
      CellSet* next_on = layers_.data() + at;
      CellSet* next_off = next_on + n;
      const CellSet* last_on = layers_.data() + from;
      const CellSet* last_off = last_on + n;
      // "On" nodes: their digit leaves their peers, their cell's other digits go.
      for (Mask ds = on_digits; ds != 0; ds &= ds - 1) {
        const auto d = static_cast<std::size_t>(std::countr_zero(ds));
        last_on[d].for_each([&](int c) {
          next_off[d] |= t_.peers[static_cast<std::size_t>(c)] & cells_[d];
          if (!y_links) return;
          for (std::size_t e = 0; e < digits; ++e) {
            if (e != d && cells_[e].test(c)) next_off[e].set(c);
          }
        });
      }
      // "Off" nodes leave; units (and cells) left with one place make singles.
      bool emptied = false;
      CellSet lost;
      for (Mask ds = off_digits; ds != 0; ds &= ds - 1) {
        const auto d = static_cast<std::size_t>(std::countr_zero(ds));
        cells_[d].remove(last_off[d]);
        lost |= last_off[d];
        std::uint64_t units = 0;
        last_off[d].for_each([&](int c) { units |= unit_mask_[static_cast<std::size_t>(c)]; });
        for (; units != 0; units &= units - 1) {
          const CellSet& unit = t_.unit_set[static_cast<std::size_t>(std::countr_zero(units))];
          const CellSet left = cells_[d] & unit;
          const int count = left.count_upto_2();
          if (count == 1) {
            next_on[d] |= left;
          } else if (count == 0) {
            emptied = emptied || ((left | last_off[d]) & unit).count_upto_2() == 2;
          }
        }
      }
      if (y_links && lost.any()) {
        CellSet ones;
        CellSet twos;
        CellSet ones_before;
        CellSet twos_before;
        for (std::size_t d = 0; d < digits; ++d) {
          const CellSet now = cells_[d] & lost;
          twos |= ones & now;
          ones |= now;
          const CellSet before = (cells_[d] | last_off[d]) & lost;
          twos_before |= ones_before & before;
          ones_before |= before;
        }
        const CellSet single = without(ones, twos);
        for (std::size_t d = 0; d < digits; ++d) next_on[d] |= single & cells_[d];
        emptied = emptied || (twos_before & without(lost, ones)).any();
      }
      // What is new at this depth, and whether anything clashes.
      int length = emptied ? 2 * depth + 1 : INT_MAX;
      on_digits = 0;
      off_digits = 0;
      for (std::size_t d = 0; d < digits; ++d) {
        next_on[d].remove(on_[d]);
        next_off[d].remove(off_[d]);
        on_[d] |= next_on[d];
        off_[d] |= next_off[d];
        on_digits |= static_cast<Mask>(next_on[d].any()) << d;
        off_digits |= static_cast<Mask>(next_off[d].any()) << d;
      }
      for (std::size_t d = 0; d < digits; ++d) {
        // A node both on and off: as long as its two depths together.
        (next_on[d] & off_[d]).for_each([&](int c) { length = std::min(length, depth + 1 + depth_of(c, static_cast<int>(d), false)); });
        (next_off[d] & on_[d]).for_each([&](int c) { length = std::min(length, depth + 1 + depth_of(c, static_cast<int>(d), true)); });
      }
      if (length != INT_MAX) return length;
      if ((on_digits | off_digits) == 0) {
        layers_.resize(at);
        return -1;
      }
    }
    return -1;
  }

  // Every node the last run reached, with its depth: f(slot, depth).
  template <typename F>
  void for_each_reached(F&& f) const {
    const auto layer_size = 2 * static_cast<std::size_t>(t_.n);
    for (std::size_t at = 0, depth = 0; at < layers_.size(); at += layer_size, ++depth) {
      for (std::size_t k = 0; k < layer_size; ++k) {
        const auto d = static_cast<int>(k % static_cast<std::size_t>(t_.n));
        const int on = k < static_cast<std::size_t>(t_.n) ? 1 : 0;
        layers_[at + k].for_each([&](int c) { f(((c * t_.n + d) << 1) | on, static_cast<int>(depth)); });
      }
    }
  }

 private:
  // A new depth's sets (n "on", then n "off"), empty; returns where it starts.
  std::size_t open_layer() {
    const std::size_t at = layers_.size();
    layers_.resize(at + 2 * static_cast<std::size_t>(t_.n));
    return at;
  }
  int depth_of(Cell c, int d, bool on) const {
    const auto layer_size = 2 * static_cast<std::size_t>(t_.n);
    const std::size_t k = (on ? 0 : static_cast<std::size_t>(t_.n)) + static_cast<std::size_t>(d);
    for (std::size_t at = 0, depth = 0; at < layers_.size(); at += layer_size, ++depth) {
      if (layers_[at + k].test(c)) return static_cast<int>(depth);
    }
    return INT_MAX / 2;
  }

  const Tables<W>& t_;
  std::vector<std::uint64_t> unit_mask_;  // by cell: its units
  std::array<CellSet, engine::kMaxSize> cells_{};  // the working position: each digit's cells
  std::array<CellSet, engine::kMaxSize> on_{};     // reached so far
  std::array<CellSet, engine::kMaxSize> off_{};
  std::vector<CellSet> layers_;  // by depth: n "on" sets, then n "off" sets
};

}  // namespace sudoforge::grader::ladder
