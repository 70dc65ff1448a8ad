#pragma once
// The vocabulary every sudoforge module shares, fixed once here.
//
//   cell   index of a square, row-major: cell = row * size + col, 0-based.
//   row, col, box
//          0-based indices; boxes are numbered row-major too. Text meant for people
//          says "r3c5" and "box 2", 1-based.
//   digit  1..size; 0 means "empty" in a Grid.
//   unit   a set of `size` cells that must hold every digit once: rows, then
//          columns, then boxes, then (diagonal variant) the main diagonal and the
//          anti-diagonal. Unit u is a row for u < size, a column for u < 2*size, ...
//   Candidates
//          bit (digit - 1) is set when the digit is still possible.

#include <bit>
#include <cstdint>

namespace sudoforge::engine {

using Cell = int;
using Digit = int;
using Candidates = std::uint32_t;

constexpr int kMaxSize = 16;                   // largest supported digit count N
constexpr int kMaxCells = kMaxSize * kMaxSize;  // 256
constexpr int kMaxUnits = 3 * kMaxSize + 2;     // rows + cols + boxes + 2 diagonals

constexpr Candidates digit_bit(Digit digit) { return Candidates{1} << (digit - 1); }
constexpr Candidates all_digits(int size) { return (Candidates{1} << size) - 1; }
constexpr int count(Candidates candidates) { return std::popcount(candidates); }
// The lowest digit in a non-empty candidate set.
constexpr Digit first_digit(Candidates candidates) { return std::countr_zero(candidates) + 1; }

}  // namespace sudoforge::engine
