#!/usr/bin/env bash
# Runs every test: unit tests, end-to-end tests of the built binaries against the local replay server,
# and the generated-file drift checks, then `make install` into a temporary prefix (scripts/test-install.sh, the
# one release build; TVM_SKIP_INSTALL_TEST=1 skips it) and the Debian package (scripts/test-deb.sh: make deb,
# lintian, apt-get install and purge; TVM_SKIP_DEB_TEST=1 skips it). Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh test
swift format lint --strict --recursive Sources Tests Tools Plugins Package.swift
swift build --build-tests

# The suite must run whole. In CI a test skipped for a missing program, or a run of fewer tests than the suite
# holds, fails the run: a green CI must mean every test ran. The only skips allowed are the halves of tests that
# re-run themselves in a child process (they are enabled by a variable only that child sets).
allowed_skips=('the memory measurement, in a process of its own')
log=$(mktemp "${TMPDIR:-/tmp}/tvm-test.XXXXXX")
trap 'rm -f "$log"' EXIT
expected=$(swift test list --skip-build | wc -l)
set +e
if (($# == 0)); then
    # The parallel crowd first, then the tests that wait on the wall clock (RealTimeTests), apart from it.
    swift test --skip-build --skip RealTimeTests 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    if ((status == 0)); then
        # test-install's release build runs beside the real-time tests, which mostly wait on the wall clock. They
        # run from the test binary itself, so that SwiftPM's build folder has one user, the release build.
        tests=$(swift build --show-bin-path)/tvmPackageTests.xctest
        if [[ ${TVM_SKIP_INSTALL_TEST:-} != 1 ]]; then
            release_log=$(mktemp "${TMPDIR:-/tmp}/tvm-release.XXXXXX")
            trap 'rm -f "$log" "$release_log"' EXIT
            make --no-print-directory build >"$release_log" 2>&1 &
            release=$!
        fi
        "$tests" --testing-library swift-testing --filter RealTimeTests 2>&1 | tee -a "$log"
        status=${PIPESTATUS[0]}
        if [[ -n ${release:-} ]] && ! wait "$release"; then
            cat "$release_log" >&2
            echo "test.sh: the release build failed" >&2
            ((status != 0)) || status=1
        fi
    fi
else
    swift test --skip-build "$@" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
fi
set -e
((status == 0)) || exit "$status"
if (($# == 0)); then
    problems=()
    ran=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*passed.*/\1/p' "$log" | awk '{ total += $1 } END { print total + 0 }')
    [[ $ran == "$expected" ]] || problems+=("$ran tests ran, but the suite holds $expected")
    while IFS= read -r line; do
        name=$(sed -n 's/^[^ ]* Test "\(.*\)" skipped.*/\1/p' <<<"$line")
        allowed=0
        for skip in "${allowed_skips[@]}"; do [[ $name == "$skip" ]] && allowed=1; done
        ((allowed)) || problems+=("skipped: ${line#* Test }")
    done < <(grep -E '^[^ ]+ Test ".*" skipped' "$log")
    if ((${#problems[@]} > 0)); then
        printf 'test.sh: %s\n' "${problems[@]}" >&2
        if [[ ${CI:-} == true ]]; then
            echo "test.sh: in CI every test must run: install what is missing (bash scripts/deps.sh test)" >&2
            exit 1
        fi
    fi
fi
# The committed man pages and completions must match what the tools' declarations generate now.
TVM_BIN_DIR=$(swift build --show-bin-path) bash scripts/generate-docs.sh --check || {
    echo "man/ or completions/ are out of date: run scripts/generate-docs.sh and commit the result" >&2
    exit 1
}
if [[ ${TVM_SKIP_INSTALL_TEST:-} != 1 ]]; then
    bash scripts/test-install.sh
fi
if [[ ${TVM_SKIP_DEB_TEST:-} != 1 ]]; then
    bash scripts/test-deb.sh
fi
