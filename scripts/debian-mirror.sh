#!/usr/bin/env bash
# Prints the Debian mirror this machine's apt already uses for bookworm's main archive (not
# -security, not -updates, not a third-party repository), so a debootstrap root fetches from the
# same place apt does, proxies and snapshots included. MIRROR=URL overrides it.
set -euo pipefail

if [ -n "${MIRROR:-}" ]; then printf '%s\n' "$MIRROR"; exit 0; fi

# deb822 files (*.sources): a stanza whose Suites list bookworm itself and whose Components have
# main; its first URI.
for file in /etc/apt/sources.list.d/*.sources; do
  [ -e "$file" ] || continue
  uri=$(awk '
    function flush() { if (suite && main && !types_src && uri != "") { print uri; found = 1; exit } suite = main = types_src = 0; uri = "" }
    /^[ \t]*#/ { next }
    /^[ \t]*$/ { flush(); next }
    tolower($1) == "types:" { types_src = ($0 !~ /(^|[ \t])deb([ \t]|$)/) }
    tolower($1) == "uris:" { uri = $2 }
    tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == "bookworm") suite = 1 }
    tolower($1) == "components:" { for (i = 2; i <= NF; i++) if ($i == "main") main = 1 }
    END { if (!found) flush() }
  ' "$file")
  if [ -n "$uri" ]; then printf '%s\n' "$uri"; exit 0; fi
done

# One-line sources: "deb [options] URI bookworm main ...".
for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -e "$file" ] || continue
  uri=$(awk '
    $1 != "deb" { next }
    { i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } }
    $(i + 1) == "bookworm" { for (j = i + 2; j <= NF; j++) if ($j == "main") { print $i; exit } }
  ' "$file")
  if [ -n "$uri" ]; then printf '%s\n' "$uri"; exit 0; fi
done

echo "error: no bookworm main mirror in /etc/apt/sources.list*; set MIRROR=http://deb.debian.org/debian" >&2
exit 1
