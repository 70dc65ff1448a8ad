#pragma once
// The one error type the CLI throws for a failed command; main turns it into a
// message on stderr and an exit code.

#include <stdexcept>
#include <string>

namespace sudoforge::cli {

// Exit codes, as ripgrep has them: 0 all good, 1 some input rejected (or a bound
// reached before the count), 2 error; and 130 (128 + SIGINT, as shells report a
// Ctrl-C) for every command stopped by SIGINT, SIGTERM or SIGHUP.
constexpr int kExitOk = 0;
constexpr int kExitRejected = 1;
constexpr int kExitError = 2;
constexpr int kExitInterrupted = 130;

class CliError : public std::runtime_error {
 public:
  explicit CliError(const std::string& message, int exit_code = kExitError)
      : std::runtime_error(message), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

}  // namespace sudoforge::cli
