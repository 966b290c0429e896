#!/usr/bin/env bash
# The registry benchmark: builds the release binary, generates a several-million-row Estabelecimentos file
# in the published layout and measures `garden registry import` and resolve with the registry.
#   bench/registry.sh            5,000,000 rows (a few minutes)
#   QUICK=1 bench/registry.sh    200,000 rows, a smoke run
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib >&2
exec python3 bench/registry.py
