#!/bin/bash
# F11: the same month as an Open Finance response and as a Pluggy page (either order): every row recorded twice;
# with --account "Nubank Ana" on both, the summary says "matched 22 row(s) of the account" and the account holds 44.
. "$(dirname "$0")/lib.sh"
mkpluggy p.json 12
python3 - "$CSV" <<'PY'
import json,csv,sys
from decimal import Decimal
res=[]
for i,r in enumerate(csv.DictReader(open(sys.argv[1],encoding='utf-8'))):
    a=Decimal(r["amount"].replace(" ","").replace(".","").replace(",","."))
    res.append({"transactionId":"of-%d"%i,"completedAuthorisedPaymentType":"TRANSACAO_EFETIVADA","creditDebitType":"DEBITO" if a>0 else "CREDITO","transactionName":r["title"],"type":"OUTROS","transactionAmount":{"amount":"%.2f"%abs(a),"currency":"BRL"},"transactionDateTime":r["date"]})
json.dump({"data":res},open('of.json','w'))
PY
fail=0
for pair in "of.json p.json" "p.json of.json"; do set -- $pair; rm -f s.db*; rec s.db $1; rec s.db $2; n=$(rows s.db); echo "[$1 -> $2] $n" >&2; [ "$n" = 22 ] || fail=1; done
rm -f s.db*; rec s.db --account "Nubank Ana" of.json; rec s.db --account "Nubank Ana" p.json; n=$(rows s.db)
echo "[both --account] $n; $(grep matched last.err); $("$G" accounts --db s.db | tr '\t\n' ' ;')" >&2; [ "$n" = 22 ] || fail=1
verdict $fail "Open Finance and Pluggy pages of one month give every row twice (expected 22)"
