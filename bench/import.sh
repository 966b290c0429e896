#!/usr/bin/env bash
# The import memory benchmark: builds the release binary, generates a 50 MB OFX and a 50 MB CSV export
# (bench/generate_import.py) and prints rows, CPU time and peak memory of `garden import` for each.
#   bench/import.sh          50 MB files
#   SIZE=5 bench/import.sh   5 MB files, a smoke run
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib >&2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for kind in ofx csv; do
    python3 bench/generate_import.py "$kind" "${SIZE:-50}" > "$dir/big.$kind"
    /usr/bin/time -v .build/release/garden import "$dir/big.$kind" 2> "$dir/time.txt" > /dev/null || true
    rows=$(grep -o '[0-9]* rows read' "$dir/time.txt" | head -1)
    cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f", s }' "$dir/time.txt")
    peak=$(awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }' "$dir/time.txt")
    echo "$kind $(du -m "$dir/big.$kind" | cut -f1) MB: $rows, $cpu s CPU, peak memory $peak MB"
done
