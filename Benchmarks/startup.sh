#!/usr/bin/env bash
# Issue 27's start-up guard: every tool's plain offline command, with one code path per command and a hardened
# (PIE, RELRO, BIND_NOW) program, against `jq -n 1` in the same run. Goal: each at most 0.75x.
#   tvm-fav list                 100 favorites
#   tvm-fav next                 the same favorites, 100 episodes each, half watched
#   tvm-search --local girls     a catalogue of the three recorded index pages
#   tvm-episodes 1 --offline     show 1's episodes from the HTTP cache
#   tvm-fetch show 1             from the HTTP cache, no request
# Usage: Benchmarks/startup.sh [runs]      Needs: swift, jq, sqlite3, hyperfine.
source "$(dirname "$0")/common.sh"
source "$ROOT/Benchmarks/fav-common.sh"
runs=${1:-100}
[[ -n ${TVM_BENCH_BIN:-} ]] && BIN=$TVM_BENCH_BIN || build_release
cd "$ROOT"

bench_records 100 "$WORK/shows-100.jsonl"
db=$WORK/fav.sqlite
"$BIN/tvm-fav" add --no-episodes --db "$db" <"$WORK/shows-100.jsonl" >/dev/null
bench_episodes "$db" "$WORK"

start_replay --synthetic-pages 3
catalog=$WORK/catalog.sqlite
"$BIN/tvm-fetch" catalog sync --api-url "$API" --catalog "$catalog" 2>/dev/null
"$BIN/tvm-fetch" show 1 --api-url "$API" >/dev/null
"$BIN/tvm-episodes" 1 --api-url "$API" >/dev/null
stop_replay
# The cache keys hold the server's address: the timed commands name the same one, which no longer answers.
export TVM_API_URL=$API TVM_NOW=2016-05-20T00:00:00Z

commands=(
    "jq -n 1"
    "$BIN/tvm-fav list --db $db"
    "$BIN/tvm-fav next --db $db"
    "$BIN/tvm-search --local girls --catalog $catalog"
    "$BIN/tvm-episodes 1 --offline"
    "$BIN/tvm-fetch show 1"
    # Not under the guard: what every command pays before its own work. The program's start (loader, PIE
    # relocations, runtime), then that and ArgumentParser, the runtime and an empty database.
    "$BIN/tvm --version"
    "$BIN/tvm-fav list --db $WORK/empty.sqlite"
)
names=(jq list next search episodes show version empty)
labels=("jq -n 1" "tvm-fav list" "tvm-fav next" "tvm-search --local girls" "tvm-episodes 1 --offline"
    "tvm-fetch show 1" "tvm --version" "tvm-fav list, empty database")
guarded=6
for index in "${!commands[@]}"; do
    ${commands[$index]} >/dev/null || { say "benchmark: '${commands[$index]}' failed"; exit 1; }
    hyperfine --warmup 5 --runs "$runs" -N --style basic --export-json "$WORK/${names[$index]}.json" \
        "${commands[$index]}" >&2
done

jq_mean=$(mean_seconds jq)
status=0
printf '\n%-34s %10s %8s  %s\n' "command" "mean" "vs jq" "goal 0.75x"
for index in "${!commands[@]}"; do
    ((index == 0)) && continue
    mean=$(mean_seconds "${names[$index]}")
    r=$(ratio "$mean" "$jq_mean")
    verdict=$(python3 -c "import sys; print('met' if float(sys.argv[1]) <= 0.75 else 'MISSED')" "$r")
    if ((index >= guarded)); then
        verdict="(no goal: what every command pays)"
    elif [[ $verdict != met ]]; then
        status=1
    fi
    printf '%-34s %8.1f ms %7sx  %s\n' "${labels[$index]}" "$(python3 -c "print($mean * 1000)")" "$r" "$verdict"
done
printf '%-34s %8.1f ms\n' "jq -n 1" "$(python3 -c "print($jq_mean * 1000)")"
exit $status
