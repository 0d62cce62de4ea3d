#!/usr/bin/env bash
# Issue 33's figure: one handoff (`missive queue DRAFT --via box`, the whole laptop command: the
# intent recorded, one ssh call running the box's `missive queue import`, the answer recorded)
# beside a bare `ssh box true` over the same real sshd, in the same run, and their ratio.
# Needs root (it starts Debian's sshd on 127.0.0.1 and a free port, as RemoteHandoffTests do).
#   RUNS=N (default 10) handoffs and as many bare ssh calls, interleaved; medians are printed.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-10}
BIN=${BIN:-.build/debug}
BIN=$(cd "$BIN" && pwd)
for product in missive missive-sandbox; do
    [ -x "$BIN/$product" ] || { echo "bench-handoff: build $BIN/$product first (swift build)" >&2; exit 1; }
done
WORK=$(mktemp -d)
SANDBOX_PID=""
SSHD_PID=""
stop() {
    [ -z "$SANDBOX_PID" ] || { kill -9 "$SANDBOX_PID"; wait "$SANDBOX_PID"; } 2>/dev/null || true
    [ -z "$SSHD_PID" ] || { kill -9 "$SSHD_PID"; wait "$SSHD_PID"; } 2>/dev/null || true
}
trap 'stop; rm -rf "$WORK"' EXIT

# shellcheck source=scripts/sandbox-start.sh
. scripts/sandbox-start.sh

# The box: a sandbox forum and a logged-in store.
export TZ=UTC
BOX="$WORK/box" LAPTOP="$WORK/laptop"
start_sandbox_process --flood 0
MISSIVE_HOME=$BOX "$BIN/missive" init >/dev/null 2>&1
MISSIVE_HOME=$BOX "$BIN/missive" profiles add sandbox --base-url "$BASE" >/dev/null 2>&1
echo sandbox | MISSIVE_HOME=$BOX "$BIN/missive" login --password-stdin >/dev/null 2>&1

# The real sshd: a host key and one user key made here.
ssh-keygen -q -t ed25519 -N '' -f "$WORK/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$WORK/user_key"
cp "$WORK/user_key.pub" "$WORK/authorized_keys"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p /run/sshd
cat >"$WORK/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
Port $PORT
HostKey $WORK/host_key
AuthorizedKeysFile $WORK/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $WORK/sshd.pid
LogLevel ERROR
CONFIG
/usr/sbin/sshd -D -e -f "$WORK/sshd_config" 2>"$WORK/sshd.log" &
SSHD_PID=$!
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 0.05; done
SSH="ssh -p $PORT -i $WORK/user_key -o IdentitiesOnly=yes -o UserKnownHostsFile=$WORK/known_hosts -o StrictHostKeyChecking=accept-new -o LogLevel=ERROR"

# The laptop: the same profile, the box as a remote.
MISSIVE_HOME=$LAPTOP "$BIN/missive" init >/dev/null 2>&1
MISSIVE_HOME=$LAPTOP "$BIN/missive" profiles add sandbox --base-url "$BASE" >/dev/null 2>&1
MISSIVE_HOME=$LAPTOP "$BIN/missive" remotes add box root@127.0.0.1 --missive "env MISSIVE_HOME=$BOX TZ=UTC $BIN/missive" >/dev/null
sed -i "1i ssh_command = \"$SSH\"" "$LAPTOP/config/config.toml"
$SSH -o BatchMode=yes root@127.0.0.1 true  # the host key, once

now() { date +%s.%N; }
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) * 1000 }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f", m }'; }
: >"$WORK/handoff.ms"
: >"$WORK/ssh.ms"
for run in $(seq "$RUNS"); do
    printf -- '---\nkind: reply\nthread: 3500001\n---\nbench handoff %s\n' "$run" >"$WORK/draft.md"
    draft=$(MISSIVE_HOME=$LAPTOP "$BIN/missive" drafts import "$WORK/draft.md" 2>/dev/null)
    start=$(now); $SSH -o BatchMode=yes root@127.0.0.1 true; end=$(now)
    ms "$start" "$end" >>"$WORK/ssh.ms"; echo >>"$WORK/ssh.ms"
    start=$(now); MISSIVE_HOME=$LAPTOP "$BIN/missive" queue "$draft" --via box --at +1h >/dev/null 2>&1; end=$(now)
    ms "$start" "$end" >>"$WORK/handoff.ms"; echo >>"$WORK/handoff.ms"
done
handed=$(MISSIVE_HOME=$BOX "$BIN/missive" queue list --json | grep -c '"state" : "queued"' || true)
SSH_MS=$(grep . "$WORK/ssh.ms" | median)
HANDOFF_MS=$(grep . "$WORK/handoff.ms" | median)
echo "bare ssh box true:  median $SSH_MS ms over $RUNS runs"
echo "one handoff:        median $HANDOFF_MS ms over $RUNS runs ($handed items queued on the box)"
awk -v h="$HANDOFF_MS" -v s="$SSH_MS" 'BEGIN { printf "ratio handoff / ssh: %.2f (the rest: %.1f ms of two Missive starts, the stores and the JSON)\n", h / s, h - s }'
