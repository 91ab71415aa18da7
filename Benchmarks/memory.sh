#!/usr/bin/env bash
# Memory stays flat at any input size (issue 15): peak RSS (GNU time's maximum resident set) of
#   1. `tvm-fav add` of about 1 GB of real show records on stdin, against `jq -c .` over the same file;
#   2. `tvm-fav list --jq 'repeat(.)' | head -1`, which must end, against `jq 'repeat(.)' | head -1`;
#   3. `tvm-fav list` of 50,000 favorites, against `sqlite3` running the same select.
# Goal: every tvm peak at most 64 MB. Usage: Benchmarks/memory.sh [megabytes]   (default 1024)
# Needs: swift, jq, sqlite3, GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
megabytes=${1:-1024}
bench_build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

peak() { # peak KiB of COMMAND (a shell line), from GNU time
    /usr/bin/time -f '%M' -o "$work/peak" bash -c "$1" >/dev/null 2>"$work/stderr" || true
    tail -1 "$work/peak"
}
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
verdict() { awk -v k="$1" 'BEGIN { print (k / 1024 <= 64 ? "met" : "MISSED") }'; }

echo "writing about $megabytes MB of show records…" >&2
bench_records 50000 "$work/shows-50000.jsonl"
chunk=$(stat -c %s "$work/shows-50000.jsonl")
copies=$(((megabytes * 1048576 + chunk - 1) / chunk))
# Each copy gets ids of its own, so that every record is a new favorite.
for ((copy = 0; copy < copies; copy++)); do
    jq -c --argjson offset $((copy * 50000)) '.id += $offset' "$work/shows-50000.jsonl"
done >"$work/big.jsonl"
size=$(stat -c %s "$work/big.jsonl")
lines=$(wc -l <"$work/big.jsonl")

add=$(peak "$FAV add --no-episodes --db $work/big.sqlite --quiet <$work/big.jsonl")
added=$(sqlite3 "$work/big.sqlite" 'SELECT count(*) FROM favorite')
jq_add=$(peak "jq -c . $work/big.jsonl")

"$FAV" add --no-episodes --db "$work/fav.sqlite" --quiet <"$work/shows-50000.jsonl" >/dev/null
repeat=$(peak "$FAV list --db $work/fav.sqlite --jq 'repeat(.)' | head -1")
jq_repeat=$(peak "head -1 $work/shows-50000.jsonl | jq -c 'repeat(.)' | head -1")
list=$(peak "$FAV list --db $work/fav.sqlite")
sqlite_list=$(peak "sqlite3 $work/fav.sqlite 'SELECT record FROM favorite ORDER BY position'")

printf '\n%-58s %s\n' "measurement (peak RSS)" "result"
printf '%-58s %s MB vs jq %s MB (%d MB, %d records, %d saved): %s\n' "tvm-fav add of $((size / 1048576)) MB on stdin" \
    "$(mb "$add")" "$(mb "$jq_add")" $((size / 1048576)) "$lines" "$added" "$(verdict "$add")"
printf '%-58s %s MB vs jq %s MB: %s\n' "tvm-fav list --jq 'repeat(.)' | head -1" "$(mb "$repeat")" \
    "$(mb "$jq_repeat")" "$(verdict "$repeat")"
printf '%-58s %s MB vs sqlite3 %s MB: %s\n' "tvm-fav list, 50,000 favorites" "$(mb "$list")" \
    "$(mb "$sqlite_list")" "$(verdict "$list")"
