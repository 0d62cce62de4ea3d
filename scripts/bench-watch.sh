#!/usr/bin/env bash
# What an idle `missive send --watch` costs (issue 22, point 2), beside the old build's polling
# watch or, without one, the figures the issue quotes for it (0.25% of a core, ~60 system calls
# a second, 32 MB RSS). Target: under 0.05% of a core idle, and still a line within a second
# of a change another process makes.
#
# For each binary: a fresh MISSIVE_HOME with one reply queued for two hours later, the watch
# started and left to settle, then
#   - CPU: `perf stat -e task-clock -p PID` over IDLE seconds (default 30), with the utime + stime
#     ticks of /proc/PID/stat beside it (10 ms each: too coarse alone; used without perf);
#   - system calls: `strace -c -f -p TID...` over TRACE seconds (default 10), every thread;
#   - RSS: VmRSS from /proc/PID/status;
#   - reaction: a `missive queue` from another process, and the time until the watch's line.
# Usage: scripts/bench-watch.sh [NEW_BINARY] ; BASELINE=/path/to/old/missive for the old build.
set -euo pipefail
cd "$(dirname "$0")/.."

NEW=${1:-.build/debug/missive}
BASELINE=${BASELINE:-}
IDLE=${IDLE:-30}
TRACE=${TRACE:-10}
[ -x "$NEW" ] || swift build --product missive >&2
command -v strace >/dev/null || { echo "bench-watch: strace is needed (apt-get install strace)" >&2; exit 1; }
TICKS=$(getconf CLK_TCK)
WORK=$(mktemp -d)
WATCH_PID=""
stop_watch() { [ -z "$WATCH_PID" ] || { kill -INT "$WATCH_PID"; wait "$WATCH_PID"; } 2>/dev/null || true; WATCH_PID=""; }
trap 'stop_watch; rm -rf "$WORK"' EXIT

now() { date +%s.%N; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# strace -p attaches one thread; -f only follows threads made later: every thread by its id.
thread_args() { for task in /proc/"$1"/task/*; do printf -- '-p %s ' "${task##*/}"; done; }

# Measures one binary; sets CPU (percent of a core), CALLS (per second), RSS (MB), REACT (s or "none").
measure() {
    local bin=$1 label=$2 home=$WORK/$2
    export MISSIVE_HOME=$home
    "$bin" init >/dev/null 2>&1
    mkdir -p "$home/import"
    for text in first second; do
        printf -- '---\nkind: reply\nthread: 3500001\nformat: bbcode\n---\n%s\n' "$text" >"$home/import/$text.md"
    done
    "$bin" drafts import "$home/import" >/dev/null 2>&1
    "$bin" queue 1 --at +2h >/dev/null 2>&1
    "$bin" send --watch >"$WORK/$label.log" 2>&1 </dev/null &
    WATCH_PID=$!
    sleep 3
    local start_ticks end_ticks
    start_ticks=$(cpu_ticks "$WATCH_PID")
    if command -v perf >/dev/null; then
        # perf's task-clock: milliseconds on a CPU, every thread (a thread never run: "<not counted>").
        perf stat -e task-clock -x, -p "$WATCH_PID" -o "$WORK/$label.perf" -- sleep "$IDLE" 2>/dev/null
        end_ticks=$(cpu_ticks "$WATCH_PID")
        CPU=$(awk -F, -v s="$IDLE" '/task-clock/ { ms = ($1 ~ /^[0-9.]+$/) ? $1 : 0 } END { printf "%.4f", ms / 1000 / s * 100 }' "$WORK/$label.perf")
    else
        sleep "$IDLE"
        end_ticks=$(cpu_ticks "$WATCH_PID")
        CPU=$(awk -v t=$((end_ticks - start_ticks)) -v hz="$TICKS" -v s="$IDLE" 'BEGIN { printf "%.4f", t / hz / s * 100 }')
    fi
    TICKED=$((end_ticks - start_ticks))
    RSS=$(awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$WATCH_PID/status")
    # shellcheck disable=SC2046
    timeout -s INT "$TRACE" strace -c -f $(thread_args "$WATCH_PID") -o "$WORK/$label.strace" 2>/dev/null || true
    CALLS=$(awk -v s="$TRACE" '/ total$/ { printf "%.1f", $(NF-2) / s }' "$WORK/$label.strace")
    [ -n "$CALLS" ] || CALLS=0
    local began seen=""
    began=$(now)
    "$bin" queue 2 --at +3h >/dev/null 2>&1
    for _ in $(seq 300); do
        if grep -q "item 2 (draft 2) queued" "$WORK/$label.log"; then seen=$(now); break; fi
        sleep 0.01
    done
    REACT=$([ -n "$seen" ] && awk -v a="$began" -v b="$seen" 'BEGIN { printf "%.2f", b - a }' || echo none)
    stop_watch
    printf '%-9s cpu %8s%% of a core (%s ticks of 1/%s s)   syscalls %7s/s   rss %6s MB   reaction to a queue: %s s\n' \
        "$label" "$CPU" "$TICKED" "$TICKS" "$CALLS" "$RSS" "$REACT"
}

echo "idle send --watch: CPU over ${IDLE} s, system calls over ${TRACE} s (strace -c -f), RSS, reaction"
measure "$NEW" new
NEW_CPU=$CPU NEW_CALLS=$CALLS NEW_RSS=$RSS
if [ -n "$BASELINE" ]; then
    measure "$BASELINE" old
    OLD_CPU=$CPU OLD_CALLS=$CALLS OLD_RSS=$RSS
else
    OLD_CPU=0.25 OLD_CALLS=60 OLD_RSS=32
    echo "old       (the issue's figures: 0.25% of a core, 60 system calls/s, 32 MB)"
fi
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "n/a"; else printf "%.3f", a / b }'; }
echo "new/old: cpu $(ratio "$NEW_CPU" "$OLD_CPU")   syscalls $(ratio "$NEW_CALLS" "$OLD_CALLS")   rss $(ratio "$NEW_RSS" "$OLD_RSS")"
awk -v c="$NEW_CPU" 'BEGIN { exit !(c < 0.05) }' && echo "target met: under 0.05% of a core" || echo "target missed: 0.05% of a core"
