#!/usr/bin/env bash
# Shared by the tvm-fav benchmarks: building, test data, timing. Sourced, not run.

# Builds tvm in release mode as `make install` does (Swift runtime linked statically, faster start-up) and links
# tvm-fav to it, unless TVM_BENCH_BIN points at a folder holding tvm-fav already.
bench_build() {
    if [[ -n ${TVM_BENCH_BIN:-} ]]; then
        FAV=$TVM_BENCH_BIN/tvm-fav
    else
        swift build -c release --static-swift-stdlib --product tvm >&2
        local bin
        bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
        ln -sfn tvm "$bin/tvm-fav"
        FAV=$bin/tvm-fav
    fi
    [[ -x $FAV ]] || { echo "benchmark: no tvm-fav binary at $FAV" >&2; exit 1; }
}

# Writes N real show records, one per line, to FILE: the recorded index pages over and over, each show's id
# rewritten to 1…N so that every record is a distinct favorite. Fields and their order are TVMaze's.
bench_records() {
    local count=$1 file=$2
    jq -c -n --argjson n "$count" '[inputs[]] as $s | range($n) as $i | $s[$i % ($s | length)] | .id = $i + 1' \
        Tests/Fixtures/tvmaze/shows/page-*.json >"$file"
}

# Times COMMAND RUNS times after PREPARE, and prints the mean wall time in seconds. Uses hyperfine when
# installed (apt-get install -y hyperfine), else a loop over `date +%s%N`. With BENCH_NO_SHELL=1, hyperfine
# runs COMMAND without a shell (-N, for millisecond commands; their output is discarded); otherwise COMMAND
# is a shell command line and may redirect.
bench_mean() {
    local name=$1 runs=$2 prepare=$3 command=$4
    if command -v hyperfine >/dev/null 2>&1; then
        local export shell=()
        export=$(mktemp)
        [[ ${BENCH_NO_SHELL:-0} == 1 ]] && shell=(--shell=none)
        hyperfine "${shell[@]}" --style basic --warmup 3 --runs "$runs" --prepare "$prepare" \
            --command-name "$name" --export-json "$export" "$command" >&2
        jq '.results[0].mean' "$export"
        rm -f "$export"
    else
        local total=0 start end
        bash -c "$prepare"
        bash -c "$command" >/dev/null # warm-up
        for ((run = 0; run < runs; run++)); do
            bash -c "$prepare"
            start=$(date +%s%N)
            bash -c "$command" >/dev/null
            end=$(date +%s%N)
            total=$((total + end - start))
        done
        echo "$name: mean $(awk -v t="$total" -v n="$runs" 'BEGIN { printf "%.4f", t / n / 1e9 }') s" >&2
        awk -v t="$total" -v n="$runs" 'BEGIN { printf "%.6f\n", t / n / 1e9 }'
    fi
}

# Prints "NAME: A s vs B s = ratio R (target ≤ T): met|MISSED" and returns 1 when the target is missed.
bench_report() {
    local name=$1 ours=$2 theirs=$3 target=$4
    awk -v n="$name" -v a="$ours" -v b="$theirs" -v t="$target" 'BEGIN {
        r = a / b
        printf "%s: %.4f s vs %.4f s = ratio %.2f (target <= %.1f): %s\n", n, a, b, r, t, (r <= t ? "met" : "MISSED")
        exit (r <= t ? 0 : 1)
    }'
}

# Gives every favorite of the database DB the first 100 recorded episodes of Person of Interest
# (shows/2/episodes.json), with ids of their own, written with sqlite3 as tvm-fav add would keep them, and marks the
# first half watched. SCRATCH is a folder for the episode list.
bench_episodes() {
    local db=$1 scratch=$2
    jq -c '.[:100]' Tests/Fixtures/tvmaze/shows/2/episodes.json >"$scratch/episodes.json"
    sqlite3 "$db" <<SQL
CREATE TEMP TABLE src AS SELECT value AS e, key AS pos FROM json_each(readfile('$scratch/episodes.json'));
INSERT INTO episode (id, show_id, position, season, number, type, regular, name, airdate, airtime, airstamp, airs_at,
  runtime, record)
SELECT f.id * 1000 + s.pos, f.id, s.pos, json_extract(e, '\$.season'), json_extract(e, '\$.number'),
  json_extract(e, '\$.type'),
  json_extract(e, '\$.number') IS NOT NULL AND coalesce(json_extract(e, '\$.type'), 'regular') = 'regular',
  json_extract(e, '\$.name'), json_extract(e, '\$.airdate'), json_extract(e, '\$.airtime'), json_extract(e, '\$.airstamp'),
  unixepoch(json_extract(e, '\$.airstamp')), json_extract(e, '\$.runtime'), json_set(e, '\$.id', f.id * 1000 + s.pos)
FROM favorite AS f, src AS s;
UPDATE favorite SET episodes_at = '2016-05-01 00:00:00.000';
INSERT INTO watched SELECT id, show_id, '2016-05-01 00:00:00.000' FROM episode WHERE position < 50;
SQL
}
