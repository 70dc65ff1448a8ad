#include "sudoforge/cli/puzzle_input.hpp"

#include <cerrno>
#include <cstring>

namespace sudoforge::cli {

std::string InputRecord::message() const {
  if (kind == Kind::Unreadable) return reason;
  return source + ":" + std::to_string(line) + ": " + reason;
}

void report(const InputRecord& record) {
  std::fflush(stdout);
  const char* prefix = record.kind == InputRecord::Kind::Unreadable ? "sudoforge: " : "";
  std::fprintf(stderr, "%s%s\n", prefix, record.message().c_str());
}

void report_rejection(const InputRecord& record, const grader::Grade& grade) {
  if (record.kind != InputRecord::Kind::Puzzle) {
    report(record);
    return;
  }
  InputRecord rejected = record;
  rejected.kind = InputRecord::Kind::Rejected;
  rejected.reason = grade.reason;
  report(rejected);
}

PuzzleInput::PuzzleInput(std::vector<std::string> paths, const engine::Geometry& geometry,
                         engine::TextFormat format)
    : paths_(std::move(paths)), geometry_(geometry), format_(format) {
  if (paths_.empty()) paths_.emplace_back("-");
}

PuzzleInput::~PuzzleInput() {
  if (owns_file_ && file_ != nullptr) std::fclose(file_);
}

bool PuzzleInput::open_next_source(InputRecord& record) {
  const std::string& path = paths_[next_path_++];
  if (path == "-") {
    file_ = stdin;
    owns_file_ = false;
    source_ = "<stdin>";
  } else {
    file_ = std::fopen(path.c_str(), "rb");
    owns_file_ = true;
    source_ = path;
    if (file_ == nullptr) {
      const int error = errno;
      record = InputRecord{};
      record.kind = InputRecord::Kind::Unreadable;
      record.source = path;
      record.reason = "cannot open file '" + path + "': " + std::strerror(error);
      return false;
    }
  }
  parser_ = std::make_unique<engine::PuzzleParser>(geometry_, format_, source_);
  line_number_ = 0;
  source_records_ = 0;
  return true;
}

bool PuzzleInput::read_line(bool& too_long) {
  line_.clear();
  too_long = false;
  int c = 0;
  bool any = false;
  while ((c = getc_unlocked(file_)) != EOF) {
    any = true;
    if (c == '\n') return true;
    if (line_.size() < kMaxLineLength) {
      line_.push_back(static_cast<char>(c));
    } else {
      too_long = true;
    }
  }
  return any;
}

bool PuzzleInput::next(InputRecord& record) {
  while (next_record(record)) {
    if (record.kind == InputRecord::Kind::Unreadable) return true;
    ++source_records_;
    if (records_++ % shards_ == shard_) return true;
  }
  return false;
}

void PuzzleInput::warn_no_puzzles() const {
  const std::string what = line_number_ == 0 ? "it is empty"
                           : line_number_ == 1 ? "its one line is not a puzzle"
                                               : "none of its " + std::to_string(line_number_) + " lines is a puzzle";
  std::fprintf(stderr, "sudoforge: warning: %s: no puzzles: %s\n", source_.c_str(), what.c_str());
}

void PuzzleInput::set_shard(int shard, int shards) {
  shard_ = static_cast<std::uint64_t>(shard);
  shards_ = static_cast<std::uint64_t>(shards);
}

bool PuzzleInput::next_record(InputRecord& record) {
  for (;;) {
    if (file_ == nullptr) {
      if (next_path_ >= paths_.size()) return false;
      if (!open_next_source(record)) return true;  // report the unreadable source
    }
    record.kind = InputRecord::Kind::Puzzle;
    record.source = source_;
    record.note.clear();
    record.reason.clear();
    try {
      bool too_long = false;
      if (read_line(too_long)) {
        ++line_number_;
        if (too_long) {
          parser_->skip_line();
          record.kind = InputRecord::Kind::Rejected;
          record.line = line_number_;
          record.reason = "line too long: over " + std::to_string(kMaxLineLength) + " bytes";
          return true;
        }
        if (auto puzzle = parser_->feed(line_)) {
          record.line = puzzle->line;
          record.grid = puzzle->grid;
          record.note = std::move(puzzle->note);
          return true;
        }
        continue;
      }
      // End of this source: check for read errors and unfinished grids.
      const bool failed = std::ferror(file_) != 0;
      const int error = errno;
      if (owns_file_) std::fclose(file_);
      file_ = nullptr;
      if (failed) {
        record.kind = InputRecord::Kind::Unreadable;
        record.reason = "cannot read file '" + source_ + "': " + std::strerror(error);
        return true;
      }
      parser_->finish();
      if (source_records_ == 0) warn_no_puzzles();
    } catch (const engine::ParseError& error) {
      record.kind = InputRecord::Kind::Rejected;
      record.line = error.line();
      record.reason = error.reason();
      return true;
    }
  }
}

}  // namespace sudoforge::cli
