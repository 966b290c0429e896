#!/bin/bash
# Issue 33's open findings as one check each, from fresh stores: prints FAIL (defect present) or ok.
# Copied from the hostile pass of session 8 (/work/wt/hostile8/scripts/repro_all.sh, b8_pending.sh, b12_truncated.sh,
# b15) and made to run against any build: `tools/issue33/repro_all.sh [BIN [CHECKOUT]]`
# (BIN: a garden binary, default .build/release/garden; CHECKOUT: the data it reads, default this checkout).
# The samples are the repository's copies (Tests/Fixtures/import-samples, PROVENANCE.md there). A checking tool only.
HERE=$(cd "$(dirname "$0")/../.." && pwd)
G=$(realpath "${1:-$HERE/.build/release/garden}"); export GARDEN_DATA=$(realpath "${2:-$HERE}")
S=$HERE/Tests/Fixtures/import-samples
D=$(mktemp -d /tmp/issue33-repro.XXXXXX); export HOME=$D/home GARDEN_RULES_DIR=$D/rules LANG=C; mkdir -p $HOME $GARDEN_RULES_DIR; cd $D
CSV=$S/br_nubank_card_2026-10.csv; OFX=$S/br_nubank_card_2026-10.ofx
rec() { local db=$1; shift; $G import "$@" 2>/dev/null | $G resolve --record --db $db >/dev/null 2>&1; }
n() { sqlite3 $1 "select count(*) from transactions"; }
chk() { if [ "$2" == "$3" ]; then echo "ok    $1"; else echo "FAIL  $1 (expected $3, got $2)"; fi; }
spent() { $G budgets --db $1 --month 2026-10 2>/dev/null | grep -o '^spent R\$[0-9.,]*'; }
pg() { echo '{"results":[{"id":"'$1'","accountId":"acc-1","description":"'$2'","amount":'$3',"date":"'$4'T15:00:00.000Z","type":"DEBIT","status":"'$5'"}]}' > $1.json; rec $6 $1.json; }
rec b5a.db $CSV; rec b5a.db --account Nubank $CSV;                 chk "B5a same CSV without then with --account" $(n b5a.db) 22
rec b5b.db --account Nubank $OFX; rec b5b.db --account Nubank $CSV; chk "B5b OFX and CSV, same --account" $(n b5b.db) 22
rec b5c.db --account Nubank $CSV; rec b5c.db $OFX;                  chk "B5c CSV --account then OFX" $(n b5c.db) 22
python3 - "$CSV" <<'P'
import csv, json, sys
from decimal import Decimal
res=[]
for i,r in enumerate(csv.DictReader(open(sys.argv[1]))):
    a=Decimal(r["amount"].replace(" ","").replace(".","").replace(",","."))
    res.append({"id":f"nu-{i}","description":r["title"],"currencyCode":"BRL","amount":float(-abs(a) if a>0 else abs(a)),"date":r["date"]+"T12:00:00.000Z","type":"DEBIT" if a>0 else "CREDIT","accountId":"nubank-card"})
