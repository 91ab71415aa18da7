#!/usr/bin/env bash
# tvm-img benchmarks against the local replay server (tvm-replay), with network latency on every response:
#   1. cold: a page of posters (240, shows/page-0) into an empty cache, against `xargs -P4 curl` on the same
#      URLs (target: at most 1.2x);
#   2. warm: the same run again, every poster cached, against the cold run (target: at most 0.1x).
# Each measurement is the median of RUNS runs (default 5). Prints the times and ratios; exits 1 when a target
# is missed. Usage: Benchmarks/img.sh [--latency-ms N] [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."

latency=20
runs=5
while (($#)); do
    case $1 in
        --latency-ms) latency=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        *) echo "usage: Benchmarks/img.sh [--latency-ms N] [--runs N]" >&2; exit 64 ;;
    esac
done
for tool in curl jq xargs; do
    command -v "$tool" >/dev/null || { echo "img.sh: $tool is required" >&2; exit 69; }
done

swift build -c release --static-swift-stdlib --product tvm >&2 && ln -sfn tvm "$(swift build -c release --static-swift-stdlib --show-bin-path)/tvm-img"
swift build -c release --product tvm-replay >&2
bin=.build/release

work=$(mktemp -d)
replay_pid=
cleanup() {
    [[ -n $replay_pid ]] && kill "$replay_pid" 2>/dev/null && wait "$replay_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

mkfifo "$work/replay.out"
"$bin/tvm-replay" --fixtures Tests/Fixtures/tvmaze --latency-ms "$latency" >"$work/replay.out" &
replay_pid=$!
exec 3<"$work/replay.out"
read -r base <&3
echo "replay server: $base (latency ${latency} ms per response)"

curl -sf "$base/shows?page=0" | jq -c '.[]' >"$work/page.jsonl"
jq -r '.image.medium // empty' "$work/page.jsonl" >"$work/urls.txt"
count=$(wc -l <"$work/urls.txt")
echo "posters: $count"

now() { date +%s.%N; }
# Runs "$@" RUNS times after a preparation command ($prepare) and prints the median wall time in seconds.
median_of() {
    local prepare=$1
    shift
    local times=()
    for ((run = 0; run < runs; run++)); do
        eval "$prepare"
        local start end
        start=$(now)
        "$@"
        end=$(now)
        times+=("$(awk -v a="$end" -v b="$start" 'BEGIN { printf "%.6f", a - b }')")
    done
    printf '%s\n' "${times[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

curl_cold() {
    xargs -P4 -n1 curl -sf --output-dir "$work/curl" -O <"$work/urls.txt"
}
img_run() {
    XDG_CACHE_HOME="$work/cache" "$bin/tvm-img" -j 4 <"$work/page.jsonl" >/dev/null
}

curl_time=$(median_of 'rm -rf "$work/curl"; mkdir -p "$work/curl"' curl_cold)
cold_time=$(median_of 'rm -rf "$work/cache"' img_run)
img_run
warm_time=$(median_of ':' img_run)

files=$(find "$work/cache/tvm/images" -type f | wc -l)
[[ $files -eq $count ]] || { echo "img.sh: expected $count cached posters, found $files" >&2; exit 1; }

divide() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a / b }'; }
cold_ratio=$(divide "$cold_time" "$curl_time")
warm_ratio=$(divide "$warm_time" "$cold_time")
verdict() { awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b ? "ok" : "MISSED") }'; }
printf 'xargs -P4 curl, cold:   %.3f s\n' "$curl_time"
printf 'tvm-img -j 4, cold:     %.3f s\n' "$cold_time"
printf 'tvm-img -j 4, warm:     %.3f s\n' "$warm_time"
printf 'cold / curl = %.2fx (target <= 1.2x): %s\n' "$cold_ratio" "$(verdict "$cold_ratio" 1.2)"
printf 'warm / cold = %.3fx (target <= 0.1x): %s\n' "$warm_ratio" "$(verdict "$warm_ratio" 0.1)"
[[ $(verdict "$cold_ratio" 1.2) == ok && $(verdict "$warm_ratio" 0.1) == ok ]]
