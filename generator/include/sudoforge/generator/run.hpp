#pragma once
// A generate run's policy, apart from threads, files and the database: what was
// asked for (a Request), this machine's share of it (--shard), and the in-order
// acceptor that takes each candidate in candidate order and says what becomes of it
// (a Verdict), including when to give up on a target too rare to meet. Values in,
// values out, so it is tested in-process; the CLI only wires it to the pipeline, the
// store and the terminal.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "sudoforge/engine/geometry.hpp"
#include "sudoforge/engine/symmetry.hpp"
#include "sudoforge/generator/generator.hpp"
#include "sudoforge/generator/mine.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::generator {

// What quotas split a run by: tiers (3) or levels (5).
enum class QuotaKind { Tier, Level };
std::size_t quota_size(QuotaKind kind);
std::string quota_name(QuotaKind kind, std::size_t i);  // "singles" ... or "easy" ...

// Everything that decides which puzzles a run makes (threads and outputs do not).
struct Request {
  std::int64_t count = 0;
  QuotaKind kind = QuotaKind::Tier;
  std::optional<std::vector<std::int64_t>> quotas;  // per tier or level; none: any
  std::optional<int> te_depth;
  std::optional<int> rating_min;  // tenths
  std::optional<int> rating_max;
  std::optional<int> score_min;   // grader::Grade::score, as list selects it
  std::optional<int> score_max;
  int clues_min = 0;
  int clues_max = engine::kMaxCells;
  engine::Symmetry symmetry = engine::Symmetry::None;
  engine::Geometry geometry;
  int max_steps = 60;
  int max_te_depth = 4;
  int shard = 0;  // this machine's share: candidates i with i % shards == shard
  int shards = 1;
  // Give up after this many candidates in a row accept nothing (0: the default
  // bound, give_up_bound()).
  std::int64_t give_up = 0;
  // Mining (mine.hpp) instead of fresh candidates: around seeds from files (`from`,
  // as given) or from the database (`from_db`: the seeds' selection, as text), or
  // from nothing. Kept with the run, so that resuming it needs no options again.
  bool mining = false;
  bool minimize = true;
  std::vector<Move> moves = MineOptions{}.moves;
  int width = MineOptions{}.width;
  std::vector<std::string> from;
  std::string from_db;

  // Whether fresh candidates practically never meet the target, so that mining is
  // the way to it: trial and error to depth 2 or more, or a rating of 9.0 or more.
  bool needs_mining() const;
  // The miner's options for this request.
  MineOptions mine_options() const;
  // This shard's part of a share split N ways: the whole for one machine; else
  // share / N, plus one for the first share % N shards. Over all shards it adds up
  // to the share, and with no filter a shard's part is exactly how many of the first
  // `share` candidate indices fall in its class.
  std::int64_t part(std::int64_t share) const;
  // What this machine must make: its part of the count, or of each quota.
  Request local() const;
  // The first candidate index at or after `index` that belongs to this shard.
  std::uint64_t first_from(std::uint64_t index) const;
  // What every candidate aims at: the tier or level when only one is wanted.
  Target target() const;
  // Whether the human rating decides what the run accepts: the target reads it, or
  // quotas split the run by level.
  bool rating_decides() const;
  // Why no run could ever meet this request (checked before any work), if so: a
  // geometry without a single complete grid, a trial-and-error depth deeper than
  // the grader looks, a clue range no puzzle of the geometry fits.
  std::optional<std::string> impossible() const;
};

// What becomes of a candidate offered in order.
enum class Verdict {
  Accepted,   // a new puzzle for the run
  Missed,     // not what the request asks for
  QuotaFull,  // its tier or level already has its share
  Duplicate,  // a puzzle the run has (by canonical form)
  Known,      // a puzzle known before the run: a seed, or one the database has
};

// The serial, in-order part of a run: takes candidates in candidate order, counts
// them, and accepts the first that fit the request and are new to the run.
class Acceptor {
 public:
  explicit Acceptor(const Request& mine);  // mine: this shard's part (Request::local())

  // Puts back a puzzle the run accepted before (resuming it).
  void restore(grader::Tier tier, grader::Level level, const std::string& canonical);
  // The verdict on the next candidate; `canonical` is its canonical key (only read
  // when it is accepted by the target). `known`: whether the puzzle was known before
  // the run (a mining seed, a stored puzzle); asked only for a candidate that would
  // be accepted otherwise.
  Verdict offer(const Candidate& candidate, const std::string& canonical,
                const std::function<bool()>& known = nullptr);

  bool complete() const { return total_ >= mine_.count; }
  // Whether to give up: the last give_up_bound() candidates accepted nothing.
  bool gave_up() const { return since_last_ >= give_up_bound(); }
  // The bound: --give-up when given; else it scales with how rare accepted puzzles
  // have been so far (50 times the mean gap between them), and is never below
  // 200,000 candidates, so a target merely rare is not given up early.
  std::int64_t give_up_bound() const;

  std::int64_t total() const { return total_; }
  std::int64_t tried() const { return tried_; }  // candidates offered (this session)
  std::int64_t since_last() const { return since_last_; }
  std::int64_t accepted_here() const { return accepted_here_; }  // accepted this session  // offered since the last accepted
  // "singles 3  twins 1  diabolical 0" (or by level).
  std::string detail() const;
  // How rare accepted puzzles have been, for the progress line: "1 in 240 accepted,
  // 1,200 since the last".
  std::string rarity() const;

 private:
  std::size_t slot(const grader::Grade& grade) const;

  Request mine_;
  std::vector<std::int64_t> by_quota_;
  std::int64_t total_ = 0;
  std::int64_t tried_ = 0;
  std::int64_t accepted_here_ = 0;  // accepted this session (restore() does not count)
  std::int64_t since_last_ = 0;
  std::int64_t tried_at_last_ = 0;  // tried_ when the last puzzle was accepted (this session)
  std::unordered_set<std::uint64_t> keys_;  // hashes of canonical forms: one puzzle once per run
};

}  // namespace sudoforge::generator
