// sudoforge: the program. The single place where errors become exit codes.

#include <unistd.h>

#include <cstdio>
#include <exception>

#include "output.hpp"
#include "sudoforge/cli/app.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/store/store.hpp"

int main(int argc, char** argv) {
  // Records go out in 64 KiB writes, not stdio's 4 KiB (grading 17clue.txt made 2,651
  // write calls, now 166); a terminal keeps its line buffering. Before any output, as
  // setvbuf requires. Reports of bad records still flush stdout first (report()).
  static char stdout_buffer[1 << 16];
  if (isatty(STDOUT_FILENO) == 0) std::setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
  sudoforge::cli::guard_standard_streams();
  try {
    const int code = sudoforge::cli::run(argc, argv);
    // What is still buffered, checked: output lost is an error, never a success.
    sudoforge::cli::Output::standard().close();
    return code;
  } catch (const sudoforge::store::StoreError& error) {
    std::fprintf(stderr, "sudoforge: %s\n", error.what());
    return sudoforge::cli::kExitError;
  } catch (const sudoforge::cli::CliError& error) {
    std::fprintf(stderr, "sudoforge: %s\n", error.what());
    return error.exit_code();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "sudoforge: error: %s\n", error.what());
    return sudoforge::cli::kExitError;
  }
}
