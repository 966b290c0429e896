#!/bin/bash
# F5 (= hostile9 F10, still failing): a Pluggy reconnection (the same card's month again under a new accountId and new
# transaction ids) records the month a second time: 44 rows, Σ doubled.
. "$(dirname "$0")/lib.sh"
python3 - <<'PY'
import json
p=json.load(open(''+__import__("os").environ["FX"]+'/pluggy.json'))
for r in p['results']: r['accountId']='nubank-card-NEW'; r['id']='re-'+r['id']
json.dump(p,open('pluggy_reconn.json','w'))
PY
rec s.db $FX/pluggy.json; rec s.db pluggy_reconn.json; n=$(rows s.db); echo "rows=$n (expected 22)" >&2
[ "$n" = 22 ]
