#!/usr/bin/env bash
# Runs every test: unit tests, end-to-end tests of the built binaries against the local replay server,
# and the generated-file drift checks, then `make install` into a temporary prefix (scripts/test-install.sh, the
# one release build; TVM_SKIP_INSTALL_TEST=1 skips it). Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh test
swift format lint --strict --recursive Sources Tests Tools Package.swift
swift build --build-tests
swift test --skip-build "$@"
# The committed man pages and completions must match what the tools' declarations generate now.
TVM_BIN_DIR=$(swift build --show-bin-path) bash scripts/generate-docs.sh --check || {
    echo "man/ or completions/ are out of date: run scripts/generate-docs.sh and commit the result" >&2
    exit 1
}
if [[ ${TVM_SKIP_INSTALL_TEST:-} != 1 ]]; then
    bash scripts/test-install.sh
fi
