#!/usr/bin/env python3
"""Deterministic generator of realistic transaction rows (JSON lines) for garden's benchmark.

usage: generate.py rows ROWS [--seed N] [--first I]   rows on stdout, ids b<I>, b<I+1>, ... (I defaults to 0)
       generate.py rules K [--seed N]         K user rules (literal description patterns) on stdout

Rows mix Brazilian and US descriptors: processor prefixes (IFD*, PAG*, MP*, SQ *, TST*, PAYPAL *), Pix, boleto
and TED wording with masked CPFs and CNPJs, card installments, accents, store numbers and cities, a long tail of
local business names, some rows with MCC / CNAE / counterparty documents, Pluggy and Open Finance shapes.
Written for garden (stdlib only); the same seed always gives the same bytes.
"""
import json
import random
import sys

BR_BRANDS = ["DROGASIL", "DROGA RAIA", "PAGUE MENOS", "ASSAI ATACADISTA", "ATACADAO", "CARREFOUR", "PAO DE ACUCAR",
             "POSTO IPIRANGA", "SHELL BOX", "NETFLIX.COM", "SPOTIFY", "UBER *TRIP", "99APP *99APP", "IFOOD *IFOOD",
             "AMAZON BR", "MERCADOLIVRE*VENDEDOR", "MAGALU", "RENNER", "RIACHUELO", "SMART FIT", "VIVO MOVEL",
             "CLARO SA", "SABESP", "ENEL SP", "CEMIG", "DECATHLON", "LEROY MERLIN", "MCDONALDS", "BURGER KING"]
US_BRANDS = ["WHOLEFDS MKT", "TRADER JOES", "KROGER FUEL", "STARBUCKS", "CHIPOTLE", "TARGET", "WAL-MART", "COSTCO WHSE",
             "CVS/PHARMACY", "WALGREENS", "SHELL OIL", "CHEVRON", "AMZN Mktp US*2K3LM4", "NETFLIX.COM", "SPOTIFY USA",
             "UBER *TRIP", "LYFT *RIDE", "DOORDASH*PANERA", "APPLE.COM/BILL", "COMCAST CABLE"]
PREFIXES = ["IFD*", "PAG*", "MP*", "SQ *", "TST* ", "PAYPAL *", "PG *", "ZIG*", "SUMUP *", "DL*"]
WORDS = ["PADARIA", "RESTAURANTE", "LANCHONETE", "MERCADINHO", "BAR", "PIZZARIA", "ACOUGUE", "FARMACIA", "LOJA",
         "BARBEARIA", "SALAO", "AUTO PECAS", "PET SHOP", "SORVETERIA", "PASTELARIA", "EMPORIO", "DOCERIA", "OTICA"]
NAMES = ["SAO JOSE", "DO ZE", "BOM GOSTO", "DA MARIA", "SANTA LUZIA", "NOVA ERA", "CENTRAL", "BELA VISTA", "AURORA",
         "DOIS IRMAOS", "PRIMAVERA", "SOL NASCENTE", "ESTRELA", "JARDIM", "ALVORADA", "FLOR DE LIS", "PORTO", "CAMPO"]
PEOPLE = ["Marina Vitória Lopes", "João Pedro Alves", "Ana Paula Ferreira", "Carlos Eduardo Pinto", "Lucas Mendes Ribeiro",
          "Juliana Costa Souza", "Rafael Gonçalves", "Beatriz Almeida", "Thiago Barbosa", "Fernanda Rocha Lima"]
CITIES = ["SAO PAULO BR", "RIO DE JANEI BR", "BELO HORIZONT BR", "CURITIBA BR", "SEATTLE WA", "AUSTIN TX", "BROOKLYN NY", ""]
US_LOCAL = ["JOES DINER", "BLUE BOTTLE COFFEE", "GREENWOOD HARDWARE", "LA PALOMA TAQUERIA", "SUNRISE BAKERY",
            "MARIOS PIZZERIA", "FADE MASTERS BARBER", "GOLDEN DRAGON RESTAURANT", "CLEAN EXPRESS DRY CLEANERS"]


def cpf(rng):
    return "•••.%03d.%03d-••" % (rng.randrange(1000), rng.randrange(1000))


def cnpj(rng):
    digits = [rng.randrange(10) for _ in range(8)] + [0, 0, 0, 1]
    for weights in ([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]):
        r = sum(d * w for d, w in zip(digits, weights)) % 11
        digits.append(0 if r < 2 else 11 - r)
    s = "".join(map(str, digits))
    return "%s.%s.%s/%s-%s" % (s[:2], s[2:5], s[5:8], s[8:12], s[12:])


def local(rng):
    return "%s %s" % (rng.choice(WORDS), rng.choice(NAMES))


