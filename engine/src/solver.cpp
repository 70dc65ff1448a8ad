#include "sudoforge/engine/solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <stdexcept>
#include <span>
#include <vector>

#include "sudoforge/engine/by_size.hpp"
#include "sudoforge/engine/unit_board.hpp"
#include "classic9.hpp"

namespace sudoforge::engine {

namespace {

// The search on unit-major bitboards (unit_board.hpp) for N digits. Digits are
// 0-based inside.
template <int N>
class Core {
 public:
  using Layout = UnitLayout<N>;
  using State = UnitBoards<N>;
  static constexpr int W = Layout::kWords;
  static constexpr int R = Layout::kRowWords;

  explicit Core(const Geometry& geometry) : layout_(geometry) { build_locked_segments(geometry); }

  void set_options(const SolverOptions& options) { options_ = options; }

  // Solves `puzzle` into `result`: the shared body of counting and random filling.
  void run(const Grid& puzzle, int limit, Rng* rng, std::span<const Exclusion> exclusions, SolveResult& result,
           std::uint32_t* tally) {
    result.count = 0;
    result.stats = {};
    result_ = &result;
    tally_ = tally;
    limit_ = std::max(limit, 1);
    rng_ = rng;
    State state;
    if (load(puzzle, state)) {
      for (const Exclusion& exclusion : exclusions) {
        if (exclusion.digit >= 1 && exclusion.digit <= N && !state.is_solved(layout_, exclusion.cell)) {
          state.eliminate(layout_, exclusion.digit - 1, exclusion.cell);
        }
      }
      search(state, 0);
    }
    result.solution = Grid(puzzle.geometry());
    if (result.count > 0) {
      for (Cell cell = 0; cell < layout_.cell_count(); ++cell) {
        result.solution.set(cell, first_solution_[static_cast<std::size_t>(cell)]);
      }
    }
  }

 private:
  Cell cell_at(int position) const { return layout_.cell_at(position); }

  bool load(const Grid& puzzle, State& state) {
    state.clear(layout_);
    checked_.fill(false);
    locked_checked_.fill(false);
    for (Cell cell = 0; cell < layout_.cell_count(); ++cell) {
      const Digit value = puzzle[cell];
      if (value == 0) continue;
      if (!state.allows(layout_, value - 1, cell)) return false;
      place(state, value - 1, cell);
    }
    return true;
  }

  void place(State& state, int d, Cell cell) {
    state.place(layout_, d, cell);
    values_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d + 1);
  }

  // Places every naked single, repeatedly. False on a contradiction.
  bool naked_singles(State& state) {
    for (;;) {
      const auto [some, several] = state.template count_planes<2>(layout_);
      const Bits<R> open = without(layout_.row_cells(), state.solved.template prefix<R>());
      if (!(some == open)) return false;  // a cell without candidates
      const Bits<R> singles = without(some, several);
      if (!singles.any()) return true;
      for (int d = 0; d < N; ++d) {
        auto& board = state.boards[static_cast<std::size_t>(d)];
        bool consistent = true;
        (singles & board.template prefix<R>()).for_each([&](int position) {
          // A single of this digit placed just before may have taken this cell's only digit.
          consistent = consistent && board.test(position);
          if (consistent) place(state, d, cell_at(position));
        });
        if (!consistent) return false;
      }
    }
  }

  // Places the hidden singles of every digit whose live board changed since it was
  // last found free of them. Returns -1 on a contradiction, else whether it placed.
  int hidden_singles(State& state) {
    bool placed = false;
    for (int d = 0; d < N; ++d) {
      const auto digit = static_cast<std::size_t>(d);
      const Bits<W> live = without(state.boards[digit], state.solved);
      if (checked_[digit] && live == checked_boards_[digit]) continue;
      Bits<W> nonempty;
      Bits<W> several;
      layout_.classify(live, nonempty, several);
      // A unit still needing the digit with no place left: contradiction.
      if (without(live & layout_.spare(), nonempty).any()) return -1;
      const Bits<W> singles = live & layout_.expand(without(nonempty, several));
      if (!singles.any()) {
        checked_[digit] = true;
        checked_boards_[digit] = live;
        continue;
      }
      singles.for_each([&](int position) {
        const Cell cell = cell_at(position);
        // Skip cells placed meanwhile; a digit that lost its place fails the next pass.
        if (state.is_solved(layout_, cell) || !state.allows(layout_, d, cell)) return;
        place(state, d, cell);
        placed = true;
      });
    }
    return placed ? 1 : 0;
  }

