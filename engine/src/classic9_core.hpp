// The classic 9x9 solver core, written once over a vector backend `V` (16 lanes of
// 16 bits for a box, SSE's 8 lanes for a band) and compiled for each instruction set
// it runs on: classic9_sse.cpp (SSE4) and classic9_wide.hpp (AVX2, and AVX-512 where
// the processor has it) define V and then include this file, whose code lives in
// their anonymous namespace. Nothing here uses the standard library's templates and
// the tables are constexpr, so that a build for AVX2 shares no code with the rest of
// the program and runs nothing before it is chosen.
//
// The model follows T. Dillon's tdoku (its representation of boxes, minirow triads
// and band configurations; the code is ours). For each value (bit d of a 9-bit set,
// digit d + 1):
//  - a box is a 4x4 matrix of lanes: its 9 cells (rows and columns 0..2), beside
//    each minirow r an "absentee" lane H_r (the values that may be absent from that
//    minirow) and below each minicolumn c an absentee lane V_c; the last lane is
//    unused. Each row of the matrix (three cells and H_r) holds each value exactly
//    once: in one of the cells if the minirow has it, else in H_r. So does each
//    column (three cells and V_c).
//  - a band (three boxes side by side, or stacked) places each value in one minirow
//    (or minicolumn) of each box, a different one in each: one of the 6 permutations
//    of (0, 1, 2), the band's configurations. Lane c of a band holds the values for
//    which configuration c is still possible.
// Propagation only takes values out of lanes:
//  - in a box (settle_box): a cell with one value keeps it and it leaves the box's
//    other cells, its minirow's H and its minicolumn's V; a value in only one lane of
//    a row or column of the matrix goes there (a cell keeps only it); an absentee
//    lane with 6 values is asserted too (its minirow holds the other 3). A lane below
//    its minimum (1 value for a cell, 6 for an absentee) is a contradiction.
//  - box to band: what the box asserts. A value asserted in a cell of minirow r is
//    certain there: configurations that put it elsewhere go; one asserted in H_r is
//    absent there: those that put it in r go.
//  - in a band (push_band): a minirow of a box holds 3 values, so when only 3 can go
//    there they are certain, and configurations that put them elsewhere go; a value
//    with no configuration left is a contradiction.
//  - band to box: minirow r of a box keeps the values some configuration puts there;
//    its H keeps those some configuration puts elsewhere.
// Each change is passed on at once, box to its two bands and band to its three boxes,
// until nothing changes; a band tells the box that told it last, and a box told by a
// band tells the other band first (less work done twice). The search branches on the
// band with the fewest configurations left and its value with the fewest (two if
// any): one configuration (the first, or one at random when filling a grid), then all
// but it. When every band has one configuration per value, each value has one cell
// per box and the grid is solved.

// V provides:
//   Box: 16 lanes; operators &, |, ^; andnot(a, b) = a & ~b; zero(a);
//   load(const uint16_t*), store(uint16_t*, a) (32-byte aligned); popcount9(a);
//   eq(a, b), lt(a, b) (lane masks); select(mask, a, b); row<k>(a): lane (i, j) gets
//   (i, (j + k) % 4); col<k>(a): lane (i, j) gets ((i + k) % 4, j); lo(a), hi(a):
//   128-bit halves; broadcast(x): x in both halves; shuffle(a, control): byte
//   shuffle within halves.
//   Band: __m128i.

