#!/usr/bin/env bash
# HTML parser benchmark: Forum's HTMLDocument (what every forum page goes through) beside
# libxml2's htmlReadMemory (the reference) on the same bytes: a generated ~300 KB, 40-post
# thread page, the largest page Missive reads. Each parser parses it COUNT times in a process of
# its own; prints pages/s and peak RSS for both and the ratios, all from this one run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-debs.sh python3 >&2

COUNT=${COUNT:-200}
BIN=${BIN:-.build/release}
[ -x "$BIN/forum-bench" ] || swift build -c release --product forum-bench >&2
WORK=.cache/bench-html
mkdir -p "$WORK"
PAGE=$WORK/thread-page.html
[ -s "$PAGE" ] || python3 scripts/bench/thread-page.py "$PAGE" 40

"$BIN/forum-bench" parse-html libxml2 "$PAGE" "$COUNT" | tee "$WORK/libxml2.txt"
"$BIN/forum-bench" parse-html document "$PAGE" "$COUNT" | tee "$WORK/document.txt"

# "NAME: ... = R pages/s; peak RSS P KiB (B KiB before parsing)" -> "R P B"
figures() { sed -n 's/.*= \([0-9.]*\) pages\/s; peak RSS \([0-9]*\) KiB (\([0-9]*\) KiB.*/\1 \2 \3/p' "$1"; }
read -r ref_rate ref_peak ref_base < <(figures "$WORK/libxml2.txt")
read -r doc_rate doc_peak doc_base < <(figures "$WORK/document.txt")
awk -v rr="$ref_rate" -v dr="$doc_rate" -v rp="$ref_peak" -v dp="$doc_peak" -v rb="$ref_base" -v db="$doc_base" 'BEGIN {
    printf "ratio: HTMLDocument / htmlReadMemory = %.2fx the rate, %.2fx the peak RSS (%.2fx counting only what parsing added)\n",
        dr / rr, dp / rp, (rp > rb) ? (dp - db) / (rp - rb) : 0 }'
