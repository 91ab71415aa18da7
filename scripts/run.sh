#!/usr/bin/env bash
# Builds tvm in release mode and runs its main job: the first page of the TVMaze show index.
# Usage: scripts/run.sh [tvm-fetch arguments]   (default: shows)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build
swift build -c release --product tvm-fetch >&2
if (($# == 0)); then set -- shows; fi
exec .build/release/tvm-fetch "$@"
