// Micro-benchmarks of the store's parts (built with -DSUDOFORGE_BENCHMARKS=ON, run
// by scripts/bench-store; not tests): canonical forms per second, and rows per
// second into SQLite with grading already done.

#include <benchmark/benchmark.h>

#include <filesystem>

#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/symmetry.hpp"
#include "sudoforge/store/store.hpp"
#include "test_data.hpp"

namespace sudoforge {
namespace {

const std::vector<engine::Grid>& collection(const std::string& name) {
  static std::map<std::string, std::vector<engine::Grid>> cache;
  auto& puzzles = cache[name];
  if (puzzles.empty()) puzzles = test::load_puzzles(name);
  return puzzles;
}

void canonical_forms(benchmark::State& state, const std::string& name) {
  const auto& puzzles = collection(name);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(engine::canonical_form(puzzles[i]));
    if (++i == puzzles.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(canonical_forms, 17clue, std::string("17clue.txt"));
BENCHMARK_CAPTURE(canonical_forms, top1465, std::string("top1465.txt"));

void grading(benchmark::State& state, const std::string& name) {
  const auto& puzzles = collection(name);
  grader::Grader grader{engine::Geometry{}};
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(grader.grade(puzzles[i]));
    if (++i == puzzles.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(grading, 17clue, std::string("17clue.txt"));

// Storage alone: graded, keyed 17-clue puzzles, 512 per transaction, into a new file.
void store_rows(benchmark::State& state) {
  const auto& puzzles = collection("17clue.txt");
  grader::Grader grader{engine::Geometry{}};
  std::vector<store::NewPuzzle> prepared;
  for (std::size_t i = 0; i < 20000; ++i) {
    prepared.push_back(store::NewPuzzle{puzzles[i], grader.grade(puzzles[i]), engine::canonical_key(puzzles[i]),
                                        std::string(engine::symmetry_name(engine::detect_symmetry(puzzles[i]))),
                                        "17clue.txt:" + std::to_string(i + 1), 0, std::nullopt, true, {}, {}, {}});
  }
  const std::string path = std::filesystem::temp_directory_path() / "sudoforge_bench_store.db";
  for (auto _ : state) {
    state.PauseTiming();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    store::Store store(path);
    state.ResumeTiming();
    for (std::size_t at = 0; at < prepared.size(); at += 512) {
      const std::size_t count = std::min<std::size_t>(512, prepared.size() - at);
      store.add(std::span<const store::NewPuzzle>(prepared).subspan(at, count));
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(prepared.size()));
}
BENCHMARK(store_rows)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace sudoforge

BENCHMARK_MAIN();
