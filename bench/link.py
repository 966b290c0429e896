#!/usr/bin/env python3
"""garden's linking benchmark (issue 14): on a LEDGER_ROWS-row ledger (default 1,000,000 generated rows dated over
2026), times `garden link` over the last month's rows. The rows dated before December are recorded and linked
first (the full first run, timed too); then December's rows are recorded and `garden link` examines only them
and their candidate partners (the target: < 5 s); then `garden link` again (nothing new: a no-op) and
`garden budgets --month 2026-12`. Prints a Markdown table. Needs the release build (`swift build -c release`).

usage: python3 bench/link.py        (QUICK=1: 50,000 rows)
"""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GARDEN = os.path.join(ROOT, ".build", "release", "garden")
GEN = [sys.executable, os.path.join(ROOT, "bench", "generate.py")]
QUICK = os.environ.get("QUICK") == "1"
LEDGER_ROWS = int(os.environ.get("LEDGER_ROWS", 50_000 if QUICK else 1_000_000))
LAST_MONTH = "2026-12"


def row_date(line):
    row = json.loads(line)
    return row.get("date") or row.get("transactionDateTime") or ""


def timed(args, env, stdin=None):
    """Wall-clock seconds (and, in CPU, user + system seconds: the machine is shared) and stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(args, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    timed.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(args), proc.stderr.decode()[-2000:]))
    return elapsed, proc.stdout.decode()


def seconds(wall):
    return "%.2f s (CPU %.2f s)" % (wall, timed.cpu)


def main():
    tmp = tempfile.mkdtemp(prefix="garden-link-bench-")
    env = dict(os.environ, GARDEN_RULES_DIR="/nonexistent", GARDEN_DB=os.path.join(tmp, "ledger.db"))
    env.pop("GARDEN_DATA", None)
    lines = subprocess.run(GEN + ["rows", str(LEDGER_ROWS), "--seed", "4"], stdout=subprocess.PIPE, check=True).stdout.decode().splitlines()
    older = [line for line in lines if not row_date(line).startswith(LAST_MONTH)]
    last = [line for line in lines if row_date(line).startswith(LAST_MONTH)]
    paths = {}
    for name, part in (("older", older), ("last", last)):
        paths[name] = os.path.join(tmp, name + ".jsonl")
        with open(paths[name], "w", encoding="utf-8") as f:
            f.write("\n".join(part) + "\n")
    table = []
    with open(paths["older"], "rb") as f:
        record_older = timed([GARDEN, "resolve", "--record"], env, stdin=f)[0]
    table.append(("record the %s rows dated before %s" % ("{:,}".format(len(older)), LAST_MONTH), seconds(record_older), ""))
    first, out = timed([GARDEN, "link"], env)
    table.append(("`link`, first run over those %s rows" % "{:,}".format(len(older)), seconds(first), out.splitlines()[0]))
    with open(paths["last"], "rb") as f:
        record_last = timed([GARDEN, "resolve", "--record"], env, stdin=f)[0]
    table.append(("record the %s rows of %s (ledger: %s rows)" % ("{:,}".format(len(last)), LAST_MONTH, "{:,}".format(len(lines))),
                  seconds(record_last), ""))
    incremental, out = timed([GARDEN, "link"], env)
    table.append(("**`link` over the last month's rows** (%s-row ledger; target < 5 s)" % "{:,}".format(len(lines)),
                  "**%.2f s** (CPU %.2f s)" % (incremental, timed.cpu), out.splitlines()[0]))
    again, out = timed([GARDEN, "link"], env)
    table.append(("`link` again, nothing new", seconds(again), out.splitlines()[0]))
    budgets = timed([GARDEN, "budgets", "--month", LAST_MONTH], env)[0]
    table.append(("`budgets --month %s`" % LAST_MONTH, seconds(budgets), ""))
    print("garden linking benchmark: %s generated rows; %s cores; %s" % ("{:,}".format(len(lines)), os.cpu_count(), time.strftime("%Y-%m-%d")))
    print()
    print("| measurement | result | output |")
    print("|---|---|---|")
    for label, result, note in table:
        print("| %s | %s | %s |" % (label, result, note))


if __name__ == "__main__":
    main()