namespace {

constexpr std::uint16_t kAll = 0x1FF;

struct Lanes16 {
  alignas(32) std::uint16_t lane[16];
};
struct Bytes32 {
  alignas(32) std::uint8_t byte[32];
};
struct Bytes16 {
  alignas(16) std::uint8_t byte[16];
};

// A band before any given: every configuration possible for every value.
constexpr Bytes16 kFreshBand = {{0xFF, 0x01, 0xFF, 0x01, 0xFF, 0x01, 0xFF, 0x01, 0xFF, 0x01, 0xFF, 0x01, 0, 0, 0, 0}};

// The six configurations: configuration c puts the value in minirow kPermutation[c][k]
// of the band's box k.
constexpr int kPermutation[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

constexpr int cell_lane(int i, int j) { return 4 * i + j; }
// The cell at row i, column j (0 to 2) of box b.
constexpr int box_cell(int b, int i, int j) { return 9 * (3 * (b / 3) + i) + 3 * (b % 3) + j; }
constexpr int h_lane(int r) { return 4 * r + 3; }
constexpr int v_lane(int c) { return 12 + c; }

// Lane masks of the box matrix.
enum class Part { Cells, H, V, Triads, Rows012 };
constexpr Lanes16 part_mask(Part part, std::uint16_t value) {
  Lanes16 m{};
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      bool in = false;
      switch (part) {
        case Part::Cells: in = i < 3 && j < 3; break;
        case Part::H: in = i < 3 && j == 3; break;
        case Part::V: in = i == 3 && j < 3; break;
        case Part::Triads: in = (i < 3) != (j < 3); break;
        case Part::Rows012: in = i < 3; break;
      }
      m.lane[4 * i + j] = in ? value : 0;
    }
  }
  return m;
}
constexpr Lanes16 kCellLanes = part_mask(Part::Cells, 0xFFFF);
constexpr Lanes16 kHLanes = part_mask(Part::H, 0xFFFF);
constexpr Lanes16 kVLanes = part_mask(Part::V, 0xFFFF);
constexpr Lanes16 kRowsAll = part_mask(Part::Rows012, kAll);  // every value, in rows 0..2
constexpr Lanes16 kTriadLanes = part_mask(Part::Triads, 0xFFFF);
// The least count of values a lane may hold: 1 in a cell, 6 in an absentee lane.
constexpr Lanes16 minimums() {
  Lanes16 m = part_mask(Part::Cells, 1);
  const Lanes16 t = part_mask(Part::Triads, 6);
  for (int l = 0; l < 16; ++l) m.lane[l] = static_cast<std::uint16_t>(m.lane[l] | t.lane[l]);
  return m;
}
constexpr Lanes16 kMinimums = minimums();
// A box before any given: every value in every lane but the unused one.
constexpr Lanes16 kFreshBox = {{kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, 0}};
constexpr Lanes16 kAllValues = {{kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll, kAll}};
constexpr Lanes16 kNone{};

// A byte shuffle control that moves 16-bit lane `from[l]` to lane l (-1: zero).
template <int N>
constexpr void put_lanes(std::uint8_t (&control)[N], int offset, const int (&from)[8]) {
  for (int l = 0; l < 8; ++l) {
    control[offset + 2 * l] = from[l] < 0 ? 0x80 : static_cast<std::uint8_t>(2 * from[l]);
    control[offset + 2 * l + 1] = from[l] < 0 ? 0x80 : static_cast<std::uint8_t>(2 * from[l] + 1);
  }
}

