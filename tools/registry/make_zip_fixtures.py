#!/usr/bin/env python3
"""Writes the zip fixtures of Tests/GardenRegistryTests/Fixtures/receita (made-up rows in the published
Receita Federal "Dados Abertos CNPJ" layout, ISO-8859-1, see ../shared/data/receita_cnpj_layout/LAYOUT.md).

Estabelecimentos9.zip: a deflate entry named like the published file (…ESTABELE) with three establishments
(an accented trade name, an alphanumeric CNPJ, a quote inside a name), plus a partners entry (…SOCIOCSV) that
garden must skip. Cnaes9.zip: the Cnaes sample stored without compression (method 0). Estabelecimentos7.zip:
a zip as re-packed by hand (a folder entry, a read-me, macOS metadata under __MACOSX/) around one table, two
establishments. Empresas3.zip: a zip with no entry at all.
Run from the repository root: python3 tools/registry/make_zip_fixtures.py
"""
import pathlib
import zipfile

OUT = pathlib.Path("Tests/GardenRegistryTests/Fixtures/receita")
FIXED = (2026, 11, 30, 12, 0, 0)


def check_digits(base: str) -> str:
    def dv(chars: str, weights: list[int]) -> str:
        total = sum((ord(c) - 48) * w for c, w in zip(chars, weights))
        r = total % 11
        return "0" if r < 2 else str(11 - r)
    d1 = dv(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return d1 + dv(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])


def establishment(root: str, order: str, trade: str, cnae: str, uf: str, city: str) -> str:
    dv = check_digits(root + order)
    fields = [root, order, dv, "1" if order == "0001" else "2", trade, "02", "20200101", "00", "", "", "20200101",
              cnae, "", "RUA", "DAS FLORES", "10", "", "CENTRO", "01001000", uf, city, "11", "30000000", "", "", "", "",
              "", "", ""]
    return ";".join('"' + f + '"' for f in fields) + "\n"


def write(name: str, entries: list[tuple[str, bytes]], method: int) -> None:
    with zipfile.ZipFile(OUT / name, "w", compression=method) as archive:
        for entry, data in entries:
            info = zipfile.ZipInfo(entry, date_time=FIXED)
            info.compress_type = method
            archive.writestr(info, data)


rows = (establishment("12345678", "0001", "PADARIA SÃO JOÃO", "1091101", "SP", "7107")
        + establishment("12345678", "0002", 'BAR "DO ZE"', "5611204", "SP", "7107")
        + establishment("AB123456", "0001", "LOJA NOVA", "4781400", "RJ", "6001"))
partners = '"12345678";"2";"FULANO DE TAL BELTRANO";"***123456**";"49";"20200101";"";"***000000**";"";"00";"5"\n'
write("Estabelecimentos9.zip", [("K3241.K03200Y0.D61108.ESTABELE", rows.encode("iso-8859-1")),
                                ("F.K03200$W.SCTE.D61108.SOCIOCSV", partners.encode("iso-8859-1"))], zipfile.ZIP_DEFLATED)
write("Cnaes9.zip", [("F.K03200$Z.D61108.CNAECSV", (OUT / "Cnaes.csv").read_bytes())], zipfile.ZIP_STORED)
rows7 = establishment("66666666", "0001", "LOJA 1", "4711302", "SP", "7107") + establishment("66666666", "0002", "LOJA 2", "4711302", "SP", "7107")
write("Estabelecimentos7.zip", [("LEIAME.txt", b"Dados abertos CNPJ\n"), ("dados/", b""),
                                ("dados/K3241.K03200Y0.D61108.ESTABELE", rows7.encode("iso-8859-1")),
                                ("__MACOSX/dados/._K3241.K03200Y0.D61108.ESTABELE", b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X" + bytes(28))],
      zipfile.ZIP_DEFLATED)
write("Empresas3.zip", [], zipfile.ZIP_STORED)

# Estabelecimentos6.zip: a stored entry of 60 establishments damaged after it was written (every field
# separator of its lines 3-62 turned into "|", same size, so the CRC-32 no longer matches): what a bad disk
# or a cut download leaves. garden must report the damage, not the 60 "bad lines" it made.
rows6 = "".join(establishment("7" + str(1000000 + n), "0001", "LOJA %d" % n, "4711302", "SP", "7107") for n in range(62))
write("Estabelecimentos6.zip", [("K3241.K03200Y0.D61108.ESTABELE", rows6.encode("iso-8859-1"))], zipfile.ZIP_STORED)
damaged = bytearray((OUT / "Estabelecimentos6.zip").read_bytes())
start = damaged.index(b"\n", damaged.index(b"\n", damaged.index(b'"71000000"')) + 1) + 1
end = damaged.rindex(b"\n") + 1
damaged[start:end] = damaged[start:end].replace(b'";"', b'"|"')
(OUT / "Estabelecimentos6.zip").write_bytes(bytes(damaged))
