#!/usr/bin/env python3
"""Issue 33's 18 items as CLI repros, against a garden binary, each from a clean store (acceptance bookkeeping).

    python3 tools/issue33/items.py BIN [BIN...]

Prints one row per item: the item, then PASS/FAIL per binary (FAIL: the defect is there). Items whose repro needs
the linker's inner state (6, 8, 15, 16) are covered by unit tests only and print `-`. A checking tool, never run by
garden. Files: Tests/Fixtures/import-samples (PROVENANCE.md there).
"""
import json
import os
import re
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repro import CSV, OFX, Store  # noqa: E402


def row(id, amount, description="Padaria Sao Jorge", date="2026-10-02", **extra):
    return json.dumps(dict({"id": id, "date": date, "amount": amount, "currency": "BRL", "description": description}, **extra))


def i1(s):  # report --out over the store
    s.record([CSV])
    db = s.env["GARDEN_DB"]
    s.run(["report", "--month", "2026-10", "--out", db, "--force"])
    return open(db, "rb").read(15) == b"SQLite format 3"


def pluggy(id, date, status=None):
    t = {"id": id, "accountId": "acc-1", "description": "UBER *TRIP", "amount": 23.5, "currencyCode": "BRL",
         "date": date + "T15:00:00.000Z", "type": "DEBIT"}
    if status:
        t["status"] = status
    return json.dumps({"results": [t]})


def i2(s):  # the posted id deletes the settled row
    s.record(["--format", "pluggy", "-"], pluggy("p-1", "2026-10-03", "PENDING"))
    s.record(["--format", "pluggy", "-"], pluggy("q-9", "2026-10-05"))
    s.run(["row", "delete", "pluggy:q-9"])
    return s.ledger()[0] == 0


def i3(s):  # a later export holding only the purchase of a shared FITID
    s.record([OFX])
    text = open(OFX, encoding="utf-8").read()
    start, end = text.index("<BANKTRANLIST>") + len("<BANKTRANLIST>"), text.index("</BANKTRANLIST>")
    vercel = ("<STMTTRN>\n<TRNTYPE>DEBIT</TRNTYPE>\n<DTPOSTED>20261005000000[-3:BRT]</DTPOSTED>\n<TRNAMT>-139.12</TRNAMT>\n"
              "<FITID>6ac3737b-60f8-417e-b072-be2ee1927124</FITID>\n<MEMO>Vercel Inc.</MEMO>\n</STMTTRN>\n")
    later = s.file("later.ofx", text[:start] + "\n" + vercel + text[end:])
    s.record([later])
    rows, total, _ = s.ledger()
    return rows == 22 and total == 17146


def i4(s):  # CSV then OFX; without then with --account
    s.record([CSV])
    s.record([OFX])
    a = s.ledger()[:2] == (22, 17146)
    t = Store(s.garden)
    t.record([CSV])
    t.record([CSV, "--account", "Nubank Ana"])
    return a and t.ledger()[:2] == (22, 17146)


def i5(s):  # three decimals
    f = s.file("br.csv", "Data;Descrição;Valor\n02/10/2026;Padaria;-1,234\n")
    _, out, _ = s.run(["import", f])
    s.run(["resolve", "--record"], out)
    return ",-1234.00," not in s.run(["export", "--format", "csv"])[1]     # refused or exact: never R$ -1.234,00


def i7(s):  # concurrent writers, pending and posted
    bad = 0
    for _ in range(6):
        t = Store(s.garden)
        lines = []
        for page in (pluggy("p-1", "2026-10-03", "PENDING"), pluggy("q-9", "2026-10-05")):
            lines.append(t.run(["import", "--format", "pluggy", "-"], page)[1])
        threads = [threading.Thread(target=t.run, args=(["resolve", "--record"], l)) for l in lines]
        [th.start() for th in threads]
        [th.join() for th in threads]
        bad += t.ledger()[0] != 1
    return bad == 0


def i9(s):  # row correct --currency
    s.run(["resolve", "--record"], row("r1", "-12.34") + "\n")
    s.run(["row", "correct", "r1", "--currency", "USD"])
    _, out, _ = s.run(["export", "--format", "jsonl"])
    flat = out.replace(" ", "")
    return ('"amount":"-12.34"' in flat or '"amount":-12.34,' in flat) and '"currency":"USD"' in flat


def hledger_ok(s, lines):
    s.run(["resolve", "--record"], "\n".join(lines) + "\n")
    _, journal, _ = s.run(["export", "--format", "hledger"])
    path = s.file("x.journal", journal)
    return subprocess.run(["hledger", "-f", path, "check", "--strict"], capture_output=True).returncode == 0, journal


def i10(s):  # JPY in hledger
    ok, _ = hledger_ok(s, [json.dumps({"id": "j", "date": "2026-10-02", "amount": "-1000", "currency": "JPY", "description": "Lawson", "account": "Card"})])
    return ok


def i11(s):  # Itaú / Itau in beancount
    s.run(["resolve", "--record"], row("a", "-1", account="Itaú") + "\n" + row("b", "-2", account="Itau") + "\n")
    _, bean, _ = s.run(["export", "--format", "beancount"])
    return len(set(re.findall(r"open (Assets:\S+)", bean))) == 2


def i12(s):  # merchants merge of an unknown key
    s.record([CSV])
    code, _, _ = s.run(["merchants", "merge", "name:nothing-like-this", "--into", "name:nor-this"])
    return code != 0


def i13(s):  # posting amounts with "conta" in the account
    ok, journal = hledger_ok(s, [row("a", "-1234.56", account="Conta CC 1234")])
    return ok and "-1234.56 BRL" in journal


def i14(s):  # teach --apply twice
    s.run(["resolve", "--record"], row("a", "-10", description="Padaria Sao Jorge Ltda") + "\n")
    for _ in range(2):
        s.run(["teach", "--id", "a", "--category", "food.delivery", "--apply"])
    code, _, _ = s.run(["rules", "lint"])
    return code == 0


def i17(s):  # IOF under the purchase's FITID
    s.record([OFX])
    s.run(["link"])
    _, out, _ = s.run(["links", "--kind", "fee"])
    return "printed under the purchase's own id" in out


def i18(s):  # a CPF-shaped account, written two ways, and another of the same mask
    lines = [row("a", "-1", account="529.982.247-25"), row("b", "-2", account="52998224725", date="2026-10-03"),
             row("c", "-3", account="111.982.247-11", date="2026-10-04")]
    s.run(["resolve", "--record"], "\n".join(lines) + "\n")
    _, out, _ = s.run(["export", "--format", "csv"])
    accounts = set()
    header = None
    for line in out.splitlines():
        cells = line.split(",")
        if header is None:
            header = cells
            continue
        if "account" in header:
            accounts.add(cells[header.index("account")])
    return len(accounts) == 2


ITEMS = {1: i1, 2: i2, 3: i3, 4: i4, 5: i5, 6: None, 7: i7, 8: None, 9: i9, 10: i10, 11: i11, 12: i12, 13: i13, 14: i14,
         15: None, 16: None, 17: i17, 18: i18}


def main():
    binaries = sys.argv[1:]
    for item, repro in ITEMS.items():
        cells = []
        for garden in binaries:
            if repro is None:
                cells.append("-")
                continue
            try:
                cells.append("PASS" if repro(Store(garden)) else "FAIL")
            except Exception as error:  # a crash or a refused step is the defect showing
                cells.append("FAIL(%s)" % type(error).__name__)
        print("%2d\t%s" % (item, "\t".join(cells)))


if __name__ == "__main__":
    main()