json.dump({"results":res},open("pluggy.json","w"))
P
rec b5d.db $CSV; rec b5d.db pluggy.json;                            chk "B5d CSV then the same rows as Pluggy" $(n b5d.db) 22
printf '%s\n' '{"results":[{"id":"p-1","accountId":"acc-1","description":"PADARIA DO ZE","amount":-45.9,"date":"2026-10-03T15:00:00.000Z","type":"DEBIT","status":"PENDING"}]}' > pend.json
printf '%s\n' '{"results":[{"id":"q-1","accountId":"acc-1","description":"PADARIA DO ZE","amount":-45.9,"date":"2026-10-05T15:00:00.000Z","type":"DEBIT","status":"POSTED"}]}' > post.json
rec b7.db pend.json; rec b7.db post.json; $G row correct pluggy:q-1 --category food.restaurants --db b7.db >/dev/null 2>&1
chk "B7 row correct <posted id> --category" "$(sqlite3 b7.db 'select category from transactions')" food.restaurants
pg p2 "RESTAURANTE BOM" -100 2026-10-03 PENDING b15.db; pg q2 "RESTAURANTE BOM" -115 2026-10-04 POSTED b15.db
chk "B15 pending -100 then posted -115 (tip): spent" "$(spent b15.db)" 'spent R$115.00'
pg p3 "POSTO SHELL" -1 2026-10-03 PENDING b15b.db; pg q3 "POSTO SHELL" -187.45 2026-10-03 POSTED b15b.db
chk "B15b fuel pre-authorisation -1 then posted -187.45: spent" "$(spent b15b.db)" 'spent R$187.45'
pg p4 "IFD*RESTAURANTE SP" -45.9 2026-10-03 PENDING b15c.db; pg q4 "IFOOD *RESTAURANTE" -45.9 2026-10-04 POSTED b15c.db
chk "B15c pending and posted without merchant identity: spent" "$(spent b15c.db)" 'spent R$45.90'
for i in $(seq 103); do echo "{\"id\":\"r$i\",\"description\":\"PADARIA $i\",\"amount\":-1,\"account\":\"CSV account\"}"; done | $G resolve --record --db b16.db 2> b16.err >/dev/null
chk "B16 summary count for account 'CSV account'" "$(grep -o 'CSV account: [^ ]*' b16.err)" 'CSV account: 103'
rec b17.db --account nu $CSV; $G export --db b17.db --format csv > b17.csv; rec b17.db b17.csv; chk "B17 own CSV export re-imported" $(n b17.db) 22
chk "B17 own CSV export: one account" "$(sqlite3 b17.db 'select count(distinct account) from transactions')" 1
rec b23.db --account nu $CSV; $G row correct line:272d78498bdb74a8-1 --amount -89,99 --db b23.db >/dev/null; rec b23.db --account nu $CSV
chk "B23 row correct --amount survives re-import" "$(sqlite3 b23.db "select amount from transactions where row_id='line:272d78498bdb74a8-1'")" -89.99
rec b24.db $CSV; for id in $(sqlite3 b24.db "select row_id from transactions"); do $G row correct $id --account R --db b24.db >/dev/null; done; rec b24.db --account R $CSV
chk "B24 row correct --account then --account R" $(n b24.db) 22
printf '%s\n' '{"id":"r8","date":"2026-10-02","description":"x","amount":"52998224725"}' | $G resolve --record --db b10.db >/dev/null 2>&1
$G budgets --db b10.db --month 2026-10 > /dev/null 2>&1; chk "B10 a CPF-shaped amount stays readable (budgets exit)" $? 0
$G budgets set x52998224725 --limit 1 --db b11.db >/dev/null 2>&1; chk "B11 no full CPF in the store" "$(strings b11.db* | grep -c 52998224725)" 0
for a in Nubank "Nubank "; do rec b25.db --account "$a" $CSV; done;    chk "B25 --account 'Nubank' vs 'Nubank '" $(n b25.db) 22
for a in Nubank nubank NUBANK; do rec b25c.db --account "$a" $CSV; done; chk "B25 --account 'Nubank' vs 'nubank' vs 'NUBANK'" $(n b25c.db) 22
ln -s tgt.db b2.db; $G me add --document 111.444.777-35 --db b2.db >/dev/null 2>&1; chk "B2 key beside the real store" "$(ls tgt.db.key 2>/dev/null)" tgt.db.key
cat > t.ofx <<'O'
OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>123456789<ACCTID>5555<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261003<TRNAMT>-45.12<FITID>A1<NAME>AMAZON MKTPLACE PMTS AMZN.COM/BI<MEMO>AMAZON MKTPLACE PMTS AMZN.COM/BILL WA</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261004<TRNAMT>-12.00<FITID>A2<NAME>NETFLIX.COM<MEMO>NETFLIX.COM</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
O
printf 'Date,Description,Amount\n10/03/2026,AMAZON MKTPLACE PMTS AMZN.COM/BILL WA,-45.12\n10/04/2026,NETFLIX.COM,-12.00\n' > t.csv
rec b18.db t.ofx; rec b18.db t.csv;                                 chk "B18 OFX NAME cut at 32 vs the CSV's full text" $(n b18.db) 2
cat > dup.ofx <<'O'
OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1>
<STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<ACCTID>777<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261001<TRNAMT>-10.00<FITID>X0<NAME>MERCADO A</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261003<TRNAMT>-45.00<FITID>X1<NAME>PADARIA DO ZE</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS>
<STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<ACCTID>777<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261003<TRNAMT>-45.00<FITID>X1<NAME>PADARIA DO ZE</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-20.00<FITID>X2<NAME>FARMACIA B</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS>
</BANKMSGSRSV1></OFX>
O
rec b20.db dup.ofx;                                                 chk "B20 one FITID in two overlapping STMTRS of one account" $(n b20.db) 3
rm -rf "$D"
