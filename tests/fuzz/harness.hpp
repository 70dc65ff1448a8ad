#pragma once
// The fuzz targets' bodies, shared by the libFuzzer entry points (fuzz_main.cpp,
// built with SUDOFORGE_FUZZ=ON and clang) and the regression test that replays
// every kept input with the normal build (regression_test.cpp). Each body turns
// arbitrary bytes into an input, runs the code under test, and checks what must
// hold for every input; a violated property throws FuzzFailure (which libFuzzer
// reports as a crash, and the regression test as a failure).

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoforge::fuzz {

struct FuzzFailure : std::logic_error {
  using std::logic_error::logic_error;
};

// The targets, by name: "read_line", "read_grid", "read_sdk", "read_csv",
// "read_auto", "grade", "propagation", "solve9".
bool is_target(std::string_view name);
void run_target(std::string_view name, const std::uint8_t* data, std::size_t size);

// Readers: the first byte picks the geometry, the rest is the text, fed line by
// line. Every puzzle read must have the geometry asked for and survive a round
// trip through both writers; malformed text must give ParseError and nothing else.
void fuzz_reader(std::string_view format, const std::uint8_t* data, std::size_t size);

// Grader: the first byte picks a geometry, the rest fills cells. The status must
// agree with the solver's count and the clash check, a unique puzzle's solution
// must complete it, its score must follow from its counts, and (up to 6x6) the
// tier, te_depth, counts and rounds must equal the reference grader's. Its human
// path walked with every step recorded must rate the same, each step true of the
// solution; and the puzzle rewritten (digits relabelled, lines permuted, transposed,
// as its variant allows) must get the same grade and rating.
void fuzz_grade(const std::uint8_t* data, std::size_t size);

// P on arbitrary candidate states: the first byte picks a geometry, then byte pairs
// place digits or eliminate candidates (as a solver would: only where allowed).
// P must be sound (every solution of the state survives it; a contradiction only
// when there is no solution, both checked with the engine's solver), idempotent,
// and its placed digits must not clash.
void fuzz_propagation(const std::uint8_t* data, std::size_t size);

// The classic 9x9 solver core against the generic one: the first byte picks the
// limit (1 to 4), the next 81 fill cells (odd: a digit), then byte pairs rule digits
// out of cells. Counts must agree, a unique puzzle's solution too, every solution
// found must be one (avoiding what was ruled out), clashing givens are never
// searched, and every build of the classic core the processor runs (SSE4, AVX2,
// AVX-512) must agree in everything, random fills from the same seed included.
void fuzz_solve9(const std::uint8_t* data, std::size_t size);

}  // namespace sudoforge::fuzz
