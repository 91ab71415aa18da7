#!/usr/bin/env bash
# Builds tvm in release mode and runs its main job: the first page of the TVMaze show index.
# Usage: scripts/run.sh [tvm-fetch arguments]   (default: shows)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build
# All five tools, built as `make install` builds them (the two share one build): tvm-fav needs tvm-fetch next
# to it, and the README points at .build/release/ for all of them.
swift build -c release --static-swift-stdlib >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
if (($# == 0)); then set -- shows; fi
exec "$bin/tvm-fetch" "$@"
