#!/usr/bin/env python3
"""Generates a large bank export for the `garden import` memory benchmark: an OFX 1.x SGML statement (leaf tags
unterminated, `CHARSET:1252`, one `STMTRS`) or a `;`-separated Brazilian CSV (`Data;Descrição;Valor`, decimal
comma), of about SIZE megabytes, deterministic (no randomness: row i is the same in every run).

usage: generate_import.py ofx|csv SIZE_MB > FILE
"""
import sys


def ofx(out, size):
    out.write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n"
              "<CURDEF>BRL\n<BANKACCTFROM>\n<ACCTID>111\n<BANKTRANLIST>\n")
    i = written = 0
    while written < size:
        i += 1
        row = (f"<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>202610{i % 28 + 1:02d}\n<TRNAMT>-{i % 1000}.{i % 100:02d}\n"
               f"<FITID>F{i}\n<NAME>LOJA NUMERO {i} SAO PAULO\n<MEMO>COMPRA CARTAO\n</STMTTRN>\n")
        out.write(row)
        written += len(row)
    out.write("</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n")


def csv(out, size):
    out.write("Data;Descrição;Valor\n")
    i = written = 0
    while written < size:
        i += 1
        row = f"{i % 28 + 1:02d}/10/2026;LOJA NUMERO {i} SAO PAULO;-{i % 1000},{i % 100:02d}\n"
        out.write(row)
        written += len(row)


if __name__ == "__main__":
    kind, megabytes = sys.argv[1], int(sys.argv[2])
    (ofx if kind == "ofx" else csv)(sys.stdout, megabytes * 1_000_000)
