#!/usr/bin/env bash
# Runs tests with the local clock reading a given time, to prove no test assumes the hour:
#
#   scripts/test-at-hour.sh 23:40                  # the command-line tests, local clock at 23:40
#   scripts/test-at-hour.sh 00:20 TableAlignment   # only the tests matching a filter
#
# TZ is set to a fixed offset from UTC (POSIX `<LOCAL>-hh:mm`: east of UTC; the signs are
# inverted) chosen so that the clock reads HH:MM now; the tests hand TZ on to every missive they
# run (childEnvironment). Build first: `swift build --build-tests`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/test-at-hour.sh HH:MM [FILTER]" >&2; exit 64; }
zone=$(python3 - "$1" <<'PY'
import sys, time
hour, minute = (int(part) for part in sys.argv[1].split(":"))
now = int(time.time()) // 60 % 1440
offset = hour * 60 + minute - now
offset = (offset + 720) % 1440 - 720   # within a day, east or west: -12:00 to +11:59
sign = "-" if offset >= 0 else "+"     # POSIX: a zone east of UTC has a negative offset
offset = abs(offset)
print(f"<LOCAL>{sign}{offset // 60:02d}:{offset % 60:02d}")
PY
)
export TZ=$zone
echo "TZ='$TZ': the local clock reads $(date +%H:%M) ($(date -u +%H:%M) UTC)" >&2
exec scripts/run-tests.sh --filter "${2:-CommandLineTests}"
