#include "sudoforge/cli/generate_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <tuple>
#include <unordered_set>

#include "interrupt.hpp"
#include "ordered_pipeline.hpp"
#include "progress.hpp"
#include "sudoforge/cli/common_options.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/grade_record.hpp"
#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/generator/generator.hpp"
#include "sudoforge/store/store.hpp"

namespace sudoforge::cli {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::array<grader::Tier, 3> kTiers = {grader::Tier::Singles, grader::Tier::Twins, grader::Tier::Diabolical};

// Everything that decides which puzzles a run makes (threads and outputs do not).
struct Request {
  std::int64_t count = 0;
  std::optional<std::array<std::int64_t, 3>> quotas;  // per tier; none: any tier
  std::optional<int> te_depth;
  int clues_min = 0;
  int clues_max = engine::kMaxCells;
  engine::Symmetry symmetry = engine::Symmetry::None;
  engine::Geometry geometry;
  int max_steps = 60;
  int max_te_depth = 4;
  int shard = 0;  // this machine's share: candidates i with i % shards == shard
  int shards = 1;

  nlohmann::json json() const {
    nlohmann::json quota_json = nullptr;
    if (quotas) {
      quota_json = nlohmann::json::object();
      for (std::size_t t = 0; t < kTiers.size(); ++t)
        quota_json[std::string(grader::tier_name(kTiers[t]))] = (*quotas)[t];
    }
    return {{"count", count},
            {"quotas", quota_json},
            {"te_depth", te_depth ? nlohmann::json(*te_depth) : nlohmann::json(nullptr)},
            {"clues_min", clues_min},
            {"clues_max", clues_max},
            {"symmetry", engine::symmetry_name(symmetry)},
            {"box", std::to_string(geometry.box_rows()) + "x" + std::to_string(geometry.box_cols())},
            {"variant", engine::variant_name(geometry.variant())},
            {"max_steps", max_steps},
            {"max_te_depth", max_te_depth},
            {"shard", shards > 1 ? nlohmann::json(std::to_string(shard) + "/" + std::to_string(shards))
                                 : nlohmann::json(nullptr)}};
  }

  // This shard's part of a share split N ways: the whole for one machine; else
  // share / N, plus one for the first share % N shards. Over all shards it adds
  // up to the share, and with no filter a shard's part is exactly how many of the
  // first `share` candidate indices fall in its class.
  std::int64_t part(std::int64_t share) const { return share / shards + (shard < share % shards ? 1 : 0); }

  // What this machine must make: its part of the count, or of each tier's quota.
  Request local() const {
    Request mine = *this;
    if (quotas) {
      mine.count = 0;
      for (std::size_t t = 0; t < kTiers.size(); ++t) {
        (*mine.quotas)[t] = part((*quotas)[t]);
        mine.count += (*mine.quotas)[t];
      }
    } else {
      mine.count = part(count);
    }
    return mine;
  }

  // The first candidate index at or after `index` that belongs to this shard.
  std::uint64_t first_from(std::uint64_t index) const {
    const auto n = static_cast<std::uint64_t>(shards);
    const auto k = static_cast<std::uint64_t>(shard);
    return index + (k + n - index % n) % n;
  }

  static Request from_json(const nlohmann::json& json) {
    Request request;
    request.count = json.at("count").get<std::int64_t>();
    if (!json.at("quotas").is_null()) {
      std::array<std::int64_t, 3> quotas{};
      for (std::size_t t = 0; t < kTiers.size(); ++t) {
        quotas[t] = json.at("quotas").at(std::string(grader::tier_name(kTiers[t]))).get<std::int64_t>();
      }
      request.quotas = quotas;
    }
    if (!json.at("te_depth").is_null()) request.te_depth = json.at("te_depth").get<int>();
    request.clues_min = json.at("clues_min").get<int>();
    request.clues_max = json.at("clues_max").get<int>();
    request.symmetry = engine::parse_symmetry(json.at("symmetry").get<std::string>()).value_or(engine::Symmetry::None);
    request.geometry = engine::Geometry::parse_box(
        json.at("box").get<std::string>(),
        json.at("variant").get<std::string>() == "diagonal" ? engine::Variant::Diagonal : engine::Variant::Classic);
    request.max_steps = json.at("max_steps").get<int>();
    request.max_te_depth = json.at("max_te_depth").get<int>();
    if (json.contains("shard") && !json.at("shard").is_null()) {
      std::tie(request.shard, request.shards) = parse_shard(json.at("shard").get<std::string>());
    }
    return request;
  }

