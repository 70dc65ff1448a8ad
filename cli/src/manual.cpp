#include "sudoforge/cli/manual.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "output.hpp"
#include "sudoforge/cli/errors.hpp"

namespace sudoforge::cli {

namespace {

// Text made safe for troff: backslashes and hyphens escaped, a line that would
// start with a control character guarded.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (const char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
    line_start = c == '\n';
  }
  return out;
}

// Every command, in the order --help lists them (manual and completion among them).
std::vector<const CLI::App*> commands_of(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

// "--format", "-q, --quiet"; positionals by name.
std::string names_of(const CLI::Option& option) {
  if (option.get_positional() && option.get_lnames().empty() && option.get_snames().empty()) {
    return option.get_name(true);
  }
  std::string names;
  for (const std::string& s : option.get_snames()) names += (names.empty() ? "-" : ", -") + s;
  for (const std::string& l : option.get_lnames()) names += (names.empty() ? "--" : ", --") + l;
  return names;
}

// The values an option takes from a fixed list ("csv", "jsonl"), from CLI11's
// "TEXT:{csv,jsonl}"; empty for any other option.
std::vector<std::string> choices_of(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  const auto open = type.find('{');
  const auto close = type.find('}', open);
  std::vector<std::string> choices;
  if (open == std::string::npos || close == std::string::npos) return choices;
  std::string_view list(type.data() + open + 1, close - open - 1);
  while (!list.empty()) {
    const auto comma = list.find(',');
    choices.emplace_back(list.substr(0, comma));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return choices;
}

// The option's arguments as the man page shows them: "\fITEXT\fR" etc.
std::string argument_of(const CLI::Option& option) {
  if (option.get_items_expected_max() == 0 || option.get_positional()) return {};
  std::string type = option.get_type_name();
  const auto colon = type.find(':');
  if (colon != std::string::npos) type.resize(colon);
  return type.empty() ? std::string() : " \\fI" + roff(type) + "\\fR";
}

}  // namespace

std::string man_page(const CLI::App& app, std::string_view version) {
  std::string out;
  out += ".\\\" Made by 'sudoforge manual' from the program's own command definitions.\n";
  out += fmt::format(".TH SUDOFORGE 1 \"\" \"{}\" \"User Commands\"\n", roff(version));
  out += ".SH NAME\nsudoforge \\- " + roff(app.get_description().substr(app.get_description().find(':') + 2)) + "\n";
  out += ".SH SYNOPSIS\n.B sudoforge\n.I COMMAND\n[\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n";
  out += ".SH DESCRIPTION\n";
  out += "sudoforge generates Sudoku puzzles in bulk on every core, proves each has exactly one solution, rates how "
         "hard it is for a person (on Sudoku Explainer's scale, with levels easy to extreme), stores everything in "
         "an SQLite database, grades puzzle files, explains a puzzle step by step, and prints puzzle books.\n";
  out += ".PP\nEach command takes \\fB\\-\\-help\\fR. Exit codes: 0 success; 1 some input was rejected (no or "
         "several solutions, bad text) or a run ended short of its count; 2 an error (unreadable file, database "
         "error, bad option); 130 stopped by a signal, with what was done committed.\n";
  out += ".SH COMMANDS\n";
  for (const CLI::App* command : commands_of(app)) {
    out += ".SS " + roff(command->get_name()) + "\n" + roff(command->get_description()) + "\n";
    for (const CLI::Option* option : command->get_options()) {
      if (option->get_lnames() == std::vector<std::string>{"help"}) continue;
      out += ".TP\n\\fB" + roff(names_of(*option)) + "\\fR" + argument_of(*option) + "\n";
      std::string text = option->get_description();
      const std::vector<std::string> choices = choices_of(*option);
      if (!choices.empty()) {
        text += " (one of:";
        for (const std::string& choice : choices) text += " " + choice;
        text += ")";
      }
      if (!option->get_default_str().empty()) text += " [default: " + option->get_default_str() + "]";
      out += roff(text) + "\n";
    }
  }
  out += ".SH FILES\n.TP\n.I sudoforge.db\nThe database every command uses unless given \\fB\\-\\-db\\fR.\n";
  out += ".SH SEE ALSO\nThe README of the sources: the grading definitions, the human rating's techniques and "
         "levels, the formats read, and the measured speeds.\n";
  return out;
}

std::string bash_completion(const CLI::App& app) {
  std::string commands;
  std::string per_command;
  std::string values;
  for (const CLI::App* command : commands_of(app)) {
    commands += (commands.empty() ? "" : " ") + command->get_name();
    std::string options = "--help";
    for (const CLI::Option* option : command->get_options()) {
      for (const std::string& s : option->get_snames()) options += " -" + s;
      for (const std::string& l : option->get_lnames()) {
        if (l != "help") options += " --" + l;
      }
      const std::vector<std::string> choices = choices_of(*option);
      if (choices.empty()) continue;
      std::string words;
      for (const std::string& choice : choices) words += (words.empty() ? "" : " ") + choice;
      for (const std::string& l : option->get_lnames()) {
        values += fmt::format("    \"{} --{}\") COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return ;;\n",
                              command->get_name(), l, words);
      }
    }
    per_command += fmt::format("    {}) options=\"{}\" ;;\n", command->get_name(), options);
  }
  std::string out;
  out += "# bash completion for sudoforge; made by 'sudoforge completion' from its command definitions.\n";
  out += "_sudoforge() {\n";
  out += "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" options=\"\"\n";
  out += "  if [[ $COMP_CWORD -eq 1 ]]; then\n";
  out += "    COMPREPLY=($(compgen -W \"" + commands + " --help --version\" -- \"$cur\"))\n";
  out += "    return\n  fi\n";
  out += "  case \"${COMP_WORDS[1]} $prev\" in\n" + values + "  esac\n";
  out += "  case \"${COMP_WORDS[1]}\" in\n" + per_command + "  esac\n";
  out += "  if [[ \"$cur\" == -* ]]; then\n";
  out += "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n";
  out += "  else\n";
  out += "    COMPREPLY=($(compgen -f -- \"$cur\"))\n";
  out += "  fi\n";
  out += "}\n";
  out += "complete -o filenames -F _sudoforge sudoforge\n";
  return out;
}

void setup_manual(CLI::App& app, int& exit_code, std::string_view version) {
  CLI::App* manual = app.add_subcommand("manual", "Print the manual page (troff; what 'man sudoforge' shows)");
  manual->callback([&app, &exit_code, version] {
    Output::standard().write(man_page(app, version));
    exit_code = kExitOk;
  });
  CLI::App* completion = app.add_subcommand("completion", "Print the bash completion script (source it, or install it)");
  completion->callback([&app, &exit_code] {
    Output::standard().write(bash_completion(app));
    exit_code = kExitOk;
  });
}

}  // namespace sudoforge::cli