  // Locked-candidate segments. Every unit field is cut into segments, each the
  // unit's meeting with another unit: rows and box rows into runs of box_cols bits,
  // columns (and diagonals, for square boxes) into runs of box_rows bits, and box
  // fields also into box columns (strided). A segment's flag sits on its lowest bit;
  // the elimination table there holds, in row-section positions, the other unit
  // minus this one: where the digit leaves when this segment is the only one left.
  void build_locked_segments(const Geometry& geometry) {
    const Units units(geometry);
    run_eliminations_.resize(static_cast<std::size_t>(64 * W));
    column_eliminations_.resize(static_cast<std::size_t>(64 * W));
    box_rows_ = geometry.box_rows();
    box_cols_ = geometry.box_cols();
    find_lone_segments_ = pick_lone_segments();
    const auto add = [&](int unit, std::span<const int> indices, Bits<W>& flags, std::vector<Bits<R>>& table) {
      if (indices.size() < 2 || static_cast<int>(indices.size()) == N) return;
      const auto cells = units.cells(unit);
      // The other unit holding every cell of the segment.
      for (int other = 0; other < units.count(); ++other) {
        if (other == unit) continue;
        const auto other_cells = units.cells(other);
        const bool holds_all = std::ranges::all_of(indices, [&](int index) {
          return std::ranges::find(other_cells, cells[static_cast<std::size_t>(index)]) != other_cells.end();
        });
        if (!holds_all) continue;
        const int flag = layout_.unit_base(unit) + indices[0];
        flags.set(flag);
        Bits<R>& eliminations = table[static_cast<std::size_t>(flag)];
        for (Cell cell : other_cells) {
          if (std::ranges::find(cells, cell) == cells.end()) eliminations.set(layout_.row_position(cell));
        }
        return;
      }
    };
    std::vector<int> indices;
    for (int unit = 0; unit < units.count(); ++unit) {
      const UnitKind kind = units.kind(unit);
      // Contiguous runs: box columns wide in rows and boxes, box rows long in columns.
      const int run = (kind == UnitKind::Row || kind == UnitKind::Box) ? box_cols_ : box_rows_;
      if (kind == UnitKind::Diagonal && box_rows_ != box_cols_) continue;
      for (int start = 0; start + run <= N; start += run) {
        indices.clear();
        for (int k = 0; k < run; ++k) indices.push_back(start + k);
        add(unit, indices, run == box_cols_ ? runs_of_cols_ : runs_of_rows_, run_eliminations_);
      }
      if (kind == UnitKind::Box) {
        for (int col = 0; col < box_cols_; ++col) {
          indices.clear();
          for (int row = 0; row < box_rows_; ++row) indices.push_back(row * box_cols_ + col);
          add(unit, indices, box_columns_, column_eliminations_);
        }
      }
    }
  }

  // v | v >> step | ... | v >> ((count - 1) * step): for each bit, whether any of the
  // `count` bits `step` apart from it upwards is set.
  // (T: one word, or a pair of words as a vector.)
  template <typename T>
  static T smear(T v, int count, int step) {
    T any = v;
    for (int k = 1; k < count; ++k) any |= v >> (k * step);
    return any;
  }

