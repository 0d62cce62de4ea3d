#!/usr/bin/env bash
# Fetches the CommonMark spec examples (652 of them, spec 0.31.2) as JSON for the converter's
# corpus test. They ship in markdown-it-py's source distribution on PyPI; nothing is committed:
# the file lands in the gitignored .cache/. Re-running is free once it is there.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=4.3.0
OUT=.cache/commonmark-spec.json
[ -s "$OUT" ] && exit 0

if command -v pip3 >/dev/null 2>&1; then PIP=(pip3)
elif python3 -m pip --version >/dev/null 2>&1; then PIP=(python3 -m pip)
else
    echo "fetch-commonmark-spec: pip is missing; install it with: apt-get install -y python3-pip" >&2
    exit 1
fi

WORK=.cache/markdown-it-py
mkdir -p "$WORK"
"${PIP[@]}" download --quiet --no-deps --no-binary :all: --dest "$WORK" "markdown-it-py==$VERSION" >&2
tar -xzf "$WORK/markdown_it_py-$VERSION.tar.gz" -C "$WORK" \
    "markdown_it_py-$VERSION/tests/test_cmark_spec/commonmark.json"
mv "$WORK/markdown_it_py-$VERSION/tests/test_cmark_spec/commonmark.json" "$OUT.tmp"
COUNT=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$OUT.tmp")
if [ "$COUNT" != 652 ]; then
    echo "fetch-commonmark-spec: expected 652 examples, found $COUNT" >&2
    exit 1
fi
mv "$OUT.tmp" "$OUT"
echo "fetch-commonmark-spec: $COUNT examples in $OUT" >&2
