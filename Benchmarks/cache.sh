#!/usr/bin/env bash
# The HTTP cache benchmark: a cached repeat of `tvm-fetch show 1` must make no request and take at most
# 2x the start-up of `tvm-fetch --help`, measured in the same run.
source "$(dirname "$0")/common.sh"
build_release
start_replay --log "$WORK/summary.json"
"$BIN/tvm-fetch" show 1 --api-url "$API" >/dev/null   # fills the cache
hyperfine --warmup 5 --runs 50 -N --export-json "$WORK/help.json" "$BIN/tvm-fetch --help" >&2
hyperfine --warmup 5 --runs 50 -N --export-json "$WORK/cached.json" "$BIN/tvm-fetch show 1 --api-url $API" >&2
stop_replay
requests=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["requestCount"])' "$WORK/summary.json")
help=$(mean_seconds help)
cached=$(mean_seconds cached)
printf '\n%-44s %.1f ms vs %.1f ms = %sx (%s requests in all; 1 expected, the first fetch)\n' \
    "cached show 1 vs tvm-fetch --help" "$(python3 -c "print($cached*1000)")" "$(python3 -c "print($help*1000)")" \
    "$(ratio "$cached" "$help")" "$requests"
