#!/usr/bin/env bash
# jq throughput (issue 15): `tvm-fav status --jq .name` over 50,000 real show records on stdin, against
# `jq -r .name` over the same file. Both print 50,000 names to /dev/null. Goal: at most 1.2x.
# Usage: Benchmarks/jq.sh [runs]      Needs: swift, jq; hyperfine if installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
runs=${1:-5}
bench_build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
records=$work/shows-50000.jsonl
bench_records 50000 "$records"
db=$work/fav.sqlite
names=$("$FAV" status --db "$db" --jq .name <"$records" | wc -l)
[[ $names == 50000 ]] || { echo "benchmark: expected 50000 names, got $names" >&2; exit 1; }
ours=$(bench_mean "tvm-fav status --jq .name" "$runs" "true" "$FAV status --db $db --jq .name <$records >/dev/null")
theirs=$(bench_mean "jq -r .name" "$runs" "true" "jq -r .name $records >/dev/null")
bench_report "tvm-fav status --jq .name (50,000 records) vs jq -r .name" "$ours" "$theirs" 1.2
