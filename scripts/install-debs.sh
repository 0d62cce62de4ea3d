#!/usr/bin/env bash
# Installs the Debian packages given as arguments that are not installed yet.
# Runs apt-get directly as root, through sudo otherwise; never prompts (CI has no stdin).
set -euo pipefail

missing=()
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  run=(sudo)
else
  echo "error: these Debian packages are missing: ${missing[*]}" >&2
  echo "       install them as root, then run make again:" >&2
  echo "       sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
# apt-get update is slow; only run it when something is actually missing.
"${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
