#include "sudoforge/generator/frontier.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>

#include "sudoforge/engine/text_format.hpp"

namespace sudoforge::generator {

bool better(const Seed& a, const Seed& b) { return a.score != b.score ? a.score > b.score : a.key < b.key; }

std::uint64_t key_hash(std::string_view key) {
  std::uint64_t hash = 0xCBF29CE484222325ULL;
  for (const char c : key) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001B3ULL;
  }
  return hash;
}

void Frontier::offer(Seed seed) {
  const std::uint64_t hash = key_hash(seed.key);
  if (!known_.insert(hash).second) return;
  const auto at = std::lower_bound(waiting_.begin(), waiting_.end(), seed, better);
  waiting_.insert(at, std::move(seed));
  if (waiting_.size() > static_cast<std::size_t>(cap_)) {  // the worst goes, for good
    retired_.push_back(key_hash(waiting_.back().key));
    waiting_.pop_back();
  }
}

std::vector<Seed> Frontier::next_round() {
  const std::size_t take = std::min(waiting_.size(), static_cast<std::size_t>(width_));
  std::vector<Seed> round(std::make_move_iterator(waiting_.begin()),
                          std::make_move_iterator(waiting_.begin() + static_cast<std::ptrdiff_t>(take)));
  waiting_.erase(waiting_.begin(), waiting_.begin() + static_cast<std::ptrdiff_t>(take));
  for (const Seed& seed : round) retired_.push_back(key_hash(seed.key));
  return round;
}

bool Frontier::knows(const std::string& key) const { return known_.contains(key_hash(key)); }

int Frontier::score_at(std::size_t n) const {
  return n >= 1 && n <= waiting_.size() ? waiting_[n - 1].score : std::numeric_limits<int>::min();
}

namespace {

std::string seed_line(char tag, const Seed& seed) {
  return fmt::format("{} {} {} {}\n", tag, seed.score, seed.key, engine::to_line(seed.puzzle));
}

[[noreturn]] void bad_state(std::string_view line) {
  throw std::invalid_argument("a mining state line that is not one: '" + std::string(line.substr(0, 120)) + "'");
}

template <class T>
T number(std::string_view text, std::string_view line) {
  T value{};
  const auto [at, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || at != text.data() + text.size()) bad_state(line);
  return value;
}

// "TAG SCORE KEY PUZZLE"
Seed parse_seed(std::string_view line, const engine::Geometry& geometry) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0; start <= line.size();) {
    const std::size_t end = std::min(line.find(' ', start), line.size());
    fields.push_back(line.substr(start, end - start));
    start = end + 1;
  }
  if (fields.size() != 4) bad_state(line);
  Seed seed;
  seed.score = number<int>(fields[1], line);
  seed.key = std::string(fields[2]);
  try {
    seed.puzzle = engine::parse_puzzle(fields[3], geometry);
  } catch (const std::exception&) {
    bad_state(line);
  }
  return seed;
}

// Calls `each` for every line of `text`.
template <class Each>
void for_each_line(std::string_view text, Each each) {
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (end > start) each(text.substr(start, end - start));
    start = end + 1;
  }
}

}  // namespace

std::string Frontier::save() const {
  std::string text;
  for (const Seed& seed : waiting_) text += seed_line('w', seed);
  for (const std::uint64_t hash : retired_) text += fmt::format("x {:016x}\n", hash);
  return text;
}

Frontier Frontier::load(std::string_view text, const engine::Geometry& geometry, int width, int cap) {
  Frontier frontier(width, cap);
  for_each_line(text, [&](std::string_view line) {
    if (line.starts_with("w ")) {
      Seed seed = parse_seed(line, geometry);
      frontier.known_.insert(key_hash(seed.key));
      frontier.waiting_.push_back(std::move(seed));
    } else if (line.starts_with("x ") && line.size() == 18) {
      std::uint64_t hash = 0;
      const auto [at, error] = std::from_chars(line.data() + 2, line.data() + line.size(), hash, 16);
      if (error != std::errc{} || at != line.data() + line.size()) bad_state(line);
      frontier.retired_.push_back(hash);
      frontier.known_.insert(hash);
    } else {
      bad_state(line);
    }
  });
  if (!std::is_sorted(frontier.waiting_.begin(), frontier.waiting_.end(), better)) {
    throw std::invalid_argument("a mining state whose frontier is out of order");
  }
  return frontier;
}

std::string MineState::save() const {
  std::string text = fmt::format("round {}\nbase {}\n", round, base);
  for (const Seed& seed : seeds) text += seed_line('s', seed);
  for (const Seed& seed : kept) text += seed_line('k', seed);
  return text + frontier.save();
}

MineState MineState::load(std::string_view text, const engine::Geometry& geometry, int width, int cap) {
  MineState state;
  std::string rest;
  int headers = 0;
  for_each_line(text, [&](std::string_view line) {
    if (line.starts_with("round ")) {
      state.round = number<std::int64_t>(line.substr(6), line);
      ++headers;
    } else if (line.starts_with("base ")) {
      state.base = number<std::uint64_t>(line.substr(5), line);
      ++headers;
    } else if (line.starts_with("s ")) {
      state.seeds.push_back(parse_seed(line, geometry));
    } else if (line.starts_with("k ")) {
      state.kept.push_back(parse_seed(line, geometry));
    } else {
      rest.append(line).push_back('\n');
    }
  });
  if (headers != 2) throw std::invalid_argument("a mining state without its round and base");
  state.frontier = Frontier::load(rest, geometry, width, cap);
  return state;
}

}  // namespace sudoforge::generator
