#!/usr/bin/env bash
# The end-to-end demo. Grows with each part of Missive; for now it shows the command line.
set -euo pipefail
cd "$(dirname "$0")/.."
.build/debug/missive --help
