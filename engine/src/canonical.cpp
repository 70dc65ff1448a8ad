#include "sudoforge/engine/canonical.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::engine {

namespace {

using Cells = std::array<std::uint8_t, kMaxCells>;

// Where a search's best leaf took its rows, columns and labels from, in the source
// it searched (the puzzle, or the puzzle transposed).
struct Arrangement {
  bool set = false;  // some leaf improved the best
  std::array<std::uint8_t, kMaxSize> row_at{};
  std::array<std::uint8_t, kMaxSize> col_at{};
  std::array<std::uint8_t, kMaxSize + 1> label{};  // source digit -> label, 0 = none
};

// The sign of the first difference of a[0, count) and b[0, count): a plain loop,
// which the compiler unrolls for the short constant lengths of the 9x9 case (the
// standard algorithms call memcmp).
inline int compare(const std::uint8_t* a, const std::uint8_t* b, int count) {
  for (int k = 0; k < count; ++k) {
    if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
  }
  return 0;
}

// Insertion sort of values[0, count) by key: at most 16 items, and GCC 12 reads
// std::sort on a partly used std::array as an overflow (-Warray-bounds).
template <typename Key>
void sort_small(std::array<std::uint8_t, kMaxSize>& values, int count, Key key) {
  for (int i = 1; i < count; ++i) {
    const std::uint8_t value = values[static_cast<std::size_t>(i)];
    int j = i;
    for (; j > 0 && key(value) < key(values[static_cast<std::size_t>(j - 1)]); --j) {
      values[static_cast<std::size_t>(j)] = values[static_cast<std::size_t>(j - 1)];
    }
    values[static_cast<std::size_t>(j)] = value;
  }
}

// std::next_permutation over values[0, count), written out for the same reason.
bool next_order(std::array<std::uint8_t, kMaxSize>& values, int count) {
  int i = count - 2;
  while (i >= 0 && values[static_cast<std::size_t>(i)] >= values[static_cast<std::size_t>(i + 1)]) --i;
  if (i < 0) return false;
  int j = count - 1;
  while (values[static_cast<std::size_t>(j)] <= values[static_cast<std::size_t>(i)]) --j;
  std::swap(values[static_cast<std::size_t>(i)], values[static_cast<std::size_t>(j)]);
  for (int a = i + 1, b = count - 1; a < b; ++a, --b) {
    std::swap(values[static_cast<std::size_t>(a)], values[static_cast<std::size_t>(b)]);
  }
  return true;
}

// The side and box dimensions of a classic geometry, as read at run time.
class GeometryShape {
 public:
  explicit GeometryShape(const Geometry& geometry)
      : size_(geometry.size()), box_rows_(geometry.box_rows()), box_cols_(geometry.box_cols()) {}
  int size() const { return size_; }
  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int stacks() const { return size_ / box_cols_; }

 private:
  int size_;
  int box_rows_;
  int box_cols_;
};

// The classic 9x9, as constants.
struct Classic9Shape {
  static constexpr int size() { return 9; }
  static constexpr int box_rows() { return 3; }
  static constexpr int box_cols() { return 3; }
  static constexpr int stacks() { return 3; }
};

// Branch and bound over the group, row by row. The result's row i is some source
// row (bands and the rows in them are chosen as the search goes). Columns are
// arranged lazily: stacks not yet told apart by any row form a "stack block" of
// consecutive slots, and within an arranged stack, columns not yet told apart form a
// "block" of consecutive positions. Each new row refines them: within a block,
// blanks go first (and stay interchangeable), then cells whose digit already has a
// label, by label, then digits seen for the first time, which take the next labels
// in order of position; stacks of a stack block are ordered by that same smallest
// substring. That is the smallest the row can be, so every row is minimal given the
// rows above, and only ties branch: rows giving the same smallest string, and the
// orders of new digits (or of stacks holding only blanks and new digits) that give
// the same string but different labels for later rows.
//
// `Shape` gives the side and the box dimensions: read from the geometry, or, for the
// classic 9x9 (nearly every stored puzzle), constants the compiler unrolls on.
template <typename Shape>
class Minlex {
 public:
  // With `arrangement`, the best's is kept there whenever the best improves.
  Minlex(Shape shape, const std::uint8_t* source, Cells& best, bool& have_best, Arrangement* arrangement = nullptr)
      : shape_(shape), source_(source), best_(best), have_best_(have_best), arrangement_(arrangement) {}

