#!/usr/bin/env bash
# Compose benchmark (issue 25): how long `missive reply` takes from its start to the editor
# opening, asking the forum first (refusal check + the thread's posts as context), beside the
# same command with --offline and beside one forum round trip (curl fetching the same reply
# page); and how long the editor waits when the forum refuses connections or never answers.
# The editor is a script that notes the time it was started and exits. Prints medians of RUNS
# runs and the ratios to each budget, all from this one run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-debs.sh curl python3 >&2

BIN=${BIN:-.build/release}
RUNS=${RUNS:-21}
[ -x "$BIN/missive" ] && [ -x "$BIN/missive-sandbox" ] || scripts/swift-release.sh >&2

WORK=$(mktemp -d "${TMPDIR:-/tmp}/missive-bench-compose.XXXXXX")
export MISSIVE_HOME=$WORK/home
unset EDITOR VISUAL
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

now_ns() { date +%s%N; }
# The editor: the time it started, then exit 0 without saving anything new.
cat >"$WORK/editor.sh" <<EOF
#!/bin/sh
date +%s%N >"$WORK/opened"
EOF
chmod +x "$WORK/editor.sh"
export MISSIVE_EDITOR=$WORK/editor.sh

# The sandbox on a free port; its thread 3500001 gets 40 posts so the reply page carries a full review.
: >"$WORK/sandbox.out"
: >"$WORK/sandbox.out"  # made first: the loop may read it before the job has opened it
"$BIN/missive-sandbox" --port 0 --temp --flood 0 >"$WORK/sandbox.out" 2>"$WORK/sandbox.log" &
PIDS+=($!)
for _ in $(seq 200); do
    BASE=$(sed -n 's/^Sandbox forum at \(http[^ ]*\).*/\1/p' "$WORK/sandbox.out")
    [ -n "$BASE" ] && break
    sleep 0.05
done
[ -n "$BASE" ] || { echo "bench-compose: the sandbox did not start" >&2; cat "$WORK/sandbox.log" >&2; exit 1; }
"$BIN/missive" init >/dev/null 2>&1
"$BIN/missive" profiles add sandbox --base-url "$BASE" >/dev/null 2>&1
printf 'sandbox\n' | "$BIN/missive" login --password-stdin >/dev/null 2>&1
# The posts go out through the real sender, without an undo window (and the forum without flood control).
config=$(find "$MISSIVE_HOME" -name config.toml | head -1)
sed -i 's/^undo_window = .*/undo_window = 0/' "$config"
for n in $(seq 40); do
    printf 'Post %d of the benchmark thread, with **bold**, a [link](https://example.com) and :)\n' "$n" >"$WORK/body.md"
    "$BIN/missive" reply 3500001 --new --no-edit --body-file "$WORK/body.md" --send >/dev/null 2>&1
done

# Milliseconds from starting `missive reply ARGS` to the editor opening; the draft it makes is
# discarded (the editor saves an empty body).
time_to_editor() {
    rm -f "$WORK/opened"
    local start
    start=$(now_ns)
    "$BIN/missive" reply "$@" --new >/dev/null 2>&1 || true
    [ -s "$WORK/opened" ] || { echo "bench-compose: the editor did not open for: reply $*" >&2; return 1; }
    echo $(( ($(cat "$WORK/opened") - start) / 1000 ))
}
median() { sort -n | awk '{ a[NR] = $1 } END { printf "%.1f", (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) / 1000 }'; }
series() { for _ in $(seq "$RUNS"); do time_to_editor "$@"; done | median; }

offline=$(series 3500001 --offline)
context=$(series 3500001)
# One forum round trip: the same page the check fetches, over a new connection, as the command makes.
jar=$(find "$MISSIVE_HOME" -path '*cookies/sandbox.txt' | head -1)
roundtrip=$(for _ in $(seq "$RUNS"); do
    curl -s -o /dev/null -b "$jar" -w '%{time_total}\n' "${BASE}newreply.php?action=newreply&threadid=3500001"
done | awk '{ printf "%d\n", $1 * 1000000 }' | median)

# A port where nothing listens (connection refused), and one that accepts and never answers.
refused_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 - "$WORK/silent.port" <<'EOF' &
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(64)
open(sys.argv[1], "w").write(str(s.getsockname()[1]))
held = []
while True:
    connection, _ = s.accept()
    held.append(connection)  # read nothing, answer nothing
EOF
PIDS+=($!)
for _ in $(seq 100); do [ -s "$WORK/silent.port" ] && break; sleep 0.05; done
silent_port=$(cat "$WORK/silent.port")
"$BIN/missive" profiles add refused --base-url "http://127.0.0.1:$refused_port/" >/dev/null 2>&1
"$BIN/missive" profiles add silent --base-url "http://127.0.0.1:$silent_port/" >/dev/null 2>&1
# The sandbox's session goes with them (cookies are the host's, whatever the port), so that the
# check really asks the network instead of stopping at "not logged in".
cp "$jar" "$(dirname "$jar")/refused.txt"
cp "$jar" "$(dirname "$jar")/silent.txt"
RUNS_SLOW=${RUNS_SLOW:-5}
refused=$(for _ in $(seq "$RUNS_SLOW"); do time_to_editor 3500001 --profile refused; done | median)
silent=$(for _ in $(seq "$RUNS_SLOW"); do time_to_editor 3500001 --profile silent; done | median)

awk -v off="$offline" -v ctx="$context" -v rt="$roundtrip" -v ref="$refused" -v sil="$silent" -v runs="$RUNS" 'BEGIN {
    extra = ctx - off; budget = rt + 40
    printf "start to editor open, median of %d runs:\n", runs
    printf "  reply --offline (reference)          %7.1f ms\n", off
    printf "  reply, forum asked + 40-post context %7.1f ms (+%.1f ms)\n", ctx, extra
    printf "  one forum round trip (curl, same page) %5.1f ms\n", rt
    printf "ratio: extra time / (one round trip + 40 ms) = %.2f (budget: at most 1)\n", extra / budget
    printf "forum unreachable, editor opens after: connection refused %.0f ms, never answers %.0f ms\n", ref, sil
    printf "ratio: never answers / 2000 ms = %.2f (budget: under 1)\n", sil / 2000
}'

# The live preview's figure in the same run: save to redrawn page on a 20 KB post (budget 300 ms).
MISSIVE=${MISSIVE:-$BIN/missive} scripts/bench-live.sh | tail -2
