#!/usr/bin/env bash
# Runs one test process (the arguments go to the test binary: `--skip CommandLineTests`, or
# `--filter CommandLineTests`) within a time limit, and on the way out says what was still running.
#
# Why: a test that waits for good (on a child that never exits, on a pipe a daemon holds) once
# held CI until its 90 minutes ran out, and the log said nothing: SwiftPM's `swift test` relays
# the binary's output through a buffer, which died with it. Here the binary writes straight to the
# log, and when the limit comes the tests that started and never ended are named, with the
# processes they were waiting on, before everything under the binary is stopped.
#
#   TEST_TIME_LIMIT   seconds for this process (default 2400; the Makefile gives each process
#                     about three times what it takes here)
#   TEST_SUMMARY      a file to add a short account to: the failures, what still ran, the status
#                     (.ci/run prints it last, where a log cut to its end still shows it)
set -uo pipefail
cd "$(dirname "$0")/.."

limit=${TEST_TIME_LIMIT:-2400}
swift=${SWIFT:-swift}
binary="$($swift build --show-bin-path)/MissivePackageTests.xctest"
[ -x "$binary" ] || { echo "run-tests: $binary is not built (swift build --build-tests)" >&2; exit 1; }

log=$(mktemp /tmp/missive-tests.XXXXXX)
report=$(mktemp /tmp/missive-tests-report.XXXXXX)
trap 'rm -f "$log" "$report"' EXIT

"$binary" --testing-library swift-testing "$@" >"$log" 2>&1 &
pid=$!
tail -n +1 -f --pid="$pid" "$log" &
follower=$!

# Every process under `pid`, children first, so that a stopped parent cannot respawn one.
descendants() {
    local child
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        descendants "$child"
        echo "$child"
    done
}

# "◇ Test name() started." without a "✔/✘ Test name() [with N test cases] passed/failed after"
# or "➜ Test name() skipped" for it (the cases of a parameterized test end with it).
unfinished() {
    awk '
        /^◇ Test / && / started\.$/ && !/^◇ Test case / {
            name = $0; sub(/^◇ Test /, "", name); sub(/ started\.$/, "", name); started[name]++
        }
        /^(✔|✘|➜) Test / && / (passed|failed) after | skipped/ {
            name = $0; sub(/^(✔|✘|➜) Test /, "", name)
            sub(/ with [0-9]+ test.*$/, "", name); sub(/ (passed|failed) after.*$| skipped.*$/, "", name)
            ended[name]++
        }
        END { for (name in started) if (started[name] > ended[name]) print "  " name }
    ' "$log" | sort
}

deadline=$((SECONDS + limit))
while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do
    sleep 2
done

if kill -0 "$pid" 2>/dev/null; then
    {
        echo
        echo "run-tests: the tests ($*) ran past their ${limit} s; still running:"
        unfinished
        echo "run-tests: the processes under the test binary (pid $pid):"
        pids=$(descendants "$pid" | tr '\n' ',')
        [ -n "$pids" ] && ps -o pid,ppid,etime,args -p "${pids%,}" | sed 's/^/  /'
    } >"$report"
    for child in $(descendants "$pid"); do kill -KILL "$child" 2>/dev/null; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid"
    status=124
else
    wait "$pid"
    status=$?
    # Killed by a signal of its own (SIGPIPE, a crash): the results of the tests under way are
    # lost with it, so their names are what there is to go on.
    if ((status > 128)); then
        {
            echo
            echo "run-tests: the test process ($*) was killed by signal $((status - 128)) ($(kill -l $((status - 128)) 2>/dev/null)); these had started and not ended:"
            unfinished
        } >"$report"
    fi
fi
wait "$follower" 2>/dev/null
echo "run-tests: the tests ($*) took $SECONDS s, status $status" >>"$report"
cat "$report" >&2
if [ -n "${TEST_SUMMARY:-}" ]; then
    {
        # What failed, a line each (an expectation's message can run to pages).
        grep -E '^✘ Test .*(recorded an issue|failed after)' "$log" | cut -c1-300
        grep -E '^(✔|✘) Test run with ' "$log"
        cat "$report"
    } >>"$TEST_SUMMARY"
fi
exit $status
