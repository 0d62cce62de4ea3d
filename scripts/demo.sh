#!/usr/bin/env bash
# `make demo`: the whole flow on a fresh machine, against the local sandbox forum.
# A throw-away MISSIVE_HOME, the sandbox on a free port with a short flood interval, the starter
# templates and sample drafts imported, a reply composed from a template without an editor, two
# replies and a PM queued, one transient fault injected so that a retry shows, everything sent,
# and the thread printed as the forum shows it. Needs no terminal and no standard input (CI runs
# it); on a terminal it keeps the sandbox running until Enter so that you can open it.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-.build/debug}
[ -x "$BIN/missive" ] && [ -x "$BIN/missive-sandbox" ] || swift build
THREAD=3500001
FLOOD=2

DEMO=$(mktemp -d "${TMPDIR:-/tmp}/missive-demo.XXXXXX")
export MISSIVE_HOME=$DEMO/home
unset EDITOR VISUAL MISSIVE_BIN_DIR
SANDBOX_PID=""
cleanup() {
    if [ -n "$SANDBOX_PID" ]; then kill "$SANDBOX_PID" 2>/dev/null || true; wait "$SANDBOX_PID" 2>/dev/null || true; fi
    [ -n "${DEMO_KEEP:-}" ] || rm -rf "$DEMO"
}
trap cleanup EXIT

if [ -t 1 ]; then BOLD=$'\e[1m' DIM=$'\e[2m' PLAIN=$'\e[0m'; else BOLD="" DIM="" PLAIN=""; fi
step() { printf '\n%s== %s%s\n' "$BOLD" "$*" "$PLAIN"; }
# Shows the command, then runs it; its standard output stays its own (ids are captured from it).
m() { printf '%s$ missive %s%s\n' "$DIM" "$*" "$PLAIN" >&2; "$BIN/missive" "$@"; }

# HTTP with bash alone (a fresh machine may have neither curl nor python): METHOD PATH, body on stdout.
http() {
    exec 3<>"/dev/tcp/127.0.0.1/$PORT"
    printf '%s /%s HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n' "$1" "$2" >&3
    timeout 10 cat <&3 | tr -d '\r' | sed '1,/^$/d'
    exec 3<&-
}

step "The sandbox forum on a free port, flood control every $FLOOD s"
"$BIN/missive-sandbox" --port 0 --flood "$FLOOD" --data "$DEMO/forum" >"$DEMO/sandbox.out" 2>"$DEMO/sandbox.log" &
SANDBOX_PID=$!
for _ in $(seq 200); do
    BASE=$(sed -n 's/^Sandbox forum at \(http[^ ]*\).*/\1/p' "$DEMO/sandbox.out")
    [ -n "$BASE" ] && break
    kill -0 "$SANDBOX_PID" 2>/dev/null || { cat "$DEMO/sandbox.log" >&2; exit 1; }
    sleep 0.05
done
[ -n "$BASE" ] || { echo "demo: the sandbox did not start" >&2; exit 1; }
PORT=${BASE##*:}; PORT=${PORT%/}
echo "sandbox at $BASE; MISSIVE_HOME=$MISSIVE_HOME"

step "A fresh Missive pointed at it, logged in"
m init
m profiles add sandbox --base-url "$BASE"
printf 'sandbox\n' | m login --password-stdin
# A short undo window and quick retries, so the demo shows both without a long wait.
sed -i 's/^undo_window = .*/undo_window = 3\nretry_base = 2/' "$MISSIVE_HOME/config/config.toml"

step "The starter templates and sample drafts from drafts/"
m templates import drafts/templates
m drafts import drafts/samples >/dev/null
m drafts list

step "A reply from the 'thanks' template, without an editor"
FIRST=$(m reply "$THREAD" --template thanks --var name=Zoë --var "fix=turning the sandbox off and on again" --no-edit)
m drafts show "$FIRST"

step "Another reply and a private message, written in Markdown on standard input"
SECOND=$(printf '%s\n' "Posted from **Missive** through its outbox:" "" "- queued, sent after an undo window" \
    "- retried after a *database error*" "- spaced by the forum's flood control" | m reply "$THREAD" --new --no-edit --body-file -)
NOTE=$(printf '%s\n' "Hi Zoë, the replies are up in the welcome thread." | m pm Zoë --subject "Missive demo" --no-edit --body-file -)

step "Queue all three"
for draft in "$FIRST" "$SECOND" "$NOTE"; do m queue "$draft" >/dev/null; done
m queue list

step "One transient fault: the forum's next post gets its database-error page"
http POST "_sandbox/fault?next=dberror"

step "Send everything: the undo window, the retry, flood control"
m send

step "The outbox afterwards"
m queue list
m queue show 2 | sed -n '1,/^$/p'

step "Thread $THREAD as the forum shows it"
# The sandbox's own page (windows-1252, as the forum's are): each post's author and text, with
# smilies as their codes, list items and quotes on lines of their own.
http GET "showthread.php?threadid=$THREAD&perpage=40" | iconv -f WINDOWS-1252 -t UTF-8 | sed -E \
    -e 's/<img[^>]*title="([^"]*)"[^>]*>/\1/g' \
    -e 's#<div class="bbc-quote-header">([^<]*)</div>#\n| \1\n| #g' \
    -e 's#<li>#\n- #g' -e 's#</(ul|ol|blockquote)>#\n#g' | awk '
    /<dt class="author">/ { name = $0; gsub(/.*<dt class="author">|<\/dt>.*/, "", name); print "\n--- " name }
    /BeginContentMarker/ { inside = 1; next }
    /EndContentMarker/ { inside = 0 }
    inside {
        line = $0; gsub(/<[^>]*>/, "", line)
        gsub(/&quot;/, "\"", line); gsub(/&#39;/, "'"'"'", line); gsub(/&lt;/, "<", line); gsub(/&gt;/, ">", line); gsub(/&amp;/, "\\&", line)
        if (line != "") print "    " line
    }'

step "The private message, in Sent Items"
m inbox list --folder sent

step "Done"
echo "Open the forum: ${BASE}showthread.php?threadid=$THREAD"
if [ -t 0 ] && [ -t 1 ]; then
    echo "The demo's Missive home and forum data are in $DEMO until the sandbox stops (DEMO_KEEP=1 keeps them)."
    read -r -p "Press Enter to stop the sandbox... " _ || true
fi
