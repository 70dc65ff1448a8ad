#include "output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sudoforge/cli/errors.hpp"

namespace sudoforge::cli {

namespace {
bool g_stdout_closed = false;
}  // namespace

void guard_standard_streams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int null = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
    if (null >= 0 && null != fd) {
      ::dup2(null, fd);
      ::close(null);
    }
    if (fd == 1) g_stdout_closed = true;
  }
}

Output& Output::standard() {
  static Output out(stdout, "standard output", true);  // close() at the end of main closes it, checked
  return out;
}

Output Output::open(const std::string& path, bool append) {
  if (path == "-") return Output(stdout, "standard output", false);
  std::FILE* file = std::fopen(path.c_str(), append ? "ab" : "wb");
  if (file == nullptr) throw CliError("cannot open file '" + path + "' for writing: " + std::strerror(errno));
  return Output(file, "'" + path + "'", true);
}

Output::Output(Output&& other) noexcept : file_(other.file_), name_(std::move(other.name_)), owned_(other.owned_) {
  other.file_ = nullptr;
  other.owned_ = false;
}

Output::~Output() {
  if (owned_ && file_ != nullptr) std::fclose(file_);
}

void Output::fail(int error) const {
  if (file_ == stdout && g_stdout_closed) throw CliError("cannot write to standard output: it is closed");
  throw CliError("cannot write to " + name_ + ": " + std::strerror(error != 0 ? error : EIO));
}

void Output::write(std::string_view text) {
  if (file_ == stdout && g_stdout_closed) fail(EBADF);
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) fail(errno);
}

void Output::flush() {
  if (file_ == nullptr) return;
  if (file_ == stdout && g_stdout_closed) return;  // nothing was written (write() fails first)
  errno = 0;
  if (std::fflush(file_) != 0 || std::ferror(file_) != 0) fail(errno);
}

void Output::close() {
  flush();
  if (!owned_ || file_ == nullptr) return;
  std::FILE* file = file_;
  file_ = nullptr;
  owned_ = false;
  errno = 0;
  if (std::fclose(file) != 0) fail(errno);
}

}  // namespace sudoforge::cli
