#!/usr/bin/env bash
# Prints Missive's version. It lives in one place, the Swift constant `MissiveVersion.string`
# (Sources/missive/Missive.swift), because the binary needs it with no file beside it at run time;
# the Makefile, the Debian package and the man pages all read it through this script.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^ *static let string = "\([^"]*\)".*/\1/p' Sources/missive/Missive.swift)
# Exactly one match, shaped like a Debian upstream version: anything else means the constant moved.
if [ "$(printf '%s\n' "$version" | grep -c .)" -ne 1 ] || ! [[ $version =~ ^[0-9]+(\.[0-9]+)*([~+][0-9A-Za-z.~+]+)?$ ]]; then
  echo "error: cannot read MissiveVersion.string from Sources/missive/Missive.swift (got '$version')" >&2
  exit 1
fi
printf '%s\n' "$version"
