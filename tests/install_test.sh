#!/bin/sh
# cmake --install puts the program, its manual page and its bash completion where
# the system looks for them, and the installed program runs.
#   install_test.sh BUILD_DIR
set -eu
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$1" --prefix "$prefix" > /dev/null
test -x "$prefix/bin/sudoforge" || { echo "no bin/sudoforge"; exit 1; }
test -s "$prefix/share/man/man1/sudoforge.1" || { echo "no share/man/man1/sudoforge.1"; exit 1; }
test -s "$prefix/share/bash-completion/completions/sudoforge" || { echo "no bash completion"; exit 1; }
"$prefix/bin/sudoforge" --version | grep -q '^sudoforge ' || { echo "the installed program does not run"; exit 1; }
if command -v man > /dev/null 2>&1; then
  man -l "$prefix/share/man/man1/sudoforge.1" 2> /dev/null | grep -q 'generate' || { echo "man cannot read the page"; exit 1; }
fi
echo "installed: bin/sudoforge, share/man/man1/sudoforge.1, share/bash-completion/completions/sudoforge"
