#!/usr/bin/env bash
# Benchmark: `tvm-fav import` (issue 25), its goals in one run.
#   1. requests per imported show, counted at the replay server: <= 3 (TV Time sample, empty database), and
#      <= 1 with a synced catalogue;
#   2. local work of a 100,000-row plain CSV whose shows are all saved already (parse, place, save), against
#      `python3 -c 'import csv; sum(1 for _ in csv.reader(open(F)))'` on the same file: <= 3x;
#   3. peak memory of that import (GNU time's maximum resident set): <= 64 MB.
# The wall-time goal at the 20/10 s window (300 shows / 10,000 rows) is Benchmarks/import-window.sh (5 minutes).
# Usage: Benchmarks/import.sh [runs]      Needs: swift, jq, python3, /usr/bin/time; hyperfine if installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
runs=${1:-3}
bench_build
bin=$(dirname "$FAV")
[[ -x $bin/tvm-replay ]] || swift build --product tvm-replay >&2
replay=$bin/tvm-replay
[[ -x $replay ]] || replay=$(swift build --show-bin-path)/tvm-replay
work=$(mktemp -d)
fixtures=$work/fixtures
cp -r Tests/Fixtures/tvmaze "$fixtures"
cp -r Tests/Fixtures/imports/tvmaze/. "$fixtures"
"$replay" --fixtures "$fixtures" --log "$work/replay.json" >"$work/url" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [[ -s $work/url ]] && break; sleep 0.1; done
export TVM_API_URL=$(head -1 "$work/url") XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
export XDG_CONFIG_HOME=$work/config

# 1. Requests per show: the replay server writes its request count to its log when it stops.
"$FAV" import Tests/Fixtures/imports/tvtime --db "$work/a.sqlite" 2>/dev/null || true
kill $server
wait $server 2>/dev/null || true
shows=$(sqlite3 "$work/a.sqlite" 'SELECT count(*) FROM favorite')
sent=$(jq .apiRequestCount "$work/replay.json")
# The TV Time sample names 4 shows; TVMaze lacks one (its lookup is the one request it costs).
awk -v r="$sent" -v s=4 'BEGIN { printf "requests per show: %d for %d shows = %.2f (target <= 3): %s\n", r, s, r / s,
    (r / s <= 3 ? "met" : "MISSED") }'
echo "shows placed: $shows" >&2

# 2 and 3. 100,000 rows over the shows saved above.
csv=$work/history.csv
python3 - "$csv" <<'PY'
import random, sys
random.seed(1)
episodes = {1: (3, 13), 2: (4, 22), 43: (4, 13)}
with open(sys.argv[1], 'w') as f:
    f.write('tvmaze_id,thetvdb_id,imdb_id,show,season,episode,watched_at\n')
    for i in range(100000):
        show = random.choice(list(episodes)); seasons, numbers = episodes[show]
        f.write(f'{show},,,"Show, {show}",{random.randint(1, seasons)},{random.randint(1, numbers)},'
                f'2019-01-{random.randint(1, 28):02d}T21:00:00Z\n')
PY
ours=$(bench_mean "tvm-fav import (100,000 rows)" "$runs" "cp $work/a.sqlite $work/b.sqlite" \
    "$FAV import --from csv $csv --db $work/b.sqlite 2>/dev/null || true")
theirs=$(bench_mean "python3 csv.reader" "$runs" "true" \
    "python3 -c 'import csv; sum(1 for _ in csv.reader(open(\"$csv\")))'")
cp "$work/a.sqlite" "$work/b.sqlite"
peak=$(/usr/bin/time -f %M "$FAV" import --from csv "$csv" --db "$work/b.sqlite" 2>&1 >/dev/null | tail -1)
echo "import of 100,000 rows: peak RSS $((peak / 1024)) MB (target <= 64 MB): $([[ $((peak / 1024)) -le 64 ]] && echo met || echo MISSED)"
bench_report "tvm-fav import (100,000 rows, shows saved) vs python3 csv.reader" "$ours" "$theirs" 3.0 || true
