#!/usr/bin/env python3
"""Rows for the Spark check: bench/generate.py's seeded rows, each given a tenant, and a few bad lines.

usage: make_input.py ROWS [--seed N] > input.jsonl

Tenants: "acme" (about 55 %, the tenant with a learned store), "zeta" (about 45 %, no snapshot: catalogs
alone). One line in 5,000 is not JSON (no tenant at all), one in 7,000 has an unreadable amount, one in 97
has no id (its row_id is then garden's content hash). The same seed always gives the same bytes.
Written for garden (stdlib only).
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
import generate  # noqa: E402


def main():
    count = int(sys.argv[1])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 7
    rng = random.Random(seed)
    tenants = random.Random(seed + 1)
    out = []
    for i in range(count):
        if i % 5000 == 4999:
            out.append("not json: a line a bank export cut in half {")
            continue
        line = generate.row(rng, i)
        tenant = "acme" if tenants.random() < 0.55 else "zeta"
        if i % 7000 == 6999:
            line = line.replace('"amount": ', '"amount": "1,2,3", "was": ', 1)
        if i % 97 == 96:
            line = line.replace('"id": "b%d", ' % i, "", 1)
        out.append('{"tenant": "%s", %s' % (tenant, line[1:]))
        if len(out) >= 10000:
            sys.stdout.write("\n".join(out) + "\n")
            out = []
    if out:
        sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
