#!/usr/bin/env bash
# Image upload figures (issue 15): a 5 MB PNG uploaded COUNT times to the sandbox's
# Imgur-compatible host through Missive's client (forum-bench upload-image), beside `curl -F` of
# the same file to the same endpoint. Prints both times per upload, their ratio, and peak memory:
# the client's VmHWM against its RSS before the first upload (it should grow by about one copy of
# the image, the request body), and curl's maximum RSS per upload (GNU time).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-debs.sh curl time >&2

COUNT=${COUNT:-20}
SIZE=${SIZE:-5000000}
BIN=${BIN:-.build/release}
[ -x "$BIN/missive-sandbox" ] || swift build -c release --product missive-sandbox >&2
[ -x "$BIN/forum-bench" ] || swift build -c release --product forum-bench >&2
WORK=$(mktemp -d)
SANDBOX_PID=""
stop_sandbox() { [ -z "$SANDBOX_PID" ] || { kill -9 "$SANDBOX_PID"; wait "$SANDBOX_PID"; } 2>/dev/null || true; SANDBOX_PID=""; }
trap 'stop_sandbox; rm -rf "$WORK"' EXIT

# A PNG header (1920x1080) and random bytes: what the host checks is the header.
IMAGE=$WORK/big.png
python3 - "$IMAGE" "$SIZE" <<'PY'
import os, struct, sys
path, size = sys.argv[1], int(sys.argv[2])
header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 1920, 1080) + bytes([8, 6, 0, 0, 0]) + b"\0\0\0\0"
with open(path, "wb") as f:
    f.write(header + os.urandom(size - len(header)))
PY

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The image host has a port of its own (0: a free one); --json says which.
"$BIN/missive-sandbox" --port "$PORT" --images-port 0 --flood 0 --data "$WORK/forum" --json >"$WORK/status.json" 2>/dev/null &
SANDBOX_PID=$!
for _ in $(seq 200); do [ -s "$WORK/status.json" ] && break; sleep 0.05; done
BASE=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["images_url"])' "$WORK/status.json")
for _ in $(seq 100); do curl -s -o /dev/null "$BASE" && break; sleep 0.05; done

now() { date +%s.%N; }

"$BIN/forum-bench" upload-image "$BASE" "$IMAGE" 1 >/dev/null  # warm the sandbox up
# One upload alone: its peak over the RSS before it is what one upload holds.
echo "one upload:"; "$BIN/forum-bench" upload-image "$BASE" "$IMAGE" 1 | sed 's/^/  /'
client=$("$BIN/forum-bench" upload-image "$BASE" "$IMAGE" "$COUNT")
echo "$client"
client_ms=$(sed -n 's/.* = \([0-9.]*\) ms each/\1/p' <<<"$client")

t0=$(now)
for _ in $(seq "$COUNT"); do
    # `Expect:` off, as Missive's client has it: otherwise curl waits a second for a `100 Continue`
    # that the sandbox's server never sends, and the figure measures that wait.
    /usr/bin/time -f "%M" -a -o "$WORK/curl-rss" curl -s -o /dev/null -f -H "Expect:" -H "Authorization: Client-ID bench" \
        -F "image=@$IMAGE;type=image/png" -F type=file "${BASE}3/image"
done
t1=$(now)
curl_ms=$(python3 -c "print(f'{($t1 - $t0) * 1000 / $COUNT:.1f}')")
curl_rss=$(sort -n "$WORK/curl-rss" | tail -1)
echo "curl -F: $COUNT uploads in $(python3 -c "print(f'{$t1 - $t0:.3f}')") s = $curl_ms ms each; max RSS $curl_rss KiB"
python3 -c "print(f'ratio (client time / curl time): {$client_ms / $curl_ms:.2f}')"
