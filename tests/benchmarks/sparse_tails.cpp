// The generic core on sparse positions (built with -DSUDOFORGE_BENCHMARKS=ON; not a
// test): COUNT random positions of CLUES givens each (test::random_clash_free, from
// SEED), each counted to two in a child process on the generic core and stopped
// after LIMIT CPU seconds. Prints how many have no solution, how many went past the
// limit, the nodes and CPU seconds of the rest, the 99th percentile and the slowest.
// Sparse positions without a solution are where a search's choice of branch shows
// (README, "The generic core").
//   sparse_tails SIZE CLUES COUNT LIMIT [SEED] [diagonal]

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sudoforge/engine/random.hpp"
#include "sudoforge/engine/solver.hpp"
#include "test_data.hpp"

namespace {

using namespace sudoforge::engine;

struct Outcome {
  bool finished = false;
  int count = 0;
  std::uint64_t nodes = 0;
  double cpu_seconds = 0;
};

// Counts in a child so that a search past the limit can be stopped.
Outcome count_in_child(const Grid& puzzle, int limit_seconds) {
  int channel[2];
  if (pipe(channel) != 0) {
    std::perror("sparse_tails: pipe");
    std::exit(2);
  }
  const pid_t child = fork();
  if (child < 0) {
    std::perror("sparse_tails: fork");
    std::exit(2);
  }
  if (child == 0) {
    close(channel[0]);
    const rlimit cpu{static_cast<rlim_t>(limit_seconds), static_cast<rlim_t>(limit_seconds)};
    setrlimit(RLIMIT_CPU, &cpu);
    Solver solver(puzzle.geometry(), SolverOptions{.core = SolverCore::Generic});
    const SolveResult result = solver.count_solutions(puzzle, 2);
    const std::uint64_t report[2] = {static_cast<std::uint64_t>(result.count), result.stats.nodes};
    const bool written = write(channel[1], report, sizeof report) == static_cast<ssize_t>(sizeof report);
    _exit(written ? 0 : 1);
  }
  close(channel[1]);
  std::uint64_t report[2] = {0, 0};
  const bool got = read(channel[0], report, sizeof report) == static_cast<ssize_t>(sizeof report);
  close(channel[0]);
  int status = 0;
  rusage usage{};
  wait4(child, &status, 0, &usage);
  Outcome outcome;
  outcome.finished = got && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  outcome.count = static_cast<int>(report[0]);
  outcome.nodes = report[1];
  outcome.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec) + static_cast<double>(usage.ru_utime.tv_usec) * 1e-6;
  return outcome;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s SIZE CLUES COUNT LIMIT [SEED] [diagonal]\n", argv[0]);
    return 2;
  }
  const int size = std::stoi(argv[1]);
  const int clues = std::stoi(argv[2]);
  const int count = std::stoi(argv[3]);
  const int limit = std::stoi(argv[4]);
  const std::uint64_t seed = argc > 5 ? std::stoull(argv[5]) : 1;
  const bool diagonal = argc > 6 && std::string(argv[6]) == "diagonal";
  const Geometry geometry = Geometry::for_size(size, diagonal ? Variant::Diagonal : Variant::Classic);
  Rng rng(seed);
  int none = 0;
  int over = 0;
  std::uint64_t nodes = 0;
  double total = 0;
  std::vector<double> seconds;
  for (int i = 0; i < count; ++i) {
    const Outcome outcome = count_in_child(sudoforge::test::random_clash_free(geometry, clues, rng), limit);
    if (!outcome.finished) {
      ++over;
      continue;
    }
    none += outcome.count == 0 ? 1 : 0;
    nodes += outcome.nodes;
    total += outcome.cpu_seconds;
    seconds.push_back(outcome.cpu_seconds);
  }
  std::sort(seconds.begin(), seconds.end());
  const auto at = [&](double q) { return seconds.empty() ? 0.0 : seconds[static_cast<std::size_t>(q * static_cast<double>(seconds.size() - 1))]; };
  std::printf("%s, %d clues, %d positions: %d without a solution, %d past %d s; the rest %llu nodes, %.2f CPU s, p99 %.4f s, slowest %.4f s\n",
              geometry.name().c_str(), clues, count, none, over, limit, static_cast<unsigned long long>(nodes), total, at(0.99),
              at(1.0));
  return 0;
}