def row(rng, i):
    kind = rng.random()
    date = "2026-%02d-%02d" % (rng.randrange(1, 13), rng.randrange(1, 29))
    amount = -round(rng.uniform(3, 900), 2)
    r = {"id": "b%d" % i, "date": date, "currency": "BRL", "account": rng.choice(["Nubank", "Itaú", "Inter", "Santander"])}
    if kind < 0.22:
        r["description"] = rng.choice(BR_BRANDS) + (" %d" % rng.randrange(1, 999) if rng.random() < 0.4 else "")
    elif kind < 0.42:
        r["description"] = "%s%s" % (rng.choice(PREFIXES), local(rng).replace(" ", "" if rng.random() < 0.3 else " "))
    elif kind < 0.52:
        r["description"] = "Transferência enviada pelo Pix - %s - %s - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: %d-%d" % (
            rng.choice(PEOPLE), cpf(rng), rng.randrange(10**7, 10**8), rng.randrange(10))
    elif kind < 0.58:
        r["description"] = "Pagamento de boleto efetuado - %s" % rng.choice(["SABESP", "CPFL PAULISTA", "VELOZNET", local(rng)])
    elif kind < 0.64:
        r["description"] = "Pix enviado %s %s" % (local(rng), cnpj(rng))
        r["counterparty"] = {"document": cnpj(rng), "name": local(rng) + " LTDA"}
    elif kind < 0.70:
        r["description"] = "%s PARC %02d/%02d %s" % (local(rng), rng.randrange(1, 4), rng.randrange(4, 13), rng.choice(CITIES))
    elif kind < 0.78:
        r.update({"currency": "USD", "account": "Chase"})
        r["description"] = "%s #%d %s" % (rng.choice(US_BRANDS), rng.randrange(100, 99999), rng.choice(CITIES[4:]))
    elif kind < 0.84:
        r.update({"currency": "USD", "account": "Chase"})
        r["description"] = "%s%s %s" % (rng.choice(["SQ *", "TST* ", ""]), rng.choice(US_LOCAL), rng.choice(CITIES[4:]))
        r["mcc"] = rng.choice(["5812", "5814", "5411", "7230", "5251"])
    elif kind < 0.88:
        r["description"] = rng.choice(["IOF COMPRA INTERNACIONAL", "Juros saldo utiliz ate limite", "Tarifa pacote de servicos",
                                       "Pagamento de fatura", "Resgate CDB", "Saque 24h banco24horas"])
    elif kind < 0.92:
        amount = -amount
        r["description"] = "Transferência recebida pelo Pix - %s - %s - BCO DO BRASIL S.A. (0001)" % (rng.choice(PEOPLE), cpf(rng))
    elif kind < 0.96:
        return json.dumps({"id": "p%d" % i, "accountId": "acc", "date": date + "T15:04:05.000Z", "description": local(rng),
                           "type": "DEBIT", "amount": -amount, "currencyCode": "BRL", "category": "Eating out",
                           "categoryId": "11010000", "merchant": {"cnpj": cnpj(rng).replace(".", "").replace("/", "").replace("-", ""),
                                                                 "cnae": "5611201", "businessName": local(rng) + " LTDA"}},
                          ensure_ascii=False)
    else:
        return json.dumps({"transactionId": "o%d" % i, "completedAuthorisedPaymentType": "TRANSACAO_EFETIVADA",
                           "creditDebitType": "DEBITO", "transactionName": "PIX ENVIADO " + local(rng), "type": "PIX",
                           "transactionAmount": {"amount": "%.4f" % -amount, "currency": "BRL"},
                           "transactionDateTime": date + "T10:00:00.000Z", "partieCnpjCpf": "%011d" % rng.randrange(10**11)},
                          ensure_ascii=False)
    r["amount"] = amount
    return json.dumps(r, ensure_ascii=False)


def rules(rng, k):
    syllables = ["ka", "lo", "mi", "ru", "ze", "ta", "po", "ni", "vu", "be", "so", "qui", "dra", "fen", "gal"]
    categories = ["food.restaurants", "food.groceries", "shopping.general", "services.general", "transport.fuel"]
    seen = set()
    out = []
    while len(out) < k:
        words = " ".join("".join(rng.choice(syllables) for _ in range(rng.randrange(2, 5))) for _ in range(rng.randrange(1, 3)))
        if words in seen:
            continue
        seen.add(words)
        out.append('if description "%s" => category %s' % (words, rng.choice(categories)))
    return out


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("rows", "rules"):
        sys.exit(__doc__)
    count = int(sys.argv[2])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    out = sys.stdout
    if sys.argv[1] == "rules":
        out.write("\n".join(rules(rng, count)) + "\n")
        return
    first = int(sys.argv[sys.argv.index("--first") + 1]) if "--first" in sys.argv else 0
    buffer = []
    for i in range(first, first + count):
        buffer.append(row(rng, i))
        if len(buffer) == 10000:
            out.write("\n".join(buffer) + "\n")
            buffer = []
    if buffer:
        out.write("\n".join(buffer) + "\n")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        pass
