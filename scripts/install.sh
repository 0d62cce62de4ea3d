#!/usr/bin/env bash
# Installs (or uninstalls) missive and missive-sandbox (and lib/missive/missive-live, which --live starts), a man page per subcommand, bash, zsh and
# fish completions, and the bundled themes, under DESTDIR + PREFIX.
#
#   scripts/install.sh install   [--bin-dir DIR]   # default: builds a release as `make release` does
#   scripts/install.sh uninstall
#   scripts/install.sh tools                       # only builds the man-page tool (make test does)
#
# Environment: PREFIX (default /usr/local), DESTDIR (default empty), SWIFT (default swift).
# --bin-dir installs already-built binaries (the tests use .build/debug rather than rebuilding).
set -euo pipefail

usage() { echo "usage: $0 install [--bin-dir DIR] | uninstall | tools" >&2; exit 64; }
fail() { echo "error: $*" >&2; exit 1; }

[ $# -ge 1 ] || usage
action=$1; shift
bin_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin-dir) [ $# -ge 2 ] || usage; bin_dir=$2; shift 2 ;;
    *) usage ;;
  esac
done
case "$action" in install|uninstall|tools) ;; *) usage ;; esac

SWIFT=${SWIFT:-swift}
PREFIX=${PREFIX-/usr/local}
DESTDIR=${DESTDIR-}