  // What every candidate aims at: the tier when only one is wanted.
  generator::Target target() const {
    generator::Target target;
    if (quotas) {
      int wanted = 0;
      for (std::size_t t = 0; t < kTiers.size(); ++t) {
        if ((*quotas)[t] > 0) {
          target.tier = kTiers[t];
          ++wanted;
        }
      }
      if (wanted != 1) target.tier.reset();
    }
    target.te_depth = te_depth;
    target.clues_min = clues_min;
    target.clues_max = clues_max;
    return target;
  }
};

// "singles=50,twins=30,diabolical=20": shares of `count`, split by largest remainder.
std::array<std::int64_t, 3> parse_mix(const std::string& mix, std::int64_t count) {
  std::array<std::int64_t, 3> weights{};
  std::size_t start = 0;
  while (start <= mix.size()) {
    const std::size_t end = std::min(mix.find(',', start), mix.size());
    const std::string part = mix.substr(start, end - start);
    const auto equals = part.find('=');
    bool ok = equals != std::string::npos;
    std::size_t tier = kTiers.size();
    std::int64_t weight = 0;
    if (ok) {
      for (std::size_t t = 0; t < kTiers.size(); ++t) {
        if (part.substr(0, equals) == grader::tier_name(kTiers[t])) tier = t;
      }
      const auto [at, error] = std::from_chars(part.data() + equals + 1, part.data() + part.size(), weight);
      ok = tier < kTiers.size() && error == std::errc{} && at == part.data() + part.size() && weight >= 0;
    }
    if (!ok) {
      throw CliError("--mix '" + mix + "': '" + part + "' is not TIER=SHARE (tiers: singles, twins, diabolical)");
    }
    weights[tier] += weight;
    start = end + 1;
  }
  const std::int64_t total = weights[0] + weights[1] + weights[2];
  if (total == 0) throw CliError("--mix '" + mix + "' asks for nothing");
  std::array<std::int64_t, 3> quotas{};
  std::array<std::int64_t, 3> remainders{};
  std::int64_t given = 0;
  for (std::size_t t = 0; t < 3; ++t) {
    quotas[t] = count * weights[t] / total;
    remainders[t] = count * weights[t] % total;
    given += quotas[t];
  }
  while (given < count) {  // largest remainders first, easier tiers on ties
    std::size_t best = 0;
    for (std::size_t t = 1; t < 3; ++t) {
      if (remainders[t] > remainders[best]) best = t;
    }
    ++quotas[best];
    remainders[best] = -1;
    ++given;
  }
  return quotas;
}

Request request_from(const GenerateOptions& options) {
  Request request;
  request.count = options.count;
  if (request.count <= 0) throw CliError("generate needs --count N with N > 0");
  if (!options.tier.empty() && !options.mix.empty()) throw CliError("--tier and --mix exclude each other");
  if (!options.tier.empty()) request.quotas = parse_mix(options.tier + "=1", options.count);
  if (!options.mix.empty()) request.quotas = parse_mix(options.mix, options.count);
  request.te_depth = options.te_depth;
  if (request.te_depth) {
    if (*request.te_depth < 1) throw CliError("--te-depth must be 1 or more");
    if (request.quotas && ((*request.quotas)[0] > 0 || (*request.quotas)[1] > 0)) {
      throw CliError("--te-depth rates diabolical puzzles only: drop singles and twins from the request");
    }
    request.quotas = std::array<std::int64_t, 3>{0, 0, request.count};
  }
  std::optional<int> low;
  std::optional<int> high;
  if (!options.clues.empty()) {
    const auto colon = options.clues.find(':');
    const auto number = [](const std::string& text, std::optional<int>& value) {
      if (text.empty()) return true;
      int parsed = 0;
      const auto [at, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
      value = parsed;
      return error == std::errc{} && at == text.data() + text.size();
    };
    const bool ok = colon != std::string::npos && number(options.clues.substr(0, colon), low) &&
                    number(options.clues.substr(colon + 1), high);
    if (!ok || (low && high && *low > *high)) {
      throw CliError("--clues '" + options.clues + "' is not a range MIN:MAX of whole numbers");
    }
  }
  request.clues_min = low.value_or(0);
  request.clues_max = high.value_or(engine::kMaxCells);
  const auto symmetry = engine::parse_symmetry(options.symmetry);
  if (!symmetry) throw CliError("unknown symmetry '" + options.symmetry + "'");
  request.symmetry = *symmetry;
  request.geometry = resolve_geometry(options.geometry);
  request.max_steps = options.max_steps;
  request.max_te_depth = options.max_te_depth;
  if (!options.shard.empty()) {
    const auto [shard, shards] = parse_shard(options.shard);
    request.shard = shard;
    request.shards = shards;
  }
  return request;
}

struct Item {
  std::uint64_t index = 0;
  generator::Candidate candidate;
  std::string canonical;  // for accepted candidates
};

// What the run has accepted so far (restored from the database on resume).
struct Accepted {
  std::array<std::int64_t, 3> by_tier{};
  std::int64_t total = 0;
  std::unordered_set<std::uint64_t> keys;  // hashes of canonical forms: one puzzle once per run

  bool wants(const Request& request, const grader::Grade& grade) const {
    if (total >= request.count) return false;
    return !request.quotas ||
           by_tier[static_cast<std::size_t>(grade.tier)] < (*request.quotas)[static_cast<std::size_t>(grade.tier)];
  }
  void add(grader::Tier tier, const std::string& canonical) {
    ++by_tier[static_cast<std::size_t>(tier)];
    ++total;
    keys.insert(std::hash<std::string>{}(canonical));
  }
  std::string detail() const {
    return fmt::format("singles {}  twins {}  diabolical {}", by_tier[0], by_tier[1], by_tier[2]);
  }
};

}  // namespace

void setup_generate(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* command = app.add_subcommand("generate", "Make rated, unique, minimal puzzles to order");
  command->add_option("--count", options->count, "How many puzzles");
  command->add_option("--tier", options->tier, "Only this tier: singles, twins, diabolical")
      ->check(CLI::IsMember({"singles", "twins", "diabolical"}));
  command->add_option("--mix", options->mix, "Shares of each tier, e.g. singles=50,twins=30,diabolical=20");
  command->add_option("--te-depth", options->te_depth, "Diabolical puzzles of exactly this trial-and-error depth");
  command->add_option("--clues", options->clues, "Clue range MIN:MAX (either side may be left out)");
  command->add_option("--symmetry", options->symmetry, "none, rot180, rot90, mirror or diagonal")
      ->check(CLI::IsMember({"none", "rot180", "rot90", "mirror", "diagonal"}))
      ->capture_default_str();
  add_geometry_options(*command, options->geometry);
  command->add_option("--seed", options->seed, "Seed (default: a random one, printed and stored)");
  add_threads_option(*command, options->threads);
  add_database_option(*command, options->db);
  command->add_flag("--no-db", options->no_db, "Do not store (use with --out)");
  command->add_option("--out", options->out, "Also write the puzzles' records to FILE ('-': stdout)");
  command->add_option("--format", options->format, "Records for --out: csv or jsonl")
      ->check(CLI::IsMember({"csv", "jsonl"}))
      ->capture_default_str();
  command->add_flag("-q,--quiet", options->quiet, "No progress line and no summary on stderr");
  command->add_option("--resume", options->resume, "Finish the interrupted run with this id");
  command->add_option("--max-steps", options->max_steps, "Local-search steps per candidate for rare targets")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  command->add_option("--max-te-depth", options->max_te_depth, "Stop looking deeper than this trial-and-error depth")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  command->add_option("--max-candidates", options->max_candidates, "Give up after this many candidates (0: never)")
      ->check(CLI::NonNegativeNumber);
  add_shard_option(*command, options->shard);
  command->callback([options, &exit_code] { exit_code = run_generate(*options); });
}

int run_generate(const GenerateOptions& options) {
  if (options.no_db && options.resume) throw CliError("--resume needs the database");
  if (options.no_db && options.out.empty()) throw CliError("--no-db needs --out, or the puzzles go nowhere");
  std::unique_ptr<store::Store> store;
  if (!options.no_db) store = std::make_unique<store::Store>(options.db);

  // The request and seed: from the options, or from the run being resumed.
  Request request;
  std::uint64_t seed = 0;
  std::optional<store::Run> resumed;
  if (options.resume) {
    resumed = store->run(*options.resume);
    if (!resumed || resumed->command != "generate" || !resumed->seed) {
      throw CliError(fmt::format("run {} in {} is not a generate run", *options.resume, options.db));
    }
    request = Request::from_json(nlohmann::json::parse(resumed->parameters));
    seed = static_cast<std::uint64_t>(*resumed->seed);
  } else {
    request = request_from(options);
    seed = options.seed.value_or(0);
    if (!options.seed) {
      std::random_device device;
      seed = (static_cast<std::uint64_t>(device()) << 32 | device()) & 0x7FFFFFFFFFFFFFFFULL;
    }
    // The same command and seed again finishes what an earlier run left undone.
    if (store) resumed = store->unfinished_run("generate", request.json().dump(), static_cast<std::int64_t>(seed));
  }
  const std::string parameters = request.json().dump();
  const Request mine = request.local();  // what this shard makes

  std::int64_t run = 0;
  std::uint64_t next_index = 0;
  Accepted accepted;
  if (resumed) {
    if (resumed->status == "done") {
      std::fprintf(stderr, "generate: run %lld is already done\n", static_cast<long long>(resumed->id));
      return kExitOk;
    }
    run = resumed->id;
    next_index = static_cast<std::uint64_t>(resumed->next_index);
    for (const store::RunPuzzle& puzzle : store->run_puzzles(run)) accepted.add(puzzle.tier, puzzle.canonical);
    if (!options.quiet) {
      std::fprintf(stderr, "generate: resuming run %lld at candidate %llu with %lld of %lld made\n",
                   static_cast<long long>(run), static_cast<unsigned long long>(next_index),
                   static_cast<long long>(accepted.total), static_cast<long long>(mine.count));
    }
  } else if (store) {
    run = store->begin_run("generate", parameters, static_cast<std::int64_t>(seed), mine.count);
  }
  if (!options.quiet) std::fprintf(stderr, "generate: seed %llu\n", static_cast<unsigned long long>(seed));

  // --out: records whose source names the seed and candidate, the same on every run.
  std::FILE* out = nullptr;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out_file(nullptr, std::fclose);
  const RecordFormat format = *parse_record_format(options.format);
  if (options.out == "-") {
    out = stdout;
  } else if (!options.out.empty()) {
    out_file.reset(std::fopen(options.out.c_str(), "wb"));
    if (!out_file) throw CliError("cannot open file '" + options.out + "' for writing");
    out = out_file.get();
  }
  if (out != nullptr) std::fputs(record_header(format).c_str(), out);

  const ThreadLimit thread_limit(options.threads);
  generator::Options generator_options;
  generator_options.symmetry = request.symmetry;
  generator_options.max_steps = request.max_steps;
  generator_options.max_te_depth = request.max_te_depth;
  PerThread<generator::Generator> generators(request.geometry, generator_options);
  const generator::Target target = request.target();

  std::atomic<bool> done{accepted.total >= mine.count};
  std::uint64_t issued = mine.first_from(next_index);
  std::int64_t issued_count = 0;  // candidates this process handed out
  std::int64_t tried = 0;         // and looked at, in order
  std::atomic<std::int64_t> made{0};  // and made: those past the count are work lost
  std::vector<store::NewPuzzle> pending;
  auto last_commit = Clock::now();
  const auto commit = [&] {
    if (store) store->add(pending, std::make_pair(run, static_cast<std::int64_t>(next_index)));
    pending.clear();
    last_commit = Clock::now();
  };
  Progress progress(!options.quiet, mine.count);
  const auto start = Clock::now();
  const InterruptGuard interrupt;

  try {
    // A batch is made whole before its first candidate is looked at, so a batch
    // also bounds the work made past the count. Small grids take batches of 4 to
    // spare the pipeline's per-batch cost; from 10x10 up a candidate can take
    // seconds (16x16 diagonal), so one at a time.
    const std::size_t batch = request.geometry.size() > 9 ? 1 : 4;
    ordered_pipeline<Item>(
        thread_limit.threads(), batch,
        [&](Item& item) {
          if (done.load() || InterruptGuard::requested()) return false;
          if (options.max_candidates > 0 && issued_count >= options.max_candidates) return false;
          item.index = issued;
          item.candidate.accepted = false;  // work skips items once done: none may keep an earlier verdict
          issued += static_cast<std::uint64_t>(request.shards);
          ++issued_count;
          return true;
        },
        [&](std::span<Item> items) {
          generator::Generator& generator = generators.local();
          for (Item& item : items) {
            if (done.load()) continue;  // too late to matter; skipped in order below
            item.candidate = generator.make(seed, item.index, target);
            made.fetch_add(1, std::memory_order_relaxed);
            if (item.candidate.accepted) item.canonical = engine::canonical_key(item.candidate.puzzle);
          }
        },
        [&](std::span<const Item> items) {
          for (const Item& item : items) {
            if (done.load()) break;
            next_index = item.index + 1;
            ++tried;
            const generator::Candidate& candidate = item.candidate;
            if (!candidate.accepted || !accepted.wants(mine, candidate.grade)) continue;
            if (accepted.keys.contains(std::hash<std::string>{}(item.canonical))) continue;
            accepted.add(candidate.grade.tier, item.canonical);
            if (store) {
              pending.push_back(store::NewPuzzle{candidate.puzzle, candidate.grade, item.canonical,
                                                 std::string(engine::symmetry_name(request.symmetry)),
                                                 fmt::format("run {} #{}", run, item.index), run,
                                                 static_cast<std::int64_t>(item.index)});
            }
            if (out != nullptr) {
              const std::string line = format_record(GradeRecord{fmt::format("seed {} #{}", seed, item.index),
                                                                 engine::to_line(candidate.puzzle), candidate.grade},
                                                     format);
              std::fwrite(line.data(), 1, line.size(), out);
            }
            if (accepted.total >= mine.count) done = true;
          }
          if (pending.size() >= 256 || Clock::now() - last_commit > std::chrono::milliseconds(500)) commit();
          progress.update(accepted.total, tried, accepted.detail());
        });
    commit();
  } catch (const std::exception&) {
    if (store) store->fail_run(run);  // the committed batches stay; the same command resumes
    throw;
  }
  progress.finish();
  if (out != nullptr) std::fflush(out);

  const bool complete = accepted.total >= mine.count;
  const bool interrupted = InterruptGuard::requested();
  const std::string status = complete ? "done" : interrupted ? "interrupted" : "incomplete";
  if (store) store->finish_run(run, status, accepted.total, 0, 0);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!options.quiet) {
    std::string where = store ? fmt::format("; run {} in {}", run, options.db) : "";
    // Candidates made in parallel beyond the last one needed (thrown away).
    const std::int64_t unused = made.load() - tried;
    const std::string lost = unused > 0 ? fmt::format(" (and {} made in flight, unused)", unused) : "";
    std::fprintf(stderr, "generate: %s: %lld of %lld puzzles (%s) from %.0f candidates%s in %.2f s: %.1f puzzles/s%s\n",
                 status.c_str(), static_cast<long long>(accepted.total), static_cast<long long>(mine.count),
                 accepted.detail().c_str(), static_cast<double>(tried), lost.c_str(), seconds,
                 seconds > 0 ? static_cast<double>(accepted.total) / seconds : 0.0, where.c_str());
  }
  return complete ? kExitOk : kExitRejected;
}

}  // namespace sudoforge::cli
