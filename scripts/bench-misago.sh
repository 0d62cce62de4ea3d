#!/usr/bin/env bash
# The figure of issue 16: COUNT replies to the real Misago engine through `missive send`, beside a
# plain curl loop making the same requests (per reply: the thread's GET, which is the outbox's
# reconcile marker, and the reply's POST), one curl process per request as a shell script would.
# Both post as the seeded admin, whom Misago exempts from its 3-second flood interval
# (`can_omit_flood_protection`, a Moderator permission the "Forum team" rank carries), each into a
# thread of its own. Prints both wall times and their ratio (missive / curl) from one run.
#
#   scripts/bench-misago.sh            # COUNT=200
#   make bench-misago
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT=${COUNT:-200}
BIN=${BIN:-.build/release}
PASSWORD=missive-engine-pw
[ -x "$BIN/missive" ] || scripts/swift-release.sh --product missive >&2

WORK=$(mktemp -d)
started=""
scripts/engine.sh status >/dev/null 2>&1 || started=yes
cleanup() {
    [ -z "$started" ] || scripts/engine.sh stop
    rm -rf "$WORK"
}
trap cleanup EXIT
BASE=$(scripts/engine.sh start | tail -1)

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
# How many posts the thread holds (the opening post and its replies), from the engine's API.
thread_posts() { curl -fsS "$BASE/api/threads/$1/" | python3 -c 'import json, sys; print(json.load(sys.stdin)["replies"] + 1)'; }
# The id in a thread URL the engine gave (/t/slug/ID/).
thread_id() { sed -n 's|.*/t/[^/]*/\([0-9]*\)/.*|\1|p' | head -1; }

# Missive: a fresh home, the admin's profile logged in, a thread of its own.
export MISSIVE_HOME=$WORK/home
"$BIN/missive" init >/dev/null 2>&1
"$BIN/missive" profiles add admin --engine misago --base-url "$BASE" --username MissiveAdmin >/dev/null
"$BIN/missive" profiles use admin >/dev/null
printf '%s\n' "$PASSWORD" | "$BIN/missive" login --password-stdin >/dev/null
sed -i 's/^undo_window = .*/undo_window = 0/' "$MISSIVE_HOME/config/config.toml"
printf 'The thread the benchmark replies to.\n' >"$WORK/opening.md"
MISSIVE_THREAD=$("$BIN/missive" thread 3 --subject "Benchmark: missive send" --no-edit --body-file "$WORK/opening.md" --send 2>&1 | thread_id)
[ -n "$MISSIVE_THREAD" ] || { echo "bench-misago: could not open missive's thread" >&2; exit 1; }

# COUNT replies as drafts, imported and queued in one go.
mkdir -p "$WORK/drafts"
for i in $(seq "$COUNT"); do
    printf -- '---\nkind: reply\nthread: %s\nformat: bbcode\n---\nBenchmark reply %s through missive\n' \
        "$MISSIVE_THREAD" "$i" >"$WORK/drafts/$(printf '%06d' "$i").md"
done
"$BIN/missive" drafts import "$WORK/drafts" 2>/dev/null | xargs "$BIN/missive" queue >/dev/null 2>&1
t0=$(now)
"$BIN/missive" send >/dev/null 2>"$WORK/send.log" || { tail -5 "$WORK/send.log" >&2; exit 1; }
t1=$(now)
missive_time=$(elapsed "$t0" "$t1")
sent=$("$BIN/missive" queue list --state sent 2>/dev/null | grep -c 'reply' || true)

# Curl: its own login (the index for the CSRF cookie, then the API), a thread of its own.
JAR=$WORK/curl.jar
token() { awk '$6 == "csrftoken" { t = $7 } END { print t }' "$JAR"; }
curl -fsS -c "$JAR" -b "$JAR" -o /dev/null "$BASE/"
curl -fsS -c "$JAR" -b "$JAR" -o /dev/null -H "X-CSRFToken: $(token)" -H "Referer: $BASE/" -H 'Content-Type: application/json' \
    --data "{\"username\": \"MissiveAdmin\", \"password\": \"$PASSWORD\"}" "$BASE/api/auth/"
TOKEN=$(token)
write() {
    curl -fsS -b "$JAR" -o "$WORK/answer.json" -H "X-CSRFToken: $TOKEN" -H "Referer: $BASE/" -H 'Content-Type: application/json' \
        --data "$2" "$BASE$1"
}
write /api/threads/ '{"category": 3, "title": "Benchmark: curl loop", "post": "The thread the benchmark replies to."}'
CURL_THREAD=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["id"])' "$WORK/answer.json")
t0=$(now)
for i in $(seq "$COUNT"); do
    curl -fsS -b "$JAR" -o /dev/null "$BASE/api/threads/$CURL_THREAD/"
    write "/api/threads/$CURL_THREAD/posts/" "{\"post\": \"Benchmark reply $i through curl\"}"
done
t1=$(now)
curl_time=$(elapsed "$t0" "$t1")

echo "misago: $COUNT replies through missive send: ${missive_time} s ($sent items sent; thread $MISSIVE_THREAD holds $(thread_posts "$MISSIVE_THREAD") posts)"
echo "misago: $COUNT replies through a curl loop:   ${curl_time} s (thread $CURL_THREAD holds $(thread_posts "$CURL_THREAD") posts)"
awk -v m="$missive_time" -v c="$curl_time" 'BEGIN { printf "misago: ratio missive / curl = %.2f\n", m / c }'
