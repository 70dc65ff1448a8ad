// The solver alone, in process (built with -DSUDOFORGE_BENCHMARKS=ON, run by
// scripts/bench-solve; not a test): counts the solutions of every puzzle of FILE to
// two, REPEAT times over, on one thread, and prints the CPU seconds of that loop,
// puzzles per second, how many were unique and the core that ran. Reading the file
// is not timed.
//   solve_rate FILE REPEAT [fastest|generic|sse4|avx2|avx512]

#include <cstdio>
#include <ctime>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "sudoforge/engine/solver.hpp"
#include "sudoforge/engine/text_format.hpp"

namespace {

double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sudoforge::engine;
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s FILE REPEAT [fastest|generic|sse4|avx2|avx512]\n", argv[0]);
    return 2;
  }
  const std::string name = argc > 3 ? argv[3] : "fastest";
  const std::optional<SolverCore> asked = parse_solver_core(name);
  if (!asked) {
    std::fprintf(stderr, "solve_rate: no solver core '%s'\n", name.c_str());
    return 2;
  }
  const SolverCore core = *asked;
  const Geometry classic;
  if (!Solver::available(core, classic)) {
    std::fprintf(stderr, "solve_rate: the %s core does not run here\n", name.c_str());
    return 2;
  }
  std::vector<Grid> puzzles;
  std::ifstream in(argv[1]);
  PuzzleParser parser(classic, TextFormat::Line, argv[1]);
  for (std::string line; std::getline(in, line);) {
    parser.feed(line);
    while (auto parsed = parser.next()) {
      if (parsed->puzzle) puzzles.push_back(parsed->puzzle->grid);
    }
  }
  const int repeat = std::stoi(argv[2]);
  Solver solver(classic, SolverOptions{.core = core});
  long unique = 0;
  const double start = cpu_seconds();
  for (int r = 0; r < repeat; ++r) {
    for (const Grid& puzzle : puzzles) unique += solver.count_solutions(puzzle, 2).count == 1 ? 1 : 0;
  }
  const double seconds = cpu_seconds() - start;
  const double n = static_cast<double>(puzzles.size()) * repeat;
  std::printf("%.6f %.0f %ld %s\n", seconds, n / seconds, unique, std::string(solver_core_name(solver.core())).c_str());
  return unique == static_cast<long>(n) ? 0 : 1;
}
