#pragma once
// The classic 9x9 solver core (3x3 boxes, no diagonal): what Solver runs for that
// geometry. Builds of the same code (classic9_core.hpp) for SSE4 (the baseline), AVX2
// and AVX-512, each in a translation unit of its own, are chosen at run time. Only
// plain values cross this interface, so that nothing compiled for a wider
// instruction set can be shared with (and run by) code made for processors without it.

#include <cstdint>

namespace sudoforge::engine::classic9 {

// Random choices for filling a grid: a number below n (n >= 1).
struct RandomSource {
  std::uint32_t (*below)(void* context, std::uint32_t n);
  void* context;
};

struct Request {
  const std::uint8_t* givens = nullptr;  // 81 cells, row-major: digit 1..9 or 0
  // Digits ruled out of empty cells, when set: bit d - 1 of ruled_out[cell] takes
  // digit d out of that cell (81 masks; on a given they are ignored).
  const std::uint16_t* ruled_out = nullptr;
  int limit = 2;                         // stop at this many solutions (>= 1)
  // When set (81 x 9 counters): one added to tally[9 * cell + digit - 1] for the
  // digit at every cell of every solution found.
  std::uint32_t* tally = nullptr;
  // With a tally: only whether each counter is 0, 1 or more is asked for. The search
  // then skips the parts of the tree whose cells have only candidates counted twice
  // already: every counter below 2 is exact, every other is 2 or more, and `count`
  // counts the solutions visited.
  bool tally_up_to_two = false;
  const RandomSource* random = nullptr;  // branch at random (filling) or in order
};

struct Result {
  int count = 0;                 // min(solutions, limit)
  std::uint8_t solution[81]{};   // the first solution found (when count >= 1)
  std::uint64_t nodes = 0;       // states propagated: the root and each side of each guess taken
  std::uint64_t guesses = 0;     // branches taken
  int max_depth = 0;             // deepest nesting of guesses
};

using SolveFunction = void (*)(const Request&, Result&);

// Each build, or nullptr where the processor lacks what it needs (or this is not
// x86-64): SSE4.2 with SSSE3 and POPCNT; AVX2; AVX-512 F, VL, BW and BITALG. All
// give the same results, counts, first solutions, statistics and random fills alike.
SolveFunction sse4_solver();
SolveFunction avx2_solver();
SolveFunction avx512_solver();

// The wider builds themselves (x86-64 only): call them only through the functions
// above, which ask the processor first.
void solve_avx2(const Request& request, Result& result);
void solve_avx512(const Request& request, Result& result);

}  // namespace sudoforge::engine::classic9
