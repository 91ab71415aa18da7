#!/usr/bin/env bash
# Benchmark: `tvm-fav list` start-up with 100 favorites, against the sqlite3 shell running the same select.
# Target: at most 3× the wall time of sqlite3. Both print the 100 records to /dev/null.
# Usage: Benchmarks/fav-list.sh [runs]      Needs: swift, jq, sqlite3; hyperfine if installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
runs=${1:-200}
bench_build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench_records 100 "$work/shows-100.jsonl"
db=$work/fav.sqlite
"$FAV" add --no-episodes --db "$db" <"$work/shows-100.jsonl" >/dev/null
# Start-up is a few milliseconds: time the programs themselves, without a shell around them.
export BENCH_NO_SHELL=1
ours=$(bench_mean "tvm-fav list" "$runs" "true" "$FAV list --db $db")
theirs=$(bench_mean "sqlite3" "$runs" "true" "sqlite3 $db 'SELECT record FROM favorite ORDER BY position'")
lines=$("$FAV" list --db "$db" | wc -l)
[[ $lines == 100 ]] || { echo "benchmark: expected 100 favorites, listed $lines" >&2; exit 1; }
bench_report "tvm-fav list (100 favorites) vs sqlite3" "$ours" "$theirs" 3.0
