#!/usr/bin/env bash
# The one-program goals (issue 14), measured in one run:
#   1. the installed bin/ folder, tvm and its five links together (make install into a scratch prefix): ≤ 80 MB;
#   2. start-up: `tvm --version` against `jq -n 1` (both start, print, exit): ≤ 0.5×;
#   3. a cached `tvm-fetch show 1` (no request) against `tvm-fav list` with 100 favorites: ≤ 2×.
# Usage: Benchmarks/multicall.sh [runs]      Needs: swift, jq, hyperfine.
source "$(dirname "$0")/common.sh"
source "$ROOT/Benchmarks/fav-common.sh"
runs=${1:-100}
build_release

say "make install into a scratch prefix…"
(cd "$ROOT" && make --no-print-directory install PREFIX="$WORK/prefix" >/dev/null)
bin_bytes=$(du -sb "$WORK/prefix/bin" | cut -f1)
files=$(find "$WORK/prefix/bin" -type f | wc -l)
links=$(find "$WORK/prefix/bin" -type l | wc -l)

say "start-up…"
hyperfine --warmup 5 --runs "$runs" -N --export-json "$WORK/jq.json" 'jq -n 1' >&2
hyperfine --warmup 5 --runs "$runs" -N --export-json "$WORK/version.json" "$BIN/tvm --version" >&2

say "cached show against tvm-fav list…"
(cd "$ROOT" && bench_records 100 "$WORK/shows-100.jsonl")
export XDG_CACHE_HOME=$WORK/cache XDG_DATA_HOME=$WORK/data XDG_STATE_HOME=$WORK/state
"$BIN/tvm-fav" add --no-episodes --db "$WORK/fav.sqlite" <"$WORK/shows-100.jsonl" >/dev/null
start_replay --log "$WORK/summary.json"
"$BIN/tvm-fetch" show 1 --api-url "$API" >/dev/null # fills the cache
hyperfine --warmup 5 --runs "$runs" -N --export-json "$WORK/list.json" "$BIN/tvm-fav list --db $WORK/fav.sqlite" >&2
hyperfine --warmup 5 --runs "$runs" -N --export-json "$WORK/cached.json" "$BIN/tvm-fetch show 1 --api-url $API" >&2
stop_replay
requests=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["requestCount"])' "$WORK/summary.json")

ms() { python3 -c "print(f'{float(\"$1\") * 1000:.1f}')"; }
verdict() { python3 -c "import sys; print('met' if float(sys.argv[1]) <= float(sys.argv[2]) else 'MISSED')" "$1" "$2"; }
printf '\n%-52s %s\n' "measurement" "result"
printf '%-52s %.1f MB (%d file, %d links) vs goal 80 MB: %s\n' "installed bin/ (tvm and its five names)" \
    "$(python3 -c "print($bin_bytes / 1e6)")" "$files" "$links" "$(verdict "$bin_bytes" 80000000)"
r=$(ratio "$(mean_seconds version)" "$(mean_seconds jq)")
printf '%-52s %s ms vs %s ms = %sx (goal 0.5x): %s\n' "start-up: tvm --version vs jq -n 1" \
    "$(ms "$(mean_seconds version)")" "$(ms "$(mean_seconds jq)")" "$r" "$(verdict "$r" 0.5)"
r=$(ratio "$(mean_seconds cached)" "$(mean_seconds list)")
printf '%-52s %s ms vs %s ms = %sx (goal 2x, %s request in all): %s\n' "cached tvm-fetch show 1 vs tvm-fav list (100)" \
    "$(ms "$(mean_seconds cached)")" "$(ms "$(mean_seconds list)")" "$r" "$requests" "$(verdict "$r" 2)"
