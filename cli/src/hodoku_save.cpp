#include "hodoku_save.hpp"

#include "sudoforge/module/module.hpp"

namespace sudoforge::cli {

bool looks_like_zip(std::string_view first_bytes) { return first_bytes.starts_with(std::string_view("PK\x03\x04", 4)); }

HodokuGame read_hodoku_save(std::string_view bytes) {
  // (A ModuleError is a std::runtime_error.)
  return module::entry<HodokuReader>(kHodokuModule, kHodokuReaderSymbol)(bytes);
}

}  // namespace sudoforge::cli
