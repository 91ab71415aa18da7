#!/usr/bin/env bash
# Benchmark: local search over a full-size catalogue, whatever the query (issue 30 #8).
# The catalogue: the three recorded index pages synced from tvm-replay, then copied with shifted ids up to COPIES
# times (127 by default: about 92,000 shows), the copies indexed by python3's sqlite3 as the tool indexes them: name,
# genres, network or web channel and summary without HTML in show_search, the name in show_name.
# Goal: any query <= 50 ms (the query itself: hyperfine's mean minus that of a query that finds nothing at once).
# Usage: Benchmarks/local-search.sh [copies]      Needs: swift, python3, hyperfine.
set -euo pipefail
source "$(dirname "$0")/common.sh"
copies=${1:-127}
[[ -n ${TVM_BENCH_BIN:-} ]] && BIN=$TVM_BENCH_BIN || build_release
small=$WORK/small.sqlite
catalog=$WORK/catalog.sqlite
start_replay
"$BIN/tvm-fetch" catalog sync --api-url "$API" --catalog "$small" 2>/dev/null
stop_replay
python3 - "$small" "$catalog" "$copies" <<'PYTHON'
import html, json, re, shutil, sqlite3, sys
source, target, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
shutil.copy(source, target)
db = sqlite3.connect(target)
columns = "s.id, s.name, s.name_words, s.type, s.language, s.status, s.genres, s.channel, s.country, s.rating, " \
    "s.weight, s.premiered, s.updated, r.record"
rows = db.execute(f"SELECT {columns} FROM show s JOIN show_record r ON r.id = s.id").fetchall()
for copy in range(1, copies):
    for row in rows:
        new = copy * 1000 + row[0]
        record = json.loads(row[13])
        channel = (record.get("network") or record.get("webChannel") or {}).get("name") or ""
        summary = html.unescape(re.sub(r"<[^>]*>", " ", record.get("summary") or ""))
        db.execute("INSERT INTO show VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", (new,) + row[1:13])
        db.execute("INSERT INTO show_record VALUES (?,?)", (new, row[13]))
        db.execute("INSERT INTO show_search(rowid, name, genres, channel, summary) VALUES (?,?,?,?,?)",
                   (new, record["name"], " ".join(record.get("genres") or []), channel, summary))
        db.execute("INSERT INTO show_name(rowid, name) VALUES (?,?)", (new, record["name"]))
db.commit()
PYTHON
shows=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM show').fetchone()[0])" "$catalog")
say "catalogue: $shows shows"
a25=$(printf 'a %.0s' $(seq 25))
a1600=$(printf 'a %.0s' $(seq 1600))
export XDG_STATE_HOME=$WORK/state
queries=("zzzzqx" "girls" "a" "a a" "$a25" "$a1600" "a b c d e f g h i j" "the" "show" "love" "th an in of to is wh he se co"
    "th an in of to is wh he se zq")
floor=
for query in "${queries[@]}"; do
    hyperfine -N --style none --warmup 2 --runs 15 -i --export-json "$WORK/q.json" \
        "$BIN/tvm-search --local '$query' --catalog $catalog" >/dev/null 2>&1
    mean=$(python3 -c "import json; print(round(json.load(open('$WORK/q.json'))['results'][0]['mean'] * 1000, 1))")
    floor=${floor:-$mean}
    say "$(printf '%-40s' "\"${query:0:36}\"") $mean ms, the query $(python3 -c "print(round($mean - $floor, 1))") ms"
done
