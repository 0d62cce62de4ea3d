#!/usr/bin/env bash
# `make demo`: the whole flow on a fresh machine, against the local sandbox forum.
# A throw-away MISSIVE_HOME, the sandbox on a free port with a short flood interval, the starter
# templates and sample drafts imported, a reply composed from a template without an editor, three
# replies (one with a local picture) and a PM queued, one transient fault injected so that a retry
# shows, everything sent, and the thread printed as the forum shows it. Needs no terminal and no standard input (CI runs
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
# The files exist before the loop below reads them (the background job opens them when it starts).
: >"$DEMO/sandbox.out"
: >"$DEMO/sandbox.log"
"$BIN/missive-sandbox" --port 0 --flood "$FLOOD" --data "$DEMO/forum" >"$DEMO/sandbox.out" 2>"$DEMO/sandbox.log" &
SANDBOX_PID=$!
for _ in $(seq 200); do
    BASE=$(sed -n 's/^Sandbox forum at \(http[^ ]*\).*/\1/p' "$DEMO/sandbox.out")
    IMAGES=$(sed -n 's/^Image host (Imgur API v3) at \(http[^ ]*\).*/\1/p' "$DEMO/sandbox.out")
    [ -n "$BASE" ] && [ -n "$IMAGES" ] && break
    kill -0 "$SANDBOX_PID" 2>/dev/null || { cat "$DEMO/sandbox.log" >&2; exit 1; }
    sleep 0.05
done
[ -n "$BASE" ] && [ -n "$IMAGES" ] || { echo "demo: the sandbox did not start" >&2; exit 1; }
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

step "A reply from the 'thanks-thread' template, without an editor"
FIRST=$(m reply "$THREAD" --template thanks-thread --var name=Zoë --var "fix=turning the sandbox off and on again" --no-edit)
m drafts show "$FIRST"

step "Another reply and a private message, written in Markdown on standard input"
SECOND=$(printf '%s\n' "Posted from **Missive** through its outbox:" "" "- queued, sent after an undo window" \
    "- retried after a *database error*" "- spaced by the forum's flood control" | m reply "$THREAD" --new --no-edit --body-file -)
NOTE=$(printf '%s\n' "Hi Zoë, the replies are up in the welcome thread." | m pm Zoë --subject "Missive demo" --no-edit --body-file -)

step "A reply with a picture from this machine (a 16x16 PNG): kept in the store when queued, uploaded when sent"
printf '%b' '\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x10\x00\x00\x00\x10\x08\x02\x00\x00\x00\x90\x91\x68\x36\x00\x00\x00\x22\x49\x44\x41\x54\x78\xda\x63\xd0\xa8\x38\x01\x47\xff\x91\x10\x2e\x71\x86\x41\xa8\x81\x18\x45\xc8\xe2\x83\x51\xc3\x68\x3c\x0c\x0a\x0d\x00\xd4\x75\xd3\x90\xcd\xd6\x21\x66\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82' >"$DEMO/checkers.png"
# The profile's image host (image_api): the sandbox answers the Imgur API on its own address.
sed -i "s#^image_api = .*#image_api = \"$IMAGES\"#" "$MISSIVE_HOME/config/config.toml"
PICTURE=$(printf '%s\n' "And a picture, uploaded by Missive before this post: ![checkers]($DEMO/checkers.png)" \
    | m reply "$THREAD" --new --no-edit --body-file -)

step "Queue all four"
for draft in "$FIRST" "$SECOND" "$NOTE" "$PICTURE"; do m queue "$draft" >/dev/null; done
m queue list

step "One transient fault: the forum's next post gets its database-error page"
http POST "_sandbox/fault?next=dberror"

step "Send everything: the undo window, the retry, flood control"
m send

step "The outbox afterwards"
m queue list
m queue show 2 | sed -n '1,/^$/p'

step "The uploaded picture: where it is, and which post shows it"
m images list

step "Thread $THREAD as the forum shows it"
# The sandbox's own page (windows-1252, as the forum's are): each post's author and text, with
# smilies as their codes, list items and quotes on lines of their own.
http GET "showthread.php?threadid=$THREAD&perpage=40" | iconv -f WINDOWS-1252 -t UTF-8 | sed -E \
    -e 's#<img class="bbc-(t?img)" src="([^"]*)"[^>]*>#[\1 \2]#g' \
    -e 's/<img[^>]*title="([^"]*)"[^>]*>/\1/g' \
    -e 's#<div class="bbc-quote-header">([^<]*)</div>#\n| \1\n| #g' \
    -e 's#<li>#\n- #g' -e 's#</(ul|ol|blockquote)>#\n#g' | awk '
    /<dt class="author[^"]*"[^>]*>/ { name = $0; gsub(/.*<dt class="author[^"]*"[^>]*>|<\/dt>.*/, "", name); print "\n--- " name }
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
