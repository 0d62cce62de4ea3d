#!/usr/bin/env bash
# make deb: builds dist/missive_VERSION_ARCH.deb from the static-stdlib release build, then runs
# lintian on it.
#
#   scripts/build-deb.sh [--bin-dir DIR]   # default: builds the release as `make release` does
#
# The files are laid out by scripts/install.sh (the same binaries, man pages and completions as
# `make install`), then moved to where Debian wants a package's files. The version comes from
# scripts/version.sh. Every timestamp in the package (files, man pages' dates, gzip headers) is
# SOURCE_DATE_EPOCH, the last commit's time unless set, so rebuilding one commit changes no date.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "build-deb: error: $*" >&2; exit 1; }
usage() { echo "usage: $0 [--bin-dir DIR]" >&2; exit 64; }

bin_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin-dir) [ $# -ge 2 ] || usage; bin_dir=$(cd "$2" && pwd); shift 2 ;;
    *) usage ;;
  esac
done

SWIFT=${SWIFT:-swift}
# Who answers for the package: the control file's Maintainer and the changelog's trailer.
export MAINTAINER="Missive maintainers <maintainers@missive.example>"
version=$(scripts/version.sh)
arch=$(dpkg --print-architecture)
out=dist/missive_${version}_${arch}.deb
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

# The changelog must say what this version brought before a package of it is made.
top=$(sed -n 's/^## \([^ ]*\) (\([0-9-]*\))$/\1/p' CHANGELOG.md | head -1)
[ "$top" = "$version" ] || fail "CHANGELOG.md's newest entry is '$top', the version is $version: add a '## $version (DATE)' entry"

# The README tells users the package's file name: it must be this one.
grep -qF "sudo apt install ./missive_${version}_${arch}.deb" README.md \
  || fail "README.md's install section does not say 'sudo apt install ./missive_${version}_${arch}.deb'"

if [ -z "$bin_dir" ]; then
  SWIFT="$SWIFT" scripts/swift-release.sh
  bin_dir=$(SWIFT="$SWIFT" scripts/swift-release.sh --show-bin-path)
fi
got=$("$bin_dir/missive" --version)
[ "$got" = "$version" ] || fail "$bin_dir/missive --version says '$got', scripts/version.sh says '$version'"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# Laid out as debhelper would (debian/control beside debian/missive/), which dpkg-shlibdeps expects.
root=$stage/debian/missive
mkdir -p "$root"
printf 'Source: missive\n\nPackage: missive\nArchitecture: any\n' >"$stage/debian/control"

# Binaries, man pages, completions: exactly what `make install PREFIX=/usr` installs.
DESTDIR="$root" PREFIX=/usr SWIFT="$SWIFT" scripts/install.sh install --bin-dir "$bin_dir" >/dev/null

# zsh: site-functions is the local administrator's; a package's completions go in vendor-completions.
mkdir -p "$root/usr/share/zsh/vendor-completions"
mv "$root/usr/share/zsh/site-functions/_missive" "$root/usr/share/zsh/vendor-completions/_missive"
rmdir "$root/usr/share/zsh/site-functions"

# No debugging symbols in the package (they hold the build's paths, and are most of its size).
# The Swift metadata the runtime reads lives in allocated sections that strip keeps. SwiftPM links
# every executable with RUNPATH $ORIGIN, for libraries beside it that /usr/bin never has: gone too.
for p in bin/missive bin/missive-sandbox lib/missive/missive-live; do
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/$p"
  chrpath -d "$root/usr/$p" >/dev/null
done
got=$("$root/usr/bin/missive" --version) || fail "the stripped missive does not run"
[ "$got" = "$version" ] || fail "the stripped missive says '$got'"

# A completion file is sourced, never run: its "#!/bin/bash" line only misleads (lintian says so).
sed -i '1{/^#!/d}' "$root/usr/share/bash-completion/completions/missive"

