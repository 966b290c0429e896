#!/bin/bash
# F17 (medium): an account labelled with a CPF is kept masked and was found only by its masked name; rows --account,
# export --account and accounts rename must take the number the user types, without printing or storing it.
. "$(dirname "$0")/lib.sh"
printf '%s\n' '{"date":"2026-10-01","amount":-10,"description":"PADARIA DO ZE","account":"529.982.247-25"}' \
  '{"date":"2026-10-03","amount":-12,"description":"MERCADO X","account":"11198224754"}' | "$G" resolve --record --db s.db >/dev/null 2>&1
a=$("$G" rows --db s.db --account 52998224725 --format csv | tail -n +2 | wc -l)
e=$("$G" export --db s.db --format csv --account 529.982.247-25 | tail -n +2 | wc -l)
out=$("$G" accounts rename --db s.db 52998224725 "Conta Ana" 2>&1); r=$?
"$G" accounts --db s.db >&2
leak=$(printf '%s' "$out" | grep -c 52998224725; grep -c 52998224725 s.db)
[ "$a" = 1 ] && [ "$e" = 1 ] && [ "$r" = 0 ] && [ "$leak" = "0
0" ]; verdict $? "rows $a, export $e (1 each expected), rename exit $r, CPF in full printed/stored: $leak"
