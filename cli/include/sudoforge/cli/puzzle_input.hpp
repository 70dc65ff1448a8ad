#pragma once
// Puzzles read from files or stdin, in order, with every problem kept as a record:
// nothing read is dropped silently.

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "sudoforge/engine/grid.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/grader/grade.hpp"

namespace sudoforge::cli {

struct InputRecord {
  enum class Kind {
    Puzzle,      // grid holds the puzzle
    Rejected,    // a malformed puzzle: reason says why
    Unreadable,  // a source that cannot be opened or read: reason says why
  };
  Kind kind = Kind::Puzzle;
  std::string source;  // file name as given, "<stdin>" for "-"
  int line = 0;        // 1-based; 0 for a whole source
  int first_line = 0;  // the lines it spans: a grid's rows (a bad grid's error names
  int last_line = 0;   // its bad row as `line`, spanning the whole grid)
  engine::Grid grid;
  std::string note;
  std::string reason;

  // "FILE:LINE: reason" (or "cannot open ..." for unreadable sources).
  std::string message() const;
};

// Prints a rejected or unreadable record on stderr ("FILE:LINE: reason", or
// "sudoforge: cannot open ..."), after flushing stdout so the two interleave in order.
void report(const InputRecord& record);
// Reports a puzzle read well but refused later (clash, no or several solutions) as
// "FILE:LINE: reason".
void report_rejection(const InputRecord& record, const grader::Grade& grade);

class PuzzleInput {
 public:
  // Reads `paths` in order ("-" is stdin; no paths means stdin).
  PuzzleInput(std::vector<std::string> paths, const engine::Geometry& geometry, engine::TextFormat format);
  ~PuzzleInput();
  PuzzleInput(const PuzzleInput&) = delete;
  PuzzleInput& operator=(const PuzzleInput&) = delete;

  // Fills `record` with the next record. Returns false when every source is done,
  // or at once when a stop was asked for (InterruptGuard), even mid-line.
  // A source without a single record (empty, or only blank and comment lines) is
  // not an error, but gets a warning on stderr naming it: it is likely the wrong file.
  bool next(InputRecord& record);

  // From now on keep only share `shard` of `shards`: of the puzzles and malformed
  // records, numbered in order from 0, those numbered i with i % shards == shard.
  // Unreadable sources are reported to every share: none of them could read it.
  void set_shard(int shard, int shards);

  // Lines longer than this are rejected without being kept in memory.
  static constexpr std::size_t kMaxLineLength = 1 << 20;

 private:
  bool next_record(InputRecord& record);
  bool take_parsed(InputRecord& record);
  bool open_next_source(InputRecord& record);
  bool read_line(bool& too_long);
  void read_archive(InputRecord& record);
  bool fill_buffer();
  void warn_no_puzzles() const;

  std::vector<std::string> paths_;
  engine::Geometry geometry_;
  engine::TextFormat format_;
  std::size_t next_path_ = 0;
  std::FILE* file_ = nullptr;
  bool owns_file_ = false;
  std::string source_;
  std::unique_ptr<engine::PuzzleParser> parser_;
  std::string line_;
  // Bytes read from file_'s descriptor and not yet split into lines: read() in
  // blocks rather than getc() per byte, but only what is there, so a pipe fed line
  // by line is still answered line by line.
  std::array<char, 1 << 16> buffer_{};
  std::size_t buffer_begin_ = 0;
  std::size_t buffer_end_ = 0;
  static constexpr std::size_t kUnknown = ~std::size_t{0};
  std::size_t next_cr_ = kUnknown;  // where the next '\r' at or after buffer_begin_ is (or buffer_end_)
  bool after_cr_ = false;    // the last line ended with '\r': a '\n' next belongs to it
  bool first_block_ = true;  // the source's first bytes are still to be read
  bool at_end_ = false;      // the source is read: only the parser's results are left
  bool archive_ = false;     // the source is a ZIP archive (a HoDoKu game), not lines
  bool stopped_ = false;     // a stop was asked for (InterruptGuard): no more input
  int read_error_ = 0;  // errno of a failed read of the current source, else 0
  std::string encoding_error_;  // why the source's encoding cannot be read
  int line_number_ = 0;
  std::uint64_t shard_ = 0;
  std::uint64_t shards_ = 1;
  std::uint64_t records_ = 0;         // puzzles and malformed records read so far
  std::uint64_t source_records_ = 0;  // the same, from the current source
};

}  // namespace sudoforge::cli