# Debian compresses man pages and changelogs with gzip -9n (no name, no time: reproducible).
gzip -9n "$root"/usr/share/man/man1/*.1

doc=$root/usr/share/doc/missive
mkdir -p "$doc"
install -m 0644 README.md "$doc/README.md"
install -m 0644 packaging/deb/copyright "$doc/copyright"
# CHANGELOG.md in Debian's changelog format, which lintian reads for a native package.
scripts/debian-changelog.sh <CHANGELOG.md | gzip -9n >"$doc/changelog.gz"

mkdir -p "$root/usr/share/lintian/overrides"
install -m 0644 packaging/deb/lintian-overrides "$root/usr/share/lintian/overrides/missive"

# Nothing in the package may point into the toolchain or the build tree: no RPATH/RUNPATH, no
# library resolved from there, no such path in any file's strings. One reference to the source
# tree is known and harmless: BundledThemes' #filePath, the last place it looks for themes, after
# /usr/share/missive/themes (which the package has). Anything else fails.
bad_paths='/opt/swift|\.build/|'"$(pwd)"
known_path="$(pwd)/Sources/Markup/Theme/BundledThemes.swift"
for p in bin/missive bin/missive-sandbox lib/missive/missive-live; do
  if readelf -d "$root/usr/$p" | grep -E 'RPATH|RUNPATH'; then fail "$p has an RPATH/RUNPATH"; fi
  if ldd "$root/usr/$p" | grep -E "$bad_paths"; then fail "$p loads a library from the toolchain or the build"; fi
done
# What every start of missive loads: libcurl is opened at the first request, libxml2 at the
# first page read and SQLite at the store's first call, never linked.
if readelf -d "$root/usr/bin/missive" | grep -E 'NEEDED.*(libcurl|libxml2|libsqlite3)'; then fail "missive links libcurl, libxml2 or SQLite at start"; fi
found=$(find "$root" -type f -print0 | while IFS= read -r -d '' f; do
  if [[ $f == *.gz ]]; then zcat "$f"; else strings -a "$f"; fi | grep -vxF "$known_path" \
    | grep -E -m1 "$bad_paths" | sed "s|^|${f#"$root"}: |" || true
done)
[ -z "$found" ] || fail "the package refers to the toolchain or the build tree:"$'\n'"$found"

# Depends: what the binaries link, as dpkg-shlibdeps finds it, plus what they open with dlopen at
# first use, which no tool can see: libcurl for every forum request, libxml2 for reading its pages,
# SQLite for the store, libcrypto (in libssl3) for image hashes, libgd for resizing images. Their
# minimums are the versions Debian 12 released with (12.0 had curl 7.88.1-10, libxml2
# 2.9.14+dfsg-1.2, sqlite3 3.40.1-2, openssl 3.0.9-1, libgd2 2.3.3-9); where shlibdeps names one of
# them too (libcurl is also linked, by the static FoundationNetworking; SQLite by missive-sandbox),
# this higher minimum replaces its own.
opened=("libcurl4 (>= 7.88.1)" "libxml2 (>= 2.9.14)" "libsqlite3-0 (>= 3.40.1)" "libssl3 (>= 3.0.9)" "libgd3 (>= 2.3.3)")
linked=$(cd "$stage" && dpkg-shlibdeps -O debian/missive/usr/bin/missive debian/missive/usr/bin/missive-sandbox debian/missive/usr/lib/missive/missive-live \
  | sed -n 's/^shlibs:Depends=//p')
[ -n "$linked" ] || fail "dpkg-shlibdeps found no dependency"
depends=$( (
  printf '%s\n' "$linked" | tr ',' '\n' | sed 's/^ *//' \
    | grep -v -E "^($(printf '%s\n' "${opened[@]}" | cut -d' ' -f1 | paste -sd'|')) "
  printf '%s\n' "${opened[@]}"
) | sort -u | paste -sd, | sed 's/,/, /g')

# Permissions as Debian expects them, whatever the umask; every time the same.
find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "$root/usr/bin/missive" "$root/usr/bin/missive-sandbox" "$root/usr/lib/missive/missive-live"

mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"
installed_size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat >"$root/DEBIAN/control" <<EOF
Package: missive
Version: $version
Architecture: $arch
Maintainer: $MAINTAINER
Installed-Size: $installed_size
Depends: $depends
Section: net
Priority: optional
Description: write forum posts and private messages in your editor, in Markdown
 Missive is a command-line compose workflow for BBCode forums (Something Awful
 first, Misago too): replies, new threads, post edits and private messages are
 written in your own \$EDITOR, in Markdown, kept with every revision in a local
 SQLite store, started from templates, and converted to each forum's BBCode.
 .
 A queued sender retries, respects the forum's flood control, never posts
 twice and can undo. A local sandbox forum (missive sandbox) lets you try the
 whole flow without an account.
EOF
chmod 0644 "$root/DEBIAN/control"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p dist
dpkg-deb --root-owner-group -Zxz --build "$root" "$out.tmp" >/dev/null
mv "$out.tmp" "$out"
echo "Built $out ($(du -h "$out" | cut -f1), installed $((installed_size / 1024)) MB)"
echo "Depends: $depends"
