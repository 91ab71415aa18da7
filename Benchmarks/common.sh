# Shared by the benchmark scripts: build in release mode, start the replay server, time commands.
# Source it from a script in this folder; it sets ROOT, BIN and a scratch folder WORK.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=$ROOT/.build/release
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tvm-bench.XXXXXX")
REPLAY_PID=
cleanup() {
    if [[ -n $REPLAY_PID ]]; then kill "$REPLAY_PID" 2>/dev/null || true; wait "$REPLAY_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
# Every request a script does not point at the replay server goes to a port nothing listens on, never to TVMaze.
export TVM_API_URL=http://127.0.0.1:9

say() { printf '%s\n' "$*" >&2; }

build_release() {
    bash "$ROOT/scripts/deps.sh" test
    command -v hyperfine >/dev/null || {
        say "benchmarks need hyperfine: apt-get install -y hyperfine"
        exit 1
    }
    say "building release binaries (static Swift runtime, as 'make install' builds them)…"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Osize --product tvm >&2)
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Osize --product tvm-replay >&2)
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Osize --product tvm-bench-catalog >&2)
    # The five tool names, linked to the one program as make install links them.
    for tool in tvm-fetch tvm-search tvm-fav tvm-episodes tvm-img; do ln -sfn tvm "$BIN/$tool"; done
}

# start_replay [tvm-replay flags…]: starts the replay server on the recorded fixtures (or $FIXTURES); sets API.
start_replay() {
    "$BIN/tvm-replay" --fixtures "${FIXTURES:-$ROOT/Tests/Fixtures/tvmaze}" "$@" >"$WORK/replay.out" 2>"$WORK/replay.err" &
    REPLAY_PID=$!
    for _ in $(seq 100); do
        [[ -s $WORK/replay.out ]] && break
        sleep 0.05
    done
    API=$(head -1 "$WORK/replay.out")
    [[ $API == http://127.0.0.1:* ]] || { say "replay server did not start: $(cat "$WORK/replay.err")"; exit 1; }
}

stop_replay() {
    kill -INT "$REPLAY_PID"
    wait "$REPLAY_PID" || true
    REPLAY_PID=
}

# mean_seconds NAME: the mean time of hyperfine's JSON export $WORK/NAME.json.
mean_seconds() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["mean"])' "$WORK/$1.json"
}

# ratio A B: A / B with three decimals.
ratio() { python3 -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.3f}")' "$1" "$2"; }

# Isolated XDG folders, so the benchmarks neither read nor fill the user's own cache and favorites.
export XDG_CACHE_HOME=$WORK/cache XDG_DATA_HOME=$WORK/data XDG_STATE_HOME=$WORK/state
unset HTTPS_PROXY https_proxy HTTP_PROXY http_proxy
