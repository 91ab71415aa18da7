#!/usr/bin/env bash
# Benchmark: memory with huge records and pages (issue 30 #9). Peak RSS (GNU time's maximum resident set) of
#   1. `tvm-fetch show 1` answered by one 200 MB record (refused at the 4 MiB record cap);
#   2. `tvm-fetch shows --page 0` answered by a page of just under 32 MiB (the answer cap): the recorded page 0 with
#      show 2 grown to about 31 MB (reported as invalid, the rest printed);
#   3. `tvm-fetch catalog sync` fed that page (the rest of the page and the other pages stored);
#   4. `tvm-fetch catalog sync` fed a 200 MB page (refused at the 32 MiB answer cap);
#   4b. `tvm-fetch shows --page 1` and `catalog sync` fed a page of eight valid 3.9 MB shows (31 MB in all, every
#      record under its cap: the most a page can hold that is all kept);
#   5. `tvm-fav add` of that 31 MB show record on stdin (reported as invalid), and `tvm-fav add 1` answered by the
#      200 MB record; `tvm-fav add` of sixty valid 3.9 MB shows on stdin (234 MB);
#   6. `tvm-fav show 2` after 5 (nothing saved, so "not a favorite").
# Peers in the same run: `curl` over the same answer to /dev/null (the transfer alone) and `jq -c '.[]'` over the
# page (a JSON tool holding it). The floor is `tvm-fetch show 999999` (a 404: start-up, client, cache).
# Goal: every tvm peak <= 64 MB + twice the 4 MiB record cap = 72 MiB (73,728 KiB).
# Usage: Benchmarks/huge-records.sh      Needs: swift, jq, curl, python3, GNU time (/usr/bin/time).
# TVM_BENCH_BIN=DIR measures binaries built already (DIR holds tvm-fetch, tvm-fav and tvm-replay).
set -euo pipefail
source "$(dirname "$0")/common.sh"
if [[ -n ${TVM_BENCH_BIN:-} ]]; then BIN=$TVM_BENCH_BIN; else build_release; fi
goal=$(((64 + 2 * 4) * 1024))

# Fixtures: the recorded ones, with page 0 grown to just under 32 MiB by show 2's summary.
FIXTURES=$WORK/fixtures
cp -r "$ROOT/Tests/Fixtures/tvmaze" "$FIXTURES"
python3 - "$FIXTURES/shows/page-0.json" "$WORK/huge-show.json" <<'PYTHON'
import json, sys
path, record_path = sys.argv[1], sys.argv[2]
page = json.load(open(path))
target = 32 * 1024 * 1024 - 64 * 1024
base = len(json.dumps(page, separators=(",", ":")).encode())
for show in page:
    if show["id"] == 2:
        show["summary"] = "<p>" + "a" * (target - base) + "</p>"
        json.dump(show, open(record_path, "w"), separators=(",", ":"))
json.dump(page, open(path, "w"), separators=(",", ":"))
PYTHON
page_bytes=$(stat -c %s "$FIXTURES/shows/page-0.json")

peak() { # peak KiB of COMMAND (a shell line), from GNU time; the command's status is kept in $WORK/status
    local status=0
    /usr/bin/time -f '%M' -o "$WORK/peak" bash -c "$1" >/dev/null 2>"$WORK/stderr" || status=$?
    echo "$status" >"$WORK/status"
    tail -1 "$WORK/peak"
}
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

start_replay --fault "huge-json:200000000@=/shows/1"
common="--api-url $API"
measure() { # KEY COMMAND: the peak in $WORK/KEY.peak, the status in $WORK/KEY.status
    peak "$2" >"$WORK/$1.peak"
    cp "$WORK/status" "$WORK/$1.status"
}
measure floor "$BIN/tvm-fetch show 999999 $common"
measure show "$BIN/tvm-fetch show 1 $common"
measure curl-show "curl -s $API/shows/1 -o /dev/null"
measure page "$BIN/tvm-fetch shows --page 0 $common"
cp "$WORK/stderr" "$WORK/page.stderr"
measure curl-page "curl -s '$API/shows?page=0' -o /dev/null"
measure jq-page "jq -c '.[]' $FIXTURES/shows/page-0.json"
measure sync "$BIN/tvm-fetch catalog sync $common --catalog $WORK/catalog.sqlite"
cp "$WORK/stderr" "$WORK/sync.stderr"
stored=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM show').fetchone()[0])" \
    "$WORK/catalog.sqlite")
