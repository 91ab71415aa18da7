#!/usr/bin/env bash
# Tests the Debian package as a user of CI's machine meets it: `make deb` (which fails on any lintian error or
# warning), its contents and control fields, then `apt-get install ./tvm_….deb`, `tvm --version`, `man -w tvm-fav`,
# completion from the installed scripts in new bash, zsh and fish shells, then `apt-get purge` and nothing left.
# It needs root (or sudo) for apt-get, and dpkg-dev and lintian (bash scripts/deps.sh test installs them); without
# dpkg-deb or lintian it says so and skips, except in CI (CI=true), where a skip fails. Called by scripts/test.sh.
# Usage: scripts/test-deb.sh        (TVM_SKIP_DEB_TEST=1 makes scripts/test.sh skip it)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

say() { printf 'test-deb: %s\n' "$*" >&2; }
fail() {
    say "FAILED: $*"
    exit 1
}

for program in dpkg-deb dpkg-shlibdeps lintian; do
    if ! command -v "$program" >/dev/null; then
        [[ ${CI:-} == true ]] && fail "$program is missing; in CI the package test must run (bash scripts/deps.sh test)"
        say "SKIPPED: $program is not installed (bash scripts/deps.sh test installs dpkg-dev and lintian)"
        exit 0
    fi
done
sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || fail "apt-get install needs root: run as root or install sudo"
    sudo=(sudo)
fi
if dpkg-query -W -f='${Status}' tvm 2>/dev/null | grep -q 'installed'; then
    fail "a tvm package is already installed here; remove it first (apt-get purge tvm)"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/tvm-deb-test.XXXXXX")
installed=0
cleanup() {
    if ((installed)); then "${sudo[@]}" apt-get purge -y -q tvm >/dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/home"

# 1. The package: built, lintian-clean (make-deb.sh fails otherwise), with the files and fields it promises.
package=$(bash scripts/make-deb.sh "$work") || fail "make deb failed"
[[ -f $package && $(basename "$package") == tvm_*_"$(dpkg --print-architecture)".deb ]] || fail "no package: $package"
contents=$(dpkg-deb -c "$package" | awk '{ print $6 }' | sed 's|^\./|/|')
tools=(tvm-fetch tvm-search tvm-fav tvm-episodes tvm-img)
expected=(/usr/bin/tvm /usr/share/man/man1/tvm.1.gz /usr/share/man/man7/tvm.7.gz /usr/share/doc/tvm/copyright
    /usr/share/doc/tvm/changelog.gz /usr/share/bash-completion/completions/tvm /usr/share/zsh/vendor-completions/_tvm
    /usr/share/fish/vendor_completions.d/tvm.fish)
for tool in "${tools[@]}"; do
    expected+=("/usr/bin/$tool" "/usr/share/man/man1/$tool.1.gz" "/usr/share/bash-completion/completions/$tool"
        "/usr/share/zsh/vendor-completions/_$tool" "/usr/share/fish/vendor_completions.d/$tool.fish")
done
for path in "${expected[@]}"; do
    grep -qx -- "$path" <<<"$contents" || fail "the package lacks $path"
done
! grep -E '/site-functions/|\.[17]$' <<<"$contents" || fail "the package holds site-functions or uncompressed pages"
depends=$(dpkg-deb -f "$package" Depends)
[[ $depends == *libc6* ]] || fail "Depends lacks libc6: $depends"
dpkg-deb -x "$package" "$work/extracted"
if readelf -VW "$work/extracted/usr/bin/tvm" | grep -q GLIBC_ABI_DT_RELR; then
    [[ $depends == *"libc6 (>= 2.36)"* ]] || fail "the program packs RELR (glibc 2.36) but Depends says: $depends"
fi
[[ $depends != *libjq* ]] || fail "libjq is in Depends, but tvm opens it only for --jq: $depends"
[[ $(dpkg-deb -f "$package" Recommends) == libjq1 ]] || fail "Recommends is not libjq1"
grep -q 'CC BY-SA 4.0' <(dpkg-deb --fsys-tarfile "$package" | tar -xOf - ./usr/share/doc/tvm/copyright) ||
    fail "the copyright file does not credit TVmaze's CC BY-SA data"
say "package: $(basename "$package"), Depends: $depends"

# 2. Installed with apt-get, as a user would; then used from a new login's environment.
installed=1
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$package" >&2 ||
    fail "apt-get install $package failed"
run_as_user() { env -i HOME="$work/home" PATH=/usr/bin:/bin TERM=dumb LANG=C.UTF-8 "$@"; }
[[ $(command -v tvm) == /usr/bin/tvm ]] || fail "tvm is not /usr/bin/tvm after the install"
version=$(run_as_user tvm --version) || fail "tvm --version failed"
[[ $version =~ ^tvm\ [0-9]+\.[0-9]+\.[0-9]+\ \(rev\ [^\)]+\)$ ]] || fail "tvm --version printed '$version'"
[[ $(run_as_user tvm-fav --version) == "$version" ]] || fail "tvm-fav --version differs from tvm --version"
for page in tvm-fav tvm "7 tvm"; do
    # shellcheck disable=SC2086
    located=$(run_as_user man -w $page) || fail "man -w $page found nothing"
    [[ $located == /usr/share/man/man[17]/*.gz ]] || fail "man -w $page found $located"
done
say "installed: $version; man -w tvm-fav is $(run_as_user man -w tvm-fav)"
# shellcheck source=Tests/Shells/expect-completion.bash
source "$root/Tests/Shells/expect-completion.bash"
for shell in bash zsh fish; do
    expect_completion "$shell" "tvm-fetch sh" shows
    expect_completion "$shell" "tvm fe" fetch
done
# tvm completion prints what the package installed.
for shell in bash zsh fish; do
    case $shell in
    bash) installed_script=/usr/share/bash-completion/completions/tvm-fav ;;
    zsh) installed_script=/usr/share/zsh/vendor-completions/_tvm-fav ;;
    fish) installed_script=/usr/share/fish/vendor_completions.d/tvm-fav.fish ;;
    esac
    cmp -s <(run_as_user tvm completion "$shell" fav) "$installed_script" ||
        fail "tvm completion $shell fav differs from $installed_script"
done
say "completion: bash, zsh and fish complete from the installed scripts; tvm completion prints them"

# 3. Purged: every file and link the package held is gone.
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q tvm >&2 || fail "apt-get purge tvm failed"
installed=0
if dpkg-query -W -f='${Status}' tvm 2>/dev/null | grep -q 'installed'; then fail "tvm is still installed"; fi
left=()
while IFS= read -r path; do
    [[ -z $path || $path == */ ]] && continue
    if [[ -e $path || -L $path ]]; then left+=("$path"); fi
done <<<"$contents"
((${#left[@]} == 0)) || fail "apt-get purge left: ${left[*]}"
[[ ! -e /usr/share/doc/tvm ]] || fail "apt-get purge left /usr/share/doc/tvm"
say "ok: make deb, lintian, apt-get install, --version, man, completion, purge"
