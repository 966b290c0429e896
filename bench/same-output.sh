#!/usr/bin/env bash
# Byte-identical output before and after a refactoring: resolve, resolve --explain, eval --by source and
# explain (text and --json, one row at a time) on ../shared/dev/descriptors.jsonl and examples/*.jsonl,
# with an empty HOME (no store, user rules or registry), each binary with its own data directory.
#   bench/same-output.sh BEFORE_BINARY BEFORE_DATA AFTER_BINARY AFTER_DATA
# DEV=FILE: the labelled dev file, when ../shared/dev is not beside the repository (a worktree elsewhere).
# BENCH_ROWS=N: also resolve (--jobs 1, --jobs 2 and --explain) N generated rows (bench/generate.py rows N --seed 1).
# Save a "before" binary and data first, e.g. on main:
#   swift build && mkdir -p /tmp/before && cp .build/debug/garden /tmp/before/ && git archive HEAD Rules Brands CNAE | tar -x -C /tmp/before
# Exit 0 when every output is the same, 1 (with the diff's first lines) when one differs.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 4 ] || { echo "usage: bench/same-output.sh BEFORE_BINARY BEFORE_DATA AFTER_BINARY AFTER_DATA" >&2; exit 64; }
inputs=("${DEV:-../shared/dev/descriptors.jsonl}" examples/*.jsonl)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ -n "${BENCH_ROWS:-}" ]; then
    python3 bench/generate.py rows "$BENCH_ROWS" --seed 1 >"$out/bench-rows.jsonl" || exit 1
fi

outputs() { # BINARY DATA FOLDER
    local bin=$1 data=$2 dir=$3
    mkdir -p "$dir/home"
    for f in "${inputs[@]}"; do
        [ -f "$f" ] || { echo "missing $f" >&2; continue; }
        local n; n=$(basename "$f" .jsonl)
        (
            export HOME="$dir/home" XDG_CACHE_HOME="$dir/home/cache" XDG_DATA_HOME="$dir/home/data" XDG_CONFIG_HOME="$dir/home/config"
            unset GARDEN_DB GARDEN_DATA
            "$bin" resolve --data "$data" "$f" >"$dir/$n.resolve" 2>&1; echo "rc=$?" >>"$dir/$n.resolve"
            "$bin" resolve --explain --data "$data" "$f" >"$dir/$n.resolve-explain" 2>&1; echo "rc=$?" >>"$dir/$n.resolve-explain"
            "$bin" eval --by source --data "$data" "$f" >"$dir/$n.eval" 2>&1; echo "rc=$?" >>"$dir/$n.eval"
            i=0
            while IFS= read -r line; do
                i=$((i + 1))
                printf '%s\n' "$line" | "$bin" explain --data "$data" >>"$dir/$n.explain" 2>&1; echo "rc=$? row $i" >>"$dir/$n.explain"
                printf '%s\n' "$line" | "$bin" explain --json --data "$data" >>"$dir/$n.explain-json" 2>&1; echo "rc=$? row $i" >>"$dir/$n.explain-json"
            done <"$f"
        )
    done
    if [ -n "${BENCH_ROWS:-}" ]; then
        (
            export HOME="$dir/home" XDG_CACHE_HOME="$dir/home/cache" XDG_DATA_HOME="$dir/home/data" XDG_CONFIG_HOME="$dir/home/config"
            unset GARDEN_DB GARDEN_DATA
            for mode in "--jobs 1" "--jobs 2" "--explain --jobs 1"; do
                # Compared by checksum: two copies of 200k resolved rows would be hundreds of megabytes.
                "$bin" resolve $mode --data "$data" "$out/bench-rows.jsonl" 2>&1 | sha256sum >"$dir/bench-rows.resolve${mode// /_}"
            done
        )
    fi
    rm -rf "$dir/home"
}

outputs "$1" "$2" "$out/before"
outputs "$3" "$4" "$out/after"
if diff -r "$out/before" "$out/after" >"$out/diff"; then
    echo "same output: $(ls "$out/after" | wc -l) files ($(cat "$out"/after/* | wc -c) bytes)"
else
    echo "outputs differ:"; head -60 "$out/diff"; exit 1
fi
