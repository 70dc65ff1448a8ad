#include "sudoforge/cli/generate_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "commit_cadence.hpp"
#include "interrupt.hpp"
#include "output.hpp"
#include "json_text.hpp"
#include "ordered_pipeline.hpp"
#include "writer_thread.hpp"
#include "generate_mine.hpp"
#include "progress.hpp"
#include "sudoforge/cli/common_options.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/cli/grade_record.hpp"
#include "sudoforge/cli/selection_options.hpp"
#include "sudoforge/engine/canonical.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/generator/generator.hpp"
#include "sudoforge/generator/run.hpp"
#include "sudoforge/store/store.hpp"

namespace sudoforge::cli {

namespace {

using Clock = std::chrono::steady_clock;

using generator::QuotaKind;
using generator::quota_name;
using generator::quota_size;
using generator::Request;
using Quotas = std::vector<std::int64_t>;

// A request as stored with its run (JSON parameters): what resuming reads back.
nlohmann::json request_json(const Request& request) {
  nlohmann::json quota_json = nullptr;
  if (request.quotas) {
    quota_json = nlohmann::json::object();
    for (std::size_t t = 0; t < request.quotas->size(); ++t) quota_json[quota_name(request.kind, t)] = (*request.quotas)[t];
  }
  const auto optional = [](const std::optional<int>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
  };
  nlohmann::json json = {
      {"count", request.count},
      {"quotas", quota_json},
      {"te_depth", optional(request.te_depth)},
      {"rating_min", optional(request.rating_min)},
      {"rating_max", optional(request.rating_max)},
      {"clues_min", request.clues_min},
      {"clues_max", request.clues_max},
      {"symmetry", engine::symmetry_name(request.symmetry)},
      {"box", std::to_string(request.geometry.box_rows()) + "x" + std::to_string(request.geometry.box_cols())},
      {"variant", engine::variant_name(request.geometry.variant())},
      {"max_steps", request.max_steps},
      {"max_te_depth", request.max_te_depth},
      {"shard", request.shards > 1 ? nlohmann::json(std::to_string(request.shard) + "/" + std::to_string(request.shards))
                                   : nlohmann::json(nullptr)}};
  // Only when asked for: the parameters of runs without it stay what they were.
  if (request.score_min) json["score_min"] = *request.score_min;
  if (request.score_max) json["score_max"] = *request.score_max;
  // Only when asked for, so that runs made before --give-up keep their parameters.
  if (request.give_up > 0) json["give_up"] = request.give_up;
  if (request.mining) {  // likewise: runs made before mining keep theirs
    nlohmann::json moves = nlohmann::json::array();
    for (const generator::Move move : request.moves) moves.push_back(std::string(generator::move_name(move)));
    json["mine"] = {{"from", request.from},
                    {"from_db", request.from_db.empty() ? nlohmann::json(nullptr) : nlohmann::json::parse(request.from_db)},
                    {"moves", moves},
                    {"width", request.width},
                    {"minimize", request.minimize}};
  }
  return json;
}

// The seeds' selection (--from-*), as kept with a mining run.
nlohmann::json selection_json(const SelectionOptions& options) {
  const auto optional = [](const auto& value) { return value ? nlohmann::json(*value) : nlohmann::json(nullptr); };
  return {{"tier", options.tier},   {"te_depth", optional(options.te_depth)}, {"level", options.level},
          {"rating", options.rating}, {"score", options.score},             {"clues", options.clues},
          {"run", optional(options.run)}, {"limit", optional(options.limit)}, {"order", options.order},
          {"descending", options.descending}, {"seed", options.seed}};
}

SelectionOptions selection_from_json(const nlohmann::json& json) {
  SelectionOptions options;
  options.prefix = "from-";
  options.tier = json.at("tier").get<std::string>();
  if (!json.at("te_depth").is_null()) options.te_depth = json.at("te_depth").get<int>();
  options.level = json.at("level").get<std::string>();
  options.rating = json.at("rating").get<std::string>();
  options.score = json.at("score").get<std::string>();
  options.clues = json.at("clues").get<std::string>();
  if (!json.at("run").is_null()) options.run = json.at("run").get<std::int64_t>();
  if (!json.at("limit").is_null()) options.limit = json.at("limit").get<std::int64_t>();
  options.order = json.at("order").get<std::string>();
  options.descending = json.at("descending").get<bool>();
  options.seed = json.at("seed").get<std::uint64_t>();
  return options;
}

Request request_from_json(const nlohmann::json& json) {
  Request request;
  request.count = json.at("count").get<std::int64_t>();
  if (!json.at("quotas").is_null()) {
    const auto& quota_json = json.at("quotas");
    request.kind = quota_json.contains("singles") ? QuotaKind::Tier : QuotaKind::Level;
    Quotas quotas(quota_size(request.kind));
    for (std::size_t t = 0; t < quotas.size(); ++t) quotas[t] = quota_json.at(quota_name(request.kind, t)).get<std::int64_t>();
    request.quotas = quotas;
  }
  if (!json.at("te_depth").is_null()) request.te_depth = json.at("te_depth").get<int>();
  // Runs made before ratings have no rating range.
  if (json.contains("rating_min") && !json.at("rating_min").is_null()) request.rating_min = json.at("rating_min").get<int>();
  if (json.contains("rating_max") && !json.at("rating_max").is_null()) request.rating_max = json.at("rating_max").get<int>();
  if (json.contains("score_min")) request.score_min = json.at("score_min").get<int>();
  if (json.contains("score_max")) request.score_max = json.at("score_max").get<int>();
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
  if (json.contains("give_up")) request.give_up = json.at("give_up").get<std::int64_t>();
  if (json.contains("mine")) {
    const auto& mine = json.at("mine");
    request.mining = true;
    request.from = mine.at("from").get<std::vector<std::string>>();
    if (!mine.at("from_db").is_null()) request.from_db = json_text(mine.at("from_db"));
    request.moves.clear();
    for (const auto& move : mine.at("moves")) request.moves.push_back(generator::parse_move(move.get<std::string>()).value());
    request.width = mine.at("width").get<int>();
    request.minimize = mine.at("minimize").get<bool>();
  }
  return request;
}

// "singles=50,twins=30,diabolical=20" or "easy=40,hard=60": shares of `count` by
// tier or by level (not both), split by largest remainder.
std::pair<QuotaKind, Quotas> parse_mix(const std::string& mix, std::int64_t count) {
  std::optional<QuotaKind> kind;
  std::vector<std::int64_t> weights(grader::kLevelCount, 0);
  std::size_t start = 0;
  while (start <= mix.size()) {
    const std::size_t end = std::min(mix.find(',', start), mix.size());
    const std::string part = mix.substr(start, end - start);
    const auto equals = part.find('=');
    bool ok = equals != std::string::npos;
    std::optional<std::pair<QuotaKind, std::size_t>> slot;
    std::int64_t weight = 0;
    if (ok) {
      const std::string name = part.substr(0, equals);
      for (const QuotaKind k : {QuotaKind::Tier, QuotaKind::Level}) {
        for (std::size_t t = 0; t < quota_size(k); ++t) {
          if (name == quota_name(k, t)) slot = {k, t};
        }
      }
      const auto [at, error] = std::from_chars(part.data() + equals + 1, part.data() + part.size(), weight);
      ok = slot && error == std::errc{} && at == part.data() + part.size() && weight >= 0;
    }
    if (!ok) {
      throw CliError("--mix '" + mix + "': '" + part +
                     "' is not NAME=SHARE (tiers: singles, twins, diabolical; or levels: easy, medium, hard, "
                     "fiendish, extreme)");
    }
    if (kind && *kind != slot->first) throw CliError("--mix '" + mix + "' mixes tiers and levels: use one or the other");
    kind = slot->first;
    weights[slot->second] += weight;
    start = end + 1;
  }
  weights.resize(quota_size(*kind));
  std::int64_t total = 0;
  for (const std::int64_t w : weights) total += w;
  if (total == 0) throw CliError("--mix '" + mix + "' asks for nothing");
  Quotas quotas(weights.size());
  std::vector<std::int64_t> remainders(weights.size());
  std::int64_t given = 0;
  for (std::size_t t = 0; t < weights.size(); ++t) {
    quotas[t] = count * weights[t] / total;
    remainders[t] = count * weights[t] % total;
    given += quotas[t];
  }
  while (given < count) {  // largest remainders first, easier ones on ties
    std::size_t best = 0;
    for (std::size_t t = 1; t < weights.size(); ++t) {
      if (remainders[t] > remainders[best]) best = t;
    }
    ++quotas[best];
    remainders[best] = -1;
    ++given;
  }
  return {*kind, quotas};
}

Request request_from(const GenerateOptions& options) {
  Request request;
  request.count = options.count;
  if (request.count <= 0) throw CliError("generate needs --count N with N > 0");
  const int asked = (options.tier.empty() ? 0 : 1) + (options.level.empty() ? 0 : 1) + (options.mix.empty() ? 0 : 1);
  if (asked > 1) throw CliError("--tier, --level and --mix exclude each other");
  std::optional<std::pair<QuotaKind, Quotas>> mix;
  if (!options.tier.empty()) mix = parse_mix(options.tier + "=1", options.count);
  if (!options.level.empty()) mix = parse_mix(options.level + "=1", options.count);
  if (!options.mix.empty()) mix = parse_mix(options.mix, options.count);
  if (mix) std::tie(request.kind, request.quotas) = *mix;
  request.te_depth = options.te_depth;
  if (request.te_depth) {
    if (*request.te_depth < 1) throw CliError("--te-depth must be 1 or more");
    if (request.kind == QuotaKind::Tier) {
      if (request.quotas && ((*request.quotas)[0] > 0 || (*request.quotas)[1] > 0)) {
        throw CliError("--te-depth rates diabolical puzzles only: drop singles and twins from the request");
      }
      request.quotas = Quotas{0, 0, request.count};
    } else if ((*request.quotas)[static_cast<std::size_t>(grader::Level::Easy)] > 0) {
      throw CliError("--te-depth rates diabolical puzzles only, and easy puzzles are never diabolical");
    }
  }
  parse_rating_range(options.rating, "--rating", request.rating_min, request.rating_max);
  parse_range(options.score, "--score", request.score_min, request.score_max);
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
  request.give_up = options.give_up;
  request.from = options.from;
  if (options.from_db) request.from_db = json_text(selection_json(options.from_selection));
  request.mining = options.mine || !options.from.empty() || options.from_db || request.needs_mining();
  if (request.mining) {
    request.moves.clear();
    std::size_t start = 0;
    while (start <= options.moves.size()) {
      const std::size_t end = std::min(options.moves.find(',', start), options.moves.size());
      const std::string name = options.moves.substr(start, end - start);
      const auto move = generator::parse_move(name);
      if (!move) throw CliError("--moves '" + options.moves + "': '" + name + "' is not a move: -1+1, -2+2, -1+0 or -0+1");
      if (std::find(request.moves.begin(), request.moves.end(), *move) == request.moves.end()) request.moves.push_back(*move);
      start = end + 1;
    }
    request.width = options.width;
    request.minimize = !options.no_minimize;
  }
  if (const auto why = request.impossible()) throw CliError("generate: nothing can meet this request: " + *why);
  return request;
}

struct Item {
  std::uint64_t index = 0;
  generator::Candidate candidate;
  std::string canonical;  // for accepted candidates
};

// A generated puzzle's record for --out; its source names the seed and candidate.
std::string out_record(std::uint64_t seed, std::uint64_t index, const generator::Candidate& candidate,
                       RecordFormat format) {
  return format_record(
      GradeRecord{fmt::format("seed {} #{}", seed, index), engine::to_line(candidate.puzzle), candidate.grade}, format);
}

// Resuming with --out FILE: FILE keeps the records it holds of what the run committed
// (`items`, in order; a record past them, or one cut short by a kill, is dropped) and
// gets those it lacks from `record_of` (the record of items[i]: a candidate depends
// only on the seed and its index, so it is made again; a mined one is read back from
// the database); new records are appended after. A file that holds
// anything else is refused, never overwritten. (Bare puzzles, --format line, carry no
// source: each kept line is checked against the puzzle made again.)
Output resume_out(const std::string& path, RecordFormat format, std::uint64_t seed,
                  const std::vector<std::int64_t>& items, const std::function<std::string(std::size_t)>& record_of) {
  std::string text;
  if (std::FILE* in = std::fopen(path.c_str(), "rb"); in != nullptr) {
    char buffer[1 << 16];
    for (std::size_t n = 0; (n = std::fread(buffer, 1, sizeof buffer, in)) > 0;) text.append(buffer, n);
    const bool failed = std::ferror(in) != 0;
    std::fclose(in);
    if (failed) throw CliError("cannot read file '" + path + "' to resume into it");
  }
  const std::string header = record_header(format);
  std::size_t keep = 0;  // bytes of the file kept
  std::size_t kept = 0;  // records kept
  if (!text.empty()) {
    if (!text.starts_with(header)) {
      throw CliError("cannot resume into '" + path + "': it does not start with the header of " +
                     "CSV records: give another --out file");
    }
    keep = header.size();
    for (std::size_t end = 0; kept < items.size() && (end = text.find('\n', keep)) != std::string::npos; ++kept) {
      const std::string_view line(text.data() + keep, end - keep);
      if (format == RecordFormat::Line) {  // bare puzzles name no source: each must be the one made there
        if (std::string(line) + "\n" != record_of(kept)) {
          throw CliError(fmt::format("cannot resume into '{}': its line {} is not the puzzle this run made there: "
                                     "give another --out file", path, kept + 1));
        }
        keep = end + 1;
        continue;
      }
      const std::string source = fmt::format("seed {} #{}", seed, items[kept]);
      const auto at = line.find(source);
      const std::size_t after = at + source.size();
      if (at == std::string_view::npos || (after < line.size() && line[after] >= '0' && line[after] <= '9')) {
        throw CliError(fmt::format("cannot resume into '{}': its record {} is not '{}' of this run: give another "
                                   "--out file", path, kept + 1, source));
      }
      keep = end + 1;
    }
    std::filesystem::resize_file(path, keep);
  }
  Output out = Output::open(path, true);
  if (keep == 0) out.write(header);
  for (std::size_t i = kept; i < items.size(); ++i) out.write(record_of(i));
  out.flush();
  return out;
}

}  // namespace

void setup_generate(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* command = app.add_subcommand("generate", "Make rated, unique, minimal puzzles to order");
  command->add_option("--count", options->count, "How many puzzles")->check(whole_number(1));
  command->add_option("--tier", options->tier, "Only this tier: singles, twins, diabolical")
      ->check(CLI::IsMember({"singles", "twins", "diabolical"}));
  command->add_option("--level", options->level, "Only this level: easy, medium, hard, fiendish, extreme")
      ->check(CLI::IsMember({"easy", "medium", "hard", "fiendish", "extreme"}));
  command->add_option("--mix", options->mix,
                      "Shares of each tier or level, e.g. singles=50,twins=30,diabolical=20 or easy=40,hard=60");
  command->add_option("--rating", options->rating, "Rating range MIN:MAX on Sudoku Explainer's scale, e.g. 7.1: or 4:6.5");
  command->add_option("--score", options->score, "Score range MIN:MAX, as list selects (either side may be left out)");
  command->add_option("--te-depth", options->te_depth, "Diabolical puzzles of exactly this trial-and-error depth");
  command->add_option("--clues", options->clues, "Clue range MIN:MAX (either side may be left out)");
  command->add_option("--symmetry", options->symmetry, "none, rot180, rot90, mirror or diagonal")
      ->check(CLI::IsMember({"none", "rot180", "rot90", "mirror", "diagonal"}))
      ->capture_default_str();
  add_geometry_options(*command, options->geometry);
  command->add_option("--seed", options->seed, "Seed (default: a random one, printed and stored)")
      ->check(whole_number(0));
  add_threads_option(*command, options->threads);
  add_database_option(*command, options->db);
  command->add_flag("--no-db", options->no_db, "Do not store (use with --out)");
  command->add_option("--out", options->out, "Also write the puzzles' records to FILE ('-': stdout)");
  command->add_option("--format", options->format, "Records for --out: csv, jsonl, or line (one puzzle per line)")
      ->check(CLI::IsMember({"csv", "jsonl", "line"}))
      ->capture_default_str();
  command->add_flag("-q,--quiet", options->quiet, "No progress line and no summary on stderr");
  command->add_option("--resume", options->resume, "Finish the interrupted run with this id")->check(whole_number(1));
  command->add_option("--max-steps", options->max_steps, "Local-search steps per candidate for rare targets")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  command->add_option("--max-te-depth", options->max_te_depth, "Stop looking deeper than this trial-and-error depth")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  command->add_option("--max-candidates", options->max_candidates, "Give up after this many candidates (0: never)")
      ->check(whole_number(0));
  command->add_option("--give-up", options->give_up,
                      "Give up after this many candidates in a row accept nothing (default: 200,000, or 50 times the "
                      "mean gap between accepted ones if more; 2,000 from 10x10 up)")
      ->check(whole_number(1));
  add_shard_option(*command, options->shard);
  command->add_option("--from", options->from, "Mine around the puzzles in these files (seeds)")->expected(1, -1);
  command->add_flag("--from-db", options->from_db,
                    "Mine around the database's puzzles (selected with --from-tier, --from-rating, ... as list selects)");
  add_selection_options(*command, options->from_selection, "from-", false);
  command->add_flag("--mine", options->mine,
                    "Mine even without seeds (the default for --te-depth 2 and up, or --rating 9 and up)");
  command->add_option("--moves", options->moves, "Mining moves: -1+1, -2+2, -1+0, -0+1 (comma-separated)")
      ->capture_default_str();
  command->add_option("--width", options->width, "Mining: seeds explored per round, the frontier's best")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  command->add_flag("--no-minimize", options->no_minimize, "Mining: keep finds as found, not made minimal");
  command->callback([options, &exit_code] { exit_code = run_generate(*options); });
}

int run_generate(const GenerateOptions& options) {
  // From the start: a signal while the database, the run and the seeds are set up
  // (which can take a while on a busy machine) stops the run like one later on,
  // instead of killing the process with nothing recorded.
  const InterruptGuard interrupt;
  if (options.no_db && options.resume) throw CliError("--resume needs the database");
  if (options.no_db && options.out.empty()) throw CliError("--no-db needs --out, or the puzzles go nowhere");
  if (options.no_db && options.from_db) throw CliError("--from-db needs the database: drop --no-db");
  // The request first: one that cannot be met creates no database.
  std::optional<Request> asked;
  if (!options.resume) asked = request_from(options);
  std::unique_ptr<store::Store> store;
  if (!options.no_db) store = std::make_unique<store::Store>(options.db);

  // The request and seed: from the options, or from the run being resumed.
  Request request;
  std::uint64_t seed = 0;
  std::optional<store::Run> resumed;
  if (options.resume) {
    resumed = store->run(*options.resume);
    if (!resumed) throw CliError(fmt::format("there is no run {} in {}", *options.resume, options.db));
    if (resumed->command != "generate" || !resumed->seed) {
      throw CliError(fmt::format("run {} in {} is not a generate run but {}: only generate runs resume", *options.resume,
                                 options.db, resumed->command));
    }
    request = request_from_json(nlohmann::json::parse(resumed->parameters));
    seed = static_cast<std::uint64_t>(*resumed->seed);
  } else {
    request = *asked;
    seed = options.seed.value_or(0);
    if (!options.seed) {
      std::random_device device;
      seed = (static_cast<std::uint64_t>(device()) << 32 | device()) & 0x7FFFFFFFFFFFFFFFULL;
    }
    // The same command and seed again finishes what an earlier run left undone.
    if (store) resumed = store->latest_run("generate", json_text(request_json(request)), static_cast<std::int64_t>(seed));
  }
  const std::string parameters = json_text(request_json(request));
  const Request mine = request.local();  // what this shard makes
  if (resumed && resumed->status == "done") {
    // The same request and seed make the same puzzles: nothing to add.
    std::fprintf(stderr, "generate: run %lld made this already (the same request and seed): nothing to do; its puzzles: "
                 "sudoforge list --run %lld --db %s\n",
                 static_cast<long long>(resumed->id), static_cast<long long>(resumed->id), options.db.c_str());
    return kExitOk;
  }

  // The run in the database: marked failed if anything below throws.
  std::optional<store::RunGuard> guard;
  std::uint64_t next_index = 0;
  generator::Acceptor accepted(mine);
  if (resumed) {
    guard.emplace(*store, resumed->id);
    next_index = static_cast<std::uint64_t>(resumed->next_index);
    for (const store::RunPuzzle& puzzle : store->run_puzzles(resumed->id)) {
      if (request.kind == QuotaKind::Level && !puzzle.level) {
        throw CliError("run " + std::to_string(resumed->id) +
                       " holds puzzles without a rating: run 'sudoforge upgrade --db " + options.db + "' first");
      }
      accepted.restore(puzzle.tier, puzzle.level.value_or(grader::Level::Easy), puzzle.canonical);
    }
    if (!options.quiet) {
      std::fprintf(stderr, "generate: resuming run %lld at candidate %llu with %lld of %lld made\n",
                   static_cast<long long>(resumed->id), static_cast<unsigned long long>(next_index),
                   static_cast<long long>(accepted.total()), static_cast<long long>(mine.count));
    }
  } else if (store) {
    guard.emplace(*store, "generate", parameters, static_cast<std::int64_t>(seed), mine.count);
  }
  const std::int64_t run = guard ? guard->id() : 0;
  if (!options.quiet) std::fprintf(stderr, "generate: seed %llu\n", static_cast<unsigned long long>(seed));

  const ThreadLimit thread_limit(options.threads);
  generator::Options generator_options;
  generator_options.symmetry = request.symmetry;
  generator_options.max_steps = request.max_steps;
  generator_options.max_te_depth = request.max_te_depth;
  PerThread<generator::Generator> generators(request.geometry, generator_options);
  const generator::Target target = request.target();

  // --out: records whose source names the seed and candidate, the same on every run.
  // Written after the batch they belong to is committed, so that a resumed run can
  // make the file hold exactly its records (resume_out).
  const RecordFormat format = *parse_record_format(options.format);
  std::optional<Output> out;
  if (!options.out.empty()) {
    if (resumed && options.out != "-") {
      std::vector<std::int64_t> items;  // what the run committed, in order
      for (const store::RunPuzzle& puzzle : store->run_puzzles(run)) items.push_back(puzzle.item);
      std::vector<store::StoredPuzzle> mined;  // a mining run's finds, in the order accepted
      if (request.mining) {
        store::Selection selection;
        selection.run = run;
        store->select(selection, [&](const store::StoredPuzzle& stored) { mined.push_back(stored); });
        if (mined.size() != items.size()) {
          throw CliError(fmt::format("run {} holds {} puzzles but {} of them were first stored by it: cannot rewrite "
                                     "'{}'", run, items.size(), mined.size(), options.out));
        }
      }
      out.emplace(resume_out(options.out, format, seed, items, [&](std::size_t i) {
        const auto at = static_cast<std::uint64_t>(items[i]);
        if (request.mining) {  // "run R #J: ..." in the database is "seed S #J: ..." in the file
          const store::StoredPuzzle& stored = mined[i];
          const std::string source = fmt::format("seed {}{}", seed, stored.source.substr(stored.source.find(" #")));
          return format_record(GradeRecord{source, engine::to_line(stored.puzzle), stored.grade}, format);
        }
        const generator::Candidate candidate = generators.local().make(seed, at, target);
        if (!candidate.accepted) {
          throw CliError(fmt::format("run {}: candidate {} is not made as it was (a run of another version?): "
                                     "cannot rewrite '{}'", run, at, options.out));
        }
        return out_record(seed, at, candidate, format);
      }));
    } else {
      out.emplace(Output::open(options.out));
      out->write(record_header(format));
    }
  }
  std::string out_pending;  // records of the batch not committed yet

  std::atomic<bool> done{accepted.complete()};
  std::uint64_t issued = mine.first_from(next_index);
  std::int64_t issued_count = 0;  // candidates this process handed out
  std::atomic<std::int64_t> made{0};  // and made: those past the count are work lost
  std::vector<store::NewPuzzle> pending;
  // Mining commits every 256 finds at most (each commit also saves its frontier).
  CommitCadence cadence(request.mining ? 256 : 2048);
  // Fresh candidates are stored by a thread of their own while the workers go on;
  // mining asks the database what it holds as it goes, so it writes in turn.
  std::optional<WriterThread> writer;
  if (!request.mining) writer.emplace();
  // A batch's records reach --out only once the batch is committed.
  // `began`: when the commit began, its state's making included (CommitCadence:
  // what a write on this thread took spaces the next).
  const auto commit = [&](const std::optional<std::string>& state = std::nullopt,
                          CommitCadence::Clock::time_point began = CommitCadence::Clock::now()) {
    auto write = [&store, &out, run, next = static_cast<std::int64_t>(next_index), state, batch = std::move(pending),
                  records = std::move(out_pending)] {
      if (store) store->add(batch, std::make_pair(run, next), state);
      if (out) {
        out->write(records);
        out->flush();
      }
    };
    pending.clear();
    out_pending.clear();
    if (writer) {
      writer->post(std::move(write));
      cadence.committed();
    } else {
      write();
      cadence.committed(CommitCadence::Clock::now() - began);
    }
  };
  Progress progress(!options.quiet, mine.count);
  const auto start = Clock::now();

  // On an error the guard marks the run failed: the committed batches stay, and the
  // same command resumes.
  std::optional<MineOutcome> mined;
  std::int64_t rejected_seeds = 0;  // seed lines that are not unique puzzles
  if (request.mining) {
    const MineRun mining{
        request,
        seed,
        next_index,
        resumed ? resumed->state : std::string(),
        [&] {  // none: mining from nothing
          std::vector<generator::Seed> seeds;
          if (!request.from_db.empty()) {
            const store::Selection selection =
                resolve_selection(selection_from_json(nlohmann::json::parse(request.from_db)));
            std::int64_t rated_again = 0;
            seeds = stored_seeds(*store, selection, request.geometry, thread_limit.threads(), request.max_te_depth,
                                 rated_again);
            if (rated_again > 0 && !options.quiet) {
              std::fprintf(stderr,
                           "generate: %lld seeds of the database were rated by an older sudoforge (or not at all): "
                           "rated again for the search's order; 'sudoforge upgrade --db %s' stores today's ratings\n",
                           static_cast<long long>(rated_again), store->path().c_str());
            }
          }
          if (!request.from.empty()) {
            for (generator::Seed& more : read_seeds(request.from, request.geometry, thread_limit.threads(), request.max_te_depth,
                                                              rejected_seeds)) {
              seeds.push_back(std::move(more));
            }
          }
          return seeds;
        },
        thread_limit.threads(),
        options.max_candidates,
        [&](const generator::Find& find, std::uint64_t index, const generator::Seed& from, generator::Move move) {
          const bool fresh = move == generator::Move::Fresh;
          const std::string how = fresh ? std::string(": fresh")
                                        : fmt::format(": {} from {}", generator::move_name(move), engine::to_line(from.puzzle));
          if (store) {
            pending.push_back(store::NewPuzzle{find.puzzle, find.grade, find.key,
                                               std::string(engine::symmetry_name(request.symmetry)),
                                               fmt::format("run {} #{}{}", run, index, how), run,
                                               static_cast<std::int64_t>(index), true,
                                               fresh ? std::string() : engine::to_line(from.puzzle),
                                               std::string(generator::move_name(move)), {}});
          }
          if (out) {
            out_pending += format_record(
                GradeRecord{fmt::format("seed {} #{}{}", seed, index, how), engine::to_line(find.puzzle), find.grade},
                format);
          }
        },
        store ? std::function<bool(const std::string&)>(
                    [&](const std::string& key) { return store->contains(request.geometry, key); })
              : nullptr,
        [&](std::uint64_t next, const generator::MineState& state, bool force) {
          next_index = next;
          if (force || cadence.due(pending.size())) {
            const auto began = CommitCadence::Clock::now();
            commit(state.save(), began);
          }
        }};
    mined = run_mining(mining, accepted, progress);
    if (rejected_seeds > 0 && !options.quiet) {
      std::fprintf(stderr, "generate: %lld seed lines were not unique puzzles (named above)\n",
                   static_cast<long long>(rejected_seeds));
    }
    if (out) out->close();
  } else {
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
            const generator::Candidate& candidate = item.candidate;
            if (accepted.offer(candidate, item.canonical) != generator::Verdict::Accepted) {
              if (accepted.gave_up()) done = true;
              continue;
            }
            if (store) {
              pending.push_back(store::NewPuzzle{candidate.puzzle, candidate.grade, item.canonical,
                                                 std::string(engine::symmetry_name(request.symmetry)),
                                                 fmt::format("run {} #{}", run, item.index), run,
                                                 static_cast<std::int64_t>(item.index), true, {}, {}, {}});
            }
            if (out) out_pending += out_record(seed, item.index, candidate, format);
            if (accepted.complete()) done = true;
          }
          if (cadence.due(pending.size())) commit();
          progress.update(accepted.total(), accepted.tried(), accepted.detail() + "  " + accepted.rarity());
        });
    commit();
    writer->drain();
    if (out) out->close();
  }
  progress.finish();

  const bool complete = accepted.complete();
  const bool interrupted = InterruptGuard::requested();
  const store::RunStatus status = complete      ? store::RunStatus::Done
                                  : interrupted ? store::RunStatus::Interrupted
                                                : store::RunStatus::Incomplete;
  if (guard) guard->finish(status);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!options.quiet) {
    std::string where;
    if (store) {  // the run's counts as committed, over all its sessions
      const std::optional<store::Run> row = store->run(run);
      where = fmt::format("; run {} in {}: {} new, {} already there", run, options.db, row ? row->added : 0,
                          row ? row->duplicates : 0);
    }
    // Candidates made in parallel beyond the last one needed (thrown away).
    const std::int64_t unused = made.load() - accepted.tried();
    // Why it stopped short, if it did.
    std::string why;
    if (!complete && !interrupted) {
      why = mined && mined->dry ? std::string(" (the frontier ran dry: no seed is left to explore; more seeds, more --moves or "
                                              "a wider --width search further)")
            : accepted.gave_up()
                ? fmt::format(" (gave up: none accepted in the last {} candidates, {}; the request may be impossible "
                              "or very rare: --give-up N waits longer)",
                              accepted.since_last(), accepted.rarity())
                : fmt::format(" (--max-candidates {} reached)", options.max_candidates);
    }
    const std::string lost = unused > 0 ? fmt::format(" (and {} made in flight, unused)", unused) : "";
    const std::string whence =
        mined ? fmt::format("{} mining jobs in {} rounds ({} neighbours tried, {} unique{})", mined->jobs, mined->rounds,
                            mined->candidates, mined->unique,
                            mined->shallow > 0 ? fmt::format(", {} of them too shallow to examine", mined->shallow) : "")
              : fmt::format("{} candidates{}", accepted.tried(), lost);
    std::fprintf(stderr, "generate: %s%s: %lld of %lld puzzles (%s) from %s in %.2f s: %.1f puzzles/s%s\n",
                 std::string(store::run_status_name(status)).c_str(), why.c_str(),
                 static_cast<long long>(accepted.total()), static_cast<long long>(mine.count), accepted.detail().c_str(),
                 whence.c_str(), seconds,
                 seconds > 0 ? static_cast<double>(accepted.total()) / seconds : 0.0, where.c_str());
  }
  if (interrupted) return kExitInterrupted;
  return complete && rejected_seeds == 0 ? kExitOk : kExitRejected;
}

}  // namespace sudoforge::cli
