#!/usr/bin/env python3
"""Generates a Receita Federal "Estabelecimentos" file in the published layout (30 quoted fields, `;`, no header,
ISO-8859-1, `\\n`; ../shared/data/receita_cnpj_layout/LAYOUT.md) for the registry benchmark, seeded.

Shape, modelled on the real files: CNPJ roots in ascending order, most with one establishment and a few chains with
hundreds; valid check digits; about 40 % of trade names empty; accented names; status mostly 02 (ativa) with
08 (baixada) and 04 (inapta); main CNAE from real subclasses; 0-6 secondary CNAEs; street, CEP, UF, município,
phones and e-mail filled like real rows. Rows average ~250 bytes, like the published files.

usage: generate_receita.py ROWS [--seed N] > Estabelecimentos0.csv
"""
import random
import sys

WORDS = ["PADARIA", "MERCADO", "SUPERMERCADO", "FARMÁCIA", "DROGARIA", "AUTO", "PEÇAS", "BAR", "RESTAURANTE", "LANCHONETE",
         "POSTO", "SÃO", "JOÃO", "JOSÉ", "MARIA", "BOA", "VISTA", "NOVA", "ESPERANÇA", "CONSTRUÇÃO", "MODAS", "CALÇADOS",
         "ELETRÔNICOS", "PET", "SHOP", "CENTRO", "COMÉRCIO", "SERVIÇOS", "TECNOLOGIA", "SOLUÇÕES", "CLÍNICA", "ODONTO",
         "ACADEMIA", "ESTÚDIO", "BELEZA", "SALÃO", "DOCES", "PIZZARIA", "AÇAÍ", "HORTIFRUTI", "AÇOUGUE", "ÓTICA"]
CNAES = ["4711302", "4712100", "4721102", "4771701", "5611201", "5611203", "5611204", "4731800", "4530703", "9602501",
         "4781400", "4782201", "4789004", "8630504", "9313100", "6201501", "6204000", "4744099", "4520001", "8599604",
         "4729699", "4723700", "1091102", "4754701", "8712300", "9430800", "8411600", "6422100", "4930202", "7319002"]
STREETS = ["RUA", "AVENIDA", "TRAVESSA", "ALAMEDA", "RODOVIA", "PRAÇA"]
UFS = [("SP", 7107), ("RJ", 6001), ("MG", 4123), ("RS", 8801), ("PR", 7535), ("BA", 3849), ("DF", 9701), ("PE", 2531)]


def check_digits(base):
    def dv(chars, weights):
        r = sum((ord(c) - 48) * w for c, w in zip(chars, weights)) % 11
        return "0" if r < 2 else str(11 - r)
    d1 = dv(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return d1 + dv(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])


def main():
    rows = int(sys.argv[1])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    out = sys.stdout.buffer
    written, root = 0, 10_000_000
    batch = []
    while written < rows:
        root += rng.randint(1, 7)
        branches = rng.choice([1] * 90 + [2] * 6 + [5, 12, 40, 300])
        brand = " ".join(rng.sample(WORDS, rng.randint(1, 3)))
        for order in range(1, branches + 1):
            if written >= rows:
                break
            base = "%08d%04d" % (root, order)
            uf, city = rng.choice(UFS)
            trade = brand if rng.random() > 0.4 else ""
            status = rng.choice(["02"] * 8 + ["08", "04"])
            secondary = ",".join(rng.sample(CNAES, rng.randint(0, 6)))
            email = ("contato%d@exemplo.com.br" % root) if rng.random() < 0.5 else ""
            fields = [base[:8], base[8:], check_digits(base), "1" if order == 1 else "2", trade, status,
                      "2019%02d%02d" % (rng.randint(1, 12), rng.randint(1, 28)), "00" if status == "02" else "01", "", "",
                      "20%02d0%d15" % (rng.randint(0, 24), rng.randint(1, 9)), rng.choice(CNAES), secondary, rng.choice(STREETS),
                      " ".join(rng.sample(WORDS, 2)), str(rng.randint(1, 3000)), rng.choice(["", "SALA 1", "LOJA 2", "APTO 31"]),
                      "CENTRO", "%08d" % rng.randint(1_000_000, 99_999_999), uf, str(city), "11",
                      str(rng.randint(30_000_000, 99_999_999)), "", "", "", "", email, "", ""]
            batch.append('"' + '";"'.join(fields) + '"\n')
            written += 1
        if len(batch) >= 10_000:
            out.write("".join(batch).encode("iso-8859-1"))
            batch = []
    out.write("".join(batch).encode("iso-8859-1"))


if __name__ == "__main__":
    main()
