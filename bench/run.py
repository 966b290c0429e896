#!/usr/bin/env python3
"""garden's benchmark: measures resolve throughput at several catalog sizes against a pass-through and a naive
baseline, cold start, explain latency, peak memory over a long stream, and the store operations on a large
ledger; prints a Markdown table. Run through bench/run.sh (which builds the release binary first).

Environment: ROWS (throughput rows, default 1,000,000), MEM_ROWS (memory stream, default 10,000,000),
LEDGER_ROWS (ledger size, default 1,000,000), QUICK=1 (small sizes for a smoke run), BENCH_DATA=DIR (another
data directory for the same binary, to compare catalogs).
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GARDEN = os.path.join(ROOT, ".build", "release", "garden")
GEN = [sys.executable, os.path.join(ROOT, "bench", "generate.py")]
QUICK = os.environ.get("QUICK") == "1"
ROWS = int(os.environ.get("ROWS", 50_000 if QUICK else 1_000_000))
MEM_ROWS = int(os.environ.get("MEM_ROWS", 200_000 if QUICK else 10_000_000))
LEDGER_ROWS = int(os.environ.get("LEDGER_ROWS", 50_000 if QUICK else 1_000_000))
KS = [100, 1_000, 10_000, 100_000]
ENV = dict(os.environ, GARDEN_RULES_DIR="/nonexistent", GARDEN_DB="/nonexistent/garden.db")
ENV.pop("GARDEN_DATA", None)
if os.environ.get("BENCH_DATA"):         # another catalog, same binary (before/after a data change)
    ENV["GARDEN_DATA"] = os.environ["BENCH_DATA"]


def run(args, stdin=None, stdout=subprocess.DEVNULL, env=ENV, check=True):
    start = time.perf_counter()
    proc = subprocess.run(args, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if check and proc.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(args), proc.stderr.decode()[-2000:]))
    return elapsed, proc


def peak_kb(args, stdin_cmd, env=ENV):
    """Peak resident memory (KB) of `args` reading the output of `stdin_cmd`, via /usr/bin/time."""
    producer = subprocess.Popen(stdin_cmd, stdout=subprocess.PIPE)
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + args, stdin=producer.stdout, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=env)
    producer.wait()
    return int(proc.stderr.decode().strip().splitlines()[-1])


def fmt(n):
    return "{:,.0f}".format(n)


def main():
    tmp = tempfile.mkdtemp(prefix="garden-bench-")
    rows_path = os.path.join(tmp, "rows.jsonl")
    with open(rows_path, "wb") as f:
        subprocess.run(GEN + ["rows", str(ROWS), "--seed", "1"], stdout=f, check=True)
    size_mb = os.path.getsize(rows_path) / 1e6
    table = []

    def throughput(label, args, note=""):
        times = []
        for _ in range(1 if QUICK else 3):
            with open(rows_path, "rb") as f:
                times.append(run(args + [rows_path] if "-" not in args else args, stdin=f)[0])
        best = min(times)
        table.append((label, fmt(ROWS / best) + " rows/s", "%.1f MB/s" % (size_mb / best), note))
        return ROWS / best

    passthrough = throughput("pass-through (parse + re-emit, 1 thread)", [GARDEN, "resolve", "--passthrough"])
    base = throughput("resolve, built-in catalog, --jobs 1", [GARDEN, "resolve", "--jobs", "1"])
    k_rates = {}
    for k in KS:
        rules = os.path.join(tmp, "rules-%d.rules" % k)
        with open(rules, "wb") as f:
            subprocess.run(GEN + ["rules", str(k), "--seed", "2"], stdout=f, check=True)
        k_rates[k] = throughput("resolve, catalog + %s user rules, --jobs 1" % fmt(k),
                                [GARDEN, "resolve", "--jobs", "1", "--rules", rules])
    parallel = throughput("resolve, built-in catalog, --jobs 2", [GARDEN, "resolve", "--jobs", "2"])

    # Naive baseline: every pattern tried in turn (Python regexes with word edges, as peers do).
    with open(rows_path, encoding="utf-8") as f:
        sample_lines = [next(f) for _ in range(20_000)]
    import json
    texts = [json.loads(l).get("description", "") for l in sample_lines]
    naive = {}
    for k in KS:
        with open(os.path.join(tmp, "rules-%d.rules" % k), encoding="utf-8") as f:
            patterns = [re.compile(r"\b" + re.escape(m.group(1)) + r"\b", re.I) for m in
                        (re.search(r'"([^"]*)"', line) for line in f) if m]
        n = max(20, min(len(texts), 2_000_000 // k))
        start = time.perf_counter()
        for text in texts[:n]:
            for p in patterns:
                if p.search(text):
                    break
        naive[k] = n / (time.perf_counter() - start)
        table.append(("naive baseline: %s regexes tried in turn (Python)" % fmt(k), fmt(naive[k]) + " rows/s", "",
                      "garden is %sx faster" % fmt(k_rates[k] / naive[k])))

    # Cold start: process start to first output row, full catalog and CNAE tree.
    row = b'{"description":"Ifd*Arcos Dourados Com","amount":-32.93}\n'
    cold = sorted(_timed_stdin([GARDEN, "resolve", "--jobs", "1"], row) for _ in range(11))
    table.append(("cold start (start → first row out), median of 11", "%.1f ms" % (statistics.median(cold) * 1000), "", ""))

    # Peak memory over a long stream.
    kb = peak_kb([GARDEN, "resolve"], GEN + ["rows", str(MEM_ROWS), "--seed", "3"])
    table.append(("peak memory, %s rows streamed through resolve" % fmt(MEM_ROWS), "%.1f MB" % (kb / 1024), "", ""))

    # Store operations on a large ledger.
    db = os.path.join(tmp, "ledger.db")
    store_env = dict(ENV, GARDEN_DB=db)
    with open(os.path.join(tmp, "ledger.jsonl"), "wb") as f:
        subprocess.run(GEN + ["rows", str(LEDGER_ROWS), "--seed", "4"], stdout=f, check=True)
    with open(os.path.join(tmp, "ledger.jsonl"), "rb") as f:
        record = run([GARDEN, "resolve", "--record"], stdin=f, env=store_env)[0]
    with open(os.path.join(tmp, "ledger.jsonl"), encoding="utf-8") as f:
        ids = [m.group(1) for m in (re.match(r'\{"id": "(b\d+)"', line) for line in f) if m]
    table.append(("record %s rows into the ledger (resolve --record)" % fmt(LEDGER_ROWS), "%.1f s" % record,
                  fmt(LEDGER_ROWS / record) + " rows/s", ""))
    explain = sorted(run([GARDEN, "explain", "--id", ids[i * 7919 % len(ids)]], env=store_env)[0] for i in range(1, 12))
    table.append(("explain of one row (--id, %s-row ledger), median of 11" % fmt(LEDGER_ROWS),
                  "%.1f ms" % (statistics.median(explain) * 1000), "", ""))
    teach = sorted(run([GARDEN, "teach", "--id", ids[i * 104729 % len(ids)], "--category", "food.restaurants"],
                       env=store_env)[0] for i in range(1, 12))
    table.append(("teach (--id, %s-row ledger), median of 11" % fmt(LEDGER_ROWS), "%.1f ms" % (statistics.median(teach) * 1000), "", ""))
    full = run([GARDEN, "recategorize"], env=store_env)[0]
    table.append(("recategorize, all %s rows" % fmt(LEDGER_ROWS), "%.1f s" % full, fmt(LEDGER_ROWS / full) + " rows/s", ""))
    _, added = run([GARDEN, "rules", "add", 'if description "padaria sao jose" => category food.groceries'], env=store_env,
                   stdout=subprocess.PIPE)
    rule_id = re.search(r"added (r\d+)", added.stdout.decode()).group(1)
    one_rule = run([GARDEN, "recategorize", "--rule", rule_id], env=store_env)[0]
    table.append(("recategorize after adding one rule (--rule)", "%.2f s" % one_rule, "", ""))

    ratio = k_rates[100_000] / k_rates[100]
    print("garden benchmark: %s rows (%.0f MB) of generated BR/US descriptors; %s cores; %s" % (
        fmt(ROWS), size_mb, os.cpu_count(), time.strftime("%Y-%m-%d")))
    print()
    print("| measurement | result | | note |")
    print("|---|---|---|---|")
    for label, a, b, note in table:
        print("| %s | %s | %s | %s |" % (label, a, b, note))
    print()
    print("- resolve / pass-through: %.0f%% (target ≥ 50%%)" % (100 * base / passthrough))
    print("- K = 100,000 vs K = 100: %.0f%% (target ≥ 80%%)" % (100 * ratio))
    print("- --jobs 2 vs --jobs 1: %.2f× (target ≥ 1.5×)" % (parallel / base))


def _timed_stdin(args, data):
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
    proc.stdin.write(data)
    proc.stdin.flush()
    proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.stdin.close()
    proc.wait()
    return elapsed


if __name__ == "__main__":
    main()