  // The segment flags of `live` that are alone in their field, for boxes of
  // BoxRows x BoxCols (0 x 0: the geometry's, read at run time). Fixed box sizes
  // let the compiler unroll the smears and keep the loop in SSE registers.
  template <int BoxRows, int BoxCols>
  void lone_segments(const Bits<W>& live, Bits<W>& runs, Bits<W>& columns) const {
    const int box_rows = BoxRows > 0 ? BoxRows : box_rows_;
    const int box_cols = BoxCols > 0 ? BoxCols : box_cols_;
    for (int i = 0; i < W / 2; ++i) {  // two words at a time (W is even)
      const auto v = live.pair(i);
      const auto across_cols = smear(v, box_cols, 1);  // a bit in the next box_cols
      const auto across_rows = smear(v, box_rows, 1);
      const auto down_box = smear(v, box_rows, box_cols);  // a bit in the box column
      runs.pair(i) = lone_flags((across_cols & runs_of_cols_.pair(i)) | (across_rows & runs_of_rows_.pair(i)), i);
      columns.pair(i) = lone_flags(down_box & box_columns_.pair(i), i);
    }
  }

  using LoneSegments = void (Core::*)(const Bits<W>&, Bits<W>&, Bits<W>&) const;

  // The unrolled lone_segments for the usual box of this digit count, if it is that one.
  LoneSegments pick_lone_segments() const {
    constexpr int kRows = N == 4 ? 2 : N == 6 ? 2 : N == 8 ? 2 : N == 9 ? 3 : N == 12 ? 3 : N == 16 ? 4 : 0;
    if constexpr (kRows > 0) {
      if (box_rows_ == kRows) return &Core::lone_segments<kRows, N / kRows>;
    }
    return &Core::lone_segments<0, 0>;
  }

  // Per field of word pair `i`, the flags of `flags` when exactly one is set there,
  // else nothing.
  bits_detail::Pair lone_flags(bits_detail::Pair flags, int i) const {
    bits_detail::Pair some;
    bits_detail::Pair several;
    layout_.classify_pair(i, flags, some, several);
    return flags & Layout::expand_pair(some & ~several);
  }

  // Locked candidates: when a digit's places in one unit all lie where it meets
  // another unit, the digit leaves the rest of that other unit. Returns whether it
  // removed anything.
  bool locked_candidates(State& state) {
    bool removed = false;
    for (int d = 0; d < N; ++d) {
      const auto digit = static_cast<std::size_t>(d);
      const Bits<W> live = without(state.boards[digit], state.solved);
      if (locked_checked_[digit] && live == locked_boards_[digit]) continue;
      Bits<W> lone_runs;
      Bits<W> lone_columns;
      (this->*find_lone_segments_)(live, lone_runs, lone_columns);
      // Segments already alone at the last clean look at a board holding all of this
      // one had nothing to eliminate then, so nothing now: only new ones count.
      Bits<W> new_runs = lone_runs;
      Bits<W> new_columns = lone_columns;
      if (locked_checked_[digit] && !without(live, locked_boards_[digit]).any()) {
        new_runs.remove(locked_runs_[digit]);
        new_columns.remove(locked_columns_[digit]);
      }
      Bits<R> eliminated;
      new_runs.for_each([&](int flag) { eliminated |= run_eliminations_[static_cast<std::size_t>(flag)]; });
      new_columns.for_each([&](int flag) { eliminated |= column_eliminations_[static_cast<std::size_t>(flag)]; });
      eliminated &= live.template prefix<R>();
      if (!eliminated.any()) {
        locked_checked_[digit] = true;
        locked_boards_[digit] = live;
        locked_runs_[digit] = lone_runs;
        locked_columns_[digit] = lone_columns;
        continue;
      }
      eliminated.for_each([&](int position) { state.eliminate(layout_, d, cell_at(position)); });
      removed = true;
    }
    return removed;
  }

  bool propagate(State& state) {
    for (;;) {
      if (!naked_singles(state)) return false;
      const int hidden = hidden_singles(state);
      if (hidden < 0) return false;
      if (hidden == 0 && (!options_.locked_candidates || !locked_candidates(state))) return true;
    }
  }

