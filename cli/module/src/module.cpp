#include "sudoforge/module/module.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <system_error>

namespace sudoforge::module {

std::filesystem::path directory() {
  if (const char* chosen = std::getenv("SUDOFORGE_MODULE_DIR"); chosen != nullptr && *chosen != '\0') return chosen;
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) throw ModuleError("cannot find the program's own folder (/proc/self/exe): " + error.message());
  return (program.parent_path() / SUDOFORGE_MODULES_FROM_PROGRAM).lexically_normal();
}

void* find(const std::string& name, const char* symbol) {
  const std::string path = (directory() / (name + ".so")).string();
  // Loaded again it is the same handle (dlopen counts); never closed: the libraries
  // it links keep state (GLib's types) that must outlive any use.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* error = dlerror();
    std::string why = error != nullptr ? error : "unknown reason";  // (its path first: said once)
    if (why.starts_with(path + ": ")) why.erase(0, path.size() + 2);
    throw ModuleError("cannot load module '" + path + "': " + why +
                      " (a sudoforge installed or built whole has it; SUDOFORGE_MODULE_DIR names another folder)");
  }
  dlerror();  // (clear)
  void* address = dlsym(handle, symbol);
  if (address == nullptr) {
    throw ModuleError("cannot use module '" + path + "': it has no '" + std::string(symbol) +
                      "' (a module of another sudoforge build?)");
  }
  return address;
}

}  // namespace sudoforge::module
