#!/usr/bin/env bash
# Turns CHANGELOG.md (standard input) into Debian's changelog format (standard output), one entry
# per "## VERSION (YYYY-MM-DD)" heading: "- " items become "  * ", their indented continuation
# lines stay under them. Missive's package is native (its version has no Debian revision), so
# its /usr/share/doc/missive/changelog.gz is read by dpkg-parsechangelog and lintian as this.
set -euo pipefail

maintainer=${MAINTAINER:?set MAINTAINER to the package maintainer, "Name <email>"}

awk -v maintainer="$maintainer" '
  function close_entry() {
    if (version == "") return
    # The trailer: RFC 5322 date at midnight UTC of the version date.
    cmd = "LC_ALL=C date -u -R -d " date
    cmd | getline stamp; close(cmd)
    printf "\n -- %s  %s\n", maintainer, stamp
    version = ""
  }
  /^## / {
    close_entry()
    if (!match($0, /^## [^ ]+ \([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]\)$/)) { print "bad heading: " $0 > "/dev/stderr"; exit 1 }
    version = $2; date = substr($3, 2, 10)
    if (entries++) print ""
    printf "missive (%s) bookworm; urgency=medium\n\n", version
    next
  }
  version == "" { next }
  /^- / { print "  * " substr($0, 3); next }
  /^  [^ ]/ { print "    " substr($0, 3); next }
  /^$/ { next }
  { print "unexpected line under " version ": " $0 > "/dev/stderr"; exit 1 }
  END { close_entry() }
'
