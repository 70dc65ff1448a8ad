#include "sudoforge/cli/selection_options.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdio>
#include <optional>
#include <string_view>

#include "sudoforge/cli/common_options.hpp"
#include "sudoforge/cli/errors.hpp"

namespace sudoforge::cli {

namespace {

// "MIN:MAX", "MIN:", ":MAX" or "N" (both ends), each end read by `read` (false: not a
// number of the kind `kind` names). Throws CliError naming the option and the reason.
template <class Read>
void parse_ends(const std::string& text, const char* option, const char* kind, Read read, std::optional<int>& low,
                std::optional<int>& high) {
  if (text.empty()) return;
  const auto colon = text.find(':');
  const std::string_view whole(text);
  const std::string_view first = colon == std::string::npos ? whole : whole.substr(0, colon);
  const std::string_view second = colon == std::string::npos ? whole : whole.substr(colon + 1);
  const auto end = [&](std::string_view part, std::optional<int>& value) {
    if (part.empty()) return true;
    value = read(part);
    return value.has_value();
  };
  if (!end(first, low) || !end(second, high) || text == ":") {
    throw CliError(std::string(option) + " '" + text + "' is not " + kind);
  }
  if (low && high && *low > *high) {
    throw CliError(std::string(option) + " '" + text + "' is empty: MIN " + std::string(first) + " is above MAX " +
                   std::string(second));
  }
}

}  // namespace

void parse_range(const std::string& text, const char* option, std::optional<int>& low, std::optional<int>& high) {
  const auto whole_number = [](std::string_view part) -> std::optional<int> {
    int parsed = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), parsed);
    if (error != std::errc{} || end != part.data() + part.size()) return std::nullopt;
    return parsed;
  };
  parse_ends(text, option, "a range MIN:MAX of whole numbers", whole_number, low, high);
}

void parse_rating_range(const std::string& text, const char* option, std::optional<int>& low, std::optional<int>& high) {
  parse_ends(text, option, "a rating range MIN:MAX (numbers with at most one decimal, e.g. 7.1:8.5 or 9:)",
             [](std::string_view part) { return grader::parse_rating(part); }, low, high);
}

void note_unrated(store::Store& store) {
  const store::Store::Outdated outdated = store.outdated();
  if (outdated.unrated > 0) {
    std::fprintf(stderr,
                 "sudoforge: note: database '%s' has %lld puzzles stored before ratings existed: they have no rating or "
                 "level until 'sudoforge upgrade --db %s' rates them\n",
                 store.path().c_str(), static_cast<long long>(outdated.unrated), store.path().c_str());
  }
  if (outdated.older > 0) {
    std::fprintf(stderr,
                 "sudoforge: note: database '%s' has %lld puzzles rated by an older sudoforge, whose rating or level may "
                 "differ from today's: 'sudoforge upgrade --db %s' rates them again\n",
                 store.path().c_str(), static_cast<long long>(outdated.older), store.path().c_str());
  }
}

void add_selection_options(CLI::App& command, SelectionOptions& options, const std::string& prefix, bool geometry) {
  options.prefix = prefix;
  const std::string p = "--" + prefix;
  command.add_option(p + "tier", options.tier, "Only this tier: singles, twins, diabolical")
      ->check(CLI::IsMember({"singles", "twins", "diabolical"}));
  command.add_option(p + "te-depth", options.te_depth, "Only diabolical puzzles of this trial-and-error depth");
  command.add_option(p + "level", options.level, "Only this level: easy, medium, hard, fiendish, extreme")
      ->check(CLI::IsMember({"easy", "medium", "hard", "fiendish", "extreme"}));
  command.add_option(p + "rating", options.rating, "Rating range MIN:MAX on Sudoku Explainer's scale, e.g. 7.1:8.5 or 9:");
  command.add_option(p + "score", options.score, "Score range MIN:MAX (either side may be left out)");
  command.add_option(p + "clues", options.clues, "Clue range MIN:MAX");
  if (geometry) add_geometry_options(command, options.geometry);
  command.add_option(p + "run", options.run, "Only puzzles first stored by this run");
  command.add_option(p + "limit", options.limit, "At most this many")->check(whole_number(1));
  command.add_option(p + "order", options.order, "id, score, rating, clues or random")
      ->check(CLI::IsMember({"id", "score", "rating", "clues", "random"}))
      ->capture_default_str();
  command.add_flag(p + "descending", options.descending, "Largest first (with --order id, score, rating or clues)");
  command.add_option(p + "seed", options.seed, "Seed of --order random (same seed, same order)")->check(whole_number(0));
}

store::Selection resolve_selection(const SelectionOptions& options) {
  store::Selection selection;
  if (!options.tier.empty()) {
    selection.tier = grader::parse_tier(options.tier);
    if (!selection.tier) throw CliError("unknown tier '" + options.tier + "': singles, twins or diabolical");
  }
  selection.te_depth = options.te_depth;
  if (!options.level.empty()) selection.level = grader::parse_level(options.level);
  const std::string p = "--" + options.prefix;
  parse_rating_range(options.rating, (p + "rating").c_str(), selection.rating_min, selection.rating_max);
  parse_range(options.score, (p + "score").c_str(), selection.score_min, selection.score_max);
  parse_range(options.clues, (p + "clues").c_str(), selection.clues_min, selection.clues_max);
  if (geometry_given(options.geometry)) selection.geometry = resolve_geometry(options.geometry);
  selection.run = options.run;
  selection.limit = options.limit;
  if (options.order == "score") selection.order = store::Selection::Order::Score;
  if (options.order == "rating") selection.order = store::Selection::Order::Rating;
  if (options.descending && options.order == "random") throw CliError(p + "descending does not go with " + p + "order random");
  selection.descending = options.descending;
  if (options.order == "clues") selection.order = store::Selection::Order::Clues;
  if (options.order == "random") selection.order = store::Selection::Order::Random;
  selection.seed = options.seed;
  return selection;
}

}  // namespace sudoforge::cli