  void run() {
    State state;
    state.stack_block_start = 1;  // every stack in one stack block
    for (int slot = 0; slot < shape_.stacks(); ++slot) {
      state.block_start |= 1U << (slot * shape_.box_cols());
      for (int k = 0; k < shape_.box_cols(); ++k) {
        state.col_at[static_cast<std::size_t>(slot * shape_.box_cols() + k)] = static_cast<std::uint8_t>(slot * shape_.box_cols() + k);
      }
    }
    search(state, 0);
  }

 private:
  using Small = std::array<std::uint8_t, kMaxSize>;
  static constexpr std::uint8_t kFresh = 255;  // stands for "a digit with no label yet" in stack keys

  struct State {
    Small col_at{};                              // result column -> source column
    std::uint32_t block_start = 0;               // bit j: result column j starts a column block
    std::uint32_t stack_block_start = 0;         // bit s: slot s starts a stack block
    std::array<std::uint8_t, kMaxSize + 1> label{};  // source digit -> label, 0 = none yet
    int next_label = 1;
    std::uint32_t rows_used = 0;
    int band = -1;  // source band of the current band slot
    Small row_at{};  // result row -> source row, for the rows placed so far
  };

  std::uint8_t cell(int row, int col) const { return source_[row * shape_.size() + col]; }

  static int end_of(std::uint32_t starts, int from, int limit) {
    int end = from + 1;
    while (end < limit && ((starts >> end) & 1U) == 0) ++end;
    return end;
  }

  // The cells of `row` in result columns [from, end), as their smallest substring:
  // blanks, then labels ascending, then kFresh for each new digit. Also returns the
  // columns in that order (new digits' columns in source order).
  void smallest(const State& state, int row, int from, int end, Small& values, Small& columns) const {
    int count = 0;
    for (int pass = 0; pass < 3; ++pass) {
      const int start = count;
      for (int k = from; k < end; ++k) {
        const std::uint8_t column = state.col_at[static_cast<std::size_t>(k)];
        const std::uint8_t digit = cell(row, column);
        const int kind = digit == 0 ? 0 : state.label[digit] != 0 ? 1 : 2;
        if (kind != pass) continue;
        values[static_cast<std::size_t>(count)] = pass == 0 ? 0 : pass == 1 ? state.label[digit] : kFresh;
        columns[static_cast<std::size_t>(count)] = column;
        ++count;
      }
      if (pass == 1) {
        sort_small(columns, count, [&](std::uint8_t column) { return state.label[cell(row, column)]; });
        for (int k = start; k < count; ++k) values[static_cast<std::size_t>(k)] = state.label[cell(row, columns[static_cast<std::size_t>(k)])];
      }
    }
  }

