#!/usr/bin/env python3
"""Issue 33's data-loss and doubling repros, run against a garden binary, each from a clean store.

    python3 tools/issue33/repro.py .build/release/garden [--only NAME]

Each scenario prints `PASS name` or `FAIL name: what it saw`. A scenario is what a user does through the CLI
(`garden import F | garden resolve --record`, `accounts`, `undo`, `export`), on the files of
Tests/Fixtures/import-samples (their PROVENANCE.md). Nothing here runs at garden's run time; it is a checking tool.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(ROOT, "Tests", "Fixtures", "import-samples")
CSV = os.path.join(SAMPLES, "br_nubank_card_2026-10.csv")
OFX = os.path.join(SAMPLES, "br_nubank_card_2026-10.ofx")


class Store:
    def __init__(self, garden):
        self.garden = os.path.abspath(garden)
        # The binary's own data (an older garden reads an older Rules/): the checkout it was built in.
        data = self.garden.split("/.build/")[0] if "/.build/" in self.garden else ROOT
        self.dir = tempfile.mkdtemp(prefix="issue33-")
        self.env = dict(os.environ, GARDEN_DB=os.path.join(self.dir, "garden.db"), GARDEN_RULES_DIR="/nonexistent",
                        GARDEN_DATA=data, HOME=self.dir)

    def run(self, args, stdin=None):
        p = subprocess.run([self.garden] + args, input=stdin, capture_output=True, text=True, env=self.env)
        return p.returncode, p.stdout, p.stderr

    def record(self, args, stdin=None):
        code, out, err = self.run(["import"] + args, stdin)
        assert code == 0, err
        code, _, err = self.run(["resolve", "--record"], out)
        assert code == 0, err
        return err

    def ledger(self):
        """(rows, sum of amounts in minor units, sorted accounts)."""
        _, out, _ = self.run(["export", "--format", "jsonl"])
        rows, total, accounts = 0, 0, set()
        for line in out.splitlines():
            row = json.loads(line)
            rows += 1
            total += round(float(row.get("amount", 0)) * 100)
            accounts.add(row.get("account") or row.get("account_default") or "-")
        return rows, total, sorted(accounts)

    def file(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path


def pluggy_page(account_id="pluggy-acc-nu"):
    """The OFX's lines as a Pluggy page (ids unique: Nubank reuses a FITID)."""
    text = open(OFX, encoding="utf-8").read()
    rows = []
    for i, block in enumerate(re.findall(r"<STMTTRN>(.*?)</STMTTRN>", text, re.S)):
        v = lambda tag: (re.search(r"<%s>([^<\n]*)" % tag, block) or [None, ""])[1]
        date, amount = v("DTPOSTED"), v("TRNAMT")
        debit = amount.startswith("-")
        rows.append({"id": "%s-%s-%d" % (account_id, v("FITID"), i), "accountId": account_id, "description": v("MEMO"),
                     "amount": float(amount.lstrip("-")), "currencyCode": "BRL",
                     "date": "%s-%s-%sT15:00:00.000Z" % (date[:4], date[4:6], date[6:8]), "type": "DEBIT" if debit else "CREDIT"})
    return json.dumps({"results": rows})


def scenarios():
    def unnamed_then_label(s):
        s.record([CSV])
        s.record([CSV, "--account", "Nubank Ana"])
        return s.ledger() == (22, 17146, ["Nubank Ana"])

    def label_then_unnamed(s):
        s.record([CSV, "--account", "Nubank Ana"])
        s.record([CSV])
        return s.ledger() == (22, 17146, ["Nubank Ana"])

    def other_card_some_same_purchases(s):
        s.record([CSV])
        lines = open(CSV, encoding="utf-8").read().splitlines()
        b = s.file("b.csv", "\n".join(lines[:4] + ['2026-10-04,Padaria Sao Jorge,"9,50"']) + "\n")
        s.record([b, "--account", "B"])
        rows, _, accounts = s.ledger()
        return rows == 26 and accounts == ["B", "Nubank card CSV"]

    def one_shared_purchase_two_cards(s):
        a = s.file("a.csv", 'date,title,amount\n2026-10-02,Mercado Bom Preco,"45,90"\n')
        b = s.file("b.csv", 'date,title,amount\n2026-10-02,Mercado Bom Preco,"45,90"\n')
        s.record([a])
        s.record([b, "--account", "B"])
        rows, total, accounts = s.ledger()
        return rows == 2 and total == -9180 and len(accounts) == 2

    def ofx_then_pluggy(s):
        s.record([OFX])
        s.record(["--format", "pluggy", "-"], pluggy_page())
        s.record(["--format", "pluggy", "-"], pluggy_page())
        s.record([OFX])
        rows, total, accounts = s.ledger()
        return rows == 22 and total == 17146 and len(accounts) == 1

    def pluggy_then_ofx(s):
        s.record(["--format", "pluggy", "-"], pluggy_page())
        s.record([OFX])
        s.record([OFX])
        s.record(["--format", "pluggy", "-"], pluggy_page())
        rows, total, accounts = s.ledger()
        return rows == 22 and total == 17146 and len(accounts) == 1

    def two_pluggy_accounts(s):
        s.record(["--format", "pluggy", "-"], pluggy_page("a"))
        s.record(["--format", "pluggy", "-"], pluggy_page("b"))
        return s.ledger()[0] == 44

    def csv_then_pluggy(s):
        s.record([CSV])
        s.record(["--format", "pluggy", "-"], pluggy_page())
        rows, total, _ = s.ledger()
        return rows == 22 and total == 17146

    def ofx_new_label(s):
        s.record([OFX])
        s.record([OFX, "--account", "Nubank Ana"])
        s.record([OFX, "--account", "Nubank"])
        return s.ledger() == (22, 17146, ["Nubank"])

    def pending_then_posted_under_label(s):
        pend = {"id": "p-1", "accountId": "acc-1", "description": "UBER *TRIP", "amount": 23.5, "currencyCode": "BRL",
                "date": "2026-10-03T15:00:00.000Z", "type": "DEBIT", "status": "PENDING"}
        post = dict(pend, id="q-9", date="2026-10-05T15:00:00.000Z")
        del post["status"]
        s.record(["--format", "pluggy", "-"], json.dumps({"results": [pend]}))
        s.record(["--format", "pluggy", "--account", "Nubank Ana", "-"], json.dumps({"results": [post]}))
        return s.ledger()[0] == 1

    def rename_is_undone(s):
        s.record([OFX])
        acct = "00000000-0000-0000-0000-000000000000"
        s.run(["accounts", "rename", acct, "Nubank"])
        s.run(["undo"])
        return s.ledger()[2] == [acct]

    return [(f.__name__, f) for f in [unnamed_then_label, label_then_unnamed, other_card_some_same_purchases,
                                      one_shared_purchase_two_cards, ofx_then_pluggy, pluggy_then_ofx, two_pluggy_accounts, csv_then_pluggy,
                                      ofx_new_label, pending_then_posted_under_label, rename_is_undone]]


def main():
    garden = sys.argv[1]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    failed = 0
    for name, scenario in scenarios():
        if only and name != only:
            continue
        s = Store(garden)
        try:
            ok = scenario(s)
            detail = "" if ok else ": " + str(s.ledger())
        except AssertionError as error:
            ok, detail = False, ": " + str(error).strip().splitlines()[-1][:160] if str(error).strip() else ""
        failed += not ok
        print(("PASS " if ok else "FAIL ") + name + detail)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
