#pragma once
// The frontier of a mining run (see mine.hpp): the seeds waiting to be explored,
// best first, and those explored already; and the state of a run between two
// commits (the round under way and what it has kept so far), saved as text with
// the run so that a killed run resumes exactly where it was.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "sudoforge/engine/grid.hpp"

namespace sudoforge::generator {

// A seed of the frontier: a unique puzzle with its grade (rated) and canonical key.
struct Seed {
  engine::Grid puzzle;
  int score = 0;
  std::string key;
};

// Frontier order: the higher score first, ties by canonical key.
bool better(const Seed& a, const Seed& b);

// The frontier, as it stands between rounds: the seeds waiting (best first, at most
// MineOptions::frontier) and the keys of the seeds retired (explored, or dropped as
// the worst of a full frontier), so that no puzzle is offered twice. Saved as text
// with the run, so a killed run resumes with it.
class Frontier {
 public:
  explicit Frontier(int width = 16, int cap = 1024) : width_(width), cap_(cap) {}

  // Adds a seed unless it waits or was retired already (by key).
  void offer(Seed seed);
  // Takes the next round's seeds: the best `width` waiting.
  std::vector<Seed> next_round();
  bool empty() const { return waiting_.empty(); }
  std::size_t waiting() const { return waiting_.size(); }
  // Whether a key is waiting or was retired.
  bool knows(const std::string& key) const;
  // The score of the n-th best seed waiting (n >= 1), or INT_MIN when fewer wait.
  int score_at(std::size_t n) const;

  // One line per seed: "w SCORE KEY PUZZLE" waiting, "x HASH" retired.
  std::string save() const;
  // Throws std::invalid_argument on text save() did not make.
  static Frontier load(std::string_view text, const engine::Geometry& geometry, int width, int cap);

 private:
  int width_;
  int cap_;
  std::vector<Seed> waiting_;  // sorted by better()
  std::vector<std::uint64_t> retired_;  // key hashes (key_hash), in the order retired
  std::unordered_set<std::uint64_t> known_;  // hashes of every key waiting or retired
};

// A stable 64-bit hash of a canonical key (FNV-1a), the same on every machine.
std::uint64_t key_hash(std::string_view key);

// A mining run between two commits: the round under way (its number, the index of
// its first job, its seeds), the frontier after its seeds were taken, and the seeds
// the round has kept so far (they join the frontier when the round ends).
struct MineState {
  std::int64_t round = 0;
  std::uint64_t base = 0;  // job index of the round's first job
  std::vector<Seed> seeds;
  Frontier frontier;
  std::vector<Seed> kept;

  std::string save() const;
  // Throws std::invalid_argument on text save() did not make.
  static MineState load(std::string_view text, const engine::Geometry& geometry, int width, int cap);
};

}  // namespace sudoforge::generator