  // The source stacks of stack block [first, end) of slots, ordered by their
  // smallest substring in `row` (ties in source order), with their keys.
  void order_stacks(const State& state, int row, int first, int end, Small& order,
                    std::array<Small, kMaxSize>& keys) const {
    const int count = end - first;
    for (int k = 0; k < count; ++k) {
      const int slot = first + k;
      order[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(slot);
      Small columns;
      smallest(state, row, slot * shape_.box_cols(), (slot + 1) * shape_.box_cols(), keys[static_cast<std::size_t>(slot)], columns);
    }
    const auto less = [&](std::uint8_t a, std::uint8_t b) {
      return compare(keys[a].data(), keys[b].data(), shape_.box_cols()) < 0;
    };
    for (int i = 1; i < count; ++i) {  // stable insertion sort by key
      const std::uint8_t slot = order[static_cast<std::size_t>(i)];
      int j = i;
      for (; j > 0 && less(slot, order[static_cast<std::size_t>(j - 1)]); --j) {
        order[static_cast<std::size_t>(j)] = order[static_cast<std::size_t>(j - 1)];
      }
      order[static_cast<std::size_t>(j)] = slot;
    }
  }

  // The smallest string source row `row` can give as the next result row. With a
  // `bound`, gives up (returns false) as soon as the string is sure to exceed it.
  bool row_string(const State& state, int row, std::uint8_t* out, const std::uint8_t* bound) const {
    int next = state.next_label;
    bool equal = bound != nullptr;  // so far equal to the bound
    const auto put = [&](int at, std::uint8_t value) {
      out[at] = value;
      if (equal && value != bound[at]) {
        if (value > bound[at]) return false;
        equal = false;
      }
      return true;
    };
    const auto emit = [&](const Small& values, int count, int at) {
      for (int k = 0; k < count; ++k, ++at) {
        const std::uint8_t value = values[static_cast<std::size_t>(k)];
        if (!put(at, value == kFresh ? static_cast<std::uint8_t>(next++) : value)) return false;
      }
      return true;
    };
    for (int slot = 0; slot < shape_.stacks();) {
      const int slot_end = end_of(state.stack_block_start, slot, shape_.stacks());
      if (slot_end - slot > 1) {
        Small order;
        std::array<Small, kMaxSize> keys;
        order_stacks(state, row, slot, slot_end, order, keys);
        for (int k = 0; k < slot_end - slot; ++k) {
          if (!emit(keys[order[static_cast<std::size_t>(k)]], shape_.box_cols(), (slot + k) * shape_.box_cols())) return false;
        }
      } else {
        for (int j = slot * shape_.box_cols(); j < (slot + 1) * shape_.box_cols();) {
          const int end = end_of(state.block_start, j, (slot + 1) * shape_.box_cols());
          if (end == j + 1) {  // a single column: no ordering to do
            const std::uint8_t digit = cell(row, state.col_at[static_cast<std::size_t>(j)]);
            const std::uint8_t value =
                digit == 0 ? 0 : state.label[digit] != 0 ? state.label[digit] : static_cast<std::uint8_t>(next++);
            if (!put(j, value)) return false;
          } else {
            Small values;
            Small columns;
            smallest(state, row, j, end, values, columns);
            if (!emit(values, end - j, j)) return false;
          }
          j = end;
        }
      }
      slot = slot_end;
    }
    return true;
  }

  void search(const State& state, int depth) {
    if (depth == shape_.size()) {
      if (!have_best_ || compare(current_.data(), best_.data(), shape_.size() * shape_.size()) < 0) {
        std::copy(current_.begin(), current_.begin() + shape_.size() * shape_.size(), best_.begin());
        have_best_ = true;
        if (arrangement_ != nullptr) {
          arrangement_->set = true;
          arrangement_->row_at = state.row_at;
          arrangement_->col_at = state.col_at;
          arrangement_->label = state.label;
        }
      }
      return;
    }
    // The rows this result row may take, and their smallest strings.
    Small rows;
    int count = 0;
    const bool new_band = depth % shape_.box_rows() == 0;
    for (int row = 0; row < shape_.size(); ++row) {
      if ((state.rows_used >> row) & 1U) continue;
      if (!new_band && row / shape_.box_rows() != state.band) continue;
      rows[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(row);
    }
    // Rows beaten by the best so far (when the prefix ties it) or by a smaller row
    // of this node are dropped as soon as that shows.
    const std::uint8_t* bound = prefix_ties_best(depth) ? best_.data() + depth * shape_.size() : nullptr;
    std::array<Small, kMaxSize> strings;
    std::array<bool, kMaxSize> alive{};
    int smallest_row = -1;
    for (int k = 0; k < count; ++k) {
      const std::uint8_t* limit = smallest_row >= 0 ? strings[static_cast<std::size_t>(smallest_row)].data() : bound;
      alive[static_cast<std::size_t>(k)] =
          row_string(state, rows[static_cast<std::size_t>(k)], strings[static_cast<std::size_t>(k)].data(), limit);
      if (!alive[static_cast<std::size_t>(k)]) continue;
      if (smallest_row < 0 ||
          compare(strings[k].data(), strings[smallest_row].data(), shape_.size()) < 0) {
        smallest_row = k;
      }
    }
    if (smallest_row < 0) return;
    std::uint32_t blank_bands = 0;  // bands whose blank row was tried here
    for (int k = 0; k < count; ++k) {
      const Small& string = strings[static_cast<std::size_t>(k)];
      if (!alive[static_cast<std::size_t>(k)] ||
          compare(string.data(), strings[smallest_row].data(), shape_.size()) != 0) {
        continue;
      }
      // Two blank rows of one band lead to the same results: try one.
      const int row = rows[static_cast<std::size_t>(k)];
      const bool blank = std::all_of(string.begin(), string.begin() + shape_.size(), [](std::uint8_t v) { return v == 0; });
      const std::uint32_t band_bit = 1U << (row / shape_.box_rows());
      if (blank && (blank_bands & band_bit) != 0) continue;
      if (blank) blank_bands |= band_bit;
      if (!worth_trying(depth, string.data())) return;
      State next = state;
      next.rows_used |= 1U << row;
      next.row_at[static_cast<std::size_t>(depth)] = static_cast<std::uint8_t>(row);
      if (new_band) next.band = row / shape_.box_rows();
      commit(next, row, depth, 0);
    }
  }

  // Whether the rows placed so far equal the best's first rows.
  bool prefix_ties_best(int depth) const {
    return have_best_ && compare(current_.data(), best_.data(), depth * shape_.size()) == 0;
  }

  // False when the prefix with this row would be larger than the best so far.
  bool worth_trying(int depth, const std::uint8_t* row) const {
    if (!have_best_) return true;
    const int prefix = depth * shape_.size();
    const int order = compare(current_.data(), best_.data(), prefix);
    if (order != 0) return order < 0;
    return compare(row, best_.data() + prefix, shape_.size()) <= 0;
  }

  // Places source row `row` as result row `depth` from result column `at` on,
  // refining stack blocks and column blocks, branching where equal strings hide
  // different labellings; then goes to the next row.
  void commit(State state, int row, int depth, int at) {
    while (at < shape_.size()) {
      const int slot = at / shape_.box_cols();
      const int slot_end = end_of(state.stack_block_start, slot, shape_.stacks());
      if (at % shape_.box_cols() == 0 && slot_end - slot > 1) {
        commit_stacks(state, row, depth, slot, slot_end);
        return;
      }
      const int end = end_of(state.block_start, at, (slot + 1) * shape_.box_cols());
      if (end > at + 1) {
        commit_block(state, row, depth, at, end);
        return;
      }
      // A single column: nothing to order or branch on.
      const std::uint8_t digit = cell(row, state.col_at[static_cast<std::size_t>(at)]);
      if (digit != 0 && state.label[digit] == 0) state.label[digit] = static_cast<std::uint8_t>(state.next_label++);
      current_[static_cast<std::size_t>(depth * shape_.size() + at)] = digit == 0 ? 0 : state.label[digit];
      ++at;
    }
    search(state, depth + 1);
  }

  // A stack block: all blank in this row keeps it whole; otherwise its stacks are
  // ordered by their substrings (the blank ones first, still one block), and stacks
  // with equal substrings of blanks and new digits are tried in every order.
  void commit_stacks(const State& state, int row, int depth, int slot, int slot_end) {
    Small order;
    std::array<Small, kMaxSize> keys;
    order_stacks(state, row, slot, slot_end, order, keys);
    const auto blank = [&](int k) {
      const Small& key = keys[order[static_cast<std::size_t>(k)]];
      return std::all_of(key.begin(), key.begin() + shape_.box_cols(), [](std::uint8_t v) { return v == 0; });
    };
    const int count = slot_end - slot;
    int blanks = 0;
    while (blanks < count && blank(blanks)) ++blanks;
    if (blanks == count) {
      State next = state;
      for (int j = slot * shape_.box_cols(); j < slot_end * shape_.box_cols(); ++j) current_[static_cast<std::size_t>(depth * shape_.size() + j)] = 0;
      commit(next, row, depth, slot_end * shape_.box_cols());
      return;
    }
    // Groups of equal keys after the blanks, each tried in every order.
    std::array<std::uint8_t, kMaxSize + 1> group_end{};
    for (int k = blanks; k < count;) {
      int end = k + 1;
      while (end < count && compare(keys[order[static_cast<std::size_t>(k)]].data(),
                                    keys[order[static_cast<std::size_t>(end)]].data(), shape_.box_cols()) == 0) {
        ++end;
      }
      group_end[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(end);
      k = end;
    }
    arrange_stacks(state, row, depth, slot, slot_end, blanks, blanks, order, group_end);
  }

  void arrange_stacks(const State& state, int row, int depth, int slot, int slot_end, int blanks, int k, Small order,
                      const std::array<std::uint8_t, kMaxSize + 1>& group_end) {
    const int count = slot_end - slot;
    if (k >= count) {
      // Slots take the stacks in this order; the blank ones stay one stack block.
      State next = state;
      Small columns = state.col_at;
      for (int i = 0; i < count; ++i) {
        const int from = order[static_cast<std::size_t>(i)];  // a slot of the old arrangement
        for (int c = 0; c < shape_.box_cols(); ++c) {
          next.col_at[static_cast<std::size_t>((slot + i) * shape_.box_cols() + c)] =
              columns[static_cast<std::size_t>(from * shape_.box_cols() + c)];
        }
        if (i >= blanks || i == 0) next.stack_block_start |= 1U << (slot + i);
      }
      if (blanks > 0 && blanks < count) next.stack_block_start |= 1U << (slot + blanks);
      commit(next, row, depth, slot * shape_.box_cols());
      return;
    }
    const int end = group_end[static_cast<std::size_t>(k)];
    Small group{};
    for (int i = k; i < end; ++i) group[static_cast<std::size_t>(i - k)] = order[static_cast<std::size_t>(i)];
    sort_small(group, end - k, [](std::uint8_t v) { return v; });
    do {
      for (int i = k; i < end; ++i) order[static_cast<std::size_t>(i)] = group[static_cast<std::size_t>(i - k)];
      arrange_stacks(state, row, depth, slot, slot_end, blanks, end, order, group_end);
    } while (next_order(group, end - k));
  }

  // A column block [from, end): blanks first (still one block), labelled cells by
  // label, then new digits in every order.
  void commit_block(const State& state, int row, int depth, int from, int end) {
    Small values;
    Small columns;
    smallest(state, row, from, end, values, columns);
    int zeros = 0;
    while (zeros < end - from && values[static_cast<std::size_t>(zeros)] == 0) ++zeros;
    int fresh_at = zeros;
    while (fresh_at < end - from && values[static_cast<std::size_t>(fresh_at)] != kFresh) ++fresh_at;
    Small fresh{};
    const int fresh_count = end - from - fresh_at;
    for (int k = 0; k < fresh_count; ++k) fresh[static_cast<std::size_t>(k)] = columns[static_cast<std::size_t>(fresh_at + k)];
    do {
      State next = state;
      for (int k = 0; k < end - from; ++k) {
        const int at = from + k;
        const std::uint8_t column =
            k < fresh_at ? columns[static_cast<std::size_t>(k)] : fresh[static_cast<std::size_t>(k - fresh_at)];
        next.col_at[static_cast<std::size_t>(at)] = column;
        const std::uint8_t digit = cell(row, column);
        if (digit != 0 && next.label[digit] == 0) next.label[digit] = static_cast<std::uint8_t>(next.next_label++);
        if (digit != 0) next.block_start |= 1U << at;  // every digit cell is its own block from now on
        current_[static_cast<std::size_t>(depth * shape_.size() + at)] = digit == 0 ? 0 : next.label[digit];
      }
      if (zeros > 0 && zeros < end - from) next.block_start |= 1U << (from + zeros);
      commit(next, row, depth, end);
    } while (next_order(fresh, fresh_count));
  }

  Shape shape_;
  const std::uint8_t* source_;
  Cells& best_;
  bool& have_best_;
  Arrangement* arrangement_;
  Cells current_{};
};

using Lines = std::array<std::uint8_t, kMaxSize>;  // the source line of each line

// A search for the permutations p of a diagonal grid's lines that keep its units when
// they permute the rows and the columns alike: p(n-1-i) = n-1-p(i), so that each
// diagonal goes onto itself, and the lines of a band land in one band, those of a
// stack in one stack. Each line and its mirror are placed together.
class DiagonalLines {
 public:
  explicit DiagonalLines(const Geometry& geometry)
      : n_(geometry.size()), band_(geometry.box_rows()), stack_(geometry.box_cols()) {}

  // Every such permutation, the identity first.
  std::vector<Lines> all() const {
    std::vector<Lines> found;
    extend(State{}, 0, found);
    return found;
  }

  // The identity and the reversal only, which give the 8 symmetries of the square.
  std::array<Lines, 2> square() const {
    std::array<Lines, 2> lines{};
    for (int i = 0; i < n_; ++i) {
      lines[0][static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
      lines[1][static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(n_ - 1 - i);
    }
    return lines;
  }

 private:
  struct State {
    Lines line{};
    std::array<bool, kMaxSize> set{};   // line i placed
    std::array<bool, kMaxSize> used{};  // source line taken
    std::array<std::int8_t, kMaxSize> band_to{}, band_from{}, stack_to{}, stack_from{};  // block images, +1 (0: none)
  };

  // Line i takes source line v, if that keeps every block whole and one to one.
  bool place(State& s, int i, int v) const {
    const auto u = [](int k) { return static_cast<std::size_t>(k); };
    if (s.set[u(i)]) return s.line[u(i)] == v;  // the middle line, its own mirror
    if (s.used[u(v)]) return false;
    const auto block = [&](auto& to, auto& from, int size) {
      const int a = i / size;
      const int b = v / size;
      if (to[u(a)] == 0 && from[u(b)] == 0) {
        to[u(a)] = static_cast<std::int8_t>(b + 1);
        from[u(b)] = static_cast<std::int8_t>(a + 1);
        return true;
      }
      return to[u(a)] == b + 1 && from[u(b)] == a + 1;
    };
    if (!block(s.band_to, s.band_from, band_) || !block(s.stack_to, s.stack_from, stack_)) return false;
    s.line[u(i)] = static_cast<std::uint8_t>(v);
    s.set[u(i)] = true;
    s.used[u(v)] = true;
    return true;
  }

  void extend(const State& s, int i, std::vector<Lines>& found) const {
    if (2 * i >= n_) {
      found.push_back(s.line);
      return;
    }
    for (int v = 0; v < n_; ++v) {
      State next = s;
      if (place(next, i, v) && place(next, n_ - 1 - i, n_ - 1 - v)) extend(next, i + 1, found);
    }
  }

  int n_;
  int band_;   // rows a band
  int stack_;  // columns a stack
};

// The diagonal variant: each permutation p of `lines` on the rows with p or p
// reversed on the columns (the first keeps each diagonal, the second swaps them),
// transposed too where the boxes are square, each relabelled. With `map`, where the
// best took each cell from and its labels.
void diagonal_minimum(const Grid& puzzle, std::span<const Lines> lines, Cells& best, CanonicalMap* map) {
  const int n = puzzle.size();
  const Geometry& geometry = puzzle.geometry();
  bool have = false;
  Cells candidate{};
  // (Transposing keeps the boxes only where they are square: a 6x6 grid of 2x3
  // boxes has four symmetries of the square that keep its units, not eight.)
  const int orientations = geometry.box_rows() == geometry.box_cols() ? 2 : 1;
  for (const Lines& rows : lines) {
    for (int swap_diagonals = 0; swap_diagonals < 2; ++swap_diagonals) {
      for (int transposed = 0; transposed < orientations; ++transposed) {
        std::array<std::uint8_t, kMaxSize + 1> label{};
        std::array<Cell, kMaxCells> from{};
        int next = 1;
        for (int row = 0; row < n; ++row) {
          for (int col = 0; col < n; ++col) {
            const int r = rows[static_cast<std::size_t>(row)];
            const int line = rows[static_cast<std::size_t>(col)];
            const int c = swap_diagonals ? n - 1 - line : line;
            const Cell cell = transposed ? geometry.cell(c, r) : geometry.cell(r, c);
            from[static_cast<std::size_t>(row * n + col)] = cell;
            const int value = puzzle[cell];
            if (value != 0 && label[static_cast<std::size_t>(value)] == 0) {
              label[static_cast<std::size_t>(value)] = static_cast<std::uint8_t>(next++);
            }
            candidate[static_cast<std::size_t>(row * n + col)] = label[static_cast<std::size_t>(value)];
          }
        }
        if (!have || std::lexicographical_compare(candidate.begin(), candidate.begin() + n * n, best.begin(),
                                                  best.begin() + n * n)) {
          best = candidate;
          have = true;
          if (map != nullptr) {
            map->source_cell = from;
            for (int d = 0; d <= n; ++d) map->digit[static_cast<std::size_t>(d)] = label[static_cast<std::size_t>(d)];
          }
        }
      }
    }
  }
}

// The least grid of `puzzle`'s class: over the keys' group, or with `whole` over the
// whole group of the diagonal variant (whole_group_map); with `map`, how the puzzle
// maps onto it.
Cells minimum(const Grid& puzzle, CanonicalMap* map, bool whole) {
  const Geometry& geometry = puzzle.geometry();
  const int n = geometry.size();
  Cells best{};
  if (geometry.variant() == Variant::Diagonal) {
    DiagonalLines lines(geometry);
    if (whole) {
      diagonal_minimum(puzzle, lines.all(), best, map);
    } else {
      diagonal_minimum(puzzle, lines.square(), best, map);  // (allocates nothing)
    }
  } else {
    bool have_best = false;
    Cells source{};
    Arrangement arrangement;
    const int orientations = geometry.box_rows() == geometry.box_cols() ? 2 : 1;
    for (int transposed = 0; transposed < orientations; ++transposed) {
      for (int row = 0; row < n; ++row) {
        for (int col = 0; col < n; ++col) {
          const Cell from = transposed ? geometry.cell(col, row) : geometry.cell(row, col);
          source[static_cast<std::size_t>(row * n + col)] = static_cast<std::uint8_t>(puzzle[from]);
        }
      }
      arrangement.set = false;
      Arrangement* const arranged = map != nullptr ? &arrangement : nullptr;
      if (geometry.size() == 9 && geometry.box_rows() == 3) {
        Minlex(Classic9Shape{}, source.data(), best, have_best, arranged).run();
      } else {
        Minlex(GeometryShape(geometry), source.data(), best, have_best, arranged).run();
      }
      if (map == nullptr || !arrangement.set) continue;
      for (int row = 0; row < n; ++row) {
        for (int col = 0; col < n; ++col) {
          const int r = arrangement.row_at[static_cast<std::size_t>(row)];
          const int c = arrangement.col_at[static_cast<std::size_t>(col)];
          map->source_cell[static_cast<std::size_t>(row * n + col)] = transposed ? geometry.cell(c, r) : geometry.cell(r, c);
        }
      }
      for (int d = 0; d <= n; ++d) map->digit[static_cast<std::size_t>(d)] = arrangement.label[static_cast<std::size_t>(d)];
    }
  }
  if (map != nullptr) {
    // Digits the puzzle lacks take the labels left, in order.
    std::array<bool, kMaxSize + 1> used{};
    for (int d = 1; d <= n; ++d) used[static_cast<std::size_t>(map->digit[static_cast<std::size_t>(d)])] = true;
    int next = 1;
    for (int d = 1; d <= n; ++d) {
      if (map->digit[static_cast<std::size_t>(d)] != 0) continue;
      while (used[static_cast<std::size_t>(next)]) ++next;
      map->digit[static_cast<std::size_t>(d)] = next;
      used[static_cast<std::size_t>(next)] = true;
    }
    map->digit[0] = 0;
  }
  return best;
}

}  // namespace

Grid canonical_form(const Grid& puzzle) {
  const Cells best = minimum(puzzle, nullptr, false);
  Grid canonical(puzzle.geometry());
  for (Cell cell = 0; cell < puzzle.geometry().cell_count(); ++cell) canonical.set(cell, best[static_cast<std::size_t>(cell)]);
  return canonical;
}

CanonicalMap whole_group_map(const Grid& puzzle) {
  CanonicalMap map;
  minimum(puzzle, &map, true);
  return map;
}

Grid CanonicalMap::apply(const Grid& grid) const {
  Grid out(grid.geometry());
  for (Cell cell = 0; cell < grid.geometry().cell_count(); ++cell) {
    out.set(cell, digit[static_cast<std::size_t>(grid[source_cell[static_cast<std::size_t>(cell)]])]);
  }
  return out;
}

std::string canonical_key(const Grid& puzzle) { return to_line(canonical_form(puzzle)); }

}  // namespace sudoforge::engine