  // The branching cell: fewest candidates (minimum remaining values). Among cells
  // with two (or three) candidates, the one that sees the most open cells and the
  // most cells as tight as itself, so that the guess propagates furthest: on
  // top1465 this takes search nodes from 38.6 to 21.0 per puzzle over "the first".
  // When counting and no cell has two candidates, a digit with two places left in a
  // unit is as tight a choice, and often the one that refutes (see two_places).
  // Returns its row position and the candidate digits to try there.
  std::pair<int, std::uint32_t> choose(const State& state) const {
    const auto planes = state.template count_planes<4>(layout_);
    int position = 0;  // always replaced: search chooses only when an open cell has 2+ digits
    Bits<R> tightest = without(planes[1], planes[2]);
    if (!tightest.any() && rng_ == nullptr) {
      if (const auto branch = two_places(state)) return *branch;
    }
    if (!tightest.any()) tightest = without(planes[2], planes[3]);
    if (tightest.any()) {
      int best = -1;
      tightest.for_each([&](int candidate) {
        const Bits<R>& peers = layout_.row_peers(cell_at(candidate));
        const int score = (peers & tightest).count() + (peers & planes[1]).count();
        if (score > best) {
          best = score;
          position = candidate;
        }
      });
    } else {
      int best = N + 1;
      planes[3].for_each([&](int candidate) {
        if (best == 4) return;
        int n = 0;
        for (int d = 0; d < N; ++d) n += state.boards[static_cast<std::size_t>(d)].test(candidate);
        if (n < best) {
          best = n;
          position = candidate;
        }
      });
    }
    std::uint32_t digits = 0;
    for (int d = 0; d < N; ++d) {
      if (state.boards[static_cast<std::size_t>(d)].test(position)) digits |= 1U << d;
    }
    return {position, digits};
  }

  // The first digit (lowest first) with exactly two places left in some unit: the
  // first of those places, and that digit alone. Its failure puts the digit in the
  // other place (a hidden single), so this is a two-way branch like a cell with two
  // candidates, on a constraint the cells' counts do not see. Sparse puzzles without
  // a solution are where it pays, most of all in the diagonal variant (README, "The
  // generic core": tests/benchmarks/sparse_tails). Only when counting: a random fill
  // keeps its choices, so a seed fills the same grid as before.
  std::optional<std::pair<int, std::uint32_t>> two_places(const State& state) const {
    for (int d = 0; d < N; ++d) {
      const Bits<W> live = state.live(d);
      const Bits<W> two = layout_.exactly_two(live);
      if (two.any()) {
        const Cell cell = cell_at((live & layout_.expand(two)).first());
        return std::pair{layout_.row_position(cell), 1U << d};
      }
    }
    return std::nullopt;
  }

  int pick(std::uint32_t digits) {
    if (rng_ == nullptr) return std::countr_zero(digits);
    for (std::uint32_t skip = rng_->below(static_cast<std::uint32_t>(std::popcount(digits))); skip > 0; --skip) {
      digits &= digits - 1;
    }
    return std::countr_zero(digits);
  }

  // Depth-first search from `state`. Returns true once `limit_` solutions are found.
  bool search(State& state, int depth) {
    SearchStats& stats = result_->stats;
    stats.max_depth = std::max(stats.max_depth, depth);
    for (;;) {
      ++stats.nodes;
      if (!propagate(state)) return false;
      if (state.complete(layout_)) {
        if (++result_->count == 1) first_solution_ = values_;
        if (tally_ != nullptr) {
          for (Cell cell = 0; cell < layout_.cell_count(); ++cell) {
            ++tally_[static_cast<std::size_t>(cell * N + values_[static_cast<std::size_t>(cell)] - 1)];
          }
        }
        return result_->count >= limit_;
      }
      const auto [position, digits] = choose(state);
      const int d = pick(digits);
      const Cell cell = cell_at(position);
      State child = state;
      place(child, d, cell);
      ++stats.guesses;
      if (search(child, depth + 1)) return true;
      // d is wrong here: go on without it.
      state.eliminate(layout_, d, cell);
    }
  }

