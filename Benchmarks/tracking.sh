#!/usr/bin/env bash
# Benchmark (issue 18): 100 favorites of 100 episodes each, half of them watched, offline:
#   1. `tvm-fav next` against `tvm-fav list` of the same favorites: target at most 3x;
#   2. `tvm-fav list | tvm-episodes --upcoming --offline --format ics` against `tvm-fav list`: target at most 5x.
# The episodes are the first 100 recorded episodes of Person of Interest (shows/2/episodes.json), given to every
# favorite with ids of their own, written with sqlite3 as tvm-fav add would keep them. TVM_NOW fixes the clock in
# its last season, so the week ahead holds a few episodes of every show (300 events).
# Usage: Benchmarks/tracking.sh [runs]      Needs: swift, jq, sqlite3; hyperfine if installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
runs=${1:-50}
bench_build
EPISODES=$(dirname "$FAV")/tvm-episodes
[[ -n ${TVM_BENCH_BIN:-} ]] || ln -sfn tvm "$EPISODES"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench_records 100 "$work/shows-100.jsonl"
db=$work/fav.sqlite
"$FAV" add --no-episodes --db "$db" <"$work/shows-100.jsonl" >/dev/null
bench_episodes "$db" "$work"
export TVM_NOW=2016-05-20T00:00:00Z TVM_API_URL=http://127.0.0.1:9 XDG_CACHE_HOME=$work/cache
next_lines=$("$FAV" next --db "$db" | wc -l)
[[ $next_lines == 100 ]] || { echo "benchmark: expected 100 lines of tvm-fav next, got $next_lines" >&2; exit 1; }
events=$("$FAV" list --db "$db" | "$EPISODES" --upcoming --offline --db "$db" --format ics 2>/dev/null | grep -c '^BEGIN:VEVENT')
[[ $events -ge 100 ]] || { echo "benchmark: expected at least 100 events, got $events" >&2; exit 1; }
echo "tvm-fav next: $next_lines lines; the week ahead: $events events" >&2
export BENCH_NO_SHELL=1
list=$(bench_mean "tvm-fav list" "$runs" "true" "$FAV list --db $db")
next=$(bench_mean "tvm-fav next" "$runs" "true" "$FAV next --db $db")
unset BENCH_NO_SHELL
ics=$(bench_mean "list | upcoming ics" "$runs" "true" \
    "$FAV list --db $db | $EPISODES --upcoming --offline --db $db --format ics --quiet >/dev/null")
status=0
bench_report "tvm-fav next (100 x 100 episodes) vs tvm-fav list" "$next" "$list" 3.0 || status=1
bench_report "tvm-fav list | tvm-episodes --upcoming --format ics vs tvm-fav list" "$ics" "$list" 5.0 || status=1
exit $status
