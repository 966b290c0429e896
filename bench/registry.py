#!/usr/bin/env python3
"""The registry benchmark: `garden registry import` of a generated Estabelecimentos file in the published layout
(bench/generate_receita.py), then resolve of rows paying CNPJs from it. Prints a Markdown table: rows/s, peak memory,
database bytes per million rows, re-import (idempotent) rows/s, lookup and resolve figures.
Run through bench/registry.sh (which builds the release binary first).

Environment: REGISTRY_ROWS (default 5,000,000; QUICK=1: 200,000), RESOLVE_ROWS (default 200,000).
"""
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GARDEN = os.path.join(ROOT, ".build", "release", "garden")
QUICK = os.environ.get("QUICK") == "1"
ROWS = int(os.environ.get("REGISTRY_ROWS", 200_000 if QUICK else 5_000_000))
RESOLVE_ROWS = int(os.environ.get("RESOLVE_ROWS", 20_000 if QUICK else 200_000))
ENV = dict(os.environ, GARDEN_RULES_DIR="/nonexistent", GARDEN_DB="/nonexistent/garden.db")


def timed(args, stdin=None):
    """Wall seconds, CPU seconds (user + system) and peak resident KB (/usr/bin/time) of one run; exits on failure."""
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M %U %S"] + args, stdin=stdin, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=ENV)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(args), proc.stderr.decode()[-2000:]))
    peak, user, system = proc.stderr.decode().strip().splitlines()[-1].split()
    return elapsed, float(user) + float(system), int(peak)


def fmt(n):
    return "{:,.0f}".format(n)


def main():
    tmp = tempfile.mkdtemp(prefix="garden-registry-bench-")
    source = os.path.join(tmp, "Estabelecimentos0.csv")
    with open(source, "wb") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_receita.py"), str(ROWS), "--seed", "1"],
                       stdout=f, check=True)
    db = os.path.join(tmp, "registry.db")
    table = []
    seconds, cpu, peak = timed([GARDEN, "registry", "import", source, "--registry", db])
    size = sum(os.path.getsize(db + s) for s in ["", "-wal"] if os.path.exists(db + s))
    table.append(("registry import, %s generated rows (%.0f MB file)" % (fmt(ROWS), os.path.getsize(source) / 1e6),
                  "%s rows/s wall (%.1f s); %s rows per CPU second; peak memory %.1f MB"
                  % (fmt(ROWS / seconds), seconds, fmt(ROWS / cpu), peak / 1024)))
    table.append(("registry database size", "%.1f MB per million establishments (%.0f bytes/row)" % (size / ROWS, size / ROWS)))
    seconds, cpu, peak = timed([GARDEN, "registry", "import", source, "--registry", db])
    table.append(("re-import of the same file (replaces every row)", "%s rows/s wall; %s rows per CPU second; peak memory %.1f MB"
                  % (fmt(ROWS / seconds), fmt(ROWS / cpu), peak / 1024)))
    # Rows paying CNPJs of the registry, read back from the generated file (every 7th line).
    rng = random.Random(2)
    cnpjs = []
    with open(source, "rb") as f:
        for number, line in enumerate(f):
            if number % 7 == 0:
                parts = line.split(b";")
                cnpjs.append((parts[0] + parts[1] + parts[2]).replace(b'"', b"").decode())
            if len(cnpjs) >= 50_000:
                break
    rows = os.path.join(tmp, "rows.jsonl")
    with open(rows, "w") as f:
        for i in range(RESOLVE_ROWS):
            f.write('{"id":%d,"description":"PIX ENVIADO","counterparty":{"document":"%s"},"amount":-%d.%02d}\n'
                    % (i, rng.choice(cnpjs), rng.randint(1, 900), rng.randint(0, 99)))
    for label, extra in [("without", ["--registry", os.path.join(tmp, "none.db")]), ("with", ["--registry", db])]:
        with open(rows, "rb") as f:
            seconds, cpu, _ = timed([GARDEN, "resolve", "--jobs", "1"] + extra, stdin=f)
        table.append(("resolve --jobs 1, %s rows each paying a CNPJ, %s the registry" % (fmt(RESOLVE_ROWS), label),
                      "%s rows/s wall; %s rows per CPU second" % (fmt(RESOLVE_ROWS / seconds), fmt(RESOLVE_ROWS / cpu))))
    start = time.perf_counter()
    subprocess.run([GARDEN, "registry", "lookup", cnpjs[-1], "--registry", db], stdout=subprocess.DEVNULL, check=True, env=ENV)
    table.append(("registry lookup (process start to exit)", "%.1f ms" % ((time.perf_counter() - start) * 1000)))
    print("load average during the run: %.1f (2 cores)" % os.getloadavg()[0])
    print("| measurement | result |\n|---|---|")
    for name, value in table:
        print("| %s | %s |" % (name, value))
    subprocess.run(["rm", "-rf", tmp])


if __name__ == "__main__":
    main()
