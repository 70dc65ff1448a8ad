#pragma once
// `sudoforge manual` and `sudoforge completion`: the manual page and the bash
// completion script, made from the command definitions themselves, so they never
// fall behind the options. The build runs both for `cmake --install`.

#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace sudoforge::cli {

// The manual page (troff, man(7) macros) of `app` and every command it holds:
// each command, each option with its argument type, choices and default.
std::string man_page(const CLI::App& app, std::string_view version);
// A bash completion script: command names, each command's options, the values of
// options that take one of a fixed list, file names otherwise.
std::string bash_completion(const CLI::App& app);

// Registers both commands on `app` (which must outlive the parse); `version` must
// outlive it too.
void setup_manual(CLI::App& app, int& exit_code, std::string_view version);

}  // namespace sudoforge::cli
