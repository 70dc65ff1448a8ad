#pragma once
// Where records and reports go, every write checked: a write that fails (disk full,
// a pipe closed while SIGPIPE is ignored, standard output closed) throws CliError
// "cannot write to DESTINATION: REASON" (exit code 2), so no command reports success
// over output it lost. Private to cli/.

#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

namespace sudoforge::cli {

class Output {
 public:
  // Standard output (one for the process); main close()s it last, so that an error
  // only the final flush or close reveals is still reported.
  static Output& standard();
  // Creates (truncates) `path`, or appends to it; "-" is standard output.
  static Output open(const std::string& path, bool append = false);

  Output(Output&& other) noexcept;
  Output& operator=(Output&&) = delete;
  Output(const Output&) = delete;
  ~Output();  // closes a file without checking: call close() to know

  void write(std::string_view text);
  // Pushes what is buffered to the destination.
  void flush();
  // Flushes, and closes a file: the last chance for its errors to show.
  void close();

  const std::string& name() const { return name_; }

 private:
  Output(std::FILE* file, std::string name, bool owned) : file_(file), name_(std::move(name)), owned_(owned) {}
  [[noreturn]] void fail(int error) const;

  std::FILE* file_;
  std::string name_;  // "standard output" or "'FILE'"
  bool owned_;
};

// At start-up, before any file is opened: a standard stream (0, 1, 2) that is closed
// gets /dev/null, so that no file opened later takes its number (a database on
// descriptor 1 would receive the records); Output::standard() remembers that its
// stream was closed and fails on the first write.
void guard_standard_streams();

}  // namespace sudoforge::cli
