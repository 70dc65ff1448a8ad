#pragma once
// Modules: shared objects the program loads only when a command needs them, so that
// the libraries they link (cairo and Pango for printing; libzip and expat for HoDoKu's
// saved games) are not loaded, at 14 ms a start, by every command that never calls
// them. Each module is built with the program and lies beside it (as installed:
// <prefix>/lib/sudoforge/; in the build tree: build/lib/sudoforge/), and is loaded
// when first asked for and kept for the life of the process.

#include <filesystem>
#include <stdexcept>
#include <string>

namespace sudoforge::module {

class ModuleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The folder the modules are looked for in: $SUDOFORGE_MODULE_DIR when it is set and
// not empty, else the one the program was installed or built with, found from the
// program's own path. Throws ModuleError when the program's path cannot be read.
std::filesystem::path directory();

// The address of `symbol` in module `name` (the file <directory()>/<name>.so),
// loaded if it is not yet. Throws ModuleError naming the file and why: missing,
// not loadable (dlopen's reason), or without the symbol (a module of another build).
void* find(const std::string& name, const char* symbol);

// What the function `symbol` of module `name`, which takes nothing, returns: a
// module's entry point, of type T (*)(). Throws as find() does.
template <typename T>
T entry(const std::string& name, const char* symbol) {
  using Entry = T (*)();
  return reinterpret_cast<Entry>(find(name, symbol))();
}

}  // namespace sudoforge::module