measure add-stdin "$BIN/tvm-fav add --no-episodes --db $WORK/fav.sqlite $common <$WORK/huge-show.json"
measure jq-record "jq -c . $WORK/huge-show.json"
measure add-api "$BIN/tvm-fav add 1 --db $WORK/fav.sqlite $common"
measure fav-show "$BIN/tvm-fav show 2 --db $WORK/fav.sqlite"
stop_replay
start_replay --fault "huge-json-array:200000000@=/shows?page=1"
measure sync-huge "$BIN/tvm-fetch catalog sync --api-url $API --catalog $WORK/catalog-2.sqlite"
stop_replay

# Page 1 of eight valid shows of 3.9 MB each.
cp -r "$ROOT/Tests/Fixtures/tvmaze" "$WORK/fixtures-full"
python3 - "$WORK/fixtures-full/shows/page-1.json" <<'PYTHON'
import json, sys
page = json.load(open(sys.argv[1]))[:8]
for show in page:
    show["summary"] = "<p>" + "b" * 3_900_000 + "</p>"
json.dump(page, open(sys.argv[1], "w"), separators=(",", ":"))
PYTHON
FIXTURES=$WORK/fixtures-full start_replay
measure full-page "$BIN/tvm-fetch shows --page 1 --api-url $API"
measure full-sync "$BIN/tvm-fetch catalog sync --api-url $API --catalog $WORK/catalog-3.sqlite"
# Sixty valid shows of 3.9 MB each (234 MB) on stdin.
python3 - "$WORK/fixtures-full/shows/page-1.json" "$WORK/sixty.jsonl" <<'PYTHON'
import json, sys
show = json.load(open(sys.argv[1]))[0]
with open(sys.argv[2], "w") as out:
    for number in range(1, 61):
        show["id"] = number
        out.write(json.dumps(show, separators=(",", ":")) + "\n")
PYTHON
measure add-sixty "$BIN/tvm-fav add --no-episodes --db $WORK/fav-sixty.sqlite <$WORK/sixty.jsonl"

kib() { cat "$WORK/$1.peak"; }
row() { # LABEL KEY PEER-TEXT
    local kib verdict=met
    kib=$(kib "$2")
    ((kib <= goal)) || verdict=MISSED
    printf '%-56s %7s MB  %-4s %-30s %s\n' "$1" "$(mb "$kib")" "$(cat "$WORK/$2.status")" "$3" "$verdict"
}
printf '\n%-56s %10s  %-4s %-30s %s\n' "measurement (peak RSS)" "tvm" "exit" "peers" "goal (72 MiB)"
row "floor: tvm-fetch show 999999 (a 404)" floor ""
row "tvm-fetch show 1, a 200 MB record" show "curl $(mb "$(kib curl-show)") MB"
row "tvm-fetch shows --page 0, a $((page_bytes / 1024)) KiB page" page \
    "curl $(mb "$(kib curl-page)") MB, jq $(mb "$(kib jq-page)") MB"
row "catalog sync, that page 0 ($stored shows stored)" sync ""
row "catalog sync, a 200 MB page 1" sync-huge ""
row "tvm-fetch shows --page 1, eight valid 3.9 MB shows" full-page ""
row "catalog sync, that page among the recorded ones" full-sync ""
row "tvm-fav add of the 31 MB show 2 on stdin" add-stdin "jq -c . $(mb "$(kib jq-record)") MB"
row "tvm-fav add 1, a 200 MB record" add-api ""
row "tvm-fav add of sixty valid 3.9 MB shows on stdin" add-sixty ""
row "tvm-fav show 2 afterwards" fav-show ""
say "tvm-fetch shows --page 0 said: $(head -c 300 "$WORK/page.stderr")"
say "catalog sync said: $(grep -m2 -i 'show 2\|invalid' "$WORK/sync.stderr" | head -c 300)"
