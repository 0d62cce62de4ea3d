#!/usr/bin/env bash
# Screenshots of one rich post under every bundled theme, as headless Chromium draws
# `missive preview --html`. Writes artifacts/screenshots/THEME.html and THEME.png.
#
#   scripts/screenshots.sh [POST.md]      (default: scripts/screenshot-post.md)
#
# MISSIVE_BIN_DIR picks the binary (default .build/debug); OUT_DIR the output folder.
set -euo pipefail
cd "$(dirname "$0")/.."

post=${1:-scripts/screenshot-post.md}
bin=${MISSIVE_BIN_DIR:-.build/debug}/missive
out=${OUT_DIR:-artifacts/screenshots}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -x "$bin" ] || { echo "error: $bin is not built; run swift build" >&2; exit 1; }
[ -n "$browser" ] || { echo "error: chromium is not installed; run make test-deps" >&2; exit 1; }

mkdir -p "$out"
out=$(cd "$out" && pwd)
# A home of its own, so the user's themes and config do not change the pictures.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

for file in Themes/*.toml; do
  theme=$(basename "$file" .toml)
  MISSIVE_HOME=$home "$bin" preview "$post" --theme "$theme" --html --output "$out/$theme.html"
  rm -f "$out/$theme.png"
  # --no-sandbox: CI runs as root. The D-Bus complaints on stderr are harmless.
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=800,600 \
    --user-data-dir="$home/chromium" --screenshot="$out/$theme.png" "file://$out/$theme.html" >/dev/null 2>&1 || true
  [ -s "$out/$theme.png" ] || { echo "error: no screenshot for $theme" >&2; exit 1; }
  echo "$out/$theme.png"
done
