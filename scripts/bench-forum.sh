#!/usr/bin/env bash
# Forum client benchmark (issue 4): 1,000 replies to the sandbox (flood control off) through the
# Something Awful adapter, beside a plain `curl` loop making the same requests (GET the reply
# form, POST the reply with its formkey and form_cookie) against a fresh copy of the same sandbox.
# Prints both rates and the ratio (target: the adapter at least 0.8 of curl's rate), and the
# adapter's memory along the run (target: flat). The adapter opens each reply's success link to
# find the post (issue 22, "a receipt is the post itself"), which curl's loop does not: curl is
# compared with the adapter taking the success page's word (FORUM_BENCH_NO_CONFIRM=1, the same
# requests), and the time per send with and without the check is printed with its ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-debs.sh curl >&2

COUNT=${COUNT:-1000}
THREAD=3500001
BIN=${BIN:-.build/release}
[ -x "$BIN/missive-sandbox" ] || swift build -c release --product missive-sandbox >&2
[ -x "$BIN/forum-bench" ] || swift build -c release --product forum-bench >&2
WORK=$(mktemp -d)
SANDBOX_PID=""
stop_sandbox() { [ -z "$SANDBOX_PID" ] || { kill -9 "$SANDBOX_PID"; wait "$SANDBOX_PID"; } 2>/dev/null || true; SANDBOX_PID=""; }
trap 'stop_sandbox; rm -rf "$WORK"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# A fresh sandbox for each contender, so both start from the same seeded forum.
start_sandbox() {
    stop_sandbox
    PORT=$(free_port)
    rm -rf "$WORK/forum"
    "$BIN/missive-sandbox" --port "$PORT" --flood 0 --data "$WORK/forum" >/dev/null 2>&1 &
    SANDBOX_PID=$!
    BASE="http://127.0.0.1:$PORT/"
    for _ in $(seq 100); do curl -s -o /dev/null "$BASE" && return; sleep 0.05; done
    echo "bench-forum: the sandbox did not start" >&2; exit 1
}

now() { date +%s.%N; }

# curl: log in once, then per reply one curl for the form and one for the post.
start_sandbox
JAR=$WORK/curl-jar.txt
curl -s -o /dev/null -L -c "$JAR" -b "$JAR" -F action=login -F username=sandbox -F password=sandbox \
    -F "next=/index.php?json=1" "${BASE}account.php?json=1"
t0=$(now)
for i in $(seq "$COUNT"); do
    page=$(curl -s -b "$JAR" -c "$JAR" "${BASE}newreply.php?action=newreply&threadid=$THREAD")
    formkey=$(sed -n 's/.*name="formkey" value="\([0-9a-f]*\)".*/\1/p' <<<"$page" | head -1)
    cookie=$(sed -n 's/.*name="form_cookie" value="\([0-9a-f]*\)".*/\1/p' <<<"$page" | head -1)
    curl -s -o /dev/null -b "$JAR" -c "$JAR" -F action=postreply -F threadid=$THREAD -F "formkey=$formkey" \
        -F "form_cookie=$cookie" -F "message=Benchmark reply $i &#128512;" -F parseurl=yes -F "submit=Submit Reply" \
        "${BASE}newreply.php"
done
t1=$(now)
curl_posts=$(curl -s "${BASE}_sandbox/state.json" | grep -c '"text" : "Benchmark reply' || true)
curl_rate=$(awk -v n="$COUNT" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", n / (b - a) }')
echo "curl:    $COUNT replies in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s = $curl_rate replies/s ($curl_posts landed)"

# The adapter, in one process, under /usr/bin/time for its peak memory: first as Missive runs it
# (connections kept alive), then with a new connection per request, the way the curl loop goes.
adapter_run() {
    start_sandbox
    echo sandbox | /usr/bin/time -f "%M" -o "$WORK/peak.txt" "$BIN/forum-bench" "$BASE" "$THREAD" "$COUNT" sandbox | tee "$WORK/adapter.txt"
    local landed
    landed=$(curl -s "${BASE}_sandbox/state.json" | grep -c '"text" : "Benchmark reply' || true)
    echo "  ($landed landed; peak RSS of the whole process $(cat "$WORK/peak.txt") KiB)"
    sed -n 's/.*= \([0-9.]*\) replies\/s/\1/p' "$WORK/adapter.txt" >"$WORK/$1.rate"
    local requests
    requests=$(curl -s "${BASE}_sandbox/requests.json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])')
    echo "  ($requests requests at the sandbox, $(awk -v r="$requests" -v n="$COUNT" 'BEGIN { printf "%.1f", r / n }') per reply, the login's included)"
}
adapter_run confirmed
FORUM_BENCH_NO_CONFIRM=1 adapter_run kept-alive
FORUM_BENCH_NO_CONFIRM=1 FORUM_BENCH_FRESH=1 adapter_run fresh
stop_sandbox
awk -v a="$(cat "$WORK/kept-alive.rate")" -v f="$(cat "$WORK/fresh.rate")" -v c="$curl_rate" 'BEGIN {
    printf "ratio: adapter / curl = %.2f kept-alive, %.2f with a new connection per request like curl (target >= 0.8; the same requests: no receipt check)\n", a / c, f / c }'
awk -v before="$(cat "$WORK/kept-alive.rate")" -v after="$(cat "$WORK/confirmed.rate")" 'BEGIN {
    printf "receipt check: %.2f ms per send taking the success page'"'"'s word, %.2f ms opening its link to find the post there: +%.2f ms, ratio %.2f\n",
        1000 / before, 1000 / after, 1000 / after - 1000 / before, before / after }'