// What a box tells its bands comes from what it asserted: a value asserted in a cell
// of minirow r is certain there ("pos"); a value asserted in H_r (the minirow cannot
// hold it) is absent there ("neg"). Gathered into one band-sized vector per band:
// [pos_0, pos_1, pos_2, -, neg_0, neg_1, neg_2, -], minirows (from the H lanes, 3, 7
// and 11 of the box vector) for its row of boxes, minicolumns (the V lanes 12-14)
// for its column of boxes.
struct Gather {
  Bytes16 row_low;   // pos (or neg) H lanes of the low half
  Bytes16 row_high;  // ... of the high half
  Bytes16 col_high;  // V lanes, all in the high half
};
constexpr Gather gather(int to) {  // to: 0 for pos, 4 for neg
  Gather g{};
  int low[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  int high[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  int col[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  low[to + 0] = h_lane(0);
  low[to + 1] = h_lane(1);
  high[to + 2] = h_lane(2) - 8;
  for (int c = 0; c < 3; ++c) col[to + c] = v_lane(c) - 8;
  put_lanes(g.row_low.byte, 0, low);
  put_lanes(g.row_high.byte, 0, high);
  put_lanes(g.col_high.byte, 0, col);
  return g;
}
constexpr Gather kGatherPos = gather(0);
constexpr Gather kGatherNeg = gather(4);

// From that vector to a band's eliminations for its box k: configuration c loses the
// values certain in a minirow it does not put them in (pos of the two others) and
// those absent from the one it does (neg of it): three shuffles, ORed.
struct ToBand {
  Bytes16 control[3][3];
};
constexpr ToBand to_band() {
  ToBand t{};
  for (int k = 0; k < 3; ++k) {
    for (int m = 0; m < 3; ++m) {
      int from[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
      for (int c = 0; c < 6; ++c) {
        const int r = kPermutation[c][k];
        from[c] = m == 2 ? 4 + r : (r + 1 + m) % 3;
      }
      put_lanes(t.control[k][m].byte, 0, from);
    }
  }
  return t;
}
constexpr ToBand kToBand = to_band();

// From a band to its boxes. The band's "triads": lane 4k + r holds what some
// configuration puts in minirow r of box k (two configurations put it there, so two
// byte shuffles of the band, copied into both halves, ORed); the other lanes are
// filled with every value. Boxes 0 and 1 lie in the low half, box 2 in the high.
struct Triads {
  Bytes32 from[2];
  Lanes16 fill;
};
constexpr Triads triads() {
  Triads t{};
  for (int m = 0; m < 2; ++m) {
    int from[16];
    for (int l = 0; l < 16; ++l) from[l] = -1;
    for (int k = 0; k < 3; ++k) {
      for (int r = 0; r < 3; ++r) {
        int seen = 0;
        for (int c = 0; c < 6; ++c) {
          if (kPermutation[c][k] == r && seen++ == m) from[4 * k + r] = c;
        }
      }
    }
    int low[8];
    int high[8];
    for (int l = 0; l < 8; ++l) {
      low[l] = from[l];
      high[l] = from[8 + l];
    }
    put_lanes(t.from[m].byte, 0, low);
    put_lanes(t.from[m].byte, 16, high);
  }
  for (int l = 0; l < 16; ++l) t.fill.lane[l] = (l % 4 == 3 || l >= 12) ? kAll : 0;
  return t;
}
constexpr Triads kTriads = triads();
constexpr Lanes16 kThrees = {{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}};

// A minirow holds three values: when only three can go there, they are certain, and
// the configurations that put them elsewhere go. From the certain triads to the
// configurations they rule out: for box k, configuration c loses what is certain in
// the two minirows it does not use; boxes 0 and 1 read from the low half of the
// triads, box 2 from the high half.
struct CertainToBand {
  Bytes16 low[4];
  Bytes16 high[2];
};
constexpr CertainToBand certain_to_band() {
  CertainToBand t{};
  for (int k = 0; k < 3; ++k) {
    for (int m = 0; m < 2; ++m) {
      int from[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
      for (int c = 0; c < 6; ++c) from[c] = 4 * (k % 2) + (kPermutation[c][k] + 1 + m) % 3;
      put_lanes(k < 2 ? t.low[2 * k + m].byte : t.high[m].byte, 0, from);
    }
  }
  return t;
}
constexpr CertainToBand kCertainToBand = certain_to_band();

// The triads of box k spread over the box matrix: orientation 0 (a row of boxes)
// puts triad r in minirow r's cells and the OR of the other two in H_r (the values
// some configuration puts elsewhere); orientation 1 the same for minicolumns and V.
// Two shuffles of the half holding box k, ORed (each brings one of the other two),
// and every value in the lanes the band says nothing about.
struct Expand {
  Bytes32 control[2][3][2];
  Lanes16 all[2];
};
constexpr Expand expand() {
  Expand e{};
  for (int o = 0; o < 2; ++o) {
    for (int k = 0; k < 3; ++k) {
      const int base = 4 * (k % 2);
      for (int m = 0; m < 2; ++m) {
        int from[16];
        for (int i = 0; i < 4; ++i) {
          for (int j = 0; j < 4; ++j) {
            int f = -1;
            if (i < 3 && j < 3) f = base + (o == 0 ? i : j);
            if (o == 0 && i < 3 && j == 3) f = base + (i + 1 + m) % 3;
            if (o == 1 && i == 3 && j < 3) f = base + (j + 1 + m) % 3;
            from[4 * i + j] = f;
            e.all[o].lane[4 * i + j] = f < 0 ? kAll : 0;
          }
        }
        int low[8];
        int high[8];
        for (int l = 0; l < 8; ++l) {
          low[l] = from[l];
          high[l] = from[8 + l];
        }
        put_lanes(e.control[o][k][m].byte, 0, low);
        put_lanes(e.control[o][k][m].byte, 16, high);
      }
    }
  }
  return e;
}
constexpr Expand kExpand = expand();

// What a given rules out at once, as lane masks (ANDed with the given's value):
// kGivenOwn[lane]: its box's other cells and the H and V of its minirow and
// minicolumn; kGivenCell[lane]: its own lane (which loses every other value);
// kMinirow[i] / kMinicolumn[j]: the cells of a minirow / minicolumn of the other
// boxes of its row / column of boxes.
struct GivenMasks {
  Lanes16 own[16];
  Lanes16 cell[16];
  Lanes16 minirow[3];
  Lanes16 minicolumn[3];
};
constexpr GivenMasks given_masks() {
  GivenMasks g{};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const int at = cell_lane(i, j);
      for (int ii = 0; ii < 3; ++ii) {
        for (int jj = 0; jj < 3; ++jj) {
          if (ii != i || jj != j) g.own[at].lane[cell_lane(ii, jj)] = 0xFFFF;
        }
      }
      g.own[at].lane[h_lane(i)] = 0xFFFF;
      g.own[at].lane[v_lane(j)] = 0xFFFF;
      g.cell[at].lane[at] = 0xFFFF;
    }
  }
  for (int k = 0; k < 3; ++k) {
    for (int m = 0; m < 3; ++m) {
      g.minirow[k].lane[cell_lane(k, m)] = 0xFFFF;
      g.minicolumn[k].lane[cell_lane(m, k)] = 0xFFFF;
    }
  }
  return g;
}
constexpr GivenMasks kGiven = given_masks();

// The configurations of a band that put box k's value anywhere but minirow r.
struct Elsewhere {
  Bytes16 mask[3][3];
};
constexpr Elsewhere elsewhere() {
  Elsewhere e{};
  for (int k = 0; k < 3; ++k) {
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 6; ++c) {
        const std::uint8_t byte = kPermutation[c][k] != r ? 0xFF : 0;
        e.mask[k][r].byte[2 * c] = byte;
        e.mask[k][r].byte[2 * c + 1] = byte;
      }
    }
  }
  return e;
}
constexpr Elsewhere kElsewhere = elsewhere();

// Where a cell lies: its box and lane.
struct Place {
  std::uint8_t box;
  std::uint8_t lane;
};
constexpr Place place_of(int cell) {
  const int r = cell / 9;
  const int c = cell % 9;
  return {static_cast<std::uint8_t>(3 * (r / 3) + c / 3), static_cast<std::uint8_t>(cell_lane(r % 3, c % 3))};
}

inline int lowest_bit(unsigned x) { return __builtin_ctz(x); }
inline int bit_count(unsigned x) { return __builtin_popcount(x); }

template <class V>
class Classic9 {
  using Box = typename V::Box;
  using Band = __m128i;

 public:
  void solve(const classic9::Request& request, classic9::Result& result) {
    result.count = 0;
    result.nodes = 0;
    result.guesses = 0;
    result.max_depth = 0;
    result_ = &result;
    limit_ = request.limit < 1 ? 1 : request.limit;
    random_ = request.random;
    tally_ = request.tally;
    up_to_two_ = tally_ != nullptr && request.tally_up_to_two;
    if (up_to_two_) {
      // (Counters that reached 2 before: those candidates are not wanted either.)
      for (int b = 0; b < 9; ++b) {
        for (int l = 0; l < 16; ++l) hot_[b].lane[l] = 0;
        for (int i = 0; i < 3; ++i) {
          for (int j = 0; j < 3; ++j) {
            const int cell = box_cell(b, i, j);
            unsigned wanted = 0;
            for (int d = 0; d < 9; ++d) wanted |= (tally_[9 * cell + d] < 2 ? 1U : 0U) << d;
            hot_[b].lane[cell_lane(i, j)] = static_cast<std::uint16_t>(wanted);
          }
        }
      }
    }
    State state;
    if (!load(request, state)) return;  // clashing givens: no search
    ++result.nodes;
    if (!settle_all(state)) return;
    search(state, 0);
  }

 private:
  struct State {
    Box box[9];
    Band band[6];  // 0..2: rows of boxes; 3..5: columns of boxes
  };

  static Box lanes(const Lanes16& l) { return V::load(l.lane); }
  static Box lanes(const Bytes32& b) { return V::load(reinterpret_cast<const std::uint16_t*>(b.byte)); }
  static Band band_lanes(const Bytes16& b) { return _mm_load_si128(reinterpret_cast<const __m128i*>(b.byte)); }

  // OR (AND) of each row's four lanes, in every lane of the row; the same for columns.
  static Box row_or(Box a) {
    const Box t = a | V::template row<2>(a);
    return t | V::template row<1>(t);
  }
  static Box col_or(Box a) {
    const Box t = a | V::template col<2>(a);
    return t | V::template col<1>(t);
  }
  // Values in two or more lanes of each row (column) of four, in every lane of it.
  template <bool Rows>
  static Box twice(Box a) {
    const Box b = Rows ? V::template row<1>(a) : V::template col<1>(a);
    const Box c = Rows ? V::template row<2>(a) : V::template col<2>(a);
    const Box d = Rows ? V::template row<3>(a) : V::template col<3>(a);
    return (a & b) | (c & d) | ((a | b) & (c | d));
  }

  // The box's rules to a fixpoint, then what it asserts to its two bands.
  // `from_rows`: the change came from its row of boxes (tell its column first).
  bool settle_box(State& s, int b, bool from_rows = false) {
    unsettled_ &= ~(1U << b);
    Box x = s.box[b];
    const Box cells = lanes(kCellLanes);
    const Box h = lanes(kHLanes);
    const Box v = lanes(kVLanes);
    Box asserted;
    Box certain;
    for (;;) {
      const Box count = V::popcount9(x);
      if (!V::zero(V::lt(count, lanes(kMinimums)))) return false;
      // Singles: a cell with one value, an absentee lane with six.
      asserted = x & V::eq(count, lanes(kMinimums));
      // A value in one lane only of a row (column) of four goes there. (The last row
      // and column, three absentee lanes and the unused one, are no such group: a
      // value in one of their lanes only is a contradiction already, which makes any
      // assertion there harmless, so they are not masked out.)
      asserted = asserted | V::andnot(x, twice<true>(x)) | V::andnot(x, twice<false>(x));
      // An asserted cell value leaves the box's other cells (an asserted cell keeps
      // only its own), its minirow's H and its minicolumn's V.
      const Box a_cells = asserted & cells;
      const Box in_row = row_or(a_cells);
      const Box in_col = col_or(a_cells);
      certain = (in_row & h) | (in_col & v);
      const Box spread = V::select(V::eq(a_cells, lanes(kNone)), col_or(in_row), lanes(kRowsAll));
      const Box out = ((spread ^ a_cells) & cells) | certain;
      if (V::zero(x & out)) break;
      x = V::andnot(x, out);
    }
    // Two values asserted to one cell (each with no other place in a row or column of
    // four): no room for both. Nothing else here sees it (the cell keeps both, each
    // value keeps its one lane), and a search could run for millions of nodes before
    // its leaves meet it (a 15-clue puzzle without a solution took 23.7 M).
    if (!V::zero(V::lt(lanes(kMinimums), V::popcount9(asserted & cells)))) return false;
    s.box[b] = x;
    // What the last pass asserted holds everything asserted before (lanes only lose
    // values): a value certain in a minirow ("pos", in H) and one absent from it
    // ("neg", an asserted absentee).
    const Box neg = asserted & lanes(kTriadLanes);
    const Box pos = certain;
    const Band row = _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(V::lo(pos), band_lanes(kGatherPos.row_low)),
                                               _mm_shuffle_epi8(V::hi(pos), band_lanes(kGatherPos.row_high))),
                                  _mm_or_si128(_mm_shuffle_epi8(V::lo(neg), band_lanes(kGatherNeg.row_low)),
                                               _mm_shuffle_epi8(V::hi(neg), band_lanes(kGatherNeg.row_high))));
    const Band col = _mm_or_si128(_mm_shuffle_epi8(V::hi(pos), band_lanes(kGatherPos.col_high)),
                                  _mm_shuffle_epi8(V::hi(neg), band_lanes(kGatherNeg.col_high)));
    // Each band takes what it is told about box k and tells box k last.
    const Band to_row = to_band(row, b % 3);
    const Band to_col = to_band(col, b / 3);
    if (from_rows) return eliminate_band(s, 3 + b % 3, to_col, b / 3) && eliminate_band(s, b / 3, to_row, b % 3);
    return eliminate_band(s, b / 3, to_row, b % 3) && eliminate_band(s, 3 + b % 3, to_col, b / 3);
  }

  static Band to_band(Band told, int k) {
    const auto& control = kToBand.control[k];
    return _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(told, band_lanes(control[0])), _mm_shuffle_epi8(told, band_lanes(control[1]))),
                        _mm_shuffle_epi8(told, band_lanes(control[2])));
  }

  bool restrict_box(State& s, int b, Box mask, bool from_rows) {
    if (V::zero(V::andnot(s.box[b], mask))) return true;
    s.box[b] = s.box[b] & mask;
    return settle_box(s, b, from_rows);
  }

  // Box k of band t.
  static int box_of(int t, int k) { return t < 3 ? 3 * t + k : (t - 3) + 3 * k; }

  // `last`: the box to restrict last (the one that told the band), or 0.
  bool eliminate_band(State& s, int t, Band out, int last = 0) {
    const Band old = s.band[t];
    if (_mm_testz_si128(old, out)) return true;
    s.band[t] = _mm_andnot_si128(out, old);
    return every_value_placed(s.band[t]) && push_band(s, t, last);
  }

  // Whether every value keeps a configuration.
  static bool every_value_placed(Band conf) {
    Band any = _mm_or_si128(conf, _mm_srli_si128(conf, 8));
    any = _mm_or_si128(any, _mm_srli_si128(any, 4));
    any = _mm_or_si128(any, _mm_srli_si128(any, 2));
    return (_mm_extract_epi16(any, 0) & kAll) == kAll;
  }

  static Box triads_of(Band conf) {
    const Box both = V::broadcast(conf);
    return V::shuffle(both, lanes(kTriads.from[0])) | V::shuffle(both, lanes(kTriads.from[1])) | lanes(kTriads.fill);
  }

  // The band's configurations to its three boxes: first the minirows that only
  // three values can reach (once), then what each minirow of each box can hold.
  bool push_band(State& s, int t, int last = 0) {
    Band conf = s.band[t];
    Box tri = triads_of(conf);
    const Box count = V::popcount9(tri);
    if (!V::zero(V::lt(count, lanes(kThrees)))) return false;
    // (Without a branch: minirows settled this way stay so, and branching on them
    // mispredicts more than the shuffles cost.)
    const Box certain = tri & V::eq(count, lanes(kThrees));
    const __m128i first = V::lo(certain);  // boxes 0 and 1
    const __m128i third = V::hi(certain);  // box 2
    const auto& c = kCertainToBand;
    const Band out = _mm_or_si128(
        _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(first, band_lanes(c.low[0])), _mm_shuffle_epi8(first, band_lanes(c.low[1]))),
                     _mm_or_si128(_mm_shuffle_epi8(first, band_lanes(c.low[2])), _mm_shuffle_epi8(first, band_lanes(c.low[3])))),
        _mm_or_si128(_mm_shuffle_epi8(third, band_lanes(c.high[0])), _mm_shuffle_epi8(third, band_lanes(c.high[1]))));
    conf = _mm_andnot_si128(out, conf);
    if (!every_value_placed(conf)) return false;
    s.band[t] = conf;
    tri = triads_of(conf);
    const int o = t < 3 ? 0 : 1;
    const Box low = V::broadcast(V::lo(tri));
    const Box high = V::broadcast(V::hi(tri));
    const auto& control = kExpand.control[o];
    const Box all = lanes(kExpand.all[o]);
    const Box mask0 = V::shuffle(low, lanes(control[0][0])) | V::shuffle(low, lanes(control[0][1])) | all;
    const Box mask1 = V::shuffle(low, lanes(control[1][0])) | V::shuffle(low, lanes(control[1][1])) | all;
    const Box mask2 = V::shuffle(high, lanes(control[2][0])) | V::shuffle(high, lanes(control[2][1])) | all;
    const bool rows = t < 3;
    switch (last) {
      case 1:
        return restrict_box(s, box_of(t, 2), mask2, rows) && restrict_box(s, box_of(t, 0), mask0, rows) &&
               restrict_box(s, box_of(t, 1), mask1, rows);
      case 2:
        return restrict_box(s, box_of(t, 0), mask0, rows) && restrict_box(s, box_of(t, 1), mask1, rows) &&
               restrict_box(s, box_of(t, 2), mask2, rows);
      default:
        return restrict_box(s, box_of(t, 1), mask1, rows) && restrict_box(s, box_of(t, 2), mask2, rows) &&
               restrict_box(s, box_of(t, 0), mask0, rows);
    }
  }

  // The givens (and digits ruled out) as the starting state, with what each given
  // rules out at once in its row, column and box and in its bands. False when two
  // givens clash (nothing is searched then). The givens are found with a byte
  // compare and visited bit by bit, so no branch asks about each cell.
  bool load(const classic9::Request& request, State& s) {
    unsettled_ = 0;
    for (int b = 0; b < 9; ++b) s.box[b] = lanes(kFreshBox);
    for (int t = 0; t < 6; ++t) s.band[t] = band_lanes(kFreshBand);
    alignas(16) std::uint8_t digits[96] = {};
    for (int cell = 0; cell < 81; ++cell) digits[cell] = request.givens[cell];
    std::uint64_t given[2] = {0, 0};
    for (int chunk = 0; chunk < 6; ++chunk) {
      const __m128i bytes = _mm_load_si128(reinterpret_cast<const __m128i*>(digits + 16 * chunk));
      const auto empty = static_cast<std::uint64_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())));
      given[chunk / 4] |= (~empty & 0xFFFF) << (16 * (chunk % 4));
    }
    unsigned rows[9] = {};
    unsigned cols[9] = {};
    unsigned boxes[9] = {};
    unsigned clash = 0;
    for (int word = 0; word < 2; ++word) {
      for (std::uint64_t bits = given[word]; bits != 0; bits &= bits - 1) {
        const int cell = 64 * word + __builtin_ctzll(bits);
        const unsigned bit = 1U << (digits[cell] - 1);
        const int r = cell / 9;
        const int c = cell % 9;
        const Place p = place_of(cell);
        clash |= (rows[r] | cols[c] | boxes[p.box]) & bit;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[p.box] |= bit;
        const Box value = V::broadcast(_mm_set1_epi16(static_cast<short>(bit)));
        const Box others = V::andnot(lanes(kAllValues), value);
        s.box[p.box] = V::andnot(s.box[p.box], (lanes(kGiven.own[p.lane]) & value) | (lanes(kGiven.cell[p.lane]) & others));
        unsettled_ |= 1U << p.box;
        for (int k = 1; k < 3; ++k) {
          const int along_row = 3 * (r / 3) + (c / 3 + k) % 3;
          const int along_col = 3 * ((r / 3 + k) % 3) + c / 3;
          s.box[along_row] = V::andnot(s.box[along_row], lanes(kGiven.minirow[r % 3]) & value);
          s.box[along_col] = V::andnot(s.box[along_col], lanes(kGiven.minicolumn[c % 3]) & value);
          unsettled_ |= (1U << along_row) | (1U << along_col);
        }
        const Band one = _mm_set1_epi16(static_cast<short>(bit));
        s.band[r / 3] = _mm_andnot_si128(_mm_and_si128(band_lanes(kElsewhere.mask[c / 3][r % 3]), one), s.band[r / 3]);
        s.band[3 + c / 3] =
            _mm_andnot_si128(_mm_and_si128(band_lanes(kElsewhere.mask[r / 3][c % 3]), one), s.band[3 + c / 3]);
      }
    }
    if (clash != 0) return false;
    if (request.ruled_out != nullptr) {
      alignas(32) std::uint16_t lane16[16];
      for (int cell = 0; cell < 81; ++cell) {
        const unsigned out = request.ruled_out[cell] & kAll;
        if (out == 0 || digits[cell] != 0) continue;
        const Place p = place_of(cell);
        V::store(lane16, s.box[p.box]);
        lane16[p.lane] = static_cast<std::uint16_t>(lane16[p.lane] & ~out);
        s.box[p.box] = V::load(lane16);
        unsettled_ |= 1U << p.box;
      }
    }
    return true;
  }

  bool settle_all(State& s) {
    for (int t = 0; t < 6; ++t) {
      if (!push_band(s, t)) return false;
    }
    for (int b = 0; b < 9; ++b) {
      if ((unsettled_ >> b & 1U) != 0 && !settle_box(s, b)) return false;
    }
    return true;
  }

  // The band with the fewest configurations that is not settled (more than one per
  // value), and its value with the fewest (two if any, else three, else the first
  // with several). False when every band is settled: the grid is solved. (The
  // totals go through one unsigned minimum: a settled band's 9 less 10 wraps round
  // to the largest.)
  static bool choose(const State& s, int& band, int& value) {
    const __m128i nine_less = _mm_set1_epi16(10);
    alignas(16) std::uint16_t totals[8];
    for (int t = 0; t < 6; ++t) totals[t] = static_cast<std::uint16_t>(configurations(s.band[t]));
    totals[6] = 0;
    totals[7] = 0;
    const __m128i least = _mm_minpos_epu16(_mm_sub_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(totals)), nine_less));
    const auto found = static_cast<unsigned>(_mm_cvtsi128_si32(least));
    if ((found & 0xFFFF) >= 0xFFF0) return false;  // every band settled (0 - 10 for the unused lanes)
    band = static_cast<int>(found >> 16);
    alignas(16) std::uint16_t conf[8];
    _mm_store_si128(reinterpret_cast<__m128i*>(conf), s.band[band]);
    unsigned one = 0;
    unsigned two = 0;
    unsigned three = 0;
    unsigned four = 0;
    for (int c = 0; c < 6; ++c) {
      four |= three & conf[c];
      three |= two & conf[c];
      two |= one & conf[c];
      one |= conf[c];
    }
    const unsigned just_two = two & ~three;
    const unsigned just_three = three & ~four;
    value = lowest_bit(just_two != 0 ? just_two : just_three != 0 ? just_three : two);
    return true;
  }

  // How many (value, configuration) pairs a band still allows.
  static int configurations(Band conf) {
    const __m128i table = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i bytes = _mm_add_epi8(_mm_shuffle_epi8(table, _mm_and_si128(conf, nibble)),
                                       _mm_shuffle_epi8(table, _mm_and_si128(_mm_srli_epi16(conf, 4), nibble)));
    const __m128i sums = _mm_sad_epu8(bytes, _mm_setzero_si128());
    return _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
  }

  void record_solution(const State& s) {
    const bool first = ++result_->count == 1;
    if (!first && tally_ == nullptr) return;
    alignas(32) std::uint16_t lanes16[16];
    for (int b = 0; b < 9; ++b) {
      V::store(lanes16, s.box[b]);
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
          const int cell = box_cell(b, i, j);
          const int digit = lowest_bit(lanes16[cell_lane(i, j)]);
          if (first) result_->solution[cell] = static_cast<std::uint8_t>(digit + 1);
          if (tally_ != nullptr && ++tally_[9 * cell + digit] == 2 && up_to_two_) {
            hot_[b].lane[cell_lane(i, j)] = static_cast<std::uint16_t>(hot_[b].lane[cell_lane(i, j)] & ~(1U << digit));
          }
        }
      }
    }
  }

  // Whether a cell of `s` still has a candidate whose counter is below 2 (with
  // up_to_two_): if none has, no solution below `s` changes what the tally says.
  bool wanted(const State& s) const {
    Box any = s.box[0] & V::load(hot_[0].lane);
    for (int b = 1; b < 9; ++b) any = any | (s.box[b] & V::load(hot_[b].lane));
    return !V::zero(any);
  }

  // Depth-first search from `s`. True once limit_ solutions are found.
  bool search(State& s, int depth) {
    if (depth > result_->max_depth) result_->max_depth = depth;
    for (;;) {
      if (up_to_two_ && !wanted(s)) return false;
      int t = 0;
      int value = 0;
      if (!choose(s, t, value)) {
        record_solution(s);
        return result_->count >= limit_;
      }
      alignas(16) std::uint16_t conf[8];
      _mm_store_si128(reinterpret_cast<__m128i*>(conf), s.band[t]);
      const unsigned bit = 1U << value;
      unsigned options = 0;  // the configurations that still allow the value
      for (int c = 0; c < 6; ++c) options |= ((conf[c] & bit) != 0 ? 1U : 0U) << c;
      int pick = lowest_bit(options);
      if (random_ != nullptr) {
        for (unsigned skip = random_->below(random_->context, static_cast<unsigned>(bit_count(options))); skip > 0; --skip) {
          options &= options - 1;
        }
        pick = lowest_bit(options);
      }
      alignas(16) std::uint16_t others[8];  // the value out of every configuration but the pick
      alignas(16) std::uint16_t picked[8];  // ... out of the pick
      for (int c = 0; c < 8; ++c) {
        others[c] = c == pick ? 0 : static_cast<std::uint16_t>(bit);
        picked[c] = c == pick ? static_cast<std::uint16_t>(bit) : 0;
      }
      ++result_->guesses;
      State child = s;
      ++result_->nodes;
      if (eliminate_band(child, t, _mm_load_si128(reinterpret_cast<const __m128i*>(others))) && search(child, depth + 1)) {
        return true;
      }
      ++result_->nodes;
      if (!eliminate_band(s, t, _mm_load_si128(reinterpret_cast<const __m128i*>(picked)))) return false;
    }
  }

  classic9::Result* result_ = nullptr;
  unsigned unsettled_ = 0;  // boxes load() changed that have not been settled since
  int limit_ = 2;
  const classic9::RandomSource* random_ = nullptr;
  std::uint32_t* tally_ = nullptr;
  bool up_to_two_ = false;
  Lanes16 hot_[9]{};  // with up_to_two_, by box: the candidates whose counters are below 2 (cell lanes)
};

}  // namespace
