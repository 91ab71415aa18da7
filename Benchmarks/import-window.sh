#!/usr/bin/env bash
# Benchmark: issue 25's wall-time goal. An import of 300 shows / 10,000 rows against a replay server that holds
# TVMaze's rate limit (20 requests per 10 s, 429 beyond) takes at most 1.1x the pacing floor.
#
# The pacing floor is the least time any client needs to send the import's N requests without a refusal: the
# k-th request (from 0) cannot leave before floor(k / 20) * 10 s, so the last one leaves at
# floor((N - 1) / 20) * 10 s. N is counted at the server. The shows are synthetic: Under the Dome's recorded
# record and episodes, copied under 300 new ids with distinct episode ids and names.
# Usage: Benchmarks/import-window.sh [shows] [rows]      Needs: swift, jq, python3. Takes about 5 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/fav-common.sh
shows=${1:-300}
rows=${2:-10000}
bench_build
bin=$(dirname "$FAV")
replay=$bin/tvm-replay
[[ -x $replay ]] || { swift build --product tvm-replay >&2 && replay=$(swift build --show-bin-path)/tvm-replay; }
work=$(mktemp -d)
fixtures=$work/fixtures
cp -r Tests/Fixtures/tvmaze "$fixtures"
python3 - "$fixtures" "$work/history.csv" "$shows" "$rows" <<'PY'
import json, os, random, sys
root, csv_path, shows, rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
show = json.load(open(f'{root}/shows/1.json'))
episodes = json.load(open(f'{root}/shows/1/episodes.json'))
ids = [900000 + n for n in range(shows)]
for index, show_id in enumerate(ids):
    record = dict(show, id=show_id, name=f'Synthetic Show {index}')
    os.makedirs(f'{root}/shows/{show_id}', exist_ok=True)
    json.dump(record, open(f'{root}/shows/{show_id}.json', 'w'))
    copies = [dict(e, id=(index + 1) * 1000000 + e['id']) for e in episodes]
    json.dump(copies, open(f'{root}/shows/{show_id}/episodes&specials=1.json', 'w'))
random.seed(25)
with open(csv_path, 'w') as f:
    f.write('tvmaze_id,thetvdb_id,imdb_id,show,season,episode,watched_at\n')
    for n in range(rows):
        index = n % shows
        e = random.choice(episodes)
        f.write(f'{ids[index]},,,"Synthetic Show {index}",{e["season"]},{e["number"]},2019-01-01T21:00:00Z\n')
PY
"$replay" --fixtures "$fixtures" --rate-limit 20/10 --log "$work/replay.json" >"$work/url" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [[ -s $work/url ]] && break; sleep 0.1; done
export TVM_API_URL=$(head -1 "$work/url") XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
export XDG_CONFIG_HOME=$work/config

start=$(date +%s.%N)
"$FAV" import --from csv "$work/history.csv" --db "$work/a.sqlite" 2>"$work/import.err" || {
    cat "$work/import.err" >&2
    exit 1
}
end=$(date +%s.%N)
kill $server
wait $server 2>/dev/null || true
tail -1 "$work/import.err" >&2
placed=$(sqlite3 "$work/a.sqlite" 'SELECT count(*) FROM favorite')
marked=$(sqlite3 "$work/a.sqlite" 'SELECT count(*) FROM watched')
jq -r --arg began "$start" --arg ended "$end" --arg placed "$placed" --arg marked "$marked" '
    (.apiRequestCount) as $n | (($ended | tonumber) - ($began | tonumber)) as $wall
    | ((($n - 1) / 20 | floor) * 10) as $floor
    | "import of \($placed) shows / \($marked) marks: \($n) requests, \(.tooManyRequestsCount) refused (429)",
      if $floor == 0 then "wall \($wall * 10 | round / 10) s: within one window, no pacing floor"
      else "wall \($wall * 10 | round / 10) s, pacing floor \($floor) s: \($wall / $floor * 100 | round / 100)x (goal <= 1.1x): \(if $wall / $floor <= 1.1 then "met" else "MISSED" end)" end
' "$work/replay.json"
