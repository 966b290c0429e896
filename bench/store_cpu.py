#!/usr/bin/env python3
"""The store operations' cost in CPU seconds (user + system, from the kernel's rusage of each run), for two garden
binaries measured in turn: a figure that a busy machine disturbs far less than wall time (bench/run.py's rows/s).
Records LEDGER_ROWS generated rows into a fresh ledger, LEDGER_ROWS/10 more into the full one, then recategorizes
every row; prints rows per CPU second and the ledger's bytes a row, the median of RUNS interleaved runs.

    python3 bench/store_cpu.py BEFORE_BINARY AFTER_BINARY      # LEDGER_ROWS (default 100,000), RUNS (default 3)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = [sys.executable, os.path.join(ROOT, "bench", "generate.py")]
ROWS = int(os.environ.get("LEDGER_ROWS", 100_000))
RUNS = int(os.environ.get("RUNS", 3))


def measure(binary, rows, more, tmp):
    db = os.path.join(tmp, "ledger.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    env = dict(os.environ, GARDEN_DB=db, GARDEN_RULES_DIR="/nonexistent")
    env.pop("GARDEN_DATA", None)
    figures = {}
    for key, args, stdin_path in (("record_fresh", [binary, "resolve", "--record", "--jobs", "1"], rows),
                                  ("record_full", [binary, "resolve", "--record", "--jobs", "1"], more),
                                  ("recategorize", [binary, "recategorize"], None)):
        before = os.times()
        with open(stdin_path or os.devnull, "rb") as f:
            proc = subprocess.run(args, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        after = os.times()
        if proc.returncode != 0:
            sys.exit("failed: %s\n%s" % (" ".join(args), proc.stderr.decode()[-2000:]))
        seconds = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        count = {"record_fresh": ROWS, "record_full": ROWS // 10, "recategorize": ROWS + ROWS // 10}[key]
        figures[key] = count / seconds
        if key == "record_fresh":
            figures["ledger_bytes"] = sum(os.path.getsize(db + s) for s in ("", "-wal") if os.path.exists(db + s)) / ROWS
    return figures


def main():
    binaries = sys.argv[1:3]
    tmp = tempfile.mkdtemp(prefix="garden-store-cpu-")
    rows, more = os.path.join(tmp, "rows.jsonl"), os.path.join(tmp, "more.jsonl")
    with open(rows, "wb") as f:
        subprocess.run(GEN + ["rows", str(ROWS), "--seed", "4"], stdout=f, check=True)
    with open(more, "wb") as f:
        subprocess.run(GEN + ["rows", str(ROWS // 10), "--seed", "5", "--first", str(ROWS)], stdout=f, check=True)
    results = {b: [] for b in binaries}
    try:
        for _ in range(RUNS):
            for binary in binaries:
                results[binary].append(measure(binary, rows, more, tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("store operations in rows per CPU second (user + system), %s rows, median of %d interleaved runs, load %.1f" % (
        "{:,}".format(ROWS), RUNS, os.getloadavg()[0]))
    print("| measurement | " + " | ".join(binaries) + " |")
    print("|---|" + "---|" * len(binaries))
    for key, unit in (("record_fresh", "rows/CPU s"), ("record_full", "rows/CPU s"), ("recategorize", "rows/CPU s"), ("ledger_bytes", "bytes")):
        cells = ["{:,.0f} {}".format(statistics.median(r[key] for r in results[b]), unit) for b in binaries]
        print("| %s | %s |" % (key, " | ".join(cells)))


if __name__ == "__main__":
    main()