  Layout layout_;
  SolverOptions options_;
  int box_rows_ = 1;
  int box_cols_ = 1;
  Bits<W> runs_of_cols_;  // segment flags of runs box_cols long
  Bits<W> runs_of_rows_;  // segment flags of runs box_rows long
  Bits<W> box_columns_;   // segment flags of box columns
  LoneSegments find_lone_segments_ = nullptr;
  std::vector<Bits<R>> run_eliminations_;     // by flag position, for runs
  std::vector<Bits<R>> column_eliminations_;  // by flag position, for box columns

  // Per call.
  SolveResult* result_ = nullptr;
  int limit_ = 2;
  std::uint32_t* tally_ = nullptr;  // see Solver::tally_solutions
  Rng* rng_ = nullptr;
  std::array<std::uint8_t, kMaxCells> values_{};          // digit placed in each solved cell
  std::array<std::uint8_t, kMaxCells> first_solution_{};  // values_ at the first solution
  // The live board each digit had when it was last found free of hidden singles.
  std::array<bool, N> checked_{};
  std::array<Bits<W>, N> checked_boards_{};
  // The same for locked candidates.
  std::array<bool, N> locked_checked_{};
  std::array<Bits<W>, N> locked_boards_{};
  std::array<Bits<W>, N> locked_runs_{};     // lone segments found then
  std::array<Bits<W>, N> locked_columns_{};
};

bool is_classic9(const Geometry& geometry) {
  return geometry.box_rows() == 3 && geometry.box_cols() == 3 && geometry.variant() == Variant::Classic;
}

// A classic build's code where this processor runs it, else nullptr (and for
// Fastest and Generic, which name no build).
classic9::SolveFunction build_of(SolverCore core) {
  switch (core) {
    case SolverCore::Classic9Sse4: return classic9::sse4_solver();
    case SolverCore::Classic9Avx2: return classic9::avx2_solver();
    case SolverCore::Classic9Avx512: return classic9::avx512_solver();
    case SolverCore::Fastest:
    case SolverCore::Generic: return nullptr;
  }
  return nullptr;
}

// The core that solves `geometry` when `core` is asked for: Generic or a classic
// build; Fastest is the widest classic build the processor runs, for classic 9x9.
SolverCore resolve(SolverCore core, const Geometry& geometry) {
  if (core == SolverCore::Generic || !is_classic9(geometry)) return SolverCore::Generic;
  if (core != SolverCore::Fastest) return core;
  for (const SolverCore widest : {SolverCore::Classic9Avx512, SolverCore::Classic9Avx2, SolverCore::Classic9Sse4}) {
    if (build_of(widest) != nullptr) return widest;
  }
  return SolverCore::Generic;
}

// The classic core's random choices, drawn from the caller's generator.
std::uint32_t draw_below(void* rng, std::uint32_t n) { return static_cast<Rng*>(rng)->below(n); }

}  // namespace

class Solver::Impl {
 public:
  Impl(const Geometry& geometry, const SolverOptions& options)
      : geometry_(geometry), core_(resolve(options.core, geometry)), classic_(build_of(core_)) {
    if (!Solver::available(options.core, geometry)) {
      throw std::invalid_argument("solver core not available for " + geometry.name() + " on this processor");
    }
    if (classic_ == nullptr) {
      generic_.emplace(make_by_size<Core>(geometry));
      std::visit([&](auto& core) { core.set_options(options); }, *generic_);
    }
  }

  const Geometry& geometry() const { return geometry_; }
  SolverCore core() const { return core_; }

