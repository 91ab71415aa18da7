#!/usr/bin/env bash
# Builds the Debian package tvm_VERSION_ARCH.deb (make deb) from a staged `make install DESTDIR=… PREFIX=/usr`:
#   - man pages gzip -9n in /usr/share/man; completions in /usr/share/bash-completion/completions,
#     /usr/share/zsh/vendor-completions (Debian's zsh reads no site-functions under /usr) and
#     /usr/share/fish/vendor_completions.d;
#   - Depends from dpkg-shlibdeps; libjq1 only Recommends, as tvm opens it with dlopen for --jq;
#   - /usr/share/doc/tvm/copyright and changelog.gz from packaging/debian, DEBIAN/md5sums; the one lintian
#     override (packaging/debian/lintian-overrides: the zlib that swift-nio-extras compiles in);
#   - the control file from packaging/debian/control.in, its Version from Version.current.
# Then runs `lintian --pedantic` on it, and fails on any error or warning (info tags are listed and justified in
# Notes/issue-29.md). Needs dpkg-dev (dpkg-shlibdeps) and lintian: bash scripts/deps.sh test installs them.
# Usage: scripts/make-deb.sh [OUTPUT_DIR]    (default: the repository; prints the package's path on stdout)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
output=${1:-$root}

say() { printf 'make-deb: %s\n' "$*" >&2; }
fail() {
    say "error: $*"
    exit 1
}
for program in dpkg-deb dpkg-shlibdeps lintian; do
    command -v "$program" >/dev/null || fail "$program is missing: bash scripts/deps.sh test installs it (dpkg-dev, lintian)"
done

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/TVMCommandLine/Version.swift)
[[ -n $version ]] || fail "no version in Sources/TVMCommandLine/Version.swift"
changelog_version=$(sed -n '1s/^tvm (\([^)]*\)).*/\1/p' packaging/debian/changelog)
[[ $changelog_version == "$version" ]] ||
    fail "packaging/debian/changelog's latest entry is $changelog_version, but tvm is $version: add an entry"
arch=$(dpkg --print-architecture)
package=$output/tvm_${version}_${arch}.deb

work=$(mktemp -d "${TMPDIR:-/tmp}/tvm-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
stage=$work/tvm
umask 022

say "make install DESTDIR=$stage PREFIX=/usr (release build)"
make --no-print-directory install DESTDIR="$stage" PREFIX=/usr ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions >&2
# As dh_strip does for a program: no .comment or .note sections (make install already stripped the symbols).
strip --remove-section=.comment --remove-section=.note "$stage/usr/bin/tvm"
gzip -9n "$stage"/usr/share/man/man*/*
doc=$stage/usr/share/doc/tvm
install -d "$doc"
install -m 644 packaging/debian/copyright "$doc/copyright"
gzip -9nc packaging/debian/changelog >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
install -D -m 644 packaging/debian/lintian-overrides "$stage/usr/share/lintian/overrides/tvm"

# dpkg-shlibdeps reads debian/control of a source package; this one is only for it.
mkdir -p "$work/src/debian"
printf 'Source: tvm\n\nPackage: tvm\nArchitecture: any\n' >"$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O -e"$stage/usr/bin/tvm" 2>"$work/shlibdeps.log") ||
    fail "dpkg-shlibdeps failed: $(cat "$work/shlibdeps.log")"
depends=${depends#shlibs:Depends=}
[[ -n $depends ]] || fail "dpkg-shlibdeps found no dependencies"
# Packed relative relocations (RELR, see Package.swift) make glibc older than 2.36 refuse the program (it needs
# GLIBC_ABI_DT_RELR), which libc6's symbols file does not tell dpkg-shlibdeps.
if readelf -VW "$stage/usr/bin/tvm" | grep -q GLIBC_ABI_DT_RELR; then
    libc=$(grep -oE 'libc6 \(>= [^)]*\)' <<<"$depends" | sed -E 's/libc6 \(>= (.*)\)/\1/')
    if [[ -z $libc ]] || dpkg --compare-versions "$libc" lt 2.36; then
        depends=$(sed -E 's/libc6( \([^)]*\))?/libc6 (>= 2.36)/' <<<"$depends")
    fi
fi

install -d "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    packaging/debian/control.in >"$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

mkdir -p "$output"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >&2
say "built $package (Depends: $depends)"

# Lintian: errors and warnings fail the build; the info tags left are shown (and justified in Notes/issue-29.md).
report=$(lintian --pedantic --display-info --display-experimental --tag-display-limit 0 "$package" 2>&1) || true
if grep -Eq '^[EW]: ' <<<"$report"; then
    printf '%s\n' "$report" >&2
    fail "lintian reports errors or warnings (above)"
fi
if [[ -n $report ]]; then
    say "lintian: no error, no warning; what remains:"
    grep -E '^[IPXO]: ' <<<"$report" | sed 's/^/  /' >&2 || true
fi
printf '%s\n' "$package"
