#!/bin/bash
# F12: a Pluggy page where one purchase is still PENDING (10-03), then the bank's CSV of the same month where that
# purchase is posted (10-05, same amount and text): unnamed CSV -> the purchase counted twice (the posted line makes a
# 1-row account "Nubank card CSV", the pending stays); labelled CSV -> the whole month twice (44 rows).
. "$(dirname "$0")/lib.sh"
mkpluggy p.json 12
python3 - <<'PY'
import json
d=json.load(open('p.json'))
for r in d['results']:
    if 'Baguette' in r['description']: r['status']='PENDING'; r['id']='pend-bag'
json.dump(d,open('pp.json','w'))
PY
sed 's/^2026-10-03,la Baguette/2026-10-05,la Baguette/' "$CSV" > posted.csv
fail=0
for args in "posted.csv" "--account Nubank-Ana posted.csv"; do rm -f s.db*; rec s.db pp.json; rec s.db $args
  n=$(rows s.db); echo "[pluggy with pending, then $args] $n rows, Σ $(total s.db) (expected 22, 17146): $("$G" accounts --db s.db | cut -f1,3 | tr '\t\n' ' ;')" >&2
  [ "$n" = 22 ] || fail=1; done
verdict $fail "the pending purchase is not settled by its posted line from the bank file"
