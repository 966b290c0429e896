#!/usr/bin/env bash
# garden benchmark, one command: builds the release binary and prints the measurement table.
#   bench/run.sh            full run (1M rows, 10M-row memory stream, 1M-row ledger: several minutes)
#   QUICK=1 bench/run.sh    small sizes, a smoke run
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib >&2
exec python3 bench/run.py
