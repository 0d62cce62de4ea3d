#!/usr/bin/env bash
# The end-to-end demo. For now: the sample drafts in drafts/samples/ converted to each forum
# dialect's BBCode. The front matter (the editor buffer's header) is dropped here until the
# Compose layer reads it. Grows into the full post-to-the-sandbox demo with the outbox issue.
set -euo pipefail
cd "$(dirname "$0")/.."
MISSIVE=.build/debug/missive

body() {  # the Markdown after the front matter
    awk 'NR == 1 && $0 == "---" { inside = 1; next } inside && $0 == "---" { inside = 0; next } !inside' "$1"
}

for draft in drafts/samples/*.md; do
    for dialect in somethingawful vbulletin phpbb xenforo; do
        echo "===== $draft -> $dialect"
        body "$draft" | "$MISSIVE" convert --dialect "$dialect"
        echo
    done
    echo "===== $draft -> somethingawful --strict (how the forum will show it, as text)"
    body "$draft" | "$MISSIVE" convert --strict | "$MISSIVE" render --to text
    echo
done
