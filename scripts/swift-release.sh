#!/usr/bin/env bash
# The release build, the one way every script makes it: `scripts/swift-release.sh [SWIFT BUILD
# ARGUMENTS...]` (`--show-bin-path`, `--product missive`). The Swift runtime is linked in
# (--static-swift-stdlib), and every function of every module gets a section of its own, so that
# the link can put what a start and a conversion run side by side (packaging/link/missive.order):
# without it, the package's own code and its dependencies' are laid out file by file, and the
# code a conversion touches keeps a megabyte more of missive resident. The flag changes no IR, and
# the compiler skips generating code for a module whose IR it has already compiled: a build made
# before the flag keeps its objects until `rm -rf .build/*/release` (a fresh clone always has it).
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${SWIFT:-swift}" build -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections "$@"
