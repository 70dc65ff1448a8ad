#!/bin/sh
# cmake --install puts the program, its modules, its manual page and its bash
# completion where the system looks for them, and the installed program runs and
# prints (finding its cairo module from where it was installed).
#   install_test.sh BUILD_DIR
set -eu
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$1" --prefix "$prefix" > /dev/null
test -x "$prefix/bin/sudoforge" || { echo "no bin/sudoforge"; exit 1; }
test -s "$prefix/share/man/man1/sudoforge.1" || { echo "no share/man/man1/sudoforge.1"; exit 1; }
test -s "$prefix/share/bash-completion/completions/sudoforge" || { echo "no bash completion"; exit 1; }
"$prefix/bin/sudoforge" --version | grep -q '^sudoforge ' || { echo "the installed program does not run"; exit 1; }
modules=$(find "$prefix" -path '*/sudoforge/sudoforge-cairo.so' -o -path '*/sudoforge/sudoforge-hodoku.so' | wc -l)
[ "$modules" -eq 2 ] || { echo "no lib/sudoforge/sudoforge-cairo.so and sudoforge-hodoku.so"; exit 1; }
"$prefix/bin/sudoforge" generate -q --count 2 --seed 1 --db "$prefix/t.db" || { echo "the installed program cannot generate"; exit 1; }
"$prefix/bin/sudoforge" export --db "$prefix/t.db" --pdf "$prefix/t.pdf" 2> "$prefix/export.err" || {
  echo "the installed program cannot print:"; cat "$prefix/export.err"; exit 1; }
[ "$(head -c 5 "$prefix/t.pdf")" = "%PDF-" ] || { echo "the installed program printed no PDF"; exit 1; }
if command -v man > /dev/null 2>&1; then
  man -l "$prefix/share/man/man1/sudoforge.1" 2> /dev/null | grep -q 'generate' || { echo "man cannot read the page"; exit 1; }
fi
echo "installed: bin/sudoforge, lib/sudoforge/ (its modules), share/man/man1/sudoforge.1, share/bash-completion/completions/sudoforge"
