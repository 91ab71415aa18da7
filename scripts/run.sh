#!/usr/bin/env bash
# Builds tvm in release mode and runs its main job: the first page of the TVMaze show index.
# Usage: scripts/run.sh [tvm-fetch arguments]   (default: shows)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build
# The one program, built as `make install` builds it (the two share one build; the development tools are not
# built), and the five tool names linked to it in .build/release/, where the README points.
swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Osize --product tvm >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
for tool in tvm-fetch tvm-search tvm-fav tvm-episodes tvm-img; do
    ln -sfn tvm "$bin/$tool"
done
if (($# == 0)); then set -- shows; fi
exec "$bin/tvm-fetch" "$@"
