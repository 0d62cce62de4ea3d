#!/bin/bash
# The part of `make deb-check` that runs inside the fresh Debian 12 root (scripts/deb-check.sh
# copies it to /tmp/check.sh and runs it under chroot): what a user does with the package, from
# `apt-get install ./missive_*.deb` to `apt-get remove --purge missive`.
#
#   /tmp/check.sh VERSION DEB_FILE_NAME START_EPOCH
set -euo pipefail

version=$1 deb=/tmp/$2 start=$3
fail() { echo "deb-check: error: $*" >&2; exit 1; }
phase() { printf '\n== [%3ds] %s\n' "$(($(date +%s) - start))" "$*"; }
# Shows a command as a user would type it (on stderr: callers capture stdout), then runs it.
run() { printf '$ %s\n' "$*" >&2; "$@"; }

# The shared libraries the package must bring: linked ones and the ones opened at first use.
linked_packages=(libcmark0.30.2 libgumbo1)
opened_packages=(libcurl4 libxml2 libsqlite3-0 libssl3 libgd3)
opened_sonames=(libcurl.so.4 libxml2.so.2 libsqlite3.so.0 libcrypto.so.3 libgd.so.3)

phase "apt-get update in the clean root"
# The download directories come from the host's cache (scripts/deb-check.sh): apt fetches as _apt.
chown _apt:root /var/cache/apt/archives/partial /var/lib/apt/lists/partial
apt-get update -q >/tmp/apt-update.log 2>&1 || { cat /tmp/apt-update.log >&2; fail "apt-get update failed"; }

# man-db is what a user's system has for reading man pages (minbase leaves it out); it goes in
# before Missive so the package's pages are indexed as on a real machine.
phase "man-db, for man missive"
apt-get install -y -q --no-install-recommends man-db >/tmp/apt-man.log 2>&1 || { cat /tmp/apt-man.log >&2; fail "could not install man-db"; }

for pkg in libcurl4 libgd3 libgumbo1 libcmark0.30.2; do
  dpkg -s "$pkg" >/dev/null 2>&1 && fail "$pkg is in the root before the install: the test could not show apt pulls it"
done

phase "apt-get install ./$(basename "$deb")"
dpkg-query -W -f '${Package}\n' | sort >/tmp/packages-before
run apt-get install -y -q --no-install-recommends "$deb"
dpkg-query -W -f '${Package}\n' | sort >/tmp/packages-after
echo "Pulled in with it: $(comm -13 /tmp/packages-before /tmp/packages-after | grep -vx missive | tr '\n' ' ')"
for pkg in "${linked_packages[@]}" "${opened_packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || fail "$pkg is not installed after installing missive"
done
# Every library the binaries link resolves, and every library they open later is there to open.
for bin in /usr/bin/missive /usr/bin/missive-sandbox /usr/lib/missive/missive-live; do
  if ldd "$bin" | grep -q 'not found'; then ldd "$bin" >&2; fail "$bin links a library that is missing"; fi
done
# The cache is read whole first: `ldconfig -p | grep -q` stops reading at the first match, and
# under pipefail the SIGPIPE ldconfig then gets fails the check for a library listed early.
cache=$(ldconfig -p)
for soname in "${opened_sonames[@]}"; do
  grep -q "^[[:space:]]*$soname " <<<"$cache" || fail "$soname (opened at run time) is not installed"
done

phase "missive --version"
got=$(run missive --version)
echo "$got"
[ "$got" = "$version" ] || fail "missive --version says '$got', the package is $version"

phase "missive convert"
printf '# Hello\n\nSome **bold**, a [link](https://example.com/) and `code`.\n' >/tmp/post.md
out=$(run missive convert /tmp/post.md)
echo "$out"
grep -qF '[b]bold[/b]' <<<"$out" || fail "convert did not make [b]bold[/b]"
grep -qF '[url=https://example.com/]link[/url]' <<<"$out" || fail "convert did not make the link"

phase "missive themes list: the bundled themes, found in /usr/share/missive/themes"
out=$(run missive themes list)
echo "$out"
grep -q '^yospos .*bundled' <<<"$out" || fail "the bundled themes are not found"

phase "missive sandbox --temp, init, login, reply --send"
export MISSIVE_HOME=/tmp/missive-home
# Port 0: the host's network is shared with this root, and another forum may hold 8642.
# Made first: the loop below may read it before the background job has opened it.
: >/tmp/sandbox.out
missive sandbox --temp --port 0 --flood 0 >/tmp/sandbox.out 2>/tmp/sandbox.err &
sandbox=$!
stop_sandbox() { kill "$sandbox" 2>/dev/null || true; wait "$sandbox" 2>/dev/null || true; }
trap stop_sandbox EXIT
base=""
for _ in $(seq 200); do
  base=$(sed -n 's/^Sandbox forum at \(http[^ ]*\).*/\1/p' /tmp/sandbox.out)
  [ -n "$base" ] && break
  kill -0 "$sandbox" 2>/dev/null || { cat /tmp/sandbox.err >&2; fail "the sandbox stopped"; }
  sleep 0.1
