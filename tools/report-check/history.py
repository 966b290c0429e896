#!/usr/bin/env python3
"""Writes examples/household.jsonl: a household's bank and card lines for three months (2026-07 to
2026-09) and the month after (2026-10), as `garden resolve` reads them, for the report's test and the
README screenshot (October against the median of the three months before).

Deterministic (a fixed seed): run it again and the file is byte-for-byte the same. What it holds is
made up but shaped like Brazilian statements: a salary by TED, rent by Pix to a person (up 8 % in
October), condomínio, utilities, groceries at chains and a bakery, iFood orders (more in October),
rides, a pharmacy, streaming, a gym that starts in August (three payments by October), a ten-parcel
purchase, a refund, a transfer between two own accounts (one Pix end-to-end id), a foreign purchase and
its IOF, lines garden cannot place (for review), one of them printing a seller's full CPF (the report
must show it masked).
"""
import json
import os
import random

rng = random.Random(24)
rows = []


def row(date, description, amount, account="Nubank", **extra):
    rows.append({"id": f"hh-{len(rows) + 1:03d}", "date": date, "description": description, "amount": f"{amount:.2f}",
                 "currency": "BRL", "account": account, **extra})


def cents(low, high):
    return round(rng.uniform(low, high), 2)


for month, days in (("07", 31), ("08", 31), ("09", 30), ("10", 31)):
    d = lambda day: f"2026-{month}-{day:02d}"
    october = month == "10"
    row(d(5), "TED RECEBIDA ACME TECNOLOGIA LTDA SALARIO", 9200.00, "Inter", payment_method="ted")
    row(d(10), "Pix enviado - Joana Lima", -(2484.00 if october else 2300.00), "Inter", payment_method="pix",
        counterparty={"name": "Joana Lima"})
    row(d(8), "PAGAMENTO DE BOLETO - CONDOMINIO EDIFICIO AURORA", -cents(760, 790), "Inter")
    row(d(15), "DEBITO AUTOMATICO ENEL DISTRIBUICAO SP", -cents(170, 260), "Inter")
    row(d(12), "DEBITO AUTOMATICO SABESP", -cents(70, 95), "Inter")
    row(d(20), "VIVO FIBRA", -129.90)
    row(d(3), "NETFLIX.COM", -55.90)
    row(d(4), "SPOTIFY", -21.90)
    if month != "07":
        row(d(6), "SMARTFIT MENSALIDADE", -119.90)
    for day in (2, 9, 16, 23, 30):
        if day <= days:
            row(d(day), "ATACADAO 123 SAO PAULO" if day in (2, 16) else "PAO DE ACUCAR 1234", -cents(180, 420))
    for day in (4, 11, 18, 25):
        row(d(day), "PADARIA DO ZE", -cents(18, 45))
    for day in (1, 7, 13, 19, 26) + ((9, 14, 21, 28, 29) if october else ()):
        row(d(day), rng.choice(["Ifd*Arcos Dourados Com", "IFD*BURGER KING", "IFD*RESTAURANTE SABOR DA CASA", "IFD*PIZZA PRIME"]),
            -cents(38, 95))
    row(d(rng.choice([6, 17, 27])), "RESTAURANTE FIGUEIRA RUBAIYAT", -cents(150, 320))
    for day in (3, 8, 14, 22, 27):
        row(d(day), rng.choice(["Dl*Uberrides", "UBER *TRIP", "99APP *99RIDE"]), -cents(14, 48))
    row(d(21), "RAIA DROGASIL SA", -cents(45, 140))
    if month != "07":
        parcel = {"08": 1, "09": 2, "10": 3}[month]
        row(d(9), f"MAGAZINE LUIZA PARC {parcel:02d}/10", -249.90)
    row(d(24), "POSTO IPIRANGA AV PAULISTA", -cents(180, 240))

row("2026-08-13", "AMAZON MARKETPLACE", -189.90)
row("2026-08-20", "Estorno AMAZON MARKETPLACE", 189.90)
row("2026-09-18", "Pix enviado", -1500.00, "Inter", payment_method="pix", end_to_end_id="E00416968202609181200abcdefghijk")
row("2026-09-18", "Pix recebido", 1500.00, "Nubank", payment_method="pix", end_to_end_id="E00416968202609181200abcdefghijk")
row("2026-10-11", "STEAMGAMES.COM 4259522985", -160.00, original_currency="USD")
row("2026-10-12", "IOF COMPRA INTERNACIONAL", -6.98)
row("2026-09-27", "COMPRA 884213 LOJA 22", -73.40)
row("2026-10-16", "PAG*JOSEFERREIRA", -60.00)
row("2026-10-19", "PAG*JOSEFERREIRA", -45.00)
row("2026-10-22", "PAG*MARIAFLORES 123.456.789-09", -75.00)
row("2026-10-28", "MP *VENDEDOR2931", -88.00)

rows.sort(key=lambda r: (r["date"], r["id"]))
path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "household.jsonl")
with open(path, "w", encoding="utf-8") as out:
    for r in rows:
        out.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{len(rows)} rows → {os.path.normpath(path)}")
