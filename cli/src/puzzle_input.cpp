#include "sudoforge/cli/puzzle_input.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "hodoku_save.hpp"
#include "output.hpp"
#include "interrupt.hpp"

namespace sudoforge::cli {

std::string InputRecord::message() const {
  if (kind == Kind::Unreadable) return reason;
  return source + ":" + std::to_string(line) + ": " + reason;
}

void report(const InputRecord& record) {
  Output::standard().flush();
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
  buffer_begin_ = 0;
  buffer_end_ = 0;
  next_cr_ = kUnknown;
  after_cr_ = false;
  first_block_ = true;
  archive_ = false;
  at_end_ = false;
  read_error_ = 0;
  encoding_error_.clear();
  line_number_ = 0;
  source_records_ = 0;
  return true;
}

// The next line of the current source into line_, without its end ("\n", "\r\n" or
// a lone "\r", as old Mac files have), keeping at most kMaxLineLength bytes
// (too_long: more were dropped). False at the end of the source (or on a read
// error, kept in read_error_, or a stop asked for).
bool PuzzleInput::read_line(bool& too_long) {
  line_.clear();
  too_long = false;
  bool any = false;
  for (;;) {
    if (buffer_begin_ == buffer_end_ && !fill_buffer()) return any;
    if (archive_) return false;  // not lines: read_archive() takes it whole
    if (after_cr_) {  // "\r\n" is one line end, even across two reads
      after_cr_ = false;
      if (buffer_[buffer_begin_] == '\n' && ++buffer_begin_ == buffer_end_) continue;
    }
    any = true;
    const char* begin = buffer_.data() + buffer_begin_;
    const std::size_t available = buffer_end_ - buffer_begin_;
    if (next_cr_ == kUnknown || next_cr_ < buffer_begin_) {  // found once per '\r', not once per line
      const auto* cr = static_cast<const char*>(std::memchr(begin, '\r', available));
      next_cr_ = cr != nullptr ? static_cast<std::size_t>(cr - buffer_.data()) : buffer_end_;
    }
    const auto* newline = static_cast<const char*>(std::memchr(begin, '\n', std::min(available, next_cr_ - buffer_begin_)));
    if (newline == nullptr && next_cr_ < buffer_end_) newline = buffer_.data() + next_cr_;
    const std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - begin) : available;
    const std::size_t room = kMaxLineLength - line_.size();
    if (length > room) too_long = true;
    line_.append(begin, std::min(length, room));
    buffer_begin_ += length;
    if (newline != nullptr) {
      after_cr_ = *newline == '\r';
      ++buffer_begin_;
      return true;
    }
  }
}

bool PuzzleInput::fill_buffer() {
  buffer_begin_ = 0;
  buffer_end_ = 0;
  next_cr_ = kUnknown;
  for (;;) {
    // Checked before every block: a source that never ends (/dev/zero) still stops.
    if (InterruptGuard::requested()) {
      stopped_ = true;
      return false;
    }
    const ssize_t got = ::read(fileno(file_), buffer_.data(), buffer_.size());
    if (got < 0 && errno == EINTR) continue;  // a stop asked for is seen above
    if (got < 0) read_error_ = errno;
    if (got <= 0) return false;
    buffer_end_ = static_cast<std::size_t>(got);
    break;
  }
  if (first_block_) {
    first_block_ = false;
    const auto byte = [&](std::size_t i) { return i < buffer_end_ ? static_cast<unsigned char>(buffer_[i]) : 0U; };
    archive_ = looks_like_zip(std::string_view(buffer_.data(), buffer_end_));
    if ((byte(0) == 0xFF && byte(1) == 0xFE) || (byte(0) == 0xFE && byte(1) == 0xFF)) {
      encoding_error_ = "it is UTF-16 (it starts with a UTF-16 byte order mark), which is not supported: convert it "
                        "to UTF-8 (iconv -f UTF-16 -t UTF-8)";
      buffer_end_ = 0;
      return false;
    }
  }
  return true;
}