done
[ -n "$base" ] || { cat /tmp/sandbox.err >&2; fail "the sandbox did not start"; }
echo "sandbox at $base"
run missive init
run missive profiles add sandbox --base-url "$base"
# No undo window: the reply is sent at once instead of after 10 seconds.
sed -i 's/^undo_window = [0-9]*/undo_window = 0/' "$MISSIVE_HOME/config/config.toml"
printf 'sandbox\n' | run missive login --password-stdin
printf 'Posted by the **Debian package** of Missive %s.\n' "$version" >/tmp/reply.md
out=$(run missive reply 3500001 --no-edit --body-file /tmp/reply.md --send 2>&1)
echo "$out"
grep -q 'sent: post [0-9]' <<<"$out" || fail "the reply was not sent"
stop_sandbox
trap - EXIT

phase "missive preview --live (its server, missive-live, from /usr/lib/missive)"
# Started directly, not through run(): $! must be missive itself, not a subshell around it.
echo '$ missive preview /tmp/reply.md --live --port 0 &' >&2
: >/tmp/live.out  # made first, as sandbox.out above
missive preview /tmp/reply.md --live --port 0 >/tmp/live.out 2>/tmp/live.err &
live=$!
address=""
for _ in $(seq 100); do
  address=$(head -1 /tmp/live.out)
  [ -n "$address" ] && break
  kill -0 "$live" 2>/dev/null || { cat /tmp/live.err >&2; fail "preview --live stopped"; }
  sleep 0.1
done
[ -n "$address" ] || { cat /tmp/live.err >&2; fail "preview --live printed no address"; }
echo "$address"
hostport=${address#http://}; hostport=${hostport%%/*}; query=${address#*\?}
# No curl in a minimal root: bash's own /dev/tcp asks for the page.
exec 3<>"/dev/tcp/127.0.0.1/${hostport#*:}"
printf 'GET /page?%s HTTP/1.0\r\nHost: %s\r\n\r\n' "$query" "$hostport" >&3
page=$(cat <&3)
exec 3<&-
grep -q '^HTTP/1.1 200' <<<"$page" || fail "the live preview did not answer 200: $(head -1 <<<"$page")"
grep -q 'Debian package' <<<"$page" || fail "the live preview's page does not hold the post"
# missive's own server: the missive-live whose parent is $live (/proc is the host's: other
# programs' servers are not ours to judge).
servers=""
for stat in /proc/[0-9]*/stat; do
  line=$(cat "$stat" 2>/dev/null || true)
  case "$line" in *"(missive-live)"*) ;; *) continue ;; esac
  [ "$(awk '{ print $2 }' <<<"${line##*)}")" = "$live" ] && servers="$servers ${stat%/stat}"
done
[ -n "$servers" ] || fail "no missive-live runs as missive's child"
kill -TERM "$live"; wait "$live" || true
# The server ends with missive (its input closes); a zombie its new parent has not reaped yet
# runs no more.
for _ in $(seq 50); do
  left=""
  for process in $servers; do
    line=$(cat "$process/stat" 2>/dev/null || true)
    [ -n "$line" ] && [ "$(awk '{ print $1 }' <<<"${line##*)}")" != Z ] && left="$left $process"
  done
  [ -z "$left" ] && break
  sleep 0.1
done
[ -z "$left" ] || fail "missive-live outlived missive:$left"
echo "served the post, and stopped with missive"

phase "man missive"
out=$(MANWIDTH=80 run man -P cat missive)
head -12 <<<"$out"
echo "..."
tail -1 <<<"$out"
grep -q "^Missive $version " <<<"$(tail -1 <<<"$out")" || fail "man missive's footer does not name Missive $version"
man -w missive.drafts.search >/dev/null || fail "no man page for missive drafts search"

phase "bash completion of 'missive dra'"
# The completion file where bash-completion loads it from, sourced, and its function asked about
# the half-typed word exactly as bash asks when Tab is pressed.
completions=$(bash -c '
  source /usr/share/bash-completion/completions/missive
  COMP_LINE="missive dra"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(missive dra); COMP_CWORD=1
  _missive missive dra missive
  printf "%s\n" "${COMPREPLY[@]}"
')
echo "missive dra<Tab> -> $completions"
[ "$completions" = drafts ] || fail "missive dra did not complete to drafts"

phase "apt-get remove --purge missive"
dpkg -L missive >/tmp/package-files
run apt-get remove --purge -y -q missive
# Every path the package listed is gone, but a directory another package owns too (/usr/bin).
left=()
while IFS= read -r path; do
  [ "$path" != /. ] || continue  # dpkg -L lists the root itself
  [ -e "$path" ] || [ -L "$path" ] || continue
  if [ -d "$path" ] && [ ! -L "$path" ] && dpkg -S "$path" >/dev/null 2>&1; then continue; fi
  left+=("$path")
done </tmp/package-files
[ ${#left[@]} -eq 0 ] || fail "left behind after the purge: ${left[*]}"
echo "All $(wc -l </tmp/package-files) paths of the package are gone (directories shared with other packages stay)."
dpkg -s missive >/dev/null 2>&1 && fail "dpkg still knows missive after the purge"
true
