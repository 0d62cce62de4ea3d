#!/usr/bin/env bash
# Drafts figures (issue 3): with 10,000 drafts and 100,000 revisions in the store,
#   - `missive drafts list` and `missive drafts search WORD` as whole processes (cold start included),
#   - the time from starting `missive reply` to the editor starting (an editor script records it),
# each as a median over runs, printed beside the issue's 50 ms budget as a ratio.
# Reproduce: make bench-drafts   (or: scripts/bench-drafts.sh after `swift build -c release`)
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${MISSIVE_BIN:-.build/release/missive}
[ -x "$BIN" ] || swift build -c release --product missive >/dev/null
DRAFTS=${DRAFTS:-10000}
REVISIONS_PER_DRAFT=${REVISIONS_PER_DRAFT:-10}
RUNS=${RUNS:-21}

WORK=$(mktemp -d /tmp/missive-bench-drafts.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export MISSIVE_HOME="$WORK/home"
"$BIN" init >/dev/null 2>&1

# Fill the store Missive created, through its own schema (the FTS triggers index every draft).
python3 - "$MISSIVE_HOME/data/missive.sqlite" "$DRAFTS" "$REVISIONS_PER_DRAFT" <<'PY'
import random, sqlite3, sys
path, drafts, per = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(3)
# Drafts read like prose: a Zipf-distributed vocabulary of 5,000 words, so a common word matches
# many drafts and a rare one few (the search queries below report how many).
common = ("the a to of and in is it you that for on with this was but have not be are at as".split()
          + "flood control thread reply post forum spoiler quote image thanks help weekly recap".split())
vocabulary = common + ["w%d" % i for i in range(5000 - len(common))]
weights = [1.0 / (rank + 1) for rank in range(len(vocabulary))]
def text(n): return " ".join(random.choices(vocabulary, weights, k=n))
db = sqlite3.connect(path)
stamp = "2026-11-22 00:00:00.000"
with db:
    for d in range(1, drafts + 1):
        bodies = [text(120) for _ in range(per)]
        db.execute("""INSERT INTO draft (id, kind, thread, subject, body, format, profile, targetKey, state,
                      revision, createdAt, updatedAt) VALUES (?, 'reply', ?, ?, ?, 'markdown', 'sandbox', ?,
                      'draft', ?, ?, ?)""", (d, d, text(5), bodies[-1], "reply/%d" % d, per, stamp, stamp))
        db.executemany("""INSERT INTO revision (draftId, number, kind, thread, subject, body, format, profile,
                          createdAt) VALUES (?, ?, 'reply', ?, '', ?, 'markdown', 'sandbox', ?)""",
                       [(d, n + 1, d, b, stamp) for n, b in enumerate(bodies)])
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.close()
PY

"$BIN" doctor | grep -E "^(drafts|integrity)"

cat > "$WORK/editor.sh" <<'SH'
#!/bin/sh
date +%s%N > "$STAMP"
SH
chmod +x "$WORK/editor.sh"

python3 - "$BIN" "$RUNS" "$WORK" "$DRAFTS" "$REVISIONS_PER_DRAFT" <<'PY'
import os, resource, statistics, subprocess, sys, time
binary, runs, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
budget = 50.0
env = dict(os.environ, EDITOR=os.path.join(work, "editor.sh"), STAMP=os.path.join(work, "stamp"), TERM="dumb")

cpu = []  # CPU time (user + system) of each run: steadier than wall time on a shared, busy machine

def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000

def whole(args):
    times = []
    cpu.clear()
    for _ in range(runs):
        start, before = time.perf_counter(), children_cpu()
        subprocess.run([binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append(children_cpu() - before)
    return times

def editor_start():
    times = []
    cpu.clear()
    for n in range(runs):
        start = time.time_ns()
        # A thread with no draft, so each run starts a new one; the editor changes nothing, so it is discarded.
        subprocess.run([binary, "reply", str(900000 + n)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env, check=True)
        times.append((int(open(env["STAMP"]).read()) - start) / 1e6)
    return times

def report(name, times):
    median = statistics.median(times)
    p90 = sorted(times)[int(len(times) * 0.9) - 1]
    cpu_text = f"  cpu {statistics.median(cpu):5.1f} ms" if cpu else ""
    print(f"{name:<46} median {median:6.1f} ms  p90 {p90:6.1f} ms{cpu_text}   {median / budget:4.2f} x the {budget:.0f} ms budget")

report("drafts list (the 100 most recent)", whole(["drafts", "list"]))
report("drafts list --limit 0 (all 10,000)", whole(["drafts", "list", "--limit", "0"]))
for query in (["flood", "control"], ["w4000"], ["the"]):
    matches = subprocess.run([binary, "drafts", "search", "--limit", "100000", "--json"] + query, env=env,
                             capture_output=True, check=True).stdout.count(b'"id"')
    report(f"drafts search {' '.join(query)} ({matches:,} matches)", whole(["drafts", "search"] + query))
report("reply: start to editor running", editor_start())
print(f"({runs} runs each, store of {sys.argv[4]} drafts with {sys.argv[5]} revisions each; "
      f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; reproduce with: make bench-drafts)")
PY
