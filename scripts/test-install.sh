#!/usr/bin/env bash
# Tests `make install` and `make uninstall` into a temporary prefix, as a user would meet the result: the tools
# on PATH, `man tvm-fetch` (and each installed page), completion in new bash, zsh and fish shells, a staged
# install under DESTDIR, and nothing left behind by `make uninstall`. It runs the one release build of the test
# run (`make install` = swift build -c release --static-swift-stdlib). Called by scripts/test.sh.
# Usage: scripts/test-install.sh        (TVM_SKIP_INSTALL_TEST=1 makes scripts/test.sh skip it)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

say() { printf 'test-install: %s\n' "$*" >&2; }
fail() {
    say "FAILED: $*"
    exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/tvm-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
mkdir -p "$work/home"

say "make install PREFIX=$prefix (release build)"
make --no-print-directory install PREFIX="$prefix" >&2

tools=(tvm-fetch tvm-search tvm-fav tvm-episodes tvm-img)
# A user's new shell: the prefix's bin first, an empty home, no MANPATH, the prefix's share for bash and fish.
run_as_user() {
    env -i HOME="$work/home" PATH="$prefix/bin:/usr/local/bin:/usr/bin:/bin" TERM=dumb LANG=C.UTF-8 \
        XDG_DATA_DIRS="$prefix/share:/usr/local/share:/usr/share" TVM_ZSH_FPATH="$prefix/share/zsh/site-functions" \
        "$@"
}

# 1. One program and the five names linked to it, with their pages and scripts.
[[ -x $prefix/bin/tvm && ! -L $prefix/bin/tvm ]] || fail "$prefix/bin/tvm was not installed"
for tool in "${tools[@]}"; do
    [[ -L $prefix/bin/$tool && $(readlink "$prefix/bin/$tool") == tvm ]] ||
        fail "$prefix/bin/$tool is not a link to tvm"
done
programs=$(find "$prefix/bin" -type f | wc -l)
((programs == 1)) || fail "expected one program in $prefix/bin, found $programs"
size=$(du -sbL "$prefix/bin/tvm" | cut -f1)
say "bin/: tvm is $((size / 1024 / 1024)) MiB, the five names are links to it"
((size <= 80 * 1000 * 1000)) || fail "bin/tvm is $size bytes, over the 80 MB goal"
# A hardened program (Debian's hardening, lintian): position-independent (ET_DYN), full RELRO, BIND_NOW; and libjq
# opened only for --jq, never at start-up.
header=$(readelf -h "$prefix/bin/tvm")
[[ $header == *"DYN (Position-Independent Executable file)"* || $header == *"Type:"*"DYN"* ]] ||
    fail "tvm is not position-independent: $(grep Type: <<<"$header")"
readelf -lW "$prefix/bin/tvm" | grep -q GNU_RELRO || fail "tvm has no GNU_RELRO segment"
dynamic=$(readelf -dW "$prefix/bin/tvm")
grep -Eq '\(BIND_NOW\)|\(FLAGS\).*BIND_NOW' <<<"$dynamic" || fail "tvm is not linked with BIND_NOW"
grep -Eq '\(FLAGS_1\).*NOW' <<<"$dynamic" || fail "tvm's FLAGS_1 lacks NOW (full RELRO)"
needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' <<<"$dynamic" | tr '\n' ' ')
[[ $needed != *libjq* ]] || fail "tvm loads libjq at start-up; it should be opened for --jq only"
# Swift flags some constant data writable; Linking/read-only-data.ld keeps .rodata out of the writable segment.
rodata=$(readelf -SW "$prefix/bin/tvm" |
    sed -n 's/^ *\[ *[0-9]*\] \.rodata  *PROGBITS  *[0-9a-f]*  *[0-9a-f]*  *[0-9a-f]*  *[0-9a-f]*  *\([A-Za-z]*\) .*/\1/p')
[[ -n $rodata && $rodata != *W* ]] || fail "tvm's .rodata is writable (flags '$rodata'): see Linking/read-only-data.ld"
say "hardening: PIE, GNU_RELRO and BIND_NOW, a read-only .rodata; libjq opened on first use"
version=$(run_as_user tvm-fetch --version) || fail "tvm-fetch --version failed"
[[ -n $version ]] || fail "tvm-fetch --version printed nothing"
[[ $(run_as_user tvm --version) == "$version" ]] || fail "tvm --version differs from tvm-fetch --version"
run_as_user tvm fav list >/dev/null || fail "tvm fav list failed"
for file in share/bash-completion/completions/tvm share/zsh/site-functions/_tvm \
    share/fish/vendor_completions.d/tvm.fish; do
    [[ -f $prefix/$file ]] || fail "$prefix/$file was not installed"
done
for tool in "${tools[@]}"; do
    for file in "share/man/man1/$tool.1" "share/bash-completion/completions/$tool" "share/zsh/site-functions/_$tool" \
        "share/fish/vendor_completions.d/$tool.fish"; do
        [[ -f $prefix/$file ]] || fail "$prefix/$file was not installed"
    done
done
[[ -f $prefix/share/man/man7/tvm.7 ]] || fail "tvm.7 was not installed"
[[ -f $prefix/share/man/man1/tvm.1 ]] || fail "tvm.1, the page of bin/tvm, was not installed"

# 2. man finds each page from PATH alone (man-db looks in ../share/man of each PATH folder), and with -M.
command -v man >/dev/null || fail "man is missing: bash scripts/deps.sh test installs man-db"
for page in "${tools[@]}" "1 tvm" "7 tvm"; do
    # shellcheck disable=SC2086
    located=$(run_as_user man -w $page) || fail "man -w $page found nothing"
    [[ $located == "$prefix/share/man/"* ]] || fail "man -w $page found $located, not the installed page"
    # shellcheck disable=SC2086
    text=$(run_as_user env MANPAGER=cat MANWIDTH=100 man $page 2>&1) || fail "man $page failed: $text"
    [[ $text == *"EXIT STATUS"* && $text == *"TVmaze"* ]] || fail "man $page does not render its page: ${text:0:300}"
    # shellcheck disable=SC2086
    run_as_user man -M "$prefix/share/man" -w $page >/dev/null || fail "man -M PREFIX/share/man $page failed"
done
say "man: ${tools[*]}, tvm(1) and tvm(7) found from PATH and with -M"

# 3. A new shell completes from the installed scripts, found where each shell looks by itself.
# shellcheck source=Tests/Shells/expect-completion.bash
source "$root/Tests/Shells/expect-completion.bash"
for shell in bash zsh fish; do
    expect_completion "$shell" "tvm-fetch sh" shows
    expect_completion "$shell" "tvm-fetch show --embed " nextepisode
    expect_completion "$shell" "tvm-episodes --format " jsonl
    expect_completion "$shell" "tvm fe" fetch
    expect_completion "$shell" "tvm fetch sh" shows
    expect_completion "$shell" "tvm episodes --format " jsonl
done
# Values only the installed binary knows: a favorite's id (the record is stored as given, with no request).
jq -c . Tests/Fixtures/tvmaze/shows/139.json | run_as_user tvm-fav add --quiet --no-episodes --api-url http://127.0.0.1:9 >/dev/null ||
    fail "tvm-fav add of a recorded show failed"
for shell in bash zsh fish; do
    expect_completion "$shell" "tvm-fav rm " 139
    expect_completion "$shell" "tvm fav rm " 139
done
say "completion: bash, zsh and fish complete the installed tools, and tvm-fav rm a favorite's id"

# 4. make uninstall removes everything install put there.
make --no-print-directory uninstall PREFIX="$prefix" >&2
left=$(find "$prefix" -type f -o -type l)
[[ -z $left ]] || fail "make uninstall left files behind: $left"

# 5. A staged install: everything lands under DESTDIR/PREFIX, and uninstall with the same DESTDIR removes it.
make --no-print-directory install DESTDIR="$work/stage" PREFIX=/usr >&2
[[ -x $work/stage/usr/bin/tvm-fetch && -f $work/stage/usr/share/man/man7/tvm.7 ]] ||
    fail "make install DESTDIR=… PREFIX=/usr did not stage under DESTDIR"
make --no-print-directory uninstall DESTDIR="$work/stage" PREFIX=/usr >&2
left=$(find "$work/stage" -type f -o -type l)
[[ -z $left ]] || fail "make uninstall DESTDIR=… left files behind: $left"
# 6. make dist: a tarball of the same program, pages and scripts, its SHA-256 beside it, runnable where unpacked.
tarball=$(bash scripts/make-dist.sh "$work/dist") || fail "make dist failed"
(cd "$work/dist" && sha256sum --quiet -c "$(basename "$tarball").sha256") || fail "the tarball's SHA-256 does not match"
mkdir -p "$work/unpacked"
tar -C "$work/unpacked" -xzf "$tarball"
unpacked=$(find "$work/unpacked" -mindepth 1 -maxdepth 1 -type d)
[[ $(basename "$unpacked") == tvm-*-linux-* ]] || fail "the tarball does not hold one tvm-VERSION-linux-ARCH folder"
for file in bin/tvm bin/tvm-fav share/man/man1/tvm.1 share/man/man1/tvm-fav.1 share/man/man7/tvm.7 \
    share/bash-completion/completions/tvm-fav share/zsh/site-functions/_tvm-fav \
    share/fish/vendor_completions.d/tvm-fav.fish README.md LICENSE; do
    [[ -e $unpacked/$file ]] || fail "the tarball lacks $file"
done
[[ $("$unpacked/bin/tvm-fav" --version) == "$version" ]] || fail "the tarball's tvm-fav --version is not $version"
say "dist: $(basename "$tarball") and its SHA-256; the unpacked bin/ runs"
say "ok: install, man, completion, uninstall, DESTDIR staging and make dist"
