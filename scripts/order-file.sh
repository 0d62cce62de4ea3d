#!/usr/bin/env bash
# Writes packaging/link/missive.order: the functions a start of `missive` and a conversion run,
# which the release link puts side by side at the front of the code (lld's
# --symbol-ordering-file; Package.swift). Scattered over 22 MB of code, the few hundred KB a run
# needs kept several MB of it resident (the kernel maps code in 64 KB blocks around each page a
# run touches), more than a start needs and most of missive's peak memory beyond cmark's.
# Rerun after a change that moves what runs at start or in `convert` (callgrind counts what ran;
# a name no longer there is skipped by the linker). Needs valgrind (make bench-deps).
set -euo pipefail
cd "$(dirname "$0")/.."
make release >/dev/null
work=.cache/order-file
rm -rf "$work" && mkdir -p "$work/home"
# Symbols kept, debug information dropped: valgrind cannot read what clang 21 writes.
strip --strip-debug -o "$work/missive" .build/release/missive
[ -s .cache/bench-markup/corpus.md ] || { scripts/fetch-commonmark-spec.sh && mkdir -p .cache/bench-markup \
  && python3 scripts/bench/markup-corpus.py .cache/commonmark-spec.json .cache/bench-markup/corpus.md 5; }
head -c 1024 .cache/bench-markup/corpus.md >"$work/1k.md"
head -c 300000 .cache/bench-markup/corpus.md >"$work/300k.md"
export MISSIVE_HOME=$work/home
"$work/missive" init >/dev/null 2>&1
run() {
  local name=$1 input=$2; shift 2
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$name.out" "$work/missive" "$@" <"$input" >/dev/null 2>&1 || true
}
run version /dev/null --version
run convert-1k "$work/1k.md" convert
run convert-300k "$work/300k.md" convert
run convert-strict "$work/1k.md" convert --strict --dialect xenforo
run drafts-list /dev/null drafts list
python3 - "$work" <<'PY'
import glob, re, subprocess, sys
work = sys.argv[1]
defined = set()
for line in subprocess.run(["nm", "--defined-only", f"{work}/missive"], capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwW":
        defined.add(parts[2])
ran = set()
for path in glob.glob(f"{work}/*.out"):
    names = {}
    for line in open(path, errors="replace"):
        match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not match:
            continue
        kind, number, name = match.groups()
        if name:
            names[number] = name
        if kind == "fn" and number in names:
            ran.add(names[number])
order = sorted(name for name in ran if name in defined)
with open("packaging/link/missive.order", "w") as out:
    out.write("\n".join(order) + "\n")
print(f"packaging/link/missive.order: {len(order)} functions")
PY
