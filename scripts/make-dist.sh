#!/usr/bin/env bash
# Builds tvm-VERSION-linux-ARCH.tar.gz (make dist): the release program, its five names as links, the man pages and
# the completion scripts, laid out as a prefix (bin/, share/man/, share/bash-completion/…, share/zsh/site-functions,
# share/fish/vendor_completions.d), with README.md and LICENSE; and beside it the tarball's SHA-256 in
# tvm-VERSION-linux-ARCH.tar.gz.sha256 (`sha256sum -c` checks it). The archive is reproducible: sorted names,
# owner root, the commit's time on every file.
# Usage: scripts/make-dist.sh [OUTPUT_DIR]    (default: the repository; prints the tarball's path on stdout)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
output=${1:-$root}

say() { printf 'make-dist: %s\n' "$*" >&2; }

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/TVMCommandLine/Version.swift)
[[ -n $version ]] || {
    say "error: no version in Sources/TVMCommandLine/Version.swift"
    exit 1
}
name=tvm-$version-linux-$(uname -m)
work=$(mktemp -d "${TMPDIR:-/tmp}/tvm-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT
umask 022

say "make install DESTDIR=$work/stage PREFIX=/$name (release build)"
make --no-print-directory install DESTDIR="$work/stage" PREFIX="/$name" >&2
install -m 644 README.md LICENSE "$work/stage/$name/"
mtime=$(git log -1 --format=%ct 2>/dev/null || date +%s)
mkdir -p "$output"
tar -C "$work/stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -cf - "$name" |
    gzip -9n >"$output/$name.tar.gz"
(cd "$output" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
say "built $output/$name.tar.gz ($(du -h "$output/$name.tar.gz" | cut -f1)), SHA-256 in $name.tar.gz.sha256"
printf '%s\n' "$output/$name.tar.gz"
