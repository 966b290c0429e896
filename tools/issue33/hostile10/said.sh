#!/bin/bash
# trust8a: where the evidence cannot decide (F7 in one import, F19, F24 unlabelled), the rows stay apart but garden says so
# on stderr (a "note: …" naming both rows) and flags the row recorded now for review. Exits 0 when all three are said.
. "$(dirname "$0")/lib.sh"
fail=0
said(){ grep -q "$1" "$W/last.err" && [ "$(sqlite3 s.db "select count(*) from transactions where review = 1 and review_reasons like '%$2%'")" = "$3" ]; }
python3 - <<'PY'
import json, copy, os
p = json.load(open(os.environ["FX"] + "/pluggy.json"))
A = copy.deepcopy(p); B = copy.deepcopy(p)
for r in A['results']:
    if r['id'] == 'nu-12': r['status'] = 'PENDING'
for r in B['results']:
    if r['id'] == 'nu-12': r['id'] = 'nu-12-posted'; r['amount'] = -22.57; r['date'] = '2026-10-05T12:00:00.000Z'
json.dump(A, open('pA.json', 'w')); json.dump(B, open('pB.json', 'w'))
q = copy.deepcopy(p); q['results'] = [r for r in q['results'] if r['date'].startswith('2026-10-01')][:2]; json.dump(q, open('p2.json', 'w'))
PY
rm -f s.db*; rec s.db pA.json pB.json
said "may be the pending row pluggy:nu-12" "may be the posting of the pending row pluggy:nu-12" 1 || { echo "F7 not said" >&2; fail=1; }
rm -f s.db*; rec s.db p2.json; rec s.db $FX/br_nubank_card_2026-10.ofx
said "may be the same purchases as rows of the account" "may be the same purchase as pluggy:" 2 || { echo "F19 not said" >&2; fail=1; }
rm -f s.db*; rec s.db $FX/pluggy.json; rec s.db $FX/nov.ofx
said "may be the same purchases as rows of the account" "may be the same purchase as pluggy:" 2 || { echo "F24 not said" >&2; fail=1; }
exit $fail
