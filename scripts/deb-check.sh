#!/usr/bin/env bash
# make deb-check: installs dist/missive_VERSION_ARCH.deb with apt in a clean Debian 12 root, as a
# user would, uses it (version, convert, a reply sent to the sandbox, man page, bash completion),
# then purges it and checks that no file of the package is left.
#
# The clean root comes from debootstrap (minbase bookworm, from this machine's own mirror). Making
# it takes a minute, so the pristine root is kept as a tarball under .cache/deb-root/ and every run
# extracts a fresh copy of it: nothing one run installs can leak into the next. Delete the tarball
# (or run with FRESH_ROOT=1) to rebuild it. KEEP_ROOT=1 leaves the run's root behind to look at.
#
#   scripts/deb-check.sh             # the whole check
#   scripts/deb-check.sh --prepare   # only makes the cached pristine root, if it is missing
#
# Needs root (debootstrap, chroot, mounting /proc); runs through sudo -n otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "deb-check: error: $*" >&2; exit 1; }
started=$SECONDS
start_epoch=$(date +%s)  # the inside script times its phases from the same start
phase() { printf '\n== [%3ds] %s\n' "$((SECONDS - started))" "$*"; }

if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null && sudo -n true 2>/dev/null || fail "needs root (debootstrap and chroot); run as root or with sudo"
  exec sudo -n env FRESH_ROOT="${FRESH_ROOT:-}" KEEP_ROOT="${KEEP_ROOT:-}" MIRROR="${MIRROR:-}" "$0" "$@"
fi

prepare_only=""
case "${1:-}" in --prepare) prepare_only=1 ;; "") ;; *) echo "usage: $0 [--prepare]" >&2; exit 64 ;; esac

version=$(scripts/version.sh)
arch=$(dpkg --print-architecture)
deb=dist/missive_${version}_${arch}.deb
[ -n "$prepare_only" ] || [ -f "$deb" ] || fail "$deb is missing; run make deb first"
mirror=$(scripts/debian-mirror.sh)

cache=.cache/deb-root
mkdir -p "$cache"
# The tarball's name carries the mirror, so pointing MIRROR elsewhere makes a new root.
tarball="$cache/bookworm-minbase-$(printf '%s' "$mirror" | md5sum | cut -c1-8).tar"

# Removes a root directory, but only once nothing is mounted inside it: rm -r through a mount
# (a bind-mounted /dev, say) would delete the host's files. --one-file-system guards once more.
remove_root() {
  local dir=$1
  [ -d "$dir" ] || return 0
  if awk -v d="$(realpath "$dir")" '$5 == d || index($5, d "/") == 1 { found = 1 } END { exit !found }' /proc/self/mountinfo; then
    echo "deb-check: something is still mounted under $dir; not removing it" >&2
    return 1
  fi
  rm -rf --one-file-system "$dir"
}

if [ -n "${FRESH_ROOT:-}" ]; then rm -f "$tarball"; fi
if [ ! -f "$tarball" ]; then
  phase "Making a pristine Debian 12 root with debootstrap from $mirror (cached in $tarball)"
  scripts/install-debs.sh debootstrap
  build=$(mktemp -d "$cache/debootstrap.XXXXXX")
  # mktemp makes it 0700, and the tarball's "." keeps that mode: the root's / would be closed to
  # every user but root (man-db's mandb runs as "man", apt downloads as "_apt").
  chmod 0755 "$build"
  trap 'remove_root "$build"' EXIT
  debootstrap --variant=minbase bookworm "$build" "$mirror" >"$build.log" 2>&1 \
    || { tail -20 "$build.log" >&2; fail "debootstrap failed (full log: $build.log)"; }
  rm -f "$build.log"
  tar -C "$build" --numeric-owner -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
  remove_root "$build"
  trap - EXIT
fi
[ -z "$prepare_only" ] || { phase "The pristine root is ready: $tarball ($(du -h "$tarball" | cut -f1))"; exit 0; }

phase "A fresh copy of the pristine root"
root=$(mktemp -d "$cache/run.XXXXXX")
cleanup() {
  if [ -n "${KEEP_ROOT:-}" ]; then echo "deb-check: the root is kept in $root"; else remove_root "$root"; fi
}
trap cleanup EXIT
tar -C "$root" --numeric-owner -xf "$tarball"
chmod 0755 "$root"  # / open to every user, whatever mode the tarball's "." has
# Name resolution for apt inside, as the debootstrap notes say.
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
cp scripts/deb-check-inside.sh "$root/tmp/check.sh"

# apt's downloads and package lists are kept between runs (the root itself never is): a warm run
# fetches only what changed on the mirror.
apt_cache=$cache/apt-cache
mkdir -p "$apt_cache/archives/partial" "$apt_cache/lists/partial"

# The checks run in a mount namespace of their own: the mounts made for them disappear with the
# namespace, even when this script is killed, so none can outlive the run (or be followed by the
# rm -r of the root: from here they are not even visible).
unshare --mount --propagation private bash -euo pipefail -c '
  root=$1 apt_cache=$2; shift 2
  mount -t proc proc "$root/proc"
  # A private pty instance: apt logs the maintainer scripts through a pseudo-terminal.
  mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
  mount --bind "$apt_cache/archives" "$root/var/cache/apt/archives"
  mount --bind "$apt_cache/lists" "$root/var/lib/apt/lists"
  exec chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 TERM=dumb \
    DEBIAN_FRONTEND=noninteractive /bin/bash /tmp/check.sh "$@"
' deb-check "$root" "$(realpath "$apt_cache")" "$version" "$(basename "$deb")" "$start_epoch"

phase "deb-check passed"
