# common helpers for the hostile9 scripts (sourced); G, GARDEN_DATA overridable via env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
W=/tmp/h9/run/$(basename "$0" .sh); rm -rf "$W"; mkdir -p "$W"; cd "$W"
# rec DB IMPORT-ARGS...: import | resolve --record into DB, stderr summary kept in $W/last.err
rec(){ local db=$1; shift; "$G" import "$@" 2>"$W/imp.err" | "$G" resolve --record --db "$db" >/dev/null 2>"$W/last.err"; }
rows(){ sqlite3 "$1" "select count(*) from transactions"; }
total(){ sqlite3 "$1" "select coalesce(sum(amount_minor),0) from transactions"; }
verdict(){ if [ "$1" = 0 ]; then echo "PASS $(basename "$0")"; else echo "FAIL $(basename "$0"): $2"; fi; }
CSV=$S/br_nubank_card_2026-10.csv; OFX=$S/br_nubank_card_2026-10.ofx
mkpluggy(){ python3 - "$CSV" "$1" "$2" <<'PY'
import json, csv, sys
from decimal import Decimal
src, out, hour = sys.argv[1], sys.argv[2], sys.argv[3]
res = []
for i, r in enumerate(csv.DictReader(open(src, encoding="utf-8"))):
    a = Decimal(r["amount"].replace(" ", "").replace(".", "").replace(",", "."))
    res.append({"id": f"nu-{i}", "description": r["title"], "currencyCode": "BRL", "amount": float(abs(a)) * (-1 if a > 0 else 1),
                "date": r["date"] + "T%s:00:00.000Z" % hour, "type": "DEBIT" if a > 0 else "CREDIT", "accountId": "nubank-card", "status": "POSTED"})
json.dump({"results": res}, open(out, "w"))
PY
}
