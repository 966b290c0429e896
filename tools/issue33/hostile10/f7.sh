#!/bin/bash
# F7: a pending Pluggy row (R$ 19,57 at a restaurant) and its posted row with the tip (R$ 22,57, new Pluggy id, two
# days later), read in ONE import (yesterday's page and today's page together): both recorded, the purchase counted
# twice (23 rows). The same two pages in two writes settle it (22 rows).
. "$(dirname "$0")/lib.sh"
python3 - <<'PY'
import json,copy
p=json.load(open(''+__import__("os").environ["FX"]+'/pluggy.json'))
A=copy.deepcopy(p); B=copy.deepcopy(p)
for r in A['results']:
    if r['id']=='nu-12': r['status']='PENDING'
for r in B['results']:
    if r['id']=='nu-12': r['id']='nu-12-posted'; r['amount']=-22.57; r['date']='2026-10-05T12:00:00.000Z'
json.dump(A,open('pA.json','w')); json.dump(B,open('pB.json','w'))
PY
rec s.db pA.json pB.json; n1=$(rows s.db)
rm -f s.db*; rec s.db pA.json; rec s.db pB.json; n2=$(rows s.db)
echo "one import: $n1 rows; two writes: $n2 rows (expected 22 both)" >&2
[ "$n1" = 22 ] && [ "$n2" = 22 ]
