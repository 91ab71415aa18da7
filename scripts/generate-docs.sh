#!/usr/bin/env bash
# Regenerates the committed man pages (man/) and shell completions (completions/) from the tools' ArgumentParser
# declarations; with --check, regenerates them into a scratch folder and fails if the committed files differ.
#
# Usage: scripts/generate-docs.sh [--check]     (make docs = scripts/generate-docs.sh)
#   TVM_BIN_DIR=DIR  use the tvm and tvm-docs already built in DIR (the tests do this); otherwise `swift build`
#                    builds them.
#
# The tools are the five names of the tvm program (links to it, made here as make install makes them). For each:
#   TOOL --experimental-dump-help | tvm-docs manual           > man/TOOL.1
#   TVM_RAW_COMPLETION_SCRIPT=1 TOOL --generate-completion-script SHELL | tvm-docs completion SHELL TOOL
#                                        > completions/bash/TOOL, completions/zsh/_TOOL, completions/fish/TOOL.fish
# (the variable asks for ArgumentParser's own script; without it a tool prints the installed one, built in from
# completions/ as `tvm completion SHELL` prints it)
# and tvm-docs overview < docs/tvm.7.in > man/tvm.7 (and docs/tvm.1.in > man/tvm.1, the page of the tvm program
# itself); the completion scripts of `tvm` itself are copied from
# docs/completions. Every page must pass `mandoc -Tlint -W warning`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

mode=write
case "${1:-}" in
--check) mode=check ;;
"") ;;
*)
    echo "usage: scripts/generate-docs.sh [--check]" >&2
    exit 64
    ;;
esac

say() { printf 'generate-docs: %s\n' "$*" >&2; }

command -v mandoc >/dev/null || {
    say "error: mandoc is missing (it checks the pages): bash scripts/deps.sh test"
    exit 1
}

if [[ -n ${TVM_BIN_DIR:-} ]]; then
    bin=$TVM_BIN_DIR
else
    swift build --product tvm >&2
    swift build --product tvm-docs >&2
    bin=$(swift build --show-bin-path)
fi
for program in tvm tvm-docs; do
    [[ -x $bin/$program ]] || {
        say "error: $bin/$program is missing; build the package first (swift build)"
        exit 1
    }
done

tools=(tvm-fetch tvm-search tvm-fav tvm-episodes tvm-img)

work=$(mktemp -d "${TMPDIR:-/tmp}/tvm-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/man" "$work/completions/bash" "$work/completions/zsh" "$work/completions/fish" "$work/bin"

for tool in "${tools[@]}"; do
    ln -s "$(cd "$bin" && pwd)/tvm" "$work/bin/$tool"
    dump=$("$work/bin/$tool" --experimental-dump-help 2>&1) || true
    if [[ $dump != "{"* ]]; then
        say "error: $tool --experimental-dump-help did not print JSON: ${dump:0:200}"
        exit 1
    fi
    printf '%s\n' "$dump" | "$bin/tvm-docs" manual >"$work/man/$tool.1"
    for shell in bash zsh fish; do
        case $shell in
        bash) target=$work/completions/bash/$tool ;;
        zsh) target=$work/completions/zsh/_$tool ;;
        fish) target=$work/completions/fish/$tool.fish ;;
        esac
        TVM_RAW_COMPLETION_SCRIPT=1 "$work/bin/$tool" --generate-completion-script "$shell" |
            "$bin/tvm-docs" completion "$shell" "$tool" >"$target"
    done
done
"$bin/tvm-docs" overview <docs/tvm.7.in >"$work/man/tvm.7"
"$bin/tvm-docs" overview <docs/tvm.1.in >"$work/man/tvm.1"
cp docs/completions/tvm.bash "$work/completions/bash/tvm"
cp docs/completions/_tvm.zsh "$work/completions/zsh/_tvm"
cp docs/completions/tvm.fish "$work/completions/fish/tvm.fish"

lint_failed=0
for page in "$work"/man/*; do
    # Warnings and errors fail; style notes (such as a cross reference to a page not installed here) do not.
    if ! report=$(mandoc -Tlint -W warning "$page" 2>&1) || [[ -n $report ]]; then
        say "mandoc -Tlint reports problems in man/$(basename "$page"):"
        printf '%s\n' "${report//$work\//}" >&2
        lint_failed=1
    fi
done
((lint_failed == 0)) || exit 1

if [[ $mode == check ]]; then
    differences=0
    for folder in man completions; do
        if ! diff -ruN "$root/$folder" "$work/$folder" >"$work/$folder.diff"; then
            differences=1
            sed "s|$work/||g; s|$root/||g" "$work/$folder.diff" | head -60 >&2
        fi
    done
    if ((differences)); then
        say "error: man/ or completions/ differ from what the tools' declarations generate (diff above:"
        say "       --- committed, +++ generated). Run \`make docs\` and commit man/ and completions/."
        exit 1
    fi
    say "man/ and completions/ are up to date ($(find "$work/man" -type f | wc -l) pages, $(find "$work/completions" -type f | wc -l) completion scripts)"
    exit 0
fi

rm -f man/*.1 man/*.7 completions/bash/* completions/zsh/_* completions/fish/*.fish
mkdir -p man completions/bash completions/zsh completions/fish
cp "$work"/man/* man/
for shell in bash zsh fish; do
    if compgen -G "$work/completions/$shell/*" >/dev/null; then cp "$work/completions/$shell"/* "completions/$shell/"; fi
done
say "wrote $(find "$work/man" -type f | wc -l) pages to man/ and $(find "$work/completions" -type f | wc -l) scripts to completions/"