# A relative PREFIX would end up baked into paths relative to wherever make ran: refuse it.
[ -n "$PREFIX" ] || fail "PREFIX is empty; give an absolute path, e.g. make install PREFIX=/usr/local"
case "$PREFIX" in /*) ;; *) fail "PREFIX must be an absolute path, not '$PREFIX' (e.g. PREFIX=\$HOME/.local)" ;; esac
# DESTDIR is a staging root; resolve a relative one now, before the cd below changes its meaning.
case "$DESTDIR" in ''|/*) ;; *) DESTDIR="$PWD/$DESTDIR" ;; esac
[ -z "$bin_dir" ] || bin_dir=$(cd "$bin_dir" 2>/dev/null && pwd) || fail "--bin-dir: no such directory"

cd "$(dirname "$0")/.."

root="${DESTDIR}${PREFIX}"
bindir="$root/bin"
man1dir="$root/share/man/man1"
bashdir="$root/share/bash-completion/completions"
zshdir="$root/share/zsh/site-functions"
fishdir="$root/share/fish/vendor_completions.d"
# Where an installed binary looks for the bundled themes (BundledThemes: ../share/missive/themes
# from bin/); without them preview, render and the sandbox's pages have no theme outside the tree.
themedir="$root/share/missive/themes"
programs=(missive missive-sandbox)
# Programs missive starts, never a person (git keeps its own in lib/git-core the same way): no man
# page, not on PATH. `missive` looks for them beside itself, then in ../lib/missive.
helpers=(missive-live)
helperdir="$root/lib/missive"

# Man pages come from swift-argument-parser's generate-manual tool, run on the built binaries.
# Not through `swift package plugin generate-manual`: that plugin always rebuilds every product in
# release mode first (5.5 minutes here, even after `make release`) and takes no --product option.
# Built on its own scratch path (19 s once), it also never waits on the lock of .build that a
# running `swift test` holds. Once built, a no-op `swift build` still costs seconds of package
# loading per install, so it runs only when a source of the checkout is newer than the tool.
sap=.build/checkouts/swift-argument-parser
generate_manual=.build/generate-manual/debug/generate-manual
build_generate_manual() {
  [ -d "$sap" ] || "$SWIFT" package resolve
  if [ -x "$generate_manual" ] && [ -z "$(find "$sap/Sources" "$sap/Tools" "$sap/Package.swift" -newer "$generate_manual" -print -quit)" ]; then
    return 0
  fi
  "$SWIFT" build --package-path "$sap" --scratch-path .build/generate-manual --product generate-manual >&2 \
    || fail "could not build swift-argument-parser's generate-manual tool"
}

if [ "$action" = tools ]; then
  build_generate_manual
  exit 0
fi

if [ "$action" = uninstall ]; then
  for p in "${programs[@]}"; do
    rm -f "$bindir/$p" "$man1dir/$p.1" "$man1dir/$p".*.1
  done
  for p in "${helpers[@]}"; do rm -f "$helperdir/$p"; done
  rm -f "$bashdir/missive" "$zshdir/_missive" "$fishdir/missive.fish"
  for theme in Themes/*.toml; do rm -f "$themedir/$(basename "$theme")"; done
  # Directories the install had to create (share/fish/... on a machine without fish) go too, but
  # only once empty and never $root itself: other programs' files keep theirs.
  for dir in "$man1dir" "$bashdir" "$zshdir" "$fishdir" "$themedir" "$helperdir" "$bindir"; do
    while [ "$dir" != "$root" ] && [ -d "$dir" ] && rmdir "$dir" 2>/dev/null; do dir=$(dirname "$dir"); done
  done
  echo "Uninstalled missive from $root"
  exit 0
fi

# Check every target directory before the (slow) build, with a real write: `-w` is always true
# for root, but a read-only file system or a file where a directory should be still fails.
for dir in "$bindir" "$man1dir" "$bashdir" "$zshdir" "$fishdir" "$themedir" "$helperdir"; do
  mkdir -p "$dir" 2>/dev/null || fail "cannot create $dir (is DESTDIR='$DESTDIR' writable?)"
  probe=$(mktemp -p "$dir" .missive-install.XXXXXX 2>/dev/null) \
    || fail "cannot write to $dir (is DESTDIR='$DESTDIR' writable? try sudo, or PREFIX=\$HOME/.local)"
  rm -f "$probe"
done

if [ -z "$bin_dir" ]; then
  # The same build as `make release`: the static Swift runtime halves start-up time.
  SWIFT="$SWIFT" scripts/swift-release.sh
  bin_dir=$(SWIFT="$SWIFT" scripts/swift-release.sh --show-bin-path)
fi
for p in "${programs[@]}" "${helpers[@]}"; do
  [ -x "$bin_dir/$p" ] || fail "$bin_dir/$p is missing; build it first (swift build)"
done

build_generate_manual

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
mkdir "$staging/man"
# A fixed date when SOURCE_DATE_EPOCH asks for one (make deb does): the same sources give the same
# pages. Otherwise generate-manual's default, today.
date_args=()
[ -z "${SOURCE_DATE_EPOCH:-}" ] || date_args=(--date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)")
for p in "${programs[@]}"; do
  "$generate_manual" "$bin_dir/$p" --multi-page --output-directory "$staging/man" "${date_args[@]}"
done
# generate-manual leaves `.Os` empty (the footer then names the reader's system); name Missive and
# its version there instead, so every page says which version it documents. It also writes a help
# text's paragraph breaks as empty lines, which groff warns about ("empty input line"): .Pp is the
# mdoc paragraph break, and renders the same.
version=$(scripts/version.sh)
sed -i -e "s/^\.Os\$/.Os Missive $version/" -e 's/^$/.Pp/' "$staging"/man/*.1
for page in "$staging"/man/*.1; do
  grep -qx "\.Os Missive $version" "$page" || fail "$page has no .Os line to put the version in"
done
"$bin_dir/missive" --generate-completion-script bash >"$staging/missive.bash"
"$bin_dir/missive" --generate-completion-script zsh >"$staging/_missive"
"$bin_dir/missive" --generate-completion-script fish >"$staging/missive.fish"

for p in "${programs[@]}"; do
  install -m 0755 "$bin_dir/$p" "$bindir/$p"
done
for p in "${helpers[@]}"; do
  install -m 0755 "$bin_dir/$p" "$helperdir/$p"
done
install -m 0644 "$staging"/man/*.1 "$man1dir/"
install -m 0644 "$staging/missive.bash" "$bashdir/missive"
install -m 0644 "$staging/_missive" "$zshdir/_missive"
install -m 0644 "$staging/missive.fish" "$fishdir/missive.fish"
install -m 0644 Themes/*.toml "$themedir/"
echo "Installed missive, missive-sandbox, lib/missive/missive-live, $(ls "$staging/man" | wc -l) man pages, completions and $(ls Themes/*.toml | wc -l) themes in $root"