  void run(const Grid& puzzle, int limit, Rng* rng, std::span<const Exclusion> exclusions, SolveResult& result,
           std::uint32_t* tally = nullptr, TallyCounts counts = TallyCounts::Exact) {
    if (classic_ == nullptr) {
      std::visit([&](auto& core) { core.run(puzzle, limit, rng, exclusions, result, tally); }, *generic_);
      return;
    }
    // Exclusions as the digits ruled out of each cell.
    std::array<std::uint16_t, 81> ruled_out{};
    for (const Exclusion& e : exclusions) {
      if (e.cell >= 0 && e.cell < 81 && e.digit >= 1 && e.digit <= 9) {
        ruled_out[static_cast<std::size_t>(e.cell)] |= static_cast<std::uint16_t>(1U << (e.digit - 1));
      }
    }
    const classic9::RandomSource random{&draw_below, rng};
    classic9::Request request;
    request.givens = puzzle.values().data();
    request.ruled_out = exclusions.empty() ? nullptr : ruled_out.data();
    request.limit = limit;
    request.random = rng != nullptr ? &random : nullptr;
    request.tally = tally;
    request.tally_up_to_two = counts == TallyCounts::UpToTwo;  // (the generic core counts exactly: that is allowed)
    classic9::Result out;
    classic_(request, out);
    result.count = out.count;
    result.stats.nodes = out.nodes;
    result.stats.guesses = out.guesses;
    result.stats.max_depth = out.max_depth;
    result.solution = out.count > 0 ? Grid(geometry_, std::span<const std::uint8_t>(out.solution, 81)) : Grid(geometry_);
  }

 private:
  Geometry geometry_;
  SolverCore core_;                    // Generic or the classic build that runs
  classic9::SolveFunction classic_;    // that build's code; nullptr for Generic
  std::optional<BySize<Core>> generic_;
};

std::string_view solver_core_name(SolverCore core) {
  switch (core) {
    case SolverCore::Fastest: return "fastest";
    case SolverCore::Generic: return "generic";
    case SolverCore::Classic9Sse4: return "sse4";
    case SolverCore::Classic9Avx2: return "avx2";
    case SolverCore::Classic9Avx512: return "avx512";
  }
  return "?";
}

std::optional<SolverCore> parse_solver_core(std::string_view name) {
  for (const SolverCore core : kSolverCores) {
    if (solver_core_name(core) == name) return core;
  }
  return std::nullopt;
}

bool Solver::available(SolverCore core, const Geometry& geometry) {
  return core == SolverCore::Fastest || core == SolverCore::Generic || (is_classic9(geometry) && build_of(core) != nullptr);
}

SolverCore Solver::core() const { return impl_->core(); }

Solver::Solver(const Geometry& geometry, const SolverOptions& options)
    : impl_(std::make_unique<Impl>(geometry, options)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

const Geometry& Solver::geometry() const { return impl_->geometry(); }

SolveResult Solver::count_solutions(const Grid& puzzle, int limit) {
  SolveResult result;
  impl_->run(puzzle, limit, nullptr, {}, result);
  return result;
}

SolveResult Solver::count_solutions(const Grid& puzzle, int limit, std::span<const Exclusion> exclusions) {
  SolveResult result;
  impl_->run(puzzle, limit, nullptr, exclusions, result);
  return result;
}

SolveResult Solver::tally_solutions(const Grid& puzzle, int limit, std::span<std::uint32_t> tally, TallyCounts counts) {
  const Geometry& geometry = impl_->geometry();
  if (tally.size() < static_cast<std::size_t>(geometry.cell_count() * geometry.size())) {
    throw std::invalid_argument("tally_solutions: the tally has fewer counters than cells x digits");
  }
  SolveResult result;
  impl_->run(puzzle, limit, nullptr, {}, result, tally.data(), counts);
  return result;
}

bool Solver::random_solution(const Grid& puzzle, Rng& rng, Grid& out) {
  SolveResult result;
  impl_->run(puzzle, 1, &rng, {}, result);
  if (result.count == 0) return false;
  out = result.solution;
  return true;
}

SolveResult count_solutions(const Grid& puzzle, int limit) {
  Solver solver(puzzle.geometry());
  return solver.count_solutions(puzzle, limit);
}

}  // namespace sudoforge::engine
