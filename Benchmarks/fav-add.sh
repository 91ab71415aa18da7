#!/usr/bin/env bash
# Benchmark: `tvm-fav add` of 50,000 real show records in one run, against `jq -c .` over the same file.
# Target: at most 1.0× the wall time of jq. Both read the same file and write their output to /dev/null;
# tvm-fav starts each run from an empty database (the --prepare step removes it).
# Usage: Benchmarks/fav-add.sh [runs]      Needs: swift, jq; hyperfine if installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
runs=${1:-5}
bench_build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
records=$work/shows-50000.jsonl
bench_records 50000 "$records"
echo "records: $(wc -l <"$records") lines, $(($(stat -c %s "$records") / 1048576)) MiB" >&2
db=$work/fav.sqlite
ours=$(bench_mean "tvm-fav add" "$runs" "rm -f $db $db-wal $db-shm" "$FAV add --no-episodes --db $db <$records >/dev/null")
rows=$(sqlite3 "$db" 'SELECT count(*) FROM favorite')
[[ $rows == 50000 ]] || { echo "benchmark: expected 50000 favorites, found $rows" >&2; exit 1; }
theirs=$(bench_mean "jq -c ." "$runs" "true" "jq -c . $records >/dev/null")
bench_report "tvm-fav add (50,000 records) vs jq -c ." "$ours" "$theirs" 1.0
