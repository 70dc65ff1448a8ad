// sudoforge: the program. The single place where errors become exit codes.

#include <cstdio>
#include <exception>

#include "sudoforge/cli/app.hpp"
#include "sudoforge/cli/errors.hpp"
#include "sudoforge/store/store.hpp"

int main(int argc, char** argv) {
  try {
    return sudoforge::cli::run(argc, argv);
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
