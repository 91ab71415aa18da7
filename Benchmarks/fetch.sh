#!/usr/bin/env bash
# tvm-fetch benchmarks, two ratios measured in one run:
#   1. start-up: `tvm-fetch --version` against `jq -n 1` (both start, print, exit);
#   2. paging: `tvm-fetch shows --all` over 60 pages from a local server that enforces 20 calls per
#      10 seconds (and answers 429 past that), against the pacing floor: the earliest time 61 requests
#      can be sent within the window, (61 - 1) / 20 * 10 s = 30 s. A ratio near 1 means the client waits
#      no longer than the limit requires; the server's 429 count must be 0.
source "$(dirname "$0")/common.sh"
build_release

say "start-up…"
hyperfine --warmup 5 --runs 50 -N --export-json "$WORK/jq.json" 'jq -n 1' >&2
hyperfine --warmup 5 --runs 50 -N --export-json "$WORK/tvm.json" "$BIN/tvm-fetch --version" >&2
jq_mean=$(mean_seconds jq)
tvm_mean=$(mean_seconds tvm)

say "paging 60 pages at 20 calls / 10 s…"
pages=60
start_replay --rate-limit 20/10 --synthetic-pages "$pages" --log "$WORK/summary.json"
start_ns=$(date +%s%N)
"$BIN/tvm-fetch" shows --all --api-url "$API" --quiet >"$WORK/all.jsonl"
end_ns=$(date +%s%N)
stop_replay
walk=$(python3 -c "print(($end_ns - $start_ns) / 1e9)")
floor=$(python3 -c "print(($pages + 1 - 1) // 20 * 10)")
lines=$(wc -l <"$WORK/all.jsonl")
rejected=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tooManyRequestsCount"])' "$WORK/summary.json")
window=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["maxRequestsIn10Seconds"])' "$WORK/summary.json")

printf '\n%-44s %s\n' "measurement" "result"
printf '%-44s %.1f ms vs %.1f ms = %sx\n' "start-up: tvm-fetch --version vs jq -n 1" \
    "$(python3 -c "print($tvm_mean*1000)")" "$(python3 -c "print($jq_mean*1000)")" "$(ratio "$tvm_mean" "$jq_mean")"
printf '%-44s %.2f s vs %d s floor = %sx (%s shows, max %s calls in 10 s, %s 429s)\n' \
    "shows --all, $pages pages at 20 calls/10 s" "$walk" "$floor" "$(ratio "$walk" "$floor")" "$lines" "$window" "$rejected"
