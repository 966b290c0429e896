#!/usr/bin/env bash
# Issue 34's clause "the first start after `rules add` costs at most twice a warm start, and adding a user rule leaves
# the shipped image untouched", measured: instructions (valgrind's callgrind: a count that does not depend on the
# machine's load) of `garden resolve` on one row, in a fresh HOME with its own store and cache:
#   warm            the third start under callgrind (the first builds the image: callgrind's executable path is
#                   part of the image key, so the image is built once under it; the second checks its checksum once
#                   and leaves a "verified" mark beside it)
#   after rules add the first start after `garden rules add` (the store's rules) — the clause's figure
#   after rule file the first start after a new rule file in ~/.config/garden/rules
#   after budgets   the first start after `garden budgets set`
# and whether the cache folder (the compiled image and its marks) is the same before and after each change.
#   bench/rules-start.sh [BINARY]    # default .build/release/garden
# Prints a Markdown table; exits 1 when a figure is over twice the warm start or the image changed.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/garden}")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config"
unset GARDEN_DB GARDEN_DATA GARDEN_RULES_DIR
row="$home/row.jsonl"
printf '%s\n' '{"description":"PADARIA DO ZE","amount":-12.5}' >"$row"

count() { # instructions of one `resolve` of the row
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" resolve "$row" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
image() { # the cache folder's files with their sizes and times
    (cd "$XDG_CACHE_HOME" && find . -type f -printf '%p %s %T@\n' | sort)
}

"$bin" resolve "$row" >/dev/null && "$bin" resolve "$row" >/dev/null   # the image under the binary's own path (`rules add` reads it)
count >/dev/null
count >/dev/null
warm=$(count)
before=$(image)
status=0
printf '| start | instructions | × warm | image unchanged |\n|---|---|---|---|\n'
printf '| warm | %s | 1.00 | – |\n' "$warm"
measure() { # LABEL: the first start after a change made just before
    local n; n=$(count)
    local same=yes
    [ "$(image)" = "$before" ] || { same=no; status=1; diff <(echo "$before") <(image) >&2; }
    local ratio; ratio=$(python3 -c "print(f'{$n / $warm:.2f}')")
    python3 -c "import sys; sys.exit(0 if $n <= 2 * $warm else 1)" || status=1
    printf '| %s | %s | %s | %s |\n' "$1" "$n" "$ratio" "$same"
}
"$bin" rules add 'if description "padaria" => category food.restaurants' >/dev/null || exit 1
measure 'first after `rules add`'
mkdir -p "$XDG_CONFIG_HOME/garden/rules"
printf '%s\n' 'if description "ze" and direction out => category food.groceries' >"$XDG_CONFIG_HOME/garden/rules/bench.rules"
measure 'first after a new rule file'
"$bin" budgets set mercado --limit 500 >/dev/null || exit 1
measure 'first after `budgets set`'
measure 'warm again'
exit $status
