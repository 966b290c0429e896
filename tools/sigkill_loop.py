#!/usr/bin/env python3
"""SIGKILL loop (issue 10): kills garden in the middle of writing commands and checks the store each time.

    python3 tools/sigkill_loop.py [--binary .build/release/garden] [--runs 100] [--rows 20000]

Each run starts one writing command on a shared store (`resolve --record` of a fresh batch, `teach`,
`recategorize`, `rules add`, `undo`), kills it with SIGKILL after a random delay, then checks that the
store is consistent: SQLite's integrity check and the full-text index's, every manual override in force
in the ledger row it names (source manual_override, the taught category), every journal entry's rows
present, and the store still usable (a read and a write succeed). Prints `N/N consistent stores`.
Not part of the test suite (it takes minutes); run it after changes to the store.
"""
import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = ["PADARIA", "MERCADO", "POSTO", "FARMACIA", "UBER", "IFOOD", "NETFLIX", "RESTAURANTE", "LOJA", "ACOUGUE"]


def rows(prefix, count, rng):
    out = []
    for i in range(count):
        word = rng.choice(WORDS)
        out.append(json.dumps({"id": f"{prefix}{i}", "date": f"2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
                               "description": f"{word} {rng.choice(['CENTRAL', 'JOSE', 'DA VILA', 'SP'])} {i % 97}",
                               "amount": -rng.randint(100, 99999) / 100}))
    return "\n".join(out) + "\n"


def command(rng, run, rows_count):
    choice = rng.choice(["record", "teach", "recategorize", "rules", "undo"])
    if choice == "record":
        return ["resolve", "--record"], rows(f"k{run}-", rows_count, rng)
    if choice == "teach":
        return ["teach", "--id", f"base{rng.randint(0, 999)}", "--category", rng.choice(["food.restaurants", "shopping.general", "transport.fuel"])], ""
    if choice == "recategorize":
        return ["recategorize"], ""
    if choice == "rules":
        word = rng.choice(WORDS).lower()
        return ["rules", "add", f'if description "{word} {rng.choice(["central", "jose", "sp"])}" => category {rng.choice(["food.restaurants", "shopping.general"])}'], ""
    return ["undo"], ""


def consistent(db):
    problems = []
    con = sqlite3.connect(db)
    try:
        if con.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            problems.append("integrity_check")
        try:
            con.execute("INSERT INTO ledger_fts(ledger_fts) VALUES('integrity-check')")
        except sqlite3.DatabaseError as error:
            problems.append(f"fts: {error}")
        for row_id, category, source in con.execute(
                "SELECT o.row_id, o.category, l.source FROM overrides o JOIN ledger l ON l.row_id = o.row_id "
                "WHERE o.category IS NOT NULL AND (l.source != 'manual_override' OR l.category != o.category)"):
            problems.append(f"override of {row_id} ({category}) not in force: {source}")
        for (journal_id,) in con.execute("SELECT id FROM journal j WHERE NOT EXISTS (SELECT 1 FROM journal_rows r WHERE r.journal_id = j.id)"):
            problems.append(f"journal entry {journal_id} has no rows")
    finally:
        con.close()
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/garden"))
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = tempfile.mkdtemp(prefix="garden-sigkill-")
    db = os.path.join(folder, "garden.db")
    env = dict(os.environ, GARDEN_DB=db, GARDEN_DATA=ROOT, GARDEN_RULES_DIR="/nonexistent", HOME=folder)
    subprocess.run([args.binary, "resolve", "--record"], input=rows("base", 1000, rng).encode(), env=env, stdout=subprocess.DEVNULL, check=True)
    good = 0
    for run in range(args.runs):
        arguments, text = command(rng, run, args.rows)
        process = subprocess.Popen([args.binary] + arguments, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        delay = rng.uniform(0.01, 0.6)
        try:
            process.stdin.write(text.encode())
            process.stdin.close()
        except BrokenPipeError:
            pass
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        problems = consistent(db)
        read = subprocess.run([args.binary, "resolve"], input=rows(f"r{run}-", 5, rng).encode(), env=env, capture_output=True)
        write = subprocess.run([args.binary, "resolve", "--record"], input=rows(f"s{run}-", 5, rng).encode(), env=env, capture_output=True)
        if read.returncode != 0 or write.returncode != 0:
            problems.append(f"store unusable: {read.stderr.decode()} {write.stderr.decode()}")
        if problems:
            print(f"run {run} ({' '.join(arguments[:2])}, killed after {delay:.2f} s): " + "; ".join(problems), file=sys.stderr)
        else:
            good += 1
    print(f"{good}/{args.runs} consistent stores")
    return 0 if good == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
