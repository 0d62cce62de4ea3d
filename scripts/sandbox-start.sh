# Sourced (not run; `make bench` runs only bench-*.sh) by the benchmarks that drive a sandbox (bench-outbox.sh, bench-liveness.sh): starts
# `$BIN/missive-sandbox` on a free port (or $SANDBOX_PORT) with the given options, its data in $WORK/forum, and
# sets SANDBOX_PID and BASE (the forum's address), or stops the script saying it did not start.
start_sandbox_process() {
    : >"$WORK/sandbox.out"  # made first: the loop may read it before the job has opened it
    "$BIN/missive-sandbox" --port "${SANDBOX_PORT:-0}" --data "$WORK/forum" "$@" >"$WORK/sandbox.out" 2>/dev/null &
    SANDBOX_PID=$!
    BASE=""
    for _ in $(seq 200); do
        BASE=$(sed -n 's/^Sandbox forum at \(http[^ ]*\).*/\1/p' "$WORK/sandbox.out")
        [ -n "$BASE" ] && break
        sleep 0.05
    done
    [ -n "$BASE" ] || { echo "$(basename "$0" .sh): the sandbox did not start" >&2; exit 1; }
}
