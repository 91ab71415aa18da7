#!/usr/bin/env bash
# Checks (and, when it can, installs) what tvm needs to build and test on Debian/Ubuntu.
# Usage: scripts/deps.sh [build|test]
#   build: Swift 6, libjq-dev, libsqlite3-dev, libjpeg-dev, libpng-dev, libwebp-dev (poster previews), zlib1g-dev
#          (export ZIPs)
#   test:  the same, plus the tools the tests drive (jq, sqlite3, tmux, mandoc, man-db, bash-completion, zsh, fish,
#          binutils for readelf, strace to count the processes a tool starts, GNU time for peak memory, openssl
#          for a TLS test server, python3 to read back CSV with a real reader, python3-icalendar to
#          parse the calendars of --format ics, dpkg-dev and lintian to build and check the Debian package, curl
#          and calcurse to fetch and import tvm-fav serve's feed, util-linux for setpriv to run a tool as another user)
set -euo pipefail

purpose=${1:-build}
packages=(libjq-dev libsqlite3-dev libjpeg-dev libpng-dev libwebp-dev zlib1g-dev)
if [[ $purpose == test ]]; then
    packages+=(jq sqlite3 tmux mandoc man-db bash-completion zsh fish binutils strace time openssl python3 python3-icalendar
        dpkg-dev lintian curl calcurse util-linux)
fi

say() { printf 'tvm setup: %s\n' "$*" >&2; }

if ! command -v swift >/dev/null 2>&1; then
    say "error: swift is not on PATH. Install Swift 6 from https://www.swift.org/install/linux/ and try again."
    exit 1
fi
swift_major=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\).*/\1/p' | head -1)
if [[ -z $swift_major || $swift_major -lt 6 ]]; then
    say "error: Swift 6 or later is required; found: $(swift --version 2>&1 | head -1)"
    exit 1
fi

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
    exit 0
fi

say "missing Debian packages: ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
    say "error: apt-get is not available; install these packages with your system's package manager: ${missing[*]}"
    exit 1
fi
sudo=()
if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo=(sudo)
    else
        say "error: not root and no sudo; run as root: apt-get install -y ${missing[*]}"
        exit 1
    fi
fi
say "installing: ${sudo[*]} apt-get install -y ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo[@]}" apt-get install -y -q "${missing[@]}" >&2; then
    say "apt-get install failed; refreshing the package lists and trying once more"
    "${sudo[@]}" apt-get update -q >&2
    "${sudo[@]}" apt-get install -y -q "${missing[@]}" >&2 || {
        say "error: could not install: ${missing[*]}"
        exit 1
    }
fi