// A ZIP archive: HoDoKu's saved game (.hsol), read whole (up to 64 MiB) into one
// record, on line 1: its puzzle, or why it is none.
void PuzzleInput::read_archive(InputRecord& record) {
  std::string bytes(buffer_.data() + buffer_begin_, buffer_end_ - buffer_begin_);
  constexpr std::size_t kMaxArchive = std::size_t{64} << 20;
  while (bytes.size() <= kMaxArchive) {
    buffer_begin_ = buffer_end_ = 0;
    if (!fill_buffer()) break;
    bytes.append(buffer_.data(), buffer_end_);
  }
  buffer_begin_ = buffer_end_ = 0;
  line_number_ = 1;
  record.line = record.first_line = record.last_line = 1;
  const auto reject = [&](std::string reason) {
    record.kind = InputRecord::Kind::Rejected;
    record.reason = std::move(reason);
  };
  if (read_error_ != 0) return;  // next_record reports it
  if (bytes.size() > kMaxArchive) return reject("cannot read HoDoKu's game (.hsol): a ZIP archive over 64 MiB");
  if (geometry_ != engine::Geometry{}) {
    return reject("a ZIP archive, read as HoDoKu's game (.hsol), which is 9x9, not " + geometry_.name() +
                  ": read it without --size, --box or --diagonal");
  }
  try {
    const HodokuGame game = read_hodoku_save(bytes);
    record.grid = engine::Grid(geometry_, std::span<const std::uint8_t>(game.givens.data(), game.givens.size()));
    record.note = game.note;
  } catch (const std::exception& e) {
    reject(std::string("cannot read HoDoKu's game (.hsol): ") + e.what());
  }
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

bool PuzzleInput::take_parsed(InputRecord& record) {
  auto parsed = parser_->next();
  if (!parsed) return false;
  if (parsed->puzzle) {
    record.line = parsed->puzzle->line;
    record.first_line = parsed->puzzle->line;
    record.last_line = parsed->puzzle->last_line;
    record.grid = parsed->puzzle->grid;
    record.note = std::move(parsed->puzzle->note);
  } else {
    record.kind = InputRecord::Kind::Rejected;
    record.line = parsed->error->line();
    record.first_line = parsed->error->first_line();
    record.last_line = parsed->error->last_line();
    record.reason = parsed->error->reason();
  }
  return true;
}

bool PuzzleInput::next_record(InputRecord& record) {
  for (;;) {
    if (stopped_) return false;  // a stop asked for ends every source
    if (file_ == nullptr) {
      if (next_path_ >= paths_.size()) return false;
      if (!open_next_source(record)) return true;  // report the unreadable source
    }
    record.kind = InputRecord::Kind::Puzzle;
    record.source = source_;
    record.note.clear();
    record.reason.clear();
    if (take_parsed(record)) return true;
    if (at_end_) {
      if (owns_file_) std::fclose(file_);
      file_ = nullptr;
      if (source_records_ == 0) warn_no_puzzles();
      continue;
    }
    bool too_long = false;
    if (read_line(too_long)) {
      ++line_number_;
      if (too_long) {
        parser_->reject_line("line too long: over " + std::to_string(kMaxLineLength) + " bytes");
      } else {
        parser_->feed(line_);
      }
      continue;
    }
    // End of this source: a read error, or the end (with a grid left unfinished).
    if (read_error_ != 0) {
      const int error = read_error_;
      if (owns_file_) std::fclose(file_);
      file_ = nullptr;
      record.kind = InputRecord::Kind::Unreadable;
      record.reason = error == EINTR ? "stopped reading '" + source_ + "': interrupted"
                                     : "cannot read file '" + source_ + "': " + std::strerror(error);
      return true;
    }
    if (archive_) {
      read_archive(record);
      at_end_ = true;
      return true;
    }
    if (!encoding_error_.empty()) {
      if (owns_file_) std::fclose(file_);
      file_ = nullptr;
      record.kind = InputRecord::Kind::Unreadable;
      record.reason = "cannot read file '" + source_ + "': " + encoding_error_;
      return true;
    }
    parser_->finish();
    at_end_ = true;
  }
}

}  // namespace sudoforge::cli
