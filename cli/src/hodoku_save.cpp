#include "hodoku_save.hpp"

#include "sudoforge/module/module.hpp"

namespace sudoforge::cli {

bool looks_like_zip(std::string_view first_bytes) { return first_bytes.starts_with(std::string_view("PK\x03\x04", 4)); }

HodokuGame read_hodoku_save(std::string_view bytes) {
  using Get = HodokuReader (*)();
  const HodokuReader read = reinterpret_cast<Get>(module::find(kHodokuModule, kHodokuReaderSymbol))();  // (a ModuleError is a std::runtime_error)
  return read(bytes);
}

}  // namespace sudoforge::cli
