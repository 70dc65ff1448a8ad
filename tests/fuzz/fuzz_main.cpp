// libFuzzer entry point of one target; SUDOFORGE_FUZZ_TARGET names it (see
// harness.hpp). Built only with SUDOFORGE_FUZZ=ON and clang; run by scripts/fuzz.

#include <cstddef>
#include <cstdint>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sudoforge::fuzz::run_target(SUDOFORGE_FUZZ_TARGET, data, size);  // a FuzzFailure aborts: a finding
  return 0;
}
