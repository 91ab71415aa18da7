#!/usr/bin/env bash
# Benchmark (issue 28): `tvm-fav serve` against `python3 -m http.server` serving the same calendar bytes as a
# static file, each pinned to one core (taskset -c 0), with the same load (Benchmarks/serve-load.py: keep-alive
# clients in a loop, on the other core):
#   1. requests per second of /calendar.ics for 100 favorites x 100 episodes (the week ahead: 300 events),
#      4 clients: target at least 1x http.server;
#   2. serve's peak memory (VmHWM) after 50 concurrent clients: target at most 64 MB.
# It also says how long one request takes when the calendar is read from the database, and when it is kept.
# Usage: Benchmarks/serve.sh [seconds]      Needs: swift, jq, sqlite3, /usr/bin/python3, taskset, curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
seconds=${1:-10}
bench_build
EPISODES=$(dirname "$FAV")/tvm-episodes
[[ -n ${TVM_BENCH_BIN:-} ]] || ln -sfn tvm "$EPISODES"
work=$(mktemp -d)
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT
bench_records 100 "$work/shows-100.jsonl"
db=$work/fav.sqlite
"$FAV" add --no-episodes --db "$db" <"$work/shows-100.jsonl" >/dev/null
bench_episodes "$db" "$work"
export TVM_NOW=2016-05-20T00:00:00Z TVM_API_URL=http://127.0.0.1:9 XDG_CACHE_HOME=$work/cache

port_serve=18730 port_static=18731
mkdir "$work/static"
"$FAV" list --db "$db" | "$EPISODES" --upcoming --offline --db "$db" --format ics >"$work/static/calendar.ics" 2>/dev/null
events=$(grep -c '^BEGIN:VEVENT' "$work/static/calendar.ics")
taskset -c 0 "$FAV" serve --db "$db" --port $port_serve --quiet --max-connections 128 2>"$work/serve.log" &
pids+=($!)
serve_pid=$!
(cd "$work/static" && exec taskset -c 0 /usr/bin/python3 -m http.server $port_static --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
for port in $port_serve $port_static; do
    curl -s --retry 20 --retry-connrefused --retry-delay 1 -o /dev/null "http://127.0.0.1:$port/none"
done
# serve reads the calendar from the database at the first request, and answers the kept one while neither the
# database nor the minute changed.
built=$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$port_serve/calendar.ics")
kept=$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$port_serve/calendar.ics")
awk -v b="$built" -v k="$kept" 'BEGIN { printf "one request: %.1f ms built from the database, %.1f ms kept\n", b * 1000, k * 1000 }' >&2
cmp -s <(curl -s "http://127.0.0.1:$port_serve/calendar.ics") "$work/static/calendar.ics" ||
    { echo "benchmark: serve's calendar differs from tvm-episodes --upcoming --format ics" >&2; exit 1; }
echo "the calendar: $events events, $(wc -c <"$work/static/calendar.ics") bytes" >&2

load() { taskset -c 1 /usr/bin/python3 Benchmarks/serve-load.py 127.0.0.1 "$1" /calendar.ics "$2" "$seconds"; }
served=$(load $port_serve 4)
static=$(load $port_static 4)
load $port_serve 50 >/dev/null
peak_kb=$(awk '/VmHWM/ { print $2 }' "/proc/$serve_pid/status")

status=0
awk -v a="$served" -v b="$static" 'BEGIN {
    r = a / b
    printf "requests/s of /calendar.ics: serve %.0f, http.server %.0f = ratio %.2f (target >= 1.0): %s\n", a, b, r,
        (r >= 1 ? "met" : "MISSED")
    exit (r >= 1 ? 0 : 1)
}' || status=1
awk -v k="$peak_kb" 'BEGIN {
    printf "peak memory of serve after 50 clients: %.1f MB (target <= 64): %s\n", k / 1024, (k <= 65536 ? "met" : "MISSED")
    exit (k <= 65536 ? 0 : 1)
}' || status=1
exit $status
