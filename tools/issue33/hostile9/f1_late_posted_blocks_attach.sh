#!/bin/bash
# F1: a CSV exported before one purchase posted (its line dated inside the CSV's dates), then a later export of the
# same card and month: the attach rule refuses (one line inside the dates is not recorded) -> the month is doubled.
# Variants: labelled CSV -> OFX; labelled CSV -> OFX with the SAME --account; unnamed CSV -> the full CSV with --account.
. "$(dirname "$0")/lib.sh"
grep -v Baguette "$CSV" > early.csv
fail=0
run(){ rm -f s.db*; rec s.db $1; rec s.db $2; n=$(rows s.db); echo "[$3] $n rows: $(cut -f1,3 <("$G" accounts --db s.db) | tr '\n\t' ', ')" >&2; [ "$n" = 22 ] || fail=1; }
run "--account Nubank-Ana early.csv" "$OFX" "labelled early CSV -> OFX"
run "--account Nubank-Ana early.csv" "--account Nubank-Ana $OFX" "labelled early CSV -> OFX --account same"
run "early.csv" "--account Nubank-Ana $CSV" "unnamed early CSV -> full CSV --account"
verdict $fail "expected 22 rows (21 + the late purchase) in one account"
