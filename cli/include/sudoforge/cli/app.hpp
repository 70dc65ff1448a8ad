#pragma once
// The sudoforge command line: every subcommand, parsed and run.

namespace sudoforge::cli {

// Parses the arguments and runs the chosen command. Returns the exit code;
// throws CliError (or std::exception) for main to report.
int run(int argc, char** argv);

}  // namespace sudoforge::cli
