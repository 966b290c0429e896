#!/bin/bash
# F2: one `row delete` on a recorded month, then the same month read under another account key (the OFX, a Pluggy
# page, the same CSV with or without --account): the deleted line counts as "a line inside the account's dates that
# is not recorded", the attach is refused, the whole month is recorded again.
. "$(dirname "$0")/lib.sh"
mkpluggy p.json 12
fail=0
run(){ rm -f s.db*; rec s.db $1; "$G" row delete line:19f26e533f470664-1 --db s.db >/dev/null 2>&1; rec s.db $2
  n=$(rows s.db); echo "[$3] $n rows ($(grep -h 'deleted\|matched' last.err | tr '\n' ' '))" >&2; [ "$n" = 21 ] || fail=1; }
run "--account nu $CSV" "$OFX" "labelled CSV, delete, OFX"
run "--account nu $CSV" "p.json" "labelled CSV, delete, Pluggy"
run "--account nu $CSV" "$CSV" "labelled CSV, delete, same CSV unnamed"
run "$CSV" "--account nu $CSV" "unnamed CSV, delete, same CSV --account"
# variant: a date corrected into the next month widens the account's dates; the next OFX (Oct + 3 Nov rows) is refused
python3 - "$OFX" <<'PY'
import sys
t=open(sys.argv[1],encoding='latin-1').read()
extra="".join("<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>202611%02d000000[-3:BRT]\n<TRNAMT>-%d.00\n<FITID>nov-%d\n<MEMO>Padaria Nova %d\n</STMTTRN>\n"%(d,10+d,d,d) for d in (3,4,5))
open('octnov.ofx','w',encoding='latin-1').write(t.replace("<STMTTRN>",extra+"<STMTTRN>",1))
PY
rm -f s.db*; rec s.db --account "Nubank Ana" "$CSV"; "$G" row correct line:272d78498bdb74a8-1 --date 2026-11-09 --db s.db >/dev/null 2>&1; rec s.db octnov.ofx
n=$(rows s.db); echo "[labelled CSV, row correct --date 2026-11-09, OFX Oct+Nov] $n rows (expected 25)" >&2; [ "$n" = 25 ] || fail=1
verdict $fail "a deleted or re-dated row makes the next file of the month a second account"
