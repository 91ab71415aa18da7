#!/usr/bin/env bash
# Benchmark: the whole catalogue on disk (issue 17), on a synthetic index served by tvm-replay: PAGES pages (380 by
# default, about 92,000 shows) built from the three recorded pages with their ids shifted, as TVMaze numbers them.
# Goals (issue 17):
#   first sync with the server enforcing 20 calls / 10 s   wall <= 1.1x the pacing floor, 0 answers of 429
#   incremental sync, 300 changed shows across 40 pages      <= 42 requests
#   tvm-search --local girls vs tvm-fav list (100 favorites) <= 3x
#   the catalogue file vs the JSON of its shows              <= 1.5x
#   one query in process (p50)                                <= 5 ms      (Tools/tvm-bench-catalog)
#   live search, keystroke to redrawn results, local (p50)      <= 16 ms     (Tools/tvm-bench-catalog)
# Usage: Benchmarks/catalog.sh [pages]      Needs: swift, jq, sqlite3, hyperfine.
set -euo pipefail
source "$(dirname "$0")/common.sh"
pages=${1:-380}
[[ -n ${TVM_BENCH_BIN:-} ]] && BIN=$TVM_BENCH_BIN || build_release
FIXTURES=$WORK/fixtures
mkdir -p "$FIXTURES/shows" "$FIXTURES/updates/shows"
cp "$ROOT"/Tests/Fixtures/tvmaze/shows/page-{0,1,2}.json "$FIXTURES/shows/"
echo '{}' >"$FIXTURES/updates/shows/since=day.json"
catalog=$WORK/catalog.sqlite

# 1. The first sync against the rate limit. The pacing floor: the first 20 requests at once, then 2 a second.
start_replay --rate-limit 20/10 --synthetic-pages "$pages" --log "$WORK/first.json"
start=$(date +%s.%N)
"$BIN/tvm-fetch" catalog sync --api-url "$API" --catalog "$catalog" 2>"$WORK/first.err"
end=$(date +%s.%N)
stop_replay
requests=$(jq .apiRequestCount "$WORK/first.json")
refused=$(jq .tooManyRequestsCount "$WORK/first.json")
wall=$(python3 -c "print(f'{$end - $start:.1f}')")
floor=$(python3 -c "print(f'{max($requests - 20, 0) / 2:.1f}')")
shows=$(sqlite3 "$catalog" 'SELECT count(*) FROM show')
say "first sync: $shows shows, $requests requests in ${wall} s; pacing floor ${floor} s; ratio $(ratio "$wall" "$floor") (goal <= 1.1); 429 answers: $refused (goal 0)"

# 2. An incremental sync: 300 shows across pages 0-39 look older in the catalogue than in the updates list.
sqlite3 "$catalog" "SELECT id, updated FROM show WHERE id < 40 * 250 ORDER BY id" \
    | awk -F'|' '{ page = int($1 / 250); if (count[page] < (page < 20 ? 8 : 7)) { count[page]++; print } }' \
    >"$WORK/changed.txt"
jq -R -n '[inputs | split("|") | {key: .[0], value: (.[1] | tonumber)}] | from_entries' <"$WORK/changed.txt" \
    >"$FIXTURES/updates/shows/since=day.json"
ids=$(cut -d'|' -f1 "$WORK/changed.txt" | paste -sd,)
sqlite3 "$catalog" "UPDATE show SET updated = updated - 1 WHERE id IN ($ids)"
changed_pages=$(cut -d'|' -f1 "$WORK/changed.txt" | awk '{ print int($1 / 250) }' | sort -u | wc -l)
start_replay --rate-limit 20/10 --synthetic-pages "$pages" --log "$WORK/incremental.json"
"$BIN/tvm-fetch" catalog sync --api-url "$API" --catalog "$catalog" 2>"$WORK/incremental.err"
stop_replay
say "incremental sync: $(wc -l <"$WORK/changed.txt") changed shows on $changed_pages pages:" \
    "$(jq .apiRequestCount "$WORK/incremental.json") requests (goal <= 42)"

# 3. A local search end to end against tvm-fav list of 100 favorites.
favorites=$WORK/fav.sqlite
"$BIN/tvm-fetch" shows --local --limit 100 --catalog "$catalog" | "$BIN/tvm-fav" add --no-episodes --db "$favorites" >/dev/null
hyperfine -N --style basic --warmup 3 --runs 50 --export-json "$WORK/search.json" \
    "$BIN/tvm-search --local girls --catalog $catalog" >&2
hyperfine -N --style basic --warmup 3 --runs 50 --export-json "$WORK/fav.json" "$BIN/tvm-fav list --db $favorites" >&2
say "tvm-search --local girls: $(mean_seconds search) s; tvm-fav list (100): $(mean_seconds fav) s;" \
    "ratio $(ratio "$(mean_seconds search)" "$(mean_seconds fav)") (goal <= 3)"

# 4. The file against the JSON of its shows.
json=$("$BIN/tvm-fetch" shows --local --all --catalog "$catalog" | wc -c)
file=$(($(stat -c %s "$catalog") + $(stat -c %s "$catalog-wal" 2>/dev/null || echo 0)))
say "catalogue file: $file bytes for $json bytes of JSON: ratio $(ratio "$file" "$json") (goal <= 1.5)"

# 5. In process: one query (p50), and the live search's keystrokes (typing "girls", then erasing it), each a key
# handled, a search of the catalogue, and the frame's bytes rendered (absolute goals: the issue names no peer).
"$BIN/tvm-bench-catalog" "$catalog" 200 | while read -r line; do say "$line"; done
