#!/usr/bin/env bash
# `missive status` beside curl (issue 30): a sandbox where the tester has bookmarked 40 threads
# (40 new threads) and 5 of them have news (two new posts each, one quoting the tester), plus an
# unread PM. It
# prints how many requests `status` made (the sandbox counts them) and the best of $RUNS wall
# times of `missive status` beside curl fetching the same pages with the same session cookies,
# taking turns in the same run, and the ratio (goal <= 1.3x). Nothing here moves a read position:
# both read with noseen=1, so every run finds the same news.
#
#   make bench-status                # RUNS=15
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-debs.sh curl python3 >&2
BIN=${BIN:-.build/release}
for product in missive missive-sandbox; do
    [ -x "$BIN/$product" ] || scripts/swift-release.sh >&2
done
RUNS=${RUNS:-15}
KEEP=${KEEP:-}
THREADS=40
NEWS=5
WORK=$(mktemp -d)
SANDBOX_PID=""
cleanup() { [ -z "$SANDBOX_PID" ] || kill "$SANDBOX_PID" 2>/dev/null || true; [ -n "$KEEP" ] || rm -rf "$WORK"; }
trap cleanup EXIT

# shellcheck source=scripts/sandbox-start.sh
. scripts/sandbox-start.sh
start_sandbox_process --images-port 0 --flood 0
export MISSIVE_HOME=$WORK/home TZ=UTC
"$BIN/missive" init >/dev/null 2>&1
"$BIN/missive" profiles add sandbox --base-url "$BASE" >/dev/null
printf 'sandbox\n' | "$BIN/missive" login --password-stdin >/dev/null
sed -i 's/^undo_window = .*/undo_window = 0/' "$MISSIVE_HOME/config/config.toml"

# The threads: 40 new ones made through Missive itself (drafts, queue, send), each bookmarked and
# read once, so that the thread list has a read position for every one.
mkdir -p "$WORK/threads"
for n in $(seq "$THREADS"); do
    printf -- '---\nkind: thread\nforum: 1\nsubject: Bench thread %s\nformat: bbcode\n---\nThread %s, the first post.\n' "$n" "$n" \
        >"$WORK/threads/$(printf '%03d' "$n").md"
done
mapfile -t drafts < <("$BIN/missive" drafts import "$WORK/threads" 2>/dev/null)
"$BIN/missive" queue "${drafts[@]}" >/dev/null 2>&1
"$BIN/missive" send >/dev/null 2>&1 || { echo "bench-status: the threads were not all made" >&2; exit 1; }
mapfile -t threads < <(curl -s "${BASE}_sandbox/state.json" | python3 -c '
import json, sys
for thread in json.load(sys.stdin)["threads"]:
    if thread["title"].startswith("Bench thread "): print(thread["id"])')
[ "${#threads[@]}" = "$THREADS" ] || { echo "bench-status: made ${#threads[@]} threads, not $THREADS" >&2; exit 1; }
for thread in "${threads[@]}"; do
    "$BIN/missive" bookmarks add "$thread" >/dev/null 2>&1
    "$BIN/missive" read "$thread" >/dev/null 2>&1
done
bookmarked=$("$BIN/missive" bookmarks --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')

# The news: two posts by Zoë in each of 5 threads (the second quotes the tester), and a PM.
for thread in "${threads[@]:0:$NEWS}"; do
    curl -s -X POST -H 'Content-Type: text/plain' --data-binary "News in $thread." \
        "${BASE}_sandbox/post?threadid=$thread&as=Zo%C3%AB" >/dev/null
    curl -s -X POST -H 'Content-Type: text/plain' \
        --data-binary "[quote=\"Missive Tester\" post=\"1\"]Earlier words.[/quote]An answer to you." \
        "${BASE}_sandbox/post?threadid=$thread&as=Zo%C3%AB" >/dev/null
done
curl -s -X POST -H 'Content-Type: text/plain' --data-binary "Lunch?" \
    "${BASE}_sandbox/pm?from=Zo%C3%AB&to=Missive%20Tester&subject=Lunch" >/dev/null

# What status asks for, counted by the sandbox.
curl -s -X POST "${BASE}_sandbox/reset-requests" >/dev/null
"$BIN/missive" status --json >"$WORK/status.json"
requests=$(curl -s "${BASE}_sandbox/requests.json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])')
read -r news quotes messages < <(python3 -c '
import json, sys
status = json.load(open(sys.argv[1]))
print(len(status["threads"]), len(status["quotes"]), len(status["messages"]))' "$WORK/status.json")

# The same pages with curl and the session missive keeps (a Netscape cookie jar, as curl reads):
# the thread list, the inbox, and for each thread with news the page that holds its first unread
# post (missive works the page out from the list's counts; each thread here has one page), each
# in a request of its own.
JAR=$MISSIVE_HOME/data/cookies/sandbox.txt
[ -s "$JAR" ] || JAR=$(ls "$MISSIVE_HOME"/data/cookies/*.txt | head -1)
curl_status() {
    curl -s -b "$JAR" -o /dev/null "${BASE}bookmarkthreads.php?action=view&perpage=40"
    curl -s -b "$JAR" -o /dev/null "${BASE}private.php"
    for thread in "${threads[@]:0:$NEWS}"; do
        curl -s -b "$JAR" -o /dev/null "${BASE}showthread.php?threadid=$thread&perpage=40&noseen=1&pagenumber=1"
    done
}

best() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }
TIMEFORMAT='%3R'
missive_best="" curl_best=""
for _ in $(seq "$RUNS"); do
    t=$( { time "$BIN/missive" status >/dev/null 2>&1; } 2>&1 ); missive_best=$(best "$t" "$missive_best")
    t=$( { time curl_status; } 2>&1 ); curl_best=$(best "$t" "$curl_best")
done

[ -z "$KEEP" ] || { echo "kept: $WORK"; "$BIN/missive" status; }
echo "sandbox: $bookmarked bookmarked threads, $NEWS with news (2 new posts each, 1 quoting the tester), 1 unread PM"
echo "missive status found: $news threads with news, $quotes posts quoting you, $messages unread PMs"
echo "requests missive status made: $requests (the thread list, the inbox, 1 page per thread with news; curl makes the same $((2 + NEWS)))"
awk -v m="$missive_best" -v c="$curl_best" -v r="$RUNS" 'BEGIN {
    ratio = (c > 0) ? m / c : 0
    printf "wall (best of %d): missive status %.3f s, curl on the same pages %.3f s, ratio %.2fx (goal <= 1.3x: %s)\n",
        r, m, c, ratio, (ratio <= 1.3) ? "pass" : "FAIL" }'
