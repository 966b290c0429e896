#!/usr/bin/env python3
"""Issue 33's items that the acceptance table checked by unit tests only (6, 8, 15, 16) and the two a first CLI repro did
not show (9, 13), as CLI repros with the issue's own words, against garden binaries, each from a clean store.

    python3 tools/issue33/items_cli.py BIN [BIN...]

One row per item: PASS (the behaviour the issue asks for) or FAIL (the defect shows) per binary. Each binary reads the
data of the checkout it was built in (`<checkout>/.build/release/garden`), else this checkout. A checking tool, never
run by garden.
"""
import html
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repro import Store  # noqa: E402


def line(id, date, amount, description, **extra):
    return json.dumps(dict({"id": id, "date": date, "amount": amount, "currency": "BRL", "description": description}, **extra))


def digits(text):
    return re.sub(r"\D", "", text)


def i6(s):  # "A money-out row whose category is an income category drops out of both totals of `budgets`."
    s.run(["resolve", "--record"], line("s", "2026-10-01", "3000", "SALARIO EMPRESA X") + "\n"
          + line("m", "2026-10-02", "-50", "PADARIA SAO JORGE") + "\n")
    s.run(["teach", "--id", "m", "--category", "income.salary"])
    _, out, _ = s.run(["budgets", "--month", "2026-10"])
    totals = next((l for l in out.splitlines() if l.startswith("spent ")), "")
    spent, income = (digits(part) for part in totals.split(";")[:2]) if ";" in totals else ("", "")
    return income == "295000" or spent == "5000"


INSTALLMENTS = """date,title,amount
2026-08-05,Magazine Luiza - Parcela 1/3,"100,00"
2026-08-05,Magazine Luiza - Parcela 1/3,"250,00"
2026-09-05,Magazine Luiza - Parcela 2/3,"100,00"
2026-09-05,Magazine Luiza - Parcela 2/3,"250,00"
2018-03-10,Loja Antiga - Parcela 1/12,"50,00"
2026-05-20,Curso Online - Parcela 5/12,"80,00"
"""


def plans(s):
    s.record([s.file("card.csv", INSTALLMENTS)])
    s.run(["link"])
    return s.run(["links", "--kind", "installment_plan"])[1]


def i8(s):  # "Two installment plans bought the same day at one store are merged into one plan."
    out = plans(s)
    magalu = [l for l in out.splitlines() if "Magalu" in l or "Magazine" in l]
    return len(magalu) == 2


def i15(s):  # "Pix transfers to and from persons vanish from every total of `budgets`."
    s.run(["resolve", "--record"], line("p", "2026-10-03", "-100", "PIX ENVIADO JOAO DA SILVA SANTOS") + "\n"
          + line("q", "2026-10-04", "70", "PIX RECEBIDO MARIA DE SOUZA LIMA") + "\n")
    _, out, _ = s.run(["budgets", "--month", "2026-10"])
    return re.search(r"100[.,]00", out) is not None and re.search(r"70[.,]00", out) is not None


def i16(s):  # "The report's commitments ignore the month (a 2018 plan on the October 2026 page) and print "1 of 12"
    #           parcels when five are paid."
    out = plans(s)
    page = s.file("r.html", "")
    s.run(["report", "--month", "2026-10", "--out", page, "--force"])
    text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>|<script.*?</script>", "", open(page).read(), flags=re.S)))
    curso = next((l for l in out.splitlines() if "Curso Online" in l), "")
    return "Loja Antiga" not in text and "1 of 12" not in curso


def i9(s):  # "`row correct --currency USD` divides the amount by 1000; `--currency EUR` is refused."
    results = []
    for currency in ("USD", "EUR"):
        t = Store(s.garden)
        t.run(["resolve", "--record"], line("r1", "2026-10-02", "-1.234", "PADARIA SAO JORGE") + "\n")   # R$ 1.234,00
        code, _, _ = t.run(["row", "correct", "r1", "--currency", currency])
        _, out, _ = t.run(["export", "--format", "jsonl"])
        row = json.loads(out.splitlines()[0]) if out.strip() else {}
        results.append(code == 0 and row.get("currency") == currency and float(row.get("amount", 0)) == -1234.0)
    return all(results)


def i13(s):  # "The hledger and beancount exports mask posting amounts (-••••.56 BRL) when an account name contains
    #           "conta", "acct" or "CC"."
    lines = [line("a%d" % i, "2026-10-02", "-1234.56", "PADARIA SAO JORGE", account=name)
             for i, name in enumerate(["conta", "acct", "Nubank CC"])]
    s.run(["resolve", "--record"], "\n".join(lines) + "\n")
    ledger = s.run(["export", "--format", "hledger"])[1] + s.run(["export", "--format", "beancount"])[1]
    return "•" not in ledger and ledger.count("-1234.56 BRL") == 6


ITEMS = {6: i6, 8: i8, 9: i9, 13: i13, 15: i15, 16: i16}


def main():
    for item, repro in ITEMS.items():
        cells = []
        for garden in sys.argv[1:]:
            try:
                cells.append("PASS" if repro(Store(garden)) else "FAIL")
            except Exception as error:  # a refused step is the defect showing
                cells.append("FAIL(%s)" % type(error).__name__)
        print("%2d\t%s" % (item, "\t".join(cells)))


if __name__ == "__main__":
    main()
